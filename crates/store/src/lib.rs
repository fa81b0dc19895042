//! The SQLite store: games, houses, received mails, submissions, snapshots,
//! the outgoing mail queue and the audit log.
//!
//! Every received mail is stored raw *before* it is acted on
//! ([`Store::insert_mail`]); acting on it (storing the submission, marking the
//! mail processed, queueing the reply) then happens in ONE transaction
//! ([`Store::transaction`]), so a crash leaves either everything or nothing
//! written, and a mail left `new` is processed again on restart.
//!
//! All write methods live on [`StoreTx`]; [`Store`] offers the read methods
//! and a few single-statement writes, each in its own transaction.
//! Timestamps are passed in by the caller (the store never reads the clock)
//! and stored as RFC 3339 UTC text with whole seconds (`2026-11-23T13:00:00Z`),
//! so a GM can read every table with `sqlite3`.

mod backup;
mod blobs;
mod cached;
mod deadlines;
mod error;
mod facade;
mod games;
mod health;
mod history;
mod late;
mod mailops;
mod mails;
mod migrations;
mod outbox;
mod packing;
pub mod plans;
mod reminders;
mod secrets;
mod snapshots;

use std::path::Path;
use std::time::Duration;

use cached::Cached;
use chrono::{DateTime, SecondsFormat, Utc};
use rusqlite::{Connection, OpenFlags, TransactionBehavior};

pub use blobs::stored_size;
pub use deadlines::{Absence, NewAbsence, StepTiming};
pub use error::StoreError;
pub use games::{Game, GameStatus, House, Language, NewGame, NewHouse};
pub use health::{RetryMails, STORE_FAILURE};
pub use history::SnapshotMark;
pub use late::LateMail;
pub use mailops::{Bounce, ImapMark, NewBounce, OutKind};
pub use mails::{Mail, MailStatus, NewMail, NewSubmission, Submission};
pub use migrations::SCHEMA_VERSION;
pub use outbox::{AuditEntry, NewOutgoing, OutboxStatus, Outgoing};
pub use reminders::ReminderKey;
pub use secrets::{hash_secret, release_memory as release_secret_memory};
pub use snapshots::{NewSnapshot, Snapshot};

/// Default number of delivery attempts before an outgoing mail is `failed`.
pub const DEFAULT_MAX_SEND_ATTEMPTS: u32 = 10;

/// The size the WAL is cut back to after a checkpoint (`PRAGMA journal_size_limit`), so that
/// a burst of writes cannot keep the volume full once it is checkpointed.
const JOURNAL_SIZE_LIMIT: i64 = 1024 * 1024;

/// How long a connection waits for a lock held by another process.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Result of an idempotent insert: the row is new, or an equal one was
/// already there (its id is returned either way).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InsertOutcome {
    /// A new row was inserted with this id.
    New(i64),
    /// The row was already stored under this id; nothing was written.
    Duplicate(i64),
    /// A mail delivered again with other trace headers (same sender, Message-ID and content as
    /// the mail `first`): stored under `id` as `ignored`, audited, never acted on.
    Redelivered {
        /// The new row.
        id: i64,
        /// The mail it is a second delivery of.
        first: i64,
    },
}

impl InsertOutcome {
    /// The id of the row, new or already stored.
    pub fn id(self) -> i64 {
        match self {
            InsertOutcome::New(id)
            | InsertOutcome::Duplicate(id)
            | InsertOutcome::Redelivered { id, .. } => id,
        }
    }

    /// True when the row was inserted by this call.
    pub fn is_new(self) -> bool {
        matches!(self, InsertOutcome::New(_))
    }
}

/// Settings shared by the store and its transactions.
#[derive(Debug, Clone, Copy)]
struct Settings {
    max_send_attempts: u32,
}

/// An open maester database (one SQLite file, WAL mode, foreign keys on).
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    settings: Settings,
    /// An open batch (see [`Store::begin_batch`]): whether an item of it is open.
    batch: Option<bool>,
}

