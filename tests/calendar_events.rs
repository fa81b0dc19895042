//! Deadlines as calendar events: the welcome, the report that opens a step for a house and
//! the notice of a moved deadline carry a `text/calendar; method=PUBLISH` attachment. Each is
//! read back with a real iCalendar parser (the `icalendar` crate) and compared with the
//! store's deadline: one UID per game, round and step, a higher SEQUENCE when the deadline
//! moves, a reminder before it, CRLF lines folded at 75 octets.

mod maildir_support;

use chrono::{DateTime, TimeDelta, Utc};
use icalendar::{Calendar, CalendarDateTime, Component, DatePerhapsTime};
use maester::daemon::Daemon;
use maester::daemon::gm::{GmCommand, apply};
use mail_parser::MimeHeaders;
use maildir_support::*;
use std::path::Path;

fn setup(tag: &str, now: DateTime<Utc>) -> (std::path::PathBuf, Daemon) {
    let dir = temp_dir(tag);
    let cfg = write_config(&dir, "cal");
    let mut d = open_daemon(&cfg);
    let mut secrets: Vec<String> = HOUSES.iter().map(|h| format!("{h}-s")).collect();
    secrets.push("gm-s".into());
    if let Err(e) = maester::daemon::games::new_game(&mut d, now, Some(secrets)) {
        panic!("{e}");
    }
    (dir, d)
}

fn tick(d: &mut Daemon, now: DateTime<Utc>) {
    if let Err(e) = d.tick(now) {
        panic!("{e}");
    }
}

fn row(d: &Daemon) -> maester::store::Game {
    match d.store.game("cal") {
        Ok(Some(g)) => g,
        other => panic!("{other:?}"),
    }
}

/// The calendar attachments of a raw mail: their content type and text.
fn calendars(raw: &[u8]) -> Vec<(String, String)> {
    let Some(m) = mail_parser::MessageParser::default().parse(raw) else {
        panic!("unparsable mail");
    };
    m.attachments()
        .filter_map(|a| {
            let ct = a.content_type()?;
            if ct.ctype() != "text" || ct.subtype() != Some("calendar") {
                return None;
            }
            let params: Vec<String> = ct
                .attributes()
                .into_iter()
                .flatten()
                .map(|a| format!("{}={}", a.name, a.value))
                .collect();
            let text = String::from_utf8(a.contents().to_vec()).unwrap_or_default();
            Some((params.join(";"), text))
        })
        .collect()
}

/// What a parsed event says.
#[derive(Debug)]
struct Seen {
    uid: String,
    sequence: u32,
    end: DateTime<Utc>,
    start: DateTime<Utc>,
    stamp: DateTime<Utc>,
    summary: String,
    alarms: usize,
}

fn utc(t: Option<DatePerhapsTime>) -> DateTime<Utc> {
    match t {
        Some(DatePerhapsTime::DateTime(CalendarDateTime::Utc(t))) => t,
        other => panic!("not a UTC time: {other:?}"),
    }
}

/// The one event of a calendar text, parsed; the text's lines checked (CRLF, ≤ 75 octets).
fn parse(text: &str) -> Seen {
    assert!(text.ends_with("\r\n"), "{text:?}");
    for line in text.split("\r\n") {
        assert!(line.len() <= 75, "a line longer than 75 octets: {line:?}");
        assert!(!line.contains('\n'), "a bare LF: {line:?}");
    }
    let cal: Calendar = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(cal.property_value("METHOD"), Some("PUBLISH"), "{text}");
    let events: Vec<_> = cal.events().collect();
    let [e] = events.as_slice() else {
        panic!("one VEVENT expected: {text}");
    };
    Seen {
        uid: e.get_uid().unwrap_or_default().to_string(),
        sequence: e
            .get_sequence()
            .unwrap_or_else(|| panic!("no SEQUENCE: {text}")),
        end: utc(e.get_end()),
        start: utc(e.get_start()),
        stamp: e
            .get_timestamp()
            .unwrap_or_else(|| panic!("no DTSTAMP: {text}")),
        summary: e.get_summary().unwrap_or_default().to_string(),
        alarms: e
            .components()
            .iter()
            .filter(|c| c.component_kind() == "VALARM")
            .count(),
    }
}

/// The one calendar event of each mail in `mails` that has one.
fn events_of(mails: &[Vec<u8>]) -> Vec<Seen> {
    mails
        .iter()
        .flat_map(|m| calendars(m))
        .map(|(params, text)| {
            assert!(params.contains("method=PUBLISH"), "{params}");
            parse(&text)
        })
        .collect()
}

