//! A mail sent again (`maester gm resend`) is the same message under a new Message-ID, a reply
//! to the first one, to the house's current address.

use maester_mail::{
    Attachment, AutoSubmitted, Mailbox, OutgoingMail, compose, decode, resent_copy,
};

fn original() -> Vec<u8> {
    let mail = OutgoingMail {
        message_id: "maester.first@example.org".into(),
        from: Mailbox::new("maester", "gm@example.org"),
        to: vec![Mailbox::new("史塔克", "old@example.org")],
        subject: "[g] 第1回合 结算报告".into(),
        text: "临冬城: 2F\n卡霍城: 1K\n".into(),
        in_reply_to: Some("maester.before@example.org".into()),
        references: vec![
            "maester.start@example.org".into(),
            "maester.before@example.org".into(),
        ],
        auto_submitted: AutoSubmitted::Generated,
        attachments: vec![Attachment {
            filename: "map.txt".into(),
            content_type: "text/plain".into(),
            bytes: b"map".to_vec(),
        }],
        html: None,
    };
    compose(&mail).expect("compose")
}

#[test]
fn a_resent_mail_has_a_new_id_and_replies_to_the_original() {
    let raw = original();
    let copy = resent_copy(
        &raw,
        "maester.second@example.org",
        "Wed, 25 Nov 2026 20:00:00 +0000",
        "new@example.org",
    )
    .expect("resend");
    let d = decode(&copy);
    assert_eq!(d.message_id.as_deref(), Some("maester.second@example.org"));
    assert_eq!(d.in_reply_to.as_deref(), Some("maester.first@example.org"));
    assert_eq!(
        d.references,
        vec![
            "maester.start@example.org".to_string(),
            "maester.before@example.org".to_string(),
            "maester.first@example.org".to_string()
        ]
    );
    assert_eq!(d.subject, "[g] 第1回合 结算报告");
    assert!(d.body.contains("临冬城: 2F"), "{}", d.body);
    let text = String::from_utf8_lossy(&copy);
    assert_eq!(text.matches("Message-ID:").count(), 1, "{text}");
    assert_eq!(
        text.matches("\nTo:").count() + usize::from(text.starts_with("To:")),
        1
    );
    assert!(text.contains("To: new@example.org\r\n"));
    assert!(!text.contains("old@example.org"), "{text}");
    assert!(text.contains("map.txt"), "the attachment is kept");
}

#[test]
fn a_mail_without_message_id_or_with_a_bad_address_is_not_resent() {
    let raw = b"Subject: x\r\n\r\nbody\r\n";
    assert!(
        resent_copy(
            raw,
            "a@b",
            "Wed, 25 Nov 2026 20:00:00 +0000",
            "p@example.org"
        )
        .is_err()
    );
    let raw = original();
    assert!(resent_copy(&raw, "a@b", "date", "not an address").is_err());
    assert!(resent_copy(&raw, "", "date", "p@example.org").is_err());
}
