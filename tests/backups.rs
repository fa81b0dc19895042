//! Backups: before every step close the database is copied (SQLite's online backup) into
//! `backups/` beside it, only the newest `[daemon] backups` are kept, and `maester gm backups`
//! lists them with their time, game, round and step. A backup is a whole database: it opens,
//! and holds the game as it was before that close.

mod maildir_support;

use maildir_support::*;
use std::path::Path;

fn text(o: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn step_in(db: &Path) -> (u32, String) {
    let c = rusqlite::Connection::open(db).unwrap_or_else(|e| panic!("{}: {e}", db.display()));
    c.query_row("SELECT round, step FROM games", [], |r| {
        Ok((r.get(0)?, r.get(1)?))
    })
    .unwrap_or_else(|e| panic!("{}: {e}", db.display()))
}

#[test]
fn each_step_close_is_backed_up_and_only_the_newest_are_kept() {
    let dir = temp_dir("backups");
    let cfg = write_config(&dir, "bk");
    let t = std::fs::read_to_string(&cfg).unwrap_or_default();
    std::fs::write(&cfg, t.replace("[daemon]\n", "[daemon]\nbackups = 2\n")).unwrap_or_default();
    let out = maester(&cfg, &["new-game"], None);
    assert!(out.status.success(), "{}", text(&out));
    let out = maester(&cfg, &["gm", "backups"], None);
    assert!(
        out.status.success() && text(&out).contains("no backups"),
        "{}",
        text(&out)
    );

    let mut closed = Vec::new();
    for _ in 0..3 {
        closed.push(step_in(&dir.join("maester.sqlite")));
        let out = maester(&cfg, &["gm", "process"], None);
        assert!(out.status.success(), "{}", text(&out));
        std::thread::sleep(std::time::Duration::from_millis(1100));
    }
    let mut files: Vec<_> = std::fs::read_dir(dir.join("backups"))
        .map(|r| r.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    assert_eq!(files.len(), 2, "the newest two are kept: {files:?}");
    // The kept backups hold the game before the last two closes.
    assert_eq!(step_in(&files[0]), closed[1], "{}", files[0].display());
    assert_eq!(step_in(&files[1]), closed[2], "{}", files[1].display());

    let out = maester(&cfg, &["gm", "backups"], None);
    let listing = text(&out);
    assert!(out.status.success(), "{listing}");
    for (round, step) in &closed[1..] {
        assert!(
            listing.contains(&format!("game bk, round {round} {step}")),
            "{listing}"
        );
    }
    assert_eq!(listing.lines().count(), 2, "{listing}");
    let _ = std::fs::remove_dir_all(&dir);
}
