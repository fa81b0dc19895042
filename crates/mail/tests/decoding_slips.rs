//! Decoding mails that slipped on real corpora: alternatives, repeated headers, UTF-7,
//! leading blank lines, encoded-words split inside a character, raw bytes inside a word,
//! format=flowed, attachments.

use maester_mail::decode;

fn mail(headers: &str, body: &str) -> Vec<u8> {
    format!("{headers}\r\n\r\n{body}").into_bytes()
}

const BASE: &str = "From: Theon <theon@example.com>\r\nTo: referee@maester.example\r\nMessage-ID: <slip@example.com>\r\nDate: Wed, 25 Nov 2026 20:31:00 +0800";

#[test]
fn one_alternative_is_read_plain_preferred() {
    let raw = mail(
        &format!(
            "{BASE}\r\nSubject: orders\r\nMIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary=\"b1\""
        ),
        "--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n临冬城 行军+1\r\n--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n临冬城 行军+1\r\n--b1\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<div>临冬城 行军+1</div>\r\n--b1--\r\n",
    );
    let m = decode(&raw);
    assert_eq!(m.orders_text, "临冬城 行军+1");
}

#[test]
fn html_alternative_is_read_when_there_is_no_plain_text() {
    let raw = mail(
        &format!(
            "{BASE}\r\nSubject: orders\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"m\""
        ),
        "--m\r\nContent-Type: multipart/alternative; boundary=\"a\"\r\n\r\n--a\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<div>白港 防守</div><div>临冬城 行军+1</div>\r\n--a--\r\n--m\r\nContent-Type: image/png; name=\"map.png\"\r\nContent-Disposition: attachment; filename=\"map.png\"\r\nContent-Transfer-Encoding: base64\r\n\r\niVBORw0KGgo=\r\n--m--\r\n",
    );
    let m = decode(&raw);
    assert_eq!(m.orders_text, "白港 防守\n临冬城 行军+1");
    assert_eq!(m.attachments, vec!["map.png".to_string()]);
}

#[test]
fn orders_only_in_an_attachment_are_named_not_read() {
    let raw = mail(
        &format!(
            "{BASE}\r\nSubject: orders\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"m\""
        ),
        "--m\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\r\n--m\r\nContent-Type: text/plain; charset=utf-8; name=\"orders.txt\"\r\nContent-Disposition: attachment; filename=\"orders.txt\"\r\n\r\n密码: 6s8vxb5p\r\n临冬城 行军+1\r\n--m--\r\n",
    );
    let m = decode(&raw);
    assert_eq!(m.orders_text, "");
    assert_eq!(m.attachments, vec!["orders.txt".to_string()]);
}

#[test]
fn a_repeated_from_keeps_the_first() {
    let raw = mail(
        "From: Theon <theon@example.com>\r\nFrom: Robb <robb@example.com>\r\nTo: referee@maester.example\r\nSubject: orders",
        "临冬城 行军+1\r\n",
    );
    let m = decode(&raw);
    assert_eq!(m.from_addr.as_deref(), Some("theon@example.com"));
}

#[test]
fn a_repeated_content_type_keeps_the_first_and_the_body() {
    let raw = mail(
        &format!(
            "{BASE}\r\nSubject: orders\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Type: multipart/mixed;\r\n boundary=\"nothing\""
        ),
        "临冬城 行军+1\r\n",
    );
    assert_eq!(decode(&raw).orders_text, "临冬城 行军+1");
}

#[test]
fn a_leading_whitespace_only_line_is_tolerated() {
    let mut raw = b" \r\n".to_vec();
    raw.extend(mail(
        &format!("{BASE}\r\nSubject: orders"),
        "临冬城 行军+1\r\n",
    ));
    let m = decode(&raw);
    assert_eq!(m.from_addr.as_deref(), Some("theon@example.com"));
    assert_eq!(m.subject, "orders");
    assert_eq!(m.orders_text, "临冬城 行军+1");
}

#[test]
fn utf7_body_keeps_the_colon_after_the_secret_word() {
    let raw = mail(
        &format!("{BASE}\r\nSubject: orders\r\nContent-Type: text/plain; charset=utf-7"),
        "+W8Z4AQ: 6s8vxb5p\r\n",
    );
    assert_eq!(decode(&raw).orders_text, "密码: 6s8vxb5p");
}

#[test]
fn utf7_body_in_base64_is_decoded_too() {
    // "+W8Z4AQ: x" in base64.
    let raw = mail(
        &format!(
            "{BASE}\r\nSubject: orders\r\nContent-Type: text/plain; charset=UTF-7\r\nContent-Transfer-Encoding: base64"
        ),
        "K1c4WjRBUTogeA==\r\n",
    );
    assert_eq!(decode(&raw).orders_text, "密码: x");
}

#[test]
fn a_gbk_subject_split_inside_a_character_is_joined_before_decoding() {
    // 第3回合命令 in GBK, cut after the first byte of 回.
    let raw = mail(
        &format!("{BASE}\r\nSubject: =?GBK?B?tdozuw==?=\r\n =?GBK?B?2LrPw/zB7g==?="),
        "x\r\n",
    );
    assert_eq!(decode(&raw).subject, "第3回合命令");
}

#[test]
fn words_in_different_charsets_and_plain_text_between_them() {
    let raw = mail(
        &format!(
            "{BASE}\r\nSubject: Re: =?utf-8?B?56ysM+WbnuWQiA==?= [g1]  =?gbk?Q?=C3=FC=C1=EE?="
        ),
        "x\r\n",
    );
    assert_eq!(decode(&raw).subject, "Re: 第3回合 [g1] 命令");
}

#[test]
fn a_raw_8bit_byte_inside_an_encoded_word_is_decoded_once() {
    let mut raw = format!("{BASE}\r\nSubject: =?gbk?Q?").into_bytes();
    raw.extend([0xb5, 0xda]); // 第, raw inside the word
    raw.extend(b"3=BB=D8=BA=CF?=\r\nContent-Type: text/plain; charset=gbk\r\n\r\nx\r\n");
    assert_eq!(decode(&raw).subject, "第3回合");
}

#[test]
fn thunderbird_format_flowed_with_delsp_is_unflowed_before_reading() {
    let raw = mail(
        &format!(
            "{BASE}\r\nSubject: orders\r\nUser-Agent: Mozilla Thunderbird\r\nContent-Type: text/plain; charset=UTF-8; format=flowed; delsp=yes\r\nContent-Transfer-Encoding: 8bit"
        ),
        "密码: 6s8vxb5p\r\n石圣堂 \r\n巩固统治\r\n临冬城 行军+1\r\n",
    );
    assert_eq!(
        decode(&raw).orders_text,
        "密码: 6s8vxb5p\n石圣堂巩固统治\n临冬城 行军+1"
    );
}

#[test]
fn an_empty_plain_alternative_gives_way_to_the_html_one() {
    let raw = mail(
        &format!(
            "{BASE}\r\nSubject: orders\r\nMIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary=\"b1\""
        ),
        "--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n \r\n\r\n--b1\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<div>临冬城 行军+1</div>\r\n--b1--\r\n",
    );
    assert_eq!(decode(&raw).orders_text, "临冬城 行军+1");
}
