//! Store tests, on real SQLite files in the system temp directory.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use serde_json::json;

use super::*;

/// A unique database path, removed (with its WAL files) on drop.
struct TempDb(PathBuf);

impl TempDb {
    fn new(name: &str) -> TempDb {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let nanos = Utc::now().timestamp_subsec_nanos();
        TempDb(std::env::temp_dir().join(format!(
            "maester-test-{name}-{}-{n}-{nanos}.sqlite",
            std::process::id()
        )))
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm"] {
            let mut p = self.0.clone().into_os_string();
            p.push(suffix);
            let _ = std::fs::remove_file(p);
        }
    }
}

fn t(hour: u32, min: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, hour, min, 0).unwrap()
}

fn new_store(name: &str) -> (TempDb, Store) {
    let db = TempDb::new(name);
    let store = Store::open(db.path()).expect("open store");
    (db, store)
}

/// A store with game `demo` and house `stark` (secret `winter`).
fn store_with_game(name: &str) -> (TempDb, Store) {
    let (db, mut store) = new_store(name);
    store
        .transaction(|tx| {
            tx.create_game(&NewGame {
                id: "demo",
                config: "[game]\nname = \"demo\"\n",
                seed_hash: "abc123",
                seed: "seed",
                round: 1,
                step: "placement",
                deadline: Some(t(21, 0)),
                created_at: t(8, 0),
            })?;
            tx.add_house(&NewHouse {
                game_id: "demo",
                house: "stark",
                player_name: "Ned",
                address: "Ned@Example.COM",
                language: Language::Zh,
                secret: "winter",
                salt: "s4lt",
            })
        })
        .expect("create game");
    (db, store)
}

fn mail<'a>(key: &'a str, message_id: Option<&'a str>) -> NewMail<'a> {
    NewMail {
        mail_key: key,
        message_id,
        from_addr: "ned@example.com",
        subject: "orders",
        received_at: t(9, 0),
        raw: b"From: ned@example.com\r\n\r\nmarch winterfell -> white harbor\r\n",
    }
}

fn outgoing<'a>(message_id: &'a str, to: &'a [String], reply_to: Option<i64>) -> NewOutgoing<'a> {
    NewOutgoing {
        game_id: Some("demo"),
        message_id,
        to_addrs: to,
        subject: "Re: orders",
        raw: b"Subject: Re: orders\r\n\r\naccepted\r\n",
        reply_to_mail: reply_to,
        created_at: t(9, 1),
    }
}

#[test]
fn fresh_database_is_migrated_to_current_version_with_wal_and_foreign_keys() {
    let (_db, store) = new_store("fresh");
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    let conn = store.connection();
    let mode: String = conn
        .pragma_query_value(None, "journal_mode", |r| r.get(0))
        .unwrap();
    assert_eq!(mode.to_lowercase(), "wal");
    let fk: bool = conn
        .pragma_query_value(None, "foreign_keys", |r| r.get(0))
        .unwrap();
    assert!(fk);
}

#[test]
fn reopening_a_migrated_database_is_a_no_op_and_keeps_data() {
    let (db, store) = store_with_game("reopen");
    drop(store);
    let store = Store::open(db.path()).expect("reopen");
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    let game = store.game("demo").unwrap().expect("game kept");
    assert_eq!(game.step, "placement");
    drop(store);
    let store = Store::open(db.path()).expect("third open");
    assert_eq!(store.games().unwrap().len(), 1);
}

#[test]
fn database_from_a_newer_schema_is_refused() {
    let db = TempDb::new("newer");
    {
        let conn = rusqlite::Connection::open(db.path()).unwrap();
        conn.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
            .unwrap();
    }
    match Store::open(db.path()) {
        Err(StoreError::SchemaTooNew { found, supported }) => {
            assert_eq!(found, SCHEMA_VERSION + 1);
            assert_eq!(supported, SCHEMA_VERSION);
        }
        other => panic!("expected SchemaTooNew, got {other:?}"),
    }
    let conn = rusqlite::Connection::open(db.path()).unwrap();
    let tables: i64 = conn
        .query_row("SELECT COUNT(*) FROM sqlite_master", [], |r| r.get(0))
        .unwrap();
    assert_eq!(tables, 0, "a refused database must be left untouched");
}

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

