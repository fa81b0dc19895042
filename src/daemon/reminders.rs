//! Reminders before a deadline: at each offset of `[game.reminders] before`, the houses asked
//! something in the open step that have not sent yet are told what to send, the deadline and
//! what happens if they stay silent. Each reminder goes out once per game, round, step, offset
//! and deadline (a deadline the GM moved later brings its reminders again): it is recorded in
//! the same transaction as its mails are queued.

use super::Daemon;
use super::letters::{self, Letter};
use super::loaded::{self as games, Loaded};
use crate::board::{HouseId, Lang};
use crate::error::Error;
use crate::store::{Game, GameStatus, ReminderKey};
use crate::words::notices as words;
use chrono::{DateTime, TimeDelta, Utc};

/// Send the reminders that are due at `now` in every running game. Returns how many mails were
/// queued; a game whose reminders fail is logged and counted in `errors`, the others go on.
pub fn send_due_reminders(d: &mut Daemon, now: DateTime<Utc>, errors: &mut usize) -> usize {
    let all = match d.store.games() {
        Ok(all) => all,
        Err(e) => {
            *errors += 1;
            tracing::error!(error = %e, "reading the games for reminders failed");
            return 0;
        }
    };
    let mut n = 0;
    for row in all {
        let result =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| remind_game(d, &row, now)));
        let why = match result {
            Ok(Ok(queued)) => {
                n += queued;
                continue;
            }
            Ok(Err(e)) if d.note_disk_full(&e, now) => {
                *errors += 1;
                continue;
            }
            Ok(Err(e)) => e.to_string(),
            Err(payload) => format!("panic: {}", super::alerts::panic_text(payload.as_ref())),
        };
        *errors += 1;
        tracing::error!(game = %row.id, why, "sending reminders failed; tried again next poll");
    }
    n
}

/// The offsets of a game due at `now` and not yet recorded, shortest first.
fn due_offsets(
    d: &Daemon,
    row: &Game,
    now: DateTime<Utc>,
) -> Result<Vec<(String, TimeDelta)>, Error> {
    let Some(deadline) = row.deadline else {
        return Ok(Vec::new());
    };
    if row.status != GameStatus::Running || now >= deadline {
        return Ok(Vec::new());
    }
    let cfg = crate::config::GameConfig::from_text(&row.config)?;
    let mut due = Vec::new();
    for (text, before) in cfg.reminders.offsets()? {
        let at = deadline - before;
        // Due, and the step (or its deadline) was set before that moment: a step opened 24 h
        // or less before its deadline gets no "24 h before" reminder on top of its report.
        if now < at || row.updated_at >= at {
            continue;
        }
        let key = ReminderKey {
            game_id: &row.id,
            round: row.round,
            step: &row.step,
            before_secs: before.num_seconds(),
            due_at: at,
        };
        if !d.store.reminder_sent(&key)? {
            due.push((text, before));
        }
    }
    due.sort_by_key(|(_, b)| *b);
    Ok(due)
}

/// Remind the silent houses of one game if a reminder is due; the number of mails queued.
fn remind_game(d: &mut Daemon, row: &Game, now: DateTime<Utc>) -> Result<usize, Error> {
    let due = due_offsets(d, row, now)?;
    // When several are due at once (the daemon was not running), only the nearest is sent.
    let (Some((before_text, before)), Some(deadline)) = (due.first().cloned(), row.deadline) else {
        return Ok(0);
    };
    let g = games::load(d, &row.id)?;
    let who = super::notify::sent_and_missing(d, &g)?;
    let mut mails: Vec<Letter> = Vec::new();
    for h in d.store.houses(&g.row.id)? {
        let silent = who.iter().any(|(k, at)| *k == h.house && at.is_none());
        let Some(id) = g.house_id(&h.house) else {
            continue;
        };
        if !silent {
            continue;
        }
        let lang = g.lang_of(h.language);
        let (subject, body) = reminder_text(&g, id, &before_text, &who, lang);
        mails.push(
            letters::letter(
                &d.sender,
                &letters::Reader::seat(&h),
                format!("[{}] {subject}", g.row.id),
                crate::words::cite::for_player(&body, lang),
                &format!(
                    "reminder:{}:{}:{}:{}:{}:{}",
                    g.row.id,
                    row.round,
                    row.step,
                    before.num_seconds(),
                    deadline.timestamp(),
                    h.house
                ),
                None,
            )?
            .notice(),
        );
    }
    let id = g.row.id.clone();
    let queued = d
        .store
        .transaction(|tx| -> Result<usize, crate::store::StoreError> {
            let mut first = true;
            for (_, b) in &due {
                let key = ReminderKey {
                    game_id: &id,
                    round: row.round,
                    step: &row.step,
                    before_secs: b.num_seconds(),
                    due_at: deadline - *b,
                };
                let new = tx.mark_reminder_sent(&key, now)?;
                if *b == before && !new {
                    // Another process sent it already.
                    first = false;
                }
            }
            if !first {
                return Ok(0);
            }
            for m in &mails {
                letters::queue(tx, Some(&id), m, None, now)?;
            }
            tx.append_audit(
                Some(&id),
                "daemon",
                "reminder",
                &format!(
                    "round {} {}: {before_text} before the deadline, to {} house(s)",
                    row.round,
                    row.step,
                    mails.len()
                ),
                now,
            )?;
            Ok(mails.len())
        })?;
    Ok(queued)
}

/// The reminder to house `h`, which has not sent yet.
fn reminder_text(
    g: &Loaded,
    h: HouseId,
    before: &str,
    who: &[super::notify::SentOrMissing],
    lang: Lang,
) -> (String, String) {
    let what = crate::words::form::what_to_send_with_form(&g.board, &g.state, h, None, lang);
    let default = silent_default(g, h, lang);
    let waiting = waiting_text(g, who, None, lang);
    words::reminder(
        &words::Reminder {
            step: &letters::step_name(g.state.step, lang),
            round: g.state.round,
            deadline: &g.deadline_text(lang),
            before,
            what: &what,
            default: &default,
            waiting: &waiting,
        },
        lang,
    )
}

/// What happens to `h` if it stays silent: the step's default sentence without the house's
/// name before its colon.
pub(crate) fn silent_default(g: &Loaded, h: HouseId, lang: Lang) -> String {
    let text = crate::words::asks::default_text(&g.board, g.state.step, h, lang);
    match text.split_once([':', ':']) {
        Some((_, rest)) => rest.trim().to_string(),
        None => text,
    }
}

/// The "n of m have sent; still waiting for …" line of the open step (empty when it waits for
/// one house only), the house `just_sent` counted as sent.
pub fn waiting_text(
    g: &Loaded,
    who: &[super::notify::SentOrMissing],
    just_sent: Option<&str>,
    lang: Lang,
) -> String {
    let missing: Vec<String> = who
        .iter()
        .filter(|(k, at)| at.is_none() && Some(k.as_str()) != just_sent)
        .map(|(k, _)| match g.house_id(k) {
            Some(id) => g.board.house(id).name(lang).to_string(),
            None => k.clone(),
        })
        .collect();
    words::still_waiting(who.len() - missing.len(), who.len(), &missing, lang)
}

/// The "still waiting" line of an answer to house `house`, which may just have sent.
pub fn waiting_line(
    d: &Daemon,
    g: &Loaded,
    just_sent: Option<&str>,
    lang: Lang,
) -> Result<String, Error> {
    let who = super::notify::sent_and_missing(d, g)?;
    Ok(waiting_text(g, &who, just_sent, lang))
}
