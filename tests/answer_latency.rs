//! An order mail is answered within seconds of its delivery even when the poll interval is a
//! minute: `maester run` waits on the mailbox (IMAP IDLE on the real Dovecot, a look at the
//! Maildir every 200 ms), not on the clock. Over IMAP the answer is in the player's mailbox
//! less than a second after the server took the order mail, whether the tick before took no
//! mail (the usual case: the old loop paused a second there) or took some (issue 40).

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

/// The daemon: this build's, or `MAESTER_TEST_BIN` (a release build, to measure it).
fn run(cfg: &Path) -> Running {
    let bin = std::env::var("MAESTER_TEST_BIN")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_maester").to_string());
    match Command::new(bin)
        .arg("--config")
        .arg(cfg)
        .arg("run")
        .stdout(Stdio::null())
        .stderr(
            // MAESTER_TEST_LOG: the daemon's log kept there (to see where the time goes).
            std::env::var("MAESTER_TEST_LOG")
                .ok()
                .and_then(|p| std::fs::File::create(p).ok())
                .map_or_else(Stdio::null, Stdio::from),
        )
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
fn an_imap_mail_is_answered_within_a_second_of_delivery_whatever_the_tick_before_took() {
    use maester::mail::{ImapInbox, Inbox, Outbox, SmtpConfig, SmtpOutbox};
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
    let mut inbox = match ImapInbox::connect(&imap(imap_port, "stark", "pw-stark")) {
        Ok(i) => i,
        Err(e) => panic!("IMAP login stark: {e}"),
    };
    // A first mail warms the daemon up (the seat's secret is checked by Argon2id once per
    // process, slow in a debug build); then, after two quiet seconds, a mail after a quiet
    // tick (the usual case in a real game), then one right after that answer (the tick
    // before took mail).
    let mut took = Vec::new();
    for (k, order) in ["临冬城 行军+1", "临冬城 支援", "临冬城 防御"]
        .iter()
        .enumerate()
    {
        if k == 1 {
            std::thread::sleep(Duration::from_secs(2));
        }
        let raw = format!(
            "From: stark player <stark@localhost>\r\nTo: referee@localhost\r\nSubject: [{run_id}] orders\r\n\
             Message-ID: <{run_id}-lat{k}@localhost>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\
             密码: stark-{run_id}\r\n{order}\r\n"
        );
        let start = Instant::now();
        // The server has delivered the mail when SMTP has taken it (it relays to LMTP first).
        if let Err(e) = smtp.send(
            "stark@localhost",
            &["referee@localhost".to_string()],
            raw.as_bytes(),
        ) {
            panic!("{e}");
        }
        let delivered = start.elapsed();
        println!(
            "imap: mail {k} delivered at {}",
            chrono::Utc::now().format("%H:%M:%S%.3f")
        );
        let mut answered = None;
        while answered.is_none() && start.elapsed() < Duration::from_secs(20) {
            for m in inbox.fetch_new().unwrap_or_default() {
                let _ = inbox.mark_done(&m.key);
                answered.get_or_insert(start.elapsed());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let Some(at) = answered else {
            panic!("mail {k}: no answer within 20 s");
        };
        let what = [
            "the first, warming up",
            "after a quiet tick",
            "after a tick that took mail",
        ];
        println!(
            "imap: mail {k} ({}) delivered after {delivered:?}, answered {:?} after delivery (poll 60 s)",
            what[k],
            at - delivered
        );
        took.push(at - delivered);
    }
    // Within a second of delivery, whatever the tick before took (issue 40), measured with a
    // release daemon (MAESTER_TEST_BIN); a debug one, its dependencies unoptimised, is given
    // half a second more, which the old loop's pause of a second after a quiet tick still
    // cannot pass.
    let bound = if std::env::var("MAESTER_TEST_BIN").is_ok() {
        Duration::from_secs(1)
    } else {
        Duration::from_millis(1500)
    };
    for (k, t) in took.iter().enumerate().skip(1) {
        assert!(*t < bound, "mail {k} answered {t:?} after delivery");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
