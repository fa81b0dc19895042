//! Receipts: the short keyed digest (`XXXX-XXXX`) of an accepted submission that its answer
//! carries and the public record lists for the submission a close used, so a player can check
//! that the referee used what he sent.
//!
//! The digest is HMAC-SHA256 (RFC 2104) keyed by the game's own receipt key, derived from its
//! seed: kept in the store and never published until the game's end, when the seed is (so
//! anyone can then recompute every receipt of the record, and nobody could forge one before).
//! Its message is the game, the house, the round, the step and the submission's canonical text
//! (the echo, as stored), each length-prefixed so that no two of them can run into each other.

use sha2::{Digest, Sha256};

/// The block size of SHA-256 (the HMAC's key block).
const BLOCK: usize = 64;

/// The 32 symbols a receipt is written with (Crockford's base 32: no I, L, O or U, which a
/// reader could take for another symbol).
const SYMBOLS: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// HMAC-SHA256 of `message` under `key` (RFC 2104).
pub fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    let mut block = [0u8; BLOCK];
    if key.len() > BLOCK {
        block[..32].copy_from_slice(&Sha256::digest(key));
    } else {
        block[..key.len()].copy_from_slice(key);
    }
    let pad = |byte: u8| -> [u8; BLOCK] {
        let mut p = block;
        for b in &mut p {
            *b ^= byte;
        }
        p
    };
    let inner = Sha256::new()
        .chain_update(pad(0x36))
        .chain_update(message)
        .finalize();
    let outer = Sha256::new()
        .chain_update(pad(0x5c))
        .chain_update(inner)
        .finalize();
    let mut mac = [0u8; 32];
    mac.copy_from_slice(&outer);
    mac
}

/// The game's receipt key, derived from its seed.
pub fn key_of(seed: &str) -> [u8; 32] {
    let digest = Sha256::new()
        .chain_update(b"maester receipt key\n")
        .chain_update(seed.as_bytes())
        .finalize();
    let mut key = [0u8; 32];
    key.copy_from_slice(&digest);
    key
}

/// What a receipt is the digest of.
#[derive(Clone, Copy, Debug)]
pub struct Receipted<'a> {
    /// The game's id.
    pub game: &'a str,
    /// The house's key.
    pub house: &'a str,
    /// The round.
    pub round: u32,
    /// The step's key.
    pub step: &'a str,
    /// The submission's canonical text (its echo, as stored).
    pub text: &'a str,
}

/// The receipt of a submission in a game with `seed`: `XXXX-XXXX`, the first 40 bits of its
/// HMAC in base 32.
pub fn receipt(seed: &str, r: &Receipted<'_>) -> String {
    let mut message = Vec::new();
    let round = r.round.to_string();
    for field in [r.game, r.house, &round, r.step, r.text] {
        message.extend_from_slice(field.len().to_string().as_bytes());
        message.push(b':');
        message.extend_from_slice(field.as_bytes());
        message.push(b'\n');
    }
    let mac = hmac_sha256(&key_of(seed), &message);
    let bits = mac[..5]
        .iter()
        .fold(0u64, |acc, b| (acc << 8) | u64::from(*b));
    let symbols: String = (0..8)
        .rev()
        .map(|i| char::from(SYMBOLS[((bits >> (i * 5)) & 31) as usize]))
        .collect();
    format!("{}-{}", &symbols[..4], &symbols[4..])
}
