//! A backup of the database: a consistent copy with no secret in clear (issue 40). The copy
//! is SQLite's online backup, written under a temporary name; before it is renamed into place,
//! what could still hold a house's secret in clear is taken out of it, in the copy only:
//!
//! - a received mail not yet read (`new`: the rest of a batch when a step closes in the
//!   middle of it): its raw text and subject are replaced by a note, and it is `failed` in the
//!   copy, so a restored database does not act on it (the player sends it again);
//! - an outgoing mail with a masked copy to keep once sent (a welcome mail, a substitute's
//!   secret): the copy holds the masked one (and no part of the unmasked one).
//!
//! The copy is changed with `secure_delete` on, so the bytes taken out are overwritten in the
//! file, and its journal kept in memory, so they are never written beside it.

use crate::{Store, StoreError};
use rusqlite::Connection;
use std::path::{Path, PathBuf};

/// What a backup keeps of a mail not yet read when it was taken.
pub const HELD_BACK: &str = "not in this backup: the mail had not been read when the backup was \
                             taken, and its text may hold a house's secret";

impl Store {
    /// Copies the whole database to `dest` with SQLite's online backup (a consistent copy,
    /// taken while other connections go on), with no secret in clear (see the module's text),
    /// written to a temporary name first and renamed, so `dest` is either the complete copy
    /// or absent.
    pub fn backup_to(&self, dest: &Path) -> Result<(), StoreError> {
        let mut tmp = dest.as_os_str().to_owned();
        tmp.push(".part");
        let tmp = PathBuf::from(tmp);
        let _ = std::fs::remove_file(&tmp);
        let copied = self
            .conn
            .backup(
                rusqlite::MAIN_DB,
                &tmp,
                None::<fn(rusqlite::backup::Progress)>,
            )
            .map_err(StoreError::from)
            .and_then(|()| scrub(&tmp))
            .and_then(|()| {
                std::fs::rename(&tmp, dest).map_err(|e| {
                    StoreError::Setup(format!(
                        "rename {} to {}: {e}",
                        tmp.display(),
                        dest.display()
                    ))
                })
            });
        if copied.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        copied
    }
}

/// Takes what could hold a secret in clear out of the copy at `path` (see the module's text).
fn scrub(path: &Path) -> Result<(), StoreError> {
    let conn = Connection::open(path)?;
    conn.pragma_update(None, "journal_mode", "MEMORY")?;
    conn.pragma_update(None, "secure_delete", true)?;
    conn.execute_batch("BEGIN IMMEDIATE")?;
    let done = (|| -> Result<(), StoreError> {
        conn.execute(
            "UPDATE mails SET raw = CAST(?1 AS BLOB), subject = '', status = 'failed',
                              outcome = ?1
             WHERE status = 'new'",
            [HELD_BACK],
        )?;
        let mut stmt = conn.prepare("SELECT id FROM outbox WHERE kept_after_send IS NOT NULL")?;
        let masked: Vec<i64> = stmt
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        for id in masked {
            crate::blobs::forget(&conn, id)?;
        }
        conn.execute(
            "UPDATE outbox SET raw = kept_after_send, packed = 0, kept_after_send = NULL
             WHERE kept_after_send IS NOT NULL",
            [],
        )?;
        Ok(())
    })();
    match done {
        Ok(()) => conn.execute_batch("COMMIT")?,
        Err(e) => {
            let _ = conn.execute_batch("ROLLBACK");
            return Err(e);
        }
    }
    conn.close().map_err(|(_, e)| StoreError::from(e))
}

/// The tables that hold a game's rows, parents before children (rows are inserted in this
/// order and deleted in the reverse one), with the condition that picks the game's rows.
const GAME_TABLES: &[(&str, &str)] = &[
    ("games", "id = ?1"),
    ("houses", "game_id = ?1"),
    ("mails", "game_id = ?1"),
    ("submissions", "game_id = ?1"),
    ("snapshots", "game_id = ?1"),
    ("outbox", "game_id = ?1"),
    (
        "outbox_parts",
        "outbox_id IN (SELECT id FROM {db}.outbox WHERE game_id = ?1)",
    ),
    ("audit", "game_id = ?1"),
    ("gm_secrets", "game_id = ?1"),
    ("reminders_sent", "game_id = ?1"),
    ("step_timing", "game_id = ?1"),
    ("absences", "game_id = ?1"),
    ("bounces", "game_id = ?1"),
];

