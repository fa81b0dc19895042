//! A small disk, for real (a 64 MB tmpfs; mounting needs root, the test says so and passes when
//! it cannot mount), several times over: the disk fills while mails wait, space returns, the
//! daemon takes every mail in and answers it by itself; the step then closes with the backup
//! before it skipped (it would leave less than the margin free; the GM is told) instead of
//! taking the room the close needs; the WAL is checkpointed after the close. Nothing stays stuck,
//! nothing is marked failed.

mod disk_support;
mod maildir_support;

use chrono::{TimeDelta, Utc};
use disk_support::{Tmpfs, fill, game_on_a_small_disk};
use maester::daemon::Daemon;
use maildir_support::*;
use std::io::Write;
use std::path::Path;
use std::process::Command;

fn count(d: &Daemon, q: &str) -> i64 {
    d.store
        .connection()
        .query_row(q, [], |r| r.get(0))
        .unwrap_or_else(|e| panic!("{q}: {e}"))
}

/// Free bytes on the volume of `dir`.
fn free(dir: &Path) -> u64 {
    let out = Command::new("df")
        .args(["-B1", "--output=avail"])
        .arg(dir)
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    out.lines()
        .filter_map(|l| l.trim().parse().ok())
        .next()
        .unwrap_or(0)
}

/// A file that leaves about `leave` bytes free on the volume of `path`.
fn fill_leaving(path: &Path, leave: u64) {
    let Some(dir) = path.parent() else { return };
    let Ok(mut f) = std::fs::File::create(path) else {
        return;
    };
    let chunk = vec![0u8; 64 * 1024];
    while free(dir) > leave + chunk.len() as u64 {
        for _ in 0..16 {
            if f.write_all(&chunk).is_err() {
                return;
            }
        }
        let _ = f.sync_all();
        if free(dir) <= leave + 16 * chunk.len() as u64 {
            break;
        }
    }
}

#[test]
fn on_a_small_disk_the_backup_is_skipped_and_the_daemon_recovers_by_itself_each_time() {
    let dir = temp_dir("smalldisk");
    let Some(_volume) = Tmpfs::mount(&dir, "64m") else {
        eprintln!("note: cannot mount a tmpfs here (needs root); small-disk test skipped");
        return;
    };
    let (_, mut d) = game_on_a_small_disk(&dir, "small");
    let inbox = dir.join("mail/inbox/new");
    std::fs::create_dir_all(&inbox).unwrap_or_default();
    let mut now = Utc::now();
    for run in 0..3 {
        let filler = dir.join("filler");
        fill(&filler);
        for (i, (h, p)) in HOUSES
            .iter()
            .zip(["a", "b", "c", "d", "e", "f"])
            .enumerate()
        {
            let mail = mail_from(
                &format!("{p}@x.example"),
                &format!("r{run}m{i}"),
                &format!("secret: {h}-s\nhelp\n"),
            );
            // Written before the disk is full would be the real order; here the filler leaves
            // a few bytes: write what fits, the rest goes in once there is room.
            let _ = std::fs::write(inbox.join(format!("r{run}m{i}")), &mail);
        }
        now += TimeDelta::hours(1);
        let t = d.tick(now).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(t.failed, 0, "run {run}: {t:?}");
        std::fs::remove_file(&filler).unwrap_or_default();
        for (i, (h, p)) in HOUSES
            .iter()
            .zip(["a", "b", "c", "d", "e", "f"])
            .enumerate()
        {
            let mail = mail_from(
                &format!("{p}@x.example"),
                &format!("r{run}m{i}"),
                &format!("secret: {h}-s\nhelp\n"),
            );
            let path = inbox.join(format!("r{run}m{i}"));
            if std::fs::read(&path).map_or(true, |b| b != mail) {
                std::fs::write(&path, &mail).unwrap_or_default();
            }
        }
        now += TimeDelta::hours(1);
        let t = d.tick(now).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(t.errors, 0, "run {run}: {t:?}");
        assert!(d.disk_full_since().is_none(), "run {run}: recovered: {t:?}");
        assert_eq!(
            count(&d, "SELECT COUNT(*) FROM mails WHERE status <> 'processed'"),
            0,
            "run {run}: every mail answered: {t:?}"
        );
        // Room for the close, not for a backup too: the step closes, its backup skipped.
        let db_size = std::fs::metadata(dir.join("maester.sqlite")).map_or(0, |m| m.len());
        let filler = dir.join("filler");
        fill_leaving(
            &filler,
            maester::daemon::backups::BACKUP_MARGIN + db_size - (1 << 20),
        );
        now += TimeDelta::days(2);
        let t = d.tick(now).unwrap_or_else(|e| panic!("{e}"));
        assert!(t.steps_closed >= 1, "run {run}: {t:?}");
        let problems: Vec<String> = d
            .store
            .connection()
            .prepare(
                "SELECT detail FROM audit WHERE action = 'problem' ORDER BY rowid DESC LIMIT 3",
            )
            .and_then(|mut st| st.query_map([], |r| r.get::<_, String>(0))?.collect())
            .unwrap_or_default();
        assert_eq!(
            (t.failed, t.errors),
            (0, 0),
            "run {run}: {t:?}\nthe GM was told: {problems:#?}"
        );
        let backups = maester::daemon::backups::list(&d).unwrap_or_default();
        assert!(backups.is_empty(), "run {run}: {backups:?}");
        assert!(
            count(
                &d,
                "SELECT COUNT(*) FROM audit WHERE action = 'problem' AND detail LIKE 'a backup was skipped%'"
            ) > run,
            "run {run}: the GM is told"
        );
        let wal = std::fs::metadata(dir.join("maester.sqlite-wal")).map_or(0, |m| m.len());
        assert_eq!(wal, 0, "run {run}: the WAL is checkpointed");
        assert_eq!(
            count(&d, "SELECT COUNT(*) FROM outbox WHERE status <> 'sent'"),
            0
        );
        std::fs::remove_file(&filler).unwrap_or_default();
    }
}
