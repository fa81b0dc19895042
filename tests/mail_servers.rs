//! Integration test of the mail layer against real servers on loopback:
//! `SmtpOutbox` → SMTP (aiosmtpd) → LMTP → Dovecot → IMAP → `ImapInbox`.
//!
//! Start the servers first (Debian 12, as root):
//!
//! ```sh
//! bash scripts/mailtest-up.sh
//! MAILTEST_IMAP_PORT=1143 MAILTEST_SMTP_PORT=2525 cargo test --test mail_servers
//! bash scripts/mailtest-down.sh
//! ```
//!
//! Without `MAILTEST_IMAP_PORT` the tests fail with these instructions, unless
//! `MAESTER_SKIP_MAIL_SERVERS=1` is set (then they only print that they were skipped).

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use maester::mail::{
    ImapConfig, ImapInbox, InboundMail, Inbox, Mailbox, Outbox, OutgoingMail, PasswordSource,
    Security, SmtpConfig, SmtpOutbox, compose, decode, new_message_id,
};

/// `(imap_port, smtp_port)`, or `None` when the test is to be skipped.
fn servers() -> Option<(u16, u16)> {
    let port = |var: &str, default: u16| -> u16 {
        match std::env::var(var) {
            Ok(v) => v
                .trim()
                .parse()
                .unwrap_or_else(|_| panic!("{var}={v:?} is not a port number")),
            Err(_) => default,
        }
    };
    if std::env::var_os("MAILTEST_IMAP_PORT").is_none() {
        if std::env::var("MAESTER_SKIP_MAIL_SERVERS").as_deref() == Ok("1") {
            println!("mail server tests SKIPPED (MAESTER_SKIP_MAIL_SERVERS=1)");
            return None;
        }
        panic!(
            "\n\nThe mail server tests need real IMAP and SMTP servers on 127.0.0.1.\n\
             Start them (Debian 12, as root; installs dovecot + aiosmtpd if missing):\n\
             \n    bash scripts/mailtest-up.sh\n\
             \nthen run the tests with their ports:\n\
             \n    MAILTEST_IMAP_PORT=1143 MAILTEST_SMTP_PORT=2525 cargo test --test mail_servers\n\
             \nand stop them with `bash scripts/mailtest-down.sh`.\n\
             To skip these tests instead, set MAESTER_SKIP_MAIL_SERVERS=1.\n\n"
        );
    }
    Some((
        port("MAILTEST_IMAP_PORT", 1143),
        port("MAILTEST_SMTP_PORT", 2525),
    ))
}

