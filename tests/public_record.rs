//! The campaign's public record from a played game: with `[site] dir` set, every close writes
//! the game's site again; `maester post` and `maester site` print and write the same record; the
//! GM's copy carries the post and the picture. Public means public: no file holds a secret, a
//! player's address, the seed before the end, a house's private notice, or a step still open.

mod maildir_support;

use chrono::{DateTime, TimeDelta, Utc};
use maester::daemon::Daemon;
use maester::daemon::gm::{GmCommand, apply};
use mail_parser::{MessageParser, MimeHeaders};
use maildir_support::*;
use std::path::{Path, PathBuf};

const SEED: &str = "seed-Zr81-hidden-until-the-end";
const GM_SECRET: &str = "gm-sekrit-5521";

fn secret(house: &str) -> String {
    format!("sekrit-{house}-4417")
}

fn address(i: usize) -> String {
    format!("player{i}@mail.example")
}

/// A game with distinctive secrets and addresses, the GM's address and the site's folder.
fn new_game(dir: &Path, id: &str, now: DateTime<Utc>) -> (PathBuf, Daemon) {
    std::fs::create_dir_all(dir).unwrap_or_default();
    let cfg = dir.join("maester.toml");
    let mut text = format!(
        "[daemon]\naddress = \"referee@test.maester\"\ngm_address = \"gm-person@mail.example\"\n\
         [mail]\ntransport = \"maildir\"\n[site]\ndir = \"public\"\n\
         [game]\nid = \"{id}\"\nseed = \"{SEED}\"\n[game.schedule]\ntimezone = \"UTC\"\n\
         [game.schedule.steps]\ndefault = \"1d\"\n"
    );
    for (i, h) in HOUSES.iter().enumerate() {
        text.push_str(&format!(
            "[[game.players]]\nhouse = \"{h}\"\nname = \"Player{i}\"\naddress = \"{}\"\n",
            address(i)
        ));
    }
    std::fs::write(&cfg, text).unwrap_or_default();
    let mut d = open_daemon(&cfg);
    let mut secrets: Vec<String> = HOUSES.iter().map(|h| secret(h)).collect();
    secrets.push(GM_SECRET.into());
    if let Err(e) = maester::daemon::games::new_game(&mut d, now, Some(secrets)) {
        panic!("{e}");
    }
    (cfg, d)
}

fn deliver(d: &mut Daemon, dir: &Path, from: &str, id: &str, body: &str, now: DateTime<Utc>) {
    if let Err(e) = maester::demo::deliver(&dir.join("mail/inbox"), id, &mail_from(from, id, body))
    {
        panic!("{e}");
    }
    if let Err(e) = d.tick(now) {
        panic!("{e}");
    }
}

fn close(d: &mut Daemon, id: &str, now: DateTime<Utc>) {
    let cmd = GmCommand::Process {
        step: None,
        round: None,
    };
    if let Err(e) = apply(d, id, &cmd, now) {
        panic!("{e}");
    }
    if let Err(e) = d.send_outbox(now) {
        panic!("{e}");
    }
}

/// Every file under `dir`, with its bytes.
fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(files(&p));
        } else {
            out.push((p.clone(), std::fs::read(&p).unwrap_or_default()));
        }
    }
    out
}

/// What no public file may hold.
fn forbidden(private: &[String]) -> Vec<String> {
    let mut f: Vec<String> = HOUSES.iter().map(|h| secret(h)).collect();
    f.extend((0..6).map(address));
    f.extend([
        "gm-person@mail.example".into(),
        GM_SECRET.into(),
        SEED.into(),
    ]);
    f.extend(private.iter().cloned());
    f
}

fn assert_public(what: &str, name: &str, bytes: &[u8], forbidden: &[String]) {
    let text = String::from_utf8_lossy(bytes);
    for f in forbidden {
        assert!(!text.contains(f.as_str()), "{what} {name} holds {f:?}");
    }
}

/// The lines only a house was told, from the GM's copies (indented under each house's heading
/// in its private section).
fn private_lines(dir: &Path) -> Vec<String> {
    let mut lines = Vec::new();
    for (_, text) in outbox_files(&dir.join("mail/outbox")) {
        let Some((_, private)) = text.split_once("(仅GM副本) ==") else {
            continue;
        };
        for l in private.lines() {
            if let Some(line) = l.strip_prefix("    ")
                && line.chars().count() > 8
            {
                // As a player reads it: the public texts cite rules in words too.
                lines.push(maester::words::cite::for_player(
                    line.trim(),
                    maester::board::Lang::Zh,
                ));
                lines.push(line.trim().to_string());
            }
        }
    }
    lines
}

