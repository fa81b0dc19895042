//! `试算` / `試算` / `what if`: a player tries his orders against what he assumes of the others,
//! privately. The answer goes to him alone; nothing is stored but the mail's own rows; only
//! what he may know is used (never another house's real orders or plan). Through the real
//! store and the Maildir transport.

mod policy_support;
mod what_if_support;

use chrono::TimeDelta;
use policy_support::*;
use std::path::Path;
use what_if_support::*;

/// The what-if answers to a house (subject `试算` / `試算` / `what if`).
fn answers(dir: &Path, house: &str, marker: &str) -> Vec<String> {
    mails_to(dir, house, marker)
}

/// The raw what-if answers to a house: subject holding `marker`.
fn raw_answers(dir: &Path, house: &str, marker: &str) -> Vec<String> {
    let a = addr(house);
    let Ok(rd) = std::fs::read_dir(dir.join("mail/outbox")) else {
        return Vec::new();
    };
    rd.flatten()
        .map(|e| std::fs::read(e.path()).unwrap_or_default())
        .filter(|raw| {
            let d = maester::mail::decode(raw);
            d.to.join(",").contains(&a) && d.subject.contains(marker)
        })
        .map(|raw| String::from_utf8_lossy(&raw).into_owned())
        .collect()
}

const LANNISTER_WHAT_IF: &str = "试算\n\
金声海 行军+1\n\
兰尼斯港 防守\n\
金声海战舰 移动到 铁民湾\n\
假设 海怪: 铁民湾 防守\n\
假设 海怪: 派克岛 防守\n\
假设 白狼: 临冬城 行军+1\n\
假设 黄鹿: 龙石岛 防守\n\
假设 玫瑰: 高庭 防守\n\
假设 橙日: 阳戟城 防守";

