//! A new GM's first contact: the demo's closing hints work from the folder it ran in (through
//! cargo when maester is not installed) and its mails are listed by kind and house; the log has
//! no colour codes when stderr is not a terminal, and a new database's migrations are not
//! listed at the default level.

mod maildir_support;

use maildir_support::{maester, temp_dir, write_config};
use std::path::Path;
use std::process::{Command, Output};

/// Run `maester <args>` (a demo) in a fresh folder `dir`.
fn demo_in(dir: &Path, args: &[&str]) -> Output {
    std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{e}"));
    Command::new(env!("CARGO_BIN_EXE_maester"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("cannot run maester: {e}"))
}

#[test]
fn the_demo_lists_its_mails_by_kind_and_house_and_its_hints_run_from_where_it_ran() {
    let dir = temp_dir("first-demo");
    let out = demo_in(&dir, &["demo"]);
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{said}{err}");
    for kind in ["welcome", "answer", "report"] {
        let line = said
            .lines()
            .find(|l| l.trim_start().starts_with(kind))
            .unwrap_or_else(|| panic!("no {kind} line in:\n{said}"));
        for house in [
            "stark",
            "greyjoy",
            "lannister",
            "baratheon",
            "tyrell",
            "martell",
        ] {
            assert!(line.contains(house), "{house} in {line:?}");
        }
    }
    assert!(said.contains("e.g. maester-demo/mail/outbox/"), "{said}");
    // The hints name the config where the demo wrote it, relative to here; run each as printed
    // (with this binary for `cargo run --` or `maester`).
    let hints: Vec<&str> = said
        .lines()
        .filter(|l| l.contains("--config maester-demo/maester.toml"))
        .collect();
    assert!(hints.len() >= 3, "{said}");
    for hint in hints {
        let command = hint.split('#').next().unwrap_or_default().trim();
        assert!(
            command.starts_with("cargo run -- ") || command.starts_with("maester "),
            "{command}"
        );
        let args: Vec<&str> = command
            .trim_start_matches("cargo run -- ")
            .trim_start_matches("maester ")
            .split_whitespace()
            .collect();
        let run = Command::new(env!("CARGO_BIN_EXE_maester"))
            .args(&args)
            .current_dir(&dir)
            .output()
            .unwrap_or_else(|e| panic!("cannot run maester: {e}"));
        assert!(
            run.status.success(),
            "{command}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
    }
    assert!(
        dir.join("maester-demo/map.png").exists(),
        "the map hint wrote it"
    );
    assert!(
        !err.contains('\u{1b}'),
        "colour codes in a log that is not a terminal: {err:?}"
    );
    assert!(!err.contains("applied database migration"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_new_game_logs_no_migrations_and_no_colour_codes() {
    let dir = temp_dir("first-newgame");
    let cfg = write_config(&dir, "fc");
    let out = maester(&cfg, &["new-game"], None);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{err}");
    assert!(!err.contains("applied database migration"), "{err}");
    assert!(!err.contains('\u{1b}'), "{err:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn run_says_once_at_start_what_it_runs() {
    let dir = temp_dir("first-run");
    let cfg = write_config(&dir, "fr");
    let out = maester(&cfg, &["new-game"], None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = maester(&cfg, &["run", "--once"], None);
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let start: Vec<&str> = said
        .lines()
        .filter(|l| l.starts_with("maester run:"))
        .collect();
    assert_eq!(start.len(), 1, "{said}");
    let line = start[0];
    for part in [
        "1 game fr (round 1 placement)",
        "mail: Maildir ",
        "next deadline 20",
        "(fr)",
        "polling every",
    ] {
        assert!(line.contains(part), "{part:?} in {line}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn post_writes_the_picture_it_asks_to_attach_and_names_it() {
    let dir = temp_dir("first-post");
    let out = demo_in(&dir, &["demo", "--dir", "d"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = Command::new(env!("CARGO_BIN_EXE_maester"))
        .args(["--config", "d/maester.toml", "post"])
        .current_dir(&dir)
        .output()
        .unwrap_or_else(|e| panic!("cannot run maester: {e}"));
    let post = String::from_utf8_lossy(&out.stdout).to_string();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{err}");
    // The post names a file to attach; that file is written where stderr says.
    let named = post
        .split("地图:")
        .nth(1)
        .and_then(|t| t.split('(').next())
        .map(str::trim)
        .unwrap_or_default()
        .to_string();
    assert!(named.ends_with(".png"), "{post}");
    let path = format!("d/{named}");
    assert!(err.contains(&format!("attach: {path}")), "{err}");
    let png = std::fs::read(dir.join(&path)).unwrap_or_default();
    assert!(png.starts_with(b"\x89PNG"), "{path} is a PNG");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn status_speaks_the_games_language_only() {
    let dir = temp_dir("first-status");
    let cfg = write_config(&dir, "fs");
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    assert!(!text.contains("language = \"en\""), "a Chinese game");
    let out = maester(&cfg, &["new-game"], None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = maester(&cfg, &["status"], None);
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{said}");
    for english in [
        "power",
        "barrels",
        "castles",
        "wildlings",
        "neutral",
        "Iron Throne",
        "King's Court",
        "waiting for",
        "deadline",
        "round",
    ] {
        assert!(
            !said.contains(english),
            "{english:?} in a Chinese status:\n{said}"
        );
    }
    for key in ["stark", "greyjoy", "lannister"] {
        assert!(
            !said.contains(key),
            "the house key {key} instead of its name:\n{said}"
        );
    }
    assert!(
        said.contains("白狼") && said.contains("铁王座") && said.contains("等待"),
        "{said}"
    );
    let out = maester(&cfg, &["status", "--lang", "en"], None);
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        said.contains("Iron Throne: ") && said.contains("Stark"),
        "{said}"
    );
    assert!(!said.contains("白狼") && !said.contains("铁王座"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_demo_does_not_count_an_out_of_office_mail_as_answered() {
    let dir = temp_dir("first-ooo");
    let out = demo_in(&dir, &["demo", "--dir", "d"]);
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{said}");
    // Round 1's placement batch: seven player mails and one out-of-office reply.
    let line = said
        .lines()
        .find(|l| l.contains("1-placement:"))
        .unwrap_or_else(|| panic!("{said}"));
    assert!(
        line.contains("8 mails delivered; 7 answered, 1 left unanswered"),
        "{line}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
