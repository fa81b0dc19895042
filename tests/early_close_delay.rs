//! An early close waits a short delay after the last submission so that a player may still
//! correct; a correction restarts the delay; `wait` / `等待` stops the early close of the step.

mod policy_support;

use chrono::TimeDelta;
use policy_support::*;

fn minutes(m: i64) -> TimeDelta {
    TimeDelta::minutes(m)
}

#[test]
fn the_early_close_waits_30_minutes_after_the_last_submission() {
    let (dir, cfg) = game("early-delay", "ed", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "ed");
    let t0 = dl - hours(48);
    for (i, (h, _)) in HOME_ORDERS.iter().enumerate() {
        send_orders(&dir, h, &format!("e{i}"));
    }
    let t = tick(&mut d, t0);
    assert_eq!((t.answered, t.steps_closed), (6, 0), "{t:?}");
    assert_eq!(deadline(&d, "ed"), t0 + minutes(30));
    // The last house to send is told when the step closes and how to stop it.
    let last = mails_to(&dir, "martell", "已收到").concat();
    assert!(last.contains("所有家族都已提交"), "{last}");
    assert!(last.contains("「等待」"), "{last}");

    // A correction 20 minutes later restarts the delay.
    send(&dir, "stark", "e-fix", "临冬城 防守");
    let t = tick(&mut d, t0 + minutes(20));
    assert_eq!((t.answered, t.steps_closed), (1, 0), "{t:?}");
    assert_eq!(deadline(&d, "ed"), t0 + minutes(50));
    let t = tick(&mut d, t0 + minutes(31));
    assert_eq!(t.steps_closed, 0, "the delay restarted: {t:?}");
    let t = tick(&mut d, t0 + minutes(50));
    assert_eq!(t.steps_closed, 1, "{t:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn wait_stops_the_early_close_and_the_step_closes_at_its_deadline() {
    let (dir, cfg) = game("early-wait", "ew", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "ew");
    let t0 = dl - hours(48);
    for (i, (h, _)) in HOME_ORDERS.iter().enumerate() {
        send_orders(&dir, h, &format!("w{i}"));
    }
    tick(&mut d, t0);
    assert_eq!(deadline(&d, "ew"), t0 + minutes(30));
    // Greyjoy (English) asks to wait: the deadline goes back to the step's own.
    send(&dir, "greyjoy", "w-wait", "wait");
    let t = tick(&mut d, t0 + minutes(10));
    assert_eq!((t.answered, t.steps_closed), (1, 0), "{t:?}");
    assert_eq!(deadline(&d, "ew"), dl);
    let answer = mails_to(&dir, "greyjoy", "Wait noted").concat();
    assert!(answer.contains("it closes at its deadline"), "{answer}");
    assert!(answer.contains(" UTC"), "the zone is shown: {answer}");
    // A later correction does not bring the close forward again.
    send(&dir, "stark", "w-fix", "临冬城 防守");
    let t = tick(&mut d, t0 + hours(1));
    assert_eq!((t.answered, t.steps_closed), (1, 0), "{t:?}");
    assert_eq!(deadline(&d, "ew"), dl);
    let t = tick(&mut d, dl - hours(1));
    assert_eq!(t.steps_closed, 0, "{t:?}");
    let t = tick(&mut d, dl);
    assert_eq!(t.steps_closed, 1, "{t:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn nowait_lets_the_step_close_early_again() {
    let (dir, cfg) = game("early-nowait", "en", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "en");
    let t0 = dl - hours(48);
    send(&dir, "stark", "n-wait", "等待");
    tick(&mut d, t0);
    for (i, (h, _)) in HOME_ORDERS.iter().enumerate() {
        send_orders(&dir, h, &format!("n{i}"));
    }
    let t = tick(&mut d, t0 + minutes(5));
    assert_eq!((t.answered, t.steps_closed), (6, 0), "{t:?}");
    assert_eq!(deadline(&d, "en"), dl, "stark asked to wait");
    send(&dir, "stark", "n-nowait", "不等待");
    let t = tick(&mut d, t0 + minutes(10));
    assert_eq!((t.answered, t.steps_closed), (1, 0), "{t:?}");
    assert_eq!(deadline(&d, "en"), t0 + minutes(40));
    let answer = mails_to(&dir, "stark", "已收到「不等待」").concat();
    assert!(answer.contains("可以提前结算"), "{answer}");
    let t = tick(&mut d, t0 + minutes(40));
    assert_eq!(t.steps_closed, 1, "{t:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_zero_delay_closes_in_the_same_tick() {
    let (dir, cfg) = game(
        "early-zero",
        "ez",
        "[game.deadlines]\nearly_close_delay = \"0m\"\n",
    );
    let mut d = open(&cfg);
    let dl = deadline(&d, "ez");
    for (i, (h, _)) in HOME_ORDERS.iter().enumerate() {
        send_orders(&dir, h, &format!("z{i}"));
    }
    let t = tick(&mut d, dl - hours(48));
    assert_eq!((t.answered, t.steps_closed), (6, 1), "{t:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_zero_delay_closes_at_the_last_submission_and_the_rest_of_the_batch_meets_the_next_step() {
    let (dir, cfg) = game(
        "early-zero-batch",
        "eb",
        "[game.deadlines]\nearly_close_delay = \"0m\"\n",
    );
    let mut d = open(&cfg);
    let dl = deadline(&d, "eb");
    for (i, (h, _)) in HOME_ORDERS.iter().enumerate() {
        send_orders(&dir, h, &format!("b{i}"));
    }
    // In the same batch, after the last placement: Stark's placement again (it would replace
    // his orders were the step still open).
    send_orders(&dir, "stark", "z-late");
    let t = tick(&mut d, dl - hours(48));
    assert_eq!(t.steps_closed, 1, "{t:?}");
    let (stark_placements, step): (i64, String) = d
        .store
        .connection()
        .query_row(
            "SELECT (SELECT COUNT(*) FROM submissions WHERE house = 'stark' AND step = 'placement'),
                    (SELECT step FROM games)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    assert_ne!(step, "placement", "closed within the tick");
    assert_eq!(
        stark_placements, 1,
        "the mail after the close met the next step: not a placement"
    );
    let late: String = d
        .store
        .connection()
        .query_row(
            "SELECT COALESCE(outcome, '') FROM mails WHERE message_id = 'z-late@x.example'",
            [],
            |r| r.get(0),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!late.starts_with("accepted"), "{late}");
    let _ = std::fs::remove_dir_all(&dir);
}
