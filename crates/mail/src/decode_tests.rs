//! Tests of [`super::decode`] on the sample mails in `tests/fixtures/mail/`
//! (made by `tests/fixtures/mail/make_fixtures.py`).

use super::{AutoKind, decode};
use crate::test_util::fixture;

const ORDERS: &str = "临冬城 行军+1\n御林步兵 移动到 君临城\n狭海战舰 突袭 五指半岛";

#[test]
fn gbk_quoted_printable_body_decodes() {
    let m = decode(&fixture("gbk_qp.eml"));
    assert_eq!(m.subject, "第3回合 命令");
    assert_eq!(m.from_name.as_deref(), Some("北境之王"));
    assert_eq!(m.from_addr.as_deref(), Some("stark.player@qq.com"));
    assert_eq!(m.to, vec!["referee@maester.example".to_string()]);
    assert_eq!(m.message_id.as_deref(), Some("gbk-qp-1@qq.example"));
    assert_eq!(m.body.trim_end(), ORDERS);
    assert_eq!(m.orders_text, ORDERS);
    assert_eq!(m.auto, None);
    let date = m.date.map(|d| d.to_rfc3339());
    assert_eq!(date.as_deref(), Some("2026-11-01T13:15:00+00:00"));
}

#[test]
fn gb2312_base64_body_decodes() {
    let m = decode(&fixture("gb2312_base64.eml"));
    assert_eq!(m.subject, "第3回合 命令");
    assert_eq!(m.from_name.as_deref(), Some("兰尼斯特"));
    assert_eq!(m.orders_text, ORDERS);
}

#[test]
fn big5_base64_body_decodes() {
    let m = decode(&fixture("big5_base64.eml"));
    assert_eq!(m.subject, "第3回合 命令");
    assert_eq!(m.from_name.as_deref(), Some("提利爾"));
    assert_eq!(
        m.orders_text,
        "臨冬城 行軍+1\n御林步兵 移動到 君臨城\n狹海戰艦 突襲 五指半島"
    );
}

#[test]
fn utf8_mail_decodes_with_threading_headers() {
    let m = decode(&fixture("utf8.eml"));
    assert_eq!(m.subject, "第3回合 命令");
    assert_eq!(m.from_name.as_deref(), Some("Baratheon"));
    assert_eq!(m.in_reply_to.as_deref(), Some("report-3@maester.example"));
    assert_eq!(
        m.references,
        vec![
            "start@maester.example".to_string(),
            "report-3@maester.example".to_string()
        ]
    );
    assert_eq!(m.orders_text, ORDERS);
}

#[test]
fn html_only_gbk_mail_keeps_one_order_per_line() {
    let m = decode(&fixture("html_only_gbk.eml"));
    assert_eq!(m.subject, "回复：第2回合 结果");
    for line in ORDERS.lines() {
        assert!(
            m.body.lines().any(|l| l.trim() == line),
            "{line:?} not a line of {:?}",
            m.body
        );
    }
    assert_eq!(m.orders_text, ORDERS);
}

#[test]
fn chinese_reply_header_and_quotes_are_dropped() {
    let m = decode(&fixture("reply_chinese.eml"));
    assert!(m.body.contains("写道："));
    assert!(m.body.contains("> 临冬城 防守+1"));
    assert_eq!(m.orders_text, ORDERS);
    assert_eq!(m.in_reply_to.as_deref(), Some("report-2@maester.example"));
}

#[test]
fn outlook_original_message_block_is_dropped() {
    let m = decode(&fixture("reply_outlook.eml"));
    assert_eq!(m.subject, "RE: 第2回合 结果");
    assert!(m.body.contains("-----Original Message-----"));
    assert_eq!(m.orders_text, ORDERS);
}

#[test]
fn qq_mail_original_separator_is_dropped() {
    let m = decode(&fixture("reply_qq.eml"));
    assert_eq!(m.from_name.as_deref(), Some("史塔克"));
    assert!(m.body.contains("原始邮件"));
    assert_eq!(m.orders_text, ORDERS);
}

#[test]
fn english_reply_header_wrapped_over_two_lines_is_dropped() {
    let m = decode(&fixture("reply_english.eml"));
    assert_eq!(m.orders_text, ORDERS);
}

#[test]
fn signature_after_dash_dash_space_is_dropped() {
    let m = decode(&fixture("signature.eml"));
    assert!(m.body.contains("北境之王"));
    assert_eq!(m.orders_text, ORDERS);
}

#[test]
fn auto_submitted_mail_is_an_auto_reply() {
    let m = decode(&fixture("autoreply.eml"));
    assert_eq!(m.auto, Some(AutoKind::AutoReply));
    assert_eq!(m.subject, "自动回复：第2回合 结果");
}

