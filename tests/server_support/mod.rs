//! Shared by the tests against the real Dovecot and SMTP servers on 127.0.0.1 (started by
//! `scripts/test.sh`): the ports, a player's IMAP login, reading a player's mailbox, and a
//! game config on the IMAP/SMTP transport.

#![allow(dead_code)]

use maester::mail::{ImapConfig, ImapInbox, Inbox, PasswordSource, Security, decode};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The houses, each with a mailbox `<house>` (password `pw-<house>`) on the test server.
pub const HOUSES: [&str; 6] = [
    "stark",
    "greyjoy",
    "lannister",
    "baratheon",
    "tyrell",
    "martell",
];

/// The IMAP and SMTP ports; `None` (the test skips) only with `MAESTER_SKIP_MAIL_SERVERS=1`.
pub fn ports() -> Option<(u16, u16)> {
    let Ok(imap) = std::env::var("MAILTEST_IMAP_PORT") else {
        if std::env::var("MAESTER_SKIP_MAIL_SERVERS").as_deref() == Ok("1") {
            println!("mail server test SKIPPED (MAESTER_SKIP_MAIL_SERVERS=1)");
            return None;
        }
        panic!(
            "start the mail servers first: `bash scripts/test.sh` does it (or scripts/mailtest-up.sh, then set MAILTEST_IMAP_PORT and MAILTEST_SMTP_PORT)"
        );
    };
    let smtp = std::env::var("MAILTEST_SMTP_PORT").unwrap_or_else(|_| "2525".into());
    match (imap.parse(), smtp.parse()) {
        (Ok(i), Ok(s)) => Some((i, s)),
        _ => panic!("bad MAILTEST_IMAP_PORT / MAILTEST_SMTP_PORT"),
    }
}

/// A plain IMAP login on 127.0.0.1.
pub fn imap(port: u16, user: &str, password: &str) -> ImapConfig {
    ImapConfig {
        host: "127.0.0.1".into(),
        port,
        security: Security::Plain,
        user: user.into(),
        password: PasswordSource::written(password),
        mailbox: "INBOX".into(),
        timeout_seconds: maester::mail::DEFAULT_IMAP_TIMEOUT_SECONDS,
    }
}

/// Read (and mark done) everything in a player's mailbox as "subject\nbody", waiting up to
/// `wait` for `want` mails.
pub fn collect_for(port: u16, house: &str, want: usize, wait: Duration, into: &mut Vec<String>) {
    let deadline = Instant::now() + wait;
    let mut inbox = match ImapInbox::connect(&imap(port, house, &format!("pw-{house}"))) {
        Ok(i) => i,
        Err(e) => panic!("IMAP login {house}: {e}"),
    };
    loop {
        for m in inbox.fetch_new().unwrap_or_default() {
            let d = decode(&m.raw);
            into.push(format!("{}\n{}", d.subject, d.body));
            let _ = inbox.mark_done(&m.key);
        }
        if into.len() >= want || Instant::now() > deadline {
            return;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// [`collect_for`] waiting up to 10 s.
pub fn collect(port: u16, house: &str, want: usize, into: &mut Vec<String>) {
    collect_for(port, house, want, Duration::from_secs(10), into);
}

/// A config for game `run` in `dir` on the IMAP/SMTP transport, the houses at
/// `<house>@localhost`; returns its path. Deadlines pass by jumps of the clock, as if the
/// daemon had run all along: the downtime guard and the grace are set aside
/// (tests/downtime_guard.rs and tests/grace.rs test them).
pub fn write_server_config(dir: &Path, run: &str, imap_port: u16, smtp_port: u16) -> PathBuf {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap_or_default();
    let mut players = String::new();
    for h in HOUSES {
        players.push_str(&format!("[[game.players]]\nhouse = \"{h}\"\nname = \"{h} player\"\naddress = \"{h}@localhost\"\n\n"));
    }
    let cfg_text = format!(
        "[daemon]\naddress = \"referee@localhost\"\n\n[mail]\ntransport = \"imap\"\n\
         [mail.imap]\nhost = \"127.0.0.1\"\nport = {imap_port}\nsecurity = \"plain\"\nuser = \"referee\"\npassword = \"refpass\"\n\
         [mail.smtp]\nhost = \"127.0.0.1\"\nport = {smtp_port}\nsecurity = \"plain\"\n\n\
         [game]\nid = \"{run}\"\nseed = \"e2e\"\nearly_close = false\n[game.schedule]\ntimezone = \"UTC\"\n[game.schedule.steps]\ndefault = \"1d\"\n\
         [game.deadlines]\ngrace = {{}}\ndowntime_margin = \"30d\"\n\n{players}"
    );
    let cfg_path = dir.join("maester.toml");
    std::fs::write(&cfg_path, cfg_text).unwrap_or_default();
    cfg_path
}
