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

/// What a seat's hash is made of: game, house and secret, each length-prefixed (the at-rest
/// format, written out here so that a change of it shows).
fn seat_input(game: &str, house: &str, secret: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for part in ["maester-secret-v2", game, house, secret] {
        out.extend_from_slice(&(part.len() as u64).to_be_bytes());
        out.extend_from_slice(part.as_bytes());
    }
    out
}

#[test]
fn the_argon2id_hash_is_the_standard_phc_string_both_ways() {
    use argon2::{PasswordHash, PasswordHasher, PasswordVerifier};
    let (_db, mut store) = store_with_game("argon2-phc");
    let ours = store.secret_hash("demo", "stark").unwrap().unwrap();
    assert!(
        ours.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
        "{ours}"
    );
    let parsed = PasswordHash::new(&ours).unwrap();
    let argon = argon2::Argon2::default();
    assert!(
        argon
            .verify_password(&seat_input("demo", "stark", "winter"), &parsed)
            .is_ok()
    );
    assert!(
        argon
            .verify_password(&seat_input("demo", "stark", "Winter"), &parsed)
            .is_err()
    );
    // A hash made by the Argon2 library's own hasher (as earlier versions stored them) is
    // checked right, and wrong secrets against it are refused; so is a hash with other costs.
    for params in [
        argon2::Params::default(),
        argon2::Params::new(8 * 1024, 3, 1, Some(32)).unwrap(),
    ] {
        let salt = argon2::password_hash::SaltString::encode_b64(b"0123456789abcdef").unwrap();
        let theirs =
            argon2::Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, params)
                .hash_password(&seat_input("demo", "stark", "autumn"), &salt)
                .unwrap()
                .to_string();
        store
            .connection()
            .execute(
                "UPDATE houses SET secret_hash = ?1 WHERE house = 'stark'",
                [&theirs],
            )
            .unwrap();
        assert!(
            store.verify_secret("demo", "stark", "autumn").unwrap(),
            "{theirs}"
        );
        assert!(!store.verify_secret("demo", "stark", "autumn ").unwrap());
        assert!(!store.verify_secret("demo", "stark", "winter").unwrap());
    }
    // Checks one after the other share their working memory: a right check after a wrong one
    // and a new hash in between still agree.
    store
        .transaction(|tx| tx.set_house_secret("demo", "stark", "spring", "salt3"))
        .unwrap();
    assert!(!store.verify_secret("demo", "stark", "autumn").unwrap());
    assert!(store.verify_secret("demo", "stark", "spring").unwrap());
}
