//! Is the file sound? `PRAGMA quick_check` before the daemon writes (and after a storage
//! error), and putting failed mails back to waiting (`gm retry-mail`, or by themselves once a
//! damaged store is good again).

use rusqlite::params;

use super::{Store, StoreError, StoreTx};
use chrono::{DateTime, Utc};

/// The `outcome` of a mail whose intake failed because of the store, not because of its
/// content: such a mail goes back to waiting by itself once the store is good again.
pub const STORE_FAILURE: &str = "store: ";

/// The outcomes of failed mails taken for failures of the store: the ones marked so, and the
/// store's own errors written by builds that marked them as the mail's ("unexpected data in
/// snapshots.state …", "database error: database disk image is malformed").
const STORE_FAILURE_LIKE: [&str; 3] = ["store: %", "unexpected data in %", "database error: %"];

/// Which failed mails to put back to waiting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RetryMails {
    /// This one mail.
    One(i64),
    /// Every failed mail.
    AllFailed,
    /// The failed mails whose failure was the store's (see [`STORE_FAILURE`]).
    FailedByStore,
}

impl Store {
    /// `PRAGMA quick_check`: `None` when the file is sound, else what SQLite found (the first
    /// lines). A file so damaged that the check itself cannot run says why.
    pub fn quick_check(&self) -> Result<Option<String>, StoreError> {
        let lines: Result<Vec<String>, rusqlite::Error> = self
            .conn
            .prepare("PRAGMA quick_check(20)")
            .and_then(|mut st| st.query_map([], |r| r.get::<_, String>(0))?.collect());
        match lines {
            Ok(lines) if lines.len() == 1 && lines[0] == "ok" => Ok(None),
            Ok(lines) => Ok(Some(lines.join("; "))),
            Err(e) if is_damage(&e) => Ok(Some(e.to_string())),
            Err(e) => Err(e.into()),
        }
    }
}

/// SQLite's word for a damaged file (SQLITE_CORRUPT, SQLITE_NOTADB).
fn is_damage(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase)
    )
}

impl StoreError {
    /// The file is damaged (SQLITE_CORRUPT, SQLITE_NOTADB) or a value in it is not what the
    /// schema promises: the store's failure, never a mail's.
    pub fn is_damage(&self) -> bool {
        match self {
            StoreError::Sqlite(e) => is_damage(e),
            StoreError::Corrupt { .. } => true,
            _ => false,
        }
    }
}

impl StoreTx<'_> {
    /// Puts failed mails back to `new` (taken again at the next tick); an audit entry names
    /// them. Returns their ids. Only `failed` mails move.
    pub fn retry_failed_mails(
        &self,
        which: RetryMails,
        actor: &str,
        at: DateTime<Utc>,
    ) -> Result<Vec<i64>, StoreError> {
        let mut ids = Vec::new();
        let mut collect = |sql: &str, p: &[&dyn rusqlite::ToSql]| -> Result<(), StoreError> {
            let mut st = self.conn.prepare(sql)?;
            let rows = st.query_map(p, |r| r.get::<_, i64>(0))?;
            for r in rows {
                ids.push(r?);
            }
            Ok(())
        };
        match which {
            RetryMails::One(id) => collect(
                "SELECT id FROM mails WHERE id = ?1 AND status = 'failed'",
                &[&id],
            )?,
            RetryMails::AllFailed => collect("SELECT id FROM mails WHERE status = 'failed'", &[])?,
            RetryMails::FailedByStore => {
                for like in STORE_FAILURE_LIKE {
                    collect(
                        "SELECT id FROM mails WHERE status = 'failed' AND outcome LIKE ?1",
                        &[&like],
                    )?;
                }
            }
        }
        ids.sort_unstable();
        ids.dedup();
        for id in &ids {
            self.conn.execute(
                "UPDATE mails SET status = 'new', outcome = NULL, processed_at = NULL
                 WHERE id = ?1 AND status = 'failed'",
                params![id],
            )?;
        }
        if !ids.is_empty() {
            let list: Vec<String> = ids.iter().map(i64::to_string).collect();
            self.append_audit(
                None,
                actor,
                "mail retried",
                &format!("failed mails back to waiting: {}", list.join(", ")),
                at,
            )?;
        }
        Ok(ids)
    }
}
