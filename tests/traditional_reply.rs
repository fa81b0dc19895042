//! A player who writes Traditional Chinese gets the answer in Traditional Chinese; a player
//! who writes Simplified keeps Simplified.

mod maildir_support;

use maildir_support::*;

#[test]
fn traditional_chinese_orders_are_answered_in_traditional_chinese() {
    let dir = temp_dir("traditional");
    let cfg = write_config(&dir, "g1");
    new_game_with_known_secrets(&cfg);
    let inbox = dir.join("mail/inbox/new");
    std::fs::create_dir_all(&inbox).unwrap_or_default();
    let trad = mail_from(
        "a@x.example",
        "t1",
        "密碼: stark-s\n臨冬城 行軍+1\n白港 支援\n",
    );
    let simp = mail_from("b@x.example", "s1", "密码: greyjoy-s\n派克岛 防守\n");
    std::fs::write(inbox.join("t1"), trad).unwrap_or_default();
    std::fs::write(inbox.join("s1"), simp).unwrap_or_default();
    run_once(&cfg);
    let mails = outbox_files(&dir.join("mail/outbox"));
    let answer = |to: &str| {
        mails
            .iter()
            .filter(|(t, b)| t.contains(to) && !b.contains("欢迎") && !b.contains("歡迎"))
            .map(|(_, b)| b.clone())
            .next_back()
            .unwrap_or_default()
    };
    let a = answer("a@x.example");
    assert!(a.contains("臨冬城 行軍+1"), "Traditional answer: {a}");
    assert!(!a.contains("临冬城"), "no Simplified left: {a}");
    let b = answer("b@x.example");
    assert!(b.contains("派克岛 防守"), "Simplified answer: {b}");
    let _ = std::fs::remove_dir_all(&dir);
}
