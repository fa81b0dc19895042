//! The deadline policy for the GM: what it looks like for a game (for `status` and `who`), an
//! absence set or cancelled by the GM, and the reminder offsets changed.

use super::{GmOutcome, house_for_gm, house_of, notices};
use crate::board::Lang;
use crate::daemon::Daemon;
use crate::daemon::absences;
use crate::daemon::games::Loaded;
use crate::error::Error;
use crate::lang::ast::Day;
use crate::words::deadlines as words;
use crate::words::gm_refusals::GmRefusal;
use crate::words::gm_results as said;
use chrono::{DateTime, Utc};

/// The deadline policy of a game's open step, as shown by `status` and `who`.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PolicyView {
    /// The step's own deadline (before an early close or a grace), RFC 3339.
    pub step_deadline: Option<String>,
    /// The end of the grace, when the deadline passed with houses late.
    pub grace_until: Option<String>,
    /// The house that wrote `wait` (no early close in this step).
    pub wait_by: Option<String>,
    /// The reminders sent in this step (how long before the deadline: `24h`, `4h`).
    pub reminders_sent: Vec<String>,
    /// The absences not cancelled.
    pub absences: Vec<AbsenceView>,
}

/// One absence.
#[derive(Debug, Clone, serde::Serialize)]
pub struct AbsenceView {
    /// Its id (`maester gm absence --cancel <id>`).
    pub id: i64,
    /// The house.
    pub house: String,
    /// First day (local date).
    pub first_day: String,
    /// Last day (local date, inclusive).
    pub last_day: String,
    /// Length in days.
    pub days: u32,
    /// `player` or `gm`.
    pub set_by: String,
}

/// An offset in seconds as the config writes it (`1d`, `24h`, `4h`, `30m`).
fn offset_text(secs: i64) -> String {
    if secs % 3_600 == 0 {
        format!("{}h", secs / 3_600)
    } else {
        format!("{}m", secs / 60)
    }
}

/// The policy view of a loaded game.
pub fn view(d: &Daemon, g: &Loaded) -> Result<PolicyView, Error> {
    let t = d.store.step_timing(&g.row.id, g.row.round, &g.row.step)?;
    let sent = d
        .store
        .reminders_sent_in(&g.row.id, g.row.round, &g.row.step)?;
    Ok(PolicyView {
        step_deadline: t.scheduled.or(g.row.deadline).map(|t| t.to_rfc3339()),
        grace_until: t.grace_until.map(|t| t.to_rfc3339()),
        wait_by: t.held_by,
        reminders_sent: sent.into_iter().map(|(s, _)| offset_text(s)).collect(),
        absences: d
            .store
            .absences(&g.row.id)?
            .into_iter()
            .map(|a| AbsenceView {
                id: a.id,
                house: a.house,
                first_day: a.first_day,
                last_day: a.last_day,
                days: a.days,
                set_by: a.set_by,
            })
            .collect(),
    })
}

/// The policy view as lines of text (for `status` and `who`).
pub fn lines(v: &PolicyView) -> Vec<String> {
    lines_in(v, None, Lang::En)
}

/// [`lines`] in `lang`; with the game, times in its time zone and houses by name.
pub(crate) fn lines_in(v: &PolicyView, g: Option<&Loaded>, lang: Lang) -> Vec<String> {
    let at = |t: &str| match (g, DateTime::parse_from_rfc3339(t)) {
        (Some(g), Ok(t)) => g.at(t.with_timezone(&Utc), lang),
        _ => t.to_string(),
    };
    let house = |k: &str| match g {
        Some(g) => house_for_gm(g, k, lang),
        None => k.to_string(),
    };
    let mut out = Vec::new();
    if let Some(until) = &v.grace_until {
        out.push(said::policy_grace(
            &v.step_deadline
                .as_deref()
                .map(at)
                .unwrap_or_else(|| "-".into()),
            &at(until),
            lang,
        ));
    }
    if let Some(h) = &v.wait_by {
        out.push(said::policy_wait(&house(h), lang));
    }
    if !v.reminders_sent.is_empty() {
        out.push(said::policy_reminders(&v.reminders_sent.join(", "), lang));
    }
    for a in &v.absences {
        out.push(said::policy_absence(
            a.id,
            &house(&a.house),
            (&a.first_day, &a.last_day, a.days),
            a.set_by == "gm",
            lang,
        ));
    }
    out
}

