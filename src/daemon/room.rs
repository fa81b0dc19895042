//! Room on the database's volume, so that a small disk never wedges (issue 40). A full volume
//! is recognised in `disk`; this file keeps the daemon from filling it again once space
//! returns:
//!
//! - when the volume is short of space ([`SHORT`]), the WAL is kept small during the tick, not
//!   only after it: SQLite copies it into the database every few pages
//!   ([`SHORT_AUTOCHECKPOINT`]), mails are taken in and answered in small batches
//!   ([`batch`]) and the WAL is truncated between them ([`between_batches`]);
//! - a close is written only when the volume has the room it needs ([`close_waits`]): its
//!   snapshot and mails, twice (once in the WAL, once in the database when the WAL is
//!   copied), and a margin. Otherwise the step waits whole — nothing of it is written, it is
//!   tried again at every poll — and the GM is told once per step (a restart does not tell it
//!   again: the note is in the audit), with the room it needs
//!   (and, when the volume is too small for it even empty, that it must be larger).

use super::{Daemon, alerts, disk};
use crate::words::gm_alerts as w;
use chrono::{DateTime, Utc};

/// Free bytes under which the volume is short of space.
pub const SHORT: u64 = 16 * 1024 * 1024;

/// WAL pages a commit may leave before they are copied into the database, when space is
/// short (SQLite's default, 1000 pages, is about 4 MB: half of an 8 MB volume).
const SHORT_AUTOCHECKPOINT: u32 = 16;

/// SQLite's default, when there is room.
const AUTOCHECKPOINT: u32 = 1000;

/// Mails taken in or answered per committed batch when space is short.
const SHORT_BATCH: u32 = 8;

/// Room a close leaves free besides its own writes (the pages around them, the GM's alert).
pub const CLOSE_MARGIN: u64 = 512 * 1024;

fn database(d: &Daemon) -> std::path::PathBuf {
    d.config.path(&d.config.daemon.database)
}

/// Free bytes on the database's volume (`None`: unknown).
fn free(d: &Daemon) -> Option<u64> {
    disk::free_bytes(&database(d))
}

/// Whether the database's volume is short of space now.
pub(crate) fn is_short(d: &Daemon) -> bool {
    free(d).is_some_and(|b| b < SHORT)
}

/// At the start of a tick: the WAL's autocheckpoint set for the room there is.
pub(crate) fn tick_begins(d: &mut Daemon) {
    let pages = if is_short(d) {
        SHORT_AUTOCHECKPOINT
    } else {
        AUTOCHECKPOINT
    };
    if let Err(e) = d.store.set_wal_autocheckpoint(pages) {
        tracing::warn!(error = %e, "could not set the WAL's autocheckpoint");
    }
}

/// How many mails a batch takes: `normal`, or fewer when space is short (a batch that does not
/// fit is not kept at all; smaller ones go in one after the other).
pub(crate) fn batch(d: &Daemon, normal: u32) -> u32 {
    if is_short(d) {
        normal.min(SHORT_BATCH)
    } else {
        normal
    }
}

/// Between two committed batches: when space is short, the WAL copied into the database and
/// truncated, so that it does not take the room the next batch needs.
pub(crate) fn between_batches(d: &Daemon) {
    if is_short(d)
        && let Err(e) = d.store.checkpoint()
    {
        tracing::warn!(error = %e, "checkpoint between batches failed; the next one retries");
    }
}

/// The room a close needs on the database's volume: its snapshot and mails as the store keeps
/// them (a picture several mails carry, once), twice — in the WAL, then in the database when
/// the WAL is copied — and [`CLOSE_MARGIN`].
pub(crate) fn close_needs<'a>(
    snapshot: &[&serde_json::Value],
    mails: impl Iterator<Item = &'a super::letters::Letter>,
) -> u64 {
    let snapshot: u64 = snapshot.iter().map(|v| v.to_string().len() as u64).sum();
    let mails = crate::store::stored_size(mails.map(|m| m.raw.as_slice()));
    let written = snapshot.saturating_add(mails);
    written.saturating_mul(2).saturating_add(CLOSE_MARGIN)
}

/// Whether the GM was told already, before this process, that this step waits (`waits`, as the
/// note says it): a restart does not tell it again.
fn told_before(d: &Daemon, id: &str, waits: &str) -> bool {
    let said = format!("{}: {waits}:", w::CLOSE_WAITS);
    d.store.audit_log(Some(id), 200).is_ok_and(|log| {
        log.iter()
            .any(|e| e.action == "problem" && e.detail.starts_with(&said))
    })
}

/// The step `round`/`step` of game `id` is to be closed, needing `needs()` bytes
/// ([`close_needs`], reckoned only when the volume is short of space): `Some(why)` when the
/// volume has not that room — the close waits whole, and the GM is told once for this step —,
/// `None` when it may be written.
pub(crate) fn close_waits(
    d: &mut Daemon,
    id: &str,
    round: u8,
    step: &str,
    needs: impl FnOnce() -> u64,
    now: DateTime<Utc>,
) -> Option<String> {
    let db = database(d);
    let key = format!("{id}/{round}/{step}");
    let mut room = disk::free_bytes(&db)?;
    if room >= SHORT {
        d.waiting_closes.remove(&key);
        return None;
    }
    let needs = needs();
    if room < needs {
        // The WAL's own room first: copied into the database and truncated.
        if let Err(e) = d.store.checkpoint() {
            tracing::warn!(error = %e, "checkpoint before a close failed");
        }
        room = disk::free_bytes(&db)?;
    }
    if room >= needs {
        d.waiting_closes.remove(&key);
        return None;
    }
    let waits = w::close_waits_step(id, round, step);
    let why = w::close_waits_why(&waits, needs, room);
    if d.waiting_closes.insert(key) && !told_before(d, id, &waits) {
        let total = disk::total_bytes(&db).unwrap_or(0);
        let kept = std::fs::metadata(&db).map_or(0, |m| m.len());
        let too_small = (total < needs.saturating_add(kept)).then(|| {
            let mb = needs
                .saturating_add(kept)
                .saturating_add(SHORT)
                .div_ceil(1_000_000);
            (total, mb)
        });
        let note = w::close_waits(&why, &db.display().to_string(), too_small);
        alerts::problem(d, Some(id), w::CLOSE_WAITS, &note, now);
    }
    Some(why)
}