#[test]
fn snapshots_are_numbered_per_game_and_readable_by_number() {
    let (_db, mut store) = store_with_game("snap");
    store
        .transaction(|tx| {
            tx.create_game(&NewGame {
                id: "other",
                config: "",
                seed_hash: "h",
                seed: "s",
                round: 1,
                step: "placement",
                deadline: None,
                created_at: t(8, 0),
            })
        })
        .unwrap();
    assert!(store.latest_snapshot("demo").unwrap().is_none());
    let log = json!([]);
    for (i, step) in ["placement", "raven", "plan"].iter().enumerate() {
        let state = json!({ "step": step, "i": i });
        let seq = store
            .transaction(|tx| {
                tx.add_snapshot(&NewSnapshot {
                    game_id: "demo",
                    round: 1,
                    step,
                    after_seq: i as i64,
                    state: &state,
                    log: &log,
                    created_at: t(10, i as u32),
                })
            })
            .unwrap();
        assert_eq!(seq, i as i64 + 1);
    }
    let other = store
        .transaction(|tx| {
            tx.add_snapshot(&NewSnapshot {
                game_id: "other",
                round: 1,
                step: "placement",
                after_seq: 0,
                state: &log,
                log: &log,
                created_at: t(10, 0),
            })
        })
        .unwrap();
    assert_eq!(other, 1, "each game has its own sequence");
    let latest = store.latest_snapshot("demo").unwrap().unwrap();
    assert_eq!((latest.seq, latest.step.as_str()), (3, "plan"));
    let second = store.snapshot("demo", 2).unwrap().unwrap();
    assert_eq!(second.state, json!({"step": "raven", "i": 1}));
    assert!(store.snapshot("demo", 4).unwrap().is_none());
    assert_eq!(store.snapshot_index("demo").unwrap().len(), 3);
}

#[test]
fn secret_verifies_right_and_rejects_wrong_and_is_never_stored() {
    let (db, mut store) = store_with_game("secret");
    assert!(store.verify_secret("demo", "stark", "winter").unwrap());
    assert!(!store.verify_secret("demo", "stark", "Winter").unwrap());
    assert!(!store.verify_secret("demo", "stark", "").unwrap());
    assert!(!store.verify_secret("demo", "lannister", "winter").unwrap());
    assert!(!store.verify_secret("nogame", "stark", "winter").unwrap());
    store
        .transaction(|tx| tx.set_house_secret("demo", "stark", "summer", "salt2"))
        .unwrap();
    assert!(!store.verify_secret("demo", "stark", "winter").unwrap());
    assert!(store.verify_secret("demo", "stark", "summer").unwrap());
    let house = store.house("demo", "stark").unwrap().unwrap();
    assert_eq!(house.address, "ned@example.com");
    assert_eq!(
        store.houses_by_address("NED@example.com").unwrap(),
        vec![house]
    );
    drop(store);
    let bytes = std::fs::read(db.path()).unwrap_or_default();
    let wal = std::fs::read(format!("{}-wal", db.path().display())).unwrap_or_default();
    for file in [bytes, wal] {
        assert!(!file.windows(6).any(|w| w == b"summer"), "secret in file");
    }
}

#[test]
fn hash_secret_is_salted_and_bound_to_the_seat() {
    let a = hash_secret("salt", "demo", "stark", "winter");
    assert_eq!(a.len(), 64);
    assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
    assert_eq!(a, hash_secret("salt", "demo", "stark", "winter"));
    assert_ne!(a, hash_secret("salt2", "demo", "stark", "winter"));
    assert_ne!(a, hash_secret("salt", "demo", "tully", "winter"));
    // Length-prefixed parts: moving a character between parts changes it.
    assert_ne!(
        hash_secret("ab", "c", "stark", "x"),
        hash_secret("a", "bc", "stark", "x")
    );
}

