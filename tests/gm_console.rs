//! The GM console through the real store and the Maildir transport: moving a deadline (and the
//! step guard refusing a stale command), pausing and resuming, who has sent, announcements and
//! the audit log.

mod maildir_support;

use chrono::{DateTime, TimeDelta, Utc};
use maester::daemon::Daemon;
use maester::daemon::gm::{GmCommand, Guard, apply};
use maester::rules::Step;
use maildir_support::*;
use std::path::Path;

fn open(cfg: &Path) -> Daemon {
    open_daemon(cfg)
}

fn gm(d: &mut Daemon, cmd: GmCommand, now: DateTime<Utc>) -> String {
    match apply(d, "gmc", &cmd, now) {
        Ok(o) => o.summary,
        Err(e) => panic!("{cmd:?}: {e}"),
    }
}

fn game_row(d: &Daemon) -> maester::store::Game {
    match d.store.game("gmc") {
        Ok(Some(g)) => g,
        other => panic!("{other:?}"),
    }
}

fn mails_to(dir: &Path, addr: &str) -> Vec<String> {
    outbox_files(&dir.join("mail/outbox"))
        .into_iter()
        .filter(|(t, _)| t.contains(addr))
        .map(|(_, b)| b)
        .collect()
}

#[test]
fn deadline_moves_the_open_step_tells_everyone_and_a_stale_guard_changes_nothing() {
    let dir = temp_dir("gm-deadline");
    let cfg = write_config(&dir, "gmc");
    new_game_with_known_secrets(&cfg);
    let mut d = open(&cfg);
    let now = Utc::now();
    let before = game_row(&d).deadline;
    let guard = Guard {
        round: Some(1),
        step: Some(Step::Placement),
    };
    let out = gm(
        &mut d,
        GmCommand::Deadline {
            when: "+3d".into(),
            guard,
        },
        now,
    );
    assert!(out.contains("deadline"), "{out}");
    let after = game_row(&d).deadline;
    // `+3d` extends the deadline (issue 26), not three days from now.
    assert_eq!(after, before.map(|t| t + TimeDelta::days(3)));
    if let Err(e) = d.send_outbox(now) {
        panic!("{e}");
    }
    for addr in ["a@x.example", "f@x.example"] {
        let got = mails_to(&dir, addr);
        assert!(
            got.iter()
                .any(|b| b.contains("截止时间已更改") && b.contains("第1回合")),
            "{addr}: {got:#?}"
        );
    }
    // A command meant for another step is refused and changes nothing.
    let stale = apply(
        &mut d,
        "gmc",
        &GmCommand::Deadline {
            when: "+5d".into(),
            guard: Guard {
                round: Some(1),
                step: Some(Step::Plan),
            },
        },
        now,
    );
    let Err(e) = stale else {
        panic!("a stale guard must be refused")
    };
    assert!(e.to_string().contains("nothing done"), "{e}");
    assert_eq!(game_row(&d).deadline, after);
    // Not in the future.
    assert!(
        apply(
            &mut d,
            "gmc",
            &GmCommand::Deadline {
                when: "2020-01-01 10:00".into(),
                guard: Guard::default()
            },
            now
        )
        .is_err()
    );
    let log = gm(&mut d, GmCommand::Log { limit: 5 }, now);
    assert!(log.contains("deadline") && log.contains("gm"), "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_paused_game_closes_nothing_answers_mails_and_resumes_with_the_time_that_was_left() {
    let dir = temp_dir("gm-pause");
    let cfg = write_config(&dir, "gmc");
    // The step closes at its deadline once resumed, without grace (tests/grace.rs).
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    std::fs::write(&cfg, format!("{text}[game.deadlines]\ngrace = {{}}\n")).unwrap_or_default();
    new_game_with_known_secrets(&cfg);
    let mut d = open(&cfg);
    let t0 = Utc::now();
    let deadline = game_row(&d).deadline.unwrap_or(t0);
    let left = deadline - t0;
    gm(&mut d, GmCommand::Pause, t0);
    assert_eq!(game_row(&d).status, maester::store::GameStatus::Paused);
    // A player's orders while paused: answered, with the pause said; nothing closes even
    // two days past the deadline.
    if let Err(e) = maester::demo::deliver(
        &dir.join("mail/inbox"),
        "m1",
        &mail_from("a@x.example", "p1", "secret: stark-s\r\n临冬城 行军+1\r\n"),
    ) {
        panic!("{e}");
    }
    let later = t0 + TimeDelta::days(2);
    let t = match d.tick(later) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(t.steps_closed, 0, "{t:?}");
    assert!(
        mails_to(&dir, "a@x.example")
            .iter()
            .any(|b| b.contains("已收到") && b.contains("游戏目前暂停")),
        "{:#?}",
        mails_to(&dir, "a@x.example")
    );
    let who = gm(&mut d, GmCommand::Who, later);
    assert!(who.contains("stark") && who.contains("sent"), "{who}");
    assert!(who.contains("greyjoy") && who.contains("MISSING"), "{who}");
    assert!(who.contains("1 of 6 have sent"), "{who}");
    // Resumed two days later: the time that was left is given again.
    gm(&mut d, GmCommand::Resume { when: None }, later);
    let row = game_row(&d);
    assert_eq!(row.status, maester::store::GameStatus::Running);
    let new_deadline = row.deadline.unwrap_or(later);
    assert!(
        ((new_deadline - later) - left).num_seconds().abs() < 2,
        "left {left}, new deadline {new_deadline}"
    );
    // Resuming a running game is refused.
    assert!(apply(&mut d, "gmc", &GmCommand::Resume { when: None }, later).is_err());
    let t = match d.tick(new_deadline + TimeDelta::minutes(1)) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(t.steps_closed, 1, "{t:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_announcement_reaches_every_player_or_only_the_house_named() {
    let dir = temp_dir("gm-announce");
    let cfg = write_config(&dir, "gmc");
    new_game_with_known_secrets(&cfg);
    let mut d = open(&cfg);
    let now = Utc::now();
    gm(
        &mut d,
        GmCommand::Announce {
            house: None,
            text: "本周六休战一天".into(),
        },
        now,
    );
    gm(
        &mut d,
        GmCommand::Announce {
            house: Some("白狼".into()),
            text: "请补交命令".into(),
        },
        now + TimeDelta::seconds(1),
    );
    if let Err(e) = d.send_outbox(now + TimeDelta::seconds(1)) {
        panic!("{e}");
    }
    for addr in ["a@x.example", "b@x.example", "f@x.example"] {
        assert!(
            mails_to(&dir, addr)
                .iter()
                .any(|b| b.contains("GM公告") && b.contains("本周六休战一天")),
            "{addr}"
        );
    }
    let only: Vec<_> = outbox_files(&dir.join("mail/outbox"))
        .into_iter()
        .filter(|(_, b)| b.contains("请补交命令"))
        .map(|(t, _)| t)
        .collect();
    assert_eq!(only, vec!["a@x.example".to_string()]);
    let _ = std::fs::remove_dir_all(&dir);
}

fn count(d: &Daemon, sql: &str) -> i64 {
    match d.store.connection().query_row(sql, [], |r| r.get(0)) {
        Ok(n) => n,
        Err(e) => panic!("{sql}: {e}"),
    }
}

#[test]
fn the_gm_submits_for_a_house_previews_without_writing_and_a_rollback_reruns_the_step_identically()
{
    let dir = temp_dir("gm-act");
    let cfg = write_config(&dir, "gmc");
    new_game_with_known_secrets(&cfg);
    let mut d = open(&cfg);
    let now = Utc::now();
    // A submission with an error is refused and changes nothing.
    let bad = apply(
        &mut d,
        "gmc",
        &GmCommand::Submit {
            house: "stark".into(),
            text: "临冬城 行军+1\n白港 突袭了\n".into(),
            guard: Guard::default(),
        },
        now,
    );
    let Err(e) = bad else {
        panic!("a bad submission must be refused")
    };
    assert!(e.to_string().contains("line 2"), "{e}");
    assert_eq!(count(&d, "SELECT COUNT(*) FROM submissions"), 0);
    let out = gm(
        &mut d,
        GmCommand::Submit {
            house: "白狼".into(),
            text: "临冬城 行军+1\n白港 支援\n".into(),
            guard: Guard {
                round: Some(1),
                step: Some(Step::Placement),
            },
        },
        now,
    );
    assert!(out.contains("临冬城 行军+1"), "{out}");
    if let Err(e) = d.send_outbox(now) {
        panic!("{e}");
    }
    assert!(
        mails_to(&dir, "a@x.example")
            .iter()
            .any(|b| b.contains("GM代为提交") && b.contains("白港 支援")),
        "the player gets the canonical copy"
    );
    assert!(gm(&mut d, GmCommand::Who, now).contains("1 of 6 have sent"));
    // Preview: every house's report, nothing stored or queued.
    let (snaps, outbox) = (
        count(&d, "SELECT COUNT(*) FROM snapshots"),
        count(&d, "SELECT COUNT(*) FROM outbox"),
    );
    let preview = gm(&mut d, GmCommand::Preview, now);
    assert!(preview.starts_with("PREVIEW"), "{preview}");
    assert_eq!(preview.matches("===== to ").count(), 6, "{preview}");
    assert!(preview.contains("临冬城 行军+1"), "{preview}");
    assert_eq!(count(&d, "SELECT COUNT(*) FROM snapshots"), snaps);
    assert_eq!(count(&d, "SELECT COUNT(*) FROM outbox"), outbox);
    // Close, roll back, close again at the same moment: the same reports.
    let reports = |d: &Daemon| -> Vec<String> {
        let mut stmt = match d
            .store
            .connection()
            .prepare("SELECT id FROM outbox ORDER BY id")
        {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        };
        let rows = stmt.query_map([], |r| r.get::<_, i64>(0));
        let ids: Vec<i64> = match rows {
            Ok(r) => r.filter_map(|x| x.ok()).collect(),
            Err(e) => panic!("{e}"),
        };
        // Through the store: what it keeps is deflated, with its pictures apart.
        let all: Vec<Vec<u8>> = ids
            .iter()
            .filter_map(|id| d.store.outgoing(*id).ok().flatten())
            .map(|o| o.raw)
            .collect();
        all.iter()
            .map(|raw| maester::mail::decode(raw))
            .filter(|m| m.subject.contains("结果") || m.subject.contains("results"))
            .map(|m| format!("{}\n{}", m.to.join(","), m.body))
            .collect()
    };
    let t1 = now + TimeDelta::minutes(5);
    gm(
        &mut d,
        GmCommand::Process {
            step: Some(Step::Placement),
            round: Some(1),
        },
        t1,
    );
    let first = reports(&d);
    assert_eq!(first.len(), 6);
    let after_close = count(&d, "SELECT COUNT(*) FROM snapshots");
    gm(
        &mut d,
        GmCommand::Rollback {
            reason: "误判了白港的支援".into(),
            when: None,
            target: None,
        },
        t1,
    );
    let row = game_row(&d);
    assert_eq!((row.round, row.step.as_str()), (1, "placement"));
    assert_eq!(count(&d, "SELECT COUNT(*) FROM snapshots"), after_close + 1);
    gm(
        &mut d,
        GmCommand::Process {
            step: Some(Step::Placement),
            round: Some(1),
        },
        t1,
    );
    let all = reports(&d);
    assert_eq!(all.len(), 12);
    let mut a = all[..6].to_vec();
    let mut b = all[6..].to_vec();
    a.sort();
    b.sort();
    // The re-issued reports open with the correction (the report they replace, the GM's
    // reason); under it they are the same reports.
    let b: Vec<String> = b
        .iter()
        .map(|r| {
            let (to, body) = r.split_once('\n').unwrap_or((r, ""));
            let (first, rest) = body.split_once("\n\n").unwrap_or(("", body));
            assert!(
                first.starts_with("【更正】") && first.contains("误判了白港的支援"),
                "{first}"
            );
            format!("{to}\n{rest}")
        })
        .collect();
    assert_eq!(a, b, "the re-run close gives the same reports");
    if let Err(e) = d.send_outbox(t1) {
        panic!("{e}");
    }
    assert!(
        mails_to(&dir, "f@x.example")
            .iter()
            .any(|m| m.contains("重新进行") && m.contains("误判了白港的支援")),
        "every player is told why"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn gm_commands_by_mail_need_the_gm_secret_and_are_answered_line_by_line() {
    let dir = temp_dir("gm-mail");
    let now = Utc::now();
    let (_cfg, mut d) = new_game_with_gm(&dir, "gmc", now);
    let before = game_row(&d).deadline;
    let inbox = dir.join("mail/inbox");
    let gm_mail = |id: &str, body: &str| gm_mail("gmc", id, body);
    // Wrong secret: answered, nothing done.
    if let Err(e) =
        maester::demo::deliver(&inbox, "g1", &gm_mail("g1", "密码: nope\r\n延期 +5d\r\n"))
    {
        panic!("{e}");
    }
    if let Err(e) = d.tick(now) {
        panic!("{e}");
    }
    assert_eq!(game_row(&d).deadline, before);
    let answers = mails_to(&dir, "gm@x.example");
    assert!(
        answers.iter().any(|b| b.contains("GM密码不对")),
        "{answers:#?}"
    );
    // The right secret: a guard, a deadline, who, a stale process (refused), an announcement.
    let body = "密码: gm-s\r\n第1回合 placement\r\n延期 +2d\r\n谁没交\r\n第1回合 plan\r\n结算\r\n公告\r\n周末休息一天\r\n";
    if let Err(e) = maester::demo::deliver(&inbox, "g2", &gm_mail("g2", body)) {
        panic!("{e}");
    }
    let t1 = now + TimeDelta::seconds(5);
    if let Err(e) = d.tick(t1) {
        panic!("{e}");
    }
    let after = game_row(&d).deadline;
    assert_eq!(after, before.map(|t| t + TimeDelta::days(2)));
    assert_eq!(
        game_row(&d).step,
        "placement",
        "the stale process did nothing"
    );
    let answers = mails_to(&dir, "gm@x.example");
    let answer = answers
        .iter()
        .find(|b| b.contains("第3行"))
        .cloned()
        .unwrap_or_default();
    assert!(
        // Answered in the language the GM wrote in (issue 26).
        answer.contains("第3行:第1回合布置军事命令阶段:截止时间"),
        "{answer}"
    );
    assert!(
        answer.contains("第4行:游戏 gmc") && answer.contains("未提交"),
        "{answer}"
    );
    assert!(answer.contains("第6行:未执行"), "{answer}");
    assert!(answer.contains("第7行:公告已发给所有玩家"), "{answer}");
    assert!(
        mails_to(&dir, "c@x.example")
            .iter()
            .any(|b| b.contains("周末休息一天")),
        "the players got the announcement"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
