//! House and GM secrets at rest: Argon2id hashes bound to their seat (schema 1's salted
//! SHA-256 is still read, and replaced at the next right secret).

use crate::cached::Cached;
use rusqlite::{OptionalExtension, params};
use sha2::{Digest, Sha256};

use super::expect_one;
use super::{StoreError, StoreTx};

/// Salted SHA-256 of a house secret, as lower-case hex: the form of schema 1, still read
/// (and replaced by an Argon2id hash at the next right secret). Game and house are mixed in so
/// equal secrets never give equal hashes across seats.
pub fn hash_secret(salt: &str, game_id: &str, house: &str, secret: &str) -> String {
    hex(&secret_digest(salt, game_id, house, secret))
}

/// What is hashed for a seat: game, house and secret, each length-prefixed.
fn seat_input(game_id: &str, house: &str, secret: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for part in ["maester-secret-v2", game_id, house, secret] {
        out.extend_from_slice(&(part.len() as u64).to_be_bytes());
        out.extend_from_slice(part.as_bytes());
    }
    out
}

/// The Argon2id hash of a house secret (a PHC string, `$argon2id$…`), salted with `salt`
/// (random text from the caller).
pub fn hash_secret_argon2(
    salt: &str,
    game_id: &str,
    house: &str,
    secret: &str,
) -> Result<String, StoreError> {
    let invalid = |e: String| StoreError::Invalid {
        what: "houses.secret_salt",
        detail: e,
    };
    // Any salt text the caller has (hex from its random source) as 16 bytes of Argon2 salt.
    let digest = Sha256::digest(salt.as_bytes());
    let salt = argon2::password_hash::SaltString::encode_b64(&digest[..16])
        .map_err(|e| invalid(e.to_string()))?;
    let params = argon2::Params::default();
    let context = argon2::Argon2::new(
        argon2::Algorithm::Argon2id,
        argon2::Version::default(),
        params.clone(),
    );
    let mut out = [0u8; argon2::Params::DEFAULT_OUTPUT_LEN];
    with_memory(params.block_count(), |memory| {
        context.hash_password_into_with_memory(
            &seat_input(game_id, house, secret),
            &digest[..16],
            &mut out,
            memory,
        )
    })
    .map_err(|e| invalid(e.to_string()))?;
    let hash = argon2::PasswordHash {
        algorithm: argon2::Algorithm::Argon2id.ident(),
        version: Some(argon2::Version::default().into()),
        params: argon2::password_hash::ParamsString::try_from(&params)
            .map_err(|e| invalid(e.to_string()))?,
        salt: Some(salt.as_salt()),
        hash: Some(argon2::password_hash::Output::new(&out).map_err(|e| invalid(e.to_string()))?),
    };
    Ok(hash.to_string())
}

/// Whether `secret` matches an Argon2id PHC string.
fn argon2_matches(phc: &str, game_id: &str, house: &str, secret: &str) -> Result<bool, StoreError> {
    let corrupt = |detail: String| StoreError::Corrupt {
        what: "houses.secret_hash",
        detail: format!("house {house} in game {game_id}: {detail}"),
    };
    let parsed = argon2::PasswordHash::new(phc).map_err(|e| corrupt(e.to_string()))?;
    let params = argon2::Params::try_from(&parsed).map_err(|e| corrupt(e.to_string()))?;
    let algorithm =
        argon2::Algorithm::try_from(parsed.algorithm).map_err(|e| corrupt(e.to_string()))?;
    let version = match parsed.version {
        Some(v) => argon2::Version::try_from(v).map_err(|e| corrupt(e.to_string()))?,
        None => argon2::Version::default(),
    };
    let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else {
        return Err(corrupt("no salt or no hash".into()));
    };
    let mut salt_bytes = [0u8; 64];
    let salt = salt
        .decode_b64(&mut salt_bytes)
        .map_err(|e| corrupt(e.to_string()))?;
    let mut out = vec![0u8; expected.len()];
    let blocks = params.block_count();
    let context = argon2::Argon2::new(algorithm, version, params);
    let input = seat_input(game_id, house, secret);
    let hashed = with_memory(blocks, |memory| {
        context.hash_password_into_with_memory(&input, salt, &mut out, memory)
    });
    // An error here is a parameter the hash cannot have been made with: no secret matches it.
    Ok(hashed.is_ok() && constant_time_eq_slices(&out, expected.as_bytes()))
}

/// The working memory of Argon2 (19 MiB at the default cost), kept from one check to the
/// next until [`release_memory`]: allocating and zeroing it afresh for each check cost about a
/// third of the check. It is wiped after each use, so nothing derived from a secret stays in it.
static MEMORY: std::sync::Mutex<Vec<argon2::Block>> = std::sync::Mutex::new(Vec::new());

/// Most blocks kept between checks (64 MiB); a hash made with a larger memory cost is checked
/// in memory of its own, freed afterwards.
const KEPT_BLOCKS: usize = 64 * 1024;

/// Gives back the working memory kept between Argon2 checks (the daemon calls it once a tick's
/// mails are answered: the memory is kept for the checks of a burst, not for ever).
pub fn release_memory() {
    if let Ok(mut kept) = MEMORY.lock() {
        *kept = Vec::new();
    }
}