#[test]
fn deadline_resolution_commits_snapshot_reports_and_step_together() {
    let (_db, mut store) = store_with_game("resolve");
    assert_eq!(store.games_due(t(20, 59)).unwrap().len(), 0);
    assert_eq!(store.games_due(t(21, 0)).unwrap().len(), 1);
    let to = vec!["ned@example.com".to_string()];
    let state = json!({"round": 1});
    let resolve = |store: &mut Store, fail: bool| {
        store.transaction(|tx| {
            tx.add_snapshot(&NewSnapshot {
                game_id: "demo",
                round: 1,
                step: "raven",
                after_seq: 0,
                state: &state,
                log: &state,
                created_at: t(21, 0),
            })?;
            tx.queue_outgoing(&outgoing("report-1-placement@maester", &to, None))?;
            tx.set_game_step("demo", 1, "raven", Some(t(23, 0)), t(21, 0))?;
            tx.append_audit(Some("demo"), "daemon", "resolve", "placement", t(21, 0))?;
            if fail {
                return Err(StoreError::Setup("crash".into()));
            }
            Ok(())
        })
    };
    assert!(resolve(&mut store, true).is_err());
    let game = store.game("demo").unwrap().unwrap();
    assert_eq!(
        (game.step.as_str(), game.deadline),
        ("placement", Some(t(21, 0)))
    );
    assert!(store.latest_snapshot("demo").unwrap().is_none());
    assert!(store.due_outgoing(t(21, 0), 10).unwrap().is_empty());
    assert!(store.audit_log(Some("demo"), 10).unwrap().is_empty());

    resolve(&mut store, false).unwrap();
    let game = store.game("demo").unwrap().unwrap();
    assert_eq!(
        (game.step.as_str(), game.deadline),
        ("raven", Some(t(23, 0)))
    );
    assert_eq!(
        store.latest_snapshot("demo").unwrap().map(|s| s.seq),
        Some(1)
    );
    assert_eq!(store.due_outgoing(t(21, 0), 10).unwrap().len(), 1);
    assert_eq!(store.audit_log(None, 10).unwrap()[0].action, "resolve");
    assert!(store.games_due(t(22, 0)).unwrap().is_empty());
    store
        .transaction(|tx| tx.set_game_status("demo", GameStatus::Paused, t(22, 0)))
        .unwrap();
    assert!(store.games_due(t(23, 30)).unwrap().is_empty(), "paused");
}

#[test]
fn creating_a_game_twice_or_with_a_bad_id_is_refused() {
    let (_db, mut store) = store_with_game("gameid");
    let g = |id: &'static str| NewGame {
        id,
        config: "",
        seed_hash: "",
        seed: "",
        round: 1,
        step: "placement",
        deadline: None,
        created_at: t(8, 0),
    };
    let twice = store.transaction(|tx| tx.create_game(&g("demo")));
    assert!(matches!(twice, Err(StoreError::AlreadyExists { .. })));
    let bad = store.transaction(|tx| tx.create_game(&g("no spaces")));
    assert!(matches!(bad, Err(StoreError::Invalid { .. })));
}

#[test]
fn in_memory_store_runs_the_same_migrations() {
    let store = Store::open_in_memory().unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert!(store.games().unwrap().is_empty());
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

#[test]
fn secrets_are_stored_as_argon2id_and_old_sha256_hashes_upgrade_at_the_next_right_secret() {
    let (_db, store) = store_with_game("argon2");
    let hash: String = store
        .connection()
        .query_row(
            "SELECT secret_hash FROM houses WHERE game_id = 'demo' AND house = 'stark'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(hash.starts_with("$argon2id$"), "{hash}");
    // A database of schema 1 holds the salted SHA-256 form.
    let old = hash_secret("s4lt", "demo", "stark", "winter");
    store
        .connection()
        .execute(
            "UPDATE houses SET secret_salt = 's4lt', secret_hash = ?1 WHERE house = 'stark'",
            [&old],
        )
        .unwrap();
    assert!(!store.verify_secret("demo", "stark", "summer").unwrap());
    let still: String = store
        .connection()
        .query_row(
            "SELECT secret_hash FROM houses WHERE house = 'stark'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(still, old, "a wrong secret upgrades nothing");
    assert!(store.verify_secret("demo", "stark", "winter").unwrap());
    let upgraded: String = store
        .connection()
        .query_row(
            "SELECT secret_hash FROM houses WHERE house = 'stark'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(upgraded.starts_with("$argon2id$"), "{upgraded}");
    assert!(store.verify_secret("demo", "stark", "winter").unwrap());
    assert!(!store.verify_secret("demo", "stark", "Winter").unwrap());
}
