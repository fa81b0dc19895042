//! A GM mail is answered in the language it is written in (issue 26): every command's result
//! line, not only the framing, in Simplified Chinese, Traditional Chinese or English, through the
//! real store and the Maildir transport.

mod maildir_support;

use chrono::{DateTime, TimeDelta, Utc};
use maester::words::hant::to_traditional;
use maildir_support::*;

/// The GM's answer to `body`, sent to a fresh game `id` in a folder of the test's own (`tag`:
/// the tests run at once) (decoded subject + body).
fn answer_to(tag: &str, id: &str, body: &str, now: DateTime<Utc>) -> String {
    let dir = temp_dir(&format!("gm-lang-{tag}"));
    let (_cfg, mut d) = new_game_with_gm(&dir, id, now);
    let inbox = dir.join("mail/inbox");
    if let Err(e) = maester::demo::deliver(&inbox, "g1", &gm_mail(id, "g1", body)) {
        panic!("{e}");
    }
    if let Err(e) = d.tick(now + TimeDelta::seconds(5)) {
        panic!("{e}");
    }
    let answer = outbox_files(&dir.join("mail/outbox"))
        .into_iter()
        .filter(|(to, _)| to.contains("gm@x.example"))
        .map(|(_, b)| b)
        .find(|b| b.contains("第2行") || b.contains("line 2"))
        .unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    answer
}

/// Absence days ten and twelve days from now (the game's time zone is UTC).
fn days(now: DateTime<Utc>) -> (String, String) {
    let f = |n: i64| (now + TimeDelta::days(n)).format("%Y-%m-%d").to_string();
    (f(10), f(12))
}

/// English sentences a command answered with before it spoke the GM's language.
const ENGLISH: &[&str] = &[
    "MISSING",
    " have sent",
    "announcement to",
    "absence ",
    "reminders before",
    "schedule of game",
    "backups of game",
    "queued again",
    "is now played by",
    "stored:",
    "has turned neutral",
    "back to round",
    "closed; now",
];

/// The result lines of a Chinese answer: each says what its line did in Chinese.
fn assert_chinese(answer: &str) {
    let results: Vec<&str> = answer
        .lines()
        .filter(|l| l.starts_with('第') && l.contains("行:"))
        .collect();
    assert!(results.len() >= 17, "{answer}");
    for l in &results {
        let said = l.split_once("行:").map(|(_, s)| s).unwrap_or_default();
        assert!(
            said.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "a result line without Chinese: {l}\n{answer}"
        );
        for e in ENGLISH {
            assert!(!said.contains(e), "English {e:?} in: {l}\n{answer}");
        }
    }
}

fn zh_body(now: DateTime<Utc>) -> String {
    let (a, b) = days(now);
    format!(
        "密码: gm-s\r\n谁没交\r\n日志\r\n请假 stark {a} 到 {b}\r\n提醒 24h 4h\r\n日程 plan=3d\r\n\
         备份\r\n重发失败邮件\r\n换人 greyjoy 新玩家 new@x.example\r\n退出 martell\r\n\
         第1回合 placement\r\n结算\r\n重发 stark\r\n回滚: 测试\r\n取消请假 1\r\n预览\r\n代交 白狼\r\n临冬城 行军+1\r\n白港 支援\r\n结束\r\n公告\r\n周末休息一天\r\n"
    )
}

/// What each command of [`zh_body`] answers, in Simplified Chinese.
const ZH_EXPECTED: &[&str] = &[
    "第2行:游戏 zh1,第1回合布置军事命令阶段(进行中),截止时间 ",
    "未提交",
    "家中已有0家提交",
    "第4行:请假 1:白狼 ",
    "第5行:游戏 zh1:每个截止时间前 24h、4h 发提醒",
    "第6行:游戏 zh1 的时间表已修改",
    "第7行:游戏 zh1 没有备份",
    "第8行:游戏 zh1 的 0 封发送失败的邮件已重新排队",
    "第9行:海怪现在由 新玩家 <new@x.example> 接手",
    "第10行:橙日已成为中立家族",
    "第13行:给白狼的第1回合布置军事命令阶段战报",
    "战报已重新发往 a@x.example",
    "第12行:第1回合布置军事命令阶段已结算",
    "第14行:游戏 zh1 已回到第1回合布置军事命令阶段;截止时间 ",
    "第15行:请假 1 已取消",
    "第16行:预览:游戏 zh1 第1回合布置军事命令阶段若现在结算(不保存、不发送)",
    "第17行:已为白狼录入提交:\n  临冬城 行军+1",
    "第21行:公告已发给所有玩家",
];

#[test]
fn a_gm_mail_in_simplified_chinese_is_answered_in_it_line_by_line() {
    let now = Utc::now();
    let answer = answer_to("hans", "zh1", &zh_body(now), now);
    for w in ZH_EXPECTED {
        assert!(answer.contains(w), "{w:?} missing in:\n{answer}");
    }
    assert_chinese(&answer);
}

#[test]
fn a_gm_mail_in_traditional_chinese_is_answered_in_traditional_characters() {
    let now = Utc::now();
    let body = to_traditional(&zh_body(now));
    assert_ne!(
        body,
        zh_body(now),
        "the mail is written in Traditional characters"
    );
    let answer = answer_to("hant", "zh1", &body, now);
    for w in ZH_EXPECTED {
        let w = to_traditional(w);
        assert!(answer.contains(&w), "{w:?} missing in:\n{answer}");
    }
    assert!(answer.contains("時間表已修改"), "{answer}");
    assert_chinese(&answer);
}

#[test]
fn a_gm_mail_in_english_is_answered_in_english() {
    let now = Utc::now();
    let (a, b) = days(now);
    let body = format!(
        "secret: gm-s\r\nwho\r\nlog\r\nabsence stark {a} to {b}\r\nreminders 24h 4h\r\n\
         schedule plan=3d\r\nbackups\r\nrequeue\r\nreplace greyjoy Newbie new@x.example\r\n\
         leave martell\r\nround 1 placement\r\nprocess\r\nresend stark\r\nrollback: testing\r\n\
         cancel absence 1\r\npreview\r\nannounce\r\nWeekend off\r\n"
    );
    let answer = answer_to("en", "en1", &body, now);
    for w in [
        "line 2: game en1, round 1 placement (running), deadline ",
        "MISSING",
        "0 of 6 have sent",
        "line 4: absence 1: stark away ",
        "line 5: game en1: reminders before each deadline: 24h, 4h",
        "line 6: schedule of game en1 changed for the steps to come: plan = 3d",
        "line 7: no backups of game en1",
        "line 8: 0 failed mail(s) of game en1 queued again",
        "line 9: greyjoy is now played by Newbie <new@x.example>",
        "line 10: martell has turned neutral",
        "line 13: the report of round 1 placement for stark queued again to a@x.example",
        "line 14: game en1 back to round 1 placement; deadline ",
        "line 15: absence 1 cancelled",
        "line 16: PREVIEW of game en1, round 1 placement closing now",
        "line 17: announcement to every player",
    ] {
        assert!(answer.contains(w), "{w:?} missing in:\n{answer}");
    }
    let results = answer.lines().filter(|l| l.starts_with("line "));
    for l in results {
        assert!(
            !l.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "Chinese in an English answer: {l}\n{answer}"
        );
    }
}