/// Runs `f` on `blocks` blocks of Argon2 working memory, wiped afterwards.
fn with_memory<T>(blocks: usize, f: impl FnOnce(&mut [argon2::Block]) -> T) -> T {
    let run = |memory: &mut Vec<argon2::Block>| {
        if memory.len() < blocks {
            memory.resize(blocks, argon2::Block::default());
        }
        let used = &mut memory[..blocks];
        let value = f(used);
        used.fill(argon2::Block::default());
        std::hint::black_box(&used);
        value
    };
    match MEMORY.try_lock() {
        Ok(mut kept) if blocks <= KEPT_BLOCKS => run(&mut kept),
        _ => run(&mut Vec::new()),
    }
}

fn secret_digest(salt: &str, game_id: &str, house: &str, secret: &str) -> [u8; 32] {
    let mut h = Sha256::new();
    for part in ["maester-secret-v1", salt, game_id, house, secret] {
        h.update((part.len() as u64).to_be_bytes());
        h.update(part.as_bytes());
    }
    h.finalize().into()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex32(text: &str) -> Option<[u8; 32]> {
    let bytes = text.as_bytes();
    if bytes.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, pair) in bytes.chunks(2).enumerate() {
        let s = std::str::from_utf8(pair).ok()?;
        out[i] = u8::from_str_radix(s, 16).ok()?;
    }
    Some(out)
}

/// Compares two byte strings of equal length in time independent of where they differ
/// (`false` at once when the lengths differ: the length is not secret).
fn constant_time_eq_slices(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let diff = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    std::hint::black_box(diff) == 0
}

/// Compares two digests in time independent of where they differ.
fn constant_time_eq(a: &[u8; 32], b: &[u8; 32]) -> bool {
    let diff = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    std::hint::black_box(diff) == 0
}

impl StoreTx<'_> {
    /// Replaces a house's secret (the old one stops working).
    pub fn set_house_secret(
        &self,
        game_id: &str,
        house: &str,
        secret: &str,
        salt: &str,
    ) -> Result<(), StoreError> {
        let n = self.conn.exec(
            "UPDATE houses SET secret_salt = ?3, secret_hash = ?4 WHERE game_id = ?1 AND house = ?2",
            params![
                game_id,
                house,
                salt,
                hash_secret_argon2(salt, game_id, house, secret)?
            ],
        )?;
        expect_one(n, || format!("house {house} in game {game_id}"))
    }
    /// Sets the GM's secret of a game (Argon2id, like the houses').
    pub fn set_gm_secret(&self, game_id: &str, secret: &str, salt: &str) -> Result<(), StoreError> {
        let hash = hash_secret_argon2(salt, game_id, "gm", secret)?;
        self.conn.exec(
            "INSERT INTO gm_secrets (game_id, secret_salt, secret_hash) VALUES (?1, ?2, ?3)
             ON CONFLICT(game_id) DO UPDATE SET secret_salt = ?2, secret_hash = ?3",
            params![game_id, salt, hash],
        )?;
        Ok(())
    }
    /// True when `secret` is the game's GM secret (false when the game has none).
    pub fn verify_gm_secret(&self, game_id: &str, secret: &str) -> Result<bool, StoreError> {
        let hash: Option<String> = self
            .conn
            .row(
                "SELECT secret_hash FROM gm_secrets WHERE game_id = ?1",
                [game_id],
                |row| row.get(0),
            )
            .optional()?;
        match hash {
            Some(h) => argon2_matches(&h, game_id, "gm", secret),
            None => {
                let _ = hash_secret_argon2("no such seat", game_id, "gm", secret);
                Ok(false)
            }
        }
    }
    /// True when `secret` is the house's secret (constant-time compare).
    /// An unknown game or house gives `false`.
    pub fn verify_secret(
        &self,
        game_id: &str,
        house: &str,
        secret: &str,
    ) -> Result<bool, StoreError> {
        let stored: Option<(String, String)> = self
            .conn
            .row(
                "SELECT secret_salt, secret_hash FROM houses WHERE game_id = ?1 AND house = ?2",
                [game_id, house],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()?;
        let Some((salt, hash)) = stored else {
            // Same work as for a real seat, so timing does not tell.
            let _ = hash_secret_argon2("no such seat", game_id, house, secret);
            return Ok(false);
        };
        if hash.starts_with("$argon2") {
            return argon2_matches(&hash, game_id, house, secret);
        }
        // A schema-1 hash: compared, and replaced by an Argon2id hash when right.
        let expected = unhex32(&hash).ok_or_else(|| StoreError::Corrupt {
            what: "houses.secret_hash",
            detail: format!("not a hex SHA-256 for house {house} in game {game_id}"),
        })?;
        let given = secret_digest(&salt, game_id, house, secret);
        let right = constant_time_eq(&given, &expected);
        if right {
            let upgraded = hash_secret_argon2(&salt, game_id, house, secret)?;
            self.conn.exec(
                "UPDATE houses SET secret_hash = ?3 WHERE game_id = ?1 AND house = ?2 \
                 AND secret_hash = ?4",
                params![game_id, house, upgraded, hash],
            )?;
            tracing::info!(game = game_id, house, "secret hash upgraded to Argon2id");
        }
        Ok(right)
    }
}
