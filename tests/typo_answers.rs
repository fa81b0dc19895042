//! Typos answered by mail: a misspelt keyword gets "did you mean", a leader's unique given
//! name is read without a question; on a local Maildir through the real store, in zh, zh-Hant
//! and en.

mod maildir_support;

use maildir_support::*;

#[test]
fn a_misspelt_keyword_is_answered_with_the_keyword_in_each_language() {
    let dir = temp_dir("typos");
    let cfg = write_config(&dir, "typo");
    set_languages(&cfg, &[("A", "zh-Hant"), ("E", "en")]);
    new_game_with_known_secrets(&cfg);
    let mails = [
        ("a@x.example", "t1", "密碼: stark-s\n臨冬城 行君\n"),
        ("b@x.example", "t2", "密码: greyjoy-s\n派克岛 行君\n"),
        ("e@x.example", "t3", "secret: tyrell-s\nHighgarden marhc\n"),
    ];
    deliver(&dir, &mails);
    run_once(&cfg);
    let answer = |to: &str| last_answer(&dir, to);
    let hant = answer("a@x.example");
    assert!(
        hant.contains("行軍") && hant.contains("你是不是指"),
        "{hant}"
    );
    assert!(hant.contains("第2行"), "the line: {hant}");
    let zh = answer("b@x.example");
    assert!(zh.contains("你是不是指“行军”"), "{zh}");
    let en = answer("e@x.example");
    assert!(en.contains("did you mean \"march\"?"), "{en}");
    assert!(en.contains("line 2"), "{en}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_misspelt_plan_verb_is_answered_with_the_verb_in_each_language() {
    use chrono::{DateTime, TimeDelta, Utc};
    let dir = temp_dir("typos-plan");
    let cfg = write_config(&dir, "typop");
    set_languages(&cfg, &[("A", "zh-Hant"), ("E", "en")]);
    let t0: DateTime<Utc> = "2026-05-04T02:00:00Z"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut d = new_game_at(&cfg, t0);
    let close = maester::daemon::gm::GmCommand::Process {
        step: None,
        round: None,
    };
    if let Err(e) = maester::daemon::gm::apply(&mut d, "typop", &close, t0) {
        panic!("{e}");
    }
    let mails = [
        (
            "a@x.example",
            "p1",
            "密碼: stark-s\n1) 臨冬城部隊 移動倒 卡林灣\n",
        ),
        (
            "b@x.example",
            "p2",
            "密码: greyjoy-s\n1) 派克岛部队 行君到 海疆城\n",
        ),
        (
            "e@x.example",
            "p3",
            "secret: tyrell-s\n1) Highgarden units moev to Dornish Marches\n",
        ),
    ];
    deliver(&dir, &mails);
    if let Err(e) = d.tick(t0 + TimeDelta::minutes(1)) {
        panic!("{e}");
    }
    let answer = |to: &str| last_answer(&dir, to);
    let hant = answer("a@x.example");
    assert!(hant.contains("你是不是指“移動到”"), "{hant}");
    let zh = answer("b@x.example");
    assert!(zh.contains("你是不是指“行军到”"), "{zh}");
    let en = answer("e@x.example");
    assert!(en.contains("did you mean \"move\"?"), "{en}");
    let _ = std::fs::remove_dir_all(&dir);
}