/// `absence`: the GM sets an absence for a house (not counted against the player's cap);
/// the player is told.
pub(super) fn set_absence(
    d: &mut Daemon,
    g: &Loaded,
    house: &str,
    from: &str,
    to: &str,
    now: DateTime<Utc>,
    lang: Lang,
) -> Result<GmOutcome, Error> {
    let h = house_of(g, house)?;
    let key = g.board.house(h).key.clone();
    let day = |s: &str| {
        Day::parse(s.trim()).ok_or_else(|| Error::from(GmRefusal::NotADay(s.to_string())))
    };
    let a = absences::resolve(g, &key, day(from)?, day(to)?, true, now).ok_or_else(|| {
        Error::from(GmRefusal::BadDays {
            from: from.to_string(),
            to: to.to_string(),
        })
    })?;
    let mails = notices(d, g, &format!("absence:{}", now.timestamp()), None, |l| {
        words::absence_set_by_gm(g.board.house(h).name(l), &a.days_text(l), l)
    })?;
    let id = d
        .store
        .transaction(|tx| -> Result<i64, crate::store::StoreError> {
            let id = a.write(tx, now)?;
            for m in &mails {
                crate::daemon::letters::queue(tx, Some(&g.row.id), m, None, now)?;
            }
            Ok(id)
        })?;
    Ok(GmOutcome {
        summary: said::absence_set(id, &house_for_gm(g, &key, lang), &a.days_text(lang), lang),
        queued: mails.len(),
        secret: None,
    })
}

/// `absence --cancel <id>`: the absence no longer moves deadlines nor counts.
pub(super) fn cancel_absence(
    d: &mut Daemon,
    g: &Loaded,
    id: i64,
    now: DateTime<Utc>,
    lang: Lang,
) -> Result<GmOutcome, Error> {
    let game = g.row.id.clone();
    d.store
        .transaction(|tx| -> Result<(), crate::store::StoreError> {
            tx.cancel_absence(&game, id, now)?;
            tx.append_audit(
                Some(&game),
                "gm",
                "absence cancelled",
                &format!("absence {id}"),
                now,
            )
            .map(|_| ())
        })
        .map_err(|e| match e {
            crate::store::StoreError::NotFound { .. } => Error::from(GmRefusal::NoAbsence {
                id,
                game: game.clone(),
            }),
            other => other.into(),
        })?;
    Ok(GmOutcome {
        summary: said::absence_cancelled(id, lang),
        queued: 0,
        secret: None,
    })
}

/// `reminders 24h 4h`: the game's reminder offsets (none: no reminders), stored with it.
pub(super) fn set_reminders(
    d: &mut Daemon,
    g: &Loaded,
    before: &[String],
    now: DateTime<Utc>,
    lang: Lang,
) -> Result<GmOutcome, Error> {
    let mut table: toml::Table = toml::from_str(&g.row.config)
        .map_err(|e| Error::Config(format!("game {}: stored config: {e}", g.row.id)))?;
    let mut reminders = toml::Table::new();
    reminders.insert(
        "before".into(),
        toml::Value::Array(before.iter().map(|s| s.clone().into()).collect()),
    );
    table.insert("reminders".into(), toml::Value::Table(reminders));
    // Checked as a whole before it is stored: a bad offset is refused, nothing changes.
    crate::config::GameConfig::from_table(table.clone()).map_err(|e| {
        // The offset at fault, for the GM's own language.
        let text = before.iter().find(|t| {
            !crate::schedule::parse_duration(t).is_ok_and(|d| d > chrono::TimeDelta::zero())
        });
        Error::from(GmRefusal::BadReminder {
            text: text.cloned(),
            detail: e.to_string(),
        })
    })?;
    let text = toml::to_string(&table).map_err(|e| Error::Config(e.to_string()))?;
    let list = if before.is_empty() {
        "none".to_string()
    } else {
        before.join(", ")
    };
    let game = g.row.id.clone();
    d.store
        .transaction(|tx| -> Result<(), crate::store::StoreError> {
            tx.set_game_config(&game, &text, now)?;
            tx.append_audit(
                Some(&game),
                "gm",
                "reminders",
                &format!("reminders before each deadline: {list}"),
                now,
            )
            .map(|_| ())
        })?;
    Ok(GmOutcome {
        summary: said::reminders(&game, before, lang),
        queued: 0,
        secret: None,
    })
}
