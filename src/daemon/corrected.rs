//! A report re-issued after `gm rollback`: the close of a step reopened by a rollback writes
//! reports that replace the ones sent before. They say so (issue 26): 更正 / correction in the
//! subject and a first line naming the report replaced — its round and step and when it was
//! sent — and the GM's reason for the rollback.

use super::Daemon;
use super::loaded::Loaded;
use crate::board::Lang;
use crate::error::Error;
use chrono::{DateTime, Utc};

/// What a correction names: the replaced report's close and the GM's reason.
#[derive(Clone, Debug)]
pub struct Correction {
    /// When the replaced report was sent (its close).
    pub sent_at: DateTime<Utc>,
    /// The GM's reason (empty when he gave none).
    pub reason: String,
    /// The state after the replaced close.
    pub old_state: crate::rules::GameState,
    /// The replaced close's military log.
    pub old_events: Vec<crate::rules::log::Event>,
}

/// The correction the close of `g`'s open step is, when its newest snapshot is a rollback
/// (the step reopened and not changed since).
pub fn of(d: &Daemon, g: &Loaded) -> Result<Option<Correction>, Error> {
    let id = g.row.id.as_str();
    let marks = d.store.snapshot_marks(id)?;
    let Some(last) = marks.iter().find(|m| m.seq == g.seq) else {
        return Ok(None);
    };
    let (Some("rollback"), Some(restored)) = (last.gm.as_deref(), last.restores) else {
        return Ok(None);
    };
    // The close that was rolled back: the first close after the state restored.
    let Some(replaced) = marks.iter().find(|m| m.seq > restored && m.gm.is_none()) else {
        return Ok(None);
    };
    let Some(old) = d.store.snapshot(id, replaced.seq)? else {
        return Ok(None);
    };
    let Ok(old_state) = super::stored::decode(old.state) else {
        return Ok(None);
    };
    let old_events = crate::publish::record::events_of(&old.log);
    let sent_at = old.created_at;
    let reason = d
        .store
        .snapshot(id, g.seq)?
        .and_then(|s| {
            s.log
                .get("reason")
                .and_then(|r| r.as_str())
                .map(str::to_string)
        })
        .unwrap_or_default();
    Ok(Some(Correction {
        sent_at,
        reason,
        old_state,
        old_events,
    }))
}

impl Correction {
    /// What the corrected close (`after`, `log`) changed for `house` against the one it
    /// replaces: its battles and its areas, in `lang`.
    pub fn changes(
        &self,
        g: &Loaded,
        after: &crate::rules::GameState,
        log: &[crate::rules::log::Event],
        house: crate::board::HouseId,
        lang: Lang,
    ) -> Vec<String> {
        use crate::words::corrections::{CloseSeen, what_changed};
        what_changed(
            &g.board,
            house,
            CloseSeen {
                after: &self.old_state,
                log: &self.old_events,
            },
            CloseSeen { after, log },
            lang,
        )
    }

    /// The report's first line, in `lang`.
    pub fn line(&self, g: &Loaded, lang: Lang) -> String {
        crate::words::report_lines::correction(
            u32::from(g.state.round),
            &crate::words::instructions::step_name(g.state.step, lang),
            &g.at(self.sent_at, lang),
            &self.reason,
            lang,
        )
    }
}
