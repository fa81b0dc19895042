//! `帮助` / `help` / `幫助`: a mail whose only line asks for help is answered with the player's
//! guide for the open step (the same text as docs/players.*.md), in the reader's language and
//! script, with or without the secret; it changes nothing. Through the real store and the
//! Maildir transport.

mod policy_support;

use policy_support::*;
use std::path::Path;

/// `house` mails `body` without its secret.
fn send_bare(dir: &Path, house: &str, key: &str, body: &str) {
    let mail = mail_from(&addr(house), key, &format!("{body}\r\n"));
    if let Err(e) = maester::demo::deliver(&dir.join("mail/inbox"), key, &mail) {
        panic!("{e}");
    }
}

fn submissions(d: &maester::daemon::Daemon, id: &str, house: &str, step: &str) -> bool {
    match d.store.latest_submission(id, house, 1, step, "orders") {
        Ok(s) => s.is_some(),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn help_without_the_secret_gets_the_guide_of_the_open_step_and_changes_nothing() {
    let (dir, cfg) = game("help-zh", "hz", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "hz");
    send_bare(&dir, "stark", "h1", "帮助");
    let t = tick(&mut d, dl - hours(40));
    assert_eq!((t.answered, t.steps_closed), (1, 0), "{t:?}");
    let got = mails_to(&dir, "stark", "写法指南");
    assert_eq!(got.len(), 1, "one answer: {got:?}");
    let a = &got[0];
    // The placement part of the guide, with its examples, and what every mail shares.
    assert!(a.contains("当前这一步是「布置军事命令阶段」"), "{a}");
    assert!(a.contains("    临冬城 行军+1"), "{a}");
    assert!(a.contains("【这一步我什么都不发:「无」】"), "{a}");
    assert!(a.contains("本阶段截止时间"), "{a}");
    // Nothing private without the secret; nothing of another step.
    assert!(!a.contains("你这一步要发送的"), "{a}");
    assert!(!a.contains("行军将领"), "{a}");
    assert!(!a.contains("```") && !a.contains("<!--"), "no markup: {a}");
    // Nothing changed: no submission, the same deadline, the step still open.
    assert!(!submissions(&d, "hz", "stark", "placement"));
    assert_eq!(deadline(&d, "hz"), dl);
    assert_eq!(row(&d, "hz").step, "placement");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn help_in_traditional_is_answered_in_traditional() {
    let (dir, cfg) = game("help-hant", "ht", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "ht");
    send_bare(&dir, "baratheon", "h2", "幫助");
    let t = tick(&mut d, dl - hours(40));
    assert_eq!(t.answered, 1, "{t:?}");
    let got = mails_to(&dir, "baratheon", "寫法指南");
    assert_eq!(got.len(), 1, "{got:?}");
    let a = &got[0];
    assert!(a.contains("臨冬城 行軍+1"), "{a}");
    assert!(a.contains("截止時間"), "{a}");
    assert!(!a.contains("临冬城"), "Traditional throughout: {a}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn help_with_the_secret_in_english_adds_what_the_house_must_send() {
    let (dir, cfg) = game("help-en", "he", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "he");
    // Greyjoy's player reads English.
    send(&dir, "greyjoy", "h3", "help");
    let t = tick(&mut d, dl - hours(40));
    assert_eq!(t.answered, 1, "{t:?}");
    let got = mails_to(&dir, "greyjoy", "how to write your mail");
    assert_eq!(got.len(), 1, "{got:?}");
    let a = &got[0];
    assert!(a.contains("The open step is \"order placement"), "{a}");
    assert!(a.contains("    Winterfell march+1"), "{a}");
    assert!(a.contains("[What you must send now]"), "{a}");
    assert!(a.contains("Pyke"), "the house's own example: {a}");
    assert!(a.contains("pass"), "{a}");
    assert!(!submissions(&d, "he", "greyjoy", "placement"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn help_with_a_wrong_secret_is_refused_as_any_mail_is() {
    let (dir, cfg) = game("help-wrong", "hw", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "hw");
    send_bare(&dir, "stark", "h4", "密码: not-it\r\n帮助");
    let t = tick(&mut d, dl - hours(40));
    assert_eq!(t.answered, 1, "{t:?}");
    assert!(mails_to(&dir, "stark", "写法指南").is_empty());
    assert_eq!(mails_to(&dir, "stark", "未接受").len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn help_in_the_plan_step_teaches_leaders() {
    let (dir, cfg) = game("help-plan", "hp", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "hp");
    let t0 = dl - hours(48);
    for (i, (h, _)) in HOME_ORDERS.iter().enumerate() {
        send_orders(&dir, h, &format!("o{i}"));
    }
    tick(&mut d, t0);
    // The early close after its delay; then the Raven step (Lannister holds the Raven).
    let t = tick(&mut d, t0 + hours(1));
    assert!(t.steps_closed >= 1, "{t:?}");
    let step = row(&d, "hp").step;
    send_bare(&dir, "stark", "h5", "帮助");
    tick(&mut d, t0 + hours(2));
    let got = mails_to(&dir, "stark", "写法指南");
    assert_eq!(got.len(), 1, "{got:?}");
    let a = &got[0];
    if step == "plan" {
        assert!(a.contains("(将领:巴隆)"), "{a}");
        assert!(a.contains("守将"), "{a}");
    } else {
        assert_eq!(step, "raven");
        assert!(a.contains("信鸦: 临冬城 防守"), "{a}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_refused_line_is_answered_with_the_house_s_own_forms_of_the_step() {
    let (dir, cfg) = game("help-refused", "hr", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "hr");
    send(&dir, "stark", "r1", "临冬城 进攻");
    send(&dir, "greyjoy", "r2", "Pyke attack");
    let t = tick(&mut d, dl - hours(40));
    assert_eq!(t.answered, 2, "{t:?}");
    let a = mails_to(&dir, "stark", "未接受").concat();
    assert!(a.contains("这一步的写法,例如:\n  临冬城 行军+1"), "{a}");
    assert!(a.contains("「帮助」"), "{a}");
    // Greyjoy's own areas, and no special order: King's Court rank 6 allows none (004:L1196).
    let a = mails_to(&dir, "greyjoy", "not accepted").concat();
    assert!(
        a.contains("This step's forms, e.g.:\n  Greywater Watch march\n  Pyke support\n"),
        "{a}"
    );
    assert!(!a.contains("Winterfell march"), "{a}");
    assert!(a.contains("\"help\""), "{a}");
    let _ = std::fs::remove_dir_all(&dir);
}
