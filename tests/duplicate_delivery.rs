//! A mail delivered twice is answered once: the same sender, Message-ID and content (body and
//! the headers a sender writes) delivered again with other trace headers (`Received:`,
//! `Delivered-To:`, `Return-Path:`, `X-…`, `Authentication-Results:`, ARC) — a forwarding rule,
//! a provider's retry, a second folder — is stored and audited, but neither answered nor taken
//! as a second submission. Another content under a reused Message-ID stays a new mail.
//! Run through the real store and the Maildir transport.

mod maildir_support;

use chrono::{TimeDelta, Utc};
use maildir_support::*;
use std::path::Path;

const SENT: &str = "From: Arya <a@x.example>\r\nTo: referee@test.maester\r\nSubject: orders\r\n\
    Message-ID: <twice@x.example>\r\nDate: Sat, 28 Nov 2026 07:00:00 +0000\r\n\
    MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\
    secret: stark-s\r\n临冬城 行军+1\r\n白港 支援\r\n";

fn trace(n: u32) -> String {
    format!(
        "Return-Path: <a@x.example>\r\nDelivered-To: referee@test.maester\r\n\
         Received: from mx{n}.example by mail.test.maester with LMTP id {n}x;\r\n\
         \tSat, 28 Nov 2026 07:0{n}:00 +0000\r\nX-Spam-Score: 0.{n}\r\n\
         Authentication-Results: mx{n}.example; spf=pass smtp.mailfrom=a@x.example\r\n\
         ARC-Seal: i={n}; a=rsa-sha256; cv=none; d=mx{n}.example\r\n"
    )
}

fn answers_to_a(dir: &Path) -> usize {
    outbox_files(&dir.join("mail/outbox"))
        .iter()
        .filter(|(t, b)| t.contains("a@x.example") && b.starts_with("Re: "))
        .count()
}

fn count(db: &Path, sql: &str) -> i64 {
    let store = match maester::store::Store::open(db) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    match store.connection().query_row(sql, [], |r| r.get(0)) {
        Ok(n) => n,
        Err(e) => panic!("{sql}: {e}"),
    }
}

