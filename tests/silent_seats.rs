//! Silent seats: each house's silent steps (asked, sent nothing, defaults taken) counted in
//! `gm who` and `status --json`; when a house has been silent `[game] silence_alert` steps in
//! a row (default 2) the GM is told once, with the command that replaces its player.

mod maildir_support;

use chrono::{DateTime, TimeDelta, Utc};
use maester::daemon::Daemon;
use maester::daemon::gm::{GmCommand, apply};
use maildir_support::*;
use std::collections::BTreeMap;
use std::path::Path;

const ID: &str = "quiet";

fn setup(tag: &str, now: DateTime<Utc>) -> (std::path::PathBuf, Daemon) {
    let dir = temp_dir(tag);
    let cfg = write_config(&dir, ID);
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    std::fs::write(
        &cfg,
        text.replace("[daemon]\n", "[daemon]\ngm_address = \"gm@x.example\"\n"),
    )
    .unwrap_or_default();
    let mut d = open_daemon(&cfg);
    let mut secrets: Vec<String> = HOUSES.iter().map(|h| format!("{h}-s")).collect();
    secrets.push("gm-s".into());
    if let Err(e) = maester::daemon::games::new_game(&mut d, now, Some(secrets)) {
        panic!("{e}");
    }
    (dir, d)
}

/// `silent_steps` of `status --json`: house → (total, in a row).
fn silent_steps(d: &Daemon) -> BTreeMap<String, (u64, u64)> {
    let json =
        match maester::daemon::status::show(d, Some(ID), true, Some(maester::board::Lang::En)) {
            Ok(j) => j,
            Err(e) => panic!("{e}"),
        };
    let v: serde_json::Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    let Some(map) = v.get("silent_steps").and_then(|m| m.as_object()) else {
        panic!("no silent_steps: {json}");
    };
    map.iter()
        .map(|(k, s)| {
            let n = |f: &str| s.get(f).and_then(serde_json::Value::as_u64).unwrap_or(0);
            (k.clone(), (n("total"), n("in_a_row")))
        })
        .collect()
}

/// The GM's alerts in the outbox (their text), and the outbox emptied.
fn alerts(dir: &Path) -> Vec<String> {
    let out = dir.join("mail/outbox");
    let found = outbox_files(&out)
        .into_iter()
        .filter(|(to, b)| to.contains("gm@x.example") && b.contains("gm replace"))
        .map(|(_, b)| b)
        .collect();
    for e in std::fs::read_dir(&out).into_iter().flatten().flatten() {
        let _ = std::fs::remove_file(e.path());
    }
    found
}

#[test]
fn the_gm_is_told_once_when_a_house_is_silent_two_steps_in_a_row() {
    let t0: DateTime<Utc> = "2026-05-04T02:00:00Z"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let (dir, mut d) = setup("silent-seats", t0);
    assert!(silent_steps(&d).is_empty(), "nobody silent before a close");
    let mut told: BTreeMap<String, usize> = BTreeMap::new();
    let mut reached: BTreeMap<String, bool> = BTreeMap::new();
    // Nobody sends anything: the GM closes step after step.
    for k in 1..=4 {
        let now = t0 + TimeDelta::hours(k);
        let before = silent_steps(&d);
        gm_close_and_send(&mut d, ID, now);
        let after = silent_steps(&d);
        let sent = alerts(&dir);
        for (house, (total, row)) in &after {
            let was = before.get(house).copied().unwrap_or((0, 0));
            assert!(*total >= was.0, "{house}: the total never falls");
            let alert_for = sent
                .iter()
                .filter(|t| t.contains(&format!("--house {house} ")))
                .count();
            if *row == 2 && was.1 == 1 {
                assert_eq!(
                    alert_for, 1,
                    "{house} reached 2 in a row: one alert\n{sent:#?}"
                );
                assert!(
                    sent.iter()
                        .any(|t| t
                            .contains(&format!("maester gm replace --game {ID} --house {house} "))),
                    "{sent:#?}"
                );
                // And the command that asks the forum for a substitute.
                assert!(
                    sent.iter().any(|t| t.contains(&format!(
                        "maester gm seat-open --game {ID} --house {house}\n"
                    ))),
                    "{sent:#?}"
                );
                *told.entry(house.clone()).or_default() += 1;
                reached.insert(house.clone(), true);
            } else {
                assert_eq!(
                    alert_for, 0,
                    "{house} at {row} in a row: no alert\n{sent:#?}"
                );
            }
        }
    }
    assert!(
        reached.values().any(|r| *r),
        "no house became silent twice in a row: {:?}",
        silent_steps(&d)
    );
    assert!(told.values().all(|n| *n == 1), "{told:?}");
    // `gm who` lists the silent steps.
    let who = match apply(&mut d, ID, &GmCommand::Who, t0 + TimeDelta::hours(5)) {
        Ok(o) => o.summary,
        Err(e) => panic!("{e}"),
    };
    assert!(who.contains("silent steps"), "{who}");
    let _ = std::fs::remove_dir_all(&dir);
}
