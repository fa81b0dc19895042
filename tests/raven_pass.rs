//! The Raven holder's `无` / `pass` is his submission of the Raven step, "no change": it counts
//! as sent (the step closes early, `who` lists him as sent), the step closes with his orders
//! unchanged — as at the deadline —, and the answer says so. Another house's `无` there is only
//! answered: it is asked nothing. A later change replaces the pass, and a pass a change. Through
//! the real store and the Maildir transport, with the early close on (the default: 30 minutes
//! after the last submission).

mod policy_support;

use chrono::{DateTime, TimeDelta, Utc};
use maester::board::OrderType;
use maester::daemon::Daemon;
use maester::daemon::games;
use maester::daemon::gm::{GmCommand, apply};
use policy_support::*;
use std::path::Path;

fn after(t: DateTime<Utc>, minutes: i64) -> DateTime<Utc> {
    t + TimeDelta::minutes(minutes)
}

/// Every house places its home order (Lannister: Lannisport defence) and placement closes
/// early: the Raven step is open, asking Lannister, the Raven holder. Returns when it opened.
fn to_the_raven_step(dir: &Path, d: &mut Daemon, id: &str) -> DateTime<Utc> {
    let t0 = deadline(d, id) - hours(70);
    for (i, (h, _)) in HOME_ORDERS.iter().enumerate() {
        send_orders(dir, h, &format!("p{i}"));
    }
    let t = tick(d, t0);
    assert_eq!((t.answered, t.steps_closed), (6, 0), "{t:?}");
    let t = tick(d, after(t0, 31));
    assert!(t.steps_closed >= 1, "placement closed early: {t:?}");
    assert_eq!(row(d, id).step, "raven");
    after(t0, 40)
}

/// Lannisport's order in the open step of game `id`.
fn lannisport(d: &Daemon, id: &str) -> Option<OrderType> {
    let g = games::load(d, id).unwrap_or_else(|e| panic!("{e}"));
    let lp = g
        .board
        .area_by_key("lannisport")
        .unwrap_or_else(|| panic!("no Lannisport"));
    g.state.area(lp).order.map(|o| o.kind)
}