#[test]
fn a_mail_delivered_twice_with_other_trace_headers_is_answered_once() {
    let dir = temp_dir("twice");
    let cfg = write_config(&dir, "twice");
    new_game_with_known_secrets(&cfg);
    let mut d = open_daemon(&cfg);
    let inbox = dir.join("mail/inbox");
    let deliver = |name: &str, raw: String| {
        if let Err(e) = maester::demo::deliver(&inbox, name, raw.as_bytes()) {
            panic!("{e}");
        }
    };
    let now = Utc::now();
    deliver("first", format!("{}{SENT}", trace(1)));
    if let Err(e) = d.tick(now) {
        panic!("{e}");
    }
    assert_eq!(answers_to_a(&dir), 1);
    // The same message again in a later tick, with its own trace headers and bare LF line ends
    // (a forwarding rule), then a third time in the same batch as a new mail.
    deliver(
        "second",
        format!("{}{SENT}", trace(2)).replace("\r\n", "\n"),
    );
    deliver("third", format!("{}{SENT}", trace(3)));
    let t = match d.tick(now + TimeDelta::minutes(1)) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(t.duplicates, 2, "{t:?}");
    assert_eq!(answers_to_a(&dir), 1, "a second delivery is not answered");
    let db = dir.join("maester.sqlite");
    assert_eq!(
        count(
            &db,
            "SELECT COUNT(*) FROM mails WHERE from_addr = 'a@x.example'"
        ),
        3
    );
    assert_eq!(
        count(
            &db,
            "SELECT COUNT(*) FROM mails WHERE status = 'ignored' AND outcome LIKE 'a second delivery of mail %'"
        ),
        2
    );
    assert_eq!(
        count(
            &db,
            "SELECT COUNT(*) FROM audit WHERE action = 'mail delivered again'"
        ),
        2
    );
    assert_eq!(
        count(
            &db,
            "SELECT COUNT(*) FROM submissions WHERE house = 'stark'"
        ),
        1
    );

    // Another content under the same Message-ID is a new mail: answered, a new submission.
    deliver(
        "changed",
        format!("{}{}", trace(4), SENT.replace("白港 支援", "白港 防守")),
    );
    if let Err(e) = d.tick(now + TimeDelta::minutes(2)) {
        panic!("{e}");
    }
    assert_eq!(answers_to_a(&dir), 2);
    assert_eq!(
        count(
            &db,
            "SELECT COUNT(*) FROM submissions WHERE house = 'stark'"
        ),
        2
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The body as quoted-printable: every byte outside printable ASCII as `=XX`, CRLF kept.
fn quoted_printable(text: &str) -> String {
    let mut out = String::new();
    for line in text.split("\r\n") {
        for b in line.bytes() {
            if (33..=126).contains(&b) && b != b'=' {
                out.push(b as char);
            } else {
                out.push_str(&format!("={b:02X}"));
            }
        }
        out.push_str("\r\n");
    }
    out
}

/// The body as base64, in lines of 76.
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    let mut lines = String::new();
    for (i, c) in out.chars().enumerate() {
        if i > 0 && i % 76 == 0 {
            lines.push_str("\r\n");
        }
        lines.push(c);
    }
    lines + "\r\n"
}

#[test]
fn a_mail_re_encoded_on_the_way_quoted_printable_then_base64_is_answered_once() {
    let dir = temp_dir("reencoded");
    let cfg = write_config(&dir, "reencoded");
    new_game_with_known_secrets(&cfg);
    let mut d = open_daemon(&cfg);
    let inbox = dir.join("mail/inbox");
    let deliver = |name: &str, raw: String| {
        if let Err(e) = maester::demo::deliver(&inbox, name, raw.as_bytes()) {
            panic!("{e}");
        }
    };
    let head = "From: Arya <a@x.example>\r\nTo: referee@test.maester\r\nSubject: orders\r\n\
        Message-ID: <reencoded@x.example>\r\nDate: Sat, 28 Nov 2026 07:00:00 +0000\r\n\
        MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n";
    let text = "secret: stark-s\r\n临冬城 行军+1\r\n白港 支援\r\n";
    let now = Utc::now();
    deliver(
        "qp",
        format!(
            "{}{head}Content-Transfer-Encoding: quoted-printable\r\n\r\n{}",
            trace(1),
            quoted_printable(text)
        ),
    );
    if let Err(e) = d.tick(now) {
        panic!("{e}");
    }
    assert_eq!(answers_to_a(&dir), 1);
    deliver(
        "b64",
        format!(
            "{}{head}Content-Transfer-Encoding: base64\r\n\r\n{}",
            trace(2),
            base64(text.as_bytes())
        ),
    );
    let t = match d.tick(now + TimeDelta::minutes(1)) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(t.duplicates, 1, "{t:?}");
    assert_eq!(
        answers_to_a(&dir),
        1,
        "the re-encoded delivery is not answered"
    );
    let db = dir.join("maester.sqlite");
    assert_eq!(
        count(
            &db,
            "SELECT COUNT(*) FROM submissions WHERE house = 'stark'"
        ),
        1
    );
    // Another text under the same Message-ID, base64 too: a new mail, answered.
    deliver(
        "b64-changed",
        format!(
            "{}{head}Content-Transfer-Encoding: base64\r\n\r\n{}",
            trace(3),
            base64(text.replace("白港 支援", "白港 防守").as_bytes())
        ),
    );
    if let Err(e) = d.tick(now + TimeDelta::minutes(2)) {
        panic!("{e}");
    }
    assert_eq!(answers_to_a(&dir), 2);
    let _ = std::fs::remove_dir_all(&dir);
}