fn imap_config(port: u16, user: &str, password: &str) -> ImapConfig {
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

fn smtp(port: u16) -> SmtpOutbox {
    SmtpOutbox::new(&SmtpConfig::plain("127.0.0.1", port)).expect("smtp outbox")
}

/// A token that makes this run's mails recognisable among leftovers of earlier runs.
fn run_token(tag: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    format!("{tag}-{}-{nanos}", std::process::id())
}

fn with_token(mails: Vec<InboundMail>, token: &str) -> Vec<InboundMail> {
    mails
        .into_iter()
        .filter(|m| String::from_utf8_lossy(&m.raw).contains(token))
        .collect()
}

/// Polls until `want` mails carrying `token` are there (delivery is asynchronous).
fn wait_for(inbox: &mut ImapInbox, token: &str, want: usize) -> Vec<InboundMail> {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let got = with_token(inbox.fetch_new().expect("fetch_new"), token);
        if got.len() >= want || Instant::now() > deadline {
            return got;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Marks everything currently unseen as done, so leftovers of earlier runs do not count.
fn drain(inbox: &mut ImapInbox) {
    for _ in 0..20 {
        let old = inbox.fetch_new().expect("fetch_new (drain)");
        if old.is_empty() {
            return;
        }
        for m in old {
            inbox.mark_done(&m.key).expect("mark_done (drain)");
        }
    }
}

fn fixture(name: &str) -> Vec<u8> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/mail")
        .join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn gbk_mail_survives_smtp_and_imap_and_mark_done_hides_it() {
    let Some((imap_port, smtp_port)) = servers() else {
        return;
    };
    let token = run_token("gbk");
    let mut inbox = ImapInbox::connect(&imap_config(imap_port, "player", "secret"))
        .expect("IMAP login as player");
    drain(&mut inbox);

    // 1. a QQ-style GBK quoted-printable mail, sent byte for byte
    let mut gbk = format!("X-Maester-Test-Run: {token}\r\n").into_bytes();
    gbk.extend_from_slice(&fixture("gbk_qp.eml"));
    let mut out = smtp(smtp_port);
    out.send("stark.player@qq.com", &["player@localhost".into()], &gbk)
        .expect("send GBK mail");

    // 2. a mail composed by maester (UTF-8, base64) with threading headers
    let reply = OutgoingMail {
        message_id: new_message_id("maester.test", token.as_bytes()),
        from: Mailbox::new("裁判", "referee@localhost"),
        to: vec![Mailbox::new("玩家", "player@localhost")],
        subject: format!("第3回合 命令已收到 {token}"),
        text: "已收到：\n临冬城 行军+1\n御林步兵 移动到 君临城\n".into(),
        in_reply_to: Some("gbk-qp-1@qq.example".into()),
        references: vec!["gbk-qp-1@qq.example".into()],
        auto_submitted: maester::mail::AutoSubmitted::Replied,
        attachments: vec![],
        html: None,
    };
    let raw = compose(&reply).expect("compose");
    out.send("", &["player@localhost".into()], &raw)
        .expect("send composed mail with null sender");

    let got = wait_for(&mut inbox, &token, 2);
    assert_eq!(got.len(), 2, "both mails should arrive");
    for m in &got {
        assert!(
            m.key
                .starts_with(&format!("imap:{}:", inbox.uid_validity())),
            "{}",
            m.key
        );
    }
    let (gbk_mail, composed): (Vec<_>, Vec<_>) = got
        .into_iter()
        .partition(|m| decode(&m.raw).message_id.as_deref() == Some("gbk-qp-1@qq.example"));
    assert_eq!((gbk_mail.len(), composed.len()), (1, 1));

    let d = decode(&gbk_mail[0].raw);
    assert_eq!(d.subject, "第3回合 命令");
    assert_eq!(d.from_name.as_deref(), Some("北境之王"));
    assert_eq!(d.from_addr.as_deref(), Some("stark.player@qq.com"));
    assert_eq!(
        d.orders_text,
        "临冬城 行军+1\n御林步兵 移动到 君临城\n狭海战舰 突袭 五指半岛"
    );
    // the GBK quoted-printable body arrived byte for byte
    assert!(
        gbk_mail[0]
            .raw
            .windows(33)
            .any(|w| w == b"=C1=D9=B6=AC=B3=C7 =D0=D0=BE=FC+1"),
        "GBK QP body changed in transit"
    );

    let c = decode(&composed[0].raw);
    assert_eq!(c.subject, reply.subject);
    assert_eq!(c.body, reply.text);
    assert_eq!(c.in_reply_to.as_deref(), Some("gbk-qp-1@qq.example"));
    assert_eq!(c.message_id.as_deref(), Some(reply.message_id.as_str()));
    assert!(
        c.auto.is_some(),
        "our own auto-reply must be recognised as automatic"
    );

    // fetching did not mark anything: both are still there
    assert_eq!(
        with_token(inbox.fetch_new().expect("fetch"), &token).len(),
        2
    );

    // mark_done hides the GBK mail; the composed one, not marked, comes back
    inbox.mark_done(&gbk_mail[0].key).expect("mark_done");
    let again = with_token(inbox.fetch_new().expect("fetch"), &token);
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].key, composed[0].key);

    // a new connection (daemon restart) sees the same state with the same key
    drop(inbox);
    let mut inbox =
        ImapInbox::connect(&imap_config(imap_port, "player", "secret")).expect("IMAP login again");
    let again = with_token(inbox.fetch_new().expect("fetch"), &token);
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].key, composed[0].key);
    assert_eq!(again[0].raw, composed[0].raw);

    inbox.mark_done(&again[0].key).expect("mark_done");
    inbox
        .mark_done(&again[0].key)
        .expect("mark_done twice is fine");
    assert!(with_token(inbox.fetch_new().expect("fetch"), &token).is_empty());
}

