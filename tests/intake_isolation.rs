//! One mail's failure never blocks another mail, a deadline or a send: mails whose sender or
//! headers a reply cannot carry, and a mail whose intake panics, are set aside (ignored or
//! marked failed, the GM told once) while every other mail is answered, the due step closes and
//! the outbox is sent — in the same tick.

mod maildir_support;

use chrono::{TimeDelta, Utc};
use maildir_support::*;
use std::path::Path;

fn raw(from: &str, msg_id: &str, refs: &str, subject: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {from}\r\nTo: referee@test.maester\r\nSubject: {subject}\r\nMessage-ID: {msg_id}\r\n\
         {refs}Content-Type: text/plain; charset=utf-8\r\n\r\n{body}"
    )
    .into_bytes()
}

fn statuses(db: &Path) -> Vec<(String, String, String)> {
    let store = match maester::store::Store::open(db) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    let mut stmt = match store
        .connection()
        .prepare("SELECT from_addr, status, COALESCE(outcome, '') FROM mails ORDER BY id")
    {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)));
    match rows {
        Ok(rows) => rows.filter_map(|r| r.ok()).collect(),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn poison_mails_and_a_panicking_intake_do_not_block_answers_deadlines_or_sends() {
    // SAFETY: this test binary holds this one test; nothing else reads the environment at once.
    unsafe { std::env::set_var("MAESTER_FAILPOINT", "panic-on-subject:BOOM") };
    let dir = temp_dir("isolation");
    let cfg = write_config(&dir, "iso");
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    // The deadline passes by a jump of the clock, as if the daemon had run all along: the
    // downtime guard set aside (tests/downtime_guard.rs tests it).
    let text = text.replace("[daemon]\n", "[daemon]\ngm_address = \"gm@x.example\"\n")
        + "[game.deadlines]\ndowntime_margin = \"30d\"\n";
    std::fs::write(&cfg, text).unwrap_or_default();
    new_game_with_known_secrets(&cfg);
    let inbox = dir.join("mail/inbox");
    let mut n = 0;
    let mut deliver = |bytes: Vec<u8>| {
        n += 1;
        if let Err(e) = maester::demo::deliver(&inbox, &format!("m{n:02}"), &bytes) {
            panic!("{e}");
        }
    };
    // Senders a reply cannot be addressed to (from strangers and look-alikes of players).
    let bad_from = [
        "\"a,b\"@example.org",
        "x <a@>",
        "x <a..b@x.org>",
        "x <a b@x.org>",
        "x <a@x.org,b@y.org>",
        "x <\"a b\"@x.org>",
        "x <a@[127.0.0.1]>",
        "<a>",
    ];
    for (i, f) in bad_from.iter().enumerate() {
        deliver(raw(
            f,
            &format!("<bad{i}@x.org>"),
            "",
            "orders",
            "secret: x\r\n",
        ));
    }
    // A Message-ID no reply can carry, from a stranger.
    deliver(raw(
        "s@stranger.example",
        "\u{2039}\u{fc}@x.org>",
        "",
        "hi",
        "hello\r\n",
    ));
    // A registered player whose mail carries such ids in References and Message-ID.
    deliver(raw(
        "B <b@x.example>",
        "\u{2039}\u{e9}@x.org>",
        "References: <ok@x.example> \u{2039}\u{fc}@x.org>\r\n",
        "orders",
        "secret: greyjoy-s\r\n派克城 防守\r\n",
    ));
    // A mail whose intake panics (injected), then a good one after it.
    deliver(raw(
        "C <c@x.example>",
        "<boom@x.example>",
        "",
        "BOOM",
        "secret: lannister-s\r\n",
    ));
    deliver(raw(
        "A <a@x.example>",
        "<good@x.example>",
        "",
        "orders",
        "secret: stark-s\r\n临冬城 行军+1\r\n白港 支援\r\n",
    ));

    let config = match maester::config::Config::load(&cfg) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    let mut d = match maester::daemon::Daemon::open(config) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    // Two days on: the placement deadline (1 day) has passed.
    let now = Utc::now() + TimeDelta::days(2);
    let t = match d.tick(now) {
        Ok(t) => t,
        Err(e) => panic!("the tick must not fail on a bad mail: {e}"),
    };
    if t.failed != 1 {
        drop(d);
        panic!("{t:?}\n{:#?}", statuses(&dir.join("maester.sqlite")));
    }
    assert_eq!(
        t.steps_closed, 1,
        "the due step closed in the same tick: {t:?}"
    );
    assert!(t.sent > 0, "the outbox was sent in the same tick: {t:?}");
    drop(d);

    let rows = statuses(&dir.join("maester.sqlite"));
    let failed: Vec<_> = rows.iter().filter(|r| r.1 == "failed").collect();
    assert_eq!(failed.len(), 1, "{rows:#?}");
    assert_eq!(failed[0].0, "c@x.example");
    assert!(failed[0].2.contains("panic"), "{rows:#?}");
    assert!(
        rows.iter().all(|r| r.1 != "new"),
        "nothing left blocking: {rows:#?}"
    );

    let sent: Vec<_> = outbox_files(&dir.join("mail/outbox"))
        .into_iter()
        .filter(|(t, _)| !t.is_empty())
        .collect();
    let to = |addr: &str| sent.iter().filter(|(t, _)| t.contains(addr)).count();
    // Welcome, answer, report for a@ and b@ (b@ is answered despite its unusable ids).
    assert_eq!(to("a@x.example"), 3, "{sent:#?}");
    assert_eq!(to("b@x.example"), 3, "{sent:#?}");
    assert!(
        sent.iter()
            .any(|(t, b)| t.contains("b@x.example") && b.starts_with("[iso] ")),
        "{sent:#?}"
    );
    // c@ got its welcome and the report, no answer to the failed mail.
    assert_eq!(to("c@x.example"), 2, "{sent:#?}");
    // The GM was told once, with the reason (beside the GM's copy of the closed step).
    let (copies, gm): (Vec<_>, Vec<_>) = sent
        .iter()
        .filter(|(t, _)| t.contains("gm@x.example"))
        .partition(|(_, b)| b.starts_with("[iso] GM副本"));
    assert_eq!(gm.len(), 1, "{sent:#?}");
    assert_eq!(copies.len(), 1, "{sent:#?}");
    assert!(gm[0].1.contains("could not be handled"), "{gm:#?}");
    // Strangers and unusable senders got nothing.
    assert!(
        sent.iter()
            .all(|(t, _)| t.contains("@x.example") || t.contains("stranger")),
        "{sent:#?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
