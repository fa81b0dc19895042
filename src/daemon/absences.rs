//! Absences: a player announces one (`请假: 12月20日 到 12月27日` / `absent: 2026-12-20 to
//! 2026-12-27`), or the GM sets or cancels one; a deadline of a step that waits for the absent
//! house and falls in the absence moves to its end, and everyone is told. A player's absences
//! are capped per game (`[game.deadlines] absence_days`); the GM's are not.

use super::Daemon;
use super::deadlines::WaitChange;
use super::letters::{self, ErrorLine};
use super::loaded::{self as games, Loaded};
use crate::board::Lang;
use crate::error::Error;
use crate::lang::ast::Day;
use crate::lang::submit::Command;
use crate::store::{Absence, NewAbsence, StoreError, StoreTx};
use crate::words::deadlines as words;
use chrono::{DateTime, NaiveDate, TimeDelta, TimeZone, Utc};

/// Longest single absence accepted (a sanity bound; the cap is usually far lower).
const MAX_DAYS: i64 = 366;

/// An absence resolved against the game's calendar, ready to store.
#[derive(Debug, Clone)]
pub struct Resolved {
    game: String,
    house: String,
    first: NaiveDate,
    last: NaiveDate,
    starts: DateTime<Utc>,
    ends: DateTime<Utc>,
    days: u32,
    by_gm: bool,
}

impl Resolved {
    /// Store it (inside the caller's transaction); returns its id.
    pub fn write(&self, tx: &StoreTx<'_>, now: DateTime<Utc>) -> Result<i64, StoreError> {
        let (first, last) = (self.first.to_string(), self.last.to_string());
        let id = tx.add_absence(
            &NewAbsence {
                game_id: &self.game,
                house: &self.house,
                first_day: &first,
                last_day: &last,
                starts: self.starts,
                ends: self.ends,
                days: self.days,
                by_gm: self.by_gm,
            },
            now,
        )?;
        tx.append_audit(
            Some(&self.game),
            if self.by_gm { "gm" } else { "player" },
            "absence",
            &format!(
                "{} away {first} to {last} ({} days), id {id}",
                self.house, self.days
            ),
            now,
        )?;
        Ok(id)
    }

    /// `first to last` in words.
    pub fn days_text(&self, lang: Lang) -> String {
        words::days_text(&self.first.to_string(), &self.last.to_string(), lang)
    }
}

/// What a player's mail changes in the deadline policy, written with its answer.
#[derive(Debug, Clone)]
pub enum Change {
    /// `wait` or `nowait`.
    Wait(WaitChange),
    /// An absence.
    Absence(Resolved),
}

impl Change {
    /// Whether it lets the step close early again (`nowait`): the early close is then
    /// computed as after a submission.
    pub fn releases(&self) -> bool {
        matches!(self, Change::Wait(w) if !w.hold)
    }

    /// The deadline the step closes at once it is written (`wait`: the step's own), when it
    /// sets one.
    pub fn deadline(&self) -> Option<DateTime<Utc>> {
        match self {
            Change::Wait(w) if w.hold => w.deadline,
            _ => None,
        }
    }

    /// Write it inside the transaction that stores the answer.
    pub fn write(&self, tx: &StoreTx<'_>, now: DateTime<Utc>) -> Result<(), StoreError> {
        match self {
            Change::Wait(w) => w.write(tx, now),
            Change::Absence(a) => a.write(tx, now).map(|_| ()),
        }
    }
}

/// A day as written, in the game's calendar: a day without a year is the next such day from
/// `today` (or from `after`, for the last day of an absence).
fn calendar_day(day: Day, not_before: NaiveDate) -> Option<NaiveDate> {
    use chrono::Datelike;
    match day.year {
        Some(y) => NaiveDate::from_ymd_opt(y, day.month, day.day),
        None => {
            let this = NaiveDate::from_ymd_opt(not_before.year(), day.month, day.day);
            match this {
                Some(d) if d >= not_before => Some(d),
                _ => NaiveDate::from_ymd_opt(not_before.year() + 1, day.month, day.day),
            }
        }
    }
}

/// Resolve an absence from `first` to `last` for `house`: `None` when the dates do not work
/// (no such day, ends before it starts or in the past, longer than a year).
pub fn resolve(
    g: &Loaded,
    house: &str,
    first: Day,
    last: Day,
    by_gm: bool,
    now: DateTime<Utc>,
) -> Option<Resolved> {
    let tz = g.schedule.timezone();
    let today = now.with_timezone(&tz).date_naive();
    let first_day = calendar_day(first, today)?;
    let last_day = calendar_day(last, first_day)?;
    let days = (last_day - first_day).num_days() + 1;
    if last_day < first_day || last_day < today || days > MAX_DAYS {
        return None;
    }
    let local_start = |d: NaiveDate| {
        tz.from_local_datetime(&d.and_hms_opt(0, 0, 0)?)
            .earliest()
            .map(|t| t.with_timezone(&Utc))
    };
    let starts = local_start(first_day)?;
    // The end of the last day, at 23:59 local time (a deadline moved there reads that day).
    let ends = local_start(last_day.succ_opt()?)? - TimeDelta::minutes(1);
    Some(Resolved {
        game: g.row.id.clone(),
        house: house.to_string(),
        first: first_day,
        last: last_day,
        starts,
        ends,
        days: u32::try_from(days).ok()?,
        by_gm,
    })
}

/// Days of absence a house has announced itself in this game (not cancelled).
fn days_used(d: &Daemon, game: &str, house: &str) -> Result<u32, Error> {
    Ok(d.store
        .absences(game)?
        .iter()
        .filter(|a| a.house == house && a.set_by == "player")
        .map(|a| a.days)
        .sum())
}

