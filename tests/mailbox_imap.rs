//! The mailbox run the way a mail operator would, against the real Dovecot and SMTP servers on
//! 127.0.0.1 (started by `scripts/test.sh`, or `scripts/mailtest-up.sh` with
//! `MAILTEST_IMAP_PORT` and `MAILTEST_SMTP_PORT` set): a mail the GM opened (`\Seen`) before
//! maester polled is still read; a mail filed in Junk is read; handled mail is moved to its
//! folder; a copy of every sent mail lands in the Sent folder; answers go out with the null
//! envelope sender and `Auto-Submitted: auto-replied`, welcome mails from the referee with
//! `auto-generated`, all with `MIME-Version: 1.0`; a bounce of maester's own mail reaches the GM
//! and `status`. Like `tests/mail_servers.rs`, it fails with instructions when the servers are
//! not given, unless `MAESTER_SKIP_MAIL_SERVERS=1`.

mod imap_support;

use chrono::Utc;
use imap_support::*;
use maester::daemon::{Daemon, games};

#[test]
fn a_mailbox_run_without_a_person_reads_seen_and_junk_mail_files_it_and_keeps_sent_copies() {
    let Some((imap_port, smtp_port)) = ports() else {
        return;
    };
    let _ = tracing_subscriber::fmt().with_test_writer().try_init();
    let token = format!(
        "ops{}x{}",
        std::process::id(),
        Utc::now().timestamp() % 100_000
    );
    let (main, junk) = (token.clone(), format!("{token}junk"));
    let mut client = session(imap_port, "referee", "refpass");
    for f in [&main, &junk] {
        if let Err(e) = client.create(f) {
            panic!("create {f}: {e}");
        }
    }
    let dir = std::env::temp_dir().join(format!("maester-{token}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_default();
    let mut players = String::new();
    for h in HOUSES {
        players.push_str(&format!(
            "[[game.players]]\nhouse = \"{h}\"\nname = \"{h} player\"\naddress = \"tester@{h}.example\"\n\n"
        ));
    }
    let cfg = format!(
        "[daemon]\naddress = \"referee@localhost\"\ngm_address = \"tester@gm.example\"\n\n[mail]\ntransport = \"imap\"\n\
         [mail.imap]\nhost = \"127.0.0.1\"\nport = {imap_port}\nsecurity = \"plain\"\nuser = \"referee\"\npassword = \"refpass\"\nmailbox = \"{main}\"\n\
         [mail.smtp]\nhost = \"127.0.0.1\"\nport = {smtp_port}\nsecurity = \"plain\"\n\
         [mail.folders]\nprocessed = \"{main}/processed\"\nignored = \"{main}/ignored\"\nextra = [\"{junk}\"]\nsent = \"{main}/sent\"\n\n\
         [game]\nid = \"{token}\"\nseed = \"ops\"\nearly_close = false\n[game.schedule]\ntimezone = \"UTC\"\n[game.schedule.steps]\ndefault = \"1d\"\n\n{players}"
    );
    let cfg_path = dir.join("maester.toml");
    std::fs::write(&cfg_path, cfg).unwrap_or_default();
    let config = match maester::config::Config::load(&cfg_path) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    let mut d = match Daemon::open(config) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    let now = Utc::now();
    let secrets: Vec<String> = HOUSES.iter().map(|h| format!("{h}-{token}")).collect();
    if let Err(e) = games::new_game(&mut d, now, Some(secrets.clone())) {
        panic!("{e}");
    }
    if let Err(e) = d.tick(now) {
        panic!("{e}");
    }

    // The GM opened Stark's mail in his mail client before maester polled; Greyjoy's mail
    // was filed in Junk by the provider; a stranger wrote too.
    let orders = |i: usize, o: &str| format!("密码: {}\r\n{o}\r\n", secrets[i]);
    append(
        &mut client,
        &main,
        &mail(
            "tester@stark.example",
            &format!("{token}-s@stark.example"),
            &format!("[{token}] orders"),
            &orders(0, "临冬城 行军+1\r\n白港 支援"),
        ),
        true,
    );
    append(
        &mut client,
        &junk,
        &mail(
            "tester@greyjoy.example",
            &format!("{token}-g@greyjoy.example"),
            &format!("[{token}] orders"),
            &orders(1, "派克岛 行军\r\n灰水望 防守"),
        ),
        false,
    );
    append(
        &mut client,
        &main,
        &mail(
            "someone@stranger.example",
            &format!("{token}-x@stranger.example"),
            "hello",
            "hi\r\n",
        ),
        false,
    );
    let t = match d.tick(now) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    assert_eq!((t.stored, t.answered, t.ignored), (3, 2, 1), "{t:?}");

    // Filed away: nothing left in the folders read.
    let sep = |f: &str| f.replace('/', ".");
    assert!(folder_mails(&mut client, &main).is_empty());
    assert!(folder_mails(&mut client, &junk).is_empty());
    let processed = folder_mails(&mut client, &sep(&format!("{main}/processed")));
    assert_eq!(
        processed.len(),
        2,
        "Stark's (seen) and Greyjoy's (junk) mails"
    );
    let ignored = folder_mails(&mut client, &sep(&format!("{main}/ignored")));
    assert_eq!(ignored.len(), 1);
    assert!(ignored[0].contains("someone@stranger.example"));
    let sent = folder_mails(&mut client, &sep(&format!("{main}/sent")));
    assert_eq!(
        sent.len(),
        6 + 2,
        "six welcome mails and two answers kept in Sent"
    );
    // The Sent copies are what maester keeps: the welcome mails' secrets masked.
    assert!(
        sent.iter().all(|m| {
            let body = maester::mail::decode(m.as_bytes()).body;
            secrets.iter().all(|s| !body.contains(s.as_str()))
        }),
        "no secret in the Sent folder"
    );

    // What the players received through SMTP → LMTP → Dovecot.
    let got = delivered(imap_port, &token, 8);
    let answer = got
        .iter()
        .find(|m| m.contains(&format!("In-Reply-To: <{token}-s@stark.example>")))
        .unwrap_or_else(|| panic!("Stark's answer among {} mails", got.len()));
    assert_eq!(
        header(answer, "Return-Path"),
        ["<>"],
        "null envelope sender"
    );
    assert_eq!(header(answer, "Auto-Submitted"), ["auto-replied"]);
    assert_eq!(header(answer, "MIME-Version"), ["1.0"]);
    let welcome = got
        .iter()
        .find(|m| maester::mail::decode(m.as_bytes()).subject.contains("欢迎"))
        .unwrap_or_else(|| panic!("a welcome mail among {} mails", got.len()));
    assert_eq!(header(welcome, "Return-Path"), ["<referee@localhost>"]);
    assert_eq!(header(welcome, "Auto-Submitted"), ["auto-generated"]);
    assert_eq!(header(welcome, "MIME-Version"), ["1.0"]);
    let welcome_body = maester::mail::decode(welcome.as_bytes()).body;
    assert!(
        secrets.iter().any(|s| welcome_body.contains(s.as_str())),
        "the player's own copy holds his secret"
    );
    assert!(got.iter().all(|m| !m.contains("someone@stranger.example")));

    // The marks are kept: a new daemon on the same database reads only what is new.
    drop(d);
    let config = match maester::config::Config::load(&cfg_path) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    let mut d = match Daemon::open_existing(config) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    let marks = match d.store.imap_marks() {
        Ok(m) => m,
        Err(e) => panic!("{e}"),
    };
    assert!(
        marks.iter().any(|m| m.folder == main && m.last_uid >= 2),
        "{marks:?}"
    );
    assert!(
        marks.iter().any(|m| m.folder == junk && m.last_uid >= 1),
        "{marks:?}"
    );

    // A bounce of Stark's welcome mail, as a mail server writes it.
    let welcome_id = maester::mail::decode(welcome.as_bytes())
        .message_id
        .unwrap_or_default();
    let to = maester::mail::decode(welcome.as_bytes()).to.join("");
    let dsn = format!(
        "From: Mail Delivery System <MAILER-DAEMON@localhost>\r\nTo: referee@localhost\r\n\
         Subject: Undelivered Mail Returned to Sender\r\nMessage-ID: <{token}-dsn@localhost>\r\n\
         Auto-Submitted: auto-replied\r\nMIME-Version: 1.0\r\n\
         Content-Type: multipart/report; report-type=delivery-status; boundary=\"b\"\r\n\r\n\
         --b\r\nContent-Type: text/plain\r\n\r\nYour message could not be delivered.\r\n\
         --b\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; localhost\r\n\r\n\
         Final-Recipient: rfc822; {to}\r\nAction: failed\r\nStatus: 5.1.1\r\nDiagnostic-Code: smtp; 550 5.1.1 no such user\r\n\r\n\
         --b\r\nContent-Type: text/rfc822-headers\r\n\r\nFrom: referee@localhost\r\nTo: {to}\r\nMessage-ID: <{welcome_id}>\r\n\r\n--b--\r\n"
    );
    append(&mut client, &main, dsn.as_bytes(), false);
    let t = match d.tick(now) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(
        (t.stored, t.duplicates, t.ignored),
        (1, 0, 1),
        "only the new mail: {t:?}"
    );
    let status =
        match maester::daemon::status::show(&d, None, false, Some(maester::board::Lang::En)) {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        };
    assert!(
        status.contains(&format!("bounced (7 days): {to} (5.1.1)")),
        "{status}"
    );
    let gm: Vec<String> = delivered(imap_port, "bounced", 1)
        .into_iter()
        .filter(|m| maester::mail::decode(m.as_bytes()).body.contains(&token))
        .collect();
    assert!(!gm.is_empty(), "the GM is told of the bounce");
    let _ = client.logout();
    let _ = std::fs::remove_dir_all(&dir);
}
