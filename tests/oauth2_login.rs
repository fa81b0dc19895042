//! OAuth2 logins (`oauth2_token_command`): IMAP `AUTHENTICATE XOAUTH2` against the real Dovecot,
//! whose oauth2 passdb asks this test's own token introspection endpoint on 127.0.0.1 whether a
//! token is good; SMTP `AUTH XOAUTH2` against a small SMTP server of the test's own. A token the
//! server refuses is read again from its command once (the helper's cached token had expired);
//! a token refused twice is a refused login, said by `maester check-mail`.

mod maildir_support;
mod server_support;

use maester::mail::{ImapConfig, ImapInbox, Inbox, PasswordSource, Security, SmtpConfig};
use maester::mail::{Outbox, SmtpOutbox};
use maildir_support::temp_dir;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// The IMAP user Dovecot's oauth2 passdb logs in (its static userdb takes any name).
const USER: &str = "oauthuser";
/// The tokens the introspection endpoint calls good.
const GOOD: [&str; 2] = ["good-imap-token", "good-smtp-token"];

/// Serves token introspection (RFC 7662) on the port Dovecot was configured with, once per test
/// binary; returns how many questions it answered.
fn introspection() -> &'static AtomicUsize {
    static ASKED: OnceLock<&'static AtomicUsize> = OnceLock::new();
    ASKED.get_or_init(|| {
        let port: u16 = match std::env::var("MAILTEST_OAUTH2_PORT") {
            Ok(p) => p.trim().parse().expect("MAILTEST_OAUTH2_PORT"),
            Err(_) => {
                let lmtp: u16 = std::env::var("MAILTEST_LMTP_PORT")
                    .ok()
                    .and_then(|p| p.trim().parse().ok())
                    .unwrap_or(2424);
                lmtp + 1
            }
        };
        let listener = TcpListener::bind(("127.0.0.1", port))
            .unwrap_or_else(|e| panic!("introspection port {port}: {e}"));
        let asked: &'static AtomicUsize = Box::leak(Box::new(AtomicUsize::new(0)));
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                asked.fetch_add(1, Ordering::SeqCst);
                let _ = answer_introspection(stream);
            }
        });
        asked
    })
}

fn answer_introspection(mut stream: TcpStream) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(5)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut head = String::new();
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line == "\r\n" {
            break;
        }
        if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            length = v.trim().parse().unwrap_or(0);
        }
        head.push_str(&line);
    }
    let mut body = vec![0u8; length.min(64 * 1024)];
    reader.read_exact(&mut body)?;
    let asked = format!("{head}{}", String::from_utf8_lossy(&body));
    let good = GOOD
        .iter()
        .any(|t| asked.contains(&format!("token={t}&")) || asked.ends_with(&format!("token={t}")));
    let json = if good {
        format!("{{\"active\": true, \"username\": \"{USER}\"}}")
    } else {
        "{\"active\": false}".to_string()
    };
    write!(
        stream,
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{json}",
        json.len()
    )
}

fn token_source(command: &str) -> PasswordSource {
    PasswordSource {
        oauth2_token_command: Some(command.to_string()),
        command_timeout_seconds: Some(5),
        ..PasswordSource::default()
    }
}

fn imap(port: u16, command: &str) -> ImapConfig {
    ImapConfig {
        host: "127.0.0.1".into(),
        port,
        security: Security::Plain,
        user: USER.into(),
        password: token_source(command),
        mailbox: "INBOX".into(),
        // Dovecot's auth penalty after the refused tokens: up to 15 s.
        timeout_seconds: 20,
    }
}

/// A token command that prints `stale` the first time and `good` afterwards, counting its runs
/// in `dir/runs`.
fn stale_then(dir: &Path, good: &str) -> String {
    let runs = dir.join("runs");
    format!(
        "echo run >> {runs}; if [ $(wc -l < {runs}) -gt 1 ]; then echo {good}; else echo stale-token; fi",
        runs = runs.display()
    )
}

fn runs(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("runs"))
        .map(|t| t.lines().count())
        .unwrap_or(0)
}

