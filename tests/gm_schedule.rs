//! `maester gm schedule`: the schedule stored with the game changes for the steps to come (the
//! open step keeps its deadline), every player is told, and a bad entry changes nothing.

mod maildir_support;

use chrono::{DateTime, TimeDelta, Utc};
use maildir_support::*;
use std::path::Path;

fn game(cfg: &Path) -> maester::store::Game {
    let config = match maester::config::Config::load(cfg) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    let d = match maester::daemon::Daemon::open(config) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    match d.store.game("gms") {
        Ok(Some(g)) => g,
        other => panic!("{other:?}"),
    }
}

fn close_to(t: Option<DateTime<Utc>>, want: DateTime<Utc>) -> bool {
    t.is_some_and(|t| (t - want).num_seconds().abs() < 60)
}

#[test]
fn a_schedule_change_applies_to_the_steps_to_come_and_a_bad_entry_changes_nothing() {
    let dir = temp_dir("gm-schedule");
    let cfg = write_config(&dir, "gms");
    new_game_with_known_secrets(&cfg);
    let before = game(&cfg);
    for bad in [
        &["plam=3d"][..],
        &["plan=someday"],
        &["timezone=Mars/Olympus"],
        &["plan"],
    ] {
        let mut args = vec!["gm", "schedule"];
        args.extend_from_slice(bad);
        let out = maester(&cfg, &args, None);
        assert!(!out.status.success(), "{bad:?} must be refused");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("schedule not changed") || err.contains("step = entry"),
            "{err}"
        );
    }
    assert_eq!(game(&cfg).config, before.config, "nothing stored");
    let out = maester(&cfg, &["gm", "schedule", "default=3d", "plan = 3d"], None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let after = game(&cfg);
    assert_eq!(
        after.deadline, before.deadline,
        "the open step keeps its deadline"
    );
    assert!(after.config.contains("3d"), "{}", after.config);
    let told = outbox_files(&dir.join("mail/outbox"))
        .into_iter()
        .filter(|(_, b)| b.contains("日程已更改") || b.contains("schedule has changed"))
        .count();
    assert_eq!(told, 6, "every player is told");
    let closed = maester(&cfg, &["gm", "process"], None);
    assert!(
        closed.status.success(),
        "{}",
        String::from_utf8_lossy(&closed.stderr)
    );
    let next = game(&cfg);
    assert_ne!(
        (next.round, next.step.as_str()),
        (1, "placement"),
        "a step closed"
    );
    assert!(
        close_to(next.deadline, Utc::now() + TimeDelta::days(3)),
        "the next step follows the new schedule: {:?}",
        next.deadline
    );
    let _ = std::fs::remove_dir_all(&dir);
}
