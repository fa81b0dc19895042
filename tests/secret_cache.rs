//! The daemon checks a seat's secret by Argon2id once per process and then by a keyed digest
//! in memory: a wrong secret is never taken for the right one (before or after the right one is
//! known), and a secret the GM replaced stops working at once in the same running daemon.

mod maildir_support;

use chrono::{DateTime, Utc};
use maester::daemon::Daemon;
use maester::daemon::gm::{GmCommand, apply};
use maildir_support::*;
use std::path::Path;

/// Delivers an order mail from Stark's address with this secret, runs one tick, and returns
/// what became of it.
fn send(d: &mut Daemon, dir: &Path, n: usize, secret: &str, now: DateTime<Utc>) -> String {
    let raw = mail_from(
        "a@x.example",
        &format!("cache-{n}"),
        &format!("secret: {secret}\r\n临冬城 行军+1\r\n白港 支援\r\n"),
    );
    if let Err(e) = maester::demo::deliver(&dir.join("mail/inbox"), &format!("m{n}"), &raw) {
        panic!("{e}");
    }
    if let Err(e) = d.tick(now) {
        panic!("{e}");
    }
    let mut last = None;
    for id in 1.. {
        match d.store.mail(id) {
            Ok(Some(m)) => last = Some(m),
            Ok(None) => break,
            Err(e) => panic!("{e}"),
        }
    }
    match last {
        Some(m) if m.message_id.as_deref() == Some(&format!("cache-{n}@x.example")) => {
            m.outcome.unwrap_or_default()
        }
        other => panic!("mail {n} not stored last: {other:?}"),
    }
}

#[test]
fn wrong_and_replaced_secrets_are_refused_by_a_daemon_that_knows_the_right_one() {
    let dir = temp_dir("secret-cache");
    let cfg = write_config(&dir, "sc");
    // Every mail answered: more mails from one address than the guards let through by default.
    let text = std::fs::read_to_string(&cfg).unwrap_or_default().replace(
        "[mail]\ntransport = \"maildir\"\n",
        "[mail]\ntransport = \"maildir\"\n[mail.guard]\nanswers_per_hour = 1000\nwrong_secrets_per_day = 1000\n",
    );
    std::fs::write(&cfg, text).unwrap_or_default();
    new_game_with_known_secrets(&cfg);
    let mut d = open_daemon(&cfg);
    let now = Utc::now();
    let mut n = 0;
    let mut outcome = |d: &mut Daemon, secret: &str| {
        n += 1;
        send(d, &dir, n, secret, now)
    };
    // Before the right secret is known: a wrong one is checked in full, and refused (twice:
    // the second time from the wrong ones remembered).
    assert_eq!(outcome(&mut d, "nope"), "wrong secret");
    assert_eq!(outcome(&mut d, "nope"), "wrong secret");
    assert_eq!(outcome(&mut d, "stark-s"), "orders accepted");
    // Known now: the right one again, and wrong ones — new, remembered, one character off,
    // the right one with a suffix — without a full check.
    assert_eq!(outcome(&mut d, "stark-s"), "orders accepted");
    for wrong in ["nope", "stark-t", "stark-s2", "stark", "other"] {
        assert_eq!(outcome(&mut d, wrong), "wrong secret", "{wrong}");
    }
    assert_eq!(outcome(&mut d, "stark-s"), "orders accepted");
    // The GM seats a substitute at the same address: the old secret is refused at once by this
    // same daemon, the new one accepted.
    let replaced = apply(
        &mut d,
        "sc",
        &GmCommand::Replace {
            house: "stark".into(),
            name: "Zed".into(),
            address: "a@x.example".into(),
            language: None,
        },
        now,
    );
    let fresh = match replaced.map(|o| o.secret) {
        Ok(Some(s)) => s,
        other => panic!("no new secret: {other:?}"),
    };
    assert_eq!(outcome(&mut d, "stark-s"), "wrong secret");
    assert_eq!(outcome(&mut d, "nope"), "wrong secret");
    assert_eq!(outcome(&mut d, &fresh), "orders accepted");
    assert_eq!(outcome(&mut d, "stark-s"), "wrong secret");
    assert_eq!(outcome(&mut d, &fresh), "orders accepted");
    let _ = std::fs::remove_dir_all(&dir);
}
