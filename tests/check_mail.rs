//! `maester check-mail` against the real Dovecot and SMTP servers on 127.0.0.1: a good login
//! with every step said and the test mail found (and in the GM's mailbox); a wrong password, a
//! closed port, a missing folder and a password command that never ends each fail fast with a
//! non-zero exit, the failure said plainly with its hint.

mod maildir_support;
mod server_support;

use maildir_support::{maester, said, temp_dir};
use server_support::ports;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A config for the referee's mailbox `mailcheck` (GM: `gm@localhost`) with `imap_extra`
/// lines added to `[mail.imap]` and `folders` as `[mail.folders]`. The IMAP time limit allows
/// for Dovecot's auth penalty (up to 15 s after the refused logins other tests make).
fn config(dir: &Path, imap_port: u16, smtp_port: u16, imap_extra: &str, folders: &str) -> PathBuf {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let text = format!(
        "[daemon]\naddress = \"mailcheck@localhost\"\ngm_address = \"gm@localhost\"\n\n\
         [mail]\ntransport = \"imap\"\n\
         [mail.imap]\nhost = \"127.0.0.1\"\nport = {imap_port}\nsecurity = \"plain\"\nuser = \"mailcheck\"\n\
         timeout_seconds = 20\n{imap_extra}\n\
         [mail.smtp]\nhost = \"127.0.0.1\"\nport = {smtp_port}\nsecurity = \"plain\"\ntimeout_seconds = 3\n\
         [mail.folders]\n{folders}\n"
    );
    let path = dir.join("maester.toml");
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    path
}

#[test]
fn a_good_mailbox_passes_every_step_and_the_test_mail_reaches_the_gm() {
    let Some((imap_port, smtp_port)) = ports() else {
        return;
    };
    let dir = temp_dir("checkmail-good");
    let cfg = config(
        &dir,
        imap_port,
        smtp_port,
        "password_env = \"MAESTER_TEST_MAILCHECK_PW\"",
        "sent = \"Sent\"",
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_maester"))
        .arg("--config")
        .arg(&cfg)
        .args(["check-mail", "--send-test"])
        .env("MAESTER_TEST_MAILCHECK_PW", "pw-mailcheck")
        .output()
        .unwrap_or_else(|e| panic!("cannot run maester: {e}"));
    let text = said(&out);
    assert!(out.status.success(), "{text}");
    for step in [
        "ok      login: as mailcheck",
        "ok      capabilities: IDLE MOVE UIDPLUS ID (all maester uses)",
        "ok      ID: sent",
        "ok      IDLE: offered",
        "ok      folder read INBOX",
        "ok      folder written Sent",
        "ok      SMTP greeting and login",
        "ok      test mail sent: gm@localhost, mailcheck@localhost",
        "ok      test mail found in the referee's inbox",
        "check-mail: every step worked",
    ] {
        assert!(text.contains(step), "{step:?} in:\n{text}");
    }
    // The GM has it; the referee's copy was deleted, so the daemon never reads it.
    let mut got = Vec::new();
    server_support::collect_for(imap_port, "gm", 1, Duration::from_secs(10), &mut got);
    assert!(
        got.iter().any(|m| m.contains("check-mail --send-test")),
        "{got:?}"
    );
    let mut left = Vec::new();
    server_support::collect_for(
        imap_port,
        "mailcheck",
        0,
        Duration::from_millis(100),
        &mut left,
    );
    assert!(
        !left.iter().any(|m| m.contains("check-mail --send-test")),
        "{left:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_wrong_password_is_a_refused_login_with_its_hint() {
    let Some((imap_port, smtp_port)) = ports() else {
        return;
    };
    let dir = temp_dir("checkmail-pw");
    let cfg = config(
        &dir,
        imap_port,
        smtp_port,
        "password = \"hunter2-wrong\"",
        "",
    );
    let _ = std::fs::set_permissions(&cfg, std::os::unix::fs::PermissionsExt::from_mode(0o600));
    let out = maester(&cfg, &["check-mail"], None);
    let text = said(&out);
    assert!(!out.status.success(), "{text}");
    assert!(
        text.contains("FAILED  login: the server refused it"),
        "{text}"
    );
    assert!(text.contains("authorization code"), "{text}");
    assert!(!text.contains("hunter2"), "the password itself: {text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_closed_port_fails_at_once_and_names_the_port() {
    let Some((_, smtp_port)) = ports() else {
        return;
    };
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let closed = listener.local_addr().expect("addr").port();
    drop(listener);
    let dir = temp_dir("checkmail-port");
    let cfg = config(&dir, closed, smtp_port, "password_env = \"HOME\"", "");
    let start = Instant::now();
    let out = maester(&cfg, &["check-mail"], None);
    let text = said(&out);
    assert!(!out.status.success(), "{text}");
    assert!(text.contains("FAILED  server:"), "{text}");
    assert!(
        text.contains(&format!("nothing listens on port {closed}")),
        "{text}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_folder_is_named() {
    let Some((imap_port, smtp_port)) = ports() else {
        return;
    };
    let dir = temp_dir("checkmail-folder");
    let cfg = config(
        &dir,
        imap_port,
        smtp_port,
        "password_command = \"echo pw-mailcheck\"",
        "extra = [\"NoSuchFolder\"]",
    );
    let out = maester(&cfg, &["check-mail"], None);
    let text = said(&out);
    assert!(!out.status.success(), "{text}");
    assert!(text.contains("ok      login: as mailcheck"), "{text}");
    assert!(
        text.contains("FAILED  folder read NoSuchFolder: no such folder"),
        "{text}"
    );
    assert!(text.contains("[mail.folders] extra"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_password_command_that_never_ends_is_stopped_at_its_limit() {
    let Some((imap_port, smtp_port)) = ports() else {
        return;
    };
    let dir = temp_dir("checkmail-hang");
    let cfg = config(
        &dir,
        imap_port,
        smtp_port,
        "password_command = \"sleep 600\"\ncommand_timeout_seconds = 1",
        "",
    );
    let start = Instant::now();
    let out = maester(&cfg, &["check-mail"], None);
    let text = said(&out);
    assert!(!out.status.success(), "{text}");
    assert!(text.contains("FAILED  secret:"), "{text}");
    assert!(text.contains("still running after 1 s: stopped"), "{text}");
    assert!(
        start.elapsed() < Duration::from_secs(8),
        "{:?}",
        start.elapsed()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
