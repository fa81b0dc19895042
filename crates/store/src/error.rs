//! The store's error type.

use std::fmt;

/// Everything that can go wrong in the store.
#[derive(Debug)]
pub enum StoreError {
    /// An error from SQLite itself (I/O, lock timeout, constraint …).
    Sqlite(rusqlite::Error),
    /// The volume of the database is full (SQLITE_FULL): nothing was written. Retrying once
    /// space is freed succeeds; no restart is needed.
    DiskFull(rusqlite::Error),
    /// The database could not be set up (WAL mode, foreign keys …).
    Setup(String),
    /// The database was written by a newer maester; it is left untouched.
    SchemaTooNew {
        /// Schema version found in the file.
        found: i64,
        /// Newest schema version this build knows.
        supported: i64,
    },
    /// A value read from the database is not what the schema promises.
    Corrupt {
        /// Table and column (e.g. `mails.status`).
        what: &'static str,
        /// What was wrong with it.
        detail: String,
    },
    /// A value passed in by the caller was rejected before touching the DB.
    Invalid {
        /// The argument or field (e.g. `houses.address`).
        what: &'static str,
        /// Why it was rejected.
        detail: String,
    },
    /// There is no maester database at this path (`empty: false`), or the file holds no game
    /// (`empty: true`): only `maester new-game` creates one.
    NoDatabase {
        /// The database file.
        path: std::path::PathBuf,
        /// The file exists but holds no game.
        empty: bool,
    },
    /// A row the operation needs does not exist.
    NotFound {
        /// What was looked for (e.g. `game demo`).
        what: String,
    },
    /// A row with the same key already exists.
    AlreadyExists {
        /// The row (e.g. `game demo`).
        what: String,
    },
    /// The data a change was computed from has changed since it was read (another process
    /// closed the step first): the change is dropped, nothing is written.
    Stale {
        /// The row (e.g. `game demo`).
        what: String,
        /// What moved.
        detail: String,
    },
    /// A state transition that is not allowed (e.g. processing a mail that
    /// is no longer `new`): the whole transaction should be rolled back.
    WrongState {
        /// The row (e.g. `mail 12`).
        what: String,
        /// Its current state.
        state: String,
        /// What was attempted.
        attempted: &'static str,
    },
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Sqlite(e) => write!(f, "database error: {e}"),
            StoreError::DiskFull(_) => write!(
                f,
                "disk full: the database cannot be written; free space on its volume \
                 (maester goes on by itself once there is room, nothing is lost)"
            ),
            StoreError::Setup(msg) => write!(f, "database setup failed: {msg}"),
            StoreError::SchemaTooNew { found, supported } => write!(
                f,
                "database schema version {found} is newer than this maester supports \
                 ({supported}); upgrade maester instead of opening it with an old build"
            ),
            StoreError::Corrupt { what, detail } => {
                write!(f, "unexpected data in {what}: {detail}")
            }
            StoreError::Invalid { what, detail } => write!(f, "invalid {what}: {detail}"),
            StoreError::NoDatabase { path, empty: false } => write!(
                f,
                "no maester database at {}: create the game with `maester new-game`",
                path.display()
            ),
            StoreError::NoDatabase { path, empty: true } => write!(
                f,
                "the maester database at {} holds no game: create the game with `maester new-game`",
                path.display()
            ),
            StoreError::NotFound { what } => write!(f, "{what} not found"),
            StoreError::AlreadyExists { what } => write!(f, "{what} already exists"),
            StoreError::Stale { what, detail } => write!(f, "{what} changed meanwhile: {detail}"),
            StoreError::WrongState {
                what,
                state,
                attempted,
            } => write!(f, "cannot {attempted} {what}: it is {state}"),
        }
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StoreError::Sqlite(e) | StoreError::DiskFull(e) => Some(e),
            _ => None,
        }
    }
}

impl StoreError {
    /// The volume is full (SQLITE_FULL).
    pub fn is_disk_full(&self) -> bool {
        matches!(self, StoreError::DiskFull(_))
    }

    /// The same error, said as a full disk when it is SQLite's (the caller knows the volume
    /// is full: an I/O error on a volume with no room left).
    pub fn into_disk_full(self) -> StoreError {
        match self {
            StoreError::Sqlite(e) => StoreError::DiskFull(e),
            other => other,
        }
    }

    /// SQLite could not read or write its files (SQLITE_IOERR, SQLITE_CANTOPEN): on a full
    /// volume the WAL index or a temporary file fails this way rather than with SQLITE_FULL.
    pub fn is_io(&self) -> bool {
        matches!(
            self,
            StoreError::Sqlite(e) if matches!(
                e.sqlite_error_code(),
                Some(rusqlite::ErrorCode::SystemIoFailure | rusqlite::ErrorCode::CannotOpen)
            )
        )
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DiskFull) {
            StoreError::DiskFull(e)
        } else {
            StoreError::Sqlite(e)
        }
    }
}
