//! Acting for the players and on the results: entering a house's submission, previewing the
//! open step's results without committing anything, and rolling a closed step back.

use super::steps::step_for_gm;
use super::{
    GmOutcome, Guard, house_for_gm, house_said, lang_of, notices, notices_each_opening,
    refused_if_stale, when_of,
};
use crate::board::Lang;
use crate::daemon::Daemon;
use crate::daemon::games::{self, Loaded};
use crate::daemon::letters;
use crate::error::Error;
use crate::rules::Step;
use crate::store::{GameStatus, NewSnapshot, NewSubmission, StoreError};
use crate::words::gm_refusals::GmRefusal;
use crate::words::gm_results as said;
use crate::words::notices as words;
use chrono::{DateTime, Utc};

/// `submit`: the GM enters (or corrects) a house's submission for the open step, read and
/// checked exactly like the player's mail; the player gets the canonical form.
pub(super) fn submit(
    d: &mut Daemon,
    g: &Loaded,
    house: &str,
    text: &str,
    guard: Guard,
    now: DateTime<Utc>,
    gm_lang: Lang,
) -> Result<GmOutcome, Error> {
    guard.check(g)?;
    let (hid, key) = super::playing_house(g, house, GmRefusal::NeutralNoOrders)?;
    let seat = d
        .store
        .house(&g.row.id, &key)?
        .ok_or_else(|| Error::NotFound(format!("seat {key}")))?;
    let lang = lang_of(seat.language);
    let parsed = crate::lang::submit::parse_mail_with(&g.board, &g.names, &g.state, text, lang);
    let mut errors = parsed.errors.clone();
    if errors.is_empty()
        && let Some(sub) = &parsed.submission
        && let Err(e) = crate::game::check(&g.board, &g.state, hid, sub)
    {
        errors = crate::daemon::refusals::validation_errors(g, &e, lang, &parsed);
    }
    if !errors.is_empty() {
        // The GM reads why in his own language: the text read again in it.
        if gm_lang != lang {
            let again = refused_lines(g, hid, text, gm_lang);
            if !again.is_empty() {
                errors = again;
            }
        }
        let lines = errors
            .into_iter()
            .map(|e| (e.line, e.text, e.message))
            .collect();
        return Err(GmRefusal::NotAccepted {
            house: house_said(g, &key),
            lines,
        }
        .into());
    }
    let Some(sub) = parsed.submission else {
        return Err(GmRefusal::NoOrders(house_said(g, &key)).into());
    };
    let step_name = letters::step_name(g.state.step, lang);
    let copy = notices(
        d,
        g,
        &format!("submit:{key}:{}", now.timestamp()),
        None,
        |l| words::submitted_for_you(&step_name, g.state.round, &parsed.echo, l),
    )?
    .into_iter()
    .filter(|m| m.to.contains(&seat.address))
    .collect::<Vec<_>>();
    let parsed_json = serde_json::to_value(&sub)?;
    let text = parsed.echo.join("\n");
    let id = g.row.id.as_str();
    d.store
        .transaction(|tx| -> Result<(), StoreError> {
            if tx.latest_snapshot_seq(id)? != g.seq {
                return Err(StoreError::Stale {
                    what: format!("game {id}"),
                    detail: "its open step closed while the command was prepared".into(),
                });
            }
            tx.add_submission(&NewSubmission {
                game_id: id,
                house: &key,
                round: u32::from(g.state.round),
                step: sub.step().key(),
                kind: "orders",
                text: &text,
                parsed: &parsed_json,
                mail_id: None,
                received_at: now,
            })?;
            for m in &copy {
                letters::queue(tx, Some(id), m, None, now)?;
            }
            tx.append_audit(
                Some(id),
                "gm",
                "submit",
                &format!(
                    "for {key}, {} of round {}: {text}",
                    sub.step().key(),
                    g.state.round
                ),
                now,
            )?;
            Ok(())
        })
        .map_err(|e| refused_if_stale(id, e))?;
    Ok(GmOutcome {
        summary: said::submitted(&house_for_gm(g, &key, gm_lang), &parsed.echo, gm_lang),
        queued: copy.len(),
        secret: None,
    })
}

