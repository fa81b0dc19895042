//! Every step closes exactly once, whatever runs at the same time: several `maester gm process
//! --step placement` and a `maester run --once` racing for a due step close it once, never
//! the next step too; a second `maester run` on the same database refuses to start.

mod maildir_support;

use chrono::{TimeDelta, Utc};
use maildir_support::*;
use std::path::Path;
use std::process::{Command, Stdio};

fn count(db: &Path, sql: &str) -> i64 {
    let store = match maester::store::Store::open(db) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    match store.connection().query_row(sql, [], |r| r.get(0)) {
        Ok(n) => n,
        Err(e) => panic!("{sql}: {e}"),
    }
}

/// A game whose placement deadline passed a day ago.
fn overdue_game(dir: &Path, id: &str) -> std::path::PathBuf {
    let cfg = write_config(dir, id);
    let config = match maester::config::Config::load(&cfg) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    let mut d = match maester::daemon::Daemon::open(config) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    let secrets = HOUSES.iter().map(|h| format!("{h}-s")).collect();
    let then = Utc::now() - TimeDelta::days(2);
    if let Err(e) = maester::daemon::games::new_game(&mut d, then, Some(secrets)) {
        panic!("{e}");
    }
    cfg
}

fn spawn(cfg: &Path, args: &[&str]) -> std::process::Child {
    let mut c = Command::new(env!("CARGO_BIN_EXE_maester"));
    c.arg("--config")
        .arg(cfg)
        .args(args)
        .env_remove("MAESTER_FAILPOINT")
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    match c.spawn() {
        Ok(ch) => ch,
        Err(e) => panic!("cannot run maester: {e}"),
    }
}

#[test]
fn racing_gm_process_and_daemon_close_a_due_step_exactly_once() {
    for trial in 0..5 {
        let dir = temp_dir(&format!("once{trial}"));
        let cfg = overdue_game(&dir, "once");
        let db = dir.join("maester.sqlite");
        assert_eq!(count(&db, "SELECT COUNT(*) FROM snapshots"), 1);
        let mut children: Vec<_> = (0..5)
            .map(|_| {
                spawn(
                    &cfg,
                    &["gm", "process", "--round", "1", "--step", "placement"],
                )
            })
            .collect();
        children.push(spawn(&cfg, &["run", "--once"]));
        children.push(spawn(
            &cfg,
            &["gm", "process", "--round", "1", "--step", "placement"],
        ));
        let mut ok_gm = 0;
        for (i, ch) in children.into_iter().enumerate() {
            let out = match ch.wait_with_output() {
                Ok(o) => o,
                Err(e) => panic!("{e}"),
            };
            let is_run = i == 5;
            if is_run {
                assert!(
                    out.status.success(),
                    "{}",
                    String::from_utf8_lossy(&out.stderr)
                );
            } else if out.status.success() {
                ok_gm += 1;
            } else {
                let err = String::from_utf8_lossy(&out.stderr);
                assert!(err.contains("nothing closed"), "trial {trial}: {err}");
            }
        }
        // One snapshot added, one "step closed", one report per house: exactly one close.
        assert_eq!(
            count(&db, "SELECT COUNT(*) FROM snapshots"),
            2,
            "trial {trial}"
        );
        assert_eq!(
            count(
                &db,
                "SELECT COUNT(*) FROM audit WHERE action = 'step closed'"
            ),
            1,
            "trial {trial}"
        );
        assert_eq!(
            count(
                &db,
                "SELECT COUNT(*) FROM outbox WHERE subject LIKE '%结果%'"
            ),
            6,
            "trial {trial}: one report per house"
        );
        assert!(ok_gm <= 1, "trial {trial}: {ok_gm} GM closes succeeded");
        // The game row agrees with the one new snapshot (no step closed on top of it).
        assert_eq!(
            count(
                &db,
                "SELECT COUNT(*) FROM games g JOIN snapshots s ON s.game_id = g.id AND s.seq = 2 \
                 WHERE g.round = s.round AND g.step = s.step"
            ),
            1,
            "trial {trial}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_second_daemon_on_the_same_database_refuses_to_start() {
    let dir = temp_dir("onedaemon");
    let cfg = overdue_game(&dir, "one");
    let mut first = spawn(&cfg, &["run"]);
    // Wait until the first daemon holds the lock (its pid is written into the lock file).
    let lock = dir.join("maester.sqlite.lock");
    let pid = first.id().to_string();
    let mut held = false;
    for _ in 0..200 {
        if std::fs::read_to_string(&lock).unwrap_or_default().trim() == pid {
            held = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
    assert!(held, "the first daemon took the lock");
    let second = maester(&cfg, &["run", "--once"], None);
    assert!(!second.status.success());
    let err = String::from_utf8_lossy(&second.stderr);
    assert!(
        err.contains("already running") && err.contains(&pid),
        "{err}"
    );
    let _ = first.kill();
    let _ = first.wait();
    // Killed (SIGKILL): the lock went with the process; a new daemon starts.
    let again = maester(&cfg, &["run", "--once"], None);
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
