//! The deadline policy is visible to the GM: `status --json` gives the step's deadline, the
//! end of the grace, the reminders sent and the absences; `gm who` says the same in lines; the
//! GM can change a game's reminder offsets.

mod policy_support;

use maester::board::Lang;
use maester::daemon::gm::{GmCommand, apply};
use policy_support::*;

#[test]
fn status_and_who_show_grace_reminders_and_absences() {
    let (dir, cfg) = game("policy-status", "ps", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "ps");
    tick(&mut d, dl - hours(23));
    tick(&mut d, dl - hours(3));
    send_orders(&dir, "stark", "p1");
    tick(&mut d, dl - hours(2));
    let far = (dl + chrono::TimeDelta::days(20)).date_naive();
    let cmd = GmCommand::Absence {
        house: "tyrell".into(),
        from: far.to_string(),
        to: far.to_string(),
    };
    apply(&mut d, "ps", &cmd, dl - hours(1)).unwrap_or_else(|e| panic!("{e}"));
    let t = tick(&mut d, dl);
    assert_eq!(t.steps_closed, 0, "grace: {t:?}");

    let json = maester::daemon::status::show(&d, Some("ps"), true, Some(Lang::En))
        .unwrap_or_else(|e| panic!("{e}"));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(v["step_deadline"], dl.to_rfc3339(), "{json}");
    assert_eq!(v["deadline"], (dl + hours(12)).to_rfc3339(), "{json}");
    assert_eq!(v["grace_until"], (dl + hours(12)).to_rfc3339(), "{json}");
    assert_eq!(
        v["reminders_sent"],
        serde_json::json!(["24h", "4h"]),
        "{json}"
    );
    assert_eq!(v["absences"][0]["house"], "tyrell", "{json}");
    assert_eq!(v["absences"][0]["first_day"], far.to_string(), "{json}");
    assert_eq!(v["absences"][0]["set_by"], "gm", "{json}");
    assert_eq!(v["wait_by"], serde_json::Value::Null, "{json}");

    let text = maester::daemon::status::show(&d, Some("ps"), false, Some(Lang::En))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(text.contains("grace:"), "{text}");
    assert!(text.contains("reminders sent: 24h, 4h"), "{text}");
    let who = apply(&mut d, "ps", &GmCommand::Who, dl + hours(1)).unwrap_or_else(|e| panic!("{e}"));
    assert!(who.summary.contains("grace:"), "{}", who.summary);
    assert!(who.summary.contains("tyrell away"), "{}", who.summary);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_gm_changes_the_reminder_offsets_of_a_game() {
    let (dir, cfg) = game("policy-reminders", "pr", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "pr");
    let cmd = GmCommand::Reminders {
        before: vec!["2h".into()],
    };
    let out = apply(&mut d, "pr", &cmd, dl - hours(30)).unwrap_or_else(|e| panic!("{e}"));
    assert!(out.summary.contains("2h"), "{}", out.summary);
    // The 24 h reminder no longer comes; the 2 h one does.
    let t = tick(&mut d, dl - hours(23));
    assert_eq!(t.reminders, 0, "{t:?}");
    let t = tick(&mut d, dl - hours(1));
    assert_eq!(t.reminders, 6, "{t:?}");
    // A bad offset is refused and changes nothing.
    let bad = GmCommand::Reminders {
        before: vec!["soon".into()],
    };
    assert!(apply(&mut d, "pr", &bad, dl - hours(1)).is_err());
    let stored = row(&d, "pr").config;
    assert!(stored.contains("2h"), "{stored}");
    assert_eq!(audit(&d, "pr", "reminders").len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}
