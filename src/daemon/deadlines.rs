//! The deadline policy around a step's close: grace at the deadline (late notices and the late
//! list; the step closes at the end of the grace or when the last late house sends), the early
//! close that waits a short delay after the last submission (and `wait`, which stops it), and
//! the downtime guard (a deadline that passed while the daemon was not running does not close:
//! every open deadline moves out by the outage). Absences are in `absences`.

use super::Daemon;
use super::letters::{self, Letter};
use super::loaded::{self as games, Loaded};
use crate::board::Lang;
use crate::config::GameConfig;
use crate::error::Error;
use crate::store::{Game, GameStatus, StepTiming, StoreError};
use crate::words::deadlines as words;
use chrono::{DateTime, TimeDelta, Utc};

/// The open step as the notices name it, in `lang`.
fn step_name(g: &Loaded, lang: Lang) -> String {
    letters::step_name(g.state.step, lang)
}

/// The timing row of the open step of `g`.
pub fn timing(d: &Daemon, g: &Loaded) -> Result<StepTiming, Error> {
    Ok(d.store.step_timing(&g.row.id, g.row.round, &g.row.step)?)
}

/// At a due deadline: when the step has grace and some houses are late, the grace begins
/// instead of the close (the late houses get a late notice, the others the late list, the
/// deadline becomes the end of the grace). `true` when the grace began (nothing to close now).
pub fn grace_begins(d: &mut Daemon, row: &Game, now: DateTime<Utc>) -> Result<bool, Error> {
    let Some(deadline) = row.deadline else {
        return Ok(false);
    };
    let cfg = GameConfig::from_text(&row.config)?;
    let grace = cfg.deadlines.grace(&row.step)?;
    // An immediate schedule (tests, demos) waits for nobody, not even in a grace.
    if grace <= TimeDelta::zero() || cfg.schedule()?.is_immediate() {
        return Ok(false);
    }
    let mut t = d.store.step_timing(&row.id, row.round, &row.step)?;
    let until = deadline + grace;
    if t.grace_until.is_some() || until <= now {
        // The grace is over (or it ended while nobody looked): the step closes.
        return Ok(false);
    }
    let g = games::load(d, &row.id)?;
    let who = super::notify::sent_and_missing(d, &g)?;
    let late: Vec<&str> = who
        .iter()
        .filter(|(_, at)| at.is_none())
        .map(|(k, _)| k.as_str())
        .collect();
    if late.is_empty() {
        return Ok(false);
    }
    let mails = late_mails(d, &g, &late, until, now)?;
    t.grace_until = Some(until);
    t.scheduled.get_or_insert(deadline);
    let id = row.id.clone();
    let written = d.store.transaction(|tx| -> Result<(), StoreError> {
        let now_row = tx.game(&id)?;
        if now_row.as_ref().and_then(|r| r.deadline) != Some(deadline) {
            return Err(StoreError::Stale {
                what: format!("game {id}"),
                detail: "its deadline was moved".into(),
            });
        }
        tx.set_step_timing(&id, row.round, &row.step, &t)?;
        tx.set_deadline(&id, Some(until), now)?;
        for m in &mails {
            letters::queue(tx, Some(&id), m, None, now)?;
        }
        tx.append_audit(
            Some(&id),
            "daemon",
            "grace",
            &format!(
                "round {} {}: deadline passed, late: {}; grace until {}",
                row.round,
                row.step,
                late.join(", "),
                crate::store::format_ts(until)
            ),
            now,
        )?;
        Ok(())
    });
    match written {
        Ok(()) => Ok(true),
        Err(StoreError::Stale { .. }) => Ok(true),
        Err(e) => Err(e.into()),
    }
}

