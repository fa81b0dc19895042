//! Deadline schedules: when each step of a round closes.
//!
//! Pure: no clock inside, the time a step opens is always passed in.
//! A game's TOML has a `[schedule]` table:
//!
//! ```toml
//! [schedule]
//! timezone = "Asia/Shanghai"
//! min_open = "6h"            # optional: a calendar deadline closer than this moves on
//! [schedule.steps]
//! placement = "24h"          # a duration: 30m, 12h, 1d, 1d12h (elapsed time)
//! raven = "daily 21:00"      # or local times: daily HH:MM, Mon 21:00,
//! plan = "Mon 21:00, Thu 21:00"   # several, comma-separated
//! default = "24h"            # optional: for steps not listed
//! ```
//!
//! Durations are elapsed time (`1d` is always 24 hours, even across a DST
//! change); calendar entries are wall-clock times in the game's time zone.
//! A calendar step closes at the earliest occurrence strictly after it
//! opens and at least `min_open` after it opens. A local time that does not
//! exist (spring-forward gap) is read with the offset in force before the
//! gap (02:30 becomes 03:30 summer time); a local time that happens twice
//! (fall-back) means its first occurrence. `immediate = true` (or
//! [`Schedule::immediate`]) makes every deadline equal the opening time.

mod syntax;
#[cfg(test)]
mod tests;

use syntax::parse_rule;
pub use syntax::{ValueError, parse_duration};

use std::collections::BTreeMap;
use std::fmt;

use chrono::{
    DateTime, Datelike, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, Offset, TimeDelta,
    TimeZone, Utc, Weekday,
};
use chrono_tz::Tz;
use serde::{Deserialize, Deserializer};

/// Longest duration or `min_open` accepted (a sanity bound against typos).
const MAX_DAYS: i64 = 366;

/// The key of the fallback entry in `[schedule.steps]`.
pub const DEFAULT_STEP: &str = "default";

/// Why a schedule could not be loaded or a deadline computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScheduleError {
    /// The text is not valid TOML.
    Toml(String),
    /// A key is missing (e.g. `schedule.timezone`).
    Missing {
        /// The full key.
        key: String,
    },
    /// A key that is not part of a schedule.
    UnknownKey {
        /// The full key.
        key: String,
    },
    /// A value that cannot be used.
    BadValue {
        /// The full key, e.g. `schedule.steps.placement`.
        key: String,
        /// The value as written.
        value: String,
        /// What is wrong and what would be accepted.
        reason: String,
    },
    /// A deadline was asked for a step the schedule has no entry for (and
    /// there is no `default`).
    UnknownStep(String),
    /// The deadline lies outside the representable time range.
    OutOfRange {
        /// The step.
        step: String,
    },
}

impl fmt::Display for ScheduleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScheduleError::Toml(e) => write!(f, "schedule: invalid TOML: {e}"),
            ScheduleError::Missing { key } => write!(f, "{key} is missing"),
            ScheduleError::UnknownKey { key } => write!(f, "{key}: unknown key"),
            ScheduleError::BadValue { key, value, reason } => {
                write!(f, "{key} = {value:?}: {reason}")
            }
            ScheduleError::UnknownStep(step) => write!(
                f,
                "no deadline rule for step {step:?}: add it (or a `default`) to [schedule.steps]"
            ),
            ScheduleError::OutOfRange { step } => {
                write!(f, "deadline of step {step:?} is out of range")
            }
        }
    }
}

impl std::error::Error for ScheduleError {}

/// Why a deadline as the GM writes it ([`Schedule::read_when`]) does not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WhenError {
    /// `+…` that is no duration.
    Duration(ValueError),
    /// A duration past any date.
    TooFar,
    /// Neither a duration nor a local time.
    NotATime,
    /// A local time the game's time zone skips.
    NoLocalTime,
}

/// One local time at which a calendar step may close.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Occurrence {
    /// `None`: every day.
    day: Option<Weekday>,
    time: NaiveTime,
}

/// How one step's deadline is computed.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Rule {
    /// A fixed elapsed time after the step opens.
    After(TimeDelta),
    /// The next of these local times (at least `min_open` away).
    At(Vec<Occurrence>),
}

/// A game's deadline schedule (see the module docs for the TOML form).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Schedule {
    tz: Tz,
    min_open: TimeDelta,
    immediate: bool,
    steps: BTreeMap<String, Rule>,
    default: Option<Rule>,
}

