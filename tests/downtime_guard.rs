//! The downtime guard: a deadline that passed while the daemon was not running does not close
//! the step when the daemon comes back more than the margin later; every open deadline moves
//! out by the outage, the players and the GM are told, the audit says why. A clock that jumps
//! backwards never reopens anything.

mod policy_support;

use chrono::TimeDelta;
use policy_support::*;

#[test]
fn after_a_week_long_outage_the_overdue_step_does_not_close_and_moves_out() {
    let (dir, cfg) = game("downtime-week", "dw", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "dw");
    let last = dl - hours(24);
    tick(&mut d, last);
    // The host was away: the next tick comes a week after the deadline.
    let back = dl + TimeDelta::days(7);
    let t = tick(&mut d, back);
    assert_eq!((t.steps_closed, t.deadlines_moved), (0, 1), "{t:?}");
    let moved = deadline(&d, "dw");
    assert_eq!(moved, dl + (back - last), "moved out by the outage");
    assert_eq!(row(&d, "dw").step, "placement");
    for h in HOUSES {
        let notes = mails_to(&dir, h, "裁判停机");
        let notes = if notes.is_empty() {
            mails_to(&dir, h, "The referee was down")
        } else {
            notes
        };
        assert_eq!(notes.len(), 1, "{h}: {notes:#?}");
    }
    let zh = mails_to(&dir, "stark", "裁判停机").concat();
    assert!(zh.contains("8天"), "the outage in words: {zh}");
    assert!(zh.contains("(UTC)"), "{zh}");
    let guard = audit(&d, "dw", "downtime guard");
    assert_eq!(guard.len(), 1, "{guard:#?}");
    assert!(guard[0].contains("does not close"), "{}", guard[0]);
    let told_gm = audit(&d, "dw", "problem");
    assert!(
        told_gm.iter().any(|p| p.contains("did not run")),
        "the GM is told: {told_gm:#?}"
    );
    // The following ticks are ordinary: nothing moves again, nothing closes early.
    let t = tick(&mut d, back + TimeDelta::minutes(1));
    assert_eq!((t.steps_closed, t.deadlines_moved), (0, 0), "{t:?}");
    let t = tick(&mut d, moved - hours(1));
    assert_eq!((t.steps_closed, t.deadlines_moved), (0, 0), "{t:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_moved_deadline_is_at_least_min_open_away() {
    // The schedule's min_open: 4 days.
    let (dir, cfg) = game_edited("downtime-min", "dm", |t| {
        t.replace(
            "timezone = \"UTC\"\n",
            "timezone = \"UTC\"\nmin_open = \"4d\"\n",
        )
    });
    let mut d = open(&cfg);
    let dl = deadline(&d, "dm");
    tick(&mut d, dl - TimeDelta::minutes(10));
    let back = dl + hours(3);
    let t = tick(&mut d, back);
    assert_eq!((t.steps_closed, t.deadlines_moved), (0, 1), "{t:?}");
    assert_eq!(deadline(&d, "dm"), back + TimeDelta::days(4));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_short_gap_within_the_margin_closes_as_usual() {
    let (dir, cfg) = game("downtime-short", "ds", "[game.deadlines]\ngrace = {}\n");
    let mut d = open(&cfg);
    let dl = deadline(&d, "ds");
    tick(&mut d, dl - hours(1));
    let t = tick(&mut d, dl + TimeDelta::minutes(30));
    assert_eq!((t.steps_closed, t.deadlines_moved), (1, 0), "{t:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_clock_that_jumps_backwards_reopens_nothing() {
    let (dir, cfg) = game("downtime-back", "db", "[game.deadlines]\ngrace = {}\n");
    let mut d = open(&cfg);
    let dl = deadline(&d, "db");
    tick(&mut d, dl - hours(1));
    let t = tick(&mut d, dl);
    assert_eq!(t.steps_closed, 1, "{t:?}");
    let after = row(&d, "db");
    let next = deadline(&d, "db");
    // The clock is set back two days: nothing closes, moves or reopens.
    let t = tick(&mut d, dl - TimeDelta::days(2));
    assert_eq!((t.steps_closed, t.deadlines_moved), (0, 0), "{t:?}");
    let back = row(&d, "db");
    assert_eq!((back.round, &back.step), (after.round, &after.step));
    assert_eq!(deadline(&d, "db"), next);
    // The recorded tick did not move back: the time between is no outage.
    let t = tick(&mut d, dl + TimeDelta::minutes(5));
    assert_eq!((t.steps_closed, t.deadlines_moved), (0, 0), "{t:?}");
    assert!(audit(&d, "db", "downtime guard").is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_guard_works_before_the_first_tick_after_new_game() {
    let (dir, cfg) = game("downtime-first", "df", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "df");
    // new-game, then the daemon not started for a week past the deadline.
    let back = dl + TimeDelta::days(7);
    let t = tick(&mut d, back);
    assert_eq!((t.steps_closed, t.deadlines_moved), (0, 1), "{t:?}");
    assert_eq!(row(&d, "df").step, "placement");
    assert!(deadline(&d, "df") > back, "moved out past now");
    assert_eq!(audit(&d, "df", "downtime guard").len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}
