//! A stored mail is processed once: duplicates by key or Message-ID, a transaction that fails
//! changes nothing, one that commits stores the submission, marks the mail and queues the answer
//! together; a newer submission supersedes the older one; two handles on one file agree.

mod support;

use maester_store::*;
use serde_json::json;
use support::*;

#[test]
fn mail_with_the_same_key_is_a_duplicate() {
    let (_db, mut store) = store_with_game("dupkey");
    let first = store.insert_mail(&mail("imap:7:1", None)).unwrap();
    assert!(first.is_new());
    let again = store.insert_mail(&mail("imap:7:1", None)).unwrap();
    assert_eq!(again, InsertOutcome::Duplicate(first.id()));
    let other = store.insert_mail(&mail("imap:7:2", None)).unwrap();
    assert!(other.is_new(), "mails without Message-ID differ by key");
    assert_eq!(store.unprocessed_mails().unwrap().len(), 2);
}

#[test]
fn mail_with_the_same_message_id_under_a_new_key_is_a_duplicate() {
    let (_db, mut store) = store_with_game("dupmid");
    let first = store
        .insert_mail(&mail("imap:7:1", Some("<abc@example.com>")))
        .unwrap();
    // UIDVALIDITY changed: new key, same mail.
    let again = store
        .insert_mail(&mail("imap:8:40", Some(" abc@example.com ")))
        .unwrap();
    assert_eq!(again, InsertOutcome::Duplicate(first.id()));
    let found = store.mail_by_message_id("<abc@example.com>").unwrap();
    assert_eq!(found.map(|m| m.id), Some(first.id()));
}

#[test]
fn mail_seen_again_after_crash_is_a_duplicate_and_still_unprocessed() {
    let (db, mut store) = store_with_game("crash");
    let id = store
        .insert_mail(&mail("maildir:1700000000.x", Some("<m1@example.com>")))
        .unwrap()
        .id();
    drop(store); // the daemon dies before processing it
    let mut store = Store::open(db.path()).unwrap();
    let again = store
        .insert_mail(&mail("maildir:1700000000.x", Some("<m1@example.com>")))
        .unwrap();
    assert_eq!(again, InsertOutcome::Duplicate(id));
    let pending = store.unprocessed_mails().unwrap();
    assert_eq!(pending.len(), 1);
    assert_eq!(pending[0].id, id);
    assert_eq!(pending[0].status, MailStatus::New);
    assert_eq!(pending[0].raw, mail("", None).raw);
}

#[test]
fn failed_transaction_leaves_the_mail_new_and_no_outbox_row() {
    let (_db, mut store) = store_with_game("rollback");
    let mail_id = store.insert_mail(&mail("imap:7:1", None)).unwrap().id();
    let to = vec!["ned@example.com".to_string()];
    let parsed = json!({"orders": []});
    let result: Result<(), StoreError> = store.transaction(|tx| {
        tx.add_submission(&NewSubmission {
            game_id: "demo",
            house: "stark",
            round: 1,
            step: "placement",
            kind: "orders",
            text: "march winterfell",
            parsed: &parsed,
            mail_id: Some(mail_id),
            received_at: t(9, 0),
        })?;
        tx.mark_mail_processed(mail_id, "orders accepted", t(9, 1))?;
        tx.queue_outgoing(&outgoing("r1@maester", &to, Some(mail_id)))?;
        Err(StoreError::Setup("simulated crash before commit".into()))
    });
    assert!(result.is_err());
    let m = store.mail(mail_id).unwrap().unwrap();
    assert_eq!(m.status, MailStatus::New);
    assert_eq!(m.processed_at, None);
    assert!(store.due_outgoing(t(23, 0), 10).unwrap().is_empty());
    assert!(
        store
            .latest_submission("demo", "stark", 1, "placement", "orders")
            .unwrap()
            .is_none()
    );
    assert_eq!(store.unprocessed_mails().unwrap().len(), 1);
}

