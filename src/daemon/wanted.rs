//! Seats that want a substitute (`gm seat-open`): read from the game's audit log, where
//! `seat-open` marks a house's seat as wanted and `seat-close`, `replace` (a substitute seated)
//! or `leave` (the house turned neutral) clear it — the newest of these per house decides.
//! What the public record says of them (the forum post, the site's game page) and how to
//! apply: the GM's public contact (`[daemon] gm_contact`), never a player's address.

use super::Daemon;
use super::loaded::Loaded;
use crate::board::{HouseId, Lang};
use crate::error::Error;
use std::collections::BTreeSet;

/// The audit action that marks a seat as wanted.
pub const OPEN: &str = "seat-open";
/// The audit action that clears it.
pub const CLOSE: &str = "seat-close";

/// The house key an audit detail of a seat's action begins with (`stark`, `stark: …`,
/// `stark turned neutral …`).
fn key_of(detail: &str) -> &str {
    detail.split([':', ' ']).next().unwrap_or_default()
}

/// The houses whose seat wants a substitute now, in the board's order (a neutral house never).
pub fn houses(d: &Daemon, g: &Loaded) -> Result<Vec<HouseId>, Error> {
    let mut decided: BTreeSet<String> = BTreeSet::new();
    let mut wanted: BTreeSet<HouseId> = BTreeSet::new();
    // Newest first: the first seat action seen for a house is its newest.
    for e in d.store.audit_log(Some(&g.row.id), u32::MAX)? {
        if e.actor != "gm" || ![OPEN, CLOSE, "replace", "leave"].contains(&e.action.as_str()) {
            continue;
        }
        let key = key_of(&e.detail);
        if !decided.insert(key.to_string()) {
            continue;
        }
        if e.action == OPEN
            && let Some(h) = g.board.house_by_key(key)
            && !g.state.house(h).neutral
        {
            wanted.insert(h);
        }
    }
    Ok(wanted.into_iter().collect())
}

/// The GM's public contact as configured, unless it names a player's address (then none, and
/// the public is sent to the forum: an address a player gave is never published).
pub fn contact(d: &Daemon, g: &Loaded) -> Result<Option<String>, Error> {
    let Some(c) = d.config.daemon.gm_contact.as_deref().map(str::trim) else {
        return Ok(None);
    };
    if c.is_empty() {
        return Ok(None);
    }
    let lower = c.to_lowercase();
    let players = d.store.houses(&g.row.id)?;
    if players
        .iter()
        .any(|h| !h.address.trim().is_empty() && lower.contains(&h.address.trim().to_lowercase()))
    {
        tracing::warn!(
            game = %g.row.id,
            "[daemon] gm_contact names a player's address: not published"
        );
        return Ok(None);
    }
    Ok(Some(c.to_string()))
}

/// What the public record says of the seats that want a substitute, one line per house in
/// `lang` (none when no seat is wanted).
pub fn public_lines(d: &Daemon, g: &Loaded, lang: Lang) -> Result<Vec<String>, Error> {
    let wanted = houses(d, g)?;
    if wanted.is_empty() {
        return Ok(Vec::new());
    }
    let contact = contact(d, g)?;
    Ok(wanted
        .into_iter()
        .map(|h| crate::words::seats::wanted(g.board.house(h).name(lang), contact.as_deref(), lang))
        .collect())
}
