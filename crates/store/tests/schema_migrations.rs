//! The schema: a fresh database is migrated to the current version (WAL, foreign keys), a
//! migrated one opens again unchanged, one from a newer release is refused and left untouched,
//! an in-memory store runs the same migrations.

mod support;

use maester_store::*;
use support::*;

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
fn in_memory_store_runs_the_same_migrations() {
    let store = Store::open_in_memory().unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert!(store.games().unwrap().is_empty());
}