/// The lines of `text` refused as a submission of house `hid`, their reasons in `lang`.
fn refused_lines(
    g: &Loaded,
    hid: crate::board::HouseId,
    text: &str,
    lang: Lang,
) -> Vec<crate::daemon::letters::ErrorLine> {
    let parsed = crate::lang::submit::parse_mail_with(&g.board, &g.names, &g.state, text, lang);
    if !parsed.errors.is_empty() {
        return parsed.errors;
    }
    match &parsed.submission {
        Some(sub) => match crate::game::check(&g.board, &g.state, hid, sub) {
            Err(e) => crate::daemon::refusals::validation_errors(g, &e, lang, &parsed),
            Ok(()) => Vec::new(),
        },
        None => Vec::new(),
    }
}

/// `preview`: the open step adjudicated as if it closed now, every house's report shown to the
/// GM; nothing is written and nothing is sent.
pub(super) fn preview(
    d: &mut Daemon,
    g: &Loaded,
    now: DateTime<Utc>,
    lang: Lang,
) -> Result<GmOutcome, Error> {
    let c = games::compute_close(d, g, now)?;
    let mut out = vec![said::preview_head(
        &g.row.id,
        (g.state.round, &step_for_gm(g.state.step, lang)),
        (c.out.state.round, &step_for_gm(c.out.state.step, lang)),
        lang,
    )];
    for m in c.mails.iter().chain(&c.gm_copy) {
        // As the GM reads it: rule references as exact lines and rulings.
        let shown = crate::mail::decode(&m.raw);
        out.push(said::preview_mail(&m.to.join(", "), &shown.subject, lang));
        out.push(m.gm_text.as_deref().unwrap_or(&shown.body).to_string());
    }
    Ok(GmOutcome {
        summary: out.join("\n"),
        queued: 0,
        secret: None,
    })
}

