//! Silent seats: each house's silent steps (asked, sent nothing, its defaults taken), counted
//! from the public record of the game's closes (`publish::silence`), for `gm who` and
//! `status --json`; and the GM's alert, queued by the close whose step makes a house silent
//! `[game] silence_alert` steps in a row — once per run, since a run reaches that length once.

use super::Daemon;
use super::letters::{self, Letter};
use super::loaded::Loaded;
use crate::board::HouseId;
use crate::error::Error;
use crate::mail::Mailbox;
use crate::publish::silence::{Silence, silences};
use crate::publish::{Record, StoredLog};
use std::collections::BTreeMap;

/// The public records of the game's line of closes, oldest first (the closes a rollback undid
/// left out, like the site's history).
pub fn records(d: &Daemon, g: &Loaded) -> Result<Vec<(i64, Record)>, Error> {
    let id = g.row.id.as_str();
    let mut line: Vec<(i64, Record)> = Vec::new();
    for (seq, _, _) in d.store.snapshot_index(id)? {
        let Some(snap) = d.store.snapshot(id, seq)? else {
            continue;
        };
        match crate::publish::record::decode(&snap.log) {
            StoredLog::Close {
                record: Some(r), ..
            } => line.push((seq, *r)),
            StoredLog::Gm {
                restores: Some(to), ..
            } => line.retain(|(s, _)| *s <= to),
            _ => {}
        }
    }
    Ok(line)
}

/// Each house's silent steps so far.
pub fn of_game(d: &Daemon, g: &Loaded) -> Result<BTreeMap<HouseId, Silence>, Error> {
    let line = records(d, g)?;
    Ok(silences(line.iter().map(|(_, r)| r)))
}

/// The GM's alerts the close recorded by `new` calls for: one per house it leaves silent
/// exactly `[game] silence_alert` steps in a row (none without `[daemon] gm_address`).
pub fn alerts(d: &Daemon, g: &Loaded, new: &Record, seq: i64) -> Result<Vec<Letter>, Error> {
    let limit = g.cfg.silence_alert;
    let Some(addr) = d.config.daemon.gm_address.as_deref().map(str::trim) else {
        return Ok(Vec::new());
    };
    if limit == 0 || addr.is_empty() {
        return Ok(Vec::new());
    }
    let silent_now: Vec<HouseId> = new.steps.iter().flat_map(|c| c.silent.clone()).collect();
    if silent_now.is_empty() {
        return Ok(Vec::new());
    }
    let line = records(d, g)?;
    let counts = silences(line.iter().map(|(_, r)| r).chain(std::iter::once(new)));
    let lang = g.cfg.language.lang;
    let mut out = Vec::new();
    for (h, s) in counts {
        if s.in_a_row != limit || !silent_now.contains(&h) {
            continue;
        }
        let house = g.board.house(h);
        let (subject, text) =
            crate::words::silence::alert(&g.row.id, house.name(lang), &house.key, s.in_a_row, lang);
        out.push(
            letters::letter(
                &d.sender,
                &letters::Reader::plain(Mailbox::new("GM".to_string(), addr.to_string())),
                subject,
                text,
                &format!("silence:{}:{seq}:{}", g.row.id, house.key),
                None,
            )?
            .notice(),
        );
    }
    Ok(out)
}
