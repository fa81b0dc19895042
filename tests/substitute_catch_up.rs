//! A substitute's catch-up (issue 37, part 3): `gm replace` mails the new player, beside his
//! welcome, the rounds so far for his house (castles, power, supply and the standings per
//! round; the battles it fought), the last report his house was sent, the open step's form
//! and deadline with the step's calendar event, and his house's picture and the whole board.
//! The mail is read back with a real MIME parser and its calendar with a real iCalendar one.

mod maildir_support;

use chrono::{DateTime, TimeDelta, Utc};
use icalendar::{Calendar, CalendarDateTime, Component, DatePerhapsTime};
use maester::daemon::Daemon;
use maester::daemon::gm::{GmCommand, apply};
use mail_parser::MimeHeaders;
use maildir_support::*;
use std::path::Path;

const ID: &str = "catch";

fn t0() -> DateTime<Utc> {
    "2026-05-04T02:00:00Z"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"))
}

fn row(d: &Daemon) -> maester::store::Game {
    match d.store.game(ID) {
        Ok(Some(g)) => g,
        other => panic!("{other:?}"),
    }
}

/// The GM closes steps until round 2's placement is open (nobody sends anything).
fn to_round_two(d: &mut Daemon) -> DateTime<Utc> {
    let mut now = t0();
    for _ in 0..12 {
        let r = row(d);
        if r.round == 2 && r.step == "placement" {
            return now;
        }
        now += TimeDelta::hours(1);
        let process = GmCommand::Process {
            step: None,
            round: None,
        };
        if let Err(e) = apply(d, ID, &process, now) {
            panic!("{e}");
        }
    }
    panic!("round 2's placement never opened: {:?}", row(d));
}

/// The catch-up among the mails to `addr`: its text and its parts (type, bytes).
fn catch_up(dir: &Path, addr: &str, subject: &str) -> (String, Vec<(String, Vec<u8>)>) {
    for raw in take_mails(dir, addr) {
        let Some(m) = mail_parser::MessageParser::default().parse(&raw) else {
            panic!("unparsable mail");
        };
        if !m.subject().unwrap_or_default().contains(subject) {
            continue;
        }
        let text = m.body_text(0).map(|t| t.to_string()).unwrap_or_default();
        let parts = m
            .attachments()
            .map(|a| {
                let ct = a
                    .content_type()
                    .map(|c| format!("{}/{}", c.ctype(), c.subtype().unwrap_or_default()))
                    .unwrap_or_default();
                (ct, a.contents().to_vec())
            })
            .collect();
        return (text, parts);
    }
    panic!("no mail \"{subject}\" to {addr}");
}

fn utc(t: Option<DatePerhapsTime>) -> DateTime<Utc> {
    match t {
        Some(DatePerhapsTime::DateTime(CalendarDateTime::Utc(t))) => t,
        other => panic!("not a UTC time: {other:?}"),
    }
}

fn replace(d: &mut Daemon, house: &str, address: &str, lang: &str, now: DateTime<Utc>) {
    let cmd = GmCommand::Replace {
        house: house.into(),
        name: "Sub".into(),
        address: address.into(),
        language: maester::config::MailLanguage::parse(lang),
    };
    if let Err(e) = apply(d, ID, &cmd, now) {
        panic!("{e}");
    }
    if let Err(e) = d.send_outbox(now) {
        panic!("{e}");
    }
}

