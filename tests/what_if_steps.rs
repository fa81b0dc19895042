//! A what-if's own lines in each step (issue 38): in the Raven step the holder's change is tried
//! (and a line that would look at the deck is refused, never answered with a card); in the
//! placement step the house's orders come with the plan lines of the marches and raids they
//! would carry out and with its building lines, and so do the `假设` / `assume` lines; a
//! mistyped line is quoted with what was expected and the nearest name. Through the real store
//! and the Maildir transport, in zh, zh-Hant and en.

mod policy_support;
mod what_if_support;

use policy_support::*;
use what_if_support::*;

#[test]
fn the_raven_holders_change_is_tried_and_then_for_real_gives_the_same_result() {
    let (dir, cfg) = game("whatif-raven", "wr", "");
    let mut d = open(&cfg);
    to_the_raven_step(&mut d, &dir, "wr");
    let now = deadline(&d, "wr") - hours(30);
    // Greyjoy sends his real plan early (the Raven step takes plans): it attacks the Golden Sound.
    send(&dir, "greyjoy", "real-plan", "铁民湾战舰 移动到 金声海");
    tick(&mut d, now - hours(1));
    let before = store_dump(&dir);
    send(&dir, "lannister", "w1", "试算\n信鸦: 兰尼斯港 巩固统治");
    tick(&mut d, now);
    assert_eq!(
        store_dump(&dir),
        before,
        "the store changed but its own mail rows"
    );
    let got = mails_to(&dir, "lannister", "这只是试算");
    assert_eq!(got.len(), 1, "{got:?}");
    let tried = tried_lines(&got[0], "试算的战斗阶段");
    assert!(
        tried
            .iter()
            .any(|l| l.contains("使用信鸦") && l.contains("兰尼斯港")),
        "the change is tried: {}",
        got[0]
    );
    assert!(
        tried.iter().any(|l| l.contains("巩固")),
        "Lannisport consolidates: {}",
        got[0]
    );
    // Greyjoy's real plan is not read: without an assumption his march is not carried out.
    assert!(
        !tried.iter().any(|l| l.contains("金声海")),
        "the real plan leaked: {}",
        got[0]
    );
    assert!(got[0].contains("没有假设执行方案的家族"), "{}", got[0]);
    // Nothing was submitted: the step is still open and holds no Raven change.
    assert_eq!(row(&d, "wr").step, "raven");
    match d
        .store
        .latest_submission("wr", "lannister", 1, "raven", "orders")
    {
        Ok(s) => assert!(s.is_none(), "{s:?}"),
        Err(e) => panic!("{e}"),
    }
    // The same change for real, then the plan step closes with no plan.
    send(&dir, "lannister", "real-raven", "信鸦: 兰尼斯港 巩固统治");
    tick(&mut d, now + hours(1));
    close_now(&mut d, "wr");
    assert_eq!(row(&d, "wr").step, "plan");
    close_now(&mut d, "wr");
    assert_ne!(row(&d, "wr").step, "plan");
    // The Raven step's report tells the change, the plan step's the consolidation: every line
    // of the what-if is in a real report.
    let real: Vec<String> = mails_to(&dir, "lannister", "兰尼斯港")
        .into_iter()
        .filter(|m| !m.contains("这只是试算"))
        .collect();
    assert!(
        real.iter().any(|m| m.contains("海怪从铁民湾进攻金声海")),
        "for real, Greyjoy attacks: {}",
        real.join("\n=====\n")
    );
    each_said_for_real(&tried, &real);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_what_if_never_looks_at_the_deck_and_only_the_holder_changes_an_order() {
    let (dir, cfg) = game("whatif-deck", "wd", "");
    let mut d = open(&cfg);
    to_the_raven_step(&mut d, &dir, "wd");
    let now = deadline(&d, "wd") - hours(30);
    send(&dir, "lannister", "w1", "试算\n信鸦: 查看野人牌");
    send(
        &dir,
        "greyjoy",
        "w2",
        "what if\nraven: look at the wildling card",
    );
    send(&dir, "stark", "w3", "試算\n信鴉: 臨冬城 防守");
    // Baratheon may assume the holder's change: an assumption, tried as the holder's own.
    send(
        &dir,
        "baratheon",
        "w4",
        "试算\n假设 红狮: 信鸦: 兰尼斯港 巩固统治",
    );
    tick(&mut d, now);
    let assumed = mails_to(&dir, "baratheon", "这只是试算");
    assert_eq!(assumed.len(), 1, "{assumed:?}");
    assert!(
        tried_lines(&assumed[0], "试算的战斗阶段")
            .iter()
            .any(|l| l.contains("红狮使用信鸦")),
        "{}",
        assumed[0]
    );
    let zh = mails_to(&dir, "lannister", "这只是试算");
    assert_eq!(zh.len(), 1, "{zh:?}");
    assert!(zh[0].contains("第3行「信鸦: 查看野人牌」"), "{}", zh[0]);
    assert!(zh[0].contains("试算不能查看牌堆"), "{}", zh[0]);
    assert!(zh[0].contains("没有试算"), "{}", zh[0]);
    let en = mails_to(&dir, "greyjoy", "This is only a what-if");
    assert_eq!(en.len(), 1, "{en:?}");
    assert!(
        en[0].contains("a what-if cannot look at the deck"),
        "{}",
        en[0]
    );
    // Stark does not hold the Raven: refused as the real change would be, in Traditional.
    let hant = mails_to(&dir, "stark", "這只是試算");
    assert_eq!(hant.len(), 1, "{hant:?}");
    assert!(
        hant[0].contains("第3行「信鴉: 臨冬城 防守」"),
        "{}",
        hant[0]
    );
    assert!(hant[0].contains("沒有試算"), "{}", hant[0]);
    // Nothing else was mailed to anyone about them, and nothing was stored.
    for h in ["tyrell", "martell"] {
        assert!(mails_to(&dir, h, "试算").is_empty(), "{h} got a mail");
    }
    assert_eq!(row(&d, "wd").step, "raven");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn placement_lines_carry_plans_and_building_in_zh_zh_hant_and_en() {
    let (dir, cfg) = game("whatif-build", "wb", "");
    let mut d = open(&cfg);
    let t0 = deadline(&d, "wb") - hours(60);
    // Tyrell: orders, a raid's plan line and a port, all in the placement step.
    send(
        &dir,
        "tyrell",
        "w1",
        "试算\n高庭 防守\n雷温德海峡 突袭\n建造港口: 高庭 雷温德海峡\n雷温德海峡战舰 突袭 西夏海",
    );
    // Stark assumes the same of Tyrell, in Traditional, with his own march and its plan.
    send(
        &dir,
        "stark",
        "w2",
        "試算\n臨冬城 行軍\n臨冬城軍團 移動到 卡林灣\n假設 玫瑰: 高庭 防守\n假設 玫瑰: 建造港口: 高庭 雷溫德海峽",
    );
    // Greyjoy, in English, assumes Tyrell's port and marches his own ships.
    send(
        &dir,
        "greyjoy",
        "w3",
        "what if\nIronman's Bay march\nIronman's Bay ships move to The Golden Sound\n\
         assume Tyrell: Highgarden defence\nassume Tyrell: build port at Highgarden on Redwyne Straights",
    );
    tick(&mut d, t0);
    let zh = mails_to(&dir, "tyrell", "这只是试算");
    assert_eq!(zh.len(), 1, "{zh:?}");
    let tried = tried_lines(&zh[0], "试算的战斗阶段");
    assert!(
        tried
            .iter()
            .any(|l| l.contains("建成") && l.contains("高庭")),
        "the port is built: {}",
        zh[0]
    );
    assert!(
        tried.iter().any(|l| l.contains("突袭")),
        "the raid's plan line is carried out: {}",
        zh[0]
    );
    let hant = mails_to(&dir, "stark", "這只是試算");
    assert_eq!(hant.len(), 1, "{hant:?}");
    let tried = tried_lines(&hant[0], "試算的戰鬥階段");
    assert!(
        tried
            .iter()
            .any(|l| l.contains("建成") && l.contains("高庭")),
        "the assumed port is built: {}",
        hant[0]
    );
    assert!(tried.iter().any(|l| l.contains("卡林灣")), "{}", hant[0]);
    let en = mails_to(&dir, "greyjoy", "This is only a what-if");
    assert_eq!(en.len(), 1, "{en:?}");
    let tried = tried_lines(&en[0], "The military phase, as tried");
    assert!(
        tried
            .iter()
            .any(|l| l.contains("builds") && l.contains("Highgarden")),
        "the assumed port is built: {}",
        en[0]
    );
    assert!(
        tried.iter().any(|l| l.contains("Golden Sound")),
        "{}",
        en[0]
    );
    // Nothing was built for real, nothing submitted.
    match d
        .store
        .latest_submission("wb", "tyrell", 1, "placement", "orders")
    {
        Ok(s) => assert!(s.is_none(), "{s:?}"),
        Err(e) => panic!("{e}"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn placement_lines_with_errors_are_answered_line_by_line_with_the_nearest_name() {
    let (dir, cfg) = game("whatif-typo", "wt", "");
    let mut d = open(&cfg);
    let t0 = deadline(&d, "wt") - hours(60);
    // A mistyped order, a port Tyrell cannot build, a mistyped area in the assumption.
    send(
        &dir,
        "tyrell",
        "w1",
        "试算\n高庭 行君\n建造港口: 临冬城\n假设 红狮: 兰尼斯港 防守\n假设 红狮: 金声海 行军\n假设 红狮: 金声海战舰 移动到 铁民弯",
    );
    send(
        &dir,
        "greyjoy",
        "w2",
        "what if\nPyke defense\nIronman's Bay marhc\nIronman's Bay march\nIronman's Bay ships move to The Golden Sond",
    );
    tick(&mut d, t0);
    let zh = mails_to(&dir, "tyrell", "没有试算");
    assert_eq!(zh.len(), 1, "{zh:?}");
    let a = &zh[0];
    assert!(a.contains("第3行「高庭 行君」"), "the line quoted: {a}");
    assert!(a.contains("这里应为"), "what was expected: {a}");
    assert!(
        a.contains("你是不是指“行军”"),
        "the nearest valid word: {a}"
    );
    assert!(a.contains("第4行「建造港口: 临冬城」"), "{a}");
    // A line that reads as no order is ignored, and the answer says so as the order answers do.
    let en = mails_to(&dir, "greyjoy", "This is only a what-if");
    assert_eq!(en.len(), 1, "{en:?}");
    assert!(
        en[0]
            .contains("These lines are no orders and were ignored:\n  line 4: Ironman's Bay marhc"),
        "{}",
        en[0]
    );
    // A name one letter off is read as the one it can be, and the answer says so.
    assert!(
        en[0].contains("\"The Golden Sond\" is read as The Golden Sound."),
        "{}",
        en[0]
    );
    let _ = std::fs::remove_dir_all(&dir);
}