impl Schedule {
    /// Reads the `[schedule]` table of a game's TOML, validating every
    /// value; errors name the key and the bad value.
    pub fn parse(toml_text: &str) -> Result<Schedule, ScheduleError> {
        let doc: toml::Table =
            toml::from_str(toml_text).map_err(|e| ScheduleError::Toml(e.to_string()))?;
        match doc.get("schedule") {
            Some(toml::Value::Table(t)) => Schedule::from_table(t),
            Some(other) => Err(bad("schedule", other, "must be a table ([schedule])")),
            None => Err(ScheduleError::Missing {
                key: "schedule".into(),
            }),
        }
    }

    /// Builds a schedule from the contents of a `[schedule]` table.
    pub fn from_table(table: &toml::Table) -> Result<Schedule, ScheduleError> {
        for key in table.keys() {
            if !["timezone", "min_open", "immediate", "steps"].contains(&key.as_str()) {
                return Err(ScheduleError::UnknownKey {
                    key: format!("schedule.{key}"),
                });
            }
        }
        let tz_text = string_at(table, "timezone")?.ok_or_else(|| ScheduleError::Missing {
            key: "schedule.timezone".into(),
        })?;
        let tz: Tz = tz_text.parse().map_err(|_| ScheduleError::BadValue {
            key: "schedule.timezone".into(),
            value: tz_text.to_string(),
            reason: "not an IANA time zone name (e.g. Asia/Shanghai, Europe/Berlin)".into(),
        })?;
        let min_open = match string_at(table, "min_open")? {
            Some(v) => parse_duration(v).map_err(|reason| ScheduleError::BadValue {
                key: "schedule.min_open".into(),
                value: v.to_string(),
                reason: reason.to_string(),
            })?,
            None => TimeDelta::zero(),
        };
        let immediate = match table.get("immediate") {
            None => false,
            Some(toml::Value::Boolean(b)) => *b,
            Some(other) => return Err(bad("schedule.immediate", other, "must be true or false")),
        };
        let mut steps = BTreeMap::new();
        let mut default = None;
        match table.get("steps") {
            None => {}
            Some(toml::Value::Table(t)) => {
                for (name, value) in t {
                    let key = format!("schedule.steps.{name}");
                    if !valid_step_name(name) {
                        return Err(ScheduleError::BadValue {
                            key,
                            value: name.clone(),
                            reason: "step names are lower-case letters, digits and '_'".into(),
                        });
                    }
                    let toml::Value::String(text) = value else {
                        return Err(bad(
                            &key,
                            value,
                            "must be a string like \"24h\" or \"daily 21:00\"",
                        ));
                    };
                    let rule = parse_rule(text).map_err(|reason| ScheduleError::BadValue {
                        key,
                        value: text.clone(),
                        reason: reason.to_string(),
                    })?;
                    if name == DEFAULT_STEP {
                        default = Some(rule);
                    } else {
                        steps.insert(name.clone(), rule);
                    }
                }
            }
            Some(other) => {
                return Err(bad(
                    "schedule.steps",
                    other,
                    "must be a table ([schedule.steps])",
                ));
            }
        }
        if steps.is_empty() && default.is_none() && !immediate {
            return Err(ScheduleError::Missing {
                key: "schedule.steps (at least one step or `default`, or immediate = true)".into(),
            });
        }
        Ok(Schedule {
            tz,
            min_open,
            immediate,
            steps,
            default,
        })
    }

    /// Demo/test mode: every deadline equals the time the step opens (UTC).
    pub fn immediate() -> Schedule {
        Schedule::immediate_in(Tz::UTC)
    }

    /// Demo/test mode in a given time zone (for formatting deadlines).
    pub fn immediate_in(tz: Tz) -> Schedule {
        Schedule {
            tz,
            min_open: TimeDelta::zero(),
            immediate: true,
            steps: BTreeMap::new(),
            default: None,
        }
    }

    /// The same schedule with every deadline brought forward to the
    /// opening time (keeps the time zone).
    pub fn into_immediate(self) -> Schedule {
        Schedule {
            immediate: true,
            ..self
        }
    }

    /// True in demo mode (every deadline equals the opening time).
    pub fn is_immediate(&self) -> bool {
        self.immediate
    }

    /// The game's time zone.
    pub fn timezone(&self) -> Tz {
        self.tz
    }

    /// The steps (and `default`) whose duration is 0: such a step would close as soon as it
    /// opened (new-game would close round 1 at once). `check-config` and `new-game` refuse them;
    /// demo mode is `immediate = true`.
    pub fn zero_steps(&self) -> Vec<String> {
        if self.immediate {
            return Vec::new();
        }
        let zero = |r: &Rule| matches!(r, Rule::After(d) if d.is_zero());
        let mut out: Vec<String> = self
            .steps
            .iter()
            .filter(|(_, r)| zero(r))
            .map(|(k, _)| k.clone())
            .collect();
        if self.default.as_ref().is_some_and(zero) {
            out.push(DEFAULT_STEP.to_string());
        }
        out
    }

