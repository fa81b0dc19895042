//! A mail delivered twice through the real servers is answered once: the same message handed
//! to aiosmtpd (SMTP → LMTP) and then straight to Dovecot's LMTP lands twice in the referee's
//! mailbox, each copy with its own trace headers (`Return-Path:`, `Delivered-To:`,
//! `Received:` with its own id and time); maester reads both by IMAP, answers one, and keeps
//! the other as a second delivery. Fails with instructions when the servers are not given,
//! unless `MAESTER_SKIP_MAIL_SERVERS=1`.

mod imap_support;

use chrono::Utc;
use imap_support::*;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// Hand `raw` to an SMTP (`lmtp = false`) or LMTP server on 127.0.0.1 for `to`, as a mail
/// client does: greeting, EHLO/LHLO, MAIL, RCPT, DATA with dot-stuffing, QUIT.
fn hand_over(port: u16, lmtp: bool, from: &str, to: &str, raw: &[u8]) {
    let tcp = match TcpStream::connect(("127.0.0.1", port)) {
        Ok(t) => t,
        Err(e) => panic!("connect {port}: {e}"),
    };
    let _ = tcp.set_read_timeout(Some(Duration::from_secs(10)));
    let mut reader = BufReader::new(match tcp.try_clone() {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    });
    let mut w = tcp;
    let mut reply = |expect: char| loop {
        let mut line = String::new();
        if let Err(e) = reader.read_line(&mut line) {
            panic!("reading the server: {e}");
        }
        assert!(line.starts_with(expect), "server said {line:?}");
        if line.as_bytes().get(3) != Some(&b'-') {
            return;
        }
    };
    let say = |w: &mut TcpStream, line: &str| {
        if let Err(e) = w.write_all(format!("{line}\r\n").as_bytes()) {
            panic!("writing to the server: {e}");
        }
    };
    reply('2');
    say(&mut w, if lmtp { "LHLO test" } else { "EHLO test" });
    reply('2');
    say(&mut w, &format!("MAIL FROM:<{from}>"));
    reply('2');
    say(&mut w, &format!("RCPT TO:<{to}>"));
    reply('2');
    say(&mut w, "DATA");
    reply('3');
    let text = String::from_utf8_lossy(raw);
    for line in text.split("\r\n") {
        let stuffed = if line.starts_with('.') {
            format!(".{line}")
        } else {
            line.to_string()
        };
        say(&mut w, &stuffed);
    }
    say(&mut w, ".");
    reply('2');
    say(&mut w, "QUIT");
}

#[test]
fn the_same_mail_delivered_by_smtp_and_by_lmtp_is_answered_once() {
    let Some((imap_port, smtp_port)) = ports() else {
        return;
    };
    let lmtp_port: u16 = match std::env::var("MAILTEST_LMTP_PORT").map(|p| p.parse()) {
        Ok(Ok(p)) => p,
        _ => panic!("set MAILTEST_LMTP_PORT (scripts/mailtest-up.sh prints it)"),
    };
    let token = format!(
        "dup{}x{}",
        std::process::id(),
        Utc::now().timestamp() % 100_000
    );
    let from = format!("tester@{token}.example");
    let raw = mail(
        &from,
        &format!("{token}@{token}.example"),
        &format!("orders {token}"),
        "secret: stark-s\r\n临冬城 行军+1\r\n白港 支援\r\n",
    );
    hand_over(smtp_port, false, &from, "referee@localhost", &raw);
    hand_over(lmtp_port, true, &from, "referee@localhost", &raw);

    // Both copies, as Dovecot stored them, moved server-side into a folder of this test's own.
    let mut s = session(imap_port, "referee", "refpass");
    if let Err(e) = s.create(&token) {
        panic!("create {token}: {e}");
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    let uids = loop {
        if let Err(e) = s.select("INBOX") {
            panic!("{e}");
        }
        let uids = match s.uid_search(format!("HEADER Message-ID {token}")) {
            Ok(u) => u,
            Err(e) => panic!("search: {e}"),
        };
        if uids.len() >= 2 || Instant::now() > deadline {
            break uids;
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    assert_eq!(uids.len(), 2, "both deliveries reach the mailbox");
    let set = uids
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",");
    if let Err(e) = s.uid_mv(&set, &token) {
        panic!("move: {e}");
    }
    let copies = folder_mails(&mut s, &token);
    assert_eq!(copies.len(), 2);
    assert_ne!(
        copies[0], copies[1],
        "each delivery has its own trace headers"
    );
    assert_eq!(
        header(&copies[0], "Received").len(),
        header(&copies[1], "Received").len()
    );

    // The game: stark is the sender of the two copies.
    let dir = std::env::temp_dir().join(format!("maester-{token}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_default();
    let mut players = String::new();
    for h in HOUSES {
        let addr = if h == "stark" {
            from.clone()
        } else {
            format!("{h}@{token}.example")
        };
        players.push_str(&format!(
            "[[game.players]]\nhouse = \"{h}\"\nname = \"{h} player\"\naddress = \"{addr}\"\n\n"
        ));
    }
    let cfg = format!(
        "[daemon]\naddress = \"referee@localhost\"\n\n[mail]\ntransport = \"imap\"\n\
         [mail.imap]\nhost = \"127.0.0.1\"\nport = {imap_port}\nsecurity = \"plain\"\nuser = \"referee\"\npassword = \"refpass\"\nmailbox = \"{token}\"\n\
         [mail.smtp]\nhost = \"127.0.0.1\"\nport = {smtp_port}\nsecurity = \"plain\"\n\n\
         [game]\nid = \"{token}\"\nseed = \"dup\"\nearly_close = false\n[game.schedule]\ntimezone = \"UTC\"\n[game.schedule.steps]\ndefault = \"1d\"\n\n{players}"
    );
    let cfg_path = dir.join("maester.toml");
    std::fs::write(&cfg_path, cfg).unwrap_or_default();
    let config = match maester::config::Config::load(&cfg_path) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    let mut d = match maester::daemon::Daemon::open(config) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    let secrets = HOUSES.iter().map(|h| format!("{h}-s")).collect();
    let now = Utc::now();
    if let Err(e) = maester::daemon::games::new_game(&mut d, now, Some(secrets)) {
        panic!("{e}");
    }
    let t = match d.tick(now) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    assert_eq!((t.stored, t.duplicates, t.answered), (1, 1, 1), "{t:?}");
    let db = dir.join("maester.sqlite");
    let store = match maester::store::Store::open(&db) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    let rows: Vec<(String, String)> = match store
        .connection()
        .prepare("SELECT status, COALESCE(outcome, '') FROM mails ORDER BY id")
        .and_then(|mut st| {
            st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
                .and_then(|rows| rows.collect())
        }) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0].0, "processed", "{rows:?}");
    assert_eq!(rows[1].0, "ignored", "{rows:?}");
    assert!(
        rows[1].1.starts_with("a second delivery of mail"),
        "{rows:?}"
    );
    let answers: i64 = match store.connection().query_row(
        "SELECT COUNT(*) FROM outbox WHERE kind = 'answer' AND to_addrs LIKE ?1",
        [format!("%{from}%")],
        |r| r.get(0),
    ) {
        Ok(n) => n,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(answers, 1, "one answer for the two deliveries");
    let _ = s.logout();
    let _ = std::fs::remove_dir_all(&dir);
}
