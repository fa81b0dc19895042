//! End to end against real servers on 127.0.0.1 (started by `scripts/test.sh`): a game is
//! created, the six players send their orders by SMTP, maester reads them over IMAP and answers
//! by SMTP, the deadline is forced, and every house receives its report with the map state.
//!
//! Like `tests/mail_servers.rs`, it fails with instructions when `MAILTEST_IMAP_PORT` is not set,
//! unless `MAESTER_SKIP_MAIL_SERVERS=1`.

use chrono::{TimeDelta, Utc};
use maester::config::Config;
use maester::daemon::{Daemon, games};
use maester::mail::{
    ImapConfig, ImapInbox, Inbox, Outbox, Security, SmtpConfig, SmtpOutbox, decode,
};
use std::time::{Duration, Instant};

const HOUSES: [&str; 6] = [
    "stark",
    "greyjoy",
    "lannister",
    "baratheon",
    "tyrell",
    "martell",
];

fn ports() -> Option<(u16, u16)> {
    let Ok(imap) = std::env::var("MAILTEST_IMAP_PORT") else {
        if std::env::var("MAESTER_SKIP_MAIL_SERVERS").as_deref() == Ok("1") {
            println!("daemon server test SKIPPED (MAESTER_SKIP_MAIL_SERVERS=1)");
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

fn imap(port: u16, user: &str, password: &str) -> ImapConfig {
    ImapConfig {
        host: "127.0.0.1".into(),
        port,
        security: Security::Plain,
        user: user.into(),
        password: password.into(),
        mailbox: "INBOX".into(),
    }
}

/// Read (and mark done) everything in a player's mailbox, waiting up to 10 s for `want` mails.
fn collect(port: u16, house: &str, want: usize, into: &mut Vec<String>) {
    let deadline = Instant::now() + Duration::from_secs(10);
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

#[test]
fn orders_by_smtp_answers_and_reports_over_real_imap_and_smtp() {
    let Some((imap_port, smtp_port)) = ports() else {
        return;
    };
    let run = format!("e2e{}", std::process::id());
    let dir = std::env::temp_dir().join(format!("maester-{run}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_default();
    let mut players = String::new();
    for h in HOUSES {
        players.push_str(&format!("[[game.players]]\nhouse = \"{h}\"\nname = \"{h} player\"\naddress = \"{h}@localhost\"\n\n"));
    }
    // The deadline passes by a jump of the clock, as if the daemon had run all along: the
    // downtime guard and the grace are set aside (tests/downtime_guard.rs, tests/grace.rs).
    let cfg_text = format!(
        "[daemon]\naddress = \"referee@localhost\"\n\n[mail]\ntransport = \"imap\"\n\
         [mail.imap]\nhost = \"127.0.0.1\"\nport = {imap_port}\nsecurity = \"plain\"\nuser = \"referee\"\npassword = \"refpass\"\n\
         [mail.smtp]\nhost = \"127.0.0.1\"\nport = {smtp_port}\nsecurity = \"plain\"\n\n\
         [game]\nid = \"{run}\"\nseed = \"e2e\"\nearly_close = false\n[game.schedule]\ntimezone = \"UTC\"\n[game.schedule.steps]\ndefault = \"1d\"\n\
         [game.deadlines]\ngrace = {{}}\ndowntime_margin = \"30d\"\n\n{players}"
    );
    let cfg_path = dir.join("maester.toml");
    std::fs::write(&cfg_path, cfg_text).unwrap_or_default();
    let config = match Config::load(&cfg_path) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    let mut d = match Daemon::open(config) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    // Start from empty player mailboxes (earlier runs may have left mail).
    for h in HOUSES {
        let mut sink = Vec::new();
        collect(imap_port, h, 0, &mut sink);
    }
    let t0 = Utc::now();
    let secrets: Vec<String> = HOUSES.iter().map(|h| format!("{h}-{run}")).collect();
    if let Err(e) = games::new_game(&mut d, t0, Some(secrets.clone())) {
        panic!("{e}");
    }
    if let Err(e) = d.tick(t0) {
        panic!("{e}");
    }
    // The players send their placements by SMTP.
    let orders = [
        "临冬城 行军+1\n白港 支援",
        "派克岛 行军\n灰水望 防守",
        "兰尼斯港 行军\n石圣堂 巩固统治",
        "Dragonstone march\nKingswood consolidate",
        "高庭 行军\n多恩边疆 防守",
        "阳戟城 行军\n盐海岸 巩固统治",
    ];
    let mut smtp = match SmtpOutbox::new(&SmtpConfig::plain("127.0.0.1", smtp_port)) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    for (i, h) in HOUSES.iter().enumerate() {
        let raw = format!(
            "From: {h} player <{h}@localhost>\r\nTo: referee@localhost\r\nSubject: [{run}] orders\r\nMessage-ID: <{run}-{h}@localhost>\r\n\
             Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n密码: {}\r\n{}\r\n",
            secrets[i],
            orders[i].replace('\n', "\r\n")
        );
        if let Err(e) = smtp.send(
            &format!("{h}@localhost"),
            &["referee@localhost".to_string()],
            raw.as_bytes(),
        ) {
            panic!("{e}");
        }
    }
    // maester reads them over IMAP (they may take a moment to arrive) and answers.
    let mut answered = 0;
    let until = Instant::now() + Duration::from_secs(15);
    while answered < 6 && Instant::now() < until {
        match d.tick(t0 + TimeDelta::minutes(1)) {
            Ok(t) => answered += t.processed,
            Err(e) => panic!("{e}"),
        }
        std::thread::sleep(Duration::from_millis(300));
    }
    assert!(answered >= 6, "only {answered} mails answered");
    // The deadline passes.
    match d.tick(t0 + TimeDelta::days(2)) {
        Ok(t) => assert_eq!(t.steps_closed, 1),
        Err(e) => panic!("{e}"),
    }
    for (i, h) in HOUSES.iter().enumerate() {
        let mut mails = Vec::new();
        collect(imap_port, h, 3, &mut mails);
        assert!(
            mails.iter().any(|m| m.contains(&secrets[i])),
            "{h}: no welcome mail with the secret: {mails:#?}"
        );
        let first_line = orders[i].lines().next().unwrap_or_default();
        let reply = mails
            .iter()
            .find(|m| m.contains("已收到") || m.contains("received"));
        assert!(reply.is_some(), "{h}: no answer: {mails:#?}");
        if *h != "baratheon" {
            assert!(
                reply.is_some_and(|r| r.contains(first_line)),
                "{h}: the answer does not echo {first_line}"
            );
        }
        let report = mails
            .iter()
            .find(|m| m.contains("地图状态") || m.contains("== Map =="));
        assert!(report.is_some(), "{h}: no report with the map: {mails:#?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
