//! Every move of a deadline carries the step's calendar event (issue 37, part 1's rest): a
//! pause (the event cancelled), a resume, a GM's rollback (the reopened step's event), a deadline given by the
//! GM's mail, and an early close (the report opening the next step carries its event, its
//! deadline counted from the early close). Each event is read with a real iCalendar parser
//! and held against the store: the same UID per game, round and step, a higher SEQUENCE, the
//! new time.

mod maildir_support;

use chrono::{DateTime, TimeDelta, Utc};
use icalendar::{Calendar, CalendarDateTime, Component, DatePerhapsTime};
use maester::daemon::Daemon;
use maester::daemon::gm::{GmCommand, apply};
use mail_parser::MimeHeaders;
use maildir_support::*;
use std::path::Path;

const ID: &str = "cal";

fn t0() -> DateTime<Utc> {
    "2026-05-04T02:00:00Z"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"))
}

fn setup(tag: &str) -> (std::path::PathBuf, Daemon) {
    let dir = temp_dir(tag);
    let (_cfg, d) = new_game_with_gm(&dir, ID, t0());
    (dir, d)
}

fn tick(d: &mut Daemon, now: DateTime<Utc>) {
    if let Err(e) = d.tick(now) {
        panic!("{e}");
    }
}

fn gm(d: &mut Daemon, cmd: GmCommand, now: DateTime<Utc>) {
    if let Err(e) = apply(d, ID, &cmd, now) {
        panic!("{cmd:?}: {e}");
    }
}

fn row(d: &Daemon) -> maester::store::Game {
    match d.store.game(ID) {
        Ok(Some(g)) => g,
        other => panic!("{other:?}"),
    }
}

/// A calendar event as read: UID, SEQUENCE, end, cancelled.
#[derive(Clone, Debug, PartialEq)]
struct Seen {
    uid: String,
    sequence: u32,
    end: DateTime<Utc>,
    cancelled: bool,
}

/// The calendar attachments of the mails, as text.
fn calendar_texts(mails: &[Vec<u8>]) -> Vec<String> {
    let mut out = Vec::new();
    for raw in mails {
        let Some(m) = mail_parser::MessageParser::default().parse(raw.as_slice()) else {
            panic!("unparsable mail");
        };
        for a in m.attachments() {
            if a.content_type()
                .is_some_and(|ct| ct.subtype() == Some("calendar"))
            {
                out.push(String::from_utf8_lossy(a.contents()).into_owned());
            }
        }
    }
    out
}

/// The calendar events of the mails, parsed.
fn events_of(mails: &[Vec<u8>]) -> Vec<Seen> {
    let mut out = Vec::new();
    for raw in mails {
        let Some(m) = mail_parser::MessageParser::default().parse(raw.as_slice()) else {
            panic!("unparsable mail");
        };
        for a in m.attachments() {
            let Some(ct) = a.content_type() else { continue };
            if ct.ctype() != "text" || ct.subtype() != Some("calendar") {
                continue;
            }
            let text = String::from_utf8_lossy(a.contents()).into_owned();
            let cal: Calendar = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
            for e in cal.events() {
                let end = match e.get_end() {
                    Some(DatePerhapsTime::DateTime(CalendarDateTime::Utc(t))) => t,
                    other => panic!("not a UTC time: {other:?}"),
                };
                out.push(Seen {
                    uid: e.get_uid().unwrap_or_default().to_string(),
                    sequence: e.get_sequence().unwrap_or_else(|| panic!("{text}")),
                    end,
                    cancelled: e.get_status() == Some(icalendar::EventStatus::Cancelled),
                });
            }
        }
    }
    out
}

/// The one event the mails to Stark's player carry.
fn one_event(dir: &Path, what: &str) -> Seen {
    let mut seen = events_of(&take_mails(dir, "a@x.example"));
    let Some(e) = seen.pop() else {
        panic!("{what}: no calendar event");
    };
    assert!(seen.is_empty(), "{what}: one event expected, also {seen:?}");
    e
}

/// The event as the store says it should be now.
fn expected(d: &Daemon) -> Seen {
    let r = row(d);
    Seen {
        uid: format!("{ID}-r{}-{}@maester", r.round, r.step),
        sequence: maester::daemon::letters::calendar_sequence(r.created_at, r.updated_at),
        end: r.deadline.unwrap_or_else(|| panic!("no deadline: {r:?}")),
        cancelled: false,
    }
}

