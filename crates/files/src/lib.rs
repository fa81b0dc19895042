//! Writing a file into a folder others may write (the public site, the Maildir outbox, the
//! backups): never through a link someone planted there, never over a file someone else made.
//!
//! A file is created under a temporary name beside its place, exclusively (`O_CREAT|O_EXCL`:
//! it fails on anything already there, a symlink included) and without following links
//! (`O_NOFOLLOW`), filled, and renamed into place — `rename(2)` replaces whatever is at the
//! place, a link included, and never writes through it. A writer that needs a path rather than
//! an open file (SQLite's online backup) gets one inside a folder of its own, made by
//! `mkdir(2)` (exclusive too) and private to maester's user.
//!
//! Three entry points: [`create_new`] (the open file, for a caller that renames it itself, as
//! the Maildir outbox does after syncing a batch), [`write`] (bytes) and [`fill`] (a path).

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Creates `path` exclusively, not following a link at it, with permissions `mode` (set on the
/// open file, whatever the process's umask). Fails with `AlreadyExists` when anything is there.
pub fn create_new(path: &Path, mode: u32) -> io::Result<File> {
    let mut o = OpenOptions::new();
    o.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        o.custom_flags(libc::O_NOFOLLOW).mode(mode & 0o777);
        let f = o.open(path)?;
        f.set_permissions(fs::Permissions::from_mode(mode & 0o777))?;
        Ok(f)
    }
    #[cfg(not(unix))]
    {
        let _ = mode;
        o.open(path)
    }
}

/// The temporary name of `path`: `.<name>.tmp` beside it.
pub fn temp_name(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.tmp"))
}

/// Writes `bytes` to `path` with permissions `mode`: through [`temp_name`] created by
/// [`create_new`], renamed into place. Whatever was left at the temporary name (a crash's
/// leftover, a planted link) is removed — the entry itself, never what a link points to — and
/// the file created again, exclusively. On an error nothing is left at the temporary name.
pub fn write(path: &Path, mode: u32, bytes: &[u8]) -> io::Result<()> {
    let tmp = temp_name(path);
    let mut f = match create_new(&tmp, mode) {
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            remove_entry(&tmp)?;
            create_new(&tmp, mode)?
        }
        other => other?,
    };
    let done = f
        .write_all(bytes)
        .and_then(|()| f.flush())
        .and_then(|()| fs::rename(&tmp, path));
    if done.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    done
}

/// Makes `path` by `fill`, which is handed a path to write (inside a folder `.<name>.tmp.d`
/// beside `path`, made by this call and private to maester's user), then renames what it
/// wrote into place. The folder is removed afterwards, on an error too.
pub fn fill<E>(
    path: &Path,
    fill: impl FnOnce(&Path) -> Result<(), E>,
) -> Result<Result<(), E>, io::Error> {
    let mut dir = temp_name(path).into_os_string();
    dir.push(".d");
    let dir = PathBuf::from(dir);
    match make_private_dir(&dir) {
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            remove_entry(&dir)?;
            make_private_dir(&dir)?;
        }
        other => other?,
    }
    let inner = dir.join(path.file_name().unwrap_or_else(|| "file".as_ref()));
    let out = match fill(&inner) {
        Ok(()) => fs::rename(&inner, path).map(|()| Ok(())),
        Err(e) => Ok(Err(e)),
    };
    let _ = fs::remove_dir_all(&dir);
    out
}

fn make_private_dir(dir: &Path) -> io::Result<()> {
    let mut b = fs::DirBuilder::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        b.mode(0o700);
    }
    b.create(dir)
}

/// Removes the entry at `path` itself: a link (not what it points to), a file, or a folder
/// with what it holds (links in it are removed, never followed).
fn remove_entry(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => fs::remove_dir_all(path),
        Ok(_) => fs::remove_file(path),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}