impl Store {
    /// Puts game `game` back as backup `from` holds it, leaving every other game of the
    /// database as it is: the game's rows now are deleted and the backup's copied in (with the
    /// pictures its mails refer to), in one transaction. The backup must be of this schema
    /// version and hold the game. Returns the number of rows copied. Nothing else may use the
    /// database meanwhile (the daemon stopped).
    pub fn restore_game(&mut self, from: &Path, game: &str) -> Result<usize, StoreError> {
        let refuse = |detail: String| StoreError::Invalid {
            what: "backup",
            detail,
        };
        if !from.is_file() {
            return Err(refuse(format!("{} is not a file", from.display())));
        }
        let bk = Connection::open_with_flags(from, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        let version: i64 = bk.pragma_query_value(None, "user_version", |r| r.get(0))?;
        if version != crate::SCHEMA_VERSION {
            return Err(refuse(format!(
                "{} is of schema version {version}, this maester's is {}: open it with \
                 this maester once (`maester --config … status` on a copy) to upgrade it",
                from.display(),
                crate::SCHEMA_VERSION
            )));
        }
        let held: i64 = bk.query_row("SELECT count(*) FROM games WHERE id = ?1", [game], |r| {
            r.get(0)
        })?;
        drop(bk);
        if held == 0 {
            return Err(refuse(format!("{} holds no game {game:?}", from.display())));
        }
        let path = from.to_string_lossy().into_owned();
        self.conn.execute("ATTACH DATABASE ?1 AS bk", [&path])?;
        self.conn.pragma_update(None, "foreign_keys", false)?;
        let copied = self.copy_game_from_attached(game);
        let _ = self.conn.pragma_update(None, "foreign_keys", true);
        let _ = self.conn.execute_batch("DETACH DATABASE bk");
        copied
    }

    fn copy_game_from_attached(&mut self, game: &str) -> Result<usize, StoreError> {
        let tx = self.conn.transaction()?;
        for (table, cond) in GAME_TABLES.iter().rev() {
            let cond = cond.replace("{db}", "main");
            tx.execute(&format!("DELETE FROM main.{table} WHERE {cond}"), [game])?;
        }
        tx.execute(
            "INSERT INTO main.blobs SELECT * FROM bk.blobs WHERE sha256 IN
               (SELECT p.sha256 FROM bk.outbox_parts p JOIN bk.outbox o ON o.id = p.outbox_id
                WHERE o.game_id = ?1)
             ON CONFLICT (sha256) DO NOTHING",
            [game],
        )?;
        let mut rows = 0;
        for (table, cond) in GAME_TABLES {
            let cond = cond.replace("{db}", "bk");
            rows += tx.execute(
                &format!("INSERT INTO main.{table} SELECT * FROM bk.{table} WHERE {cond}"),
                [game],
            )?;
        }
        tx.execute(
            "DELETE FROM main.blobs
             WHERE NOT EXISTS (SELECT 1 FROM main.outbox_parts p WHERE p.sha256 = blobs.sha256)",
            [],
        )?;
        let broken: Option<String> = tx
            .query_row("PRAGMA main.foreign_key_check", [], |row| row.get(0))
            .map(Some)
            .or_else(|e| match e {
                rusqlite::Error::QueryReturnedNoRows => Ok(None),
                e => Err(e),
            })?;
        if let Some(table) = broken {
            return Err(StoreError::Corrupt {
                what: "foreign keys",
                detail: format!(
                    "restoring game {game} would leave a dangling reference in {table}"
                ),
            });
        }
        tx.commit()?;
        Ok(rows)
    }
}
