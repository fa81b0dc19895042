//! Outages of the real mail servers (Dovecot IMAP and the aiosmtpd relay started by
//! `scripts/test.sh` or `scripts/mailtest-up.sh`): the tests stop a server by the PID in
//! `$MAILTEST_DIR` (default /tmp/maester-mailtest), check what the daemon does without it, and
//! start the servers again with `scripts/mailtest-up.sh` — also when a test fails (a guard whose
//! `Drop` restarts them), since later tests need them. Ports come from `MAILTEST_*_PORT` with the
//! scripts' defaults; like `tests/daemon_servers.rs` they fail with instructions when
//! `MAILTEST_IMAP_PORT` is not set, unless `MAESTER_SKIP_MAIL_SERVERS=1`.
//!
//! Restarting re-creates the servers' Maildirs, so every mailbox check comes after the last
//! restart of its test.

mod smtp_sink;

use chrono::{DateTime, TimeDelta, Utc};
use maester::config::Config;
use maester::daemon::requeue::{Which, requeue};
use maester::daemon::{Daemon, games};
use maester::mail::{
    ImapConfig, ImapInbox, Inbox, Outbox, PasswordSource, Security, SmtpConfig, SmtpOutbox,
};
use maester::store::{NewOutgoing, OutboxStatus};
use smtp_sink::smtp_sink;
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The tests stop and start the same servers: one at a time.
static SERVERS: Mutex<()> = Mutex::new(());

const HOUSES: [&str; 6] = [
    "stark",
    "greyjoy",
    "lannister",
    "baratheon",
    "tyrell",
    "martell",
];

struct Servers {
    imap: u16,
    smtp: u16,
    dir: PathBuf,
}

fn port(var: &str, default: u16) -> u16 {
    match std::env::var(var) {
        Ok(v) => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{var}={v:?} is not a port number")),
        Err(_) => default,
    }
}

