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
        written_whole(dest, |tmp| {
            self.conn.backup(
                rusqlite::MAIN_DB,
                tmp,
                None::<fn(rusqlite::backup::Progress)>,
            )?;
            Ok(())
        })
    }
}

impl Store {
    /// Copies game `game` to `dest`: a database of this schema holding the game's rows (and
    /// the pictures its mails refer to), the rows of no game (strangers' mails and their
    /// answers) and the tables of no game (the IMAP marks, the daemon's clock), and nothing of
    /// any other game, so that it costs the game's size however many games share the
    /// database. With no secret in clear (see the module's text); written to a temporary name
    /// first and renamed, so `dest` is either the complete copy or absent. Read through a
    /// connection of its own in one read transaction: a consistent copy of what is committed.
    /// `restore_game` puts the game back from it; with one game in the database, the copy
    /// put in the database's place is the whole database.
    pub fn backup_game_to(&self, dest: &Path, game: &str) -> Result<(), StoreError> {
        let Some(live) = self
            .conn
            .path()
            .filter(|p| !p.is_empty())
            .map(PathBuf::from)
        else {
            return Err(StoreError::Setup(
                "a database in memory has no backup of a game".into(),
            ));
        };
        written_whole(dest, |tmp| copy_game(&live, tmp, game))
    }
}

/// Writes a backup to `dest` whole or not at all: `copy` fills a temporary file beside it,
/// which is scrubbed of every secret in clear and then renamed into place (removed on any
/// failure).
fn written_whole(
    dest: &Path,
    copy: impl FnOnce(&Path) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    let mut tmp = dest.as_os_str().to_owned();
    tmp.push(".part");
    let tmp = PathBuf::from(tmp);
    let _ = std::fs::remove_file(&tmp);
    let copied = copy(&tmp).and_then(|()| scrub(&tmp)).and_then(|()| {
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

/// The condition that picks the rows of `table` a backup of one game holds (`?1` the game).
fn backup_condition(table: &str) -> Option<&'static str> {
    match table {
        "games" => Some("id = ?1"),
        "outbox_parts" => Some("outbox_id IN (SELECT id FROM main.outbox)"),
        "blobs" => Some("sha256 IN (SELECT sha256 FROM main.outbox_parts)"),
        t if GAME_TABLES.iter().any(|(g, _)| *g == t) => Some("game_id = ?1 OR game_id IS NULL"),
        _ => None,
    }
}

/// Writes the backup of game `game` of the database at `live` into a new file at `to`.
fn copy_game(live: &Path, to: &Path, game: &str) -> Result<(), StoreError> {
    let conn = Connection::open(to)?;
    conn.pragma_update(None, "journal_mode", "OFF")?;
    // The rows are copied from a consistent database, the pictures after the mails that
    // refer to them.
    conn.pragma_update(None, "foreign_keys", false)?;
    conn.execute("ATTACH DATABASE ?1 AS live", [live.to_string_lossy()])?;
    in_transaction(&conn, "BEGIN", || {
        let version: i64 = conn.pragma_query_value(Some("live"), "user_version", |r| r.get(0))?;
        let mut stmt = conn.prepare(
            "SELECT type, name, sql FROM live.sqlite_schema
             WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid",
        )?;
        let schema: Vec<(String, String, String)> = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?;
        drop(stmt);
        let tables: Vec<&str> = schema
            .iter()
            .filter(|(kind, _, _)| kind == "table")
            .map(|(_, name, _)| name.as_str())
            .collect();
        for (kind, _, sql) in &schema {
            if kind == "table" {
                conn.execute_batch(sql)?;
            }
        }
        // Parents before children, the pictures after the mails that refer to them.
        let mut order: Vec<&str> = GAME_TABLES.iter().map(|(t, _)| *t).collect();
        order.push("blobs");
        order.extend(
            tables
                .iter()
                .filter(|t| !order.contains(t))
                .copied()
                .collect::<Vec<_>>(),
        );
        for table in order.into_iter().filter(|t| tables.contains(t)) {
            let sql = format!("INSERT INTO main.\"{table}\" SELECT * FROM live.\"{table}\"");
            match backup_condition(table) {
                Some(cond) if cond.contains("?1") => {
                    conn.execute(&format!("{sql} WHERE {cond}"), [game])?
                }
                Some(cond) => conn.execute(&format!("{sql} WHERE {cond}"), [])?,
                None => conn.execute(&sql, [])?,
            };
        }
        for (kind, _, sql) in &schema {
            if kind != "table" {
                conn.execute_batch(sql)?;
            }
        }
        conn.pragma_update(None, "user_version", version)?;
        Ok(())
    })?;
    conn.execute_batch("DETACH DATABASE live")?;
    conn.close().map_err(|(_, e)| StoreError::from(e))
}

/// `work` inside a transaction opened with `begin` on `conn`: committed when it succeeds,
/// rolled back when it fails (its error returned).
fn in_transaction(
    conn: &Connection,
    begin: &str,
    work: impl FnOnce() -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    conn.execute_batch(begin)?;
    match work() {
        Ok(()) => Ok(conn.execute_batch("COMMIT")?),
        Err(e) => {
            let _ = conn.execute_batch("ROLLBACK");
            Err(e)
        }
    }
}

/// Takes what could hold a secret in clear out of the copy at `path` (see the module's text).
fn scrub(path: &Path) -> Result<(), StoreError> {
    let conn = Connection::open(path)?;
    conn.pragma_update(None, "journal_mode", "MEMORY")?;
    conn.pragma_update(None, "secure_delete", true)?;
    in_transaction(&conn, "BEGIN IMMEDIATE", || {
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
    })?;
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
