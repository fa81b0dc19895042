//! Games in the store: creating one, loading its board/state/templates, and closing the steps
//! whose deadline has passed (one transaction per step: snapshot, reports, next step).

use super::Daemon;
use super::letters::{self, Letter, queue};
pub use super::new_game::new_game;
use super::report_map::{Reading, ReportMap, map_in};
use crate::board::{HouseId, Lang};
use crate::error::Error;
use crate::game::{Options, StepOutcome, Submission, close_steps};
use crate::rules::Step;
use crate::store::{GameStatus, NewSnapshot, StoreError};
use crate::words::hant::Script;
use chrono::{DateTime, Utc};

pub use super::loaded::{Loaded, deadline_for, load};

/// Why a step is being closed: checked again inside the write transaction, so that a close
/// computed from a state someone else changed meanwhile writes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CloseWhy {
    /// Its deadline has passed (the daemon's tick): the stored deadline must still be due.
    Deadline,
    /// The GM closes the open step now; with a guard, only when it names the open step.
    Gm(Guard),
}

/// The step a GM command means: the command is refused when the open step is another one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Guard {
    /// The round.
    pub round: Option<u32>,
    /// The step.
    pub step: Option<Step>,
}

impl Guard {
    /// Why the open step of `g` is not the one meant, or `None` when it is.
    pub fn mismatch(&self, g: &Loaded) -> Option<String> {
        let round = u32::from(g.state.round);
        (self.step.is_some_and(|s| s != g.state.step) || self.round.is_some_and(|r| r != round))
            .then(|| {
                format!(
                    "the open step of game {} is round {round} {}, not {}{}",
                    g.row.id,
                    g.state.step.key(),
                    self.round
                        .map(|r| format!("round {r} "))
                        .unwrap_or_default(),
                    self.step.map(Step::key).unwrap_or("this step")
                )
            })
    }
}

/// What closing a step did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Closed {
    /// The step was closed; this many mails were queued (the reports and the GM's copy).
    Closed(usize),
    /// Nothing was written: the step was closed by someone else, its deadline moved, the
    /// game is over, or the GM's step guard does not match. Says which.
    NotClosed(String),
}

/// Close every step whose deadline has passed. Returns how many were closed; a game whose step
/// cannot be closed is told to the GM (and counted in `errors`), and the other games go on.
pub fn close_due_steps(d: &mut Daemon, now: DateTime<Utc>, errors: &mut usize) -> usize {
    let due = match d.store.games_due(now) {
        Ok(due) => due,
        Err(e) => {
            *errors += 1;
            tracing::error!(error = %e, "reading the games due failed");
            return 0;
        }
    };
    let mut n = 0;
    for g in due {
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            if super::deadlines::grace_begins(d, &g, now)? {
                return Ok(Closed::NotClosed(
                    "the grace began: the late houses are told".into(),
                ));
            }
            close_step_now(d, &g.id, now, CloseWhy::Deadline)
        }));
        let why = match result {
            Ok(Ok(Closed::Closed(_reports))) => {
                n += 1;
                continue;
            }
            Ok(Ok(Closed::NotClosed(why))) => {
                tracing::info!(game = %g.id, why, "due step not closed by this process");
                continue;
            }
            Ok(Err(e)) if d.note_disk_full(&e, now) => {
                // Told once for the whole disk; the step is closed when there is room.
                *errors += 1;
                continue;
            }
            Ok(Err(e)) => e.to_string(),
            Err(payload) => format!("panic: {}", super::alerts::panic_text(payload.as_ref())),
        };
        *errors += 1;
        let (what, detail) =
            crate::words::gm_alerts::step_not_closed(&g.id, g.round, &g.step, &why);
        super::alerts::problem(d, Some(&g.id), &what, &detail, now);
    }
    n
}

/// What closing the open step of a loaded game would give: the outcome of the rules, the next
/// deadline and every house's report. Writes nothing (`preview` shows it to the GM).
pub struct Computed {
    /// The rules' outcome.
    pub out: StepOutcome,
    /// The next step's deadline (none when the game is over).
    pub next_deadline: Option<DateTime<Utc>>,
    /// Every house's report (a neutral house gets none).
    pub mails: Vec<Letter>,
    /// The GM's copy (none without `[daemon] gm_address` or with `[game] gm_copy = false`).
    pub gm_copy: Option<Letter>,
    /// The close's public record, stored with its snapshot (the forum post and the site).
    pub record: crate::publish::Record,
}

