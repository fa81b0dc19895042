//! Every form taught where it is needed: the welcome mail and each step's prompt show how to
//! deploy leaders (with the house's own areas and free leaders), `无` and `帮助`; an accepted
//! plan that deploys no leader is answered with a warning naming one. In zh, zh-Hant and en,
//! through the real store and the Maildir transport.

mod policy_support;

use chrono::TimeDelta;
use policy_support::*;
use std::path::Path;

/// Placement closed early, every house with a march at home: the Raven step is open
/// (Lannister holds the Raven), and the others may send their plan.
fn to_the_raven_step(
    tag: &str,
    id: &str,
) -> (
    std::path::PathBuf,
    maester::daemon::Daemon,
    chrono::DateTime<chrono::Utc>,
) {
    let (dir, cfg) = game_edited(tag, id, |t| {
        t.replace("name = \"D\"\n", "name = \"D\"\nlanguage = \"zh-Hant\"\n")
    });
    let mut d = open(&cfg);
    let t0 = deadline(&d, id) - hours(70);
    let orders = [
        ("stark", "临冬城 行军"),
        ("greyjoy", "Greywater Watch march"),
        ("lannister", "兰尼斯港 防守"),
        ("baratheon", "御林 行军"),
        ("tyrell", "高庭 防守"),
        ("martell", "阳戟城 防守"),
    ];
    for (i, (h, o)) in orders.iter().enumerate() {
        send(&dir, h, &format!("p{i}"), o);
    }
    tick(&mut d, t0);
    let t = tick(&mut d, t0 + TimeDelta::minutes(31));
    assert!(t.steps_closed >= 1, "{t:?}");
    assert_eq!(row(&d, id).step, "raven");
    (dir, d, t0 + TimeDelta::minutes(40))
}

fn welcome(dir: &Path, house: &str, marker: &str) -> String {
    let w = mails_to(dir, house, marker).concat();
    assert!(!w.is_empty(), "no welcome for {house}");
    w
}

#[test]
fn the_welcome_teaches_leaders_pass_and_help_in_every_language() {
    let (dir, _d, _) = to_the_raven_step("teach-welcome", "tw");
    let zh = welcome(&dir, "stark", "欢迎加入游戏");
    assert!(zh.contains("派出将领"), "{zh}");
    assert!(zh.contains("(将领: 艾德)"), "{zh}");
    assert!(zh.contains("守将: 艾德"), "{zh}");
    assert!(zh.contains("「无」") && zh.contains("「帮助」"), "{zh}");
    let en = welcome(&dir, "greyjoy", "Welcome");
    assert!(en.contains("deploys your leaders"), "{en}");
    assert!(en.contains("defender: "), "{en}");
    assert!(en.contains("\"pass\"") && en.contains("\"help\""), "{en}");
    let hant = welcome(&dir, "baratheon", "歡迎");
    assert!(
        hant.contains("派出將領") && hant.contains("「幫助」"),
        "{hant}"
    );
    assert!(!hant.contains("将领"), "Traditional throughout: {hant}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_step_prompt_of_a_report_teaches_leaders_with_the_house_own_names() {
    let (dir, _d, _) = to_the_raven_step("teach-report", "tr");
    // The report of the placement close asks Stark for his plan (sent early or in the plan step).
    let r = mails_to(&dir, "stark", "你可用的将领").concat();
    assert!(r.contains("守将"), "{r}");
    assert!(r.contains("艾德") && r.contains("罗柏"), "{r}");
    let r = mails_to(&dir, "greyjoy", "Your leaders free this round").concat();
    assert!(r.contains("(leader: "), "{r}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_plan_without_a_leader_is_accepted_with_a_warning_naming_one() {
    let (dir, mut d, t1) = to_the_raven_step("teach-warn", "tn");
    send(&dir, "stark", "x1", "1) 临冬城军团 移动到 卡林湾");
    send(
        &dir,
        "greyjoy",
        "x2",
        "1) Greywater Watch units move to Moat Cailin",
    );
    send(&dir, "baratheon", "x3", "1) 御林軍團 移動到 風息堡");
    let t = tick(&mut d, t1);
    assert_eq!(t.answered, 3, "{t:?}");
    let s = mails_to(&dir, "stark", "已收到").concat();
    assert!(s.contains("未派出将领:你的战斗将没有将领参战"), "{s}");
    assert!(
        s.contains("(将领: 艾德)"),
        "names a free leader of the house: {s}"
    );
    let g = mails_to(&dir, "greyjoy", "received").concat();
    assert!(g.contains("No leader deployed"), "{g}");
    let b = mails_to(&dir, "baratheon", "已收到").concat();
    assert!(b.contains("未派出將領"), "Traditional: {b}");

    // With a leader deployed, no warning.
    send(
        &dir,
        "stark",
        "x4",
        "1) 临冬城军团 移动到 卡林湾(将领:艾德)",
    );
    send(
        &dir,
        "greyjoy",
        "x5",
        "Greywater Watch defender: Balon Greyjoy",
    );
    let t = tick(&mut d, t1 + TimeDelta::minutes(5));
    assert_eq!(t.answered, 2, "{t:?}");
    let s = mails_to(&dir, "stark", "这份命令替换了").concat();
    assert!(s.contains("(将领: 艾德)"), "the echo: {s}");
    assert!(!s.contains("未派出将领"), "{s}");
    let g = mails_to(&dir, "greyjoy", "This replaces").concat();
    assert!(g.contains("Greywater Watch defender: Balon Greyjoy"), "{g}");
    assert!(!g.contains("No leader deployed"), "{g}");
    let _ = std::fs::remove_dir_all(&dir);
}