#[test]
fn a_what_if_and_the_same_orders_sent_for_real_give_the_same_battle() {
    let (dir, cfg) = game("whatif-same", "ws", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "ws");
    let t0 = dl - hours(60);
    send(&dir, "lannister", "w1", LANNISTER_WHAT_IF);
    let t = tick(&mut d, t0);
    assert_eq!((t.answered, t.steps_closed), (1, 0), "{t:?}");
    let got = answers(&dir, "lannister", "试算");
    assert_eq!(got.len(), 1, "{got:?}");
    let a = &got[0];
    assert!(a.contains("这只是试算:什么也没有提交"), "{a}");
    let tried = tried_lines(a, "试算的战斗阶段");
    assert!(
        tried.iter().any(|l| l.contains("铁民湾")),
        "the battle for Ironman's Bay: {a}"
    );
    assert!(a.contains("试算后你的局面"), "{a}");
    // The house's own picture of the tried position, inline.
    let raw = raw_answers(&dir, "lannister", "试算");
    assert_eq!(raw.len(), 1);
    assert!(raw[0].contains("image/png"), "no picture");
    assert!(raw[0].contains("what-if-map@"), "no picture");
    // Nobody else was mailed.
    for h in ["stark", "greyjoy", "baratheon", "tyrell", "martell"] {
        assert!(mails_to(&dir, h, "试算").is_empty(), "{h} got a mail");
    }
    // The same orders for real.
    send(&dir, "lannister", "r1", "金声海 行军+1\n兰尼斯港 防守");
    send(&dir, "greyjoy", "r2", "铁民湾 防守\n派克岛 防守");
    for (h, o) in HOME_ORDERS
        .iter()
        .filter(|(h, _)| !["lannister", "greyjoy"].contains(h))
    {
        send(&dir, h, &format!("r-{h}"), o);
    }
    tick(&mut d, t0 + hours(1));
    tick(&mut d, t0 + hours(2));
    for _ in 0..3 {
        if row(&d, "ws").step == "plan" {
            break;
        }
        close_now(&mut d, "ws");
    }
    assert_eq!(row(&d, "ws").step, "plan");
    send(&dir, "lannister", "p1", "金声海战舰 移动到 铁民湾");
    let now = deadline(&d, "ws") - hours(10);
    tick(&mut d, now);
    close_now(&mut d, "ws");
    assert_ne!(row(&d, "ws").step, "plan", "the plan step closed");
    let reports: Vec<String> = mails_to(&dir, "lannister", "铁民湾")
        .into_iter()
        .filter(|m| !m.contains("这只是试算"))
        .filter(|m| tried.iter().all(|l| m.contains(l.as_str())))
        .collect();
    assert_eq!(
        reports.len(),
        1,
        "one report holds every line of the what-if: {tried:?}\n{}",
        mails_to(&dir, "lannister", "铁民湾").join("\n=====\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_what_if_changes_nothing_in_the_store_but_its_own_mail() {
    let (dir, cfg) = game("whatif-store", "wst", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "wst");
    let t0 = dl - hours(60);
    // Every house but Lannister has sent: a real submission would close the step early.
    for (i, (h, o)) in HOME_ORDERS.iter().enumerate() {
        if *h != "lannister" {
            send(&dir, h, &format!("o{i}"), o);
        }
    }
    tick(&mut d, t0);
    let before = store_dump(&dir);
    let deadline_before = deadline(&d, "wst");
    send(&dir, "lannister", "w2", LANNISTER_WHAT_IF);
    let t = tick(&mut d, t0 + hours(1));
    assert_eq!((t.answered, t.steps_closed), (1, 0), "{t:?}");
    let t = tick(&mut d, t0 + hours(3));
    assert_eq!(t.steps_closed, 0, "no early close: {t:?}");
    assert_eq!(answers(&dir, "lannister", "这只是试算").len(), 1);
    let after = store_dump(&dir);
    let changed: Vec<&str> = after
        .lines()
        .filter(|l| !before.lines().any(|b| b == *l))
        .collect();
    assert!(changed.is_empty(), "the store changed: {changed:?}");
    assert_eq!(after, before);
    assert_eq!(deadline(&d, "wst"), deadline_before);
    assert_eq!(row(&d, "wst").step, "placement");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_what_if_never_reveals_another_houses_real_orders_or_plan() {
    let (dir, cfg) = game("whatif-secret", "wse", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "wse");
    let t0 = dl - hours(60);
    // Real orders: Greyjoy will march its ships into the Golden Sound.
    send(&dir, "lannister", "r1", "金声海 防守\n兰尼斯港 防守");
    send(&dir, "greyjoy", "r2", "铁民湾 行军\n派克岛 防守");
    for (h, o) in HOME_ORDERS
        .iter()
        .filter(|(h, _)| !["lannister", "greyjoy"].contains(h))
    {
        send(&dir, h, &format!("r-{h}"), o);
    }
    tick(&mut d, t0);
    tick(&mut d, t0 + hours(1));
    // In the Raven step too: Stark assumes Greyjoy's ships sail to the Sunset Sea.
    assert_eq!(row(&d, "wse").step, "raven");
    send(
        &dir,
        "stark",
        "w0",
        "试算\n假设 海怪: 铁民湾战舰 移动到 日落之海",
    );
    tick(&mut d, t0 + hours(2));
    let raven = answers(&dir, "stark", "这只是试算");
    assert_eq!(raven.len(), 1, "{raven:?}");
    assert!(
        tried_lines(&raven[0], "试算的战斗阶段")
            .iter()
            .any(|l| l.contains("日落之海")),
        "{}",
        raven[0]
    );
    for _ in 0..3 {
        if row(&d, "wse").step == "plan" {
            break;
        }
        close_now(&mut d, "wse");
    }
    assert_eq!(row(&d, "wse").step, "plan");
    // Greyjoy's real plan attacks the Golden Sound.
    send(&dir, "greyjoy", "p2", "铁民湾战舰 移动到 金声海");
    let now = (deadline(&d, "wse") - hours(10)).max(t0 + hours(3));
    tick(&mut d, now);
    // Lannister asks twice: once assuming nothing of Greyjoy, once assuming another move.
    send(&dir, "lannister", "w3", "试算");
    send(
        &dir,
        "lannister",
        "w4",
        "试算\n假设 海怪: 铁民湾战舰 移动到 日落之海",
    );
    tick(&mut d, now + hours(1));
    let got = answers(&dir, "lannister", "这只是试算");
    assert_eq!(got.len(), 2, "{got:?}");
    // A third time assuming the very plan Greyjoy sent: the same battle as the real one below.
    send(
        &dir,
        "lannister",
        "w5",
        "试算\n假设 海怪: 铁民湾战舰 移动到 金声海",
    );
    tick(&mut d, now + hours(2));
    let same = answers(&dir, "lannister", "这只是试算");
    assert_eq!(same.len(), 3, "{same:?}");
    let Some(same) = same.iter().find(|a| !got.contains(a)) else {
        panic!("no third answer")
    };
    let same = tried_lines(same, "试算的战斗阶段");
    assert!(same.iter().any(|l| l.contains("金声海")), "{same:?}");
    let (none, other) = if got[0].contains("日落之海") {
        (&got[1], &got[0])
    } else {
        (&got[0], &got[1])
    };
    // Without an assumption Greyjoy's march is not carried out, and the answer says so.
    assert!(none.contains("没有假设执行方案的家族"), "{none}");
    assert!(none.contains("海怪"), "{none}");
    for a in [none, other] {
        let tried = tried_lines(a, "试算的战斗阶段").join("\n");
        assert!(!tried.contains("金声海"), "the real plan leaked: {a}");
    }
    assert!(
        tried_lines(other, "试算的战斗阶段")
            .iter()
            .any(|l| l.contains("日落之海")),
        "{other}"
    );
    // For real, Greyjoy's ships do attack the Golden Sound: the plan step's report tells the
    // battle, the retreat step's the retreat (a what-if takes the default retreat at once); every
    // line of the what-if that assumed that plan is in them.
    close_now(&mut d, "wse");
    if row(&d, "wse").step == "retreat" {
        close_now(&mut d, "wse");
    }
    let real: Vec<String> = mails_to(&dir, "lannister", "金声海")
        .into_iter()
        .filter(|m| !m.contains("这只是试算"))
        .collect();
    each_said_for_real(&same, &real);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_what_if_in_english_and_in_traditional() {
    let (dir, cfg) = game("whatif-langs", "wl", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "wl");
    // Greyjoy's player reads English.
    send(
        &dir,
        "greyjoy",
        "w5",
        "what if\nIronman's Bay march\nIronman's Bay ships move to The Golden Sound\n\
         assume Lannister: The Golden Sound defence",
    );
    send(
        &dir,
        "stark",
        "w6",
        "試算\n臨冬城 行軍+1\n臨冬城軍團 移動到 卡林灣",
    );
    tick(&mut d, dl - hours(60));
    let en = answers(&dir, "greyjoy", "what if");
    assert_eq!(en.len(), 1, "{en:?}");
    let a = &en[0];
    assert!(
        a.contains("This is only a what-if: nothing was submitted"),
        "{a}"
    );
    assert!(
        a.contains("Tried with your assumptions for: Lannister."),
        "{a}"
    );
    assert!(
        a.contains("Houses you assumed nothing of were taken to place no orders"),
        "{a}"
    );
    assert!(
        tried_lines(a, "The military phase, as tried")
            .iter()
            .any(|l| l.contains("Golden Sound")),
        "{a}"
    );
    let hant = answers(&dir, "stark", "試算");
    assert_eq!(hant.len(), 1, "{hant:?}");
    let a = &hant[0];
    assert!(a.contains("這只是試算"), "{a}");
    assert!(a.contains("卡林灣"), "{a}");
    assert!(!a.contains("这只是试算"), "Traditional throughout: {a}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_what_if_with_errors_is_answered_line_by_line_and_the_limit_holds() {
    let (dir, cfg) = game_edited("whatif-limit", "wli", |t| {
        t.replace("seed = \"s\"\n", "seed = \"s\"\nwhat_if_per_step = 2\n")
    });
    let mut d = open(&cfg);
    let dl = deadline(&d, "wli");
    let t0 = dl - hours(60);
    send(
        &dir,
        "lannister",
        "e1",
        "试算\n金声海 行军+1\n假设 无名氏: 铁民湾 防守\n假设 海怪: 兰尼斯港 防守",
    );
    tick(&mut d, t0);
    let got = answers(&dir, "lannister", "没有试算");
    assert_eq!(got.len(), 1, "{got:?}");
    let a = &got[0];
    assert!(a.contains("第4行"), "the unknown house's line: {a}");
    assert!(a.contains("无名氏"), "{a}");
    assert!(
        a.contains("第5行"),
        "Greyjoy has no units in Lannisport: {a}"
    );
    // A second what-if, then a third over the limit of 2.
    send(&dir, "lannister", "e2", "试算\n金声海 行军+1");
    tick(&mut d, t0 + hours(1));
    send(&dir, "lannister", "e3", "试算\n金声海 行军+1");
    tick(&mut d, t0 + hours(2));
    let over = answers(&dir, "lannister", "达到上限");
    assert_eq!(over.len(), 1, "{over:?}");
    // `gm who` counts them, never their content.
    let who = match maester::daemon::gm::apply(
        &mut d,
        "wli",
        &maester::daemon::gm::GmCommand::Who,
        t0 + hours(3),
    ) {
        Ok(o) => o.summary,
        Err(e) => panic!("{e}"),
    };
    assert!(who.contains("2 what-ifs this step"), "{who}");
    assert!(!who.contains("金声海") && !who.contains("Golden"), "{who}");
    // Nothing was submitted.
    match d
        .store
        .latest_submission("wli", "lannister", 1, "placement", "orders")
    {
        Ok(s) => assert!(s.is_none(), "{s:?}"),
        Err(e) => panic!("{e}"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn what_ifs_never_hold_back_the_answer_to_the_real_orders() {
    // Two answers an hour per address to mails that prove nothing; a what-if has the right
    // secret, so it is always answered (its own limit is per step), and never counts against
    // the answer to the real orders.
    let (dir, cfg) = game_edited("whatif-cap", "wc", |t| {
        t.replace("[game]\n", "[mail.guard]\nanswers_per_hour = 2\n[game]\n")
    });
    let mut d = open(&cfg);
    let dl = deadline(&d, "wc");
    let t0 = dl - hours(60);
    for (i, key) in ["c1", "c2", "c3"].iter().enumerate() {
        send(&dir, "lannister", key, "试算\n金声海 行军+1");
        tick(&mut d, t0 + TimeDelta::minutes(i as i64));
    }
    // Every what-if answered: the hourly cap is for mails without the right secret.
    assert_eq!(answers(&dir, "lannister", "这只是试算").len(), 3);
    send(&dir, "lannister", "c4", "金声海 行军+1\n兰尼斯港 防守");
    tick(&mut d, t0 + TimeDelta::minutes(5));
    assert_eq!(
        mails_to(&dir, "lannister", "已收到").len(),
        1,
        "the real orders are answered"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