#[test]
fn imap_logs_in_with_a_token_and_reads_it_again_once_when_refused() {
    let Some((imap_port, _)) = server_support::ports() else {
        return;
    };
    let asked = introspection();
    let before = asked.load(Ordering::SeqCst);
    let mut inbox = ImapInbox::connect(&imap(imap_port, "echo good-imap-token"))
        .unwrap_or_else(|e| panic!("XOAUTH2 login: {e}"));
    inbox.fetch_new().unwrap_or_else(|e| panic!("fetch: {e}"));
    assert!(
        asked.load(Ordering::SeqCst) > before,
        "Dovecot asked the introspection endpoint"
    );

    let dir = temp_dir("oauth2-imap");
    std::fs::create_dir_all(&dir).unwrap_or_default();
    ImapInbox::connect(&imap(imap_port, &stale_then(&dir, "good-imap-token")))
        .unwrap_or_else(|e| panic!("the token read again: {e}"));
    assert_eq!(runs(&dir), 2, "the command ran again after the refusal");

    let e = ImapInbox::connect(&imap(imap_port, "echo revoked-token"))
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.contains("login refused"), "{e}");
    assert!(!e.contains("revoked-token"), "the token itself: {e}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// What the small SMTP server saw.
#[derive(Default)]
struct SmtpSeen {
    logins: AtomicUsize,
    refused: AtomicUsize,
    mails: AtomicUsize,
}

/// A small SMTP server offering only `AUTH XOAUTH2`, taking a token of [`GOOD`] for [`USER`].
fn smtp_server() -> (u16, Arc<SmtpSeen>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("addr").port();
    let seen = Arc::new(SmtpSeen::default());
    let s = Arc::clone(&seen);
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let _ = serve_smtp(stream, &s);
        }
    });
    (port, seen)
}

fn serve_smtp(mut stream: TcpStream, seen: &SmtpSeen) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(5)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    stream.write_all(b"220 localhost test\r\n")?;
    let mut authed = false;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let upper = line.to_ascii_uppercase();
        if upper.starts_with("EHLO") {
            stream.write_all(b"250-localhost\r\n250 AUTH XOAUTH2\r\n")?;
        } else if let Some(b64) = line.strip_prefix("AUTH XOAUTH2 ") {
            let said = String::from_utf8_lossy(&unbase64(b64.trim())).to_string();
            let good = GOOD
                .iter()
                .any(|t| said == format!("user={USER}\u{1}auth=Bearer {t}\u{1}\u{1}"));
            if good {
                seen.logins.fetch_add(1, Ordering::SeqCst);
                authed = true;
                stream.write_all(b"235 2.7.0 accepted\r\n")?;
            } else {
                seen.refused.fetch_add(1, Ordering::SeqCst);
                stream.write_all(b"535 5.7.8 token refused\r\n")?;
            }
        } else if upper.starts_with("MAIL") && !authed {
            stream.write_all(b"530 5.7.0 log in first\r\n")?;
        } else if upper.starts_with("DATA") {
            stream.write_all(b"354 go on\r\n")?;
            loop {
                let mut l = String::new();
                if reader.read_line(&mut l)? == 0 || l == ".\r\n" {
                    break;
                }
            }
            seen.mails.fetch_add(1, Ordering::SeqCst);
            stream.write_all(b"250 taken\r\n")?;
        } else if upper.starts_with("QUIT") {
            stream.write_all(b"221 bye\r\n")?;
            return Ok(());
        } else {
            stream.write_all(b"250 ok\r\n")?;
        }
    }
}

