//! Lines that are no orders: a greeting, a thank-you, a sign-off by name are ignored and
//! listed; a line that names something of the game and does not parse still refuses the
//! mail. `//` comments and an end line (`结束` / `end`); the secret read like the orders.

mod lang_support;

use lang_support::names;
use maester::lang::parse_submission;
use maester::lang::secret::secret_candidates;

fn ignored(text: &str) -> (usize, Vec<(usize, String)>, usize) {
    let p = parse_submission(text, names());
    (p.items.len(), p.ignored, p.errors.len())
}

#[test]
fn greetings_and_thanks_are_ignored_and_listed() {
    let (items, junk, errors) = ignored("你好，GM\n临冬城 行军+1\nThanks, see you!\n谢谢");
    assert_eq!((items, errors), (1, 0));
    assert_eq!(
        junk,
        vec![
            (1, "你好，GM".to_string()),
            (3, "Thanks, see you!".to_string()),
            (4, "谢谢".to_string())
        ]
    );
}

#[test]
fn a_heading_above_the_orders_is_ignored() {
    for line in [
        "我的命令如下:",
        "Here are my orders for this round:",
        "等待大家的命令",
    ] {
        let (items, junk, errors) = ignored(&format!("{line}\n临冬城 行军+1"));
        assert_eq!((items, errors, junk.len()), (1, 0, 1), "{line}");
    }
}

#[test]
fn a_sign_off_by_a_house_or_leader_name_alone_is_ignored() {
    for line in ["Stannis", "—— 白狼", "史坦尼斯", "Stark"] {
        let (items, junk, errors) = ignored(&format!("临冬城 行军+1\n{line}"));
        assert_eq!((items, errors, junk.len()), (1, 0, 1), "{line}");
    }
}

#[test]
fn a_line_that_names_something_of_the_game_still_refuses() {
    for line in [
        "卡霍城 进攻",
        "Winterfell attacks now",
        "白狼 你好",
        "我这回合全力防守",
        "2F 走",
        "1) 随便",
    ] {
        let (_, junk, errors) = ignored(&format!("临冬城 行军+1\n{line}"));
        assert!(errors >= 1 && junk.is_empty(), "{line}: {errors} {junk:?}");
    }
}

#[test]
fn comments_are_cut_and_a_url_is_no_comment() {
    let (items, junk, errors) = ignored("临冬城 行军+1 // 主攻\n// 整行注释\n白港 支援");
    assert_eq!((items, junk.len(), errors), (2, 0, 0));
    let p = parse_submission("密码: stark-s // 我的密码", names());
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    let (_, junk, errors) = ignored("http://example.com/maester");
    assert_eq!((junk.len(), errors), (1, 0));
}

#[test]
fn nothing_after_an_end_line_is_read() {
    for end in ["结束", "END", "end.", "結束。"] {
        let (items, junk, errors) =
            ignored(&format!("临冬城 行军+1\n{end}\n卡霍城 进攻\n临冬城 乱写"));
        assert_eq!((items, junk.len(), errors), (1, 0, 0), "{end}");
    }
    // "end" inside an order line is no end line.
    let (_, _, errors) = ignored("临冬城 行军+1 end\n白港 支援");
    assert_eq!(errors, 1);
}

#[test]
fn the_secret_is_normalised_like_the_orders() {
    assert!(secret_candidates("６ｓ８ｖｘｂ５ｐ").contains(&"6s8vxb5p".to_string()));
    assert!(secret_candidates("6s8vxb5p。").contains(&"6s8vxb5p".to_string()));
    assert!(secret_candidates("6S8VXB5P.").contains(&"6s8vxb5p".to_string()));
    assert!(secret_candidates("“6s8vxb5p”").contains(&"6s8vxb5p".to_string()));
    // As written first; no duplicate when nothing changes.
    assert_eq!(secret_candidates("6s8vxb5p"), vec!["6s8vxb5p".to_string()]);
    assert_eq!(secret_candidates("Ab")[0], "Ab");
    assert!(secret_candidates("。").iter().all(|s| !s.is_empty()));
}
