//! Robots against maester through the real SMTP and Dovecot servers (see `tests/mailbox_imap.rs`
//! for how they are started): a stranger's robot and a player's vacation robot answer every mail
//! they get, without `Auto-Submitted`. The stranger gets one answer (`unknown_senders = "daily"`)
//! and its replies are recognised as a loop; the player's robot gets `answers_per_hour` answers
//! and then nothing. A bounce sent by a mail server with the null sender reaches `status`.

mod imap_support;

use chrono::Utc;
use imap_support::*;
use maester::daemon::{Daemon, games};
use maester::mail::{Outbox, SmtpConfig, SmtpOutbox, decode};
use std::collections::HashSet;
use std::time::Duration;

fn send(smtp: &mut SmtpOutbox, envelope_from: &str, raw: &str) {
    if let Err(e) = smtp.send(
        envelope_from,
        &["ops@localhost".to_string()],
        raw.as_bytes(),
    ) {
        panic!("SMTP: {e}");
    }
}

/// A robot's reply to `to_it`, as an autoresponder without any robot marker writes it.
fn robot_reply(from: &str, to_it: &str, n: usize, token: &str) -> String {
    let d = decode(to_it.as_bytes());
    format!(
        "From: <{from}>\r\nTo: ops@localhost\r\nSubject: Re: {}\r\nMessage-ID: <{token}-robot-{n}@bot.example>\r\n\
         In-Reply-To: <{}>\r\nReferences: <{}>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\
         I am away until Monday and will read your mail then.\r\n",
        d.subject,
        d.message_id.clone().unwrap_or_default(),
        d.message_id.unwrap_or_default()
    )
}

fn automatic_to(mails: &[String], addr: &str) -> Vec<String> {
    mails
        .iter()
        .filter(|m| decode(m.as_bytes()).to.iter().any(|t| t == addr))
        .filter(|m| header(m, "Auto-Submitted") == ["auto-replied"])
        .cloned()
        .collect()
}

#[test]
fn robots_get_one_answer_or_the_hourly_cap_and_a_bounce_reaches_status() {
    let Some((imap_port, smtp_port)) = ports() else {
        return;
    };
    let token = format!(
        "bots{}x{}",
        std::process::id(),
        Utc::now().timestamp() % 100_000
    );
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
        "[daemon]\naddress = \"ops@localhost\"\ngm_address = \"tester@gm.example\"\n\n[mail]\ntransport = \"imap\"\n\
         [mail.imap]\nhost = \"127.0.0.1\"\nport = {imap_port}\nsecurity = \"plain\"\nuser = \"ops\"\npassword = \"pw-ops\"\n\
         [mail.smtp]\nhost = \"127.0.0.1\"\nport = {smtp_port}\nsecurity = \"plain\"\n\
         [mail.guard]\nunknown_senders = \"daily\"\nanswers_per_hour = 3\n\n\
         [game]\nid = \"{token}\"\nseed = \"bots\"\nearly_close = false\n[game.schedule]\ntimezone = \"UTC\"\n[game.schedule.steps]\ndefault = \"1d\"\n\n{players}"
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
    if let Err(e) = games::new_game(&mut d, now, Some(secrets)) {
        panic!("{e}");
    }
    let mut smtp = match SmtpOutbox::new(&SmtpConfig::plain("127.0.0.1", smtp_port)) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    // The stranger's robot writes first; Stark's robot answers the welcome mail.
    send(
        &mut smtp,
        "tester@bot.example",
        &format!(
            "From: <tester@bot.example>\r\nTo: ops@localhost\r\nSubject: hello {token}\r\n\
             Message-ID: <{token}-start@bot.example>\r\nContent-Type: text/plain\r\n\r\nhello?\r\n"
        ),
    );
    let robots = ["tester@bot.example", "tester@stark.example"];
    let mut replied: HashSet<String> = HashSet::new();
    let mut n = 0;
    for _ in 0..10 {
        if let Err(e) = d.tick(now) {
            panic!("{e}");
        }
        std::thread::sleep(Duration::from_millis(300));
        for m in delivered(imap_port, &token, 0) {
            let dm = decode(m.as_bytes());
            let id = dm.message_id.clone().unwrap_or_default();
            let Some(robot) = robots.iter().find(|r| dm.to.iter().any(|t| t == *r)) else {
                continue;
            };
            if replied.insert(id) {
                n += 1;
                send(&mut smtp, robot, &robot_reply(robot, &m, n, &token));
            }
        }
        std::thread::sleep(Duration::from_millis(300));
    }
    let all = delivered(imap_port, &token, 0);
    let to_bot = automatic_to(&all, "tester@bot.example");
    assert_eq!(to_bot.len(), 1, "one answer to the stranger, then a loop");
    assert_eq!(header(&to_bot[0], "Return-Path"), ["<>"]);
    let to_stark = automatic_to(&all, "tester@stark.example");
    assert_eq!(to_stark.len(), 3, "the hourly cap");
    assert!(n >= 5, "the robots did answer: {n} replies");

    // A mail server's bounce of Greyjoy's welcome mail, sent with the null sender.
    let welcome = all
        .iter()
        .find(|m| {
            decode(m.as_bytes())
                .to
                .iter()
                .any(|t| t == "tester@greyjoy.example")
        })
        .cloned()
        .unwrap_or_default();
    let welcome_id = decode(welcome.as_bytes()).message_id.unwrap_or_default();
    assert!(!welcome_id.is_empty(), "Greyjoy's welcome mail arrived");
    send(
        &mut smtp,
        "",
        &format!(
            "From: Mail Delivery System <MAILER-DAEMON@localhost>\r\nTo: ops@localhost\r\n\
             Subject: Undelivered Mail Returned to Sender\r\nMessage-ID: <{token}-dsn@localhost>\r\nMIME-Version: 1.0\r\n\
             Content-Type: multipart/report; report-type=delivery-status; boundary=\"b\"\r\n\r\n\
             --b\r\nContent-Type: text/plain\r\n\r\nMailbox full.\r\n\
             --b\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; localhost\r\n\r\n\
             Final-Recipient: rfc822; tester@greyjoy.example\r\nAction: failed\r\nStatus: 5.2.2\r\n\r\n\
             --b\r\nContent-Type: message/rfc822\r\n\r\nFrom: ops@localhost\r\nTo: tester@greyjoy.example\r\n\
             Message-ID: <{welcome_id}>\r\nSubject: welcome\r\n\r\nsecret masked\r\n--b--\r\n"
        ),
    );
    std::thread::sleep(Duration::from_millis(500));
    let t = match d.tick(now) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    let status =
        match maester::daemon::status::show(&d, None, false, Some(maester::board::Lang::En)) {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        };
    assert!(
        status.contains("bounced (7 days): tester@greyjoy.example (5.2.2)"),
        "{t:?}\n{status}"
    );
    // Nothing is left in the referee's INBOX: every mail was filed away.
    let mut ops = session(imap_port, "ops", "pw-ops");
    assert!(folder_mails(&mut ops, "INBOX").is_empty());
    assert!(!folder_mails(&mut ops, "maester.ignored").is_empty());
    let _ = ops.logout();
    let _ = std::fs::remove_dir_all(&dir);
}
