//! No backscatter, no loops, no guessing (`[mail.guard]`), run on a Maildir: a robot that
//! answers every mail without `Auto-Submitted`, three thousand strangers, a flood of wrong
//! secrets, a forged sender domain, and the daily sending budget.

mod maildir_support;

use chrono::{DateTime, TimeDelta, Utc};
use maester::daemon::Daemon;
use maildir_support::*;
use std::path::{Path, PathBuf};

/// A game folder whose config has the GM's address and `extra` appended to `[mail]`.
fn game(tag: &str, mail_extra: &str) -> (PathBuf, PathBuf) {
    game_with(tag, mail_extra, "")
}

/// [`game`] with `game_extra` (tables of the `[game]` section) appended to the config.
fn game_with(tag: &str, mail_extra: &str, game_extra: &str) -> (PathBuf, PathBuf) {
    let dir = temp_dir(tag);
    let cfg = write_config(&dir, tag);
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    let text = text
        .replace("[daemon]\n", "[daemon]\ngm_address = \"gm@x.example\"\n")
        .replace(
            "transport = \"maildir\"\n",
            &format!("transport = \"maildir\"\n{mail_extra}\n"),
        )
        + game_extra;
    std::fs::write(&cfg, text).unwrap_or_default();
    new_game_with_known_secrets(&cfg);
    (dir, cfg)
}

fn daemon(cfg: &Path) -> Daemon {
    let config = match maester::config::Config::load(cfg) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    match Daemon::open(config) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    }
}

fn tick(d: &mut Daemon, now: DateTime<Utc>) -> maester::daemon::Tick {
    match d.tick(now) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    }
}

fn deliver(dir: &Path, name: &str, raw: &[u8]) {
    if let Err(e) = maester::demo::deliver(&dir.join("mail/inbox"), name, raw) {
        panic!("{e}");
    }
}

/// Every sent mail as (envelope sender line, raw text), in the order written.
fn sent(dir: &Path) -> Vec<String> {
    let out = dir.join("mail/outbox");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&out)
        .map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|x| x == "eml"));
    files.sort();
    files
        .iter()
        .map(|p| String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default()).into_owned())
        .collect()
}

fn to_addr(all: &[String], addr: &str) -> Vec<String> {
    all.iter()
        .filter(|m| {
            maester::mail::decode(m.as_bytes())
                .to
                .iter()
                .any(|t| t == addr)
        })
        .cloned()
        .collect()
}

/// The robot's answer to `to_it`: a reply quoting it, threaded on it, with no
/// `Auto-Submitted` or any other robot marker.
fn robot_reply(from: &str, to_it: &str, n: usize) -> Vec<u8> {
    let d = maester::mail::decode(to_it.as_bytes());
    let id = d.message_id.unwrap_or_default();
    format!(
        "From: <{from}>\r\nTo: referee@test.maester\r\nSubject: Re: {}\r\n\
         Message-ID: <robot-{n}@bot.example>\r\nIn-Reply-To: <{id}>\r\nReferences: <{id}>\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\nThank you for your mail, I will read it soon.\r\n\r\n> {}\r\n",
        d.subject,
        d.body.lines().next().unwrap_or("")
    )
    .into_bytes()
}

/// Lets a robot at `robot` answer every mail maester sends it, for `rounds` ticks at `now`.
fn run_robot(dir: &Path, d: &mut Daemon, robot: &str, rounds: usize, now: DateTime<Utc>) {
    let mut answered = 0;
    for round in 0..rounds {
        let to_robot = to_addr(&sent(dir), robot);
        for m in to_robot.iter().skip(answered) {
            answered += 1;
            deliver(
                dir,
                &format!("robot-{round}-{answered}"),
                &robot_reply(robot, m, answered),
            );
        }
        tick(d, now);
    }
}

