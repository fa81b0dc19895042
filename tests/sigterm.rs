//! `maester run` exits promptly on SIGTERM (a service manager's stop): within half a second,
//! whatever it is doing — waiting for mail or in the middle of a tick — and the next start
//! goes on where it stopped. A real process and a real signal.

mod maildir_support;

use maildir_support::*;
use std::time::{Duration, Instant};

#[test]
fn run_exits_within_half_a_second_of_sigterm() {
    let dir = temp_dir("sigterm");
    let cfg = write_config(&dir, "sig");
    new_game_with_known_secrets(&cfg);
    for (wait_ms, mails) in [(1500, 0), (300, 40)] {
        for i in 0..mails {
            let raw = mail_from(
                "a@x.example",
                &format!("s{wait_ms}-{i}"),
                "secret: stark-s\r\n",
            );
            if let Err(e) =
                maester::demo::deliver(&dir.join("mail/inbox"), &format!("s{wait_ms}-{i}"), &raw)
            {
                panic!("{e}");
            }
        }
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_maester"))
            .arg("--config")
            .arg(&cfg)
            .arg("run")
            .env_remove("MAESTER_FAILPOINT")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run maester: {e}"));
        std::thread::sleep(Duration::from_millis(wait_ms));
        let pid = child.id() as libc::pid_t;
        // SAFETY: a plain kill(2) of the child this test started.
        assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
        let sent = Instant::now();
        let status = loop {
            if let Ok(Some(s)) = child.try_wait() {
                break Some(s);
            }
            if sent.elapsed() > Duration::from_secs(10) {
                let _ = child.kill();
                break None;
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        let took = sent.elapsed();
        assert!(status.is_some(), "still running 10 s after SIGTERM");
        assert!(
            took < Duration::from_millis(500),
            "exited {took:?} after SIGTERM"
        );
    }
    // The next start goes on: every mail answered, none failed.
    let o = maester(&cfg, &["run", "--once"], None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let store =
        maester::store::Store::open(dir.join("maester.sqlite")).unwrap_or_else(|e| panic!("{e}"));
    let failed: i64 = store
        .connection()
        .query_row(
            "SELECT COUNT(*) FROM mails WHERE status <> 'processed'",
            [],
            |r| r.get(0),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(failed, 0);
    let _ = std::fs::remove_dir_all(&dir);
}
