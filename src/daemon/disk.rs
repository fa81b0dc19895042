//! A full disk. SQLite says SQLITE_FULL when a page cannot be written, but on a full volume
//! the WAL index or a temporary file may fail first with a plain I/O error; the Maildir
//! outbox fails with ENOSPC. All of these are taken as "disk full" — the latter only when the
//! database's volume has (almost) no room left — and then:
//!
//! - nothing is marked failed because of it: a mail whose intake could not be written stays
//!   `new`, a mail that could not be written to the outbox stays queued without counting an
//!   attempt, a step that could not be closed stays open, and every stage is tried again at
//!   the next tick, so the daemon goes on by itself once space returns;
//! - it is logged once when it starts and once when it ends ("disk full" in the message), and
//!   told to the GM through [`super::alerts::problem`] — when it starts (that mail can only be
//!   queued if a little room is left) and when it is over (with how long it lasted).

use super::Daemon;
use crate::error::Error;
use chrono::{DateTime, Utc};
use std::path::Path;

/// Free bytes under which an I/O error of the store is taken for a full disk.
const NEARLY_FULL: u64 = 256 * 1024;

/// True for an I/O error that says the device is out of space (ENOSPC, EDQUOT).
pub fn io_is_disk_full(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded
    )
}

/// Free bytes for an unprivileged writer on the volume holding `path` (`None`: unknown).
pub(crate) fn free_bytes(path: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty())?;
    let c = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: `c` is a NUL-terminated path and `st` a valid statvfs to fill.
    let rc = unsafe { libc::statvfs(c.as_ptr(), &mut st) };
    (rc == 0).then(|| st.f_bavail.saturating_mul(st.f_frsize))
}

/// Whether `e` means the disk of the database at `db` is full.
pub fn is_disk_full(e: &Error, db: &Path) -> bool {
    match e {
        Error::Store(s) if s.is_disk_full() => true,
        Error::Store(s) if s.is_io() => free_bytes(db).is_some_and(|b| b < NEARLY_FULL),
        Error::Mail(crate::mail::MailError::Io { source, .. }) | Error::Io { source, .. } => {
            io_is_disk_full(source)
        }
        _ => false,
    }
}

/// `e`, said as a full disk when it is one: SQLite reports a failure to grow the WAL index
/// of a full volume as "disk I/O error" (e.g. when opening the database).
pub fn explain(e: Error, db: &Path) -> Error {
    match e {
        Error::Store(s) if s.is_io() && free_bytes(db).is_some_and(|b| b < NEARLY_FULL) => {
            Error::Store(s.into_disk_full())
        }
        e => e,
    }
}

/// Whether `e` is a full disk as said by the store (after [`explain`]).
pub fn says_disk_full(e: &Error) -> bool {
    matches!(e, Error::Store(s) if s.is_disk_full())
}

/// Keeps track of a full disk across ticks.
#[derive(Debug, Default)]
pub struct DiskState {
    since: Option<DateTime<Utc>>,
    seen_this_tick: bool,
}

impl DiskState {
    /// When the disk was first found full, if it still is.
    pub fn since(&self) -> Option<DateTime<Utc>> {
        self.since
    }
}

impl Daemon {
    /// Whether `e` is a full disk; if so it is noted (for the end of the tick).
    pub(crate) fn note_disk_full(&mut self, e: &Error, now: DateTime<Utc>) -> bool {
        let db = self.config.path(&self.config.daemon.database);
        if !is_disk_full(e, &db) {
            return false;
        }
        self.disk.seen_this_tick = true;
        if self.disk.since.is_none() {
            self.disk.since = Some(now);
            let detail = format!(
                "{e}\nThe database is {}. Mails wait in the mailbox and in the outbox; nothing \
                 is marked failed because of it, and maester goes on by itself once there is \
                 room again.",
                db.display()
            );
            tracing::error!(error = %e, "disk full: maester waits for free space");
            super::alerts::problem(self, None, "disk full", &detail, now);
        }
        true
    }

    /// At the end of a tick: a disk found full before and not in this tick is over.
    pub(crate) fn disk_tick_done(&mut self, now: DateTime<Utc>) {
        let seen = std::mem::take(&mut self.disk.seen_this_tick);
        if seen {
            return;
        }
        if let Some(since) = self.disk.since.take() {
            tracing::warn!(since = %since, "disk full no longer: every stage works again");
            super::alerts::problem(
                self,
                None,
                "the disk was full",
                &format!(
                    "The disk of the database was full from {} to {} (as seen at the polls). \
                     Everything that waited was taken in, answered and sent when room \
                     returned; nothing was lost.",
                    since.to_rfc3339(),
                    now.to_rfc3339()
                ),
                now,
            );
        }
    }

    /// When the disk was first found full, if it still is.
    pub fn disk_full_since(&self) -> Option<DateTime<Utc>> {
        self.disk.since()
    }
}
