//! `无` / `pass` / `nothing`: a house says it sends nothing this step. It counts as its mail
//! (the step closes early once every house asked has sent, reminders and late lists leave it
//! out), and the answer says what the house takes by default. A whole round played so, through
//! the real store and the Maildir transport, with the early close on (the default).

mod policy_support;

use chrono::TimeDelta;
use policy_support::*;

fn after(t: chrono::DateTime<chrono::Utc>, minutes: i64) -> chrono::DateTime<chrono::Utc> {
    t + TimeDelta::minutes(minutes)
}

#[test]
fn a_round_where_a_house_says_nothing_closes_every_step_early() {
    let (dir, cfg) = game("pass-round", "pr", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "pr");
    let t0 = dl - hours(70);

    // Placement: Martell says 无; the others defend their home seat.
    for (i, (h, o)) in HOME_ORDERS.iter().enumerate() {
        let o = if *h == "stark" {
            "临冬城 防守"
        } else {
            *o
        };
        if *h != "martell" {
            send(&dir, h, &format!("p{i}"), o);
        }
    }
    send(&dir, "martell", "p-pass", "无");
    let t = tick(&mut d, t0);
    assert_eq!((t.answered, t.steps_closed), (6, 0), "{t:?}");
    let a = mails_to(&dir, "martell", "已收到").concat();
    assert!(a.contains("    无"), "the echo: {a}");
    assert!(a.contains("你这一步不放任何命令"), "the default said: {a}");
    assert!(a.contains("所有家族都已提交"), "it completed the step: {a}");
    assert!(!a.contains("还在等"), "nobody is waited for: {a}");
    let t = tick(&mut d, after(t0, 31));
    assert!(t.steps_closed >= 1, "placement closed early: {t:?}");
    let r = row(&d, "pr");
    assert_eq!(r.step, "raven", "{r:?}");

    // The Raven: the holder (Lannister) keeps his orders by sending his plan early — a
    // defender. Another house's 无 here is answered, and changes nothing.
    let t1 = after(t0, 40);
    send(&dir, "greyjoy", "r-pass", "pass");
    send(&dir, "lannister", "r-plan", "兰尼斯港守将:泰温");
    let t = tick(&mut d, t1);
    assert_eq!(t.answered, 2, "{t:?}");
    let g = mails_to(&dir, "greyjoy", "Raven").concat();
    assert!(g.contains("You keep your revealed orders"), "{g}");
    let t = tick(&mut d, after(t1, 31));
    assert!(t.steps_closed >= 1, "the Raven step closed early: {t:?}");
    assert_eq!(row(&d, "pr").step, "plan");

    // The plan: every house with orders but Lannister (sent already) says 无 / pass.
    let t2 = after(t1, 40);
    for h in ["stark", "baratheon", "tyrell"] {
        send(&dir, h, &format!("x-{h}"), "无");
    }
    send(&dir, "greyjoy", "x-greyjoy", "nothing");
    let t = tick(&mut d, t2);
    assert_eq!((t.answered, t.steps_closed), (4, 0), "{t:?}");
    let s = mails_to(&dir, "stark", "你这一步没有执行方案").concat();
    assert!(s.contains("将领不参战"), "{s}");
    let g = mails_to(&dir, "greyjoy", "You send no plan").concat();
    assert!(g.contains("    pass"), "the echo: {g}");
    let t = tick(&mut d, after(t2, 31));
    assert!(t.steps_closed >= 1, "the plan step closed early: {t:?}");
    assert_eq!(row(&d, "pr").round, 2);

    // Round 2's event phase, if its events ask anything: every house says 无 in each window.
    let mut at = after(t2, 40);
    let mut n = 0;
    while row(&d, "pr").step.starts_with("events") {
        for h in HOUSES {
            n += 1;
            send(&dir, h, &format!("e{n}"), "无");
        }
        tick(&mut d, at);
        let t = tick(&mut d, after(at, 31));
        assert!(t.steps_closed >= 1, "an event step closed early: {t:?}");
        at = after(at, 40);
        assert!(n <= 12, "the event phase does not end");
    }
    let r = row(&d, "pr");
    assert_eq!((r.round, r.step.as_str()), (2, "placement"), "{r:?}");
    assert!(at < dl, "every step closed before its first deadline");
    if n > 0 {
        let e = mails_to(&dir, "tyrell", "出价为 0").concat();
        assert!(!e.is_empty(), "the events answer says the default");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pass_is_the_empty_submission_of_every_step_and_is_valid_for_every_house() {
    use maester::board::{Board, Lang};
    use maester::rules::{GameState, Step};
    let b = match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    for step in [
        Step::Placement,
        Step::Plan,
        Step::Events,
        Step::EventsAnswers,
        Step::Retreat,
    ] {
        let mut s = GameState::new_game(&b);
        maester::rules::event_phase::events::start_game(&b, &mut s, "s", Default::default());
        if matches!(step, Step::Events | Step::EventsAnswers) {
            // Round 2's event phase, drawn at the game's start.
            s.round = 2;
            if let Err(e) = maester::rules::event_phase::events::begin_round(&b, &mut s) {
                panic!("{e:?}");
            }
        }
        s.step = step;
        for (text, lang) in [
            ("无", Lang::Zh),
            ("無", Lang::Zh),
            ("pass", Lang::En),
            ("Nothing.", Lang::En),
        ] {
            let m =
                maester::lang::submit::parse_mail(&b, &s, &format!("secret: x\n{text}\n"), lang);
            assert!(m.errors.is_empty(), "{step:?} {text}: {:?}", m.errors);
            assert!(m.pass, "{step:?} {text}");
            let Some(sub) = m.submission else {
                panic!("{step:?} {text}: no submission")
            };
            assert_eq!(sub.step(), step);
            for h in b.house_ids() {
                let ok = maester::game::check(&b, &s, h, &sub);
                assert!(ok.is_ok(), "{step:?} {h:?}: {ok:?}");
            }
        }
    }
    // In the Raven step there is nothing to submit: the answer only explains.
    let mut s = GameState::new_game(&b);
    s.step = Step::Raven;
    let m = maester::lang::submit::parse_mail(&b, &s, "无\n", Lang::Zh);
    assert!(m.pass && m.submission.is_none() && m.errors.is_empty());
    // Beside orders, 无 adds nothing: the orders are the submission.
    s.step = Step::Placement;
    let m = maester::lang::submit::parse_mail(&b, &s, "无\n临冬城 防守\n", Lang::Zh);
    match m.submission {
        Some(maester::game::Submission::Placement(o)) => assert_eq!(o.orders.len(), 1),
        other => panic!("{other:?}"),
    }
}
