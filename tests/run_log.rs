//! `maester run` logs one line per poll that did something — mails taken in, answered,
//! ignored and why, steps closed, mails sent, failures — at the default log level (no
//! RUST_LOG), and nothing for a poll that did nothing.

mod maildir_support;

use maildir_support::*;
use std::process::Command;

fn run_once(cfg: &std::path::Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_maester"))
        .arg("--config")
        .arg(cfg)
        .args(["run", "--once"])
        .env_remove("RUST_LOG")
        .env_remove("MAESTER_FAILPOINT")
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_poll_that_did_something_is_one_info_line_at_the_default_level() {
    let dir = temp_dir("runlog");
    let cfg = write_config(&dir, "log");
    new_game_with_known_secrets(&cfg);
    let inbox = dir.join("mail/inbox/new");
    std::fs::create_dir_all(&inbox).unwrap_or_default();
    std::fs::write(
        inbox.join("1"),
        mail_from("a@x.example", "m1", "secret: stark-s\nhelp\n"),
    )
    .unwrap_or_default();
    let auto = "From: <b@x.example>\r\nTo: referee@test.maester\r\nSubject: Out of office\r\n\
                Auto-Submitted: auto-replied\r\nMessage-ID: <m2@x.example>\r\n\r\nI am away.\r\n";
    std::fs::write(inbox.join("2"), auto).unwrap_or_default();

    let log = run_once(&cfg);
    let lines: Vec<&str> = log.lines().filter(|l| l.contains("poll:")).collect();
    assert_eq!(lines.len(), 1, "{log}");
    let line = lines[0];
    assert!(line.contains("INFO"), "{line}");
    for part in [
        "2 mails taken in",
        "1 answered",
        "mails sent",
        "1 ignored (automatic mail",
    ] {
        assert!(line.contains(part), "{part:?} missing: {line}");
    }

    let log = run_once(&cfg);
    assert!(!log.contains("poll:"), "an idle poll logs nothing: {log}");
    let _ = std::fs::remove_dir_all(&dir);
}
