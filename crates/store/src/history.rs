//! A game's history as the GM console reads it: which snapshot came from a close and which
//! from a GM change (rollback, edit), the mails sent for a step or in answer to a house, and
//! the game's stored configuration (its schedule for later steps).

use crate::cached::Cached;
use chrono::{DateTime, Utc};
use rusqlite::params;

use super::outbox::{OUT_COLS, outgoing_from_row};
use super::{Outgoing, Store, StoreError, StoreTx, expect_one, format_ts};

/// One snapshot without its state: what made it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SnapshotMark {
    /// Sequence number.
    pub seq: i64,
    /// The round the state is in.
    pub round: u32,
    /// The step the state is in.
    pub step: String,
    /// The GM command that wrote it (`rollback`, `edit` …); `None` for a close of a step or
    /// the game's start.
    pub gm: Option<String>,
    /// For a rollback: the snapshot whose state it restored.
    pub restores: Option<i64>,
}

impl StoreTx<'_> {
    /// Every snapshot of the game, oldest first, with what made it (read from its log: a GM
    /// change stores `{"gm": …}` there, a close the list of what happened).
    pub fn snapshot_marks(&self, game_id: &str) -> Result<Vec<SnapshotMark>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT seq, round, step,
                    CASE json_type(log) WHEN 'object' THEN json_extract(log, '$.gm') END,
                    CASE json_type(log) WHEN 'object' THEN json_extract(log, '$.to_snapshot') END
             FROM snapshots WHERE game_id = ?1 ORDER BY seq",
        )?;
        let mut rows = stmt.query([game_id])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            out.push(SnapshotMark {
                seq: row.get(0)?,
                round: row.get(1)?,
                step: row.get(2)?,
                gm: row.get(3)?,
                restores: row.get(4)?,
            });
        }
        Ok(out)
    }

    /// The newest answer to a mail of `house` in the game.
    pub fn last_answer_to_house(
        &self,
        game_id: &str,
        house: &str,
    ) -> Result<Option<Outgoing>, StoreError> {
        let cols = OUT_COLS
            .split(", ")
            .map(|c| format!("o.{}", c.trim()))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "SELECT {cols} FROM outbox o JOIN mails m ON o.reply_to_mail = m.id
             WHERE m.game_id = ?1 AND m.house = ?2 ORDER BY o.id DESC LIMIT 1"
        );
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query(params![game_id, house])?;
        rows.next()?
            .map(|r| outgoing_from_row(self.conn, r))
            .transpose()
    }

    /// The newest outgoing mail's id (0 when there is none).
    pub fn last_outgoing_id(&self) -> Result<i64, StoreError> {
        Ok(self
            .conn
            .row("SELECT COALESCE(MAX(id), 0) FROM outbox", [], |r| r.get(0))?)
    }

    /// The recipients of the outgoing mails queued after `id`, oldest first.
    pub fn recipients_after(&self, id: i64) -> Result<Vec<String>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT to_addrs FROM outbox WHERE id > ?1 ORDER BY id")?;
        let mut rows = stmt.query([id])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            out.push(row.get(0)?);
        }
        Ok(out)
    }

    /// A seat's stored secret hash (what `verify_secret` compares against), if the seat exists.
    pub fn secret_hash(&self, game_id: &str, house: &str) -> Result<Option<String>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT secret_hash FROM houses WHERE game_id = ?1 AND house = ?2")?;
        let mut rows = stmt.query([game_id, house])?;
        Ok(match rows.next()? {
            Some(row) => Some(row.get(0)?),
            None => None,
        })
    }

    /// Replace the game's stored configuration (TOML): what later steps are scheduled by.
    pub fn set_game_config(
        &self,
        id: &str,
        config: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let n = self.conn.exec(
            "UPDATE games SET config = ?2, updated_at = ?3 WHERE id = ?1",
            params![id, config, format_ts(at)],
        )?;
        expect_one(n, || format!("game {id}"))
    }
}

impl Store {
    /// See [`StoreTx::secret_hash`].
    pub fn secret_hash(&self, game_id: &str, house: &str) -> Result<Option<String>, StoreError> {
        self.view().secret_hash(game_id, house)
    }

    /// See [`StoreTx::latest_snapshot_seq`].
    pub fn latest_snapshot_seq(&self, game_id: &str) -> Result<i64, StoreError> {
        self.view().latest_snapshot_seq(game_id)
    }

    /// See [`StoreTx::last_outgoing_id`].
    pub fn last_outgoing_id(&self) -> Result<i64, StoreError> {
        self.view().last_outgoing_id()
    }

    /// See [`StoreTx::recipients_after`].
    pub fn recipients_after(&self, id: i64) -> Result<Vec<String>, StoreError> {
        self.view().recipients_after(id)
    }

    /// See [`StoreTx::snapshot_marks`].
    pub fn snapshot_marks(&self, game_id: &str) -> Result<Vec<SnapshotMark>, StoreError> {
        self.view().snapshot_marks(game_id)
    }

    /// See [`StoreTx::last_answer_to_house`].
    pub fn last_answer_to_house(
        &self,
        game_id: &str,
        house: &str,
    ) -> Result<Option<Outgoing>, StoreError> {
        self.view().last_answer_to_house(game_id, house)
    }
}
