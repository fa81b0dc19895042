//! A step's deadline as a calendar event (RFC 5545): the `text/calendar; method=PUBLISH`
//! attachment of the welcome, of every report that opens a step and of every mail that moves
//! a deadline, so that a phone's mail app offers to put it in the calendar.
//!
//! One event per game, round and step, whatever mail carries it: its UID is
//! `<game>-r<round>-<step>@maester`, and its SEQUENCE is the number of seconds from the game's
//! creation to the moment its deadline was set — the game's `updated_at` in the store, which
//! every change of step or deadline moves forward — so a moved deadline always comes with a
//! higher SEQUENCE and a calendar replaces the old time.

use crate::board::Lang;
use crate::mail::Attachment;
use crate::rules::Step;
use crate::words::hant::Script;
use chrono::{DateTime, TimeDelta, Utc};

/// How long before the deadline the event's reminder rings.
pub const REMINDER_HOURS: u32 = 2;

/// The MIME type of the attachment.
pub const CONTENT_TYPE: &str = "text/calendar; method=PUBLISH; charset=UTF-8";

/// One step's deadline as an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeadlineEvent {
    /// The game's id.
    pub game: String,
    /// The round of the step.
    pub round: u8,
    /// The step.
    pub step: Step,
    /// When the step closes.
    pub deadline: DateTime<Utc>,
    /// The event's revision ([`sequence`]).
    pub sequence: u32,
    /// When the mail is written (the injected clock).
    pub stamp: DateTime<Utc>,
    /// The step has no deadline for now (a pause): the event is sent `STATUS:CANCELLED`,
    /// with no reminder; the resume sends it again at its new time, a higher SEQUENCE.
    pub cancelled: bool,
}

/// The SEQUENCE of a deadline set at `set_at` in a game created at `created`: the seconds
/// between them (never below 0, at most `i32::MAX` as RFC 5545's INTEGER allows).
pub fn sequence(created: DateTime<Utc>, set_at: DateTime<Utc>) -> u32 {
    let secs = (set_at - created)
        .num_seconds()
        .clamp(0, i64::from(i32::MAX));
    u32::try_from(secs).unwrap_or(0)
}

impl DeadlineEvent {
    /// The stable UID of the step's event.
    pub fn uid(&self) -> String {
        let game: String = self
            .game
            .chars()
            .map(|c| {
                if c.is_ascii_graphic() && c != '@' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        format!("{game}-r{}-{}@maester", self.round, self.step.key())
    }

    /// The calendar object (`VCALENDAR` with one `VEVENT` and its `VALARM`), CRLF lines folded
    /// at 75 octets, its words in `lang` and `script`.
    pub fn ics(&self, lang: Lang, script: Script) -> String {
        use crate::words::calendar as w;
        let summary = script.write(&w::summary(&self.game, self.round, self.step, lang));
        let description = script.write(&w::description(&self.game, self.round, self.step, lang));
        let reminder = script.write(&w::reminder(&self.game, REMINDER_HOURS, lang));
        let start = self.deadline - TimeDelta::minutes(15);
        let mut lines = vec![
            "BEGIN:VCALENDAR".to_string(),
            "VERSION:2.0".to_string(),
            "PRODID:-//maester//deadlines//EN".to_string(),
            "CALSCALE:GREGORIAN".to_string(),
            "METHOD:PUBLISH".to_string(),
            "BEGIN:VEVENT".to_string(),
            format!("UID:{}", self.uid()),
            format!("SEQUENCE:{}", self.sequence),
            format!("DTSTAMP:{}", utc(self.stamp)),
            format!("DTSTART:{}", utc(start)),
            format!("DTEND:{}", utc(self.deadline)),
            format!("SUMMARY:{}", escape(&summary)),
            format!("DESCRIPTION:{}", escape(&description)),
            "TRANSP:TRANSPARENT".to_string(),
        ];
        if self.cancelled {
            lines.push("STATUS:CANCELLED".to_string());
        } else {
            lines.extend([
                "BEGIN:VALARM".to_string(),
                "ACTION:DISPLAY".to_string(),
                format!("DESCRIPTION:{}", escape(&reminder)),
                format!("TRIGGER;RELATED=END:-PT{REMINDER_HOURS}H"),
                "END:VALARM".to_string(),
            ]);
        }
        lines.extend(["END:VEVENT".to_string(), "END:VCALENDAR".to_string()]);
        lines.iter().map(|l| fold(l)).collect()
    }

    /// The attachment carrying [`DeadlineEvent::ics`].
    pub fn attachment(&self, lang: Lang, script: Script) -> Attachment {
        Attachment {
            filename: crate::words::calendar::file_name(&self.game, self.round, self.step),
            content_type: CONTENT_TYPE.to_string(),
            bytes: self.ics(lang, script).into_bytes(),
        }
    }
}

/// A UTC time as RFC 5545 writes it: `20261202T013500Z`.
fn utc(t: DateTime<Utc>) -> String {
    t.format("%Y%m%dT%H%M%SZ").to_string()
}

/// A TEXT value escaped (RFC 5545 §3.3.11).
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// One content line ended by CRLF, folded so that no line is longer than 75 octets (the
/// continuation lines begin with a space, which counts), never inside a character.
fn fold(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + 8);
    let mut used = 0;
    for c in line.chars() {
        let n = c.len_utf8();
        if used + n > 75 {
            out.push_str("\r\n ");
            used = 1;
        }
        out.push(c);
        used += n;
    }
    out.push_str("\r\n");
    out
}
