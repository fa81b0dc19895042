//! Quoted replies (issue 39, item 5): a form filled inside the quote of the referee's mail,
//! with the house's real secret typed there, is read — `> ` and `>> ` quotes, and the
//! original below a QQ-style header that has no markers; any other quoted order text is
//! answered saying quoted text is not read and where to write; a quoted secret that is not the
//! house's own opens nothing; a normal reply whose quote holds the referee's form is
//! unaffected. On a local Maildir through the real store, in zh, zh-Hant and en.

mod maildir_support;

use maildir_support::*;

#[test]
fn a_form_filled_inside_the_quote_with_the_real_secret_is_read() {
    let dir = temp_dir("quoted");
    let cfg = write_config(&dir, "quoted");
    set_languages(&cfg, &[("A", "zh-Hant"), ("E", "en")]);
    new_game_with_known_secrets(&cfg);
    let mails = [
        // Stark (zh-Hant), an iPhone/Gmail-style quote, the form filled in it, nested once more.
        (
            "a@x.example",
            "q1",
            "好的\n\n在 2026年11月1日 週日 20:00，裁判 <referee@test.maester> 寫道：\n> 你好\n>\n>> 請回覆:\n>>     密碼: stark-s\n>>     臨冬城 行軍\n>>     白港 防守\n>>   你的部隊: 臨冬城 1K1F\n> \n> —— maester 自動裁判\n",
        ),
        // Greyjoy, QQ Mail: the original below its header, no markers.
        (
            "b@x.example",
            "q2",
            "收到\n\n------------------ 原始邮件 ------------------\n发件人: \"裁判\"<referee@test.maester>;\n发送时间: 2026年11月1日(星期天) 晚上8:00\n主题: 第1回合\n\n    密码: greyjoy-s\n    派克岛 行军\n",
        ),
        // Lannister: orders in the quote under the form's placeholder, no secret anywhere.
        (
            "c@x.example",
            "q3",
            "见下\n\n> 密码: 你的密码\n> 兰尼斯港 行军\n",
        ),
        // Baratheon: the secret outside, the orders only inside the quote.
        ("d@x.example", "q4", "密码: baratheon-s\n\n> 龙石岛 行军\n"),
        // Tyrell (en): a normal reply, the referee's form quoted below.
        (
            "e@x.example",
            "q5",
            "secret: tyrell-s\nHighgarden march\n\nOn Sun, Nov 1, 2026, Referee <referee@test.maester> wrote:\n> secret: your-secret\n>     Highgarden ___\n",
        ),
        // Martell quotes another house's mail with its secret: not Martell's.
        ("f@x.example", "q6", "> 密码: stark-s\n> 阳戟城 行军\n"),
    ];
    deliver(&dir, &mails);
    run_once(&cfg);
    let answer = |to: &str| last_answer(&dir, to);
    let stark = answer("a@x.example");
    assert!(stark.contains("裁判已收到"), "{stark}");
    assert!(
        stark.contains("臨冬城") && stark.contains("白港"),
        "{stark}"
    );
    assert!(stark.contains("引用中填寫的表格"), "{stark}");
    let greyjoy = answer("b@x.example");
    assert!(greyjoy.contains("裁判已收到"), "{greyjoy}");
    assert!(greyjoy.contains("派克岛"), "{greyjoy}");
    for (to, first) in [("c@x.example", "邮件中没有密码"), ("d@x.example", "")] {
        let a = answer(to);
        assert!(a.contains("没有被接受"), "{a}");
        assert!(a.contains(first), "{a}");
        assert!(a.contains("引用的文字") && a.contains("不会被读取"), "{a}");
    }
    let tyrell = answer("e@x.example");
    assert!(tyrell.contains("The referee received"), "{tyrell}");
    assert!(tyrell.contains("Highgarden"), "{tyrell}");
    assert!(!tyrell.contains("Quoted text"), "{tyrell}");
    assert!(!tyrell.contains("inside the quoted text"), "{tyrell}");
    let martell = answer("f@x.example");
    assert!(martell.contains("没有被接受"), "{martell}");
    assert!(martell.contains("邮件中没有密码"), "{martell}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn orders_outside_the_quote_are_never_dropped_for_a_quoted_form() {
    let dir = temp_dir("quoted-own");
    let cfg = write_config(&dir, "quotedown");
    new_game_with_known_secrets(&cfg);
    let inbox = dir.join("mail/inbox/new");
    std::fs::create_dir_all(&inbox).unwrap_or_default();
    let body = "临冬城 行军\n\n> 密码: stark-s\n> 白港 防守\n";
    std::fs::write(inbox.join("o1"), mail_from("a@x.example", "o1", body)).unwrap_or_default();
    run_once(&cfg);
    let sent = outbox_files(&dir.join("mail/outbox"));
    let stark = sent
        .iter()
        .filter(|(t, b)| t.contains("a@x.example") && b.starts_with("Re:"))
        .map(|(_, b)| b.clone())
        .next_back()
        .unwrap_or_else(|| panic!("no answer"));
    assert!(stark.contains("没有被接受"), "{stark}");
    assert!(stark.contains("邮件中没有密码"), "{stark}");
    assert!(!stark.contains("白港 防守"), "{stark}");
    let _ = std::fs::remove_dir_all(&dir);
}