/// `who` of game `id`, in English.
fn who(d: &mut Daemon, id: &str, now: DateTime<Utc>) -> String {
    match apply(d, id, &GmCommand::Who, now) {
        Ok(o) => o.summary,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn the_raven_holders_wu_closes_the_raven_step_early_with_his_orders_unchanged() {
    let (dir, cfg) = game("raven-pass-zh", "rz", "");
    let mut d = open(&cfg);
    let t1 = to_the_raven_step(&dir, &mut d, "rz");
    let dl = deadline(&d, "rz");
    assert!(who(&mut d, "rz", t1).contains("0 of 1 have sent"));

    // Greyjoy holds no Raven: his pass is answered and counts for nothing.
    send(&dir, "greyjoy", "r-other", "pass");
    let t = tick(&mut d, t1);
    assert_eq!((t.answered, t.steps_closed), (1, 0), "{t:?}");
    let g = mails_to(&dir, "greyjoy", "Only the Raven holder is asked").concat();
    assert!(g.contains("You keep your revealed orders"), "{g}");
    assert!(who(&mut d, "rz", t1).contains("0 of 1 have sent"));
    assert_eq!(
        deadline(&d, "rz"),
        dl,
        "no early close for another house's pass"
    );

    // Lannister's 无: his submission, no change; the step closes 30 minutes later.
    let t2 = after(t1, 5);
    send(&dir, "lannister", "r-pass", "无");
    let t = tick(&mut d, t2);
    assert_eq!((t.answered, t.steps_closed), (1, 0), "{t:?}");
    let a = mails_to(&dir, "lannister", "你已公布的命令全部保持不变").concat();
    assert!(a.contains("你不用信鸦修改命令"), "{a}");
    assert!(a.contains("    无"), "the echo: {a}");
    assert!(a.contains("所有家族都已提交"), "it completed the step: {a}");
    let w = who(&mut d, "rz", t2);
    assert!(
        w.contains("1 of 1 have sent") && !w.contains("MISSING"),
        "{w}"
    );
    assert_eq!(deadline(&d, "rz"), after(t2, 30), "the early close");
    let t = tick(&mut d, after(t2, 29));
    assert_eq!(t.steps_closed, 0, "{t:?}");
    let t = tick(&mut d, after(t2, 31));
    assert!(t.steps_closed >= 1, "the Raven step closed early: {t:?}");
    let r = row(&d, "rz");
    assert_eq!((r.round, r.step.as_str()), (1, "plan"), "{r:?}");
    assert_eq!(lannisport(&d, "rz"), Some(OrderType::Defence), "unchanged");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_raven_holders_pass_in_english_replaces_his_change_and_closes_the_step_early() {
    // Lannister's player (C) reads English.
    let (dir, cfg) = game_edited("raven-pass-en", "re", |t| {
        t.replace("name = \"C\"\n", "name = \"C\"\nlanguage = \"en\"\n")
    });
    let mut d = open(&cfg);
    let t1 = to_the_raven_step(&dir, &mut d, "re");

    // A change first, then "pass": the pass replaces it.
    send(&dir, "lannister", "r-change", "raven: Lannisport march");
    let t = tick(&mut d, t1);
    assert_eq!((t.answered, t.steps_closed), (1, 0), "{t:?}");
    let t2 = after(t1, 10);
    send(&dir, "lannister", "r-pass", "pass");
    let t = tick(&mut d, t2);
    assert_eq!((t.answered, t.steps_closed), (1, 0), "{t:?}");
    let a = mails_to(&dir, "lannister", "your revealed orders stand unchanged").concat();
    assert!(a.contains("You change no order with the Raven"), "{a}");
    assert!(a.contains("    pass"), "the echo: {a}");
    assert!(
        a.contains("Every house has sent"),
        "it completed the step: {a}"
    );
    assert_eq!(deadline(&d, "re"), after(t2, 30), "the early close");
    let t = tick(&mut d, after(t2, 31));
    assert!(t.steps_closed >= 1, "the Raven step closed early: {t:?}");
    assert_eq!(row(&d, "re").step, "plan");
    assert_eq!(lannisport(&d, "re"), Some(OrderType::Defence), "unchanged");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_change_after_the_raven_holders_wu_replaces_it() {
    let (dir, cfg) = game("raven-pass-then-change", "rc", "");
    let mut d = open(&cfg);
    let t1 = to_the_raven_step(&dir, &mut d, "rc");
    send(&dir, "lannister", "r-pass", "无");
    tick(&mut d, t1);
    let t2 = after(t1, 10);
    send(&dir, "lannister", "r-change", "信鸦: 兰尼斯港 行军");
    let t = tick(&mut d, t2);
    assert_eq!((t.answered, t.steps_closed), (1, 0), "{t:?}");
    let t = tick(&mut d, after(t2, 31));
    assert!(t.steps_closed >= 1, "the Raven step closed early: {t:?}");
    assert_eq!(row(&d, "rc").step, "plan");
    assert_eq!(
        lannisport(&d, "rc"),
        Some(OrderType::March),
        "the change stood"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_plan_sent_early_is_answered_with_the_plan_steps_deadline() {
    let (dir, cfg) = game("raven-early-plan", "rp", "");
    let mut d = open(&cfg);
    let t1 = to_the_raven_step(&dir, &mut d, "rp");
    // The holder's 无 completes the Raven step: it closes 30 minutes later.
    send(&dir, "lannister", "r-pass", "无");
    tick(&mut d, t1);
    assert_eq!(deadline(&d, "rp"), after(t1, 30));
    // Stark's plan, early: his answer gives the plan step's deadline (3 days after the plan
    // step opens), not the Raven step's early close.
    let t2 = after(t1, 5);
    send(&dir, "stark", "e-plan", "1) 临冬城部队 移动到 卡林湾");
    let t = tick(&mut d, t2);
    assert_eq!((t.answered, t.steps_closed), (1, 0), "{t:?}");
    let a = mails_to(&dir, "stark", "提前收到").concat();
    assert!(!a.is_empty(), "the early plan is answered");
    assert!(
        !a.contains("所有家族都已提交"),
        "not the Raven step's close: {a}"
    );
    assert!(a.contains("下面的截止时间是执行方案阶段的"), "{a}");
    // The early close waits 30 minutes after the last submission, this plan's too.
    let raven_closes = deadline(&d, "rp");
    assert_eq!(raven_closes, after(t2, 30));
    let g = games::load(&d, "rp").unwrap_or_else(|e| panic!("{e}"));
    let plan_deadline = raven_closes + hours(72);
    let said = g.at(plan_deadline, maester::board::Lang::Zh);
    assert!(a.contains(&said), "the plan step's deadline {said}: {a}");
    assert!(
        !a.contains(&g.at(raven_closes, maester::board::Lang::Zh)),
        "{a}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
