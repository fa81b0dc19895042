//! A mail for a step that has closed is answered with which step closed, what stood for the
//! house (its orders, or the default taken) and what the open step expects, never with an
//! invitation to correct and resend; a plan sent while the Raven step is open is acknowledged
//! as a plan, not as "your Raven". On a local Maildir, through the real store, in zh-Hant
//! (Stark), en (Greyjoy) and zh (Baratheon).

mod maildir_support;

use chrono::{DateTime, TimeDelta, Utc};
use maester::daemon::games;
use maester::rules::Step;
use maildir_support::*;

fn deliver(inbox: &std::path::Path, n: &str, from: &str, body: &str) {
    let raw = format!(
        "From: <{from}>\r\nTo: referee@test.maester\r\nSubject: [late] orders\r\n\
         Message-ID: <{n}@x.example>\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}"
    );
    maester::demo::deliver(inbox, &format!("{n}.eml"), raw.as_bytes())
        .unwrap_or_else(|e| panic!("{e}"));
}

/// The last answer to `to` (its subject answers "[late] orders") whose body contains `marker`.
fn answer_to(outdir: &std::path::Path, to: &str, marker: &str) -> String {
    outbox_files(outdir)
        .into_iter()
        .filter(|(t, b)| {
            t.contains(to)
                && b.lines().next().is_some_and(|s| s.contains("orders"))
                && b.contains(marker)
        })
        .map(|(_, b)| b)
        .next_back()
        .unwrap_or_else(|| {
            let all: Vec<String> = outbox_files(outdir)
                .into_iter()
                .filter(|(t, _)| t.contains(to))
                .map(|(_, b)| b)
                .collect();
            panic!("no mail to {to} with {marker}: {all:#?}")
        })
}

