//! Disk full, for real: the game's folder on a small tmpfs volume (mounting needs root; the
//! test says so and passes when it cannot mount). The volume is filled, the daemon ticks —
//! nothing is lost, nothing is marked failed, the problem is reported as "disk full" —, then
//! space is freed and the next tick takes every mail in, answers it and sends what was queued,
//! without a restart. The WAL stays bounded by the checkpoints after each tick.

mod disk_support;
mod maildir_support;

use chrono::{TimeDelta, Utc};
use disk_support::{Tmpfs, fill};
use maester::daemon::Daemon;
use maildir_support::*;
use std::path::Path;

fn processed_mails(cfg: &Path) -> Vec<(String, String)> {
    let db = cfg.with_file_name("maester.sqlite");
    let Ok(c) = rusqlite::Connection::open(&db) else {
        panic!("open {}", db.display())
    };
    let Ok(mut st) = c.prepare("SELECT mail_key, status FROM mails ORDER BY id") else {
        panic!("query")
    };
    let rows = st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)));
    rows.map(|r| r.flatten().collect()).unwrap_or_default()
}

#[test]
fn a_full_disk_loses_nothing_and_the_daemon_recovers_without_restart() {
    let dir = temp_dir("diskfull");
    let Some(_volume) = Tmpfs::mount(&dir, "3m") else {
        eprintln!("note: cannot mount a tmpfs here (needs root); disk-full test skipped");
        return;
    };
    let cfg = write_config(&dir, "full");
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    let text = text.replace("[daemon]\n", "[daemon]\ngm_address = \"gm@x.example\"\n");
    std::fs::write(&cfg, text).unwrap_or_default();
    new_game_with_known_secrets(&cfg);
    let inbox = dir.join("mail/inbox/new");
    std::fs::create_dir_all(&inbox).unwrap_or_default();
    for (i, (h, p)) in HOUSES
        .iter()
        .zip(["a", "b", "c", "d", "e", "f"])
        .enumerate()
    {
        let body = format!("secret: {h}-s\nhelp\n");
        let mail = mail_from(&format!("{p}@x.example"), &format!("m{i}"), &body);
        std::fs::write(inbox.join(format!("m{i}")), mail).unwrap_or_default();
    }
    let config = maester::config::Config::load(&cfg).unwrap_or_else(|e| panic!("{e}"));
    let mut d = Daemon::open_existing(config).unwrap_or_else(|e| panic!("{e}"));

    let filler = dir.join("filler");
    fill(&filler);
    let mut now = Utc::now();
    for _ in 0..3 {
        now += TimeDelta::hours(1);
        let t = d.tick(now).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(t.sent, 0, "nothing can be written: {t:?}");
        assert!(t.errors > 0, "{t:?}");
        assert!(
            d.disk_full_since().is_some(),
            "the disk is seen full: {t:?}"
        );
    }
    let e = d.store.append_audit(None, "test", "probe", "x", now);
    let e = e.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains("disk full"), "a clear message: {e}");
    assert_eq!(
        std::fs::read_dir(&inbox).map(|r| r.count()).unwrap_or(0),
        6,
        "every mail still waits in the inbox"
    );

    std::fs::remove_file(&filler).unwrap_or_default();
    now += TimeDelta::hours(1);
    let t = d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(t.errors, 0, "{t:?}");
    assert!(d.disk_full_since().is_none(), "recovered: {t:?}");
    assert_eq!((t.stored, t.processed), (6, 6), "{t:?}");
    let mails = processed_mails(&cfg);
    assert_eq!(mails.len(), 6);
    assert!(mails.iter().all(|(_, s)| s == "processed"), "{mails:?}");
    // 6 welcome mails, 6 answers, and the GM told that the disk was full.
    now += TimeDelta::hours(1);
    let t2 = d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    let sent = outbox_files(&dir.join("mail/outbox"));
    let to_players = sent
        .iter()
        .filter(|(to, _)| !to.is_empty() && !to.starts_with("gm@"))
        .count();
    assert_eq!(to_players, 12, "{t:?} {t2:?}: {sent:#?}");
    assert!(
        sent.iter()
            .any(|(to, text)| to.starts_with("gm@") && text.contains("disk")),
        "{sent:#?}"
    );
    let wal = dir.join("maester.sqlite-wal");
    let wal_len = std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0);
    assert!(
        wal_len <= 1024 * 1024,
        "the WAL is checkpointed: {wal_len} bytes"
    );
}
