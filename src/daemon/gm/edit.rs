//! `edit`: the GM corrects the state (units, tokens, fortifications, power in hand, barrels,
//! garrisons, tracks, wildlings, leaders' rest) in the words of a scenario's `[setup]`; every
//! player is told what changed and why.

use super::{GmOutcome, Guard, notices, refused_if_stale};
use crate::board::Lang;
use crate::daemon::Daemon;
use crate::daemon::games::Loaded;
use crate::daemon::letters;
use crate::error::Error;
use crate::store::{NewSnapshot, StoreError};
use crate::words::corrections::state_changes;
use crate::words::gm_refusals::{EditFault, GmRefusal};
use crate::words::notices as words;
use chrono::{DateTime, Utc};

/// What `edit` is given.
pub(super) struct Correction<'a> {
    /// The correction, as TOML with the keys of [`crate::scenario::Edit`].
    pub text: &'a str,
    /// Why (told to the players).
    pub reason: &'a str,
    /// Make it even when the result breaks a rule that always holds (supply, unit caps …).
    pub force: bool,
}

/// `edit`: the correction as one new snapshot of the open step, the notices and the audit line.
pub(super) fn edit(
    d: &mut Daemon,
    g: &Loaded,
    c: &Correction<'_>,
    guard: Guard,
    now: DateTime<Utc>,
    lang: Lang,
) -> Result<GmOutcome, Error> {
    guard.check(g)?;
    let refused = |f: EditFault| Error::from(GmRefusal::Edit(f));
    if c.reason.trim().is_empty() {
        return Err(refused(EditFault::NoReason));
    }
    let unread = |e: crate::scenario::ScenarioError| refused(EditFault::Unread(e.to_string()));
    let edit = crate::scenario::Edit::parse(c.text).map_err(unread)?;
    let after = edit.apply(&g.board, &g.names, &g.state).map_err(unread)?;
    let broken = crate::sim::invariants(&g.board, &after);
    if !broken.is_empty() && !c.force {
        return Err(refused(EditFault::Breaks(broken)));
    }
    let changes = state_changes(&g.board, &g.state, &after, crate::board::Lang::En);
    if changes.is_empty() {
        return Err(refused(EditFault::NoChange));
    }
    let id = g.row.id.as_str();
    let mails = notices(
        d,
        g,
        &format!("edit:{}", now.timestamp_micros()),
        None,
        |l| words::corrected(c.reason, &state_changes(&g.board, &g.state, &after, l), l),
    )?;
    let state_json = crate::daemon::stored::encode(&after)?;
    let log = serde_json::json!({ "gm": "edit", "reason": c.reason, "changes": changes });
    d.store
        .transaction(|tx| -> Result<(), StoreError> {
            tx.add_snapshot(&NewSnapshot {
                game_id: id,
                round: u32::from(after.round),
                step: after.step.key(),
                after_seq: g.seq,
                state: &state_json,
                log: &log,
                created_at: now,
            })?;
            for m in &mails {
                letters::queue(tx, Some(id), m, None, now)?;
            }
            tx.append_audit(
                Some(id),
                "gm",
                "edit",
                &format!("{}: {}", c.reason, changes.join("; ")),
                now,
            )?;
            Ok(())
        })
        .map_err(|e| refused_if_stale(id, e))?;
    Ok(GmOutcome {
        summary: crate::words::gm_results::corrected(
            id,
            &state_changes(&g.board, &g.state, &after, lang),
            lang,
        ),
        queued: mails.len(),
        secret: None,
    })
}