#[test]
fn the_substitute_gets_the_rounds_so_far_the_last_report_the_form_and_the_deadline() {
    let dir = temp_dir("catch-up");
    let (_cfg, mut d) = new_game_with_gm(&dir, ID, t0());
    let now = to_round_two(&mut d) + TimeDelta::minutes(5);
    let _ = take_mails(&dir, "@");
    replace(&mut d, "stark", "sub@x.example", "en", now);
    let (text, parts) = catch_up(&dir, "sub@x.example", "Catching up with Stark");

    // The rounds so far: round 1 with the house's numbers and the standings.
    assert!(text.contains("After round 1: castles "), "{text}");
    assert!(text.contains("Standings (castles): "), "{text}");
    assert!(
        !text.contains("After round 2"),
        "round 2 has not ended: {text}"
    );
    assert!(text.contains("Battles your house fought"), "{text}");
    // The open step, its deadline and its form.
    assert!(text.contains("Round 2, "), "{text}");
    assert!(text.contains("is open until"), "{text}");
    assert!(text.contains("___"), "the form's blanks: {text}");
    // The last report Stark was sent, built again in English (Stark's player read Chinese).
    assert!(
        text.contains("The last report your house was sent (built again in your language)"),
        "{text}"
    );
    assert!(
        text.contains("White Harbor"),
        "the report in English: {text}"
    );
    assert!(!text.contains("白港"), "no Chinese report: {text}");
    // No secret, old or new, and no other player's address.
    assert!(!text.contains("stark-s"), "{text}");
    for a in ["a", "b", "c", "d", "e", "f"] {
        assert!(!text.contains(&format!("{a}@x.example")), "{text}");
    }

    // The pictures: the house's and the whole board's, as PNG.
    let pngs: Vec<&Vec<u8>> = parts
        .iter()
        .filter(|(t, _)| t == "image/png")
        .map(|(_, b)| b)
        .collect();
    assert_eq!(
        pngs.len(),
        2,
        "{:?}",
        parts.iter().map(|p| &p.0).collect::<Vec<_>>()
    );
    for p in pngs {
        assert!(p.starts_with(b"\x89PNG\r\n\x1a\n"));
    }

    // The calendar event of the open step: the step's UID, the store's deadline.
    let cals: Vec<String> = parts
        .iter()
        .filter(|(t, _)| t == "text/calendar")
        .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
        .collect();
    let [ics] = cals.as_slice() else {
        panic!("one calendar event expected: {cals:?}");
    };
    let cal: Calendar = ics.parse().unwrap_or_else(|e| panic!("{e}\n{ics}"));
    let events: Vec<_> = cal.events().collect();
    let [e] = events.as_slice() else {
        panic!("one VEVENT: {ics}");
    };
    let r = row(&d);
    assert_eq!(
        e.get_uid(),
        Some(format!("{ID}-r2-placement@maester").as_str())
    );
    assert_eq!(Some(utc(e.get_end())), r.deadline, "{ics}");
    assert_eq!(
        e.get_sequence(),
        Some(maester::daemon::letters::calendar_sequence(
            r.created_at,
            r.updated_at
        ))
    );

    // A substitute who reads Traditional Chinese gets it in his words and script.
    replace(&mut d, "martell", "lin@x.example", "zh-Hant", now);
    let (text, parts) = catch_up(&dir, "lin@x.example", "近況");
    assert!(text.contains("第1回合後"), "{text}");
    assert!(text.contains("你的家族打過的仗"), "{text}");
    assert_eq!(parts.iter().filter(|(t, _)| t == "image/png").count(), 2);
    assert_eq!(
        parts.iter().filter(|(t, _)| t == "text/calendar").count(),
        1
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_catch_up_lists_the_battles_the_house_fought() {
    let dir = temp_dir("catch-up-battle");
    let (_cfg, mut d) = new_game_with_gm(&dir, ID, t0());
    let mut now = t0();
    let submit = |d: &mut Daemon, house: &str, text: &str, now| {
        let cmd = GmCommand::Submit {
            house: house.into(),
            text: text.into(),
            guard: Default::default(),
        };
        if let Err(e) = apply(d, ID, &cmd, now) {
            panic!("{e}");
        }
    };
    // Greyjoy's fleet sails into Lannister's: a battle at sea in round 1.
    submit(&mut d, "greyjoy", "Ironman's Bay march\n", now);
    for _ in 0..6 {
        now += TimeDelta::hours(1);
        let r = row(&d);
        if r.round > 1 {
            break;
        }
        if r.step == "plan" {
            submit(
                &mut d,
                "greyjoy",
                "Ironman's Bay units move to The Golden Sound.\n",
                now,
            );
        }
        let process = GmCommand::Process {
            step: None,
            round: None,
        };
        if let Err(e) = apply(&mut d, ID, &process, now) {
            panic!("{e}");
        }
    }
    let _ = take_mails(&dir, "@");
    replace(&mut d, "lannister", "sub@x.example", "en", now);
    let (text, _) = catch_up(&dir, "sub@x.example", "Catching up with Lannister");
    assert!(
        text.contains("Round 1, The Golden Sound: defended against Greyjoy, "),
        "{text}"
    );
    assert!(!text.contains("None yet."), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The report of the close among the mails to `addr` whose subject has `subject`: its text.
fn stored_report(dir: &Path, addr: &str, subject: &str) -> String {
    take_mails(dir, addr)
        .iter()
        .filter_map(|raw| mail_parser::MessageParser::default().parse(raw))
        .filter(|m| m.subject().unwrap_or_default().contains(subject))
        .filter_map(|m| m.body_text(0).map(|t| t.to_string()))
        .next_back()
        .unwrap_or_else(|| panic!("no report \"{subject}\" to {addr}"))
}

/// The catch-up's last-report part: from its heading to the end.
fn report_part<'a>(text: &'a str, heading: &str) -> &'a str {
    match text.find(heading) {
        Some(at) => &text[at..],
        None => panic!("no \"{heading}\" in {text}"),
    }
}

#[test]
fn the_last_report_comes_again_in_the_substitutes_language_and_script() {
    let dir = temp_dir("catch-up-report");
    let (_cfg, mut d) = new_game_with_gm(&dir, ID, t0());
    let mut now = to_round_two(&mut d) + TimeDelta::minutes(5);
    // Stark's orders of round 2, revealed by the placement's close: the last report.
    let submit = GmCommand::Submit {
        house: "stark".into(),
        text: "Winterfell march\nWhite Harbor support\nThe Shivering Sea raid\n".into(),
        guard: Default::default(),
    };
    if let Err(e) = apply(&mut d, ID, &submit, now) {
        panic!("{e}");
    }
    now += TimeDelta::hours(1);
    gm_close_and_send(&mut d, ID, now);
    // What Stark's old player (Chinese) was sent.
    let stored = stored_report(&dir, "a@x.example", "第2回合");
    assert!(stored.contains("第2回合"), "{stored}");
    for zh in ["临冬城", "白港", "颤抖海"] {
        assert!(stored.contains(zh), "{zh}: {stored}");
    }
    let _ = take_mails(&dir, "@");

    // An English substitute: the same report, round 2's placement, the same orders, in English.
    replace(&mut d, "stark", "sub@x.example", "en", now);
    let (text, _) = catch_up(&dir, "sub@x.example", "Catching up with Stark");
    let part = report_part(
        &text,
        "The last report your house was sent (built again in your language)",
    );
    assert!(
        part.contains("round 2 · results of order placement"),
        "{part}"
    );
    assert!(
        part.contains("Stark: White Harbor support; Winterfell march; The Shivering Sea raid"),
        "{part}"
    );
    assert!(!part.contains("临冬城"), "{part}");
    assert!(
        !part.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
        "no Chinese in the English report: {part}"
    );

    // A substitute who reads Traditional characters: the same report in his script.
    replace(&mut d, "stark", "lin@x.example", "zh-Hant", now);
    let (text, _) = catch_up(&dir, "lin@x.example", "近況");
    let part = report_part(&text, "你的家族收到的上一份戰報(按你的語言重新生成)");
    assert!(part.contains("第2回合"), "{part}");
    for hant in ["臨冬城", "白港", "顫抖海"] {
        assert!(part.contains(hant), "{hant}: {part}");
    }
    for hans in ["临冬城", "颤抖海", "战报", "结果"] {
        assert!(!part.contains(hans), "{hans}: {part}");
    }
    assert_eq!(
        maester::words::hant::to_traditional(part),
        part,
        "no Simplified-only characters"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
