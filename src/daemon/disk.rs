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
//!   told to the GM (`alerts`) — when it starts (that mail can only be queued if a little room
//!   is left) and when it is over (with how long it lasted).
//!
//! This file only recognises a full disk and keeps track of it; it uses nothing of the daemon.

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

/// The size of the volume holding `path`, in bytes (`None`: unknown).
pub(crate) fn total_bytes(path: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty())?;
    let c = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: `c` is a NUL-terminated path and `st` a valid statvfs to fill.
    let rc = unsafe { libc::statvfs(c.as_ptr(), &mut st) };
    (rc == 0).then(|| st.f_blocks.saturating_mul(st.f_frsize))
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

    /// A full disk seen at `now`: true when it begins here (to be told).
    pub fn seen(&mut self, now: DateTime<Utc>) -> bool {
        self.seen_this_tick = true;
        let begins = self.since.is_none();
        if begins {
            self.since = Some(now);
        }
        begins
    }

    /// The tick is over: when the disk, full before, was not found full in it, when it was
    /// first found full (the full disk is over).
    pub fn tick_done(&mut self) -> Option<DateTime<Utc>> {
        if std::mem::take(&mut self.seen_this_tick) {
            return None;
        }
        self.since.take()
    }
}
