//! Mails without a secret from a player's address (帮助, 状态, 等待, 无, any text: a robot, or
//! someone writing from his address) are limited apart: past `answers_per_hour` answers they
//! are kept but not answered, and the GM gets one notice a day per address. A mail with the
//! house's right secret is always answered, whatever came before it.

mod maildir_support;

use chrono::{TimeDelta, Utc};
use maester::daemon::Daemon;
use maildir_support::*;
use std::path::Path;

fn deliver(dir: &Path, name: &str, raw: &[u8]) {
    if let Err(e) = maester::demo::deliver(&dir.join("mail/inbox"), name, raw) {
        panic!("{e}");
    }
}

fn secretless(dir: &Path, from: usize, to: usize) {
    let texts = [
        "帮助\r\n",
        "状态\r\n",
        "等待\r\n",
        "无\r\n",
        "hello, are you there?\r\n",
    ];
    for i in from..to {
        let raw = mail_from("a@x.example", &format!("nos{i}"), texts[i % texts.len()]);
        deliver(dir, &format!("n{i:03}"), &raw);
    }
}

fn count(d: &Daemon, sql: &str) -> i64 {
    d.store
        .connection()
        .query_row(sql, [], |r| r.get(0))
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn ten_mails_without_a_secret_never_hold_back_the_answer_to_real_orders() {
    let dir = temp_dir("secretless");
    let now = Utc::now();
    let (_cfg, mut d) = new_game_with_gm(&dir, "nosecret", now);
    secretless(&dir, 0, 12);
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    let answered_secretless = count(
        &d,
        "SELECT COUNT(*) FROM outbox o JOIN mails m ON m.id = o.reply_to_mail
         WHERE o.kind = 'answer' AND o.to_addrs LIKE '%a@x.example%'",
    );
    assert_eq!(
        answered_secretless, 10,
        "the hour's cap for mails without a secret"
    );
    let right = mail_from(
        "a@x.example",
        "real",
        "secret: stark-s\r\n临冬城 行军+1\r\n白港 支援\r\n",
    );
    deliver(&dir, "real", &right);
    let t = d
        .tick(now + TimeDelta::minutes(1))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(t.answered, 1, "{t:?}");
    let answered = count(
        &d,
        "SELECT COUNT(*) FROM outbox o JOIN mails m ON m.id = o.reply_to_mail
         WHERE o.kind = 'answer' AND m.message_id = 'real@x.example'",
    );
    assert_eq!(answered, 1, "the right secret is answered at once");
    let accepted = count(
        &d,
        "SELECT COUNT(*) FROM mails WHERE message_id = 'real@x.example' AND outcome = 'orders accepted'",
    );
    assert_eq!(accepted, 1);

    // More of them the same day: still no answer, and the GM was told once.
    secretless(&dir, 12, 20);
    d.tick(now + TimeDelta::minutes(2))
        .unwrap_or_else(|e| panic!("{e}"));
    let held = count(
        &d,
        "SELECT COUNT(*) FROM mails WHERE outcome LIKE 'no secret%not answered%'",
    );
    assert_eq!(held, 10, "two of the first twelve and the eight later ones");
    let notices = count(
        &d,
        "SELECT COUNT(*) FROM outbox WHERE kind = 'notice' AND to_addrs LIKE '%gm@x.example%'
         AND subject LIKE '%a@x.example%'",
    );
    assert_eq!(notices, 1, "the GM is told once a day per address");
    let _ = std::fs::remove_dir_all(&dir);
}