    /// The minimum time a calendar step stays open.
    pub fn min_open(&self) -> TimeDelta {
        self.min_open
    }

    /// Checks the step names against the steps the game actually has:
    /// every listed step must be known (catches typos), and every known
    /// step must be listed unless there is a `default` (or demo mode).
    pub fn check_steps(&self, known: &[&str]) -> Result<(), ScheduleError> {
        if let Some(name) = self.steps.keys().find(|n| !known.contains(&n.as_str())) {
            return Err(ScheduleError::UnknownKey {
                key: format!("schedule.steps.{name} (known steps: {})", known.join(", ")),
            });
        }
        if self.default.is_none()
            && !self.immediate
            && let Some(missing) = known.iter().find(|k| !self.steps.contains_key(**k))
        {
            return Err(ScheduleError::Missing {
                key: format!("schedule.steps.{missing} (or schedule.steps.default)"),
            });
        }
        Ok(())
    }

    /// When a step that opened at `opened_at` closes. A step without its
    /// own entry uses `default`; without one it is
    /// [`ScheduleError::UnknownStep`].
    pub fn deadline_for(
        &self,
        step: &str,
        opened_at: DateTime<Utc>,
    ) -> Result<DateTime<Utc>, ScheduleError> {
        if self.immediate {
            return Ok(opened_at);
        }
        let rule = self
            .steps
            .get(step)
            .or(self.default.as_ref())
            .ok_or_else(|| ScheduleError::UnknownStep(step.to_string()))?;
        let out_of_range = || ScheduleError::OutOfRange {
            step: step.to_string(),
        };
        match rule {
            Rule::After(d) => opened_at.checked_add_signed(*d).ok_or_else(out_of_range),
            Rule::At(occurrences) => {
                next_occurrence(self.tz, occurrences, opened_at, self.min_open)
                    .ok_or_else(out_of_range)
            }
        }
    }

    /// A moment the GM writes: `+2d`, `+1d12h`, `+90m` from `now`, or a local date and time
    /// in the game's time zone, `2026-12-01 20:00` (also `2026-12-01T20:00`).
    pub fn parse_when(
        &self,
        text: &str,
        now: DateTime<Utc>,
    ) -> Result<DateTime<Utc>, ScheduleError> {
        self.read_when(text, now)
            .map_err(|e| self.when_error(text, e))
    }

    /// [`Schedule::parse_when`], its refusal as data.
    pub fn read_when(&self, text: &str, now: DateTime<Utc>) -> Result<DateTime<Utc>, WhenError> {
        let t = text.trim();
        if let Some(rest) = t.strip_prefix('+') {
            let d = parse_duration(rest).map_err(WhenError::Duration)?;
            return now.checked_add_signed(d).ok_or(WhenError::TooFar);
        }
        let naive = ["%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M:%S"]
            .iter()
            .find_map(|f| chrono::NaiveDateTime::parse_from_str(t, f).ok())
            .ok_or(WhenError::NotATime)?;
        naive
            .and_local_timezone(self.tz)
            .earliest()
            .map(|l| l.with_timezone(&Utc))
            .ok_or(WhenError::NoLocalTime)
    }

    /// The schedule error a deadline `text` that does not read comes to, in English.
    pub fn when_error(&self, text: &str, e: WhenError) -> ScheduleError {
        ScheduleError::BadValue {
            key: "deadline".into(),
            value: text.to_string(),
            reason: match e {
                WhenError::Duration(e) => e.to_string(),
                WhenError::TooFar => "too far".into(),
                WhenError::NotATime => {
                    "expected +2d, +12h, +1d12h or a local time like 2026-12-01 20:00".into()
                }
                WhenError::NoLocalTime => format!("no such local time in {}", self.tz.name()),
            },
        }
    }

    /// The schedule as the welcome mails tell it: each step's rule, the default, the zone.
    pub fn describe(&self) -> crate::words::deadlines::ScheduleText {
        use crate::words::deadlines::{ScheduleText, StepDeadline};
        let words = |rule: &Rule| match rule {
            Rule::After(d) => StepDeadline::After(d.num_minutes()),
            Rule::At(times) => StepDeadline::At(
                times
                    .iter()
                    .map(|o| {
                        let day = o.day.map(|d| d.num_days_from_monday() as u8);
                        (day, o.time.format("%H:%M").to_string())
                    })
                    .collect(),
            ),
        };
        ScheduleText {
            steps: self
                .steps
                .iter()
                .map(|(k, r)| (k.clone(), words(r)))
                .collect(),
            default: self.default.as_ref().map(words),
            zone: self.tz.name().to_string(),
            beijing: is_beijing_time(self.tz),
            immediate: self.immediate,
        }
    }