#[test]
fn committed_transaction_stores_submission_marks_mail_and_queues_reply() {
    let (_db, mut store) = store_with_game("commit");
    let mail_id = store.insert_mail(&mail("imap:7:1", None)).unwrap().id();
    let to = vec!["ned@example.com".to_string()];
    let parsed = json!({"orders": ["march"]});
    store
        .transaction(|tx| {
            tx.tag_mail(mail_id, Some("demo"), Some("stark"))?;
            tx.add_submission(&NewSubmission {
                game_id: "demo",
                house: "stark",
                round: 1,
                step: "placement",
                kind: "orders",
                text: "march winterfell",
                parsed: &parsed,
                mail_id: Some(mail_id),
                received_at: t(9, 0),
            })?;
            tx.mark_mail_processed(mail_id, "orders accepted", t(9, 1))?;
            tx.queue_outgoing(&outgoing("r1@maester", &to, Some(mail_id)))
        })
        .unwrap();
    let m = store.mail(mail_id).unwrap().unwrap();
    assert_eq!(m.status, MailStatus::Processed);
    assert_eq!(m.house.as_deref(), Some("stark"));
    assert_eq!(m.processed_at, Some(t(9, 1)));
    let due = store.due_outgoing(t(9, 1), 10).unwrap();
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].reply_to_mail, Some(mail_id));
    assert_eq!(due[0].to_addrs, to);
    let sub = store
        .latest_submission("demo", "stark", 1, "placement", "orders")
        .unwrap()
        .unwrap();
    assert_eq!(sub.parsed, parsed);
    assert!(store.unprocessed_mails().unwrap().is_empty());
}

#[test]
fn processing_a_mail_that_is_no_longer_new_is_refused() {
    let (_db, mut store) = store_with_game("twice");
    let id = store.insert_mail(&mail("imap:7:1", None)).unwrap().id();
    store
        .transaction(|tx| tx.mark_mail_ignored(id, "no secret", t(9, 1)))
        .unwrap();
    let again = store.transaction(|tx| tx.mark_mail_processed(id, "orders", t(9, 2)));
    assert!(
        matches!(again, Err(StoreError::WrongState { .. })),
        "{again:?}"
    );
    let m = store.mail(id).unwrap().unwrap();
    assert_eq!(m.status, MailStatus::Ignored);
    assert_eq!(m.outcome.as_deref(), Some("no secret"));
    let missing = store.transaction(|tx| tx.mark_mail_processed(999, "x", t(9, 2)));
    assert!(matches!(missing, Err(StoreError::NotFound { .. })));
}

#[test]
fn a_newer_submission_supersedes_the_older_one() {
    let (_db, mut store) = store_with_game("supersede");
    let sub = |text: &'static str, parsed: &'static serde_json::Value| NewSubmission {
        game_id: "demo",
        house: "stark",
        round: 1,
        step: "placement",
        kind: "orders",
        text,
        parsed,
        mail_id: None,
        received_at: t(10, 0),
    };
    static P1: std::sync::LazyLock<serde_json::Value> = std::sync::LazyLock::new(|| json!(1));
    static P2: std::sync::LazyLock<serde_json::Value> = std::sync::LazyLock::new(|| json!(2));
    let first = store
        .transaction(|tx| tx.add_submission(&sub("first", &P1)))
        .unwrap();
    let second = store
        .transaction(|tx| tx.add_submission(&sub("second", &P2)))
        .unwrap();
    let latest = store
        .latest_submission("demo", "stark", 1, "placement", "orders")
        .unwrap()
        .unwrap();
    assert_eq!((latest.id, latest.text.as_str()), (second, "second"));
    let current = store.current_submissions("demo", 1, "placement").unwrap();
    assert_eq!(current.len(), 1);
    let old: Option<i64> = store
        .connection()
        .query_row(
            "SELECT superseded_by FROM submissions WHERE id = ?1",
            [first],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(old, Some(second));
    // A submission from an unknown house violates the foreign key.
    let bad = store.transaction(|tx| {
        tx.add_submission(&NewSubmission {
            house: "targaryen",
            ..sub("x", &P1)
        })
    });
    assert!(bad.is_err());
}

#[test]
fn two_handles_on_one_file_see_commits_and_cannot_process_a_mail_twice() {
    let (db, mut daemon) = store_with_game("twohandles");
    let mut gm = Store::open(db.path()).unwrap();
    let id = daemon.insert_mail(&mail("imap:7:1", None)).unwrap().id();
    assert_eq!(gm.unprocessed_mails().unwrap().len(), 1);
    assert_eq!(
        gm.insert_mail(&mail("imap:7:1", None)).unwrap(),
        InsertOutcome::Duplicate(id)
    );
    gm.transaction(|tx| tx.mark_mail_ignored(id, "GM: spam", t(9, 5)))
        .unwrap();
    let late = daemon.transaction(|tx| tx.mark_mail_processed(id, "orders", t(9, 6)));
    assert!(matches!(late, Err(StoreError::WrongState { .. })));
    assert!(daemon.unprocessed_mails().unwrap().is_empty());
}
