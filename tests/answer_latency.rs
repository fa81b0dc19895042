//! An order mail is answered within seconds of its delivery even when the poll interval is a
//! minute: `maester run` waits on the mailbox (IMAP IDLE on the real Dovecot, a look at the
//! Maildir every 200 ms), not on the clock. The bound checked (10 s against a 60 s poll) tells
//! a daemon that wakes on mail from one that sleeps out its poll.

mod maildir_support;
mod server_support;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A `maester run` that is killed when dropped.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn run(cfg: &Path) -> Running {
    match Command::new(env!("CARGO_BIN_EXE_maester"))
        .arg("--config")
        .arg(cfg)
        .arg("run")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
    {
        Ok(c) => Running(c),
        Err(e) => panic!("cannot start maester run: {e}"),
    }
}

fn with_slow_poll(cfg: &Path) {
    let text = std::fs::read_to_string(cfg).unwrap_or_default();
    std::fs::write(
        cfg,
        text.replace("[daemon]\n", "[daemon]\npoll_seconds = 60\n"),
    )
    .unwrap_or_default();
}

#[test]
fn a_maildir_mail_is_answered_within_seconds_with_a_minute_poll() {
    use maildir_support::*;
    let dir = temp_dir("latency-maildir");
    let cfg = write_config(&dir, "lat");
    with_slow_poll(&cfg);
    new_game_with_known_secrets(&cfg);
    let outbox = dir.join("mail/outbox");
    let _daemon = run(&cfg);
    // The daemon's first tick (it sends nothing new) is over well before this.
    std::thread::sleep(Duration::from_secs(2));
    let before = outbox_files(&outbox).len();
    let mail = mail_from("a@x.example", "lat1", "密码: stark-s\r\n临冬城 行军+1\r\n");
    let start = Instant::now();
    if let Err(e) = maester::demo::deliver(&dir.join("mail/inbox"), "lat1", &mail) {
        panic!("{e}");
    }
    while outbox_files(&outbox).len() == before && start.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(100));
    }
    let took = start.elapsed();
    assert!(
        outbox_files(&outbox).len() > before,
        "no answer within 20 s"
    );
    assert!(
        took < Duration::from_millis(1500),
        "answered after {took:?}"
    );
    println!("maildir: answered {took:?} after delivery (poll 60 s)");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_imap_mail_is_answered_within_seconds_with_a_minute_poll() {
    use maester::mail::{Outbox, SmtpConfig, SmtpOutbox};
    use server_support::*;
    let Some((imap_port, smtp_port)) = ports() else {
        return;
    };
    let run_id = format!("lat{}", std::process::id());
    let dir = std::env::temp_dir().join(format!("maester-{run_id}"));
    let cfg = write_server_config(&dir, &run_id, imap_port, smtp_port);
    with_slow_poll(&cfg);
    let config = match maester::config::Config::load(&cfg) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    {
        let mut d = match maester::daemon::Daemon::open(config) {
            Ok(d) => d,
            Err(e) => panic!("{e}"),
        };
        let secrets = HOUSES.iter().map(|h| format!("{h}-{run_id}")).collect();
        if let Err(e) = maester::daemon::games::new_game(&mut d, chrono::Utc::now(), Some(secrets))
        {
            panic!("{e}");
        }
    }
    let _daemon = run(&cfg);
    // The welcome mail arrives (the daemon's first tick sends it), then the mailbox is quiet.
    let mut got = Vec::new();
    collect(imap_port, "stark", 1, &mut got);
    assert!(!got.is_empty(), "no welcome mail");
    std::thread::sleep(Duration::from_secs(2));
    let mut smtp = match SmtpOutbox::new(&SmtpConfig::plain("127.0.0.1", smtp_port)) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    let raw = format!(
        "From: stark player <stark@localhost>\r\nTo: referee@localhost\r\nSubject: [{run_id}] orders\r\n\
         Message-ID: <{run_id}-lat@localhost>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\
         密码: stark-{run_id}\r\n临冬城 行军+1\r\n"
    );
    let start = Instant::now();
    if let Err(e) = smtp.send(
        "stark@localhost",
        &["referee@localhost".to_string()],
        raw.as_bytes(),
    ) {
        panic!("{e}");
    }
    let mut answer = Vec::new();
    collect_for(imap_port, "stark", 1, Duration::from_secs(20), &mut answer);
    let took = start.elapsed();
    assert!(!answer.is_empty(), "no answer within 20 s");
    assert!(took < Duration::from_secs(10), "answered after {took:?}");
    println!("imap: answered {took:?} after delivery (poll 60 s)");
    let _ = std::fs::remove_dir_all(&dir);
}