/// `rollback`: the last closed step (or the step named by `target`) is opened again, from the
/// state before it closed; what the players sent for it stands, what they sent for the steps
/// after it is withdrawn; everyone is told why.
pub(super) fn rollback(
    d: &mut Daemon,
    g: &Loaded,
    reason: &str,
    when: Option<&str>,
    target: Option<(u32, crate::rules::Step)>,
    now: DateTime<Utc>,
    gm_lang: Lang,
) -> Result<GmOutcome, Error> {
    let id = g.row.id.as_str();
    let marks = d.store.snapshot_marks(id)?;
    let Some(before) = super::history::rollback_target(&marks, g.seq, target) else {
        return Err(GmRefusal::NoRollback {
            game: id.to_string(),
            target,
        }
        .into());
    };
    let Some(snap) = d.store.snapshot(id, before)? else {
        return Err(Error::NotFound(format!("game {id} snapshot {before}")));
    };
    let state = crate::daemon::stored::decode(snap.state.clone()).map_err(|e| Error::State {
        game: id.to_string(),
        detail: e.to_string(),
    })?;
    let deadline = match when {
        Some(w) => when_of(g, w, now)?,
        None => games::deadline_for(&g.schedule, state.step, now)?,
    };
    let (round, step) = (state.round, state.step);
    let undone = steps_between((round, step), (g.state.round, g.state.step));
    let sent = sent_around(d, id, (round, step), &undone)?;
    // The reopened step's own event (its UID), moved to the new deadline; the game's row
    // takes `now` as the time its deadline changed.
    let event = letters::DeadlineEvent {
        game: id.to_string(),
        round,
        step,
        deadline,
        sequence: letters::calendar_sequence(g.row.created_at, now),
        stamp: now,
        cancelled: false,
    };
    // The later steps it undoes that had opened: their events cancelled, to the houses that
    // were sent them.
    let cancelled = undone_events(d, g, before, &undone, now)?;
    let cancelled: Vec<_> = cancelled.iter().map(|(e, h)| (e, &h[..])).collect();
    let opens = (&state, &event);
    let mails = notices_each_opening(d, g, "rollback", opens, &cancelled, |house, l| {
        words::rolled_back(
            &words::RolledBack {
                step: &letters::step_name(step, l),
                round,
                reason,
                deadline: &g.at(deadline, l),
                stands: sent.stands.iter().any(|h| h == house),
                withdrawn: &sent.withdrawn_of(house, l),
                events_cancelled: g
                    .house_id(house)
                    .is_some_and(|h| cancelled.iter().any(|(_, to)| to.contains(&h))),
            },
            l,
        )
    })?;
    let state_json = crate::daemon::stored::encode(&state)?;
    let log = serde_json::json!({ "gm": "rollback", "to_snapshot": before, "reason": reason });
    let finished = g.row.status == GameStatus::Finished;
    d.store
        .transaction(|tx| -> Result<(), StoreError> {
            tx.add_snapshot(&NewSnapshot {
                game_id: id,
                round: u32::from(round),
                step: step.key(),
                after_seq: g.seq,
                state: &state_json,
                log: &log,
                created_at: now,
            })?;
            tx.clear_step_timing(id)?;
            tx.set_game_step(id, u32::from(round), step.key(), Some(deadline), now)?;
            // What was sent for the steps after the one reopened was sent against a state
            // that no longer stands: withdrawn (the notice says so).
            for (r, s) in &undone {
                tx.withdraw_submissions(id, *r, s.key())?;
            }
            if finished {
                tx.set_game_status(id, GameStatus::Running, now)?;
            }
            for m in &mails {
                letters::queue(tx, Some(id), m, None, now)?;
            }
            tx.append_audit(
                Some(id),
                "gm",
                "rollback",
                &format!(
                    "back to round {round} {} (snapshot {before}): {reason}",
                    step.key()
                ),
                now,
            )?;
            Ok(())
        })
        .map_err(|e| refused_if_stale(id, e))?;
    Ok(GmOutcome {
        summary: said::rolled_back(
            id,
            (round, &step_for_gm(step, gm_lang)),
            &g.at(deadline, gm_lang),
            sent.stands.len(),
            &sent
                .houses()
                .iter()
                .map(|h| {
                    said::withdrawn_of(
                        &house_for_gm(g, h, gm_lang),
                        &sent.withdrawn_of(h, gm_lang),
                        gm_lang,
                    )
                })
                .collect::<Vec<_>>(),
            gm_lang,
        ),
        queued: mails.len(),
        secret: None,
    })
}

/// The events of the steps a rollback to snapshot `before` undoes (`undone`) that had opened
/// since (by a close, or by an earlier rollback), each `STATUS:CANCELLED` at `now` (the same
/// UID, a higher SEQUENCE) with the houses it had gone to: those the step asked something.
fn undone_events(
    d: &Daemon,
    g: &Loaded,
    before: i64,
    undone: &[(u32, Step)],
    now: DateTime<Utc>,
) -> Result<Vec<(letters::DeadlineEvent, Vec<crate::board::HouseId>)>, Error> {
    let id = g.row.id.as_str();
    let mut out: Vec<(letters::DeadlineEvent, Vec<crate::board::HouseId>)> = Vec::new();
    for m in d.store.snapshot_marks(id)? {
        let opened = m.gm.as_deref().is_none_or(|c| c == "rollback");
        let undid = Step::from_key(&m.step).is_some_and(|s| undone.contains(&(m.round, s)));
        if !opened || !undid || m.seq <= before || m.seq > g.seq {
            continue;
        }
        let Some(snap) = d.store.snapshot(id, m.seq)? else {
            continue;
        };
        let Ok(state) = crate::daemon::stored::decode(snap.state) else {
            tracing::warn!(
                game = id,
                seq = m.seq,
                "a stored state does not read: its step's event is not cancelled"
            );
            continue;
        };
        // When the step was to close: the open step's deadline, else the one its close set.
        let deadline = match crate::publish::record::decode(&snap.log) {
            _ if (state.round, state.step) == (g.state.round, g.state.step)
                && g.row.deadline.is_some() =>
            {
                g.row.deadline
            }
            crate::publish::StoredLog::Close {
                record: Some(r), ..
            } => r.deadline,
            _ => None,
        };
        let asked = crate::game::expected(&g.board, &state);
        match out
            .iter_mut()
            .find(|(e, _)| (e.round, e.step) == (state.round, state.step))
        {
            Some((_, houses)) => {
                for h in asked {
                    if !houses.contains(&h) {
                        houses.push(h);
                    }
                }
            }
            None => out.push((
                letters::DeadlineEvent {
                    game: id.to_string(),
                    round: state.round,
                    step: state.step,
                    deadline: deadline.unwrap_or(now),
                    sequence: letters::calendar_sequence(g.row.created_at, now),
                    stamp: now,
                    cancelled: true,
                },
                asked,
            )),
        }
    }
    Ok(out)
}

