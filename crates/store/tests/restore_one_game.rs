//! One game put back from a backup without touching the others (issue 40): what the game wrote
//! after the backup is gone, its mails read back whole (their pictures included), and what
//! another game wrote meanwhile stays. A backup of another schema version or without the game
//! is refused and changes nothing.

mod support;

use maester_store::*;
use support::*;

fn audit_count(store: &Store, game: &str) -> i64 {
    store
        .connection()
        .query_row(
            "SELECT count(*) FROM audit WHERE game_id = ?1",
            [game],
            |r| r.get(0),
        )
        .unwrap_or(-1)
}

fn picture() -> Vec<u8> {
    let mut out = b"Subject: report\r\n\r\n".to_vec();
    for i in 0..600 {
        out.extend(std::iter::repeat_n(b'A' + (i % 26) as u8, 76));
        out.extend_from_slice(b"\r\n");
    }
    out
}

#[test]
fn a_game_is_restored_from_a_backup_and_the_other_game_keeps_its_changes() {
    let (db, mut store) = store_with_game("restore-one");
    let ok = |r: Result<i64, StoreError>| r.unwrap_or_else(|e| panic!("{e}"));
    add_other_game(&mut store);
    let to = vec!["ned@example.com".to_string()];
    let raw = picture();
    let m = NewOutgoing {
        raw: &raw,
        ..outgoing("report-1@maester", &to, None)
    };
    let first = ok(store.transaction(|tx| Ok(tx.queue_outgoing(&m)?.id())));
    ok(store.transaction(|tx| tx.append_audit(Some("demo"), "daemon", "close", "r1", t(9, 0))));
    let dest = db.path().with_extension("bk.sqlite");
    store.backup_to(&dest).unwrap_or_else(|e| panic!("{e}"));
    // After the backup: both games go on.
    ok(store.transaction(|tx| tx.append_audit(Some("demo"), "daemon", "close", "r2", t(10, 0))));
    ok(store.transaction(|tx| tx.append_audit(Some("other"), "gm", "deadline", "x", t(10, 0))));
    let later = NewOutgoing {
        raw: &raw,
        ..outgoing("report-2@maester", &to, None)
    };
    let second = ok(store.transaction(|tx| Ok(tx.queue_outgoing(&later)?.id())));
    assert_eq!(
        (audit_count(&store, "demo"), audit_count(&store, "other")),
        (2, 1)
    );

    let rows = store
        .restore_game(&dest, "demo")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(rows >= 4, "{rows} rows copied");
    assert_eq!(audit_count(&store, "demo"), 1, "demo as it was backed up");
    assert_eq!(audit_count(&store, "other"), 1, "other keeps its change");
    let back = store.outgoing(first).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        back.map(|o| o.raw) == Some(raw.clone()),
        "the mail reads back whole"
    );
    assert!(
        store
            .outgoing(second)
            .unwrap_or_else(|e| panic!("{e}"))
            .is_none()
    );
    let houses = store.houses("demo").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(houses.len(), 1);

    // Refused: a game the backup does not hold, a file that is not there.
    assert!(store.restore_game(&dest, "nosuch").is_err());
    assert!(
        store
            .restore_game(&db.path().with_extension("none"), "demo")
            .is_err()
    );
    assert_eq!(audit_count(&store, "other"), 1);
    let _ = std::fs::remove_file(&dest);
}
