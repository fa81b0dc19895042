//! Backups of the games: before the first step close of a game in a tick (one backup
//! however many of its steps close in that tick), a consistent copy of that game (its rows,
//! the rows of no game and the tables of no game — not the other games', so that closing N
//! games in a tick costs N games' copies, not N whole databases —, with no secret in clear:
//! `maester_store`'s `backup`) is written to
//! `<database folder>/backups/<time>-<game>-r<round>-<step>.sqlite`. With one game in the
//! database, a backup is the whole database. They are kept and counted
//! per game: the newest `[daemon] backups` of each game (default 10; 0 turns them off), and
//! all of them together within `[daemon] backups_max_mb` (the oldest deleted first, never a
//! game's newest). `maester gm backups` lists them. A backup that cannot be written is told to
//! the GM, and the step is closed all the same: a game must not stop for want of a copy.
//!
//! To restore one: see docs/operations.md (the whole database, or one game of it).

use super::Daemon;
use crate::error::Error;
use chrono::{DateTime, NaiveDateTime, Utc};
use std::path::{Path, PathBuf};

const TIME_FORMAT: &str = "%Y%m%dT%H%M%SZ";

/// One backup file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backup {
    /// The file.
    pub path: PathBuf,
    /// When it was taken.
    pub time: DateTime<Utc>,
    /// The game whose step was about to close.
    pub game: String,
    /// Its round.
    pub round: u32,
    /// The step about to close (its key).
    pub step: String,
    /// Its size in bytes.
    pub bytes: u64,
}

/// The backup folder of a daemon: `backups/` beside the database.
pub fn dir(d: &Daemon) -> PathBuf {
    let db = d.config.path(&d.config.daemon.database);
    db.parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
        .join("backups")
}

/// The file name of a backup.
fn file_name(game: &str, round: u32, step: &str, time: DateTime<Utc>) -> String {
    format!("{}-{game}-r{round}-{step}.sqlite", time.format(TIME_FORMAT))
}

/// A backup's time, game, round and step from its file name (`None`: not a backup).
fn parse_name(name: &str) -> Option<(DateTime<Utc>, String, u32, String)> {
    let stem = name.strip_suffix(".sqlite")?;
    let (time, rest) = stem.split_once('-')?;
    let time = NaiveDateTime::parse_from_str(time, TIME_FORMAT)
        .ok()?
        .and_utc();
    let (rest, step) = rest.rsplit_once('-')?;
    let (game, round) = rest.rsplit_once("-r")?;
    let round = round.parse().ok()?;
    (!game.is_empty() && !step.is_empty())
        .then(|| (time, game.to_string(), round, step.to_string()))
}

/// Every backup in `dir`, oldest first.
pub fn list_in(dir: &Path) -> Result<Vec<Backup>, Error> {
    let rd = match std::fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Error::file(dir, e)),
    };
    let mut out = Vec::new();
    for entry in rd {
        let entry = entry.map_err(|e| Error::file(dir, e))?;
        let Some((time, game, round, step)) = entry.file_name().to_str().and_then(parse_name)
        else {
            continue;
        };
        out.push(Backup {
            path: entry.path(),
            time,
            game,
            round,
            step,
            bytes: entry.metadata().map(|m| m.len()).unwrap_or(0),
        });
    }
    out.sort_by(|a, b| (a.time, &a.path).cmp(&(b.time, &b.path)));
    Ok(out)
}

/// Every backup of a daemon's database, oldest first.
pub fn list(d: &Daemon) -> Result<Vec<Backup>, Error> {
    list_in(&dir(d))
}

/// The backups to delete (see the module's text): of each game those beyond its newest
/// `keep`, then, oldest first, as many as it takes to bring the rest within `max_bytes` (0: no
/// bound), never a game's newest. `all` is oldest first, as [`list_in`] gives it.
pub fn to_delete(all: &[Backup], keep: usize, max_bytes: u64) -> Vec<PathBuf> {
    // Newest first, each backup's rank among its game's (0: the game's newest): one pass,
    // however many games and backups there are.
    let mut seen: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut rank = vec![0usize; all.len()];
    for (i, b) in all.iter().enumerate().rev() {
        let n = seen.entry(b.game.as_str()).or_insert(0);
        rank[i] = *n;
        *n += 1;
    }
    let mut kept: Vec<(&Backup, usize)> = Vec::new();
    let mut doomed = Vec::new();
    for (b, r) in all.iter().zip(rank) {
        if r >= keep {
            doomed.push(b.path.clone());
        } else {
            kept.push((b, r));
        }
    }
    if max_bytes == 0 {
        return doomed;
    }
    let mut total: u64 = kept.iter().map(|(b, _)| b.bytes).sum();
    for (b, r) in kept {
        if total <= max_bytes {
            break;
        }
        if r > 0 {
            total = total.saturating_sub(b.bytes);
            doomed.push(b.path.clone());
        }
    }
    doomed
}

