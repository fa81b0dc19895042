//! A backup of one game holds that game's rows and nothing of any other game (issue 40: with
//! N games in one database, a backup per game must cost the game's size, not the database's):
//! its mails and the pictures they refer to, the rows of no game, the schema whole (tables and
//! indexes, the version). It opens as a store that reads the game's mails back whole, and
//! `restore_game` puts the game back from it without touching the other game.

mod support;

use maester_store::*;
use support::*;

fn picture(letter: u8) -> Vec<u8> {
    let mut out = b"Subject: report\r\n\r\n".to_vec();
    for i in 0..600 {
        out.extend(std::iter::repeat_n(letter + (i % 20) as u8, 76));
        out.extend_from_slice(b"\r\n");
    }
    out
}

fn count(conn: &rusqlite::Connection, sql: &str) -> i64 {
    conn.query_row(sql, [], |r| r.get(0))
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
}

#[test]
fn a_backup_of_one_game_holds_its_rows_only_and_puts_it_back() {
    let (db, mut store) = store_with_game("backup-one");
    let ok = |r: Result<i64, StoreError>| r.unwrap_or_else(|e| panic!("{e}"));
    add_other_game(&mut store);
    let to = vec!["ned@example.com".to_string()];
    let (mine, theirs) = (picture(b'A'), picture(b'a'));
    let m = NewOutgoing {
        raw: &mine,
        ..outgoing("demo-1@maester", &to, None)
    };
    let first = ok(store.transaction(|tx| Ok(tx.queue_outgoing(&m)?.id())));
    let o = NewOutgoing {
        game_id: Some("other"),
        raw: &theirs,
        ..outgoing("other-1@maester", &to, None)
    };
    ok(store.transaction(|tx| Ok(tx.queue_outgoing(&o)?.id())));
    let stranger = NewOutgoing {
        game_id: None,
        ..outgoing("stranger-1@maester", &to, None)
    };
    ok(store.transaction(|tx| Ok(tx.queue_outgoing(&stranger)?.id())));
    ok(store.transaction(|tx| tx.append_audit(Some("demo"), "daemon", "close", "r1", t(9, 0))));
    ok(store.transaction(|tx| tx.append_audit(Some("other"), "gm", "deadline", "x", t(9, 0))));

    let dest = db.path().with_extension("game.sqlite");
    store
        .backup_game_to(&dest, "demo")
        .unwrap_or_else(|e| panic!("{e}"));
    let bk = rusqlite::Connection::open(&dest).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(count(&bk, "SELECT count(*) FROM games"), 1);
    assert_eq!(
        count(&bk, "SELECT count(*) FROM games WHERE id = 'demo'"),
        1
    );
    assert_eq!(count(&bk, "SELECT count(*) FROM houses"), 1);
    assert_eq!(
        count(&bk, "SELECT count(*) FROM outbox WHERE game_id = 'other'"),
        0
    );
    assert_eq!(
        count(&bk, "SELECT count(*) FROM outbox"),
        2,
        "its own and no game's"
    );
    assert_eq!(
        count(&bk, "SELECT count(*) FROM blobs"),
        1,
        "its picture only"
    );
    assert_eq!(count(&bk, "SELECT count(*) FROM audit"), 1);
    assert_eq!(count(&bk, "PRAGMA user_version"), SCHEMA_VERSION);
    let schema = "SELECT count(*) FROM sqlite_schema WHERE sql IS NOT NULL";
    assert_eq!(count(&bk, schema), count(store.connection(), schema));
    let integrity: String = bk
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap_or_default();
    assert_eq!(integrity, "ok");
    drop(bk);
    // The whole database's copy holds the other game's picture (35 KB) as well.
    let whole = db.path().with_extension("whole.sqlite");
    store.backup_to(&whole).unwrap_or_else(|e| panic!("{e}"));
    let size = |p: &std::path::Path| std::fs::metadata(p).map_or(0, |m| m.len());
    assert!(
        size(&dest) + 30_000 < size(&whole),
        "{} bytes for one game, {} for the whole",
        size(&dest),
        size(&whole)
    );
    let _ = std::fs::remove_file(&whole);

    // Opened as a store of its own, the game's mail reads back whole.
    let copy = db.path().with_extension("copy.sqlite");
    let _ = std::fs::copy(&dest, &copy);
    {
        let alone = Store::open(&copy).unwrap_or_else(|e| panic!("{e}"));
        let back = alone.outgoing(first).unwrap_or_else(|e| panic!("{e}"));
        assert!(back.map(|o| o.raw) == Some(mine.clone()));
    }
    for suffix in ["", "-wal", "-shm"] {
        let mut p = copy.clone().into_os_string();
        p.push(suffix);
        let _ = std::fs::remove_file(p);
    }

    // Both games go on; the one backed up is put back, the other keeps its change.
    ok(store.transaction(|tx| tx.append_audit(Some("demo"), "daemon", "close", "r2", t(10, 0))));
    ok(store.transaction(|tx| tx.append_audit(Some("other"), "gm", "deadline", "y", t(10, 0))));
    store
        .restore_game(&dest, "demo")
        .unwrap_or_else(|e| panic!("{e}"));
    let live = store.connection();
    assert_eq!(
        count(live, "SELECT count(*) FROM audit WHERE game_id = 'demo'"),
        1
    );
    assert_eq!(
        count(live, "SELECT count(*) FROM audit WHERE game_id = 'other'"),
        2
    );
    assert_eq!(count(live, "SELECT count(*) FROM blobs"), 2);
    let back = store.outgoing(first).unwrap_or_else(|e| panic!("{e}"));
    assert!(back.map(|o| o.raw) == Some(mine));
    let _ = std::fs::remove_file(&dest);
}

#[test]
fn a_store_in_memory_has_no_backup_of_a_game() {
    let store = Store::open_in_memory().unwrap_or_else(|e| panic!("{e}"));
    let dest = std::env::temp_dir().join(format!("maester-mem-{}.sqlite", std::process::id()));
    assert!(store.backup_game_to(&dest, "demo").is_err());
    assert!(!dest.exists());
}