fn servers() -> Option<Servers> {
    if std::env::var_os("MAILTEST_IMAP_PORT").is_none() {
        if std::env::var("MAESTER_SKIP_MAIL_SERVERS").as_deref() == Ok("1") {
            println!("mail outage tests SKIPPED (MAESTER_SKIP_MAIL_SERVERS=1)");
            return None;
        }
        panic!(
            "start the mail servers first: `bash scripts/test.sh` does it (or scripts/mailtest-up.sh, then set MAILTEST_IMAP_PORT and MAILTEST_SMTP_PORT)"
        );
    }
    Some(Servers {
        imap: port("MAILTEST_IMAP_PORT", 1143),
        smtp: port("MAILTEST_SMTP_PORT", 2525),
        dir: std::env::var_os("MAILTEST_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("/tmp/maester-mailtest")),
    })
}

/// Runs `scripts/mailtest-up.sh` (the environment, ports and directory included, is passed on).
fn start_servers() -> Result<(), String> {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scripts/mailtest-up.sh");
    let out = std::process::Command::new("bash")
        .arg(&script)
        .output()
        .map_err(|e| format!("{}: {e}", script.display()))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "mailtest-up.sh failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// Starts the servers again when dropped, whatever happened in the test.
struct Restart;

impl Drop for Restart {
    fn drop(&mut self) {
        if let Err(e) = start_servers() {
            eprintln!("could not restart the mail test servers: {e}");
        }
    }
}

/// Stops the server whose PID is in `file` (`dovecot.pid`, `smtp.pid`) and waits until
/// `port` no longer answers.
fn stop(s: &Servers, file: &str, port: u16) {
    let path = s.dir.join(file);
    let pid = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .trim()
        .to_string();
    let ok = std::process::Command::new("kill")
        .arg(&pid)
        .status()
        .is_ok_and(|st| st.success());
    assert!(ok, "kill {pid} ({file}) failed");
    let until = Instant::now() + Duration::from_secs(15);
    while Instant::now() < until
        && (PathBuf::from(format!("/proc/{pid}")).exists()
            || TcpStream::connect(("127.0.0.1", port)).is_ok())
    {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        TcpStream::connect(("127.0.0.1", port)).is_err(),
        "port {port} still answers after kill {pid}"
    );
}

/// A daemon on a fresh game whose SMTP is `smtp_port`, with `timeout` seconds for SMTP.
fn daemon(s: &Servers, tag: &str, smtp_port: u16, timeout: u64) -> (Daemon, PathBuf, String) {
    let run = format!("{tag}{}", std::process::id());
    let dir = std::env::temp_dir().join(format!("maester-{run}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_default();
    let cfg = write_config(&dir, "maester.toml", &run, s.imap, smtp_port, timeout);
    let d = match Daemon::open(cfg) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    (d, dir, run)
}

/// The tests jump the clock by days between two ticks as if the daemon had run all along: the
/// downtime guard and the grace are set aside (tests/downtime_guard.rs and tests/grace.rs).
fn write_config(
    dir: &std::path::Path,
    name: &str,
    run: &str,
    imap: u16,
    smtp: u16,
    timeout: u64,
) -> Config {
    let mut players = String::new();
    for h in HOUSES {
        players.push_str(&format!("[[game.players]]\nhouse = \"{h}\"\nname = \"{h} player\"\naddress = \"{h}@localhost\"\n\n"));
    }
    let text = format!(
        "[daemon]\naddress = \"referee@localhost\"\ngm_address = \"tester@localhost\"\n\n[mail]\ntransport = \"imap\"\n\
         [mail.imap]\nhost = \"127.0.0.1\"\nport = {imap}\nsecurity = \"plain\"\nuser = \"referee\"\npassword = \"refpass\"\n\
         [mail.smtp]\nhost = \"127.0.0.1\"\nport = {smtp}\nsecurity = \"plain\"\ntimeout_seconds = {timeout}\n\n\
         [game]\nid = \"{run}\"\nseed = \"outage\"\nearly_close = false\n[game.schedule]\ntimezone = \"UTC\"\n[game.schedule.steps]\ndefault = \"1d\"\n\
         [game.deadlines]\ngrace = {{}}\ndowntime_margin = \"30d\"\n\n{players}"
    );
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap_or_default();
    match Config::load(&path) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    }
}

/// Mails in a player's real mailbox (subjects and bodies), waiting up to 10 s for `want`.
fn mailbox(s: &Servers, user: &str, password: &str, want: usize) -> Vec<String> {
    let cfg = ImapConfig {
        host: "127.0.0.1".into(),
        port: s.imap,
        security: Security::Plain,
        user: user.into(),
        password: PasswordSource::written(password),
        mailbox: "INBOX".into(),
        timeout_seconds: maester::mail::DEFAULT_IMAP_TIMEOUT_SECONDS,
    };
    let mut inbox = ImapInbox::connect(&cfg).unwrap_or_else(|e| panic!("IMAP {user}: {e}"));
    let until = Instant::now() + Duration::from_secs(10);
    let mut out = Vec::new();
    loop {
        for m in inbox.fetch_new().unwrap_or_default() {
            let d = maester::mail::decode(&m.raw);
            out.push(format!("{}\n{}", d.subject, d.body));
            let _ = inbox.mark_done(&m.key);
        }
        if out.len() >= want || Instant::now() > until {
            return out;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// A player's orders, sent through the real SMTP relay to the referee.
fn send_orders(s: &Servers, run: &str, house: &str, secret: &str, orders: &str) {
    let mut smtp = SmtpOutbox::new(&SmtpConfig::plain("127.0.0.1", s.smtp)).expect("smtp");
    let raw = format!(
        "From: {house} player <{house}@localhost>\r\nTo: referee@localhost\r\nSubject: [{run}] orders\r\n\
         Message-ID: <{run}-{house}@localhost>\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Transfer-Encoding: 8bit\r\n\r\n密码: {secret}\r\n{orders}\r\n"
    );
    if let Err(e) = smtp.send(
        &format!("{house}@localhost"),
        &["referee@localhost".to_string()],
        raw.as_bytes(),
    ) {
        panic!("sending {house}'s orders: {e}");
    }
}

fn tick(d: &mut Daemon, now: DateTime<Utc>) -> maester::daemon::Tick {
    d.tick(now).unwrap_or_else(|e| panic!("tick: {e}"))
}

fn statuses(d: &Daemon) -> Vec<(i64, String, String)> {
    let mut stmt = d
        .store
        .connection()
        .prepare("SELECT id, status, to_addrs FROM outbox ORDER BY id")
        .expect("prepare");
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .expect("query")
        .filter_map(Result::ok)
        .collect()
}

fn secrets(run: &str) -> Vec<String> {
    HOUSES.iter().map(|h| format!("{h}-{run}")).collect()
}

#[test]
fn with_imap_down_the_deadline_closes_mail_goes_out_and_reading_resumes_after_restart() {
    let Some(s) = servers() else { return };
    let _one = SERVERS.lock().unwrap_or_else(|e| e.into_inner());
    let (sink, took) = smtp_sink();
    let (mut d, dir, run) = daemon(&s, "imapdown", sink, 5);
    let restart = Restart;
    stop(&s, "dovecot.pid", s.imap);

    let t0 = Utc::now();
    if let Err(e) = games::new_game(&mut d, t0, Some(secrets(&run))) {
        panic!("{e}");
    }
    let t = tick(&mut d, t0);
    assert_eq!(t.errors, 1, "the failed fetch is counted: {t:?}");
    assert_eq!(
        t.sent, 6,
        "the welcome mails go out while IMAP is down: {t:?}"
    );
    assert_eq!(d.imap_down_since(), Some(t0));
    // Within the backoff the server is not tried again.
    let t = tick(&mut d, t0 + TimeDelta::seconds(10));
    assert_eq!(t.errors, 0, "{t:?}");
    // Over an hour: the GM is told (the alert is queued, and sent at the next tick).
    tick(&mut d, t0 + TimeDelta::minutes(61));
    let audit = d.store.audit_log(None, 50).expect("audit");
    assert!(
        audit
            .iter()
            .any(|a| a.action == "problem" && a.detail.contains("IMAP server has been unreachable")),
        "{audit:#?}"
    );
    // The deadline passes while IMAP is still down: the step closes, the reports go out.
    let t = tick(&mut d, t0 + TimeDelta::days(2));
    assert_eq!(t.steps_closed, 1, "{t:?}");
    assert!(t.sent >= 7, "reports and the GM's alert sent: {t:?}");
    let to_gm = took
        .lock()
        .map(|t| {
            t.rcpts
                .iter()
                .filter(|r| r.contains("tester@localhost"))
                .count()
        })
        .unwrap_or(0);
    assert_eq!(
        to_gm, 2,
        "one alert for the outage, and the GM's copy of the closed step's reports"
    );

    // Dovecot comes back: the next tick after the backoff reads a player's mail.
    drop(restart);
    let _restart = Restart;
    send_orders(&s, &run, "stark", &secrets(&run)[0], "临冬城 行军+1");
    let later = t0 + TimeDelta::days(2) + TimeDelta::hours(1);
    let t = tick(&mut d, later);
    assert_eq!((t.errors, t.stored, t.processed), (0, 1, 1), "{t:?}");
    assert_eq!(d.imap_down_since(), None);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn with_smtp_down_or_hung_intake_and_closing_go_on_5xx_fails_at_once_and_restart_delivers() {
    let Some(s) = servers() else { return };
    let _one = SERVERS.lock().unwrap_or_else(|e| e.into_inner());
    let (mut d, dir, run) = daemon(&s, "smtpdown", s.smtp, 2);
    let restart = Restart;
    let t0 = Utc::now();
    let secret = secrets(&run);
    if let Err(e) = games::new_game(&mut d, t0, Some(secret.clone())) {
        panic!("{e}");
    }
    assert_eq!(tick(&mut d, t0).sent, 6, "welcome mails");
    send_orders(&s, &run, "stark", &secret[0], "临冬城 行军+1\n白港 支援");
    send_orders(&s, &run, "greyjoy", &secret[1], "派克岛 行军\n灰水望 防守");

    // The SMTP relay stops: the orders are still read and answered, the answers stay queued.
    stop(&s, "smtp.pid", s.smtp);
    // (The mails may take a moment to show in the referee's mailbox: poll, one second of the
    // daemon's clock per poll, so the SMTP backoff of 30 s is not over in between.)
    let t1 = t0 + TimeDelta::minutes(1);
    let mut sum = maester::daemon::Tick::default();
    for i in 0..40 {
        let t = tick(&mut d, t1 + TimeDelta::seconds(i));
        sum.processed += t.processed;
        sum.sent += t.sent;
        sum.send_failures += t.send_failures;
        if sum.processed >= 2 {
            break;
        }
        std::thread::sleep(Duration::from_millis(250));
    }
    assert_eq!(sum.processed, 2, "{sum:?}");
    assert_eq!(
        (sum.sent, sum.send_failures),
        (0, 1),
        "one try, then backoff: {sum:?}"
    );
    assert!(d.smtp_down_since().is_some());

    // A hung SMTP server (accepts, never greets): the deadline still closes and the tick
    // returns after one timeout, not one per mail.
    let hung = TcpListener::bind("127.0.0.1:0").expect("bind");
    let hung_port = hung.local_addr().expect("addr").port();
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for c in hung.incoming().flatten() {
            held.push(c);
        }
    });
    let cfg = write_config(&dir, "hung.toml", &run, s.imap, hung_port, 2);
    let mut h = Daemon::open(cfg).unwrap_or_else(|e| panic!("{e}"));
    let start = Instant::now();
    let t = tick(&mut h, t0 + TimeDelta::days(2));
    let took = start.elapsed();
    assert_eq!(t.steps_closed, 1, "{t:?}");
    assert_eq!((t.sent, t.send_failures), (0, 1), "{t:?}");
    assert!(t.send_deferred >= 6, "reports left queued: {t:?}");
    assert!(took < Duration::from_secs(6), "tick took {took:?}");
    drop(h);

    // A mail to an address the server refuses for good (Dovecot's LMTP: 550 unknown user).
    let to = vec!["nosuchuser@localhost".to_string()];
    let bad = d
        .store
        .transaction(|tx| {
            tx.queue_outgoing(&NewOutgoing {
                game_id: Some(&run),
                message_id: &format!("bad-{run}@localhost"),
                to_addrs: &to,
                subject: "to nobody",
                raw: b"Subject: to nobody\r\n\r\nhello\r\n",
                reply_to_mail: None,
                created_at: t0,
            })
        })
        .expect("queue")
        .id();

    // The servers come back: everything queued is delivered, the refused mail fails at once.
    drop(restart);
    let _restart = Restart;
    let t3 = t0 + TimeDelta::days(2) + TimeDelta::hours(1);
    let t = tick(&mut d, t3);
    assert_eq!(t.refused, 1, "{t:?}");
    assert!(t.sent >= 8, "answers and reports: {t:?}");
    tick(&mut d, t3 + TimeDelta::minutes(1)); // the GM's alert about the refusal
    let rows = statuses(&d);
    let failed: Vec<i64> = rows
        .iter()
        .filter(|r| r.1 == "failed")
        .map(|r| r.0)
        .collect();
    assert_eq!(failed, vec![bad], "{rows:#?}");
    assert!(rows.iter().all(|r| r.1 != "queued"), "{rows:#?}");
    let m = d.store.outgoing(bad).expect("read").expect("row");
    assert_eq!((m.status, m.attempts), (OutboxStatus::Failed, 1));
    assert!(
        m.last_error.as_deref().is_some_and(|e| e.contains("550")),
        "{m:?}"
    );
    let gm = mailbox(&s, "tester", "testpass", 1);
    assert!(
        gm.iter()
            .any(|m| m.contains("refused") && m.contains("requeue")),
        "{gm:#?}"
    );
    let stark = mailbox(&s, "stark", "pw-stark", 2);
    assert!(
        stark.iter().any(|m| m.contains("临冬城")),
        "stark's answer: {stark:#?}"
    );
    assert!(
        stark
            .iter()
            .any(|m| m.contains("地图状态") || m.contains("== Map ==")),
        "stark's report: {stark:#?}"
    );

    // The GM requeues it: it is tried again (and refused again by this server).
    let ids = requeue(&mut d, Which::Id(bad), None, t3).expect("requeue");
    assert_eq!(ids, vec![bad]);
    let t = tick(&mut d, t3 + TimeDelta::minutes(2));
    assert_eq!(t.refused, 1, "{t:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
