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
    let (_cfg, d) = new_game_with_gm(&dir, id, now);
    answer_of(&dir, d, id, body, now)
}

/// As [`answer_to`], the game in Beijing time (its times said in that zone).
fn answer_in_beijing(tag: &str, id: &str, body: &str, now: DateTime<Utc>) -> String {
    let dir = temp_dir(&format!("gm-lang-{tag}"));
    let cfg = write_config(&dir, id);
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    let text = text
        .replace("[daemon]\n", "[daemon]\ngm_address = \"gm@x.example\"\n")
        .replace("timezone = \"UTC\"", "timezone = \"Asia/Shanghai\"");
    std::fs::write(&cfg, text).unwrap_or_default();
    let mut d = open_daemon(&cfg);
    let mut secrets: Vec<String> = HOUSES.iter().map(|h| format!("{h}-s")).collect();
    secrets.push("gm-s".into());
    if let Err(e) = maester::daemon::games::new_game(&mut d, now, Some(secrets)) {
        panic!("{e}");
    }
    answer_of(&dir, d, id, body, now)
}

/// The answer to the GM's mail `body` to game `id` of the daemon `d` of `dir`; `dir` removed.
fn answer_of(
    dir: &std::path::Path,
    mut d: maester::daemon::Daemon,
    id: &str,
    body: &str,
    now: DateTime<Utc>,
) -> String {
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
    let _ = std::fs::remove_dir_all(dir);
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
        "line 8: 0 failed mails of game en1 queued again",
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

/// A GM mail whose every command (but one `退出`) is refused, in Simplified Chinese.
const ZH_REFUSED: &str = "密码: gm-s\r\n延期 +1x\r\n延期 2020-01-01 10:00\r\n恢复\r\n回滚: 测试\r\n\
    代交 无名氏\r\n临冬城 防守\r\n结束\r\n退出 martell\r\n退出 martell\r\n代交 martell\r\n\
    阳戟城 防守\r\n结束\r\n请假 stark 13-45 到 12-01\r\n取消请假 99\r\n\
    日程 foo=3d\r\n提醒 abc\r\n代交 白狼\r\n临冬城 飞翔\r\n结束\r\n换人 greyjoy 新玩家\r\n\
    第3回合 plan\r\n结算\r\n延期 +1d\r\n";

/// Why each line of [`ZH_REFUSED`] was refused, in Simplified Chinese (the game in Beijing
/// time, id `zr1`).
const ZH_REFUSALS: &[&str] = &[
    "第2行:未执行 —— 截止时间「+1x」读不懂:时长写成 +30m、+12h、+1d 或 +1d12h",
    "第3行:未执行 —— 「2020-01-01 10:00」即 2020年1月1日 10:00 (北京时间/Asia/Shanghai),不在将来:要现在结算这一步请用「结算」",
    "第4行:未执行 —— 游戏 zr1 没有暂停",
    "第5行:未执行 —— 游戏 zr1 还没有结算过的步骤可以回滚",
    "第6行:未执行 —— 没有「无名氏」这个家族:请写家族的中文名或 stark、",
    "第9行:橙日已成为中立家族",
    "第10行:未执行 —— 橙日已经是中立家族",
    "第11行:未执行 —— 橙日是中立家族:不接受命令",
    "第14行:未执行 —— 13-45 到 12-01:没有这些日期,或结束早于开始,或已经过去",
    "第15行:未执行 —— 游戏 zr1 没有可以取消的请假 99",
    "第16行:未执行 —— 时间表没有修改:没有「foo」这一项",
    "第17行:未执行 —— 提醒没有修改:「abc」不是大于 0 的时长",
    "第18行:未执行 —— 给白狼录入的提交没有被接受,没有任何改变:\n  第1行:临冬城 飞翔 —— ",
    "第21行:未执行 —— 写法:换人 <家族> <名字> <地址> [zh|zh-Hant|en]",
    "第22行:以下指令针对第3回合制定执行方案阶段",
    "第23行:未执行 —— 游戏 zr1 现在是第1回合布置军事命令阶段,不是第3回合制定执行方案阶段:没有结算",
    "第24行:未执行 —— 游戏 zr1 现在是第1回合布置军事命令阶段,不是第3回合制定执行方案阶段:没有执行任何操作",
];

/// English words of a refusal, which a Chinese answer must not hold.
const ENGLISH_REFUSALS: &[&str] = &[
    "nothing done",
    "nothing closed",
    "no house",
    "is neutral",
    "not paused",
    "roll back",
    "is not a day",
    "to cancel",
    "schedule not changed",
    "not accepted",
    "not in the future",
    "deadline =",
    "expected",
    "[game.reminders]",
    "refused",
];

fn assert_no_english_refusal(answer: &str) {
    for e in ENGLISH_REFUSALS {
        assert!(!answer.contains(e), "English {e:?} in:\n{answer}");
    }
}

#[test]
fn a_gm_mail_in_simplified_chinese_is_refused_in_it() {
    let now = Utc::now();
    let answer = answer_in_beijing("refused-hans", "zr1", ZH_REFUSED, now);
    for w in ZH_REFUSALS {
        assert!(answer.contains(w), "{w:?} missing in:\n{answer}");
    }
    assert_no_english_refusal(&answer);
}

#[test]
fn a_gm_mail_in_traditional_chinese_is_refused_in_traditional_characters() {
    let now = Utc::now();
    let body = to_traditional(ZH_REFUSED);
    assert_ne!(
        body, ZH_REFUSED,
        "the mail is written in Traditional characters"
    );
    let answer = answer_in_beijing("refused-hant", "zr1", &body, now);
    for w in ZH_REFUSALS {
        let w = to_traditional(w);
        assert!(answer.contains(&w), "{w:?} missing in:\n{answer}");
    }
    assert!(answer.contains("沒有「無名氏」這個家族"), "{answer}");
    assert_no_english_refusal(&answer);
}

#[test]
fn a_gm_mail_in_english_is_refused_in_english_as_on_the_command_line() {
    let now = Utc::now();
    let body = "secret: gm-s\r\ndeadline +1x\r\ndeadline 2020-01-01 10:00\r\nresume\r\n\
        rollback: testing\r\nsubmit nobody\r\nWinterfell defence\r\nend\r\nleave martell\r\n\
        leave martell\r\nsubmit martell\r\nSunspear defence\r\nend\r\n\
        absence stark 13-45 to 12-01\r\ncancel absence 99\r\nschedule foo=3d\r\nreminders abc\r\n\
        submit stark\r\nWinterfell fly\r\nend\r\nreplace greyjoy Newbie\r\nround 3 plan\r\n\
        process\r\ndeadline +1d\r\n";
    let answer = answer_in_beijing("refused-en", "er1", body, now);
    for w in [
        "line 2: refused — deadline = \"+1x\": ",
        "line 3: refused — 2020-01-01 10:00 is not in the future: to close the step now use process",
        "line 4: refused — game er1 is not paused",
        "line 5: refused — game er1 has no closed step to roll back",
        "line 6: refused — no house \"nobody\": use one of stark, ",
        "line 9: martell has turned neutral",
        "line 10: refused — martell is neutral already",
        "line 11: refused — martell is neutral: it takes no orders",
        "line 14: refused — 13-45 to 12-01: no such days, or it ends before it starts or in the past",
        "line 15: refused — no absence 99 of game er1 to cancel",
        "line 16: refused — schedule not changed: no step \"foo\": use ",
        "line 17: refused — [game.reminders] before \"abc\": ",
        // Stark's player reads Chinese; the GM reads why in English.
        "line 18: refused — the submission for stark was not accepted, nothing changed:\n  line 1: Winterfell fly — ",
        "line 21: refused — write `replace <house> <name> <address> [zh|zh-Hant|en]`",
        "line 23: refused — the open step of game er1 is round 1 placement, not round 3 plan: nothing closed",
        "line 24: refused — the open step of game er1 is round 1 placement, not round 3 plan: nothing done",
    ] {
        assert!(answer.contains(w), "{w:?} missing in:\n{answer}");
    }
    for l in answer
        .lines()
        .filter(|l| l.contains("refused") || l.contains("  line "))
    {
        assert!(
            !l.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "Chinese in an English refusal: {l}\n{answer}"
        );
    }
}
