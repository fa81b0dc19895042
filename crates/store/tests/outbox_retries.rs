//! The outbox: one row per Message-ID, failed deliveries retried later and then marked failed.

mod support;

use chrono::TimeDelta;
use maester_store::*;
use support::*;

#[test]
fn queueing_the_same_message_id_twice_is_a_no_op() {
    let (_db, mut store) = store_with_game("idem");
    let to = vec!["a@example.com".to_string(), "b@example.com".to_string()];
    let first = store
        .transaction(|tx| tx.queue_outgoing(&outgoing("<r1@maester>", &to, None)))
        .unwrap();
    let again = store
        .transaction(|tx| tx.queue_outgoing(&outgoing("r1@maester", &to, None)))
        .unwrap();
    assert_eq!(again, InsertOutcome::Duplicate(first.id()));
    assert_eq!(store.due_outgoing(t(12, 0), 10).unwrap().len(), 1);
    let stored: String = store
        .connection()
        .query_row("SELECT to_addrs FROM outbox", [], |r| r.get(0))
        .unwrap();
    assert_eq!(stored, "a@example.com, b@example.com");
}

#[test]
fn failed_delivery_is_retried_later_then_marked_failed() {
    let (_db, mut store) = store_with_game("retry");
    store.set_max_send_attempts(3);
    let to = vec!["ned@example.com".to_string()];
    let id = store
        .transaction(|tx| tx.queue_outgoing(&outgoing("r1@maester", &to, None)))
        .unwrap()
        .id();
    let now = t(9, 1);
    assert_eq!(store.due_outgoing(now, 10).unwrap().len(), 1);
    let st = store
        .mark_attempt_failed(id, "smtp: 451 try later", now)
        .unwrap();
    assert_eq!(st, OutboxStatus::Queued);
    assert!(store.due_outgoing(now, 10).unwrap().is_empty(), "backoff");
    let later = now + TimeDelta::minutes(1);
    assert_eq!(store.due_outgoing(later, 10).unwrap().len(), 1);
    assert_eq!(
        store.mark_attempt_failed(id, "again", later).unwrap(),
        OutboxStatus::Queued
    );
    let later = later + TimeDelta::minutes(2);
    assert_eq!(
        store.mark_attempt_failed(id, "last", later).unwrap(),
        OutboxStatus::Failed
    );
    let m = store.outgoing(id).unwrap().unwrap();
    assert_eq!((m.status, m.attempts), (OutboxStatus::Failed, 3));
    assert_eq!(m.last_error.as_deref(), Some("last"));
    assert!(store.due_outgoing(t(23, 0), 10).unwrap().is_empty());
    store
        .transaction(|tx| tx.requeue_failed(id, t(23, 0)))
        .unwrap();
    assert_eq!(store.due_outgoing(t(23, 0), 10).unwrap().len(), 1);
    store.mark_sent(id, t(23, 1)).unwrap();
    let m = store.outgoing(id).unwrap().unwrap();
    assert_eq!((m.status, m.sent_at), (OutboxStatus::Sent, Some(t(23, 1))));
}