#[test]
fn a_loop_robot_gets_one_answer_as_a_stranger_and_the_hourly_cap_as_a_player() {
    let (dir, cfg) = game(
        "guard-loop",
        "[mail.guard]\nunknown_senders = \"daily\"\nanswers_per_hour = 5\n",
    );
    let mut d = daemon(&cfg);
    let now = Utc::now();
    tick(&mut d, now);
    // A stranger's robot starts it: one answer (daily), then its replies are a loop.
    deliver(
        &dir,
        "bot-start",
        &mail_from("robot@bot.example", "bot-0", "hello?\r\n"),
    );
    run_robot(&dir, &mut d, "robot@bot.example", 12, now);
    let to_bot = to_addr(&sent(&dir), "robot@bot.example");
    assert_eq!(
        to_bot.len(),
        1,
        "one answer to a stranger, then a loop: {to_bot:#?}"
    );
    assert!(
        to_bot[0].contains("Auto-Submitted: auto-replied"),
        "{}",
        to_bot[0]
    );
    assert!(
        to_bot[0].contains("Return-Path: <>"),
        "null envelope sender: {}",
        to_bot[0]
    );
    // The same words whether or not the address is a player's: nothing about registration.
    let body = maester::mail::decode(to_bot[0].as_bytes()).body;
    assert_eq!(
        body.trim(),
        maester::words::mail_ops::stranger_answer().trim()
    );

    // A player's vacation robot without Auto-Submitted: answered "no secret" up to the cap.
    deliver(
        &dir,
        "a-start",
        &mail_from("a@x.example", "a-0", "secret: stark-s\r\n临冬城 行军\r\n"),
    );
    run_robot(&dir, &mut d, "a@x.example", 15, now);
    let answers: Vec<String> = to_addr(&sent(&dir), "a@x.example")
        .into_iter()
        .filter(|m| m.contains("Auto-Submitted: auto-replied"))
        .collect();
    // The first mail had the right secret (always answered, counted apart); the robot's
    // replies without a secret get the hour's cap.
    assert_eq!(answers.len(), 6, "the hourly cap holds: {}", answers.len());
    // An hour later the player is answered again.
    deliver(
        &dir,
        "a-later",
        &mail_from("a@x.example", "a-1", "secret: stark-s\r\n临冬城 行军\r\n"),
    );
    tick(&mut d, now + TimeDelta::minutes(61));
    let answers = to_addr(&sent(&dir), "a@x.example")
        .into_iter()
        .filter(|m| m.contains("Auto-Submitted: auto-replied"))
        .count();
    assert_eq!(answers, 7);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn three_thousand_strangers_are_kept_small_and_never_answered() {
    let (dir, cfg) = game("guard-strangers", "");
    let mut d = daemon(&cfg);
    let now = Utc::now();
    tick(&mut d, now);
    let before = sent(&dir).len();
    let filler = "这是一封垃圾邮件。spam spam spam\r\n".repeat(400); // about 16 KB
    for i in 0..3000 {
        let raw = mail_from(
            &format!("s{i}@stranger{}.example", i % 37),
            &format!("s{i}"),
            &filler,
        );
        deliver(&dir, &format!("s{i:04}"), &raw);
    }
    for _ in 0..5 {
        tick(&mut d, now);
    }
    assert_eq!(sent(&dir).len(), before, "no answer to any stranger");
    drop(d);
    let store = match maester::store::Store::open(dir.join("maester.sqlite")) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    let (n, total, largest): (i64, i64, i64) = match store.connection().query_row(
        "SELECT count(*), sum(length(raw)), max(length(raw)) FROM mails WHERE status = 'ignored'",
        [],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    ) {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(n, 3000, "every stranger's mail is kept");
    assert!(largest <= 12 * 1024, "each cut to about 8 KB: {largest}");
    assert!(total < 3000 * 12 * 1024, "{total}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn wrong_secrets_alert_the_gm_and_stop_being_answered() {
    let (dir, cfg) = game("guard-secrets", "[mail.guard]\nwrong_secrets_per_day = 3\n");
    let mut d = daemon(&cfg);
    let now = Utc::now();
    tick(&mut d, now);
    for i in 0..6 {
        deliver(
            &dir,
            &format!("guess{i}"),
            &mail_from(
                "a@x.example",
                &format!("guess{i}"),
                &format!("secret: guess-{i}\r\n临冬城 行军\r\n"),
            ),
        );
    }
    tick(&mut d, now);
    let all = sent(&dir);
    let answers = to_addr(&all, "a@x.example")
        .into_iter()
        .filter(|m| m.contains("Auto-Submitted: auto-replied"))
        .count();
    assert_eq!(answers, 3, "answered up to the limit, then silent");
    let gm = to_addr(&all, "gm@x.example");
    assert!(
        gm.iter().any(|m| maester::mail::decode(m.as_bytes())
            .subject
            .contains("3 wrong secrets today")),
        "the GM is told: {gm:#?}"
    );
    // The right secret is still taken.
    deliver(
        &dir,
        "right",
        &mail_from("a@x.example", "right", "secret: stark-s\r\n临冬城 行军\r\n"),
    );
    tick(&mut d, now);
    let last = to_addr(&sent(&dir), "a@x.example");
    assert!(last.iter().any(|m| {
        m.contains("Auto-Submitted: auto-replied")
            && maester::mail::decode(m.as_bytes())
                .subject
                .contains("[guard-secrets]")
    }));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_forged_sender_domain_with_the_right_secret_is_flagged_and_the_player_warned() {
    let (dir, cfg) = game("guard-auth", "");
    let mut d = daemon(&cfg);
    let now = Utc::now();
    tick(&mut d, now);
    let raw = format!(
        "Authentication-Results: mx.test.maester; dkim=fail header.d=x.example; spf=fail smtp.mailfrom=a@x.example; dmarc=fail header.from=x.example\r\n{}",
        String::from_utf8_lossy(&mail_from(
            "a@x.example",
            "forged",
            "secret: stark-s\r\n临冬城 行军\r\n"
        ))
    );
    deliver(&dir, "forged", raw.as_bytes());
    tick(&mut d, now);
    let answer = to_addr(&sent(&dir), "a@x.example")
        .into_iter()
        .find(|m| m.contains("Auto-Submitted: auto-replied"))
        .unwrap_or_default();
    let body = maester::mail::decode(answer.as_bytes()).body;
    assert!(
        body.contains("dkim=fail (x.example)"),
        "the player of record is warned: {body}"
    );
    let audit = match d.store.audit_log(Some("guard-auth"), 100) {
        Ok(a) => a,
        Err(e) => panic!("{e}"),
    };
    assert!(
        audit
            .iter()
            .any(|a| a.action == "sender authentication failed" && a.detail.contains("dmarc=fail")),
        "{audit:#?}"
    );
    // With a wrong secret: flagged in the audit, no warning (nothing leaked).
    let raw = raw
        .replace("stark-s", "guess")
        .replace("forged@", "forged2@");
    deliver(&dir, "forged2", raw.as_bytes());
    tick(&mut d, now);
    let audit = match d.store.audit_log(Some("guard-auth"), 100) {
        Ok(a) => a,
        Err(e) => panic!("{e}"),
    };
    let flagged = audit
        .iter()
        .filter(|a| a.action == "sender authentication failed")
        .count();
    assert_eq!(flagged, 2, "{audit:#?}");
    let gm = to_addr(&sent(&dir), "gm@x.example");
    assert!(
        gm.iter().any(|m| maester::mail::decode(m.as_bytes())
            .subject
            .contains("failed sender authentication")),
        "the GM is told: {gm:#?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_daily_budget_keeps_mail_queued_for_the_next_day() {
    // No reminders: the next day's tick may fall within a reminder's window of the deadline
    // (at 02:00 UTC the 4h reminder is due by 00:01), and they would take the day's budget.
    let (dir, cfg) = game_with(
        "guard-budget",
        "[mail.budget]\nper_day = 4\n",
        "[game.reminders]\nbefore = []\n",
    );
    let mut d = daemon(&cfg);
    let now = Utc::now();
    let t = tick(&mut d, now);
    assert_eq!(t.sent, 4, "{t:?}");
    assert_eq!(t.over_budget, 2, "{t:?}");
    let t = tick(&mut d, now + TimeDelta::minutes(5));
    assert_eq!(t.sent, 0, "{t:?}");
    // Just after midnight UTC (before the step's deadline, one day after it opened).
    let next_day = (now.date_naive() + TimeDelta::days(1))
        .and_hms_opt(0, 1, 0)
        .map_or(now, |t| t.and_utc());
    if next_day >= now + TimeDelta::days(1) {
        return; // started in the last minute of a day: the deadline would close the step too
    }
    let t = tick(&mut d, next_day);
    assert_eq!(t.sent, 2, "the rest goes out the next day: {t:?}");
    assert_eq!(sent(&dir).len(), 6);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn strangers_answered_daily_are_bounded_in_all_and_each_once() {
    let (dir, cfg) = game(
        "guard-daily",
        "[mail.guard]\nunknown_senders = \"daily\"\nunknown_answers_per_day = 7\n",
    );
    let mut d = daemon(&cfg);
    let now = Utc::now();
    tick(&mut d, now);
    let before = sent(&dir).len();
    for i in 0..30 {
        let from = format!("forged{i}@spoofed.example");
        deliver(
            &dir,
            &format!("f{i:02}"),
            &mail_from(&from, &format!("f{i}"), "hi\r\n"),
        );
        // The same stranger twice: answered once at most.
        deliver(
            &dir,
            &format!("g{i:02}"),
            &mail_from(&from, &format!("g{i}"), "hi again\r\n"),
        );
    }
    tick(&mut d, now);
    let answers = sent(&dir).len() - before;
    assert_eq!(
        answers, 7,
        "at most unknown_answers_per_day strangers a day"
    );
    let mut to: Vec<String> = sent(&dir)
        .iter()
        .skip(before)
        .flat_map(|m| maester::mail::decode(m.as_bytes()).to)
        .collect();
    to.sort();
    to.dedup();
    assert_eq!(to.len(), 7, "each stranger once");
    let _ = std::fs::remove_dir_all(&dir);
}