/// What the houses had sent when a rollback reopens a step: for that step (it stands) and for
/// the steps after it (withdrawn), by house key.
struct SentAround {
    stands: Vec<String>,
    withdrawn: Vec<(String, u32, Step)>,
}

impl SentAround {
    /// The later steps `house` had sent something for, in words.
    fn withdrawn_of(&self, house: &str, lang: Lang) -> Vec<String> {
        self.withdrawn
            .iter()
            .filter(|(h, ..)| h == house)
            .map(|(_, r, s)| words::round_step(*r, &letters::step_name(*s, lang), lang))
            .collect()
    }
    /// The houses with something withdrawn, each once.
    fn houses(&self) -> Vec<String> {
        let mut v: Vec<String> = self.withdrawn.iter().map(|(h, ..)| h.clone()).collect();
        v.dedup();
        v
    }
}

/// What the houses had sent for the step reopened at `at` and for the steps `undone` after it.
fn sent_around(
    d: &Daemon,
    id: &str,
    at: (u8, Step),
    undone: &[(u32, Step)],
) -> Result<SentAround, Error> {
    let mut stands: Vec<String> = d
        .store
        .current_submissions(id, u32::from(at.0), at.1.key())?
        .into_iter()
        .map(|s| s.house)
        .collect();
    stands.dedup();
    let mut withdrawn: Vec<(String, u32, Step)> = Vec::new();
    for (r, s) in undone {
        for sub in d.store.current_submissions(id, *r, s.key())? {
            let w = (sub.house, *r, *s);
            if !withdrawn.contains(&w) {
                withdrawn.push(w);
            }
        }
    }
    // By house, each house's steps in game order.
    withdrawn.sort_by_key(|(h, ..)| h.clone());
    Ok(SentAround { stands, withdrawn })
}

/// The steps after `from` up to `to` (both as round and step, `to` included), in the order a
/// game goes through them: those a rollback from `to` back to `from` undoes.
fn steps_between(from: (u8, Step), to: (u8, Step)) -> Vec<(u32, Step)> {
    let at = |s: Step| Step::ALL.iter().position(|x| *x == s).unwrap_or(0);
    let (from, to) = ((from.0, at(from.1)), (to.0, at(to.1)));
    (from.0..=to.0)
        .flat_map(|r| Step::ALL.iter().map(move |s| (r, *s)))
        .filter(|(r, s)| {
            let here = (*r, at(*s));
            here > from && here <= to && *s != Step::Finished
        })
        .map(|(r, s)| (u32::from(r), s))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rollback_undoes_the_steps_after_the_one_reopened() {
        assert_eq!(
            steps_between((2, Step::Placement), (2, Step::Plan)),
            vec![(2, Step::Raven), (2, Step::Plan)]
        );
        assert_eq!(
            steps_between((1, Step::Plan), (2, Step::Events)),
            vec![(1, Step::Retreat), (2, Step::Events)]
        );
        assert!(steps_between((2, Step::Plan), (2, Step::Plan)).is_empty());
    }
}
