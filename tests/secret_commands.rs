//! A password command that never ends (a password manager waiting for a PIN nobody types)
//! cannot stall maester: `check-config`, `new-game` and the daemon each give up on it after
//! `command_timeout_seconds`, the GM is told at once that the login fails, and a daemon stopped
//! by SIGTERM while the command runs takes the command's whole process group with it.

mod maildir_support;
mod server_support;

use maildir_support::{maester, said, temp_dir};
use std::path::Path;
use std::time::{Duration, Instant};

/// The config at `cfg` with `[mail.imap]`'s written password replaced by `imap_secret` and a
/// GM at gm@localhost.
fn with_imap_secret(cfg: &Path, imap_secret: &str) {
    let text = std::fs::read_to_string(cfg).unwrap_or_default();
    let changed = text
        .replace("password = \"refpass\"\n", &format!("{imap_secret}\n"))
        .replace("[daemon]\n", "[daemon]\ngm_address = \"gm@localhost\"\n");
    assert_ne!(changed, text, "the server config has the written password");
    std::fs::write(cfg, changed).unwrap_or_else(|e| panic!("{}: {e}", cfg.display()));
}

#[test]
fn a_hanging_command_cannot_stall_check_config_or_new_game() {
    let dir = temp_dir("hang-setup");
    // Port 1: nothing is contacted before the secrets are read.
    let cfg = server_support::write_server_config(&dir, "hang", 1, 1);
    with_imap_secret(
        &cfg,
        "password_command = \"sleep 600\"\ncommand_timeout_seconds = 1",
    );
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    let smtp_hangs = text.replace(
        "port = 1\nsecurity = \"plain\"\n\n[game]",
        "port = 1\nsecurity = \"plain\"\nuser = \"referee\"\npassword_command = \"sleep 600\"\ncommand_timeout_seconds = 1\n\n[game]",
    );
    assert_ne!(
        smtp_hangs, text,
        "the SMTP table is where the test expects it"
    );
    std::fs::write(&cfg, smtp_hangs).unwrap_or_default();

    let start = Instant::now();
    let out = maester(&cfg, &["check-config"], None);
    let text = said(&out);
    assert!(!out.status.success(), "{text}");
    assert!(
        text.contains("password_command `sleep 600` still running after 1 s: stopped"),
        "{text}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(8),
        "{:?}",
        start.elapsed()
    );

    let start = Instant::now();
    let out = maester(&cfg, &["new-game"], None);
    let text = said(&out);
    assert!(!out.status.success(), "{text}");
    assert!(text.contains("still running after 1 s"), "{text}");
    assert!(
        start.elapsed() < Duration::from_secs(8),
        "{:?}",
        start.elapsed()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_daemon_goes_on_past_a_hanging_command_and_tells_the_gm_at_once() {
    let Some((imap_port, smtp_port)) = server_support::ports() else {
        return;
    };
    let dir = temp_dir("hang-daemon");
    let cfg = server_support::write_server_config(&dir, "hangd", imap_port, smtp_port);
    with_imap_secret(
        &cfg,
        "password_command = \"sleep 600\"\ncommand_timeout_seconds = 1",
    );
    // new-game sends the welcome mails although the mailbox cannot be read.
    let start = Instant::now();
    let out = maester(&cfg, &["new-game"], None);
    assert!(out.status.success(), "{}", said(&out));
    assert!(
        said(&out).contains("6 welcome mails sent"),
        "{}",
        said(&out)
    );
    assert!(
        start.elapsed() < Duration::from_secs(15),
        "{:?}",
        start.elapsed()
    );
    // The next tick sends the GM's alert, queued at the first failed login.
    let start = Instant::now();
    let out = maester(&cfg, &["run", "--once"], None);
    assert!(out.status.success(), "{}", said(&out));
    assert!(
        start.elapsed() < Duration::from_secs(15),
        "{:?}",
        start.elapsed()
    );
    let mut got = Vec::new();
    server_support::collect_for(imap_port, "gm", 1, Duration::from_secs(10), &mut got);
    assert!(
        got.iter()
            .any(|m| m.contains("cannot log in to the IMAP server")
                && m.contains("still running after 1 s")),
        "{got:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sigterm_takes_a_running_password_command_with_it() {
    let Some((imap_port, smtp_port)) = server_support::ports() else {
        return;
    };
    let dir = temp_dir("hang-sigterm");
    let cfg = server_support::write_server_config(&dir, "hangs", imap_port, smtp_port);
    let out = maester(&cfg, &["new-game"], None);
    assert!(out.status.success(), "{}", said(&out));
    let pidfile = dir.join("sleep.pid");
    with_imap_secret(
        &cfg,
        &format!(
            "password_command = \"sleep 600 & echo $! > {}; wait\"\ncommand_timeout_seconds = 120",
            pidfile.display()
        ),
    );
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_maester"))
        .arg("--config")
        .arg(&cfg)
        .arg("run")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run maester: {e}"));
    let deadline = Instant::now() + Duration::from_secs(20);
    let pid = loop {
        let pid: i32 = std::fs::read_to_string(&pidfile)
            .ok()
            .and_then(|t| t.trim().parse().ok())
            .unwrap_or(0);
        if pid > 0 || Instant::now() > deadline {
            break pid;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(pid > 0, "the daemon ran the password command");
    let daemon = child.id() as libc::pid_t;
    // SAFETY: a plain kill(2) of the child this test started.
    assert_eq!(unsafe { libc::kill(daemon, libc::SIGTERM) }, 0);
    let start = Instant::now();
    while child.try_wait().ok().flatten().is_none() && start.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        child.try_wait().ok().flatten().is_some(),
        "the daemon ended on SIGTERM"
    );
    let gone = (0..100).any(|_| {
        std::thread::sleep(Duration::from_millis(20));
        std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .map(|s| s.contains(") Z "))
            .unwrap_or(true)
    });
    if !gone {
        // SAFETY: clean up the leftover of a failed test.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
    assert!(
        gone,
        "the password command's sleep {pid} outlived the daemon"
    );
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
}
