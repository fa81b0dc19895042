//! Real-client shaped mails of tests/mail_corpus/ sent by SMTP to the real Dovecot (started by
//! `scripts/test.sh`), read by maester over IMAP and answered by SMTP: the flowed, HTML-signed,
//! Big5 and bottom-posted mails keep their orders on the wire too.
//!
//! Fails with instructions when `MAILTEST_IMAP_PORT` is not set, unless
//! `MAESTER_SKIP_MAIL_SERVERS=1`.

use chrono::{TimeDelta, Utc};
use maester::config::Config;
use maester::daemon::{Daemon, games};
use maester::mail::{
    ImapConfig, ImapInbox, Inbox, Outbox, PasswordSource, Security, SmtpConfig, SmtpOutbox,
};
use std::path::Path;
use std::time::{Duration, Instant};

const HOUSES: [&str; 6] = [
    "stark",
    "greyjoy",
    "lannister",
    "baratheon",
    "tyrell",
    "martell",
];

/// The corpus mails sent, all from Stark.
const SENT: [&str; 4] = [
    "thunderbird_flowed",
    "qq_html_signature",
    "outlook_big5",
    "gmail_bottom",
];

fn ports() -> Option<(u16, u16)> {
    let Ok(imap) = std::env::var("MAILTEST_IMAP_PORT") else {
        if std::env::var("MAESTER_SKIP_MAIL_SERVERS").as_deref() == Ok("1") {
            println!("mail corpus server test SKIPPED (MAESTER_SKIP_MAIL_SERVERS=1)");
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

/// Every mail in Stark's mailbox (decoded subject + body), marked done; waits up to 15 s for
/// `want` of them.
fn stark_mails(port: u16, want: usize) -> Vec<(String, String)> {
    let cfg = ImapConfig {
        host: "127.0.0.1".into(),
        port,
        security: Security::Plain,
        user: "stark".into(),
        password: PasswordSource::written("pw-stark"),
        mailbox: "INBOX".into(),
        timeout_seconds: maester::mail::DEFAULT_IMAP_TIMEOUT_SECONDS,
    };
    let mut inbox = ImapInbox::connect(&cfg).unwrap_or_else(|e| panic!("IMAP login: {e}"));
    let deadline = Instant::now() + Duration::from_secs(15);
    let mut out = Vec::new();
    loop {
        for m in inbox.fetch_new().unwrap_or_else(|e| panic!("{e}")) {
            let d = maester::mail::decode(&m.raw);
            out.push((d.subject, d.body));
            inbox.mark_done(&m.key).unwrap_or_else(|e| panic!("{e}"));
        }
        if out.len() >= want || Instant::now() > deadline {
            return out;
        }
        std::thread::sleep(Duration::from_millis(300));
    }
}

#[test]
fn client_shaped_mails_keep_their_orders_through_real_imap_and_smtp() {
    let Some((imap_port, smtp_port)) = ports() else {
        return;
    };
    let run = format!("corpus{}", std::process::id());
    let dir = std::env::temp_dir().join(format!("maester-{run}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_default();
    let mut players = String::new();
    for h in HOUSES {
        players.push_str(&format!(
            "[[game.players]]\nhouse = \"{h}\"\nname = \"{h} player\"\naddress = \"{h}@localhost\"\n\n"
        ));
    }
    let cfg_text = format!(
        "[daemon]\naddress = \"referee@localhost\"\n\n[mail]\ntransport = \"imap\"\n\
         [mail.imap]\nhost = \"127.0.0.1\"\nport = {imap_port}\nsecurity = \"plain\"\nuser = \"referee\"\npassword = \"refpass\"\n\
         [mail.smtp]\nhost = \"127.0.0.1\"\nport = {smtp_port}\nsecurity = \"plain\"\n\n\
         [game]\nid = \"{run}\"\nseed = \"c\"\nearly_close = false\n[game.schedule]\ntimezone = \"UTC\"\n[game.schedule.steps]\ndefault = \"1d\"\n\n{players}"
    );
    let cfg_path = dir.join("maester.toml");
    std::fs::write(&cfg_path, cfg_text).unwrap_or_default();
    let config = Config::load(&cfg_path).unwrap_or_else(|e| panic!("{e}"));
    let mut d = Daemon::open(config).unwrap_or_else(|e| panic!("{e}"));
    stark_mails(imap_port, 0); // empty the mailbox of earlier runs
    let t0 = Utc::now();
    let secrets: Vec<String> = HOUSES.iter().map(|h| format!("{h}-s")).collect();
    games::new_game(&mut d, t0, Some(secrets)).unwrap_or_else(|e| panic!("{e}"));
    d.tick(t0).unwrap_or_else(|e| panic!("{e}"));

    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mail_corpus");
    let mut smtp = SmtpOutbox::new(&SmtpConfig::plain("127.0.0.1", smtp_port))
        .unwrap_or_else(|e| panic!("{e}"));
    for name in SENT {
        let raw = std::fs::read(corpus.join(format!("{name}.eml")))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        // The corpus is from a@x.example: here Stark's mailbox is stark@localhost, and each
        // run needs its own Message-IDs.
        let raw = String::from_utf8_lossy(&raw)
            .replacen("<a@x.example>", "<stark@localhost>", 1)
            .replacen("Message-ID: <", &format!("Message-ID: <{run}."), 1);
        smtp.send(
            "stark@localhost",
            &["referee@localhost".to_string()],
            raw.as_bytes(),
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    let mut answered = 0;
    let until = Instant::now() + Duration::from_secs(20);
    while answered < SENT.len() && Instant::now() < until {
        answered += d
            .tick(t0 + TimeDelta::minutes(1))
            .unwrap_or_else(|e| panic!("{e}"))
            .processed;
        std::thread::sleep(Duration::from_millis(300));
    }
    assert_eq!(answered, SENT.len());
    // The welcome mail and one answer per corpus mail.
    let mails = stark_mails(imap_port, 1 + SENT.len());
    let answers: Vec<&(String, String)> = mails
        .iter()
        .filter(|(s, _)| s.starts_with(&format!("Re: [{run}] ")))
        .collect();
    assert_eq!(answers.len(), SENT.len(), "{mails:#?}");
    for (subject, body) in answers {
        assert!(subject.contains("已收到"), "{subject}\n{body}");
        // The Big5 mail is written in Traditional Chinese and answered in Traditional.
        assert!(
            body.contains("临冬城 行军+1") || body.contains("臨冬城 行軍+1"),
            "{subject}\n{body}"
        );
        assert!(body.contains("白港 支援"), "{subject}\n{body}");
        assert!(!body.contains("已忽略"), "{subject}\n{body}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