/// Adjudicate the open step of `g` with the round's current submissions, without writing.
pub fn compute_close(d: &Daemon, g: &Loaded, now: DateTime<Utc>) -> Result<Computed, Error> {
    let id = g.row.id.as_str();
    let mut rows = Vec::new();
    for step in Step::ALL {
        rows.extend(
            d.store
                .current_submissions(id, g.state.round as u32, step.key())?,
        );
    }
    rows.sort_by_key(|r| r.id);
    let plan_texts: Vec<(String, String)> = rows
        .iter()
        .filter(|r| r.step == Step::Plan.key())
        .map(|r| (r.house.clone(), r.text.clone()))
        .collect();
    let mut subs: Vec<(HouseId, Submission)> = Vec::new();
    for r in &rows {
        let (Some(h), Ok(s)) = (
            g.house_id(&r.house),
            serde_json::from_value::<Submission>(r.parsed.clone()),
        ) else {
            tracing::warn!(game = id, house = %r.house, "unreadable stored submission skipped");
            continue;
        };
        subs.push((h, s));
    }
    let opts = Options {
        settings: g.cfg.rules,
        early_close: g.cfg.early_close,
        ..Options::default()
    };
    let out = close_steps(&g.board, &g.state, &subs, opts);
    let next_deadline = if out.state.step == Step::Finished {
        None
    } else {
        Some(deadline_for(&g.schedule, out.state.step, now)?)
    };
    let houses = d.store.houses(id)?;
    let correction = super::corrected::of(d, g)?;
    // The next step's deadline as a calendar event for the houses it asks something of (the
    // game's row takes `now` as the time its deadline was set, in this close's transaction).
    let asked = crate::game::expected(&g.board, &out.state);
    // What each closed step used of each house (receipts), in the reports and the record.
    let closed: Vec<crate::publish::ClosedStep> = out
        .steps
        .iter()
        .map(|c| crate::publish::ClosedStep {
            step: c.step,
            silent: c.silent.clone(),
            used: used_in(g, &rows, c.step),
        })
        .collect();
    let event = next_deadline.map(|deadline| letters::DeadlineEvent {
        game: id.to_string(),
        round: out.state.round,
        step: out.state.step,
        deadline,
        sequence: letters::calendar_sequence(g.row.created_at, now),
        stamp: now,
        cancelled: false,
    });
    let mut mails: Vec<Letter> = Vec::new();
    let seq = g.seq + 1;
    // The board is public: one picture per language and script, shared by every house's
    // report that reads it.
    let mut maps: Vec<(Reading, Option<ReportMap>)> = Vec::new();
    // Who reads each picture: their own pictures are made with it, on every core at once.
    let mut readers: Vec<(Reading, Vec<HouseId>)> = Vec::new();
    for h in &houses {
        if let Some(hid) = g.house_id(&h.house).filter(|x| !g.state.house(*x).neutral) {
            let key = (g.lang_of(h.language), letters::Reader::seat(h).script);
            match readers.iter_mut().find(|(k, _)| *k == key) {
                Some((_, v)) => v.push(hid),
                None => readers.push((key, vec![hid])),
            }
        }
    }
    // The executed plans are public too: read once per language.
    let mut plans: Vec<(Lang, Vec<letters::ExecutedPlan>)> = Vec::new();
    let mut summaries = Vec::new();
    for h in &houses {
        let Some(hid) = g.house_id(&h.house) else {
            continue;
        };
        if g.state.house(hid).neutral {
            continue;
        }
        let lang = g.lang_of(h.language);
        let deadline = deadline_text(g, next_deadline, lang);
        let said = deadline_said(g, next_deadline, now, lang);
        let close = super::house_report::Close {
            g,
            out: &out,
            closed: &closed,
            plan_texts: &plan_texts,
        };
        let mut ctx =
            super::house_report::context(&close, &mut plans, (hid, &h.house), lang, &said);
        ctx.correction = correction.as_ref().map(|c| c.line(g, lang));
        ctx.correction_changes = correction
            .as_ref()
            .map(|c| c.changes(g, &out.state, &out.log, hid, lang))
            .unwrap_or_default();
        ctx.calendar = event.clone().filter(|_| asked.contains(&hid));
        if out.state.step == Step::Finished {
            ctx.summary = super::chronicle::at_close(d, g, &out, now, lang, &mut summaries);
        }
        let to = letters::Reader::seat(h);
        let map = map_in(&mut maps, g, &out, (lang, to.script), &deadline, &readers);
        // The house's own theatre first, cut from the picture its language shares.
        let own = map.and_then(|m| m.house_png(g, &out, hid));
        let pictures = map.map(|m| letters::Pictures {
            house: own.as_deref(),
            board: &m.png,
        });
        mails.push(letters::report_letter(
            &g.templates,
            &d.sender,
            &to,
            &ctx,
            lang,
            &format!("report:{id}:{seq}:{}", h.house),
            pictures,
        )?);
    }
    // The executed plans are public: kept in both languages for the post and the site.
    let zh = super::executed_plans::plans_in(&mut plans, g, &out, &plan_texts, Lang::Zh);
    let en = super::executed_plans::plans_in(&mut plans, g, &out, &plan_texts, Lang::En);
    let public_plans = g
        .board
        .house_ids()
        .filter_map(|h| {
            let of = |list: &[letters::ExecutedPlan], lang| {
                let name = g.board.house(h).name(lang);
                list.iter()
                    .find(|p| p.house == name)
                    .map(|p| p.lines.clone())
            };
            Some(crate::publish::PlanLines {
                house: h,
                zh: of(&zh, Lang::Zh)?,
                en: of(&en, Lang::En)?,
            })
        })
        .collect();
    let mut record = crate::publish::Record::of(&out, public_plans, next_deadline);
    record.steps = closed;
    record.submitted = super::record_json::submitted(g, &rows, &record.steps);
    let gm_copy = match super::gm_copy::address(d, g) {
        Some(addr) => {
            let lang = g.cfg.language.lang;
            let script = Script::of(lang == Lang::Zh && g.cfg.language.traditional());
            let deadline = deadline_text(g, next_deadline, lang);
            let said = deadline_said(g, next_deadline, now, lang);
            let plans = super::executed_plans::plans_in(&mut plans, g, &out, &plan_texts, lang);
            let parts = super::gm_copy::Parts {
                g,
                out: &out,
                houses: &houses,
                plans,
                deadline: &said,
                map: map_in(&mut maps, g, &out, (lang, script), &deadline, &readers)
                    .map(|m| &m.png[..]),
                script,
                seq,
                record: &record,
                now,
                correction: correction.as_ref().map(|c| c.line(g, lang)),
            };
            super::gm_copy::letter(d, addr, parts)?
        }
        None => None,
    };
    Ok(Computed {
        out,
        next_deadline,
        mails,
        gm_copy,
        record,
    })
}

