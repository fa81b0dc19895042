//! What a player wrote, separated from signatures, sign-offs and the quoted report, in the
//! shapes real clients give them (`maester_mail::quote::strip_quotes`).

use maester_mail::quote::strip_quotes;

const ORDERS: &str = "密码: 6s8vxb5p\n临冬城 行军+1\n白港 防守";

#[test]
fn qq_personal_signature_block_is_cut() {
    let body =
        format!("{ORDERS}\n\n------------------ 个人签名 ------------------\n北境之王\n凛冬将至");
    assert_eq!(strip_quotes(&body), ORDERS);
}

#[test]
fn a_rule_of_six_dashes_starts_a_signature() {
    let body = format!("{ORDERS}\n------\nTheon Greyjoy\n派克岛");
    assert_eq!(strip_quotes(&body), ORDERS);
    // Five dashes are no signature rule: the line is kept for the order language to judge.
    let body = format!("{ORDERS}\n-----\n派克岛 行军");
    assert_eq!(strip_quotes(&body), format!("{ORDERS}\n-----\n派克岛 行军"));
}

#[test]
fn outlook_mobile_and_phone_client_lines_are_dropped() {
    for line in [
        "获取 Outlook for iOS",
        "获取Outlook for Android",
        "Get Outlook for iOS",
        "Sent from my iPhone",
        "发自我的iPhone",
        "发自我的 iPad",
        "Sent from Mail for Windows",
        "发自网易邮箱大师",
    ] {
        let body = format!("{ORDERS}\n\n{line}\n");
        assert_eq!(strip_quotes(&body), ORDERS, "{line}");
    }
}

#[test]
fn foxmail_trailing_address_and_date_lines_are_dropped() {
    let body = format!("{ORDERS}\n\n\n2026-11-25\n\nTheon@foxmail.com\n");
    assert_eq!(strip_quotes(&body), ORDERS);
    // An address in the middle of the text is not a signature.
    let body = format!("theon@foxmail.com\n{ORDERS}");
    assert_eq!(strip_quotes(&body), body);
}

#[test]
fn chinese_bottom_posting_keeps_the_text_after_the_quote() {
    let body = format!(
        "在 2026/11/25 20:31, maester 写道:\n> 第2回合 结果\n> 请在截止前发送命令\n>\n\n{ORDERS}\n"
    );
    assert_eq!(strip_quotes(&body), ORDERS);
}

#[test]
fn gmail_bottom_posting_with_wrapped_attribution_keeps_the_text() {
    let body = format!(
        "On Wed, Nov 25, 2026 at 8:31 PM maester <referee@maester.example>\nwrote:\n\n> Round 2 results\n> Send your orders\n\n{ORDERS}\n\n-- \nTheon\n"
    );
    assert_eq!(strip_quotes(&body), ORDERS);
}

#[test]
fn gmail_top_posting_keeps_the_text_above_the_quote() {
    let body = format!(
        "{ORDERS}\n\nOn Wed, Nov 25, 2026 at 8:31 PM maester <referee@maester.example> wrote:\n> Round 2 results\n> 临冬城 行军\n"
    );
    assert_eq!(strip_quotes(&body), ORDERS);
}

#[test]
fn inline_answers_between_quoted_blocks_are_kept() {
    let body = format!("maester 写道：\n> 第一段\n{ORDERS}\n> 第二段\n海疆城 支援\n");
    assert_eq!(strip_quotes(&body), format!("{ORDERS}\n海疆城 支援"));
}

#[test]
fn outlook_original_message_still_cuts_what_follows() {
    let body = format!(
        "{ORDERS}\n\n-----原始邮件-----\n发件人: maester\n主题: 结果\n\n临冬城 行军+1 (old)\n"
    );
    assert_eq!(strip_quotes(&body), ORDERS);
}
