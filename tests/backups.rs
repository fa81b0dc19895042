//! Backups: before a game's first step close in a tick the game is copied (its rows, not the
//! other games') into `backups/` beside the database (one backup however many of its steps
//! close in that tick),
//! only the newest `[daemon] backups` of each game are kept, all of them within `[daemon]
//! backups_max_mb` (never a game's newest deleted), and `maester gm backups` lists them with
//! their time, game, round and step. A backup is a database: it opens, and holds the game as it
//! was before that close; twelve games closing in one tick keep a backup each, of their own
//! rows only.

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

#[test]
fn two_closes_of_a_game_in_one_tick_take_one_backup() {
    use chrono::{TimeDelta, Utc};
    let dir = temp_dir("backups-tick");
    let now = Utc::now();
    let (_cfg, mut d) = new_game_with_gm(&dir, "bt", now);
    let first = gm_mail("bt", "g1", "密码: gm-s\r\n第1回合 placement\r\n结算\r\n");
    let second = gm_mail("bt", "g2", "密码: gm-s\r\n结算\r\n");
    deliver_raw(&dir, &[("g1", first), ("g2", second)]);
    tick_without_failure(&mut d, now + TimeDelta::seconds(5));
    // Both closes happened (the GM's closes run on to the next step that waits for mail):
    // round 1's placement, then round 2's.
    let round: u32 = d
        .store
        .connection()
        .query_row("SELECT round FROM games", [], |r| r.get(0))
        .unwrap_or_default();
    assert_eq!(round, 3, "two closes in the tick");
    let backups = maester::daemon::backups::list(&d).unwrap_or_default();
    assert_eq!(backups.len(), 1, "{backups:?}");
    assert_eq!(
        (backups[0].round, backups[0].step.as_str()),
        (1, "placement"),
        "taken before the first close"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn backup(game: &str, second: u32, bytes: u64) -> maester::daemon::backups::Backup {
    use chrono::TimeZone;
    let time = chrono::Utc
        .with_ymd_and_hms(2026, 12, 1, 10, 0, second)
        .single()
        .unwrap_or_default();
    maester::daemon::backups::Backup {
        path: format!("{game}-{second}").into(),
        time,
        game: game.into(),
        round: 1,
        step: "plan".into(),
        bytes,
    }
}

#[test]
fn backups_are_counted_per_game_and_bounded_in_total_size_never_a_games_newest() {
    use maester::daemon::backups::to_delete;
    let names = |v: Vec<std::path::PathBuf>| -> Vec<String> {
        v.iter().map(|p| p.display().to_string()).collect()
    };
    // Game a closed early in the tick, then 3 closes of b: a's backup is not b's to count.
    let all = vec![
        backup("a", 1, 10),
        backup("b", 2, 10),
        backup("b", 3, 10),
        backup("b", 4, 10),
    ];
    assert_eq!(names(to_delete(&all, 2, 0)), vec!["b-2"]);
    assert!(to_delete(&all, 10, 0).is_empty());
    // 40 bytes in all, 25 allowed: the oldest go first, but a's only backup stays.
    assert_eq!(names(to_delete(&all, 10, 25)), vec!["b-2", "b-3"]);
    // However small the bound, each game keeps its newest.
    assert_eq!(names(to_delete(&all, 10, 1)), vec!["b-2", "b-3"]);
}

#[test]
fn two_hundred_games_keep_their_newest_backups_each() {
    use maester::daemon::backups::to_delete;
    // Eleven ticks, each backing up 200 games: each game's oldest goes, no other.
    let mut all = Vec::new();
    for second in 0..11 {
        for g in 0..200 {
            all.push(backup(&format!("g{g}"), second, 1000));
        }
    }
    let doomed = to_delete(&all, 10, 0);
    assert_eq!(doomed.len(), 200);
    assert!(
        doomed.iter().all(|p| p.to_string_lossy().ends_with("-0")),
        "{doomed:?}"
    );
    // Within 1 MB: 1,000 of the 2,000 kept go, oldest first, never a game's newest.
    let doomed = to_delete(&all, 10, 1_000_000);
    assert_eq!(doomed.len(), 200 + 1000);
    assert!(!doomed.iter().any(|p| p.to_string_lossy().ends_with("-10")));
}

#[test]
fn gm_restore_puts_the_game_back_as_a_backup_holds_it() {
    let dir = temp_dir("backups-restore");
    let cfg = write_config(&dir, "rs");
    let out = maester(&cfg, &["new-game"], None);
    assert!(out.status.success(), "{}", text(&out));
    let db = dir.join("maester.sqlite");
    let before = step_in(&db);
    let out = maester(&cfg, &["gm", "process"], None);
    assert!(out.status.success(), "{}", text(&out));
    assert_ne!(step_in(&db), before, "the step closed");
    let files: Vec<_> = std::fs::read_dir(dir.join("backups"))
        .map(|r| r.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    assert_eq!(files.len(), 1, "{files:?}");
    let file = files[0].to_str().unwrap_or_default();
    let refused = maester(&cfg, &["gm", "restore", file], None);
    assert!(!refused.status.success(), "--game is required");
    assert!(text(&refused).contains("--game"), "{}", text(&refused));
    let out = maester(&cfg, &["gm", "--game", "rs", "restore", file], None);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("restored"), "{}", text(&out));
    assert_eq!(step_in(&db), before, "the game as it was before the close");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn twelve_games_closing_in_one_tick_each_keep_a_backup_of_their_own_rows() {
    // `maester bench --store --games 12` untimed: twelve games in one database, `backups =
    // 10`, every game's placement closing in the same tick.
    let dir = temp_dir("backups-twelve");
    let fig = maester::bench_store::run_games(&dir, 12, 10).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(fig.closes, 12, "{fig:?}");
    let backups = maester::daemon::backups::list_in(&dir.join("backups")).unwrap_or_default();
    // Counted per game: the games closed first in the tick keep theirs.
    let mut games: Vec<&str> = backups.iter().map(|b| b.game.as_str()).collect();
    games.sort_unstable();
    let mut want: Vec<String> = (1..=12).map(|g| format!("g{g}")).collect();
    want.sort_unstable();
    assert_eq!(games, want, "one backup of each game");
    assert_eq!(fig.backup_files, 12);
    for b in &backups {
        assert_eq!((b.round, b.step.as_str()), (1, "placement"), "{b:?}");
        let c = rusqlite::Connection::open(&b.path)
            .unwrap_or_else(|e| panic!("{}: {e}", b.path.display()));
        let held: Vec<String> = c
            .prepare("SELECT id FROM games")
            .and_then(|mut s| {
                s.query_map([], |r| r.get(0))?
                    .collect::<Result<Vec<String>, _>>()
            })
            .unwrap_or_else(|e| panic!("{}: {e}", b.path.display()));
        assert_eq!(
            held,
            vec![b.game.clone()],
            "{} holds its game only",
            b.path.display()
        );
        let others: i64 = c
            .query_row(
                "SELECT (SELECT count(*) FROM houses WHERE game_id <> ?1)
                      + (SELECT count(*) FROM outbox WHERE game_id <> ?1)
                      + (SELECT count(*) FROM snapshots WHERE game_id <> ?1)",
                [&b.game],
                |r| r.get(0),
            )
            .unwrap_or(-1);
        assert_eq!(others, 0, "{}", b.path.display());
        let step: String = c
            .query_row("SELECT step FROM games", [], |r| r.get(0))
            .unwrap_or_default();
        assert_eq!(step, "placement", "the game before its close");
    }
    for b in &backups {
        assert!(
            b.bytes * 4 < fig.database,
            "{} ({} bytes) is no copy of the whole database ({} bytes)",
            b.path.display(),
            b.bytes,
            fig.database
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
