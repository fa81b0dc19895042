//! Shared by the tests that run maester against the real Dovecot and SMTP servers and look into
//! the mailboxes as a mail client would.
#![allow(dead_code)]

use imap::types::Flag;
use std::net::TcpStream;
use std::time::{Duration, Instant};

pub const HOUSES: [&str; 6] = [
    "stark",
    "greyjoy",
    "lannister",
    "baratheon",
    "tyrell",
    "martell",
];

pub fn ports() -> Option<(u16, u16)> {
    let Ok(imap) = std::env::var("MAILTEST_IMAP_PORT") else {
        if std::env::var("MAESTER_SKIP_MAIL_SERVERS").as_deref() == Ok("1") {
            println!("mailbox test SKIPPED (MAESTER_SKIP_MAIL_SERVERS=1)");
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

pub type Session = imap::Session<imap::Connection>;

/// A mail client's session (plain IMAP on loopback).
pub fn session(port: u16, user: &str, password: &str) -> Session {
    let tcp = match TcpStream::connect(("127.0.0.1", port)) {
        Ok(t) => t,
        Err(e) => panic!("connect IMAP {port}: {e}"),
    };
    let conn: imap::Connection = Box::new(tcp);
    let mut client = imap::Client::new(conn);
    if let Err(e) = client.read_greeting() {
        panic!("greeting: {e}");
    }
    match client.login(user, password) {
        Ok(s) => s,
        Err((e, _)) => panic!("login {user}: {e}"),
    }
}

pub fn append(s: &mut Session, folder: &str, raw: &[u8], seen: bool) {
    let mut cmd = s.append(folder, raw);
    if seen {
        cmd.flag(Flag::Seen);
    }
    if let Err(e) = cmd.finish() {
        panic!("append to {folder}: {e}");
    }
}

/// The raw mails of a folder.
pub fn folder_mails(s: &mut Session, folder: &str) -> Vec<String> {
    match s.select(folder) {
        Ok(mb) if mb.exists == 0 => return Vec::new(),
        Ok(_) => {}
        Err(e) => panic!("select {folder}: {e}"),
    }
    match s.fetch("1:*", "BODY.PEEK[]") {
        Ok(f) => f
            .iter()
            .filter_map(|m| m.body().map(|b| String::from_utf8_lossy(b).into_owned()))
            .collect(),
        Err(e) => panic!("fetch {folder}: {e}"),
    }
}

/// The mails of the tester's INBOX whose subject holds `token`, waiting up to 10 s for `want`.
pub fn delivered(port: u16, token: &str, want: usize) -> Vec<String> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let mut s = session(port, "tester", "testpass");
        let all: Vec<String> = folder_mails(&mut s, "INBOX")
            .into_iter()
            .filter(|m| maester::mail::decode(m.as_bytes()).subject.contains(token))
            .collect();
        let _ = s.logout();
        if all.len() >= want || Instant::now() > deadline {
            return all;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

pub fn mail(from: &str, id: &str, subject: &str, body: &str) -> Vec<u8> {
    format!(
        "From: <{from}>\r\nTo: referee@localhost\r\nSubject: {subject}\r\nMessage-ID: <{id}>\r\n\
         Date: Wed, 25 Nov 2026 20:31:00 +0800\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}"
    )
    .into_bytes()
}

pub fn header<'a>(raw: &'a str, name: &str) -> Vec<&'a str> {
    let head = raw.split("\r\n\r\n").next().unwrap_or("");
    head.split("\r\n")
        .filter_map(|l| {
            l.split_once(':')
                .filter(|(k, _)| k.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.trim())
        })
        .collect()
}