fn unbase64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let (mut out, mut acc, mut bits) = (Vec::new(), 0u32, 0);
    for v in text.bytes().filter_map(value) {
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

fn smtp(port: u16, command: &str) -> SmtpConfig {
    SmtpConfig {
        user: Some(USER.into()),
        password: token_source(command),
        ..SmtpConfig::plain("127.0.0.1", port)
    }
}

#[test]
fn smtp_sends_with_a_token_and_reads_it_again_once_when_refused() {
    let (port, seen) = smtp_server();
    let raw = b"From: a@localhost\r\nTo: b@localhost\r\nSubject: t\r\n\r\nhello\r\n";
    let to = vec!["b@localhost".to_string()];
    let mut out = SmtpOutbox::new(&smtp(port, "echo good-smtp-token")).expect("outbox");
    out.send("a@localhost", &to, raw)
        .unwrap_or_else(|e| panic!("XOAUTH2 send: {e}"));
    assert_eq!(seen.mails.load(Ordering::SeqCst), 1);

    let dir = temp_dir("oauth2-smtp");
    std::fs::create_dir_all(&dir).unwrap_or_default();
    let mut out =
        SmtpOutbox::new(&smtp(port, &stale_then(&dir, "good-smtp-token"))).expect("outbox");
    out.send("a@localhost", &to, raw)
        .unwrap_or_else(|e| panic!("the token read again: {e}"));
    assert_eq!(runs(&dir), 2, "the command ran again after the refusal");
    assert_eq!(seen.mails.load(Ordering::SeqCst), 2);
    assert!(seen.refused.load(Ordering::SeqCst) >= 1);

    let mut out = SmtpOutbox::new(&smtp(port, "echo revoked-token")).expect("outbox");
    let e = out
        .send("a@localhost", &to, raw)
        .err()
        .map(|e| e.to_string());
    assert!(e.as_deref().is_some_and(|e| e.contains("535")), "{e:?}");

    // A token helper that fails when asked again: the mail is not at fault, it stays queued
    // (unreachable, like a server that does not answer), and the error names the command.
    let once = dir.join("once");
    let command = format!(
        "if [ -f {f} ]; then echo helper broken >&2; exit 2; fi; touch {f}; echo stale-token",
        f = once.display()
    );
    let mut out = SmtpOutbox::new(&smtp(port, &command)).expect("outbox");
    let e = out.send("a@localhost", &to, raw).err();
    assert!(e.as_ref().is_some_and(|e| e.is_unreachable()), "{e:?}");
    let text = e.map(|e| e.to_string()).unwrap_or_default();
    assert!(
        text.contains("oauth2_token_command") && text.contains("helper broken"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_mail_logs_in_with_tokens_and_names_a_refused_one() {
    let Some((imap_port, _)) = server_support::ports() else {
        return;
    };
    introspection();
    let (smtp_port, _) = smtp_server();
    let dir = temp_dir("oauth2-check");
    std::fs::create_dir_all(&dir).unwrap_or_default();
    let write = |imap_token: &str| {
        let text = format!(
            "[daemon]\naddress = \"{USER}@localhost\"\n\n[mail]\ntransport = \"imap\"\n\
             [mail.imap]\nhost = \"127.0.0.1\"\nport = {imap_port}\nsecurity = \"plain\"\nuser = \"{USER}\"\n\
             oauth2_token_command = \"echo {imap_token}\"\n\
             [mail.smtp]\nhost = \"127.0.0.1\"\nport = {smtp_port}\nsecurity = \"plain\"\nuser = \"{USER}\"\n\
             oauth2_token_command = \"echo good-smtp-token\"\n[mail.folders]\n"
        );
        let path = dir.join("maester.toml");
        std::fs::write(&path, text).unwrap_or_default();
        path
    };
    let cfg = write("good-imap-token");
    let out = maester_out(&cfg);
    assert!(out.0, "{}", out.1);
    assert!(
        out.1.contains("ok      secret: an OAuth2 token"),
        "{}",
        out.1
    );
    assert!(
        out.1.contains(&format!("ok      login: as {USER}")),
        "{}",
        out.1
    );
    assert!(
        out.1.contains("ok      SMTP greeting and login"),
        "{}",
        out.1
    );
    let cfg = write("revoked-token");
    let out = maester_out(&cfg);
    assert!(!out.0, "{}", out.1);
    assert!(
        out.1.contains("FAILED  login: the server refused it"),
        "{}",
        out.1
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn maester_out(cfg: &Path) -> (bool, String) {
    let out = maildir_support::maester(cfg, &["check-mail"], None);
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}
