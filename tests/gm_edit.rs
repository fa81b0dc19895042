//! `maester gm edit`: the GM corrects the state in the words of a scenario's `[setup]`, through
//! the real store and the Maildir transport. Only what is named changes; every player is told
//! what changed and why; a bad line, a broken invariant or a stale guard changes nothing.

mod maildir_support;

use maildir_support::*;
use std::path::Path;

fn latest_state(cfg: &Path) -> serde_json::Value {
    let config = match maester::config::Config::load(cfg) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    let d = match maester::daemon::Daemon::open(config) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    match d.store.latest_snapshot("gme") {
        Ok(Some(s)) => s.state,
        other => panic!("{other:?}"),
    }
}

fn run(cfg: &Path, dir: &Path, args: &[&str], text: &str) -> std::process::Output {
    let file = dir.join("edit.toml");
    std::fs::write(&file, text).unwrap_or_default();
    let mut all: Vec<&str> = args.to_vec();
    let f = file.to_string_lossy().into_owned();
    all.push(&f);
    maester(cfg, &all, None)
}

#[test]
fn an_edit_changes_what_it_names_and_tells_every_player() {
    let dir = temp_dir("gm-edit");
    let cfg = write_config(&dir, "gme");
    new_game_with_known_secrets(&cfg);
    let before = latest_state(&cfg);
    // A typo in an area: refused with the reason, nothing stored.
    let bad = run(
        &cfg,
        &dir,
        &["gm", "edit", "--reason", "漏记了一个骑士"],
        "units = \"白狼: 临冬 1F1K\"\n",
    );
    assert!(!bad.status.success());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains("临冬") && err.contains("nothing changed"),
        "{err}"
    );
    // An unknown key names the keys there are.
    let bad = run(
        &cfg,
        &dir,
        &["gm", "edit", "--reason", "x"],
        "unitz = \"\"\n",
    );
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("units"));
    // A stale guard.
    let stale = run(
        &cfg,
        &dir,
        &[
            "gm",
            "edit",
            "--reason",
            "x",
            "--round",
            "2",
            "--step",
            "placement",
        ],
        "power = { \"白狼\" = 9 }\n",
    );
    assert!(!stale.status.success());
    assert_eq!(latest_state(&cfg), before, "nothing changed so far");
    // The correction itself.
    let ok = run(
        &cfg,
        &dir,
        &[
            "gm",
            "edit",
            "--reason",
            "漏记了一个骑士",
            "--round",
            "1",
            "--step",
            "placement",
        ],
        "units = \"白狼: 临冬城 1F2K\"\npower = { \"红狮\" = 7 }\nwildlings = 4\n",
    );
    let out = String::from_utf8_lossy(&ok.stdout);
    assert!(
        ok.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    assert!(out.contains("Winterfell"), "{out}");
    let after = latest_state(&cfg);
    assert_ne!(after, before);
    assert!(
        after.to_string().contains("\"wildlings\":4"),
        "the stored state has the new threat"
    );
    let mails = outbox_files(&dir.join("mail/outbox"));
    let told: Vec<_> = mails
        .iter()
        .filter(|(_, b)| b.contains("GM更正了局面") || b.contains("corrected"))
        .collect();
    assert_eq!(told.len(), 6, "every player is told: {mails:#?}");
    for (_, body) in &told {
        assert!(body.contains("漏记了一个骑士"), "{body}");
        assert!(body.contains("临冬城") && body.contains("骑士×2"), "{body}");
        assert!(
            body.contains("野人威胁: 2 → 4") || body.contains("野人威胁: 0 → 4"),
            "{body}"
        );
    }
    // A result that breaks a rule that always holds needs --force.
    let over = run(
        &cfg,
        &dir,
        &["gm", "edit", "--reason", "x"],
        "units = \"白狼: 临冬城 2F2K; 卡霍城 4F; 白港 4F; 临冬城 2F\"\n",
    );
    assert!(!over.status.success());
    assert!(String::from_utf8_lossy(&over.stderr).contains("--force"));
    let log = maester(&cfg, &["gm", "log"], None);
    assert!(String::from_utf8_lossy(&log.stdout).contains("edit"));
    let _ = std::fs::remove_dir_all(&dir);
}
