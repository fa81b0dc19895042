//! Open seats (issue 37, part 3): `gm seat-open --house H` (or `招替补 H` / `seat-open H` by
//! mail) marks a seat as wanted; the next forum post and the site's game page say which house
//! wants a substitute and how to apply — the GM's public contact (`[daemon] gm_contact`), or
//! the forum without one — never a player's address; `gm who` and `status --json` show it;
//! `gm replace` or `gm seat-close` clears it.

mod maildir_support;

use chrono::{DateTime, TimeDelta, Utc};
use maester::daemon::Daemon;
use maester::daemon::gm::{GmCommand, apply};
use maester::publish::Format;
use mail_parser::MimeHeaders;
use maildir_support::*;
use std::path::Path;

const ID: &str = "seats";
const CONTACT: &str = "referee-desk@forum.example";

fn t0() -> DateTime<Utc> {
    "2026-05-04T02:00:00Z"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"))
}

/// A game in `language` with the GM's address, `[daemon] gm_contact` set to `contact`, and
/// one step closed (so that a forum post exists).
fn setup(dir: &Path, language: &str, contact: Option<&str>) -> Daemon {
    setup_with_config(dir, language, contact).1
}

fn setup_with_config(
    dir: &Path,
    language: &str,
    contact: Option<&str>,
) -> (std::path::PathBuf, Daemon) {
    let cfg = write_config(dir, ID);
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    let mut daemon = "[daemon]\ngm_address = \"gm@x.example\"\n".to_string();
    if let Some(c) = contact {
        daemon.push_str(&format!("gm_contact = \"{c}\"\n"));
    }
    let text = text
        .replace("[daemon]\n", &daemon)
        .replace("[game]\n", &format!("[game]\nlanguage = \"{language}\"\n"));
    std::fs::write(&cfg, text).unwrap_or_default();
    let mut d = open_daemon(&cfg);
    let mut secrets: Vec<String> = HOUSES.iter().map(|h| format!("{h}-s")).collect();
    secrets.push("gm-s".into());
    if let Err(e) = maester::daemon::games::new_game(&mut d, t0(), Some(secrets)) {
        panic!("{e}");
    }
    gm(
        &mut d,
        GmCommand::Process {
            step: None,
            round: None,
        },
    );
    (cfg, d)
}

fn gm(d: &mut Daemon, cmd: GmCommand) -> String {
    match apply(d, ID, &cmd, t0() + TimeDelta::minutes(5)) {
        Ok(o) => o.summary,
        Err(e) => panic!("{cmd:?}: {e}"),
    }
}

fn post(d: &Daemon) -> String {
    match maester::daemon::publish::post(d, Some(ID), (None, None), Format::Bbcode) {
        Ok(parts) => parts.join("\n"),
        Err(e) => panic!("{e}"),
    }
}

/// The site's game page (`index.html`) written into `dir`/site, in `language`.
fn site_index(d: &Daemon, dir: &Path, language: Option<&str>) -> String {
    let out = dir.join("site");
    let lang = language.and_then(maester::config::MailLanguage::parse);
    if let Err(e) = maester::daemon::publish::site(d, Some(ID), &out, lang) {
        panic!("{e}");
    }
    std::fs::read_to_string(out.join("index.html")).unwrap_or_default()
}

fn seats_wanted(d: &Daemon) -> Vec<String> {
    let json = maester::daemon::status::show(d, Some(ID), true, Some(maester::board::Lang::En))
        .unwrap_or_else(|e| panic!("{e}"));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    let Some(list) = v.get("seats_wanted").and_then(|s| s.as_array()) else {
        panic!("no seats_wanted: {json}");
    };
    list.iter()
        .filter_map(|s| s.as_str().map(str::to_string))
        .collect()
}