#[test]
fn imap_inbox_reconnects_after_the_server_drops_the_connection() {
    let Some((imap_port, smtp_port)) = servers() else {
        return;
    };
    let token = run_token("reconnect");
    let mut inbox = ImapInbox::connect(&imap_config(imap_port, "referee", "refpass"))
        .expect("IMAP login as referee");
    drain(&mut inbox);

    let mail = format!(
        "From: stark@qq.example\r\nTo: referee@localhost\r\nSubject: {token}\r\n\
         Message-ID: <{token}@qq.example>\r\n\r\n临冬城 行军+1\r\n"
    );
    smtp(smtp_port)
        .send(
            "stark@qq.example",
            &["referee@localhost".into()],
            mail.as_bytes(),
        )
        .expect("send");
    let got = wait_for(&mut inbox, &token, 1);
    assert_eq!(got.len(), 1);

    // Kick our IMAP connection with doveadm (the server mailtest-up.sh started).
    let dir = std::env::var("MAILTEST_DIR").unwrap_or_else(|_| "/tmp/maester-mailtest".into());
    let conf = PathBuf::from(dir).join("dovecot.conf");
    let kicked = conf.is_file()
        && Command::new("doveadm")
            .arg("-c")
            .arg(&conf)
            .args(["kick", "referee"])
            .output()
            .is_ok_and(|o| o.status.success());
    if !kicked {
        println!(
            "doveadm kick not possible ({}); reconnect path not exercised",
            conf.display()
        );
    }
    std::thread::sleep(Duration::from_millis(300));

    // the next calls reconnect by themselves
    let again = with_token(inbox.fetch_new().expect("fetch_new after the drop"), &token);
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].key, got[0].key);
    assert_eq!(decode(&again[0].raw).orders_text, "临冬城 行军+1");
    inbox.mark_done(&again[0].key).expect("mark_done");
    assert!(with_token(inbox.fetch_new().expect("fetch"), &token).is_empty());

    // wrong password: a clear error, no panic
    let err = ImapInbox::connect(&imap_config(imap_port, "referee", "wrong"))
        .expect_err("bad password must fail");
    assert!(err.to_string().contains("login"), "{err}");
}