#[test]
fn a_mail_for_a_closed_step_says_what_stood_and_what_is_open_and_an_early_plan_is_a_plan() {
    let dir = temp_dir("late-mail");
    let cfg = write_config(&dir, "late");
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    let text = text
        .replace("name = \"A\"\n", "name = \"A\"\nlanguage = \"zh-Hant\"\n")
        .replace("name = \"B\"\n", "name = \"B\"\nlanguage = \"en\"\n");
    // No grace: each step closes at its deadline.
    std::fs::write(&cfg, format!("{text}[game.deadlines]\ngrace = {{}}\n")).unwrap_or_default();
    let mut d = open_daemon(&cfg);
    let mut now: DateTime<Utc> = "2026-03-01T08:00:00Z"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let secrets = HOUSES.iter().map(|h| format!("{h}-s")).collect();
    games::new_game(&mut d, now, Some(secrets)).unwrap_or_else(|e| panic!("{e}"));
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    let inbox = dir.join("mail/inbox");
    let outdir = dir.join("mail/outbox");
    // A plan while placement is open: the plan step has not opened; nothing is kept.
    deliver(
        &inbox,
        "p0",
        "a@x.example",
        "密碼: stark-s\n1) 臨冬城軍團 移動到 卡林灣\n",
    );
    deliver(
        &inbox,
        "p00",
        "b@x.example",
        "secret: greyjoy-s\n1) Pyke units move to Seagard\n",
    );
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    let too_early = answer_to(&outdir, "a@x.example", "才開放");
    assert!(
        too_early.contains("制定執行方案階段在佈置軍事命令階段結算之後才開放"),
        "{too_early}"
    );
    assert!(too_early.contains("未接受"), "{too_early}");
    let too_early_en = answer_to(&outdir, "b@x.example", "plan step opens once");
    assert!(
        too_early_en.contains("send this line then"),
        "{too_early_en}"
    );
    deliver(
        &inbox,
        "p1",
        "a@x.example",
        "密碼: stark-s\n臨冬城 行軍+1\n白港 支援\n",
    );
    deliver(
        &inbox,
        "p2",
        "c@x.example",
        "密码: lannister-s\n兰尼斯港 行军\n",
    );
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    // Placement closes at its deadline: Lannister holds the Raven and has orders.
    now += TimeDelta::days(1) + TimeDelta::minutes(1);
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    let g = games::load(&d, "late").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.state.step, Step::Raven);

    // Stark (zh-Hant) sends his plan early: acknowledged as his plan.
    deliver(
        &inbox,
        "e1",
        "a@x.example",
        "密碼: stark-s\n1) 臨冬城軍團 移動到 卡林灣\n",
    );
    // Greyjoy (en) and Stark send placement orders after placement closed.
    deliver(
        &inbox,
        "l1",
        "b@x.example",
        "secret: greyjoy-s\nPyke defence\n",
    );
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    deliver(&inbox, "l2", "a@x.example", "密碼: stark-s\n臨冬城 防守\n");
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));

    let early = answer_to(&outdir, "a@x.example", "提前收到");
    assert!(early.contains("執行方案"), "{early}");
    assert!(!early.contains("你的信鴉"), "not 'your Raven': {early}");
    assert!(early.contains("1) 臨冬城部隊 移動到 卡林灣"), "{early}");

    let en = answer_to(&outdir, "b@x.example", "has closed");
    assert!(
        en.contains("The order placement of round 1 has closed"),
        "{en}"
    );
    assert!(
        en.contains("You sent nothing in that step; the default was taken"),
        "{en}"
    );
    assert!(en.contains("The open step is"), "{en}");
    assert!(!en.contains("send it again"), "{en}");
    let subject = |b: &str| b.lines().next().unwrap_or_default().to_string();
    assert!(subject(&en).contains("too late"), "the subject: {en}");
    assert!(!subject(&en).contains("not accepted"), "the subject: {en}");

    let hant = answer_to(&outdir, "a@x.example", "已經結算");
    assert!(hant.contains("臨冬城 行軍+1"), "what stood: {hant}");
    assert!(hant.contains("白港 支援"), "what stood: {hant}");
    assert!(
        !hant.contains("重新發送"),
        "no invitation to resend: {hant}"
    );
    assert!(!hant.contains("临冬城"), "Traditional throughout: {hant}");
    // Stark's plan came early: the answer says it is on file, not "you may send it early".
    assert!(hant.contains("已經收到並保存"), "the plan on file: {hant}");
    assert!(!en.contains("is on file"), "Greyjoy sent no plan: {en}");

    // The Raven step closes; Baratheon (zh), who sent nothing, sends placement orders now.
    now += TimeDelta::days(1) + TimeDelta::minutes(1);
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    let g = games::load(&d, "late").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.state.step, Step::Plan);
    // The Raven report: Stark's plan sent early is on file (no empty template); Lannister,
    // who marches and sent no plan, is asked for his.
    let raven_report = |to: &str, subject: &str| {
        outbox_files(&outdir)
            .into_iter()
            .find(|(t, b)| t.contains(to) && b.lines().next().is_some_and(|s| s.contains(subject)))
            .map(|(_, b)| b)
            .unwrap_or_else(|| panic!("no Raven report to {to}"))
    };
    let stark = raven_report("a@x.example", "信鴉階段結果");
    assert!(stark.contains("已經收到並保存"), "{stark}");
    assert!(!stark.contains("你需要發送"), "{stark}");
    let lannister = raven_report("c@x.example", "信鸦阶段结果");
    assert!(lannister.contains("你需要发送"), "{lannister}");
    deliver(
        &inbox,
        "l3",
        "d@x.example",
        "密码: baratheon-s\n龙石岛 防守\n",
    );
    // Tyrell misspells his area by one character: read as it, still a late placement.
    deliver(&inbox, "l4", "e@x.example", "密码: tyrell-s\n高廷 防守\n");
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    let tyrell = answer_to(&outdir, "e@x.example", "已经结算");
    assert!(
        tyrell.contains("第1回合的布置军事命令阶段已经结算"),
        "{tyrell}"
    );
    let zh = answer_to(&outdir, "d@x.example", "已经结算");
    assert!(zh.contains("第1回合的布置军事命令阶段已经结算"), "{zh}");
    assert!(zh.contains("你在这一步没有提交,按默认处理"), "{zh}");
    assert!(zh.contains("现在是"), "{zh}");
    assert!(!zh.contains("重新发送"), "{zh}");
    assert!(!zh.contains("A-26"), "readable references: {zh}");
    assert!(subject(&zh).contains("已截止"), "the subject: {zh}");
    assert!(subject(&hant).contains("已截止"), "the subject: {hant}");
    let _ = std::fs::remove_dir_all(&dir);
}
