//! One daemon per database: `maester run` holds an exclusive lock on `<database>.lock` for its
//! whole life. The operating system releases it when the process ends, however it ends (a
//! `kill -9` included), so a stale lock file never blocks a restart. GM commands do not take
//! it: they serialise with the daemon on the store's write transactions, which re-check the
//! state they were computed from.

use crate::error::Error;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The held lock; dropping it releases it.
#[derive(Debug)]
pub struct DaemonLock {
    _file: File,
    /// The lock file.
    pub path: PathBuf,
}

impl DaemonLock {
    /// Take the lock of the database at `db`, or say which process holds it.
    pub fn acquire(db: &Path) -> Result<DaemonLock, Error> {
        let mut name = db.as_os_str().to_owned();
        name.push(".lock");
        let path = PathBuf::from(name);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(|e| {
                Error::Refused(format!("cannot open the lock file {}: {e}", path.display()))
            })?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                let holder = holder.trim();
                return Err(Error::Refused(format!(
                    "another `maester run` (process {}) is already running on {}; \
                     only one daemon may use a database at a time",
                    if holder.is_empty() { "unknown" } else { holder },
                    db.display()
                )));
            }
            Err(TryLockError::Error(e)) => {
                return Err(Error::Refused(format!(
                    "cannot lock {}: {e}",
                    path.display()
                )));
            }
        }
        // Who holds it, for the message a second daemon prints.
        let _ = file.set_len(0);
        let _ = file.seek(SeekFrom::Start(0));
        let _ = write!(file, "{}", std::process::id());
        let _ = file.flush();
        Ok(DaemonLock { _file: file, path })
    }
}