#[test]
fn a_resume_carries_the_step_s_event_at_its_new_time() {
    let (dir, mut d) = setup("cal-resume");
    tick(&mut d, t0());
    let welcome = one_event(&dir, "the welcome");
    gm(&mut d, GmCommand::Pause, t0() + TimeDelta::hours(1));
    tick(&mut d, t0() + TimeDelta::hours(1));
    // The pause notice cancels the step's event: the same UID, a higher SEQUENCE.
    let notice = take_mails(&dir, "a@x.example");
    let paused = events_of(&notice);
    let [p] = paused.as_slice() else {
        panic!("one event in the pause notice: {paused:?}");
    };
    assert_eq!(p.uid, welcome.uid);
    assert!(p.sequence > welcome.sequence);
    let texts = calendar_texts(&notice);
    assert!(
        texts
            .iter()
            .all(|t| t.contains("STATUS:CANCELLED\r\n") && !t.contains("VALARM")),
        "the paused step's event is cancelled, with no reminder: {texts:?}"
    );
    let _ = take_mails(&dir, "@");
    let now = t0() + TimeDelta::hours(5);
    gm(&mut d, GmCommand::Resume { when: None }, now);
    tick(&mut d, now);
    let resumed = one_event(&dir, "the resume notice");
    assert_eq!(resumed, expected(&d));
    assert_eq!(resumed.uid, welcome.uid);
    assert!(
        resumed.sequence > p.sequence,
        "the resume replaces the cancelled event"
    );
    assert_eq!(
        resumed.end,
        welcome.end + TimeDelta::hours(4),
        "the time paused"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_rollback_carries_the_reopened_step_s_event() {
    let (dir, mut d) = setup("cal-rollback");
    tick(&mut d, t0());
    let welcome = one_event(&dir, "the welcome");
    let now = t0() + TimeDelta::hours(1);
    gm(
        &mut d,
        GmCommand::Process {
            step: None,
            round: None,
        },
        now,
    );
    tick(&mut d, now);
    let _ = take_mails(&dir, "@");
    let later = now + TimeDelta::hours(1);
    gm(
        &mut d,
        GmCommand::Rollback {
            reason: "a wrong ruling".into(),
            when: Some("+2d".into()),
            target: None,
        },
        later,
    );
    tick(&mut d, later);
    assert_eq!(row(&d).step, "placement", "the placement is open again");
    // The reopened step's event, beside the cancellation of round 2's placement the close had
    // opened (`a_rollback_cancels_the_events_of_the_steps_it_undid`).
    let seen = events_of(&take_mails(&dir, "a@x.example"));
    let [reopened] = seen
        .iter()
        .filter(|e| e.uid == welcome.uid)
        .collect::<Vec<_>>()[..]
    else {
        panic!("the rollback notice: one event of the placement: {seen:?}");
    };
    assert_eq!(*reopened, expected(&d));
    assert_eq!(reopened.uid, welcome.uid, "the placement's own event");
    assert!(reopened.sequence > welcome.sequence);
    assert_eq!(reopened.end, later + TimeDelta::days(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_deadline_the_gm_moves_by_mail_carries_the_event() {
    let (dir, mut d) = setup("cal-gm-mail");
    tick(&mut d, t0());
    let welcome = one_event(&dir, "the welcome");
    let inbox = dir.join("mail/inbox");
    let body = "密码: gm-s\r\n延期 +1d\r\n";
    maester::demo::deliver(&inbox, "g1", &gm_mail(ID, "g1", body))
        .unwrap_or_else(|e| panic!("{e}"));
    let now = t0() + TimeDelta::hours(2);
    tick(&mut d, now);
    let moved = one_event(&dir, "the deadline notice");
    assert_eq!(moved, expected(&d));
    assert_eq!(moved.uid, welcome.uid);
    assert!(moved.sequence > welcome.sequence);
    assert_eq!(moved.end, welcome.end + TimeDelta::days(1));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_early_close_opens_the_next_step_with_its_event_counted_from_the_close() {
    let (dir, mut d) = setup("cal-early");
    tick(&mut d, t0());
    let welcome = one_event(&dir, "the welcome");
    // Every house passes: the step closes the early close delay (30 minutes) after the last
    // mail, long before its deadline.
    let inbox = dir.join("mail/inbox");
    for (h, a) in HOUSES.iter().zip(["a", "b", "c", "d", "e", "f"]) {
        let raw = mail_from(&format!("{a}@x.example"), h, &format!("密码: {h}-s\n无\n"));
        maester::demo::deliver(&inbox, h, &raw).unwrap_or_else(|e| panic!("{e}"));
    }
    let sent_at = t0() + TimeDelta::hours(1);
    tick(&mut d, sent_at);
    assert_eq!(row(&d).step, "placement", "not closed before the delay");
    let _ = take_mails(&dir, "@");
    let closed_at = sent_at + TimeDelta::minutes(31);
    tick(&mut d, closed_at);
    let r = row(&d);
    assert!(
        (r.round, r.step.as_str()) != (1, "placement"),
        "closed early: {r:?}"
    );
    let next = one_event(&dir, "the report opening the next step");
    assert_eq!(next, expected(&d));
    assert_ne!(next.uid, welcome.uid);
    assert!(next.sequence > welcome.sequence);
    assert!(
        next.end < welcome.end + TimeDelta::days(1),
        "the next deadline counts from the early close, not from the old deadline: {next:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The GM enters `text` for `house`.
fn submit(d: &mut Daemon, house: &str, text: &str, now: DateTime<Utc>) {
    let cmd = GmCommand::Submit {
        house: house.into(),
        text: text.into(),
        guard: Default::default(),
    };
    gm(d, cmd, now);
}

fn process(d: &mut Daemon, now: DateTime<Utc>) {
    let cmd = GmCommand::Process {
        step: None,
        round: None,
    };
    gm(d, cmd, now);
    tick(d, now);
}

#[test]
fn a_rollback_cancels_the_events_of_the_steps_it_undid() {
    let (dir, mut d) = setup("cal-rollback-undone");
    tick(&mut d, t0());
    let welcome = one_event(&dir, "the welcome");
    // Stark alone marches: the placement's close opens the plan step for Stark only.
    let mut now = t0() + TimeDelta::minutes(10);
    submit(&mut d, "stark", "Winterfell march\n", now);
    now += TimeDelta::hours(1);
    process(&mut d, now);
    let r = row(&d);
    assert_eq!((r.round, r.step.as_str()), (1, "plan"), "{r:?}");
    let mails = take_mails(&dir, "@");
    let [plan] = &events_of(&to(&mails, "a@x.example"))[..] else {
        panic!("one event in the report opening the plan step");
    };
    let plan = plan.clone();
    assert_eq!(plan, expected(&d));
    assert!(
        events_of(&to(&mails, "b@x.example")).is_empty(),
        "Greyjoy is asked nothing in the plan step"
    );
    // The plan's close opens a step of round 2 for every house.
    submit(
        &mut d,
        "stark",
        "Winterfell units move to Castle Black.\n",
        now,
    );
    now += TimeDelta::hours(1);
    process(&mut d, now);
    let r = row(&d);
    assert_eq!(r.round, 2, "{r:?}");
    let mails = take_mails(&dir, "@");
    let [second] = &events_of(&to(&mails, "a@x.example"))[..] else {
        panic!("one event in the report opening round 2");
    };
    let second = second.clone();
    assert_eq!(second, expected(&d));
    let greyjoy_second = events_of(&to(&mails, "b@x.example"));
    assert_eq!(
        greyjoy_second,
        std::slice::from_ref(&second),
        "the same event"
    );

    // Back to round 1's placement: both later steps are undone.
    now += TimeDelta::hours(1);
    gm(
        &mut d,
        GmCommand::Rollback {
            reason: "a wrong ruling".into(),
            when: None,
            target: Some((1, maester::rules::Step::Placement)),
        },
        now,
    );
    tick(&mut d, now);
    let r = row(&d);
    assert_eq!((r.round, r.step.as_str()), (1, "placement"), "{r:?}");
    let reopened = expected(&d);
    assert_eq!(reopened.uid, welcome.uid);

    // Stark: the plan step's and round 2's events cancelled, the placement's sent again.
    let mails = take_mails(&dir, "@");
    let stark = events_of(&to(&mails, "a@x.example"));
    for raw in to(&mails, "a@x.example") {
        let body = maester::mail::decode(&raw).body;
        assert!(
            body.contains("附件中的日历事件取消了已撤回的后续步骤的截止时间"),
            "the notice says so: {body}"
        );
    }
    assert_eq!(stark.len(), 3, "{stark:?}");
    assert!(stark.contains(&reopened), "{stark:?}");
    for undone in [&plan, &second] {
        let Some(c) = stark.iter().find(|e| e.uid == undone.uid) else {
            panic!("no cancellation of {undone:?}: {stark:?}");
        };
        assert!(c.cancelled, "{c:?}");
        assert!(c.sequence > undone.sequence, "{c:?} after {undone:?}");
    }
    // Greyjoy was never sent the plan step's event: round 2's is cancelled, nothing else.
    let greyjoy = events_of(&to(&mails, "b@x.example"));
    assert_eq!(greyjoy.len(), 2, "{greyjoy:?}");
    assert!(greyjoy.contains(&reopened), "{greyjoy:?}");
    assert!(!greyjoy.iter().any(|e| e.uid == plan.uid), "{greyjoy:?}");
    let Some(c) = greyjoy.iter().find(|e| e.uid == greyjoy_second[0].uid) else {
        panic!("no cancellation of round 2's step: {greyjoy:?}");
    };
    assert!(
        c.cancelled && c.sequence > greyjoy_second[0].sequence,
        "{c:?}"
    );
    let calendars = calendar_texts(&take_mails(&dir, "@"));
    assert!(calendars.is_empty(), "{calendars:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The mails among `mails` to `addr`.
fn to(mails: &[Vec<u8>], addr: &str) -> Vec<Vec<u8>> {
    mails
        .iter()
        .filter(|raw| maester::mail::decode(raw).to.iter().any(|t| t == addr))
        .cloned()
        .collect()
}
