//! A report re-issued after `gm rollback` says it is a correction (issue 26): 更正 /
//! correction in its subject and on its first line, naming the report it replaces (round, step,
//! when it was sent) and the GM's reason; the first reports stay as they were. In Simplified
//! and Traditional Chinese and in English, through the store and the Maildir transport.

mod maildir_support;

use chrono::{DateTime, TimeDelta, Utc};
use maester::daemon::Daemon;
use maester::daemon::gm::{GmCommand, apply};
use maildir_support::*;

fn gm(d: &mut Daemon, cmd: GmCommand, now: DateTime<Utc>) -> String {
    match apply(d, "corr", &cmd, now) {
        Ok(o) => o.summary,
        Err(e) => panic!("{cmd:?}: {e}"),
    }
}

fn process(d: &mut Daemon, now: DateTime<Utc>) {
    gm(
        d,
        GmCommand::Process {
            step: None,
            round: None,
        },
        now,
    );
}

/// Every report mailed to `addr`: (subject, body).
fn reports_to(dir: &std::path::Path, addr: &str) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = std::fs::read_dir(dir.join("mail/outbox"))
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let d = maester::mail::decode(&std::fs::read(e.path()).unwrap_or_default());
            let report = d.subject.ends_with("结果")
                || d.subject.ends_with("結果")
                || d.subject.ends_with("results");
            (report && d.to.iter().any(|t| t.contains(addr))).then_some((d.subject, d.body))
        })
        .collect();
    v.sort();
    v
}

#[test]
fn a_report_after_a_rollback_is_marked_as_the_correction_of_the_first() {
    let dir = temp_dir("report-correction");
    let cfg = write_config(&dir, "corr");
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    std::fs::write(
        &cfg,
        text.replace("name = \"B\"\n", "name = \"B\"\nlanguage = \"en\"\n")
            .replace("name = \"C\"\n", "name = \"C\"\nlanguage = \"zh-Hant\"\n")
            .replace("[daemon]\n", "[daemon]\ngm_address = \"gm@x.example\"\n"),
    )
    .unwrap_or_default();
    let t0: DateTime<Utc> = "2026-04-01T10:00:00Z"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut d = open_daemon(&cfg);
    let mut secrets: Vec<String> = HOUSES.iter().map(|h| format!("{h}-s")).collect();
    secrets.push("gm-s".into());
    if let Err(e) = maester::daemon::games::new_game(&mut d, t0, Some(secrets)) {
        panic!("{e}");
    }
    let closed_at = t0 + TimeDelta::hours(1);
    process(&mut d, closed_at);
    let _ = d.send_outbox(closed_at);
    for addr in ["a@x", "b@x", "c@x"] {
        let first = reports_to(&dir, addr);
        assert_eq!(first.len(), 1, "{first:#?}");
        assert!(!first[0].0.contains("更正") && !first[0].0.contains("Correction"));
    }
    let reason = "漏算了一个骑士 / a knight was missed";
    gm(
        &mut d,
        GmCommand::Rollback {
            reason: reason.into(),
            when: None,
            target: None,
        },
        closed_at + TimeDelta::hours(1),
    );
    process(&mut d, closed_at + TimeDelta::hours(2));
    let _ = d.send_outbox(closed_at + TimeDelta::hours(2));
    let sent = "2026年4月1日 11:00 (UTC)";
    let cases = [
        (
            "a@x",
            "【更正】[corr] 第1回合 布置军事命令阶段".to_string(),
            format!(
                "【更正】本报告取代 {sent} 发出的第1回合布置军事命令阶段结果报告,那一份作废。原因(GM):{reason}"
            ),
        ),
        (
            "b@x",
            "[Correction] [corr] round 1: order placement".to_string(),
            format!(
                "[Correction] This report replaces the round 1 order placement report sent Wed 1 Apr 2026 11:00 UTC; disregard that one. The GM's reason: {reason}"
            ),
        ),
        (
            "c@x",
            maester::words::hant::to_traditional("【更正】[corr] 第1回合 布置军事命令阶段"),
            maester::words::hant::to_traditional(&format!(
                "【更正】本报告取代 {sent} 发出的第1回合布置军事命令阶段结果报告,那一份作废。原因(GM):{reason}"
            )),
        ),
    ];
    for (addr, subject, line) in cases {
        let all = reports_to(&dir, addr);
        let corrected: Vec<&(String, String)> = all
            .iter()
            .filter(|(s, _)| s.starts_with(&subject))
            .collect();
        assert_eq!(corrected.len(), 1, "{subject}\n{all:#?}");
        let body = &corrected[0].1;
        assert_eq!(body.lines().next(), Some(line.as_str()), "{body}");
        // The first report is still there, unmarked: the player holds both and knows which
        // one counts.
        assert_eq!(all.len(), 2, "{all:#?}");
    }
    // The GM's copy of the re-issued reports is marked as theirs are.
    let gm_copies = reports_to(&dir, "gm@x");
    let marked: Vec<&(String, String)> = gm_copies
        .iter()
        .filter(|(s, _)| s.starts_with("【更正】"))
        .collect();
    assert_eq!(marked.len(), 1, "{gm_copies:#?}");
    assert!(
        marked[0]
            .1
            .starts_with(&format!("【更正】本报告取代 {sent}"))
            && marked[0].1.contains(reason),
        "{}",
        marked[0].1
    );
    assert_eq!(gm_copies.len(), 2, "{gm_copies:#?}");
    let _ = std::fs::remove_dir_all(&dir);
}