/// What the policy commands of a mail amount to.
#[derive(Debug, Default)]
pub struct Requests {
    /// The changes to write with the answer.
    pub changes: Vec<Change>,
    /// Lines for the answer.
    pub info: Vec<String>,
    /// Lines refused (the mail then changes nothing).
    pub errors: Vec<ErrorLine>,
}

/// The policy commands of a player's accepted mail (`wait`, `absent`): what they change, and
/// the lines for the answer; an absence that does not work gives an error line quoting it.
pub fn requests(
    d: &Daemon,
    g: &Loaded,
    house: &str,
    commands: &[Command],
    now: DateTime<Utc>,
    lang: Lang,
) -> Result<Requests, Error> {
    let (mut changes, mut info, mut errors) = (Vec::new(), Vec::new(), Vec::new());
    let mut used = days_used(d, &g.row.id, house)?;
    let cap = g.cfg.deadlines.absence_days;
    for c in commands {
        match c {
            Command::Wait | Command::NoWait => {
                let hold = *c == Command::Wait;
                let w = super::deadlines::wait_request(d, g, house, hold)?;
                info.push(if hold {
                    words::waiting_asked(lang).to_string()
                } else {
                    words::no_wait_asked(lang).to_string()
                });
                changes.push(Change::Wait(w));
            }
            Command::Absent {
                first,
                last,
                line,
                text,
            } => {
                let error = |message: String| ErrorLine {
                    line: *line,
                    column: 0,
                    text: text.clone(),
                    message,
                    ..Default::default()
                };
                let Some(a) = resolve(g, house, *first, *last, false, now) else {
                    errors.push(error(words::absence_bad_dates(lang).to_string()));
                    continue;
                };
                if used + a.days > cap {
                    errors.push(error(words::absence_over_cap(a.days, used, cap, lang)));
                    continue;
                }
                used += a.days;
                info.push(words::absence_taken(&a.days_text(lang), used, cap, lang));
                changes.push(Change::Absence(a));
            }
            _ => {}
        }
    }
    Ok(Requests {
        changes,
        info,
        errors,
    })
}

/// Move every open deadline that falls in the absence of a house the step waits for (and
/// that has not sent yet) to the absence's end; everyone is told. Run in every tick before
/// the due steps close. Returns how many deadlines moved.
pub fn move_for_absences(d: &mut Daemon, now: DateTime<Utc>, errors: &mut usize) -> usize {
    let mut moved = 0;
    // A deadline moved to the end of one absence may fall in another: a few passes.
    for _ in 0..4 {
        let hits = match d.store.deadlines_in_absences() {
            Ok(h) => h,
            Err(e) => {
                *errors += 1;
                tracing::error!(error = %e, "reading the absences failed");
                return moved;
            }
        };
        let mut any = false;
        for a in hits {
            match move_one(d, &a, now) {
                Ok(true) => {
                    any = true;
                    moved += 1;
                }
                Ok(false) => {}
                Err(e) => {
                    *errors += 1;
                    tracing::error!(game = %a.game_id, error = %e, "moving a deadline for an absence failed");
                }
            }
        }
        if !any {
            break;
        }
    }
    moved
}

/// Move the deadline of `a`'s game to `a`'s end when the open step waits for its house.
fn move_one(d: &mut Daemon, a: &Absence, now: DateTime<Utc>) -> Result<bool, Error> {
    let g = games::load(d, &a.game_id)?;
    let Some(old) = g.row.deadline else {
        return Ok(false);
    };
    if old >= a.ends {
        return Ok(false);
    }
    let who = super::notify::sent_and_missing(d, &g)?;
    if !who.iter().any(|(k, at)| *k == a.house && at.is_none()) {
        return Ok(false);
    }
    let name = |l: Lang| match g.house_id(&a.house) {
        Some(h) => g.board.house(h).name(l).to_string(),
        None => a.house.clone(),
    };
    let tag = format!("absence:{}:{}", a.id, old.timestamp());
    let event = super::notify::moved_event(&g, a.ends, now);
    let mails = super::notify::notices_with_event(d, &g, &tag, None, Some(&event), |l| {
        words::moved_for_absence(
            &words::StepAt {
                step: &letters::step_name(g.state.step, l),
                round: g.state.round,
            },
            &name(l),
            &words::days_text(&a.first_day, &a.last_day, l),
            &g.at(a.ends, l),
            l,
        )
    })?;
    let mut t = super::deadlines::timing(d, &g)?;
    t.scheduled = None;
    let (id, round, step) = (g.row.id.clone(), g.row.round, g.row.step.clone());
    let written = d.store.transaction(|tx| -> Result<(), StoreError> {
        if tx.game(&id)?.and_then(|r| r.deadline) != Some(old) {
            return Err(StoreError::Stale {
                what: format!("game {id}"),
                detail: "its deadline was moved".into(),
            });
        }
        tx.set_step_timing(&id, round, &step, &t)?;
        tx.set_deadline(&id, Some(a.ends), now)?;
        for m in &mails {
            letters::queue(tx, Some(&id), m, None, now)?;
        }
        tx.append_audit(
            Some(&id),
            "daemon",
            "deadline moved for an absence",
            &format!(
                "round {round} {step}: {} away {} to {}; deadline {} -> {}",
                a.house,
                a.first_day,
                a.last_day,
                crate::store::format_ts(old),
                crate::store::format_ts(a.ends)
            ),
            now,
        )
        .map(|_| ())
    });
    match written {
        Ok(()) => Ok(true),
        Err(StoreError::Stale { .. }) => Ok(false),
        Err(e) => Err(e.into()),
    }
}
