//! End to end against real servers on 127.0.0.1 (started by `scripts/test.sh`): a game is
//! created, the six players send their orders by SMTP, maester reads them over IMAP and answers
//! by SMTP, the deadline is forced, and every house receives its report with the map state.
//!
//! Like `tests/mail_servers.rs`, it fails with instructions when `MAILTEST_IMAP_PORT` is not set,
//! unless `MAESTER_SKIP_MAIL_SERVERS=1`.

mod server_support;

use chrono::{TimeDelta, Utc};
use maester::config::Config;
use maester::daemon::{Daemon, games};
use maester::mail::{Outbox, SmtpConfig, SmtpOutbox};
use server_support::*;
use std::time::{Duration, Instant};

#[test]
fn orders_by_smtp_answers_and_reports_over_real_imap_and_smtp() {
    let Some((imap_port, smtp_port)) = ports() else {
        return;
    };
    let run = format!("e2e{}", std::process::id());
    let dir = std::env::temp_dir().join(format!("maester-{run}"));
    let cfg_path = write_server_config(&dir, &run, imap_port, smtp_port);
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