/// Back the database up before closing `game`'s round `round` step `step`, then delete the
/// backups beyond the configured number per game and total size ([`to_delete`]). Returns the
/// new file (`None`: turned off).
pub fn before_close(
    d: &Daemon,
    game: &str,
    round: u32,
    step: &str,
    now: DateTime<Utc>,
) -> Result<Option<PathBuf>, Error> {
    let keep = d.config.daemon.backups;
    if keep == 0 {
        return Ok(None);
    }
    let dir = dir(d);
    std::fs::create_dir_all(&dir).map_err(|e| Error::file(&dir, e))?;
    let path = dir.join(file_name(game, round, step, now));
    // Written inside a private folder of its own and renamed into place (`files::fill`): no
    // link planted in the backups folder is followed.
    crate::files::fill(&path, |tmp| d.store.backup_game_to(tmp, game))
        .map_err(|e| Error::file(&path, e))??;
    let all = list_in(&dir)?;
    let max_bytes = d.config.daemon.backups_max_mb.saturating_mul(1_000_000);
    for old in to_delete(&all, keep, max_bytes) {
        if let Err(e) = std::fs::remove_file(&old) {
            tracing::warn!(file = %old.display(), error = %e, "could not delete an old backup");
        }
    }
    Ok(Some(path))
}

/// Room a backup must leave free on its volume: the close it comes before writes its snapshot
/// and every house's report with its two pictures (palette PNGs, about 220 KB a report, the
/// whole board stored once) into the database, as much again through the WAL until the
/// checkpoint after the close, and with the Maildir transport as much again into the outbox
/// folder — a few MB for six houses and the GM's copy; the margin was set when a report was
/// 700 KB and is kept, generous.
pub const BACKUP_MARGIN: u64 = 32 * 1024 * 1024;

/// `Some((free, size))` when a backup of the database now would leave less than
/// [`BACKUP_MARGIN`] free on the backup folder's volume (its size: the database and its WAL).
fn too_little_room(d: &Daemon) -> Option<(u64, u64)> {
    let db = d.config.path(&d.config.daemon.database);
    let mut wal = db.as_os_str().to_owned();
    wal.push("-wal");
    let size = [db.clone(), wal.into()]
        .iter()
        .map(|p| std::fs::metadata(p).map_or(0, |m| m.len()))
        .sum::<u64>();
    // The folder itself may not exist yet: its volume is the database's.
    let free =
        super::disk::free_bytes(&dir(d).join("x")).or_else(|| super::disk::free_bytes(&db))?;
    (free < size.saturating_add(BACKUP_MARGIN)).then_some((free, size))
}

/// A backup of the database before a step close (the first of the game in this tick). One that fails is told to the GM and the
/// step is closed all the same: the game must not stop for want of a copy. One that would
/// leave less than [`BACKUP_MARGIN`] free on its volume is not taken (the GM told, the close
/// goes on): a backup must not fill the disk the game needs.
pub fn backup_before_close(d: &mut Daemon, id: &str, round: u8, step: &str, now: DateTime<Utc>) {
    let round = u32::from(round);
    // One backup of a game per tick, before its first close: the closes after it in the same
    // tick follow from it and the mails of the tick.
    if d.backed_up.contains(id) {
        return;
    }
    d.backed_up.insert(id.to_string());
    if d.config.daemon.backups > 0
        && let Some((free, size)) = too_little_room(d)
    {
        let (what, detail) =
            crate::words::gm_alerts::backup_skipped(id, round, step, (size, free, BACKUP_MARGIN));
        super::alerts::problem(d, Some(id), &what, &detail, now);
        return;
    }
    match before_close(d, id, round, step, now) {
        Ok(Some(path)) => tracing::info!(game = id, file = %path.display(), "database backed up"),
        Ok(None) => {}
        Err(e) => {
            let (what, detail) =
                crate::words::gm_alerts::backup_failed(id, round, step, &e.to_string());
            super::alerts::problem(d, Some(id), &what, &detail, now);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn a_backup_name_round_trips_with_dashes_in_the_game_id() {
        let t = Utc.with_ymd_and_hms(2026, 11, 25, 13, 5, 9).single();
        let Some(t) = t else { panic!("a valid time") };
        let name = file_name("my-game_2", 3, "events_answers", t);
        assert_eq!(name, "20261125T130509Z-my-game_2-r3-events_answers.sqlite");
        assert_eq!(
            parse_name(&name),
            Some((t, "my-game_2".to_string(), 3, "events_answers".to_string()))
        );
        assert_eq!(parse_name("maester.sqlite"), None);
        assert_eq!(parse_name("20261125T130509Z-g-r3-plan.sqlite.part"), None);
    }
}
