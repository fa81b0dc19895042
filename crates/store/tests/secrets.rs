//! House secrets: verified, salted and bound to the seat, never stored in clear.

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
