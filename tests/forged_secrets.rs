//! Forged wrong secrets: mails forged from a player's address with wrong secrets neither use up
//! the answers his right secret gets (the hourly answer cap counts answers to wrong secrets
//! apart), nor burn the processor: past the house's daily wrong-secret limit its secrets are
//! taken as wrong without an Argon2id check (one check per interval at most while the right
//! secret is not known to the process), so a flood of 10,000 costs seconds, not minutes.

mod maildir_support;

use chrono::{TimeDelta, Utc};
use maester::daemon::Daemon;
use maildir_support::*;
use std::path::Path;

fn game(tag: &str) -> (std::path::PathBuf, Daemon) {
    let dir = temp_dir(tag);
    let cfg = write_config(&dir, tag);
    new_game_with_known_secrets(&cfg);
    (dir.clone(), open_daemon(&cfg))
}

fn forged(dir: &Path, from: usize, to: usize) {
    let inbox = dir.join("mail/inbox");
    for i in from..to {
        let raw = mail_from(
            "a@x.example",
            &format!("forged{i}"),
            &format!("secret: guess-{i}\r\n临冬城 行军+1\r\n"),
        );
        if let Err(e) = maester::demo::deliver(&inbox, &format!("f{i:05}"), &raw) {
            panic!("{e}");
        }
    }
}

fn answers_to_a(d: &Daemon, outcome_like: &str) -> i64 {
    d.store
        .connection()
        .query_row(
            "SELECT COUNT(*) FROM outbox o JOIN mails m ON m.id = o.reply_to_mail
             WHERE o.kind = 'answer' AND o.to_addrs LIKE '%a@x.example%' AND m.outcome LIKE ?1",
            [outcome_like],
            |r| r.get(0),
        )
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn forged_wrong_secrets_never_hold_back_the_answer_to_the_right_secret() {
    let (dir, mut d) = game("forged");
    let now = Utc::now();
    forged(&dir, 0, 15);
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    // Ten wrong secrets answered (the day's limit and the hour's cap), the rest not.
    assert_eq!(answers_to_a(&d, "wrong secret%"), 10);
    let right = mail_from(
        "a@x.example",
        "real",
        "secret: stark-s\r\n临冬城 行军+1\r\n白港 支援\r\n",
    );
    if let Err(e) = maester::demo::deliver(&dir.join("mail/inbox"), "real", &right) {
        panic!("{e}");
    }
    let t = d
        .tick(now + TimeDelta::minutes(1))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(t.answered, 1, "{t:?}");
    let answered: i64 = d
        .store
        .connection()
        .query_row(
            "SELECT COUNT(*) FROM outbox o JOIN mails m ON m.id = o.reply_to_mail
             WHERE o.kind = 'answer' AND m.message_id = 'real@x.example'",
            [],
            |r| r.get(0),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(answered, 1, "the right secret is answered at once");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Processor seconds (user + system) this process has used so far.
fn cpu_seconds() -> f64 {
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `u` is a valid rusage to fill.
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) } != 0 {
        return 0.0;
    }
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    secs(u.ru_utime) + secs(u.ru_stime)
}

/// 2,000 by default (the suite's time); `FLOOD=10000` for the full measure.
#[test]
fn ten_thousand_wrong_secrets_cost_seconds_not_minutes() {
    let (dir, mut d) = game("flood");
    let n: usize = std::env::var("FLOOD")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000);
    forged(&dir, 0, n);
    let (start, cpu) = (std::time::Instant::now(), cpu_seconds());
    let mut now = Utc::now();
    let mut stored = 0;
    for _ in 0..(n / 500 + 10) {
        let t = d.tick(now).unwrap_or_else(|e| panic!("{e}"));
        stored += t.stored;
        now += TimeDelta::seconds(1);
        if t.stored == 0 && t.processed == 0 {
            break;
        }
    }
    let (took, cpu) = (start.elapsed(), cpu_seconds() - cpu);
    println!(
        "{n} wrong secrets taken in and decided: {cpu:.1} s of processor, {took:?} of wall time"
    );
    assert_eq!(stored, n);
    let waiting: i64 = d
        .store
        .connection()
        .query_row("SELECT COUNT(*) FROM mails WHERE status = 'new'", [], |r| {
            r.get(0)
        })
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(waiting, 0);
    assert_eq!(answers_to_a(&d, "wrong secret%"), 10);
    // An Argon2id check per mail costs ~40 ms in a release build and several times that in a
    // debug build: bounded to the day's limit and one per 30 s of clock, the processor time
    // is the intake's own (a few ms a mail in a debug build).
    assert!(cpu < n as f64 * 0.02, "{cpu:.1} s for {n} mails");
    let _ = std::fs::remove_dir_all(&dir);
}