/// The forum post attached to the GM's copies in the outbox (`…-post.txt`), joined.
fn gm_copy_post(dir: &Path) -> String {
    let mut posts = String::new();
    for e in std::fs::read_dir(dir.join("mail/outbox"))
        .into_iter()
        .flatten()
        .flatten()
    {
        let raw = std::fs::read(e.path()).unwrap_or_default();
        let Some(m) = mail_parser::MessageParser::default().parse(raw.as_slice()) else {
            continue;
        };
        for a in m.attachments() {
            if a.attachment_name().is_some_and(|n| n.contains("-post")) {
                posts.push_str(&String::from_utf8_lossy(a.contents()));
            }
        }
    }
    assert!(!posts.is_empty(), "no post attached to a GM copy");
    posts
}

/// No player's address (nor the GM's private one) in a public text.
fn no_address_in(text: &str, what: &str) {
    for a in ["a", "b", "c", "d", "e", "f", "gm"] {
        let addr = format!("{a}@x.example");
        assert!(!text.contains(&addr), "{what} shows {addr}:\n{text}");
    }
}

#[test]
fn an_open_seat_is_in_the_post_and_on_the_site_until_the_substitute_is_seated() {
    let dir = temp_dir("seat-open-en");
    let mut d = setup(&dir, "en", Some(CONTACT));
    let before = post(&d);
    assert!(!before.contains("wants a substitute"), "{before}");
    assert!(!site_index(&d, &dir, None).contains("wants a substitute"));
    assert!(seats_wanted(&d).is_empty());

    let said = gm(
        &mut d,
        GmCommand::SeatOpen {
            house: "stark".into(),
        },
    );
    assert!(said.contains("wants a substitute"), "{said}");
    let p = post(&d);
    assert!(p.contains("Substitutes wanted"), "{p}");
    assert!(p.contains("Stark wants a substitute player"), "{p}");
    assert!(p.contains(CONTACT), "{p}");
    no_address_in(&p, "the post");
    let page = site_index(&d, &dir, None);
    assert!(page.contains("Stark wants a substitute player"), "{page}");
    assert!(page.contains(CONTACT), "{page}");
    no_address_in(&page, "the site");
    // In Chinese, Simplified and Traditional, on the site as in the post.
    let zh = site_index(&d, &dir, Some("zh"));
    assert!(zh.contains("需要一位替补玩家接手"), "{zh}");
    let hant = site_index(&d, &dir, Some("zh-Hant"));
    assert!(hant.contains("需要一位替補玩家接手"), "{hant}");
    assert_eq!(seats_wanted(&d), vec!["stark".to_string()]);
    let who = gm(&mut d, GmCommand::Who);
    assert!(who.contains("seats wanting a substitute: stark"), "{who}");
    // The next close: the post attached to the GM's copy asks for the substitute too.
    let closed_at = t0() + TimeDelta::minutes(6);
    if let Err(e) = apply(
        &mut d,
        ID,
        &GmCommand::Process {
            step: None,
            round: None,
        },
        closed_at,
    ) {
        panic!("{e}");
    }
    if let Err(e) = d.send_outbox(closed_at) {
        panic!("{e}");
    }
    let copy_post = gm_copy_post(&dir);
    assert!(
        copy_post.contains("Stark wants a substitute player"),
        "{copy_post}"
    );
    assert!(copy_post.contains(CONTACT), "{copy_post}");
    no_address_in(&copy_post, "the GM copy's post");
    // Opened twice: nothing changes.
    let again = gm(
        &mut d,
        GmCommand::SeatOpen {
            house: "Stark".into(),
        },
    );
    assert!(again.contains("already"), "{again}");

    // The substitute is seated: the seat no longer wants one.
    gm(
        &mut d,
        GmCommand::Replace {
            house: "stark".into(),
            name: "Sub".into(),
            address: "sub@x.example".into(),
            language: None,
        },
    );
    let after = post(&d);
    assert!(!after.contains("wants a substitute"), "{after}");
    assert!(!after.contains("sub@x.example"), "{after}");
    assert!(!site_index(&d, &dir, None).contains("wants a substitute"));
    assert!(seats_wanted(&d).is_empty());
    let who = gm(&mut d, GmCommand::Who);
    assert!(!who.contains("seats wanting"), "{who}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn seat_close_ends_it_and_a_contact_naming_a_player_is_never_published() {
    let dir = temp_dir("seat-open-zh");
    // The GM wrote a player's address as his public contact: the forum is named instead.
    let mut d = setup(&dir, "zh", Some("c@x.example"));
    gm(
        &mut d,
        GmCommand::SeatOpen {
            house: "红狮".into(),
        },
    );
    let p = post(&d);
    assert!(p.contains("招募替补玩家"), "{p}");
    assert!(p.contains("需要一位替补玩家接手"), "{p}");
    assert!(p.contains("请在论坛上联系GM"), "{p}");
    no_address_in(&p, "the post");
    no_address_in(&site_index(&d, &dir, None), "the site");
    assert_eq!(seats_wanted(&d), vec!["lannister".to_string()]);
    let said = gm(
        &mut d,
        GmCommand::SeatClose {
            house: "lannister".into(),
        },
    );
    assert!(said.contains("no longer"), "{said}");
    assert!(!post(&d).contains("替补"));
    assert!(!site_index(&d, &dir, None).contains("替补"));
    assert!(seats_wanted(&d).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_without_a_contact_sends_applicants_to_the_forum() {
    let dir = temp_dir("seat-open-none");
    let mut d = setup(&dir, "en", None);
    gm(
        &mut d,
        GmCommand::SeatOpen {
            house: "martell".into(),
        },
    );
    let p = post(&d);
    assert!(p.contains("contact the GM on the forum"), "{p}");
    no_address_in(&p, "the post");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn seat_open_and_close_by_the_gm_s_mail() {
    let dir = temp_dir("seat-open-mail");
    let mut d = setup(&dir, "zh", Some(CONTACT));
    let inbox = dir.join("mail/inbox");
    let t = t0() + TimeDelta::minutes(10);
    let body = "密码: gm-s\r\n招替补 白狼\r\nseat-open martell\r\n";
    maester::demo::deliver(&inbox, "g1", &gm_mail(ID, "g1", body))
        .unwrap_or_else(|e| panic!("{e}"));
    d.tick(t).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        seats_wanted(&d),
        vec!["stark".to_string(), "martell".to_string()]
    );
    let body = "密码: gm-s\r\n取消招替补 白狼\r\n";
    maester::demo::deliver(&inbox, "g2", &gm_mail(ID, "g2", body))
        .unwrap_or_else(|e| panic!("{e}"));
    d.tick(t + TimeDelta::minutes(1))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(seats_wanted(&d), vec!["martell".to_string()]);
    let p = post(&d);
    assert!(p.contains(CONTACT), "{p}");
    assert!(!p.contains("白狼需要"), "{p}");
    assert!(p.contains("橙日需要"), "{p}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn seat_open_and_close_from_the_command_line() {
    let dir = temp_dir("seat-open-cli");
    let (cfg, d) = setup_with_config(&dir, "en", Some(CONTACT));
    drop(d);
    let run = |args: &[&str]| {
        let o = maester(&cfg, args, None);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    let out = run(&["gm", "--game", ID, "seat-open", "--house", "tyrell"]);
    assert!(out.contains("Tyrell") || out.contains("tyrell"), "{out}");
    let post = run(&["post", "--game", ID]);
    assert!(post.contains("Tyrell wants a substitute player"), "{post}");
    assert!(post.contains(CONTACT), "{post}");
    run(&["gm", "--game", ID, "seat-close", "--house", "tyrell"]);
    let post = run(&["post", "--game", ID]);
    assert!(!post.contains("wants a substitute"), "{post}");
    let _ = std::fs::remove_dir_all(&dir);
}
