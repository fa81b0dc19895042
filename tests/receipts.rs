//! Receipts: the answer to an accepted submission carries `回执: XXXX-XXXX`, a keyed digest of
//! the game, house, round, step and the submission's echo; at the close the report, the forum
//! post and the site list the receipt of every submission used — the same one — and mark the
//! GM's `submit` and the houses that sent nothing.

mod maildir_support;

use chrono::{DateTime, TimeDelta, Utc};
use maester::daemon::Daemon;
use maester::daemon::gm::{GmCommand, apply};
use maester::daemon::receipts::{Receipted, hmac_sha256, receipt};
use maildir_support::*;
use std::path::{Path, PathBuf};

const ID: &str = "rcpt";

fn at(s: &str) -> DateTime<Utc> {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn setup(tag: &str, now: DateTime<Utc>) -> (PathBuf, Daemon) {
    let dir = temp_dir(tag);
    let cfg = write_config(&dir, ID);
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    std::fs::write(
        &cfg,
        text.replace("[mail]\n", "[site]\ndir = \"public\"\n[mail]\n"),
    )
    .unwrap_or_default();
    let mut d = open_daemon(&cfg);
    let mut secrets: Vec<String> = HOUSES.iter().map(|h| format!("{h}-s")).collect();
    secrets.push("gm-s".into());
    if let Err(e) = maester::daemon::games::new_game(&mut d, now, Some(secrets)) {
        panic!("{e}");
    }
    tick(&mut d, now);
    clear(&dir);
    (dir, d)
}

fn tick(d: &mut Daemon, now: DateTime<Utc>) {
    if let Err(e) = d.tick(now) {
        panic!("{e}");
    }
}

fn clear(dir: &Path) {
    for e in std::fs::read_dir(dir.join("mail/outbox"))
        .into_iter()
        .flatten()
        .flatten()
    {
        let _ = std::fs::remove_file(e.path());
    }
}

/// The texts of the mails sent to `to` since the outbox was last cleared.
fn mails_to(dir: &Path, to: &str) -> Vec<String> {
    outbox_files(&dir.join("mail/outbox"))
        .into_iter()
        .filter(|(t, _)| t.contains(to))
        .map(|(_, b)| b)
        .collect()
}

/// The receipt an answer gives.
fn receipt_in(text: &str) -> String {
    let Some((_, rest)) = text.split_once("回执: ") else {
        panic!("no receipt in the answer: {text}");
    };
    rest.chars().take(9).collect()
}

/// Every file under `dir`, as text.
fn texts_under(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(texts_under(&p));
        } else {
            out.push((p.clone(), std::fs::read_to_string(&p).unwrap_or_default()));
        }
    }
    out
}

#[test]
fn the_receipt_in_the_answer_is_the_one_the_public_record_lists() {
    let t0 = at("2026-05-04T02:00:00Z");
    let (dir, mut d) = setup("receipts", t0);
    // Stark sends "无" (its defaults, as a submission): the answer gives its receipt.
    let now = t0 + TimeDelta::hours(1);
    let mail = mail_from("a@x.example", "r1", "密码: stark-s\n无\n");
    if let Err(e) = maester::demo::deliver(&dir.join("mail/inbox"), "r1", &mail) {
        panic!("{e}");
    }
    tick(&mut d, now);
    let answers = mails_to(&dir, "a@x.example");
    let [answer] = answers.as_slice() else {
        panic!("one answer: {answers:#?}");
    };
    let stark = receipt_in(answer);
    assert_eq!(stark.len(), 9, "{stark}");
    assert_eq!(stark.chars().nth(4), Some('-'), "{stark}");
    // It is the digest of what the store holds, keyed by the game's seed ("s").
    let stored = match d.store.current_submissions(ID, 1, "placement") {
        Ok(rows) => rows,
        Err(e) => panic!("{e}"),
    };
    let [row] = stored.as_slice() else {
        panic!("one submission: {stored:?}");
    };
    let of = |seed: &str, text: &str| {
        receipt(
            seed,
            &Receipted {
                game: ID,
                house: "stark",
                round: 1,
                step: "placement",
                text,
            },
        )
    };
    assert_eq!(of("s", &row.text), stark);
    assert_ne!(of("t", &row.text), stark, "another key, another receipt");
    assert_ne!(
        of("s", "临冬城 防守"),
        stark,
        "another text, another receipt"
    );
    // The GM submits for Greyjoy; the others are silent; the step closes.
    clear(&dir);
    let submit = GmCommand::Submit {
        house: "greyjoy".into(),
        text: "无".into(),
        guard: Default::default(),
    };
    if let Err(e) = apply(&mut d, ID, &submit, now) {
        panic!("{e}");
    }
    gm_close_and_send(&mut d, ID, now);
    // The report: the receipt, the GM's submit marked, the silent houses with their defaults.
    let reports = mails_to(&dir, "c@x.example");
    let Some(report) = reports.iter().find(|r| r.contains("采用的提交(回执)")) else {
        panic!("no receipts in the report: {reports:#?}");
    };
    let section = report
        .split_once("采用的提交(回执)")
        .map(|(_, s)| s)
        .unwrap_or_default();
    assert!(section.contains(&format!("回执 {stark}")), "{section}");
    assert!(section.contains("GM代为提交"), "{section}");
    assert!(section.contains("使用默认"), "{section}");
    // The site: the step's page lists the same receipt.
    let site = texts_under(&dir.join(format!("public/{ID}")));
    assert!(
        site.iter()
            .any(|(p, t)| p.extension().is_some_and(|x| x == "html")
                && t.contains(&format!("回执 {stark}"))
                && t.contains("GM代为提交")),
        "no page of the site lists the receipt"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hmac_sha256_is_rfc_4231s() {
    // RFC 4231, test case 2.
    let mac = hmac_sha256(b"Jefe", b"what do ya want for nothing?");
    let hex: String = mac.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(
        hex,
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
    );
    // A key longer than the block is hashed first (test case 6).
    let key = [0xaau8; 131];
    let mac = hmac_sha256(
        &key,
        b"Test Using Larger Than Block-Size Key - Hash Key First",
    );
    let hex: String = mac.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(
        hex,
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
    );
}
