//! The GM's copy of every report, through the daemon and the Maildir transport: with
//! `[daemon] gm_address` set, each closed step queues one mail to the GM in the close's own
//! transaction — the public report with the exact rule references (`004:Lnnnn`, `A-xx`) where
//! the players read chapters and words, the map inline, and each house's private part under its
//! name; `[game] gm_copy = false` turns it off; racing closes still queue one; `gm resend
//! --house gm` mails it again.

mod maildir_support;

use chrono::{DateTime, TimeDelta, Utc};
use maester::daemon::Daemon;
use maester::daemon::gm::{GmCommand, Resend, apply};
use mail_parser::{MessageParser, MimeHeaders, PartType};
use maildir_support::*;
use std::path::Path;
use std::process::{Command, Stdio};

/// One mail of the outbox folder: to, subject, text part, HTML part, inline image, Message-ID,
/// In-Reply-To.
struct Sent {
    to: String,
    subject: String,
    text: String,
    html: String,
    cid: String,
    image: Vec<u8>,
    message_id: String,
    in_reply_to: String,
    /// The whole mail as sent.
    raw: Vec<u8>,
}

fn sent(dir: &Path) -> Vec<Sent> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir.join("mail/outbox")) else {
        return out;
    };
    for e in entries.flatten() {
        let raw = std::fs::read(e.path()).unwrap_or_default();
        let Some(m) = MessageParser::default().parse(&raw) else {
            continue;
        };
        let mut cid = String::new();
        let mut image = Vec::new();
        for p in &m.parts {
            if let (Some(id), PartType::Binary(b) | PartType::InlineBinary(b)) =
                (p.content_id(), &p.body)
            {
                cid = id.to_string();
                image = b.to_vec();
            }
        }
        let d = maester::mail::decode(&raw);
        out.push(Sent {
            to: d.to.join(","),
            subject: d.subject.clone(),
            text: m.body_text(0).map(|t| t.to_string()).unwrap_or_default(),
            html: m.body_html(0).map(|h| h.to_string()).unwrap_or_default(),
            cid,
            image,
            message_id: d.message_id.clone().unwrap_or_default(),
            in_reply_to: d.in_reply_to.clone().unwrap_or_default(),
            raw: raw.clone(),
        });
    }
    out.sort_by(|a, b| a.subject.cmp(&b.subject));
    out
}

fn gm_copies(dir: &Path) -> Vec<Sent> {
    sent(dir)
        .into_iter()
        .filter(|m| m.to == "gm@x.example" && m.subject.contains("GM副本"))
        .collect()
}

fn gm(d: &mut Daemon, id: &str, cmd: GmCommand, now: DateTime<Utc>) -> String {
    match apply(d, id, &cmd, now) {
        Ok(o) => o.summary,
        Err(e) => panic!("{cmd:?}: {e}"),
    }
}

fn process(d: &mut Daemon, id: &str, now: DateTime<Utc>) {
    gm(
        d,
        id,
        GmCommand::Process {
            step: None,
            round: None,
        },
        now,
    );
}

fn send(d: &mut Daemon, now: DateTime<Utc>) {
    if let Err(e) = d.send_outbox(now) {
        panic!("{e}");
    }
}

/// Stark's placement sent by mail: a march and a power token left behind, so that the reports
/// have rule references to show.
fn stark_orders(d: &mut Daemon, dir: &Path, now: DateTime<Utc>) {
    let body = "密码: stark-s\r\n临冬城 行军+1\r\n白港 防守\r\n";
    if let Err(e) = maester::demo::deliver(
        &dir.join("mail/inbox"),
        "m1",
        &mail_from("a@x.example", "m1", body),
    ) {
        panic!("{e}");
    }
    if let Err(e) = d.tick(now) {
        panic!("{e}");
    }
}

