//! The GM console against the real Dovecot (IMAP) and SMTP servers on 127.0.0.1: `preview`
//! sends nothing to any player, and `rollback` followed by a close gives every house the same
//! report as the first close when nothing changed in between.

mod server_support;

use chrono::{TimeDelta, Utc};
use maester::config::Config;
use maester::daemon::gm::{GmCommand, Guard, apply};
use maester::daemon::{Daemon, games};
use server_support::*;
use std::time::Duration;

fn gm(d: &mut Daemon, game: &str, cmd: GmCommand, now: chrono::DateTime<Utc>) -> String {
    match apply(d, game, &cmd, now) {
        Ok(o) => o.summary,
        Err(e) => panic!("{cmd:?}: {e}"),
    }
}

/// Every house's mails that arrive within `wait`, by house.
fn mailboxes(port: u16, want: usize, wait: Duration) -> Vec<Vec<String>> {
    HOUSES
        .iter()
        .map(|h| {
            let mut got = Vec::new();
            collect_for(port, h, want, wait, &mut got);
            got
        })
        .collect()
}

#[test]
fn preview_sends_nothing_and_a_rollback_then_close_repeats_the_reports() {
    let Some((imap_port, smtp_port)) = ports() else {
        return;
    };
    let run = format!("gmsrv{}", std::process::id());
    let dir = std::env::temp_dir().join(format!("maester-{run}"));
    let cfg = write_server_config(&dir, &run, imap_port, smtp_port);
    let mut d = match Config::load(&cfg).and_then(Daemon::open) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    let t = Utc::now();
    if let Err(e) = games::new_game(&mut d, t, None) {
        panic!("{e}");
    }
    if let Err(e) = d.tick(t) {
        panic!("{e}");
    }
    // The welcome mails arrive; from here on each mailbox is read empty.
    let welcome = mailboxes(imap_port, 1, Duration::from_secs(10));
    assert!(welcome.iter().all(|m| !m.is_empty()), "{welcome:#?}");
    gm(
        &mut d,
        &run,
        GmCommand::Submit {
            house: "stark".into(),
            text: "临冬城 行军+1\n白港 支援\n".into(),
            guard: Guard::default(),
        },
        t,
    );
    if let Err(e) = d.tick(t) {
        panic!("{e}");
    }
    let mut copy = Vec::new();
    collect(imap_port, "stark", 1, &mut copy);
    assert_eq!(copy.len(), 1, "stark gets the copy of the GM's submission");
    // Preview: every report shown to the GM, nothing mailed.
    let preview = gm(&mut d, &run, GmCommand::Preview, t);
    assert_eq!(preview.matches("===== to ").count(), 6, "{preview}");
    if let Err(e) = d.tick(t + TimeDelta::seconds(1)) {
        panic!("{e}");
    }
    // Whatever was sent has been delivered by now (the relay hands each mail to Dovecot
    // before it answers the SMTP transaction); wait a little more all the same.
    std::thread::sleep(Duration::from_secs(2));
    let after_preview = mailboxes(imap_port, 0, Duration::ZERO);
    assert!(
        after_preview.iter().all(Vec::is_empty),
        "preview mailed the players: {after_preview:#?}"
    );
    // Close, roll back, close again at the same moment.
    let t1 = t + TimeDelta::minutes(5);
    let process = GmCommand::Process {
        step: None,
        round: None,
    };
    gm(&mut d, &run, process.clone(), t1);
    if let Err(e) = d.tick(t1) {
        panic!("{e}");
    }
    let first = mailboxes(imap_port, 1, Duration::from_secs(10));
    gm(
        &mut d,
        &run,
        GmCommand::Rollback {
            reason: "重新裁定".into(),
            when: None,
            target: None,
        },
        t1,
    );
    if let Err(e) = d.tick(t1) {
        panic!("{e}");
    }
    let told = mailboxes(imap_port, 1, Duration::from_secs(10));
    for (h, m) in HOUSES.iter().zip(&told) {
        assert!(m.iter().any(|b| b.contains("重新裁定")), "{h}: {m:#?}");
    }
    gm(&mut d, &run, process, t1);
    if let Err(e) = d.tick(t1) {
        panic!("{e}");
    }
    let second = mailboxes(imap_port, 1, Duration::from_secs(10));
    for (i, h) in HOUSES.iter().enumerate() {
        assert_eq!(first[i].len(), 1, "{h}: one report: {:#?}", first[i]);
        // The re-issued report is marked as a correction (subject and first line, with the
        // GM's reason); under the mark it is the same report.
        let unmarked: Vec<String> = second[i]
            .iter()
            .map(|m| {
                let (subject, body) = m.split_once('\n').unwrap_or((m, ""));
                let (mark, rest) = body.split_once("\n\n").unwrap_or(("", body));
                assert!(
                    subject.starts_with("【更正】") && mark.contains("重新裁定"),
                    "{h}: {m}"
                );
                format!("{}\n{rest}", subject.trim_start_matches("【更正】"))
            })
            .collect();
        assert_eq!(
            first[i], unmarked,
            "{h}: the re-run close gives the same report"
        );
    }
    assert!(first[0][0].contains("临冬城"), "{}", first[0][0]);
    let _ = std::fs::remove_dir_all(&dir);
}
