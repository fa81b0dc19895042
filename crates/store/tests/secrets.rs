//! House secrets: verified, salted and bound to the seat, stored as Argon2id, never in clear;
//! an old SHA-256 hash upgrades at the next right secret.

mod support;

use maester_store::*;
use support::*;

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
