//! The values of `[schedule.steps]` as written: a duration (`1d12h`) or local times
//! (`daily 21:00`, `Mon 21:00`, `周一 21:00`), and what is wrong with one that does not read.

use super::{MAX_DAYS, Occurrence, Rule};
use chrono::{NaiveTime, TimeDelta, Weekday};
use std::fmt;

/// Why a schedule value does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueError {
    /// A duration.
    Duration(DurationError),
    /// A local time.
    Time(TimeError),
}

/// What is wrong with a duration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DurationError {
    /// Nothing written.
    Empty,
    /// The text from where a number was expected.
    NoNumber(String),
    /// A number too large to read.
    TooLarge,
    /// A number without its unit.
    NoUnit,
    /// A unit other than d, h or m.
    UnknownUnit(char),
    /// A unit twice, or a smaller one before a larger.
    UnitOrder,
    /// Beyond what a duration can hold.
    TooLong,
    /// Longer than `MAX_DAYS`.
    OverMax,
}

/// What is wrong with a local time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeError {
    /// An empty entry.
    Empty,
    /// A word that is no day.
    NoDay(String),
    /// A time that is not HH:MM.
    NoTime(String),
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const DURATION: &str = "expected a duration like 30m, 12h, 1d or 1d12h";
        const TIME: &str = "expected \"daily HH:MM\", \"Mon HH:MM\" or several separated by commas";
        match self {
            ValueError::Duration(e) => match e {
                DurationError::Empty => write!(f, "empty; {DURATION}"),
                DurationError::NoNumber(rest) => {
                    write!(f, "{rest:?} does not start with a number; {DURATION}")
                }
                DurationError::TooLarge => write!(f, "number too large; {DURATION}"),
                DurationError::NoUnit => {
                    write!(f, "number without a unit (d, h or m); {DURATION}")
                }
                DurationError::UnknownUnit(u) => {
                    write!(f, "unknown unit {u:?} (use d, h or m); {DURATION}")
                }
                DurationError::UnitOrder => {
                    write!(f, "units must each appear once, largest first; {DURATION}")
                }
                DurationError::TooLong => write!(f, "too long; {DURATION}"),
                DurationError::OverMax => write!(f, "longer than {MAX_DAYS} days"),
            },
            ValueError::Time(e) => match e {
                TimeError::Empty => write!(f, "empty entry; {TIME}"),
                TimeError::NoDay(d) => write!(f, "{d:?} is not a day; {TIME}"),
                TimeError::NoTime(t) => write!(f, "{t:?} is not a time HH:MM; {TIME}"),
            },
        }
    }
}

impl std::error::Error for ValueError {}

/// A step value: a duration if it starts with a digit and has no `:`,
/// otherwise a comma-separated list of local times.
pub(super) fn parse_rule(text: &str) -> Result<Rule, ValueError> {
    let t = text.trim();
    if t.starts_with(|c: char| c.is_ascii_digit()) && !t.contains(':') {
        parse_duration(t).map(Rule::After)
    } else {
        let occurrences = t
            .split([',', '，'])
            .map(parse_occurrence)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Rule::At(occurrences))
    }
}

/// `30m`, `12h`, `1d`, `1d12h`, `1d 12h 30m`: days, hours, minutes, each at
/// most once and in that order. `0m` is allowed (closes at once).
pub fn parse_duration(text: &str) -> Result<TimeDelta, ValueError> {
    use DurationError::*;
    let e = ValueError::Duration;
    let mut rest = text.trim();
    if rest.is_empty() {
        return Err(e(Empty));
    }
    let mut total: i64 = 0;
    let mut last_rank = usize::MAX;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        if digits == 0 {
            return Err(e(NoNumber(rest.to_string())));
        }
        let number: i64 = rest[..digits].parse().map_err(|_| e(TooLarge))?;
        rest = &rest[digits..];
        let unit = rest.chars().next().ok_or(e(NoUnit))?;
        let (rank, seconds) = match unit {
            'd' => (2, 86_400),
            'h' => (1, 3_600),
            'm' => (0, 60),
            other => return Err(e(UnknownUnit(other))),
        };
        if rank >= last_rank {
            return Err(e(UnitOrder));
        }
        last_rank = rank;
        total = number
            .checked_mul(seconds)
            .and_then(|s| total.checked_add(s))
            .ok_or(e(TooLong))?;
        rest = rest[unit.len_utf8()..].trim_start();
    }
    if total > MAX_DAYS * 86_400 {
        return Err(e(OverMax));
    }
    Ok(TimeDelta::seconds(total))
}

/// `daily 21:00`, `Mon 21:00`, `monday 21:00`, `21:00` (daily), `周一 21:00`.
fn parse_occurrence(entry: &str) -> Result<Occurrence, ValueError> {
    let entry = entry.trim();
    if entry.is_empty() {
        return Err(ValueError::Time(TimeError::Empty));
    }
    let (day_text, time_text) = match entry.split_once(char::is_whitespace) {
        Some((d, t)) => (Some(d.trim()), t.trim()),
        None => (None, entry),
    };
    let day = match day_text {
        None => None,
        Some(d) => parse_day(d).ok_or_else(|| ValueError::Time(TimeError::NoDay(d.to_string())))?,
    };
    let time = parse_hhmm(time_text)
        .ok_or_else(|| ValueError::Time(TimeError::NoTime(time_text.to_string())))?;
    Ok(Occurrence { day, time })
}

/// `Some(None)` for every day, `Some(Some(w))` for a weekday.
fn parse_day(text: &str) -> Option<Option<Weekday>> {
    let lower = text.to_lowercase();
    let day = match lower.as_str() {
        "daily" | "everyday" | "每天" | "每日" => return Some(None),
        "mon" | "monday" | "周一" | "星期一" => Weekday::Mon,
        "tue" | "tues" | "tuesday" | "周二" | "星期二" => Weekday::Tue,
        "wed" | "wednesday" | "周三" | "星期三" => Weekday::Wed,
        "thu" | "thur" | "thurs" | "thursday" | "周四" | "星期四" => Weekday::Thu,
        "fri" | "friday" | "周五" | "星期五" => Weekday::Fri,
        "sat" | "saturday" | "周六" | "星期六" => Weekday::Sat,
        "sun" | "sunday" | "周日" | "周天" | "星期日" | "星期天" => Weekday::Sun,
        _ => return None,
    };
    Some(Some(day))
}

fn parse_hhmm(text: &str) -> Option<NaiveTime> {
    let (h, m) = text.split_once(':')?;
    let valid = |s: &str, max_len| {
        !s.is_empty() && s.len() <= max_len && s.bytes().all(|b| b.is_ascii_digit())
    };
    if !valid(h, 2) || m.len() != 2 || !valid(m, 2) {
        return None;
    }
    NaiveTime::from_hms_opt(h.parse().ok()?, m.parse().ok()?, 0)
}
