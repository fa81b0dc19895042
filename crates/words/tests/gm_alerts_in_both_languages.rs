//! Every alert the daemon sends the GM when it could not do something by itself says it in
//! English and in Chinese, names what it is about (game, step, mail, figures), says what
//! happens meanwhile, and reads as prose (no run of spaces left by a broken line).

use maester_words::gm_alerts as w;

fn is_cjk(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c)
}

fn check(name: &str, (what, detail): &(String, String), must: &[&str]) {
    assert!(
        !what.is_empty() && !what.chars().any(is_cjk),
        "{name}: title {what:?}"
    );
    let mut lines = detail.lines();
    let first = lines.next().unwrap_or_default();
    assert!(
        !first.chars().any(is_cjk),
        "{name}: English first: {detail}"
    );
    assert!(detail.chars().any(is_cjk), "{name}: no Chinese: {detail}");
    assert!(
        !detail.contains("   "),
        "{name}: a run of spaces: {detail:?}"
    );
    for m in must {
        assert!(detail.contains(m), "{name}: {m:?} missing: {detail}");
    }
}

#[test]
fn every_alert_of_the_daemon_is_said_in_english_and_chinese() {
    check(
        "mail",
        &w::mail_not_handled(17, "a@x.example", "orders", "2026-03-01T08:00:00Z", "boom"),
        &["17", "a@x.example", "boom", "changed nothing", "无法处理"],
    );
    check(
        "step",
        &w::step_not_closed("g1", 3, "plan", "no room"),
        &["g1", "round 3 plan", "no room", "第 3 回合"],
    );
    check(
        "backup skipped",
        &w::backup_skipped("g1", 2, "placement", (5_000, 4_000, 1_000)),
        &["5000", "4000", "1000", "备份"],
    );
    check(
        "backup failed",
        &w::backup_failed("g1", 2, "placement", "denied"),
        &["denied", "older backups", "旧的备份"],
    );
    check(
        "smtp refused",
        &w::smtp_refused(9, "b@x.example", "report", "550 no such user"),
        &["550 no such user", "maester gm requeue --id 9", "重新发送"],
    );
    check(
        "database good again",
        &w::database_good_again(4),
        &["4 mails that had failed", "4 封"],
    );
    check(
        "database good again, one mail",
        &w::database_good_again(1),
        &["1 mail that had failed", "waits to be answered"],
    );
    check(
        "disk full",
        &w::disk_full("No space left on device", "/srv/m.sqlite"),
        &["/srv/m.sqlite", "磁盘已满"],
    );
    check(
        "deadlines moved",
        &w::deadlines_moved("round 2 plan does not close at 10:00; its deadline moves to 14:00"),
        &["14:00", "顺延"],
    );
    for (server, login) in [("IMAP", false), ("SMTP", false), ("IMAP", true)] {
        check(
            server,
            &w::mail_server_down(server, login, ("2026-03-01T08:00:00Z", 12, "timeout")),
            &[server, "12 tries", "timeout", "check-mail"],
        );
    }
}

#[test]
fn the_note_of_a_close_waiting_for_disk_space_begins_with_the_step_that_waits() {
    let waits = w::close_waits_step("g1", 4, "plan");
    let why = w::close_waits_why(&waits, 3_000_000, 1_000_000);
    let note = w::close_waits(&why, "/srv/m.sqlite", None);
    // A restart finds the note in the audit log by its title and this first line.
    assert!(note.starts_with(&waits), "{note}");
    assert!(
        note.contains("3000000") && note.contains("1000000"),
        "{note}"
    );
    assert!(
        note.chars().any(is_cjk) && !note.contains("   "),
        "{note:?}"
    );
    assert!(!note.contains("at least"), "{note}");
    let small = w::close_waits(&why, "/srv/m.sqlite", Some((2_000_000, 9)));
    assert!(
        small.contains("at least 9 MB") && small.contains("9 MB 的磁盘"),
        "{small}"
    );
}
