//! Store tests, on real SQLite files in the system temp directory.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use chrono::{DateTime, TimeZone, Utc};

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