#[test]
fn each_closed_step_mails_the_gm_one_copy_with_exact_references_the_map_and_private_parts() {
    let dir = temp_dir("gm-copy");
    let t = Utc::now();
    let (_cfg, mut d) = new_game_with_gm(&dir, "gmc", t);
    stark_orders(&mut d, &dir, t);
    process(&mut d, "gmc", t + TimeDelta::seconds(1));
    send(&mut d, t + TimeDelta::seconds(1));
    let copies = gm_copies(&dir);
    assert_eq!(copies.len(), 1, "one copy for one close");
    let c = &copies[0];
    assert!(
        c.subject.starts_with("[gmc] GM副本 第1回合"),
        "{}",
        c.subject
    );
    // The exact references where a player's report has the chapter and a few words.
    let player = sent(&dir)
        .into_iter()
        .find(|m| m.to == "a@x.example" && m.subject.contains("结果"))
        .unwrap_or_else(|| panic!("no report to stark"));
    assert!(
        c.text.contains("004:L") || c.text.contains("A-"),
        "{}",
        c.text
    );
    assert!(!player.text.contains("004:L"), "{}", player.text);
    assert!(player.text.contains("规则"), "{}", player.text);
    // The public report, the map part, and who is asked next.
    assert!(c.text.contains("== 地图状态 =="), "{}", c.text);
    assert!(c.text.contains("下一步需要发送内容的家族"), "{}", c.text);
    assert!(!c.cid.is_empty(), "an inline image");
    assert!(
        c.html.contains(&format!("src=\"cid:{}\"", c.cid)),
        "{}",
        c.html
    );
    assert_eq!(c.image.get(1..4), Some(&b"PNG"[..]), "a PNG");
    // Issue 40: the GM's copy, the map and the forum files with it, stays under 1 MB.
    assert!(
        c.raw.len() < 1024 * 1024,
        "the GM's copy is {} bytes",
        c.raw.len()
    );
    // Each house's private part under its name and player.
    assert!(
        c.text.contains("== 各家族的私密内容(仅GM副本) =="),
        "{}",
        c.text
    );
    for (house, addr) in [("白狼", "a@x.example"), ("橙日", "f@x.example")] {
        assert!(
            c.text.contains(&format!("{house}(玩家 ")) && c.text.contains(addr),
            "{house}: {}",
            c.text
        );
    }
    // The players' reports carry no GM section.
    assert!(!player.text.contains("仅GM副本"), "{}", player.text);
    // A second close: a second copy, of the next step.
    process(&mut d, "gmc", t + TimeDelta::seconds(2));
    send(&mut d, t + TimeDelta::seconds(2));
    let copies = gm_copies(&dir);
    assert_eq!(copies.len(), 2, "one copy per close");
    assert_ne!(copies[0].subject, copies[1].subject);
    // The plan step closes with the event phase: the secret notices of the next round's events
    // go to some houses only; the GM's copy shows each under its house, as that house got it.
    process(&mut d, "gmc", t + TimeDelta::seconds(3));
    send(&mut d, t + TimeDelta::seconds(3));
    let copies = gm_copies(&dir);
    assert_eq!(copies.len(), 3, "one copy per close");
    let Some(c) = copies.iter().find(|c| c.subject.contains("制定执行方案")) else {
        panic!("no copy of the plan step")
    };
    let private = private_parts(&c.text);
    assert!(
        private.iter().any(|(_, lines)| !lines.is_empty()),
        "some house was told something alone: {}",
        c.text
    );
    let all = sent(&dir);
    for (i, (house, lines)) in private.iter().enumerate() {
        let addr = format!("{}@x.example", ["a", "b", "c", "d", "e", "f"][i]);
        assert!(house.contains(&addr), "{house}");
        let Some(report) = all.iter().find(|m| {
            m.to == addr && m.subject.contains("制定执行方案") && m.subject.contains("结果")
        }) else {
            panic!("no plan report to {addr}")
        };
        for l in lines {
            let as_player = maester::words::cite::for_player(l, maester::board::Lang::Zh);
            assert!(
                report.text.contains(&as_player),
                "{house}: {l}\n{}",
                report.text
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The GM's copy's private parts: each house's heading and its lines.
fn private_parts(text: &str) -> Vec<(String, Vec<String>)> {
    let section = text
        .split("== 各家族的私密内容(仅GM副本) ==")
        .nth(1)
        .unwrap_or_default();
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for line in section.lines() {
        if let Some(l) = line.strip_prefix("    ") {
            if let Some(last) = out.last_mut() {
                last.1.push(l.to_string());
            }
        } else if let Some(h) = line.strip_prefix("  ") {
            out.push((h.to_string(), Vec::new()));
        } else if !out.is_empty() {
            break;
        }
    }
    out
}

#[test]
fn with_gm_copy_off_the_gm_gets_no_copy_and_the_players_their_reports() {
    let dir = temp_dir("gm-copy-off");
    let cfg = write_config(&dir, "gmo");
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    let text = text
        .replace("[daemon]\n", "[daemon]\ngm_address = \"gm@x.example\"\n")
        .replace("[game]\n", "[game]\ngm_copy = false\n");
    std::fs::write(&cfg, text).unwrap_or_default();
    new_game_with_known_secrets(&cfg);
    let mut d = open_daemon(&cfg);
    let t = Utc::now();
    process(&mut d, "gmo", t);
    send(&mut d, t);
    assert!(gm_copies(&dir).is_empty(), "no GM copy");
    let reports = sent(&dir)
        .into_iter()
        .filter(|m| m.subject.contains("结果"))
        .count();
    assert_eq!(reports, 6, "one report per house");
    let _ = std::fs::remove_dir_all(&dir);
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

fn spawn(cfg: &Path, args: &[&str]) -> std::process::Child {
    let mut c = Command::new(env!("CARGO_BIN_EXE_maester"));
    c.arg("--config")
        .arg(cfg)
        .args(args)
        .env_remove("MAESTER_FAILPOINT")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    match c.spawn() {
        Ok(ch) => ch,
        Err(e) => panic!("cannot run maester: {e}"),
    }
}

#[test]
fn processes_racing_to_close_a_due_step_queue_exactly_once_the_gm_copy() {
    for trial in 0..3 {
        let dir = temp_dir(&format!("gm-copy-race{trial}"));
        let (cfg, d) = new_game_with_gm(&dir, "gmr", Utc::now() - TimeDelta::days(2));
        drop(d);
        let db = dir.join("maester.sqlite");
        let mut children: Vec<_> = (0..4)
            .map(|_| {
                spawn(
                    &cfg,
                    &["gm", "process", "--round", "1", "--step", "placement"],
                )
            })
            .collect();
        children.push(spawn(&cfg, &["run", "--once"]));
        for mut ch in children {
            let _ = ch.wait();
        }
        assert_eq!(
            count(&db, "SELECT COUNT(*) FROM snapshots"),
            2,
            "trial {trial}: one close"
        );
        assert_eq!(
            count(
                &db,
                "SELECT COUNT(*) FROM outbox WHERE subject LIKE '%GM副本%'"
            ),
            1,
            "trial {trial}: one GM copy"
        );
        assert_eq!(
            count(
                &db,
                "SELECT COUNT(*) FROM outbox WHERE subject LIKE '%结果%' AND subject NOT LIKE '%GM副本%'"
            ),
            6,
            "trial {trial}: one report per house"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn gm_resend_house_gm_mails_the_gm_copy_again_as_a_reply_to_it() {
    let dir = temp_dir("gm-copy-resend");
    let t = Utc::now();
    let (_cfg, mut d) = new_game_with_gm(&dir, "gmx", t);
    process(&mut d, "gmx", t);
    send(&mut d, t);
    let first = gm_copies(&dir);
    assert_eq!(first.len(), 1);
    let out = gm(
        &mut d,
        "gmx",
        GmCommand::Resend {
            house: "gm".into(),
            which: Resend::Report(None),
        },
        t + TimeDelta::seconds(1),
    );
    assert!(out.contains("gm@x.example"), "{out}");
    send(&mut d, t + TimeDelta::seconds(1));
    let copies = gm_copies(&dir);
    assert_eq!(copies.len(), 2, "sent again");
    let again = copies
        .iter()
        .find(|m| m.in_reply_to == first[0].message_id)
        .unwrap_or_else(|| panic!("no reply to the first copy"));
    assert_ne!(again.message_id, first[0].message_id);
    assert_eq!(again.text, first[0].text, "the same copy");
    // Issue 40: the outbox keeps the picture apart (once per close); the copy sent again is
    // the one sent first byte for byte below its headers, the picture included.
    let body = |raw: &[u8]| {
        raw.windows(4)
            .position(|w| w == b"\r\n\r\n")
            .map(|i| raw[i..].to_vec())
    };
    let first_body = body(&first[0].raw).unwrap_or_default();
    assert!(first_body.len() > 20_000, "{} bytes", first_body.len());
    assert!(
        body(&again.raw) == Some(first_body),
        "the body sent again is the body sent first"
    );
    let db = dir.join("maester.sqlite");
    assert!(
        count(&db, "SELECT count(*) FROM outbox_parts") > 0,
        "the picture is kept apart"
    );
    // The answer to a house's mail is not the GM's to resend.
    let refused = apply(
        &mut d,
        "gmx",
        &GmCommand::Resend {
            house: "gm".into(),
            which: Resend::Answer,
        },
        t + TimeDelta::seconds(2),
    );
    assert!(refused.is_err(), "{refused:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
