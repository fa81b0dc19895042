//! The answer to refused orders, through the daemon: each error quotes its line and number —
//! a count error every line that counts toward the limit —, says the fix, and names the lines
//! that were fine.

mod maildir_support;

use maildir_support::*;

/// The answer the daemon wrote to `to` (not the welcome mail).
fn answer_to(dir: &std::path::Path, to: &str) -> String {
    outbox_files(&dir.join("mail/outbox"))
        .into_iter()
        .filter(|(t, b)| t.contains(to) && !b.contains("欢迎") && !b.contains("Welcome"))
        .map(|(_, b)| b)
        .next_back()
        .unwrap_or_default()
}

/// The answer to one mail from `from`; `english`: player A (Stark) reads English.
fn run_with(tag: &str, from: &str, body: &str, english: bool) -> String {
    let dir = temp_dir(tag);
    let cfg = write_config(&dir, "g1");
    if english {
        let text = std::fs::read_to_string(&cfg).unwrap_or_default();
        let text = text.replace("name = \"A\"\n", "name = \"A\"\nlanguage = \"en\"\n");
        std::fs::write(&cfg, text).unwrap_or_default();
    }
    new_game_with_known_secrets(&cfg);
    let inbox = dir.join("mail/inbox/new");
    std::fs::create_dir_all(&inbox).unwrap_or_default();
    std::fs::write(inbox.join("m1"), mail_from(from, "m1", body)).unwrap_or_default();
    run_once(&cfg);
    let a = answer_to(&dir, from);
    let _ = std::fs::remove_dir_all(&dir);
    a
}

#[test]
fn a_special_order_limit_error_quotes_each_special_line_and_names_the_fine_ones() {
    // Greyjoy is last on the King's Court: no special order (004:L1196).
    let a = run_with(
        "answer-special",
        "b@x.example",
        "密码: greyjoy-s\n派克岛 行军+1\n灰水望 防守\n铁民湾 支援+1\n派克岛港口 突袭\n",
        false,
    );
    assert!(a.contains("没有被接受"), "{a}");
    assert!(a.contains("  第2行:派克岛 行军+1\n"), "{a}");
    assert!(a.contains("  第4行:铁民湾 支援+1\n"), "{a}");
    assert!(a.contains("改法:去掉2条特殊命令"), "{a}");
    assert!(a.contains("第3、5行没有问题。"), "{a}");
    assert!(!a.contains("第0行"), "{a}");
}

#[test]
fn a_march_limit_error_in_english_quotes_every_march_line() {
    let a = run_with(
        "answer-marches",
        "a@x.example",
        "secret: stark-s\nWinterfell march\nWhite Harbor march\nThe Shivering Sea march\n",
        true,
    );
    assert!(a.contains("  line 2: Winterfell march\n"), "{a}");
    assert!(a.contains("  line 3: White Harbor march\n"), "{a}");
    assert!(a.contains("  line 4: The Shivering Sea march\n"), "{a}");
    assert!(a.contains("To fix: remove 1 normal march order."), "{a}");
}

#[test]
fn a_parse_error_beside_good_lines_says_which_lines_were_fine() {
    let a = run_with(
        "answer-fine",
        "b@x.example",
        "密码: greyjoy-s\n派克岛 防守\n灰水望 飞翔\n铁民湾 支援\n",
        false,
    );
    assert!(a.contains("第3行"), "{a}");
    assert!(a.contains("第2、4行没有问题。"), "{a}");
}
