//! The GM console over a game's past, through the real store and the Maildir transport:
//! rolling back twice goes two steps back (never forward again), a rollback to a named round
//! and step, and `resend` of a report or of the last answer (a new Message-ID, a reply to the
//! original, to the house's current address).

mod maildir_support;

use chrono::{DateTime, TimeDelta, Utc};
use maester::daemon::Daemon;
use maester::daemon::gm::{GmCommand, Resend, apply};
use maester::rules::Step;
use maildir_support::*;
use std::path::Path;

fn open(cfg: &Path) -> Daemon {
    open_daemon(cfg)
}

fn gm(d: &mut Daemon, cmd: GmCommand, now: DateTime<Utc>) -> String {
    match apply(d, "gmh", &cmd, now) {
        Ok(o) => o.summary,
        Err(e) => panic!("{cmd:?}: {e}"),
    }
}

fn at(d: &Daemon) -> (u32, String) {
    match d.store.game("gmh") {
        Ok(Some(g)) => (g.round, g.step),
        other => panic!("{other:?}"),
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

fn rollback(target: Option<(u32, Step)>) -> GmCommand {
    GmCommand::Rollback {
        reason: "重新裁定".into(),
        when: None,
        target,
    }
}

/// The state of snapshot `seq` as stored.
fn state_of(d: &Daemon, seq: i64) -> serde_json::Value {
    match d.store.snapshot("gmh", seq) {
        Ok(Some(s)) => s.state,
        other => panic!("{other:?}"),
    }
}

fn latest_state(d: &Daemon) -> serde_json::Value {
    match d.store.latest_snapshot("gmh") {
        Ok(Some(s)) => s.state,
        other => panic!("{other:?}"),
    }
}

#[test]
fn two_rollbacks_go_two_steps_back_and_a_named_step_goes_straight_there() {
    let dir = temp_dir("gm-rollback-twice");
    let cfg = write_config(&dir, "gmh");
    new_game_with_known_secrets(&cfg);
    let mut d = open(&cfg);
    let t = Utc::now();
    let start = at(&d);
    assert_eq!(start, (1, "placement".to_string()));
    process(&mut d, t);
    let second = at(&d);
    let second_state = latest_state(&d);
    process(&mut d, t + TimeDelta::seconds(1));
    assert_ne!(at(&d), second, "two different steps closed");
    gm(&mut d, rollback(None), t + TimeDelta::seconds(2));
    assert_eq!(
        at(&d),
        second,
        "the first rollback reopens the last closed step"
    );
    assert_eq!(latest_state(&d), second_state);
    gm(&mut d, rollback(None), t + TimeDelta::seconds(3));
    assert_eq!(
        at(&d),
        start,
        "the second goes one more step back, not forward"
    );
    assert_eq!(latest_state(&d), state_of(&d, 1));
    let third = apply(&mut d, "gmh", &rollback(None), t + TimeDelta::seconds(4));
    assert!(third.is_err(), "nothing is before the game's start");
    // Forward again, then straight back to round 1 placement by name.
    process(&mut d, t + TimeDelta::seconds(5));
    process(&mut d, t + TimeDelta::seconds(6));
    let named = apply(
        &mut d,
        "gmh",
        &rollback(Some((7, Step::Plan))),
        t + TimeDelta::seconds(7),
    );
    assert!(named.is_err(), "a step the game never reached is refused");
    gm(
        &mut d,
        rollback(Some((1, Step::Placement))),
        t + TimeDelta::seconds(8),
    );
    assert_eq!(at(&d), start);
    assert_eq!(latest_state(&d), state_of(&d, 1));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_rollback_without_a_step_undoes_the_last_closed_step_not_a_later_edit() {
    let dir = temp_dir("gm-rollback-edit");
    let cfg = write_config(&dir, "gmh");
    new_game_with_known_secrets(&cfg);
    let mut d = open(&cfg);
    let t = Utc::now();
    let start = at(&d);
    process(&mut d, t);
    let closed = at(&d);
    assert_ne!(closed, start, "the placement step closed");
    // A GM's correction after the close: no closed step of its own.
    gm(
        &mut d,
        GmCommand::Edit {
            text: "wildlings = 8\n".into(),
            reason: "漏记".into(),
            force: false,
            guard: Default::default(),
        },
        t + TimeDelta::seconds(1),
    );
    assert!(latest_state(&d).to_string().contains("\"wildlings\":8"));
    gm(&mut d, rollback(None), t + TimeDelta::seconds(2));
    assert_eq!(
        at(&d),
        start,
        "the last closed step is open again, as the help says"
    );
    assert_eq!(latest_state(&d), state_of(&d, 1));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every mail in the outbox folder, decoded, with its raw text.
fn sent(dir: &Path) -> Vec<(maester::mail::DecodedMail, String)> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir.join("mail/outbox")) else {
        return out;
    };
    for e in entries.flatten() {
        if let Ok(raw) = std::fs::read(e.path()) {
            out.push((
                maester::mail::decode(&raw),
                String::from_utf8_lossy(&raw).into_owned(),
            ));
        }
    }
    out
}

#[test]
fn resend_mails_a_report_or_the_last_answer_again_as_a_reply_to_the_original() {
    let dir = temp_dir("gm-resend");
    let cfg = write_config(&dir, "gmh");
    new_game_with_known_secrets(&cfg);
    let mut d = open(&cfg);
    let t = Utc::now();
    let refused = apply(
        &mut d,
        "gmh",
        &GmCommand::Resend {
            house: "stark".into(),
            which: Resend::Report(None),
        },
        t,
    );
    assert!(refused.is_err(), "no report before the first close");
    // A player's mail and its answer.
    let inbox = dir.join("mail/inbox");
    let body = "密码: stark-s\r\n临冬城 行军+1\r\n";
    if let Err(e) = maester::demo::deliver(&inbox, "m1", &mail_from("a@x.example", "m1", body)) {
        panic!("{e}");
    }
    if let Err(e) = d.tick(t) {
        panic!("{e}");
    }
    process(&mut d, t + TimeDelta::seconds(1));
    if let Err(e) = d.send_outbox(t + TimeDelta::seconds(1)) {
        panic!("{e}");
    }
    let before = sent(&dir);
    let report = before
        .iter()
        .find(|(m, _)| m.to.iter().any(|a| a == "a@x.example") && m.subject.contains("结果"))
        .map(|(m, _)| m.clone());
    let Some(report) = report else {
        panic!(
            "no report for stark: {:?}",
            before.iter().map(|m| &m.0.subject).collect::<Vec<_>>()
        )
    };
    // A substitute takes the seat: the resent report goes to him.
    gm(
        &mut d,
        GmCommand::Replace {
            house: "stark".into(),
            name: "G".into(),
            address: "g@x.example".into(),
            language: None,
        },
        t + TimeDelta::seconds(2),
    );
    let out = gm(
        &mut d,
        GmCommand::Resend {
            house: "白狼".into(),
            which: Resend::Report(Some((1, Step::Placement))),
        },
        t + TimeDelta::seconds(3),
    );
    assert!(out.contains("round 1 placement"), "{out}");
    let answer = gm(
        &mut d,
        GmCommand::Resend {
            house: "stark".into(),
            which: Resend::Answer,
        },
        t + TimeDelta::seconds(4),
    );
    assert!(answer.contains("last answer"), "{answer}");
    if let Err(e) = d.send_outbox(t + TimeDelta::seconds(4)) {
        panic!("{e}");
    }
    let to_g: Vec<_> = sent(&dir)
        .into_iter()
        .filter(|(m, _)| m.to.iter().any(|a| a == "g@x.example"))
        .collect();
    let again = to_g
        .iter()
        .find(|(m, _)| m.in_reply_to == report.message_id)
        .map(|(m, _)| m.clone());
    let Some(again) = again else {
        panic!("the report was not resent to the substitute")
    };
    assert_ne!(again.message_id, report.message_id, "a new Message-ID");
    assert_eq!(again.subject, report.subject);
    assert_eq!(again.body, report.body, "the same report");
    assert!(
        to_g.iter()
            .any(|(m, _)| m.in_reply_to.as_deref() == Some("m1@x.example")
                || m.references.iter().any(|r| r == "m1@x.example")),
        "the last answer (to the player's mail m1) was resent"
    );
    let log = gm(
        &mut d,
        GmCommand::Log { limit: 5 },
        t + TimeDelta::seconds(5),
    );
    assert!(log.contains("resend"), "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_new_commands_work_by_mail_too() {
    let dir = temp_dir("gm-mail-more");
    let t = Utc::now();
    let (_cfg, mut d) = new_game_with_gm(&dir, "gmh", t);
    process(&mut d, t);
    let inbox = dir.join("mail/inbox");
    let body = "密码: gm-s\r\n重发 白狼 第1回合 placement\r\n更正: 漏记了一个骑士\r\nunits = \"白狼: 临冬城 1F2K\"\r\n结束\r\n日程: default = 3d\r\n备份\r\n换人 橙日 新 玩家 new@x.example\r\n回滚 第9回合 plan: 不存在\r\n";
    let mail = gm_mail("gmh", "g1", body);
    if let Err(e) = maester::demo::deliver(&inbox, "g1", &mail) {
        panic!("{e}");
    }
    if let Err(e) = d.tick(t + TimeDelta::seconds(1)) {
        panic!("{e}");
    }
    let answer = sent(&dir)
        .into_iter()
        .filter(|(m, _)| m.to.iter().any(|a| a == "gm@x.example"))
        .map(|(m, _)| m.body)
        .find(|b| b.contains("第2行"))
        .unwrap_or_default();
    assert!(
        answer.contains("第2行:给白狼的第1回合布置军事命令阶段战报已重新发往"),
        "{answer}"
    );
    assert!(answer.contains("第3行:游戏 gmh 的局面已更正"), "{answer}");
    assert!(answer.contains("第6行:游戏 gmh 的时间表已修改"), "{answer}");
    assert!(answer.contains("第7行:"), "{answer}");
    assert!(
        answer.contains("第8行:") && answer.contains("new@x.example"),
        "{answer}"
    );
    assert!(answer.contains("第9行:未执行"), "{answer}");
    let seats = match d.store.houses("gmh") {
        Ok(h) => h,
        Err(e) => panic!("{e}"),
    };
    assert!(
        seats
            .iter()
            .any(|h| h.house == "martell" && h.address == "new@x.example")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn replace_by_mail_takes_the_new_player_s_language_after_the_address() {
    let dir = temp_dir("gm-mail-replace-lang");
    let t = Utc::now();
    let (_cfg, mut d) = new_game_with_gm(&dir, "gmh", t);
    process(&mut d, t);
    let inbox = dir.join("mail/inbox");
    let body = "密码: gm-s\r\n换人 白狼 陳 大文 chan@x.example zh-Hant\r\nreplace martell Jo Doe jo@x.example en\r\n";
    if let Err(e) = maester::demo::deliver(&inbox, "g1", &gm_mail("gmh", "g1", body)) {
        panic!("{e}");
    }
    if let Err(e) = d.tick(t + TimeDelta::seconds(1)) {
        panic!("{e}");
    }
    let all = sent(&dir);
    let to = |addr: &str| -> Vec<String> {
        all.iter()
            .filter(|(m, _)| m.to.iter().any(|a| a == addr))
            .map(|(m, _)| format!("{}\n{}", m.subject, m.body))
            .collect()
    };
    // The welcome (the newcomer also hears of the other seat's change).
    let chan: Vec<String> = to("chan@x.example")
        .into_iter()
        .filter(|m| m.contains("歡迎接手"))
        .collect();
    assert_eq!(chan.len(), 1, "{chan:#?}");
    assert!(
        chan[0].contains("陳 大文") && chan[0].contains("臨冬城") && !chan[0].contains("临冬城"),
        "the name keeps its space, the welcome is Traditional: {}",
        chan[0]
    );
    let jo: Vec<String> = to("jo@x.example")
        .into_iter()
        .filter(|m| m.contains("Welcome"))
        .collect();
    assert_eq!(jo.len(), 1, "{jo:#?}");
    assert!(
        jo[0].contains("Hello Jo Doe") && jo[0].contains("You take over Martell"),
        "{}",
        jo[0]
    );
    let seats = match d.store.houses("gmh") {
        Ok(h) => h,
        Err(e) => panic!("{e}"),
    };
    let stark = seats.iter().find(|h| h.house == "stark");
    assert!(
        stark.is_some_and(|h| h.address == "chan@x.example" && h.traditional),
        "{seats:#?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