/// The submissions a closed `step` used, house by house, with the receipt each one's answer
/// gave (none for the GM's `submit`, which no mail sent).
fn used_in(g: &Loaded, rows: &[crate::store::Submission], step: Step) -> Vec<crate::publish::Used> {
    rows.iter()
        .filter(|r| r.step == step.key())
        .filter_map(|r| {
            let house = g.house_id(&r.house)?;
            let receipt = r.mail_id.map(|_| {
                super::receipts::receipt(
                    &g.row.seed,
                    &super::receipts::Receipted {
                        game: &g.row.id,
                        house: &r.house,
                        round: r.round,
                        step: &r.step,
                        text: &r.text,
                    },
                )
            });
            Some(crate::publish::Used { house, receipt })
        })
        .collect()
}

/// The next deadline in words (empty when the game is over).
fn deadline_text(g: &Loaded, next: Option<DateTime<Utc>>, lang: Lang) -> String {
    next.map(|t| g.at(t, lang)).unwrap_or_default()
}

/// The next deadline as a report says it: in the game's time zone, with how long is left.
fn deadline_said(
    g: &Loaded,
    next: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
    lang: Lang,
) -> String {
    next.map(|t| g.at_from(t, now, lang)).unwrap_or_default()
}

/// Close the open step of a game now: adjudicate, snapshot, queue every house's report, open
/// the next step with its deadline. One transaction, which re-checks what the close was
/// computed from (the newest snapshot, the open step, and for a deadline close the stored
/// deadline): of any number of processes closing the same step at once, exactly one writes.
/// Returns the number of mails queued: the reports (a house whose player left, now neutral,
/// gets none) and the GM's copy.
pub fn close_step_now(
    d: &mut Daemon,
    id: &str,
    now: DateTime<Utc>,
    why: CloseWhy,
) -> Result<Closed, Error> {
    let g = load(d, id)?;
    if g.state.step == Step::Finished {
        return Ok(Closed::NotClosed(format!("game {id} is over")));
    }
    if let CloseWhy::Gm(guard) = why
        && let Some(why) = guard.mismatch(&g)
    {
        return Ok(Closed::NotClosed(why));
    }
    let Computed {
        out,
        next_deadline,
        mails,
        gm_copy,
        record,
    } = compute_close(d, &g, now)?;
    // A house silent `[game] silence_alert` steps in a row by this close: the GM is told once.
    let alerts = super::silence::alerts(d, &g, &record, g.seq + 1)?;
    let state_json = super::stored::encode(&out.state)?;
    let log_json = crate::publish::record::encode(&out.log, &record)?;
    let finished = out.state.step == Step::Finished;
    // Written only when the volume has room for it all: otherwise it waits whole.
    let letters = mails.iter().chain(&gm_copy).chain(&alerts);
    let needs = || super::room::close_needs(&[&state_json, &log_json], letters);
    let (round, step) = (g.state.round, g.state.step.key());
    if let Some(why) = super::room::close_waits(d, id, round, step, needs, now) {
        return Ok(Closed::NotClosed(why));
    }
    // A close (and its backup) is committed on its own, also when a GM's mail asks for it
    // in the middle of a batch of mails.
    // The backup outside any transaction: SQLite cannot copy a database its own connection
    // is writing ("database is locked").
    let open = d.store.suspend_batch()?;
    super::backups::backup_before_close(d, id, g.state.round, g.state.step.key(), now);
    d.store.resume_batch(open)?;
    let written = d.store.transaction(|tx| -> Result<(), StoreError> {
        let row = tx.game(id)?.ok_or(StoreError::NotFound {
            what: format!("game {id}"),
        })?;
        if why == CloseWhy::Deadline && row.deadline.is_none_or(|t| t > now) {
            return Err(StoreError::Stale {
                what: format!("game {id}"),
                detail: "its deadline was moved".into(),
            });
        }
        tx.add_snapshot(&NewSnapshot {
            game_id: id,
            round: out.state.round as u32,
            step: out.state.step.key(),
            after_seq: g.seq,
            state: &state_json,
            log: &log_json,
            created_at: now,
        })?;
        for m in mails.iter().chain(&gm_copy).chain(&alerts) {
            queue(tx, Some(id), m, None, now)?;
        }
        tx.clear_step_timing(id)?;
        tx.set_game_step(
            id,
            out.state.round as u32,
            out.state.step.key(),
            next_deadline,
            now,
        )?;
        if finished {
            tx.set_game_status(id, GameStatus::Finished, now)?;
        }
        tx.append_audit(
            Some(id),
            "daemon",
            "step closed",
            &format!(
                "round {} {} closed; {} reports queued{}",
                out.round,
                out.steps
                    .iter()
                    .map(|c| c.step.key())
                    .collect::<Vec<_>>()
                    .join("+"),
                mails.len(),
                if gm_copy.is_some() {
                    " and the GM's copy"
                } else {
                    ""
                }
            ),
            now,
        )?;
        Ok(())
    });
    let open = match written {
        Ok(()) => d.store.suspend_batch()?,
        Err(StoreError::Stale { detail, .. }) => {
            return Ok(Closed::NotClosed(format!(
                "nothing closed: game {id} {detail}"
            )));
        }
        Err(e) => return Err(e.into()),
    };
    tracing::info!(
        game = id,
        round = out.round,
        step = out.closed.key(),
        "step closed"
    );
    // Keep the WAL small after the biggest write of a game: checkpointed after every close,
    // also one asked for in the middle of a batch of mails (a GM's mail).
    if let Err(e) = d.store.checkpoint() {
        tracing::warn!(error = %e, "checkpoint after a step close failed; the next tick retries");
    }
    d.store.resume_batch(open)?;
    super::publish::refresh(d, id);
    Ok(Closed::Closed(mails.len() + usize::from(gm_copy.is_some())))
}

/// With no early close delay (`early_close_delay = "0m"`): the step closes as soon as its last
/// submission is in, within the tick, so the rest of the batch meets the next step. A close
/// that fails here is left to the tick's own closing stage (the deadline is now): never the
/// mail's failure.
pub(crate) fn close_at_once(d: &mut Daemon, id: &str, now: DateTime<Utc>) {
    let closed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        close_step_now(d, id, now, CloseWhy::Deadline)
    }));
    match closed {
        Ok(Ok(Closed::Closed(_))) => d.closed_in_intake += 1,
        Ok(Ok(Closed::NotClosed(why))) => {
            tracing::info!(game = id, why, "early close left to the tick");
        }
        Ok(Err(e)) => tracing::warn!(game = id, error = %e, "early close left to the tick"),
        Err(_) => tracing::warn!(game = id, "early close panicked; left to the tick"),
    }
}