/// After login the session says who it is (`ID`), as 163.com and 126.com require before a
/// folder is opened; the real Dovecot logs what a client sent (`imap_id_log`).
#[test]
fn imap_login_sends_the_id_command() {
    let Some((imap_port, _)) = servers() else {
        return;
    };
    let dir = std::env::var("MAILTEST_DIR").unwrap_or_else(|_| "/tmp/maester-mailtest".into());
    let log = PathBuf::from(dir).join("dovecot.log");
    let before = std::fs::metadata(&log).map(|m| m.len()).unwrap_or(0);
    let mut inbox =
        ImapInbox::connect(&imap_config(imap_port, "tester", "testpass")).expect("login");
    inbox.fetch_new().expect("the folder opens after the ID");
    let mut text = String::new();
    for _ in 0..20 {
        let all = std::fs::read(&log).unwrap_or_default();
        text = String::from_utf8_lossy(all.get(before as usize..).unwrap_or_default()).into_owned();
        if text.contains("ID sent: name=maester") {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        text.contains("ID sent: name=maester"),
        "Dovecot's log since the login: {text}"
    );
}

/// The password kept out of the config file: printed by a command (a password manager) or held
/// in an environment variable, and read at login against the real Dovecot.
#[test]
fn imap_login_takes_its_password_from_a_command_or_the_environment() {
    let Some((imap_port, _)) = servers() else {
        return;
    };
    let with = |source: PasswordSource| ImapConfig {
        password: source,
        ..imap_config(imap_port, "tester", "")
    };
    let command = PasswordSource {
        password_command: Some("printf 'testpass\\nsecond line\\n'".into()),
        ..PasswordSource::default()
    };
    ImapInbox::connect(&with(command)).expect("login with the command's first line");
    // SAFETY: no other test of this binary reads this variable.
    unsafe { std::env::set_var("MAESTER_TEST_IMAP_PASSWORD", "testpass") };
    let env = PasswordSource {
        password_env: Some("MAESTER_TEST_IMAP_PASSWORD".into()),
        ..PasswordSource::default()
    };
    ImapInbox::connect(&with(env)).expect("login with the variable");
    let failing = PasswordSource {
        password_command: Some("echo locked >&2; exit 3".into()),
        ..PasswordSource::default()
    };
    let err = ImapInbox::connect(&with(failing)).expect_err("a failing command");
    let text = err.to_string();
    assert!(
        text.contains("password_command") && text.contains("locked"),
        "{text}"
    );
}

#[test]
fn imap_inbox_reads_mail_over_tls_and_starttls() {
    let Some((imap_port, smtp_port)) = servers() else {
        return;
    };
    let imaps_port: u16 = std::env::var("MAILTEST_IMAPS_PORT")
        .ok()
        .and_then(|p| p.trim().parse().ok())
        .unwrap_or(1993);
    let dir = std::env::var("MAILTEST_DIR").unwrap_or_else(|_| "/tmp/maester-mailtest".into());
    let ca = PathBuf::from(dir).join("tls/ca.pem");
    assert!(
        ca.is_file(),
        "{} is missing: restart the servers with scripts/mailtest-down.sh && scripts/mailtest-up.sh",
        ca.display()
    );
    // The imap crate's rustls loads its roots through rustls-native-certs, which reads
    // SSL_CERT_FILE. SAFETY: the other tests of this binary never read the environment
    // concurrently through libc; std's own env access is locked.
    unsafe { std::env::set_var("SSL_CERT_FILE", &ca) };

    let token = run_token("tls");
    let mail = format!(
        "From: stark@qq.example\r\nTo: tester@localhost\r\nSubject: {token}\r\n\
         Message-ID: <{token}@qq.example>\r\nContent-Type: text/plain; charset=gbk\r\n\r\n"
    );
    let mut raw = mail.into_bytes();
    raw.extend_from_slice(b"\xc1\xd9\xb6\xac\xb3\xc7 \xd0\xd0\xbe\xfc+1\r\n"); // GBK
    smtp(smtp_port)
        .send("stark@qq.example", &["tester@localhost".into()], &raw)
        .expect("send");

    for (security, port) in [(Security::Tls, imaps_port), (Security::Starttls, imap_port)] {
        let config = ImapConfig {
            host: "localhost".into(), // the certificate's name
            port,
            security,
            user: "tester".into(),
            password: PasswordSource::written("testpass"),
            mailbox: "INBOX".into(),
            timeout_seconds: maester::mail::DEFAULT_IMAP_TIMEOUT_SECONDS,
        };
        let mut inbox = ImapInbox::connect(&config)
            .unwrap_or_else(|e| panic!("IMAP {security:?} on port {port}: {e}"));
        let got = wait_for(&mut inbox, &token, 1);
        assert_eq!(got.len(), 1, "{security:?}");
        // Dovecot adds Return-Path/Received headers; the mail itself is unchanged
        assert!(
            got[0].raw.windows(raw.len()).any(|w| w == raw),
            "{security:?}: bytes changed"
        );
        assert_eq!(decode(&got[0].raw).orders_text, "临冬城 行军+1");
        if security == Security::Starttls {
            inbox.mark_done(&got[0].key).expect("mark_done");
            assert!(with_token(inbox.fetch_new().expect("fetch"), &token).is_empty());
        }
    }
}

#[test]
fn an_imap_mail_over_the_size_limit_is_fetched_only_in_part_as_a_stub() {
    let Some((imap_port, smtp_port)) = servers() else {
        return;
    };
    let token = run_token("big");
    let mut inbox = ImapInbox::connect(&imap_config(imap_port, "martell", "pw-martell"))
        .expect("IMAP login as martell");
    drain(&mut inbox);
    let mut big = format!(
        "X-Maester-Test-Run: {token}\r\nFrom: <p@x.example>\r\nTo: <martell@localhost>\r\n\
         Subject: orders with a photo\r\nMessage-ID: <{token}@x.example>\r\nMIME-Version: 1.0\r\n\
         Content-Type: multipart/mixed; boundary=\"BB\"\r\n\r\n--BB\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\nsecret: s\r\nhelp\r\n--BB\r\n\
         Content-Type: image/jpeg\r\nContent-Transfer-Encoding: base64\r\n\r\n"
    )
    .into_bytes();
    while big.len() < 300_000 {
        big.extend_from_slice(&[b'Q'; 76]);
        big.extend_from_slice(b"\r\n");
    }
    big.extend_from_slice(b"--BB--\r\n");
    let mut out = smtp(smtp_port);
    out.send("p@x.example", &["martell@localhost".into()], &big)
        .expect("send the big mail");

    inbox.set_max_bytes(100_000);
    let got = wait_for(&mut inbox, &token, 1);
    assert_eq!(got.len(), 1, "the big mail arrives");
    let stub = &got[0].raw;
    assert!(
        stub.len() < 70_000,
        "only its start was fetched: {} bytes",
        stub.len()
    );
    let size = maester::mail::copy::stub_size(stub);
    assert!(size.is_some_and(|n| n >= 300_000), "{size:?}");
    let d = decode(stub);
    assert_eq!(d.subject, "orders with a photo");
    assert!(d.body.contains("help"), "{}", d.body);
    inbox.mark_done(&got[0].key).expect("mark_done");
}
