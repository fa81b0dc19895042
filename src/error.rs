//! The shell's error: everything `maester` (the daemon, the GM commands, the command line) can
//! fail with, typed by where it comes from. The rules never fail this way: a bad submission is
//! data (an answer to the player), not an error.

use std::fmt;

/// An error of the shell.
#[derive(Debug)]
pub enum Error {
    /// The store (SQLite).
    Store(crate::store::StoreError),
    /// A mail transport or composing a mail.
    Mail(crate::mail::MailError),
    /// The configuration file, or a game's stored configuration or schedule.
    Config(String),
    /// The board data of a game.
    Board(crate::board::BoardError),
    /// The mail templates.
    Template(crate::words::render::TemplateError),
    /// A game's stored state or submission cannot be read.
    State {
        /// The game.
        game: String,
        /// What is wrong.
        detail: String,
    },
    /// What was asked for does not exist (a game, a house, a mail).
    NotFound(String),
    /// A request that cannot be carried out as it stands (a second daemon on one database, a
    /// command line that names no game …).
    Refused(String),
    /// A GM command refused, as data: said in the GM's language when it came by mail, in
    /// English on the command line (boxed: a refusal is larger than every other error).
    Gm(Box<crate::words::gm_mail::GmRefusal>),
    /// A file or the system's random source.
    Io {
        /// What was being done.
        what: String,
        /// The underlying error.
        source: std::io::Error,
    },
    /// JSON of the shell's own making (a state, a report).
    Json(serde_json::Error),
    /// Drawing the map picture.
    Map(crate::map::MapError),
    /// The database is damaged (`PRAGMA quick_check` failed, or a stored state does not
    /// decode): the daemon refuses to write into it; every mail waits. What was found.
    StoreDamaged(String),
    /// A command that already said what went wrong (a failed check, failing scenarios): exit
    /// with failure and print nothing more.
    Reported,
}

impl Error {
    /// An I/O error while doing `what`.
    pub fn io(what: impl Into<String>, source: std::io::Error) -> Error {
        Error::Io {
            what: what.into(),
            source,
        }
    }

    /// An I/O error on a file.
    pub fn file(path: &std::path::Path, source: std::io::Error) -> Error {
        Error::io(path.display().to_string(), source)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Store(e) => write!(f, "{e}"),
            Error::Mail(e) => write!(f, "{e}"),
            Error::Config(s) => write!(f, "{s}"),
            Error::Board(e) => write!(f, "board: {e}"),
            Error::Template(s) => write!(f, "templates: {s}"),
            Error::State { game, detail } => write!(f, "game {game}: {detail}"),
            Error::NotFound(s) => write!(f, "{s} not found"),
            Error::Refused(s) => write!(f, "{s}"),
            Error::Gm(r) => write!(f, "{r}"),
            Error::Io { what, source } => write!(f, "{what}: {source}"),
            Error::Json(e) => write!(f, "JSON: {e}"),
            Error::Map(e) => write!(f, "{e}"),
            Error::StoreDamaged(s) => write!(
                f,
                "the database is damaged ({s}); maester writes nothing into it and every mail \
                 waits: restore it from a backup (docs/operations.md, \"Restoring the database \
                 from a backup\")"
            ),
            Error::Reported => Ok(()),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Store(e) => Some(e),
            Error::Mail(e) => Some(e),
            Error::Io { source, .. } => Some(source),
            Error::Json(e) => Some(e),
            Error::Map(e) => Some(e),
            _ => None,
        }
    }
}

impl From<crate::words::gm_mail::GmRefusal> for Error {
    fn from(r: crate::words::gm_mail::GmRefusal) -> Self {
        Error::Gm(Box::new(r))
    }
}

impl From<crate::store::StoreError> for Error {
    fn from(e: crate::store::StoreError) -> Self {
        Error::Store(e)
    }
}

impl From<crate::mail::MailError> for Error {
    fn from(e: crate::mail::MailError) -> Self {
        Error::Mail(e)
    }
}

impl From<crate::board::BoardError> for Error {
    fn from(e: crate::board::BoardError) -> Self {
        Error::Board(e)
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Self {
        Error::Json(e)
    }
}

impl From<crate::map::MapError> for Error {
    fn from(e: crate::map::MapError) -> Self {
        Error::Map(e)
    }
}
