//! A duplicate mail is the same key, or the same Message-ID with the same sender and the
//! same content: never the Message-ID alone. A clash is stored as a new mail and audited.

use chrono::{TimeZone, Utc};
use maester_store::{InsertOutcome, NewMail, Store};

fn mail<'a>(key: &'a str, mid: Option<&'a str>, from: &'a str, raw: &'a [u8]) -> NewMail<'a> {
    NewMail {
        mail_key: key,
        message_id: mid,
        from_addr: from,
        subject: "orders",
        received_at: Utc.with_ymd_and_hms(2026, 11, 25, 12, 0, 0).unwrap(),
        raw,
        content_sha256: None,
    }
}

#[test]
fn same_message_id_sender_and_content_under_a_new_key_is_a_duplicate() {
    let mut store = Store::open_in_memory().unwrap();
    let raw = b"From: theon@example.com\r\n\r\norders\r\n";
    let first = store
        .insert_mail(&mail("imap:7:1", Some("<a@x>"), "theon@example.com", raw))
        .unwrap();
    let again = store
        .insert_mail(&mail("imap:8:1", Some("a@x"), "THEON@example.com", raw))
        .unwrap();
    assert_eq!(again, InsertOutcome::Duplicate(first.id()));
    assert!(store.audit_log(None, 10).unwrap().is_empty());
}

#[test]
fn a_reused_message_id_from_another_sender_is_a_new_mail_and_audited() {
    let mut store = Store::open_in_memory().unwrap();
    let first = store
        .insert_mail(&mail(
            "maildir:1",
            Some("<a@x>"),
            "theon@example.com",
            b"mine",
        ))
        .unwrap();
    let other = store
        .insert_mail(&mail(
            "maildir:2",
            Some("<a@x>"),
            "robb@example.com",
            b"mine",
        ))
        .unwrap();
    assert!(other.is_new());
    assert_ne!(other.id(), first.id());
    assert_eq!(store.unprocessed_mails().unwrap().len(), 2);
    let audit = store.audit_log(None, 10).unwrap();
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0].action, "message-id clash");
    assert!(
        audit[0].detail.contains("robb@example.com"),
        "{}",
        audit[0].detail
    );
    assert!(audit[0].detail.contains("<a@x>"), "{}", audit[0].detail);
}

#[test]
fn a_reused_message_id_with_other_content_is_a_new_mail() {
    let mut store = Store::open_in_memory().unwrap();
    store
        .insert_mail(&mail(
            "maildir:1",
            Some("<a@x>"),
            "theon@example.com",
            b"v1",
        ))
        .unwrap();
    let second = store
        .insert_mail(&mail(
            "maildir:2",
            Some("<a@x>"),
            "theon@example.com",
            b"v2",
        ))
        .unwrap();
    assert!(second.is_new());
    // The same second mail delivered once more is a duplicate of the second, not the first.
    let third = store
        .insert_mail(&mail(
            "maildir:3",
            Some("<a@x>"),
            "theon@example.com",
            b"v2",
        ))
        .unwrap();
    assert_eq!(third, InsertOutcome::Duplicate(second.id()));
}

fn delivered<'a>(key: &'a str, from: &'a str, raw: &'a [u8], digest: &'a str) -> NewMail<'a> {
    NewMail {
        content_sha256: Some(digest),
        ..mail(key, Some("<m1@x>"), from, raw)
    }
}

#[test]
fn the_same_content_delivered_again_with_other_trace_headers_is_stored_ignored_and_audited() {
    let mut store = Store::open_in_memory().unwrap();
    let first = store
        .insert_mail(&delivered("imap:1:1", "b@x", b"Received: a\r\n\r\nx", "d1"))
        .unwrap();
    assert!(first.is_new());
    let again = store
        .insert_mail(&delivered("imap:1:2", "B@x", b"Received: b\r\n\r\nx", "d1"))
        .unwrap();
    let InsertOutcome::Redelivered { id, first: of } = again else {
        panic!("not taken as a second delivery: {again:?}");
    };
    assert_eq!(of, first.id());
    let stored = store.mail(id).unwrap().unwrap();
    assert_eq!(stored.status, maester_store::MailStatus::Ignored);
    assert_eq!(
        stored.outcome.as_deref(),
        Some(format!("a second delivery of mail {}", first.id()).as_str())
    );
    // Only the first one waits to be answered.
    let waiting: Vec<i64> = store
        .unprocessed_mails()
        .unwrap()
        .iter()
        .map(|m| m.id)
        .collect();
    assert_eq!(waiting, vec![first.id()]);
    let audit = store.audit_log(None, 10).unwrap();
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0].action, "mail delivered again");
}

#[test]
fn another_content_under_a_reused_message_id_stays_a_new_mail() {
    let mut store = Store::open_in_memory().unwrap();
    store
        .insert_mail(&delivered("imap:1:1", "b@x", b"Received: a\r\n\r\nx", "d1"))
        .unwrap();
    let other = store
        .insert_mail(&delivered("imap:1:2", "b@x", b"Received: a\r\n\r\ny", "d2"))
        .unwrap();
    assert!(other.is_new(), "{other:?}");
    // The same content from another sender is no second delivery either.
    let stranger = store
        .insert_mail(&delivered("imap:1:3", "c@x", b"Received: c\r\n\r\nx", "d1"))
        .unwrap();
    assert!(stranger.is_new(), "{stranger:?}");
    assert_eq!(store.unprocessed_mails().unwrap().len(), 3);
}
