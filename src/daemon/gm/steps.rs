//! The open step: move its deadline, pause and resume the game. Closing it now (`process`)
//! is `games::close_step_now` behind the same guard.

use super::{GmOutcome, Guard, refused_if_stale, said_at, when_of};
use crate::board::Lang;
use crate::daemon::Daemon;
use crate::daemon::games::Loaded;
use crate::daemon::letters::{self, Letter};
use crate::daemon::notify::notices_with_event;
use crate::error::Error;
use crate::rules::Step;
use crate::store::{GameStatus, StoreError, StoreTx};
use crate::words::gm_refusals::GmRefusal;
use crate::words::notices as words;
use chrono::{DateTime, Utc};

/// Refuse a change computed from a state someone else changed meanwhile.
fn still_current(tx: &StoreTx<'_>, g: &Loaded) -> Result<(), StoreError> {
    if tx.latest_snapshot_seq(&g.row.id)? != g.seq {
        return Err(StoreError::Stale {
            what: format!("game {}", g.row.id),
            detail: "its open step closed while the command was prepared".into(),
        });
    }
    Ok(())
}

/// Commit the change with its notices and audit line; a stale state becomes a refusal.
fn commit(
    d: &mut Daemon,
    g: &Loaded,
    mails: &[Letter],
    audit: (&str, &str),
    now: DateTime<Utc>,
    change: impl FnOnce(&StoreTx<'_>) -> Result<(), StoreError>,
) -> Result<(), Error> {
    let id = g.row.id.as_str();
    let result = d.store.transaction(|tx| -> Result<(), StoreError> {
        still_current(tx, g)?;
        change(tx)?;
        for m in mails {
            letters::queue(tx, Some(id), m, None, now)?;
        }
        tx.append_audit(Some(id), "gm", audit.0, audit.1, now)?;
        Ok(())
    });
    result.map_err(|e| refused_if_stale(id, e))
}

/// A step as the GM reads it: its key in English (as he writes it), its name in Chinese.
pub fn step_for_gm(step: Step, lang: Lang) -> String {
    crate::words::gm_refusals::step_for_gm(step, lang)
}

/// `deadline`: the open step closes at `when` instead. A duration (`+1d`) extends the current
/// deadline (from now when it has passed: a step in its grace); a local time sets it. The
/// answer says old → new in the game's time zone, in the GM's language.
pub(super) fn deadline(
    d: &mut Daemon,
    g: &Loaded,
    when: &str,
    guard: Guard,
    now: DateTime<Utc>,
    lang: Lang,
) -> Result<GmOutcome, Error> {
    guard.check(g)?;
    if g.row.status == GameStatus::Paused {
        return Err(GmRefusal::PausedUseResume.into());
    }
    let base = g.row.deadline.filter(|t| *t > now).unwrap_or(now);
    let at = when_of(g, when, base)?;
    if at <= now {
        return Err(GmRefusal::NotInFuture {
            when: when.to_string(),
            at: said_at(g, at),
        }
        .into());
    }
    let (round, step) = (g.state.round, g.state.step);
    let event = crate::daemon::notify::moved_event(g, at, now);
    let mails = notices_with_event(d, g, "deadline", None, Some(&event), |l| {
        words::deadline_moved(&letters::step_name(step, l), round, &g.at(at, l), l)
    })?;
    let detail = format!(
        "round {round} {} now closes at {}",
        step.key(),
        at.to_rfc3339()
    );
    commit(d, g, &mails, ("deadline", &detail), now, |tx| {
        // The new deadline is the step's own: an early close is computed again from it.
        let mut t = tx.step_timing(&g.row.id, g.row.round, &g.row.step)?;
        t.scheduled = None;
        tx.set_step_timing(&g.row.id, g.row.round, &g.row.step, &t)?;
        tx.set_deadline(&g.row.id, Some(at), now)
    })?;
    let old = g
        .row
        .deadline
        .map(|t| g.at(t, lang))
        .unwrap_or_else(|| crate::words::whole_mail::no_deadline(lang).into());
    Ok(GmOutcome {
        summary: crate::words::gm_mail::deadline_set(
            round,
            &step_for_gm(step, lang),
            &old,
            &g.at(at, lang),
            lang,
        ),
        queued: mails.len(),
        secret: None,
    })
}

/// `pause`: nothing closes until the game resumes.
pub(super) fn pause(
    d: &mut Daemon,
    g: &Loaded,
    now: DateTime<Utc>,
    lang: Lang,
) -> Result<GmOutcome, Error> {
    if g.row.status == GameStatus::Paused {
        return Err(GmRefusal::PausedAlready(g.row.id.clone()).into());
    }
    let (round, step) = (g.state.round, g.state.step);
    // The step's event, cancelled while the game is paused (the resume sends it again).
    let event = g.row.deadline.map(|at| letters::DeadlineEvent {
        cancelled: true,
        ..crate::daemon::notify::moved_event(g, at, now)
    });
    let mails = notices_with_event(d, g, "pause", None, event.as_ref(), |l| {
        words::paused(&letters::step_name(step, l), round, l)
    })?;
    let left = g
        .row
        .deadline
        .map(|t| format!("; {} min were left", (t - now).num_minutes().max(0)))
        .unwrap_or_default();
    let detail = format!("round {round} {} paused{left}", step.key());
    commit(d, g, &mails, ("pause", &detail), now, |tx| {
        tx.pause_game(&g.row.id, now)
    })?;
    let minutes = g.row.deadline.map(|t| (t - now).num_minutes().max(0));
    Ok(GmOutcome {
        summary: crate::words::gm_mail::paused(
            &g.row.id,
            round,
            &step_for_gm(step, lang),
            minutes,
            lang,
        ),
        queued: mails.len(),
        secret: None,
    })
}

/// `resume`: the open step gets the time that was left when paused; with `when`, that time
/// and a duration more (`+1d`), or a local time.
pub(super) fn resume(
    d: &mut Daemon,
    g: &Loaded,
    when: Option<&str>,
    now: DateTime<Utc>,
    lang: Lang,
) -> Result<GmOutcome, Error> {
    if g.row.status != GameStatus::Paused {
        return Err(GmRefusal::NotPaused(g.row.id.clone()).into());
    }
    // The time that was left when paused, given back from now; a duration (`+1d`) is added
    // to it ("one day more"), a local time replaces it.
    let left = match (g.row.deadline, g.row.paused_at) {
        (Some(t), Some(p)) => Some(now + (t - p).max(chrono::TimeDelta::zero())),
        (t, _) => t,
    };
    let at = match when {
        Some(w) => Some(when_of(g, w, left.unwrap_or(now))?),
        None => left,
    };
    let (round, step) = (g.state.round, g.state.step);
    let event = at.map(|t| crate::daemon::notify::moved_event(g, t, now));
    let mails = notices_with_event(d, g, "resume", None, event.as_ref(), |l| {
        let when = at.map(|t| g.at(t, l)).unwrap_or_default();
        words::resumed(&letters::step_name(step, l), round, &when, l)
    })?;
    let detail = format!(
        "round {round} {} resumed; deadline {}",
        step.key(),
        at.map(|t| t.to_rfc3339()).unwrap_or_default()
    );
    commit(d, g, &mails, ("resume", &detail), now, |tx| {
        tx.resume_game(&g.row.id, at, now)
    })?;
    Ok(GmOutcome {
        summary: crate::words::gm_mail::resumed(
            &g.row.id,
            round,
            &step_for_gm(step, lang),
            &at.map(|t| g.at(t, lang))
                .unwrap_or_else(|| crate::words::whole_mail::no_deadline(lang).into()),
            lang,
        ),
        queued: mails.len(),
        secret: None,
    })
}
