//! Game state snapshots: one per resolved step, numbered 1, 2, 3 … per game.

use crate::cached::Cached;
use chrono::{DateTime, Utc};
use rusqlite::{Row, params};

use super::{StoreError, StoreTx, format_ts, parse_ts};

/// A snapshot to store with [`StoreTx::add_snapshot`].
#[derive(Debug, Clone)]
pub struct NewSnapshot<'a> {
    /// The game.
    pub game_id: &'a str,
    /// The round the state is in.
    pub round: u32,
    /// The step the state is in.
    pub step: &'a str,
    /// The sequence number of the snapshot this state was computed from (0 for a game's
    /// first). The write is refused with [`StoreError::Stale`] when another snapshot was
    /// stored since: whoever computed from an older state lost the race and changes nothing.
    pub after_seq: i64,
    /// The full game state.
    pub state: &'a serde_json::Value,
    /// The resolution log that led to it.
    pub log: &'a serde_json::Value,
    /// When it was taken.
    pub created_at: DateTime<Utc>,
}

/// A stored snapshot.
#[derive(Debug, Clone, PartialEq)]
pub struct Snapshot {
    /// The game.
    pub game_id: String,
    /// Sequence number, 1 for the first snapshot of the game.
    pub seq: i64,
    /// The round.
    pub round: u32,
    /// The step.
    pub step: String,
    /// The full game state.
    pub state: serde_json::Value,
    /// The resolution log.
    pub log: serde_json::Value,
    /// When it was taken.
    pub created_at: DateTime<Utc>,
}

const SNAP_COLS: &str = "game_id, seq, round, step, state, log, created_at";

fn json(text: &str, what: &'static str) -> Result<serde_json::Value, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Corrupt {
        what,
        detail: e.to_string(),
    })
}

fn snapshot_from_row(row: &Row<'_>) -> Result<Snapshot, StoreError> {
    Ok(Snapshot {
        game_id: row.get(0)?,
        seq: row.get(1)?,
        round: row.get(2)?,
        step: row.get(3)?,
        state: json(&row.get::<_, String>(4)?, "snapshots.state")?,
        log: json(&row.get::<_, String>(5)?, "snapshots.log")?,
        created_at: parse_ts(&row.get::<_, String>(6)?, "snapshots.created_at")?,
    })
}

impl StoreTx<'_> {
    /// Stores a snapshot with the next sequence number of its game and
    /// returns that number (1 for the first). Refused with [`StoreError::Stale`] unless the
    /// game's newest snapshot is still `s.after_seq`: inside the write transaction, this makes
    /// every change of a game's state happen exactly once whatever runs at the same time.
    pub fn add_snapshot(&self, s: &NewSnapshot<'_>) -> Result<i64, StoreError> {
        let latest = self.latest_snapshot_seq(s.game_id)?;
        if latest != s.after_seq {
            return Err(StoreError::Stale {
                what: format!("game {}", s.game_id),
                detail: format!(
                    "its state moved on (snapshot {latest}) since snapshot {} was read",
                    s.after_seq
                ),
            });
        }
        let seq = latest + 1;
        self.conn.exec(
            "INSERT INTO snapshots (game_id, seq, round, step, state, log, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                s.game_id,
                seq,
                s.round,
                s.step,
                s.state.to_string(),
                s.log.to_string(),
                format_ts(s.created_at)
            ],
        )?;
        Ok(seq)
    }

    /// The sequence number of the game's newest snapshot (0 when it has none).
    pub fn latest_snapshot_seq(&self, game_id: &str) -> Result<i64, StoreError> {
        Ok(self.conn.row(
            "SELECT COALESCE(MAX(seq), 0) FROM snapshots WHERE game_id = ?1",
            [game_id],
            |row| row.get(0),
        )?)
    }

    /// The game's newest snapshot, if any.
    pub fn latest_snapshot(&self, game_id: &str) -> Result<Option<Snapshot>, StoreError> {
        let sql = format!(
            "SELECT {SNAP_COLS} FROM snapshots WHERE game_id = ?1 ORDER BY seq DESC LIMIT 1"
        );
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query([game_id])?;
        rows.next()?.map(snapshot_from_row).transpose()
    }

    /// The game's snapshot number `seq`, if any.
    pub fn snapshot(&self, game_id: &str, seq: i64) -> Result<Option<Snapshot>, StoreError> {
        let sql = format!("SELECT {SNAP_COLS} FROM snapshots WHERE game_id = ?1 AND seq = ?2");
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query(params![game_id, seq])?;
        rows.next()?.map(snapshot_from_row).transpose()
    }

    /// Sequence number, round and step of every snapshot of the game, oldest
    /// first (without the state, for listings).
    pub fn snapshot_index(&self, game_id: &str) -> Result<Vec<(i64, u32, String)>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT seq, round, step FROM snapshots WHERE game_id = ?1 ORDER BY seq",
        )?;
        let mut rows = stmt.query([game_id])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            out.push((row.get(0)?, row.get(1)?, row.get(2)?));
        }
        Ok(out)
    }
}