/// The GM's copies' attachments: (file name, bytes).
fn gm_attachments(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir.join("mail/outbox"))
        .into_iter()
        .flatten()
        .flatten()
    {
        let raw = std::fs::read(e.path()).unwrap_or_default();
        let Some(m) = MessageParser::default().parse(&raw) else {
            continue;
        };
        if !m.subject().is_some_and(|s| s.contains("GM副本")) {
            continue;
        }
        for a in m.attachments() {
            if let Some(name) = a.attachment_name() {
                out.push((name.to_string(), a.contents().to_vec()));
            }
        }
    }
    out
}

#[test]
fn a_played_games_site_post_and_gm_attachments_hold_nothing_private() {
    let dir = temp_dir("public-record");
    let t = Utc::now();
    let (cfg, mut d) = new_game(&dir, "pub", t);
    let site = dir.join("public/pub");
    // Stark's orders by mail, its secret in the mail; the placement closes.
    let body = format!(
        "密码: {}\r\n临冬城 行军+1\r\n白港 防守\r\n",
        secret("stark")
    );
    deliver(&mut d, &dir, &address(0), "m1", &body, t);
    close(&mut d, "pub", t + TimeDelta::seconds(1));
    assert!(
        site.join("index.html").is_file(),
        "the close wrote the site"
    );
    // Stark's plan sent while the Raven step is open: nothing of it is public yet.
    let plan = format!("密码: {}\r\n临冬城部队 移动到 卡林湾\r\n", secret("stark"));
    deliver(
        &mut d,
        &dir,
        &address(0),
        "m2",
        &plan,
        t + TimeDelta::seconds(2),
    );
    let plans_label = "公布的执行方案";
    for (p, bytes) in files(&site) {
        let text = String::from_utf8_lossy(&bytes);
        assert!(
            !text.contains(plans_label),
            "{} shows a plan before its step closed",
            p.display()
        );
    }
    // The Raven and the plans close (with the event phase and the next round's secret notices),
    // then the next step.
    close(&mut d, "pub", t + TimeDelta::seconds(3));
    close(&mut d, "pub", t + TimeDelta::seconds(4));
    close(&mut d, "pub", t + TimeDelta::seconds(5));
    let private = private_lines(&dir);
    assert!(!private.is_empty(), "some house was told something alone");
    let forbidden = forbidden(&private);

    // The site the daemon keeps: a page and a picture per close, and the plans published.
    let written = files(&site);
    let names: Vec<String> = written
        .iter()
        .filter_map(|(p, _)| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    for must in ["index.html", "history.html", "feed.xml", "style.css"] {
        assert!(names.contains(&must.to_string()), "{must} in {names:?}");
    }
    let pages = names
        .iter()
        .filter(|n| n.starts_with('r') && n.ends_with(".html"));
    assert_eq!(pages.count(), 4, "a page per close: {names:?}");
    // Per close the whole board and each house's theatre (the step's page shows the map by
    // theatre, issue 40).
    let wholes = names
        .iter()
        .filter(|n| n.ends_with(".png") && n.matches('.').count() == 1);
    assert_eq!(wholes.count(), 4, "a whole board per close: {names:?}");
    let pictures = names.iter().filter(|n| n.ends_with(".png"));
    assert_eq!(
        pictures.count(),
        4 * 7,
        "and a theatre per house: {names:?}"
    );
    assert!(
        names.iter().all(|n| !n.starts_with('.')),
        "no file left half written: {names:?}"
    );
    assert!(
        written
            .iter()
            .any(|(_, b)| String::from_utf8_lossy(b).contains(plans_label)),
        "the executed plans are published once their step closed"
    );
    for (p, bytes) in &written {
        assert_public("site", &p.display().to_string(), bytes, &forbidden);
    }

    // `maester site --out` in English and zh-Hant, `maester post` in both formats and for each
    // closed step.
    for lang in ["en", "zh-Hant"] {
        let out = dir.join(format!("by-hand-{lang}"));
        let o = maester(
            &cfg,
            &["site", "--out", &out.to_string_lossy(), "--lang", lang],
            None,
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        for (p, bytes) in files(&out) {
            assert_public("site", &p.display().to_string(), &bytes, &forbidden);
        }
    }
    for args in [
        vec!["post"],
        vec!["post", "--format", "markdown"],
        vec!["post", "--round", "1", "--step", "placement"],
        vec!["post", "--round", "1", "--step", "plan"],
    ] {
        let o = maester(&cfg, &args, None);
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(!o.stdout.is_empty(), "{args:?} printed nothing");
        assert_public("post", &args.join(" "), &o.stdout, &forbidden);
    }
    let o = maester(&cfg, &["post", "--round", "1", "--step", "plan"], None);
    let post = String::from_utf8_lossy(&o.stdout);
    assert!(post.starts_with("[size=5][b]pub 第1回合"), "{post}");
    assert!(
        post.contains(plans_label) && post.contains("[table]"),
        "{post}"
    );
    assert!(post.contains("(请把这张图片作为附件上传到本帖)"), "{post}");

    // A GM's rollback undoes the last close: the site written after it leaves that step out of
    // the history (its page is no longer linked), and the next close takes its place.
    let pages_of = |dir: &Path| -> Vec<String> {
        let history = std::fs::read_to_string(dir.join("history.html")).unwrap_or_default();
        history
            .split("href=\"")
            .skip(1)
            .filter_map(|r| r.split('"').next())
            .filter(|l| l.starts_with('r'))
            .map(str::to_string)
            .collect()
    };
    let before = pages_of(&site);
    assert_eq!(before.len(), 4, "{before:?}");
    let undone_picture = before[0].replace(".html", ".png");
    let undone_theatre = before[0].replace(".html", ".stark.png");
    assert!(site.join(&undone_picture).exists(), "a picture per close");
    assert!(site.join(&undone_theatre).exists(), "a theatre per house");
    let undo = GmCommand::Rollback {
        reason: "test".into(),
        when: None,
        target: None,
    };
    if let Err(e) = apply(&mut d, "pub", &undo, t + TimeDelta::seconds(6)) {
        panic!("{e}");
    }
    // The daemon's own site leaves it out at once, and its page and picture are gone.
    assert_eq!(
        pages_of(&site),
        before[1..].to_vec(),
        "the site after the rollback"
    );
    assert!(
        !site.join(&before[0]).exists(),
        "the undone page is removed"
    );
    assert!(!site.join(&undone_picture).exists(), "its picture too");
    assert!(!site.join(&undone_theatre).exists(), "and its theatres");
    assert!(site.join(&before[1]).exists(), "the others stay");
    let after_rollback = dir.join("after-rollback");
    let o = maester(
        &cfg,
        &["site", "--out", &after_rollback.to_string_lossy()],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let kept = pages_of(&after_rollback);
    assert_eq!(kept, before[1..].to_vec(), "the newest close undone");
    close(&mut d, "pub", t + TimeDelta::seconds(7));
    let again = pages_of(&site);
    assert_eq!(again.len(), 4, "{again:?}");
    assert_ne!(again[0], before[0], "the new close, under its own snapshot");

    // The GM's copies carry the post and the picture it names.
    let attached = gm_attachments(&dir);
    let posts: Vec<&(String, Vec<u8>)> = attached
        .iter()
        .filter(|(n, _)| n.ends_with("-post.txt"))
        .collect();
    assert_eq!(
        posts.len(),
        5,
        "a post per close (the undone one too): {:?}",
        attached.iter().map(|a| &a.0).collect::<Vec<_>>()
    );
    for (name, bytes) in &posts {
        assert_public("attached post", name, bytes, &forbidden);
        let png = name.replace("-post.txt", ".png");
        assert!(
            attached
                .iter()
                .any(|(n, b)| *n == png && b.get(1..4) == Some(&b"PNG"[..])),
            "{png} attached beside {name}"
        );
        assert!(
            String::from_utf8_lossy(bytes).contains(&png),
            "{name} names the picture to attach"
        );
    }
    // About 100 MB of database, backups, mails and sites: not left in /tmp by a green run.
    drop(d);
    let _ = std::fs::remove_dir_all(&dir);
}