#[test]
fn delivery_status_report_from_mailer_daemon_is_a_bounce() {
    let m = decode(&fixture("bounce.eml"));
    assert_eq!(m.auto, Some(AutoKind::Bounce));
    assert_eq!(
        m.from_addr.as_deref(),
        Some("mailer-daemon@mx.maester.example")
    );
    assert!(m.body.contains("could not"));
}

#[test]
fn raw_8bit_gbk_subject_is_decoded_with_the_body_charset() {
    let m = decode(&fixture("raw8bit_subject_gbk.eml"));
    assert_eq!(m.subject, "第3回合 命令");
    assert_eq!(m.orders_text, ORDERS);
    assert_eq!(m.from_addr.as_deref(), Some("stark@qq.example"));
}

#[test]
fn garbage_bytes_do_not_panic() {
    let junk = fixture("garbage.bin");
    let _ = decode(&junk);
    for len in [0, 1, 2, 10, 100, 1000, junk.len()] {
        let _ = decode(&junk[..len.min(junk.len())]);
    }
    // every fixture cut at every 7th byte
    for name in ["gbk_qp.eml", "bounce.eml", "html_only_gbk.eml"] {
        let raw = fixture(name);
        for cut in (0..raw.len()).step_by(7) {
            let _ = decode(&raw[..cut]);
        }
    }
}

#[test]
fn hostile_html_does_not_panic() {
    let nested = format!(
        "Content-Type: text/html\r\n\r\n{}x{}",
        "<div>".repeat(20_000),
        "</div>".repeat(20_000)
    );
    let m = decode(nested.as_bytes());
    assert!(m.body.contains('x'));
    let unclosed = "Content-Type: text/html\r\n\r\n<table><tr><td><ul><li><table>临冬城 行军+1";
    let m = decode(unclosed.as_bytes());
    assert!(m.body.contains("临冬城 行军+1"), "{:?}", m.body);
}

#[test]
fn list_and_bulk_mail_is_flagged_but_plain_mail_is_not() {
    let list = b"From: a@b.c\r\nList-Id: <game.forum.example>\r\nSubject: x\r\n\r\nhi\r\n";
    assert_eq!(decode(list).auto, Some(AutoKind::Bulk));
    let bulk = b"From: a@b.c\r\nPrecedence: bulk\r\nSubject: x\r\n\r\nhi\r\n";
    assert_eq!(decode(bulk).auto, Some(AutoKind::Bulk));
    let suppress = b"From: a@b.c\r\nX-Auto-Response-Suppress: All\r\nSubject: x\r\n\r\nhi\r\n";
    assert_eq!(decode(suppress).auto, None);
    let no = b"From: a@b.c\r\nAuto-Submitted: no\r\nSubject: x\r\n\r\nhi\r\n";
    assert_eq!(decode(no).auto, None);
    let xauto = b"From: a@b.c\r\nX-Autoreply: yes\r\nSubject: x\r\n\r\nhi\r\n";
    assert_eq!(decode(xauto).auto, Some(AutoKind::AutoReply));
}

#[test]
fn nbsp_and_zero_width_characters_do_not_reach_the_orders() {
    let raw = "Content-Type: text/html; charset=utf-8\r\n\r\n\u{feff}<div>临冬城&nbsp;行军+1</div><div>\u{200b}御林步兵 移动到 君临城</div>";
    let m = decode(raw.as_bytes());
    assert_eq!(m.orders_text, "临冬城 行军+1\n御林步兵 移动到 君临城");
}

#[test]
fn outlook_html_reply_header_block_is_dropped() {
    let raw = "Content-Type: text/html; charset=utf-8\r\n\r\n<div>临冬城 行军+1</div>\
               <div id=\"divRplyFwdMsg\"><hr><b>From:</b> Referee &lt;r@x&gt;<br><b>Sent:</b> Sunday<br>\
               <b>To:</b> s@x<br><b>Subject:</b> R2</div><div>临冬城 防守+1</div>";
    let m = decode(raw.as_bytes());
    assert_eq!(m.orders_text, "临冬城 行军+1");
}

#[test]
fn raw_gbk_body_without_charset_is_read_as_gbk() {
    let mut raw =
        b"From: stark@qq.example\r\nSubject: x\r\nContent-Type: text/plain\r\n\r\n".to_vec();
    // "临冬城 行军+1" in GBK
    raw.extend_from_slice(b"\xc1\xd9\xb6\xac\xb3\xc7 \xd0\xd0\xbe\xfc+1\r\n");
    assert_eq!(decode(&raw).orders_text, "临冬城 行军+1");
    // a declared charset is trusted
    let utf8 = "From: a@b.c\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n临冬城 行军+1\r\n";
    assert_eq!(decode(utf8.as_bytes()).orders_text, "临冬城 行军+1");
}