/// A view on the database inside a transaction: every write method lives
/// here. Obtained from [`Store::transaction`]; committed when the closure
/// returns `Ok`, rolled back when it returns `Err` (or panics).
#[derive(Debug, Clone, Copy)]
pub struct StoreTx<'c> {
    conn: &'c Connection,
    settings: Settings,
}

impl Store {
    /// Opens (or creates) the database file at `path`, sets WAL mode, foreign
    /// keys and a busy timeout, and brings the schema up to
    /// [`SCHEMA_VERSION`]. A database written by a newer maester is refused
    /// with [`StoreError::SchemaTooNew`].
    pub fn open(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        let conn = Connection::open(path.as_ref())?;
        Self::open_wal(conn, path.as_ref())
    }

    /// Opens the database file at `path` only if it exists and holds at least one game:
    /// what every command but `new-game` uses, so that a wrong path or a lost file is
    /// reported instead of being silently replaced by an empty database (whose daemon would
    /// consume the inbox and answer every player "not registered"). Nothing is created or
    /// written when the file is missing or holds no game.
    pub fn open_existing(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        let path = path.as_ref();
        let missing = || StoreError::NoDatabase {
            path: path.to_path_buf(),
            empty: false,
        };
        if !path.is_file() {
            return Err(missing());
        }
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| match e.sqlite_error_code() {
            Some(rusqlite::ErrorCode::CannotOpen) => missing(),
            _ => StoreError::from(e),
        })?;
        conn.busy_timeout(BUSY_TIMEOUT)?;
        let has_games: bool = conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games')",
            [],
            |row| row.get(0),
        )?;
        let games: i64 = if has_games {
            conn.query_row("SELECT count(*) FROM games", [], |row| row.get(0))?
        } else {
            0
        };
        if games == 0 {
            return Err(StoreError::NoDatabase {
                path: path.to_path_buf(),
                empty: true,
            });
        }
        Self::open_wal(conn, path)
    }

    fn open_wal(conn: Connection, path: &Path) -> Result<Store, StoreError> {
        let journal: String =
            conn.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0))?;
        if !journal.eq_ignore_ascii_case("wal") {
            return Err(StoreError::Setup(format!(
                "could not switch {} to WAL mode (journal_mode is {journal})",
                path.display()
            )));
        }
        Self::setup(conn)
    }

    /// Opens a private in-memory database (for unit tests of SQL helpers;
    /// the daemon always uses [`Store::open`]).
    pub fn open_in_memory() -> Result<Store, StoreError> {
        Self::setup(Connection::open_in_memory()?)
    }

    fn setup(mut conn: Connection) -> Result<Store, StoreError> {
        conn.set_prepared_statement_cache_capacity(cached::CAPACITY);
        conn.busy_timeout(BUSY_TIMEOUT)?;
        conn.pragma_update(None, "foreign_keys", true)?;
        // Durability first: a committed mail must survive a power cut.
        conn.pragma_update(None, "synchronous", "FULL")?;
        // Deleted and replaced content is overwritten, not left in free pages: a mail's secret
        // is masked after intake and must not survive in the file.
        let _on: i64 = conn.pragma_update_and_check(None, "secure_delete", 1, |row| row.get(0))?;
        // journal_size_limit answers with the limit set; it is not a plain update.
        let _limit: i64 =
            conn.pragma_update_and_check(None, "journal_size_limit", JOURNAL_SIZE_LIMIT, |row| {
                row.get(0)
            })?;
        // Savepoint journals (one savepoint per mail of a batch) and temporary tables in memory:
        // they only ever undo work inside an open transaction, so a crash loses nothing by it,
        // and a batch no longer writes a temporary file page by page.
        conn.pragma_update(None, "temp_store", "MEMORY")?;
        let fk: bool = conn.pragma_query_value(None, "foreign_keys", |row| row.get(0))?;
        if !fk {
            return Err(StoreError::Setup("foreign keys cannot be enabled".into()));
        }
        migrations::migrate(&mut conn)?;
        Ok(Store {
            conn,
            settings: Settings {
                max_send_attempts: DEFAULT_MAX_SEND_ATTEMPTS,
            },
            batch: None,
        })
    }

    /// Sets after how many failed delivery attempts an outgoing mail is
    /// marked `failed` (default [`DEFAULT_MAX_SEND_ATTEMPTS`]; at least 1).
    pub fn set_max_send_attempts(&mut self, attempts: u32) {
        self.settings.max_send_attempts = attempts.max(1);
    }

    /// The schema version of the open database.
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        migrations::user_version(&self.conn)
    }

    /// Runs `f` in one IMMEDIATE transaction: commits if it returns `Ok`,
    /// rolls everything back if it returns `Err` or panics.
    ///
    /// ```ignore
    /// store.transaction(|tx| {
    ///     tx.add_submission(&sub)?;
    ///     tx.mark_mail_processed(mail_id, "orders accepted", now)?;
    ///     tx.queue_outgoing(&reply)?;
    ///     Ok::<_, StoreError>(())
    /// })?;
    /// ```
    pub fn transaction<T, E>(
        &mut self,
        f: impl FnOnce(&StoreTx<'_>) -> Result<T, E>,
    ) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        let settings = self.settings;
        if self.batch.is_some() {
            // Inside a batch: a savepoint, kept when the batch commits.
            let sp = self
                .conn
                .savepoint()
                .map_err(|e| E::from(StoreError::from(e)))?;
            let value = f(&StoreTx {
                conn: &sp,
                settings,
            })?;
            sp.commit().map_err(|e| E::from(StoreError::from(e)))?;
            return Ok(value);
        }
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| E::from(StoreError::from(e)))?;
        let value = f(&StoreTx {
            conn: &tx,
            settings,
        })?;
        tx.commit().map_err(|e| E::from(StoreError::from(e)))?;
        Ok(value)
    }

    /// Opens a batch: one write transaction for many items (mails), committed once by
    /// [`Store::commit_batch`]. While it is open, [`Store::transaction`] is a savepoint inside
    /// it, and each item runs in its own savepoint ([`Store::begin_item`], [`Store::end_item`]),
    /// so that an item that fails is rolled back alone. Nothing done in a batch is durable before
    /// the batch commits: nothing may leave the process on the strength of it before then.
    pub fn begin_batch(&mut self) -> Result<(), StoreError> {
        if self.batch.is_none() {
            self.conn.execute_batch("BEGIN IMMEDIATE")?;
            self.batch = Some(false);
        }
        Ok(())
    }

    /// Whether a batch is open.
    pub fn in_batch(&self) -> bool {
        self.batch.is_some()
    }

    /// Commits the open batch (nothing when none is open). On an error the batch is rolled
    /// back: none of its items is kept.
    pub fn commit_batch(&mut self) -> Result<(), StoreError> {
        let Some(item) = self.batch.take() else {
            return Ok(());
        };
        let sql = if item {
            "RELEASE batch_item; COMMIT"
        } else {
            "COMMIT"
        };
        if let Err(e) = self.conn.execute_batch(sql) {
            if !self.conn.is_autocommit() {
                let _ = self.conn.execute_batch("ROLLBACK");
            }
            return Err(e.into());
        }
        Ok(())
    }

    /// Rolls the open batch back (nothing when none is open).
    pub fn rollback_batch(&mut self) {
        if self.batch.take().is_some() && !self.conn.is_autocommit() {
            let _ = self.conn.execute_batch("ROLLBACK");
        }
    }

    /// Begins one item of the open batch (a savepoint; nothing when no batch is open).
    pub fn begin_item(&mut self) -> Result<(), StoreError> {
        if self.batch == Some(false) {
            self.conn.execute_batch("SAVEPOINT batch_item")?;
            self.batch = Some(true);
        }
        Ok(())
    }

    /// Ends the item begun by [`Store::begin_item`]: kept in the batch, or rolled back alone.
    pub fn end_item(&mut self, keep: bool) -> Result<(), StoreError> {
        if self.batch == Some(true) {
            self.batch = Some(false);
            let sql = if keep {
                "RELEASE batch_item"
            } else {
                "ROLLBACK TO batch_item; RELEASE batch_item"
            };
            self.conn.execute_batch(sql)?;
        }
        Ok(())
    }

    /// Commits what the open batch holds so far and goes on in a new one (the open item
    /// included): for work that must be committed on its own before it goes further (a step
    /// close, with its backup of the database). Nothing when no batch is open.
    pub fn commit_so_far(&mut self) -> Result<(), StoreError> {
        let Some(item) = self.batch else {
            return Ok(());
        };
        self.commit_batch()?;
        self.begin_batch()?;
        if item {
            self.begin_item()?;
        }
        Ok(())
    }

    /// Commits the open batch (nothing when none is open) and leaves the connection outside
    /// any transaction, for what must not run inside one (an online backup: SQLite refuses to
    /// copy a database its own connection is writing, "database is locked"; a checkpoint).
    /// Give the result to [`Store::resume_batch`] to go on in a new batch, the item included.
    pub fn suspend_batch(&mut self) -> Result<Option<bool>, StoreError> {
        let was = self.batch;
        self.commit_batch()?;
        Ok(was)
    }

    /// Opens again the batch (and item) that [`Store::suspend_batch`] committed.
    pub fn resume_batch(&mut self, was: Option<bool>) -> Result<(), StoreError> {
        if let Some(item) = was {
            self.begin_batch()?;
            if item {
                self.begin_item()?;
            }
        }
        Ok(())
    }

    /// A view for reads (each statement in its own implicit transaction).
    fn view(&self) -> StoreTx<'_> {
        StoreTx {
            conn: &self.conn,
            settings: self.settings,
        }
    }

    /// Copies the WAL into the database and truncates it (`PRAGMA wal_checkpoint(TRUNCATE)`),
    /// so the WAL does not grow while the daemon runs; the daemon calls it after each tick and
    /// each step close. A checkpoint that other readers keep from finishing is not an error:
    /// the next one completes it.
    pub fn checkpoint(&self) -> Result<(), StoreError> {
        if self.batch.is_some() {
            // Not inside a transaction: the batch's commit comes first, the next tick's
            // checkpoint takes it.
            return Ok(());
        }
        let (_busy, _log, _done): (i64, i64, i64) =
            self.conn
                .row("PRAGMA wal_checkpoint(TRUNCATE)", [], |row| {
                    Ok((row.get(0)?, row.get(1)?, row.get(2)?))
                })?;
        Ok(())
    }

    /// How many WAL pages a commit may leave before SQLite copies them into the database
    /// (`PRAGMA wal_autocheckpoint`; SQLite's default is 1000, about 4 MB). The daemon lowers
    /// it when its volume is short of space, so that a tick's many small commits do not grow
    /// the WAL until the volume is full and no checkpoint can run.
    pub fn set_wal_autocheckpoint(&self, pages: u32) -> Result<(), StoreError> {
        let _set: i64 =
            self.conn
                .pragma_update_and_check(None, "wal_autocheckpoint", pages, |row| row.get(0))?;
        Ok(())
    }

    /// The underlying connection, for ad-hoc read-only queries (GM tools).
    pub fn connection(&self) -> &Connection {
        &self.conn
    }
}

/// Formats a timestamp the way the store keeps it: RFC 3339, UTC, seconds.
pub fn format_ts(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// Parses a stored timestamp; `what` names the column for the error.
fn parse_ts(text: &str, what: &'static str) -> Result<DateTime<Utc>, StoreError> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| StoreError::Corrupt {
            what,
            detail: format!("bad timestamp {text:?}: {e}"),
        })
}

/// Parses an optional stored timestamp.
fn parse_opt_ts(
    text: Option<String>,
    what: &'static str,
) -> Result<Option<DateTime<Utc>>, StoreError> {
    text.map(|t| parse_ts(&t, what)).transpose()
}

/// Maps "no row updated" to [`StoreError::NotFound`].
fn expect_one(n: usize, what: impl FnOnce() -> String) -> Result<(), StoreError> {
    if n == 0 {
        Err(StoreError::NotFound { what: what() })
    } else {
        Ok(())
    }
}
