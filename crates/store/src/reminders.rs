//! The reminders sent before a deadline: one row per (game, round, step, offset), so each
//! reminder goes out exactly once for a deadline. A row sent before the reminder's moment under
//! the current deadline is of an earlier deadline (the GM gave one day more): the reminder is
//! due again, and sending it writes the row anew.

use crate::cached::Cached;
use chrono::{DateTime, Utc};
use rusqlite::params;

use super::{Store, StoreError, StoreTx, format_ts};

/// Which reminder: the open step of a game and how long before its deadline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReminderKey<'a> {
    /// The game.
    pub game_id: &'a str,
    /// The round.
    pub round: u32,
    /// The step, e.g. `placement`.
    pub step: &'a str,
    /// How long before the deadline, in seconds.
    pub before_secs: i64,
    /// When the reminder is due under the current deadline (the deadline less `before_secs`):
    /// a row sent before it is of an earlier deadline.
    pub due_at: DateTime<Utc>,
}

impl StoreTx<'_> {
    /// Records that a reminder is sent. Returns `false` (and changes nothing) when it was
    /// recorded already for this deadline: the caller then queues nothing.
    pub fn mark_reminder_sent(
        &self,
        key: &ReminderKey<'_>,
        at: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let n = self.conn.exec(
            "INSERT INTO reminders_sent (game_id, round, step, before_secs, sent_at)
             VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (game_id, round, step, before_secs) DO UPDATE
                SET sent_at = excluded.sent_at WHERE reminders_sent.sent_at < ?6",
            params![
                key.game_id,
                key.round,
                key.step,
                key.before_secs,
                format_ts(at),
                format_ts(key.due_at)
            ],
        )?;
        Ok(n == 1)
    }

    /// Whether a reminder was recorded as sent.
    pub fn reminder_sent(&self, key: &ReminderKey<'_>) -> Result<bool, StoreError> {
        let n: i64 = self.conn.row(
            "SELECT COUNT(*) FROM reminders_sent
             WHERE game_id = ?1 AND round = ?2 AND step = ?3 AND before_secs = ?4
               AND sent_at >= ?5",
            params![
                key.game_id,
                key.round,
                key.step,
                key.before_secs,
                format_ts(key.due_at)
            ],
            |row| row.get(0),
        )?;
        Ok(n > 0)
    }
}

impl StoreTx<'_> {
    /// The reminders sent in this step: how long before the deadline (seconds) and when.
    pub fn reminders_sent_in(
        &self,
        game_id: &str,
        round: u32,
        step: &str,
    ) -> Result<Vec<(i64, DateTime<Utc>)>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT before_secs, sent_at FROM reminders_sent
             WHERE game_id = ?1 AND round = ?2 AND step = ?3 ORDER BY before_secs DESC",
        )?;
        let mut rows = stmt.query(params![game_id, round, step])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            let at: String = row.get(1)?;
            out.push((row.get(0)?, super::parse_ts(&at, "reminders_sent.sent_at")?));
        }
        Ok(out)
    }
}

impl Store {
    /// See [`StoreTx::reminders_sent_in`].
    pub fn reminders_sent_in(
        &self,
        game_id: &str,
        round: u32,
        step: &str,
    ) -> Result<Vec<(i64, DateTime<Utc>)>, StoreError> {
        self.view().reminders_sent_in(game_id, round, step)
    }

    /// See [`StoreTx::reminder_sent`].
    pub fn reminder_sent(&self, key: &ReminderKey<'_>) -> Result<bool, StoreError> {
        self.view().reminder_sent(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NewGame;

    #[test]
    fn a_reminder_is_recorded_once() -> Result<(), StoreError> {
        let mut store = Store::open_in_memory()?;
        let now = Utc::now();
        store.transaction(|tx| {
            tx.create_game(&NewGame {
                id: "g",
                config: "",
                seed_hash: "h",
                seed: "s",
                round: 1,
                step: "placement",
                deadline: None,
                created_at: now,
            })
        })?;
        let key = ReminderKey {
            game_id: "g",
            round: 1,
            step: "placement",
            before_secs: 86_400,
            due_at: now,
        };
        assert!(!store.reminder_sent(&key)?);
        assert!(store.transaction(|tx| tx.mark_reminder_sent(&key, now))?);
        assert!(!store.transaction(|tx| tx.mark_reminder_sent(&key, now))?);
        assert!(store.reminder_sent(&key)?);
        let other = ReminderKey {
            before_secs: 4 * 3_600,
            ..key
        };
        assert!(!store.reminder_sent(&other)?);
        // The deadline moved a day later: the reminder is due again, once.
        let later = ReminderKey {
            due_at: now + chrono::TimeDelta::days(1),
            ..key
        };
        assert!(!store.reminder_sent(&later)?);
        let then = later.due_at + chrono::TimeDelta::minutes(1);
        assert!(store.transaction(|tx| tx.mark_reminder_sent(&later, then))?);
        assert!(!store.transaction(|tx| tx.mark_reminder_sent(&later, then))?);
        assert!(store.reminder_sent(&later)?);
        Ok(())
    }
}
