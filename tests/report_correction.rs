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

fn deliver(dir: &std::path::Path, from: &str, id: &str, body: &str) {
    let raw = mail_from(from, id, body);
    if let Err(e) = maester::demo::deliver(&dir.join("mail/inbox"), id, &raw) {
        panic!("{e}");
    }
}

fn step_of(d: &Daemon) -> String {
    match d.store.game("corr") {
        Ok(Some(g)) => g.step,
        other => panic!("{other:?}"),
    }
}

/// A battle that the correction cancels: Stark takes Moat Cailin and Greyjoy attacks it from
/// Greywater Watch; the GM rolls the plan step back, Greyjoy withdraws his plan (`无`), and the
/// step closes again without the battle. Each house's corrected report says what changed for
/// it; the site's page, its feed entry and `maester post` of the corrected step are marked
/// 【更正】 and name the version they replace.
#[test]
fn a_corrected_report_says_what_changed_for_the_house_and_the_public_record_is_marked() {
    let dir = temp_dir("report-correction-changes");
    let cfg = write_config(&dir, "corr");
    let t0: DateTime<Utc> = "2026-04-01T10:00:00Z"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut d = open_daemon(&cfg);
    let secrets: Vec<String> = HOUSES.iter().map(|h| format!("{h}-s")).collect();
    if let Err(e) = maester::daemon::games::new_game(&mut d, t0, Some(secrets)) {
        panic!("{e}");
    }
    let mut now = t0 + TimeDelta::minutes(1);
    deliver(&dir, "a@x.example", "o1", "密码: stark-s\n临冬城 行军+1\n");
    deliver(&dir, "b@x.example", "o2", "密码: greyjoy-s\n灰水望 行军\n");
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    while step_of(&d) != "plan" {
        now += TimeDelta::minutes(1);
        process(&mut d, now);
    }
    deliver(
        &dir,
        "a@x.example",
        "p1",
        "密码: stark-s\n1) 临冬城部队 移动到 卡林湾\n",
    );
    deliver(
        &dir,
        "b@x.example",
        "p2",
        "密码: greyjoy-s\n1) 灰水望部队 移动到 卡林湾\n",
    );
    now += TimeDelta::minutes(1);
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    now += TimeDelta::minutes(1);
    process(&mut d, now);
    let _ = d.send_outbox(now);
    let first = reports_to(&dir, "b@x");
    assert!(
        first.iter().any(|(_, b)| b.contains("卡林湾之战")),
        "the first report has the battle: {first:#?}"
    );
    now += TimeDelta::minutes(1);
    gm(
        &mut d,
        GmCommand::Rollback {
            reason: "灰水望的命令记错了".into(),
            when: None,
            target: Some((1, maester::rules::Step::Plan)),
        },
        now,
    );
    assert_eq!(step_of(&d), "plan");
    deliver(&dir, "b@x.example", "p3", "密码: greyjoy-s\n无\n");
    now += TimeDelta::minutes(1);
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    now += TimeDelta::minutes(1);
    process(&mut d, now);
    let _ = d.send_outbox(now);

    let corrected = |addr: &str| -> String {
        reports_to(&dir, addr)
            .into_iter()
            .filter(|(s, _)| s.starts_with("【更正】"))
            .map(|(_, b)| b)
            .collect()
    };
    let greyjoy = corrected("b@x");
    assert!(greyjoy.contains("更正后你的变化:"), "{greyjoy}");
    assert!(
        greyjoy.contains("卡林湾之战取消:更正后不再发生(更正前白狼获胜)。"),
        "the cancelled battle: {greyjoy}"
    );
    let stark = corrected("a@x");
    assert!(
        stark.contains("卡林湾之战取消:更正后不再发生"),
        "the cancelled battle: {stark}"
    );
    let other = corrected("c@x");
    assert!(
        other.contains("这次更正没有改变你的战斗和你控制的区域。"),
        "{other}"
    );

    // The public record: the site's page of the corrected step, its feed entry, the post.
    let sent_first = "2026年4月1日";
    let site = dir.join("site-out");
    maester::daemon::publish::site(&d, Some("corr"), &site, None).unwrap_or_else(|e| panic!("{e}"));
    let pages: Vec<String> = std::fs::read_dir(&site)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.starts_with("r1-plan") && n.ends_with(".html")
        })
        .map(|e| std::fs::read_to_string(e.path()).unwrap_or_default())
        .collect();
    assert_eq!(
        pages.len(),
        1,
        "one page for the plan step, the corrected one"
    );
    assert!(pages[0].contains("【更正】"), "{}", pages[0]);
    assert!(
        pages[0].contains("本报告取代") && pages[0].contains(sent_first),
        "names what it replaces: {}",
        pages[0]
    );
    let feed = std::fs::read_to_string(site.join("feed.xml")).unwrap_or_default();
    let entry = feed
        .split("<entry>")
        .find(|e| e.contains("r1-plan"))
        .unwrap_or_else(|| panic!("no feed entry of the plan step: {feed}"));
    assert!(
        entry.contains("<title>【更正】") && entry.contains("本报告取代"),
        "{entry}"
    );
    let post = maester::daemon::publish::post(
        &d,
        Some("corr"),
        (Some(1), Some(maester::rules::Step::Plan)),
        maester::publish::Format::Markdown,
    )
    .unwrap_or_else(|e| panic!("{e}"))
    .concat();
    assert!(
        post.contains("【更正】") && post.contains("本报告取代"),
        "the post: {post}"
    );
    // The earlier steps are no corrections.
    let placement = maester::daemon::publish::post(
        &d,
        Some("corr"),
        (Some(1), Some(maester::rules::Step::Placement)),
        maester::publish::Format::Markdown,
    )
    .unwrap_or_else(|e| panic!("{e}"))
    .concat();
    assert!(!placement.contains("【更正】"), "{placement}");
    let _ = std::fs::remove_dir_all(&dir);
}
