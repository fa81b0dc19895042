//! A mail with an HTML alternative: multipart/alternative with the text first, the HTML and its
//! inline image in multipart/related, the image named by the HTML's `cid:` link; with
//! attachments the whole is wrapped in multipart/mixed.

use maester_mail::{Attachment, HtmlBody, InlineImage, Mailbox, OutgoingMail, compose};
use mail_parser::{MessageParser, MimeHeaders, PartType};

fn mail(attachments: Vec<Attachment>) -> OutgoingMail {
    OutgoingMail {
        message_id: "r1@test.maester".into(),
        from: Mailbox::new("referee", "referee@test.maester"),
        to: vec![Mailbox::new("A", "a@x.example")],
        subject: "report".into(),
        text: "map state\n".into(),
        in_reply_to: None,
        references: vec![],
        auto_submitted: maester_mail::AutoSubmitted::Generated,
        attachments,
        html: Some(HtmlBody {
            html: "<p><img src=\"cid:map.r2@test.maester\"></p><table><tr><td>x</td></tr></table>"
                .into(),
            images: vec![InlineImage {
                content_id: "map.r2@test.maester".into(),
                content_type: "image/png".into(),
                bytes: b"\x89PNG\r\n\x1a\nnot really".to_vec(),
            }],
        }),
    }
}

fn kinds(raw: &[u8]) -> Vec<String> {
    let m = MessageParser::default().parse(raw).unwrap_or_default();
    m.parts
        .iter()
        .map(|p| {
            p.content_type()
                .map(|c| format!("{}/{}", c.c_type, c.subtype().unwrap_or("")))
                .unwrap_or_else(|| "text/plain".into())
        })
        .collect()
}

#[test]
fn html_report_is_alternative_with_the_image_related_by_cid() {
    let raw = compose(&mail(vec![])).unwrap_or_default();
    assert_eq!(
        kinds(&raw),
        vec![
            "multipart/alternative",
            "text/plain",
            "multipart/related",
            "text/html",
            "image/png"
        ]
    );
    let m = MessageParser::default().parse(&raw).unwrap_or_default();
    assert_eq!(
        m.body_text(0).map(|t| t.trim_end().to_string()).as_deref(),
        Some("map state")
    );
    let html = m.body_html(0).unwrap_or_default();
    assert!(html.contains("src=\"cid:map.r2@test.maester\""), "{html}");
    let image = m
        .parts
        .iter()
        .find(|p| p.content_id() == Some("map.r2@test.maester"))
        .map(|p| match &p.body {
            PartType::Binary(b) | PartType::InlineBinary(b) => b.to_vec(),
            _ => Vec::new(),
        })
        .unwrap_or_default();
    assert_eq!(image, b"\x89PNG\r\n\x1a\nnot really");
    let text = String::from_utf8_lossy(&raw);
    assert!(text.contains("Content-Disposition: inline"), "{text}");
}

#[test]
fn html_report_with_an_attachment_is_mixed_around_the_alternative() {
    let att = Attachment {
        filename: "state.json".into(),
        content_type: "application/json".into(),
        bytes: b"{}".to_vec(),
    };
    let raw = compose(&mail(vec![att])).unwrap_or_default();
    assert_eq!(
        kinds(&raw),
        vec![
            "multipart/mixed",
            "multipart/alternative",
            "text/plain",
            "multipart/related",
            "text/html",
            "image/png",
            "application/json"
        ]
    );
}

#[test]
fn a_mail_without_html_stays_plain_text() {
    let mut m = mail(vec![]);
    m.html = None;
    let raw = compose(&m).unwrap_or_default();
    assert_eq!(kinds(&raw), vec!["text/plain"]);
}