/// The late notice to each late house, the late list to every other seat.
fn late_mails(
    d: &Daemon,
    g: &Loaded,
    late: &[&str],
    until: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<Vec<Letter>, Error> {
    // The step's event, moved to the end of the grace, for the houses still to send.
    let event = super::notify::moved_event(g, until, now);
    let mut out = Vec::new();
    for h in d.store.houses(&g.row.id)? {
        let Some(id) = g.house_id(&h.house) else {
            continue;
        };
        if g.state.house(id).neutral {
            continue;
        }
        let lang = g.lang_of(h.language);
        let at = words::StepAt {
            step: &step_name(g, lang),
            round: g.state.round,
        };
        let until_text = g.at(until, lang);
        let is_late = late.contains(&h.house.as_str());
        let (subject, body) = if is_late {
            let what =
                crate::words::form::what_to_send_with_form(&g.board, &g.state, id, None, lang);
            let default = super::reminders::silent_default(g, id, lang);
            words::late_notice(&at, &until_text, &what, &default, lang)
        } else {
            let names: Vec<String> = late
                .iter()
                .map(|k| match g.house_id(k) {
                    Some(l) => g.board.house(l).name(lang).to_string(),
                    None => k.to_string(),
                })
                .collect();
            words::late_list(&at, &names, &until_text, lang)
        };
        out.push(letters::letter_with_event(
            &d.sender,
            &letters::Reader::seat(&h),
            (
                format!("[{}] {subject}", g.row.id),
                crate::words::cite::for_player(&body, lang),
            ),
            is_late.then_some((&event, lang)),
            &format!(
                "late:{}:{}:{}:{}",
                g.row.id, g.row.round, g.row.step, h.house
            ),
            None,
        )?);
    }
    Ok(out)
}

/// When the close of the open step comes now that every house asked has sent: at once in a
/// grace, else the early close delay after now (never after the step's own deadline); `None`
/// when the step does not close early (the game does not allow it, or a house wrote `wait`).
pub fn early_close_at(
    g: &Loaded,
    t: &StepTiming,
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>, Error> {
    if t.grace_until.is_some() {
        return Ok(Some(now));
    }
    if !g.cfg.early_close || t.held_by.is_some() {
        return Ok(None);
    }
    let Some(deadline) = t.scheduled.or(g.row.deadline) else {
        return Ok(None);
    };
    Ok(Some(
        deadline.min(now + g.cfg.deadlines.early_close_delay()?),
    ))
}

/// After a submission is stored: when every house asked has sent, the deadline is brought
/// forward to the early close (the step's own deadline is kept, so that a correction or a
/// `wait` can still move it back). `true` when the step is to close now, within the tick (no
/// early close delay): the caller closes it (`games::close_at_once`).
pub fn after_submission(d: &mut Daemon, id: &str, now: DateTime<Utc>) -> Result<bool, Error> {
    let g = games::load(d, id)?;
    if g.row.status != GameStatus::Running || g.state.step == crate::rules::Step::Finished {
        return Ok(false);
    }
    if g.row.deadline.is_some_and(|t| t <= now) {
        // Already due: this tick closes the step (or begins its grace); nothing to bring
        // forward, and nothing to look up.
        return Ok(false);
    }
    let who = super::notify::sent_and_missing(d, &g)?;
    if who.iter().any(|(_, at)| at.is_none()) {
        return Ok(false);
    }
    let mut t = timing(d, &g)?;
    let Some(at) = early_close_at(&g, &t, now)? else {
        return Ok(false);
    };
    let Some(deadline) = g.row.deadline else {
        return Ok(false);
    };
    if at == deadline {
        // Brought forward to this very time already (the mails of one tick share `now`).
        return Ok(false);
    }
    t.scheduled.get_or_insert(deadline);
    let (round, step) = (g.row.round, g.row.step.clone());
    let brought = d.store.transaction(|tx| -> Result<bool, StoreError> {
        let same = tx
            .game(id)?
            .is_some_and(|r| r.round == round && r.step == step && r.deadline == Some(deadline));
        if !same {
            // Closed or moved meanwhile (a GM command, another process): nothing to bring
            // forward.
            return Ok(false);
        }
        tx.set_step_timing(id, round, &step, &t)?;
        tx.set_deadline(id, Some(at), now)?;
        tx.append_audit(
            Some(id),
            "daemon",
            "deadline brought forward",
            &format!(
                "every house has sent its submission; closes at {}",
                crate::store::format_ts(at)
            ),
            now,
        )
        .map(|_| true)
    })?;
    // No early close delay (`early_close_delay = "0m"`): the caller closes the step now.
    Ok(brought && at <= now && t.grace_until.is_none())
}

/// When the step closes early because this submission completes it (the answer's deadline
/// then, with `words::closing_soon` saying why); `None` when it does not.
pub fn closing_at(
    d: &Daemon,
    g: &Loaded,
    just_sent: &str,
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>, Error> {
    let who = super::notify::sent_and_missing(d, g)?;
    if who.is_empty() || who.iter().any(|(k, at)| at.is_none() && k != just_sent) {
        return Ok(None);
    }
    let t = timing(d, g)?;
    Ok(early_close_at(g, &t, now)?.filter(|at| *at > now))
}

/// `wait` / `等待` from `house` (`hold`): the open step does not close early; a deadline
/// brought forward goes back to the step's own. `nowait` / `不等待` (not `hold`) lifts that
/// again. The change is written by the caller's transaction.
pub fn wait_request(d: &Daemon, g: &Loaded, house: &str, hold: bool) -> Result<WaitChange, Error> {
    let mut t = timing(d, g)?;
    let in_grace = t.grace_until.is_some();
    let deadline = if hold && !in_grace {
        t.scheduled.or(g.row.deadline)
    } else {
        g.row.deadline
    };
    if !in_grace {
        t.held_by = hold.then(|| house.to_string());
    }
    Ok(WaitChange {
        game: g.row.id.clone(),
        round: g.row.round,
        step: g.row.step.clone(),
        timing: t,
        deadline,
        house: house.to_string(),
        hold,
    })
}

/// What a `wait` changes, written with the mail's answer.
#[derive(Debug, Clone)]
pub struct WaitChange {
    game: String,
    round: u32,
    step: String,
    timing: StepTiming,
    /// The deadline the step closes at now.
    pub deadline: Option<DateTime<Utc>>,
    house: String,
    /// `wait` (true) or `nowait`.
    pub hold: bool,
}

impl WaitChange {
    /// Write it (inside the transaction that stores the answer).
    pub fn write(
        &self,
        tx: &crate::store::StoreTx<'_>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let row = tx.game(&self.game)?;
        if row
            .as_ref()
            .is_none_or(|r| r.round != self.round || r.step != self.step)
        {
            // The step closed since the mail was read: it is decided again on the new one.
            return Err(StoreError::Stale {
                what: format!("game {}", self.game),
                detail: "the step changed while the mail was read".into(),
            });
        }
        if self.timing.grace_until.is_some() {
            return Ok(());
        }
        tx.set_step_timing(&self.game, self.round, &self.step, &self.timing)?;
        let current = row.and_then(|r| r.deadline);
        if current != self.deadline {
            tx.set_deadline(&self.game, self.deadline, now)?;
        }
        tx.append_audit(
            Some(&self.game),
            &format!("house:{}", self.house),
            if self.hold { "wait" } else { "nowait" },
            &format!(
                "round {} {}: {}",
                self.round,
                self.step,
                if self.hold {
                    "no early close"
                } else {
                    "early close again"
                }
            ),
            now,
        )
        .map(|_| ())
    }
}

/// The downtime guard, run first in every tick: when the tick comes more than a game's margin
/// after a deadline that passed while the daemon was not running, nothing closes; every open
/// deadline moves out by the outage (to at least `min_open` from now), and the players and
/// the GM are told. The tick is recorded; a clock set back changes nothing. Returns how many
/// games had their deadline moved; `None` when the guard failed (then no step may close in
/// this tick: the next tick tries again).
pub fn downtime_guard(d: &mut Daemon, now: DateTime<Utc>, errors: &mut usize) -> Option<usize> {
    match guard(d, now) {
        Ok(n) => Some(n),
        Err(e) => {
            *errors += 1;
            if !d.note_disk_full(&e, now) {
                tracing::error!(error = %e, "the downtime guard failed; no step closes this tick");
            }
            None
        }
    }
}

fn guard(d: &mut Daemon, now: DateTime<Utc>) -> Result<usize, Error> {
    // Before the daemon's first tick, the newest game's creation is the last moment the
    // referee is known to have run (`new-game` may be followed by a long wait for `run`).
    let last = match d.store.last_tick()? {
        Some(t) => Some(t),
        None => d.store.games()?.iter().map(|g| g.created_at).max(),
    };
    let moves = match last {
        Some(last) if now > last => after_downtime(d, last, now)?,
        // No game yet, or a clock set back: nothing to guard, nothing reopens.
        _ => Vec::new(),
    };
    // Every move and the tick in one transaction: a failure moves nothing, and the next tick
    // (which sees the same outage) tries again; nothing moves twice.
    d.store.transaction(|tx| -> Result<(), StoreError> {
        for m in &moves {
            if tx.game(&m.id)?.and_then(|r| r.deadline) != Some(m.old) {
                continue;
            }
            tx.set_step_timing(&m.id, m.round, &m.step, &m.timing)?;
            tx.set_deadline(&m.id, Some(m.new), now)?;
            for l in &m.mails {
                letters::queue(tx, Some(&m.id), l, None, now)?;
            }
            tx.append_audit(Some(&m.id), "daemon", "downtime guard", &m.detail, now)?;
        }
        tx.record_tick(now)
    })?;
    for m in &moves {
        let (what, detail) = crate::words::gm_alerts::deadlines_moved(&m.detail);
        super::alerts::problem(d, Some(&m.id), &what, &detail, now);
    }
    Ok(moves.len())
}

/// One open deadline moved out after an outage, with the notices to every player.
struct Move {
    id: String,
    round: u32,
    step: String,
    old: DateTime<Utc>,
    new: DateTime<Utc>,
    timing: StepTiming,
    mails: Vec<Letter>,
    detail: String,
}

/// The guard proper, `last` being the tick before this one: the moves to make (none when no
/// deadline passed more than its game's margin ago while the daemon was not running).
fn after_downtime(
    d: &mut Daemon,
    last: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<Vec<Move>, Error> {
    let outage = now - last;
    let open: Vec<Game> = d
        .store
        .games()?
        .into_iter()
        .filter(|g| g.status == GameStatus::Running && g.deadline.is_some_and(|t| t > last))
        .collect();
    let mut tripped = false;
    for g in &open {
        let margin = GameConfig::from_text(&g.config)?
            .deadlines
            .downtime_margin()?;
        if g.deadline.is_some_and(|t| t <= now && now - t > margin) {
            tripped = true;
        }
    }
    if !tripped {
        return Ok(Vec::new());
    }
    let mut moves = Vec::new();
    for g in &open {
        if let Some(m) = move_after_downtime(d, g, outage, now)? {
            moves.push(m);
        }
    }
    Ok(moves)
}

/// The open deadline of one game moved out by `outage` (at least `min_open` from now), and
/// the notices telling everyone why.
fn move_after_downtime(
    d: &Daemon,
    row: &Game,
    outage: TimeDelta,
    now: DateTime<Utc>,
) -> Result<Option<Move>, Error> {
    let Some(old) = row.deadline else {
        return Ok(None);
    };
    let g = games::load(d, &row.id)?;
    let new = (old + outage).max(now + g.schedule.min_open());
    let mut timing = timing(d, &g)?;
    timing.scheduled = timing.scheduled.map(|s| s + outage);
    timing.grace_until = timing.grace_until.map(|s| s + outage);
    let hours = outage.num_hours().max(1);
    let event = super::notify::moved_event(&g, new, now);
    let tag = format!("downtime:{}", now.timestamp());
    let mails = super::notify::notices_with_event(d, &g, &tag, None, Some(&event), |l| {
        words::moved_after_downtime(
            &words::StepAt {
                step: &step_name(&g, l),
                round: g.state.round,
            },
            &words::outage_text(hours, l),
            &g.at(new, l),
            l,
        )
    })?;
    let detail = format!(
        "the daemon did not run from {} to {} ({hours} h): round {} {} does not close at {}; \
         its deadline moves to {}",
        crate::store::format_ts(now - outage),
        crate::store::format_ts(now),
        row.round,
        row.step,
        crate::store::format_ts(old),
        crate::store::format_ts(new)
    );
    Ok(Some(Move {
        id: row.id.clone(),
        round: row.round,
        step: row.step.clone(),
        old,
        new,
        timing,
        mails,
        detail,
    }))
}