    /// A deadline for Chinese-speaking players in the game's time zone.
    pub fn format_deadline_zh(&self, deadline: DateTime<Utc>) -> String {
        format_deadline_zh(deadline, self.tz)
    }

    /// A deadline for English-speaking players in the game's time zone.
    pub fn format_deadline_en(&self, deadline: DateTime<Utc>) -> String {
        format_deadline_en(deadline, self.tz)
    }
}

impl<'de> Deserialize<'de> for Schedule {
    /// Deserializes the contents of a `[schedule]` table (so a game config
    /// struct can have a `schedule: Schedule` field).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let table = toml::Table::deserialize(deserializer)?;
        Schedule::from_table(&table).map_err(serde::de::Error::custom)
    }
}

/// `2026年11月23日 21:00 (北京时间/Asia/Shanghai)`: a deadline in `tz` for
/// Chinese-speaking players.
pub fn format_deadline_zh(deadline: DateTime<Utc>, tz: Tz) -> String {
    let local = deadline.with_timezone(&tz);
    crate::words::deadlines::local_time_zh(
        (local.year(), local.month(), local.day()),
        &local.format("%H:%M").to_string(),
        tz.name(),
        is_beijing_time(tz),
    )
}

/// `Mon 23 Nov 2026 21:00 Asia/Shanghai`: a deadline in `tz` for
/// English-speaking players.
pub fn format_deadline_en(deadline: DateTime<Utc>, tz: Tz) -> String {
    let local = deadline.with_timezone(&tz);
    format!("{} {}", local.format("%a %-d %b %Y %H:%M"), tz.name())
}

fn is_beijing_time(tz: Tz) -> bool {
    matches!(
        tz,
        Tz::Asia__Shanghai | Tz::Asia__Chongqing | Tz::Asia__Chungking | Tz::Asia__Harbin | Tz::PRC
    )
}

fn bad(key: &str, value: &toml::Value, reason: &str) -> ScheduleError {
    ScheduleError::BadValue {
        key: key.to_string(),
        value: value.to_string(),
        reason: reason.to_string(),
    }
}

fn string_at<'t>(table: &'t toml::Table, key: &str) -> Result<Option<&'t str>, ScheduleError> {
    match table.get(key) {
        None => Ok(None),
        Some(toml::Value::String(s)) => Ok(Some(s)),
        Some(other) => Err(bad(&format!("schedule.{key}"), other, "must be a string")),
    }
}

fn valid_step_name(name: &str) -> bool {
    name.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// The UTC instant of a local wall-clock time, DST-aware: the first of two
/// (fall-back), or read with the pre-gap offset (spring-forward).
fn resolve_local(tz: Tz, local: NaiveDateTime) -> Option<DateTime<Utc>> {
    match tz.from_local_datetime(&local) {
        LocalResult::Single(t) => Some(t.with_timezone(&Utc)),
        LocalResult::Ambiguous(a, b) => Some(a.min(b).with_timezone(&Utc)),
        LocalResult::None => {
            // In a gap: use the offset in force a day before (before the jump).
            let before = local.checked_sub_signed(TimeDelta::days(1))?;
            let offset = tz.from_local_datetime(&before).earliest()?.offset().fix();
            let utc = local
                .checked_sub_signed(TimeDelta::seconds(i64::from(offset.local_minus_utc())))?;
            Some(utc.and_utc())
        }
    }
}

/// The earliest occurrence strictly after `opened_at` and at least
/// `min_open` after it.
fn next_occurrence(
    tz: Tz,
    occurrences: &[Occurrence],
    opened_at: DateTime<Utc>,
    min_open: TimeDelta,
) -> Option<DateTime<Utc>> {
    let threshold = opened_at.checked_add_signed(min_open)?;
    let first_day: NaiveDate = threshold.with_timezone(&tz).date_naive().pred_opt()?;
    let mut best: Option<DateTime<Utc>> = None;
    // A weekly entry occurs within 8 days of the threshold's local date.
    for date in first_day.iter_days().take(10) {
        for occ in occurrences {
            if occ.day.is_some_and(|w| w != date.weekday()) {
                continue;
            }
            let Some(at) = resolve_local(tz, date.and_time(occ.time)) else {
                continue;
            };
            if at > opened_at && at >= threshold && best.is_none_or(|b| at < b) {
                best = Some(at);
            }
        }
    }
    best
}