fn at(s: &str) -> DateTime<Utc> {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn welcome_carries_the_first_deadline_and_a_moved_deadline_a_higher_sequence() {
    let t0 = at("2026-05-04T02:00:00Z");
    let (dir, mut d) = setup("cal-move", t0);
    let first = row(&d);
    let deadline = first.deadline.unwrap_or_else(|| panic!("no deadline"));
    // The welcome: the first step's deadline, stamped with the clock it was made with.
    tick(&mut d, t0);
    let welcome = events_of(&take_mails(&dir, "a@x.example"));
    let [w] = welcome.as_slice() else {
        panic!("one event in the welcome: {welcome:?}");
    };
    assert_eq!(w.uid, "cal-r1-placement@maester");
    assert_eq!(w.end, deadline, "the event ends at the store's deadline");
    assert_eq!(w.start, deadline - TimeDelta::minutes(15));
    assert_eq!(w.stamp, t0);
    assert_eq!(w.sequence, 0);
    assert_eq!(w.alarms, 1, "a reminder before the deadline");
    assert!(
        w.summary.contains("cal") && w.summary.contains("第1轮"),
        "{}",
        w.summary
    );
    // The GM gives one day more: the notice carries the same event, moved, a higher SEQUENCE.
    let now = t0 + TimeDelta::hours(3);
    let cmd = GmCommand::Deadline {
        when: "+1d".into(),
        guard: Default::default(),
    };
    if let Err(e) = apply(&mut d, "cal", &cmd, now) {
        panic!("{e}");
    }
    tick(&mut d, now);
    let moved_row = row(&d);
    let moved = moved_row.deadline.unwrap_or_else(|| panic!("no deadline"));
    assert_eq!(moved, deadline + TimeDelta::days(1));
    let notice = events_of(&take_mails(&dir, "a@x.example"));
    let [n] = notice.as_slice() else {
        panic!("one event in the notice: {notice:?}");
    };
    assert_eq!(n.uid, w.uid, "the same event");
    assert_eq!(n.end, moved, "the new deadline");
    assert!(n.sequence > w.sequence, "{} > {}", n.sequence, w.sequence);
    assert_eq!(
        i64::from(n.sequence),
        (moved_row.updated_at - moved_row.created_at).num_seconds(),
        "the SEQUENCE is the store's revision of the deadline"
    );
    assert_eq!(n.stamp, now);
    // Moved again: higher still.
    let later = now + TimeDelta::hours(1);
    if let Err(e) = apply(&mut d, "cal", &cmd, later) {
        panic!("{e}");
    }
    tick(&mut d, later);
    let again = events_of(&take_mails(&dir, "a@x.example"));
    let [a] = again.as_slice() else {
        panic!("one event in the second notice: {again:?}");
    };
    assert_eq!(a.uid, w.uid);
    assert!(a.sequence > n.sequence);
    assert_eq!(Some(a.end), row(&d).deadline);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_report_that_opens_a_step_carries_its_deadline() {
    let t0 = at("2026-05-04T02:00:00Z");
    let (dir, mut d) = setup("cal-report", t0);
    let deadline = row(&d).deadline.unwrap_or_else(|| panic!("no deadline"));
    tick(&mut d, t0);
    let _ = take_mails(&dir, "@");
    // Nobody sends: the GM closes the placement and the next step opens.
    let now = deadline - TimeDelta::hours(1);
    let process = GmCommand::Process {
        step: None,
        round: None,
    };
    if let Err(e) = apply(&mut d, "cal", &process, now) {
        panic!("{e}");
    }
    tick(&mut d, now);
    let after = row(&d);
    let Some(next) = after.deadline else {
        panic!("no next deadline: {after:?}");
    };
    let uid = format!("cal-r{}-{}@maester", after.round, after.step);
    let mut carried = 0;
    for h in ["a", "b", "c", "d", "e", "f"] {
        for e in events_of(&take_mails_keep(&dir, &format!("{h}@x.example"))) {
            assert_eq!(e.uid, uid);
            assert_eq!(e.end, next, "the store's deadline of the step opened");
            assert_eq!(
                i64::from(e.sequence),
                (after.updated_at - after.created_at).num_seconds()
            );
            carried += 1;
        }
    }
    assert!(carried > 0, "no report carried the next step's deadline");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_grace_moves_the_event_of_the_houses_still_to_send() {
    let t0 = at("2026-05-04T02:00:00Z");
    let (dir, mut d) = setup("cal-grace", t0);
    let deadline = row(&d).deadline.unwrap_or_else(|| panic!("no deadline"));
    tick(&mut d, t0);
    let welcome = events_of(&take_mails(&dir, "a@x.example"));
    let [w] = welcome.as_slice() else {
        panic!("one event in the welcome: {welcome:?}");
    };
    // Nobody sent by the deadline: the grace begins and the late notice carries the event.
    let now = deadline + TimeDelta::minutes(1);
    tick(&mut d, now);
    let after = row(&d);
    let Some(until) = after.deadline else {
        panic!("no deadline in the grace");
    };
    assert!(until > deadline, "a grace: {after:?}");
    let late = events_of(&take_mails(&dir, "a@x.example"));
    let [l] = late.as_slice() else {
        panic!("one event in the late notice: {late:?}");
    };
    assert_eq!(l.uid, w.uid);
    assert_eq!(l.end, until);
    assert!(l.sequence > w.sequence);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every mail in the outbox to `to`, raw, left there.
fn take_mails_keep(dir: &Path, to: &str) -> Vec<Vec<u8>> {
    std::fs::read_dir(dir.join("mail/outbox"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| std::fs::read(e.path()).unwrap_or_default())
        .filter(|raw| maester::mail::decode(raw).to.iter().any(|t| t.contains(to)))
        .collect()
}

#[test]
fn a_traditional_reader_gets_the_title_in_traditional_and_folding_keeps_characters_whole() {
    let ev = maester::daemon::letters::DeadlineEvent {
        game: "长长长长长长长长长长长长长长长长长长长长长长长长长长长长长长长长长长".into(),
        round: 3,
        step: maester::rules::Step::Plan,
        deadline: at("2026-05-05T12:00:00Z"),
        sequence: 7,
        stamp: at("2026-05-04T02:00:00Z"),
        cancelled: false,
    };
    let text = ev.ics(
        maester::board::Lang::Zh,
        maester::words::hant::Script::Traditional,
    );
    let e = parse(&text);
    assert!(e.summary.contains("長長"), "{}", e.summary);
    assert!(e.summary.contains("第3輪"), "{}", e.summary);
    assert_eq!(e.sequence, 7);
    assert_eq!(e.end, ev.deadline);
}
