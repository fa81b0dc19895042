//! What does not change from mail to mail, built once per process: each game's parsed config,
//! board, templates, schedule and name index (built again when the stored config text or the
//! board file or templates folder it names changes), and the state of each game's newest
//! snapshot (a snapshot never changes once written: its sequence number is the key), and the
//! secrets already found right: the Argon2id check that guards a secret at rest costs tens of
//! milliseconds by design, so a secret is checked once per process and then compared by a
//! keyed SHA-256 held in memory only (right ones, and the last few wrong ones of each seat: a
//! player resending the same mistyped secret). Once a seat's right secret is known, any other
//! secret for it is wrong without a check; before that, a new wrong one takes the full check.

use crate::board::Board;
use crate::config::{Config, GameConfig};
use crate::error::Error;
use crate::lang::Names;
use crate::rules::GameState;
use crate::schedule::Schedule;
use crate::store::Store;
use crate::words::render::Templates;
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

/// A game's config and what it gives.
pub struct Built {
    /// The stored config text it was built from.
    text: String,
    /// When the board file and the templates named were last changed.
    stamp: Option<SystemTime>,
    /// The parsed `[game]`.
    pub cfg: GameConfig,
    /// The board.
    pub board: Arc<Board>,
    /// The templates.
    pub templates: Arc<Templates>,
    /// The schedule.
    pub schedule: Schedule,
    /// The board's name index.
    pub names: Arc<Names>,
}

/// A seat: (game, house).
type Seat = (String, String);

/// A keyed SHA-256 of a secret.
type Digest = [u8; 32];

/// The per-process cache of a daemon.
#[derive(Default)]
pub struct Cache {
    built: Mutex<HashMap<String, Arc<Built>>>,
    states: Mutex<HashMap<String, (i64, Arc<GameState>)>>,
    /// (game, house) → (the stored hash it was checked against, keyed digest of the secret).
    secrets: Mutex<HashMap<Seat, (String, Digest)>>,
    /// (game, house) → (the stored hash, keyed digests of secrets found wrong against it).
    wrong: Mutex<HashMap<Seat, (String, Vec<Digest>)>>,
    /// (game, house) → when a secret was last checked by Argon2id for a house over its day's
    /// wrong-secret limit.
    over_limit_checked: Mutex<HashMap<Seat, chrono::DateTime<chrono::Utc>>>,
    /// The key of those digests: random per process.
    key: std::sync::OnceLock<Option<String>>,
}

/// Resolve paths of the game config relative to the daemon's config folder.
pub fn board_and_templates(
    config: &crate::config::Config,
    cfg: &GameConfig,
) -> Result<(Board, Templates), Error> {
    let board = match &cfg.board {
        Some(p) => Board::from_path(&config.path(p))?,
        None => Board::default_board()?,
    };
    let dir = cfg.templates.as_ref().map(|p| config.path(p));
    let templates = Templates::load(dir.as_deref()).map_err(Error::Template)?;
    Ok((board, templates))
}

/// The newest modification time of a file, or of a folder and everything in it (a template
/// edited in place changes its own time only, not its folder's: `zh/reply.txt` under the
/// templates folder is two levels down).
fn modified(path: &Path) -> Option<SystemTime> {
    newest(path, 4)
}

/// [`modified`], looking `depth` levels of folders down at most.
fn newest(path: &Path, depth: u8) -> Option<SystemTime> {
    let meta = std::fs::metadata(path).ok()?;
    let mut t = meta.modified().ok()?;
    if meta.is_dir()
        && depth > 0
        && let Ok(rd) = std::fs::read_dir(path)
    {
        for e in rd.flatten() {
            if let Some(m) = newest(&e.path(), depth - 1) {
                t = t.max(m);
            }
        }
    }
    Some(t)
}

fn stamp(config: &Config, cfg: &GameConfig) -> Option<SystemTime> {
    let board = cfg.board.as_ref().and_then(|p| modified(&config.path(p)));
    let templates = cfg
        .templates
        .as_ref()
        .and_then(|p| modified(&config.path(p)));
    board.max(templates)
}

impl Cache {
    /// The game's config and what it gives, from the stored config text.
    pub fn built(&self, config: &Config, id: &str, text: &str) -> Result<Arc<Built>, Error> {
        if let Ok(map) = self.built.lock()
            && let Some(b) = map.get(id)
            && b.text == text
            && b.stamp == stamp(config, &b.cfg)
        {
            return Ok(b.clone());
        }
        let cfg = GameConfig::from_text(text)?;
        let (board, templates) = board_and_templates(config, &cfg)?;
        let schedule = cfg.schedule()?;
        let names = Names::from_board(&board);
        let b = Arc::new(Built {
            text: text.to_string(),
            stamp: stamp(config, &cfg),
            cfg,
            board: Arc::new(board),
            templates: Arc::new(templates),
            schedule,
            names: Arc::new(names),
        });
        if let Ok(mut map) = self.built.lock() {
            map.insert(id.to_string(), b.clone());
        }
        Ok(b)
    }

    /// The state of snapshot `seq` of the game, if it is the one kept.
    pub fn state(&self, id: &str, seq: i64) -> Option<Arc<GameState>> {
        let map = self.states.lock().ok()?;
        map.get(id)
            .filter(|(s, _)| *s == seq)
            .map(|(_, st)| st.clone())
    }

    /// Forget the states kept (a rolled-back write may have put one there that the store
    /// no longer holds).
    pub fn forget_states(&self) {
        if let Ok(mut map) = self.states.lock() {
            map.clear();
        }
    }

    /// Keep the state of snapshot `seq` of the game.
    pub fn keep_state(&self, id: &str, seq: i64, state: Arc<GameState>) {
        if let Ok(mut map) = self.states.lock() {
            map.insert(id.to_string(), (seq, state));
        }
    }
}

impl Cache {
    fn digest(&self, secret: &str) -> Option<[u8; 32]> {
        use sha2::{Digest, Sha256};
        let key = self
            .key
            .get_or_init(|| super::random::random_hex(32).ok())
            .as_ref()?;
        let mut h = Sha256::new();
        h.update(key.as_bytes());
        h.update([0u8]);
        h.update(secret.as_bytes());
        Some(h.finalize().into())
    }
}

/// How many wrong secrets of a seat are remembered.
const WRONG_KEPT: usize = 16;

/// Two digests compared in constant time.
fn same(a: &[u8; 32], b: &[u8; 32]) -> bool {
    a.iter()
        .zip(b.iter())
        .fold(0u8, |acc, (x, y)| acc | (x ^ y))
        == 0
}

/// How often a house over its day's wrong-secret limit still gets a secret checked by Argon2id
/// while its right secret is not known to the process: a flood of forged secrets then costs
/// one check per interval, not one per mail (~40 ms each).
pub const OVER_LIMIT_CHECK_EVERY: chrono::TimeDelta = chrono::TimeDelta::seconds(30);

/// Whether a secret for the seat may be checked now. Always, unless the house is `over_limit`
/// (its wrong secrets today reached the limit): then a secret is decided by the keyed digest
/// when the seat's right secret is known to the process (no Argon2id), else by Argon2id at most
/// once per [`OVER_LIMIT_CHECK_EVERY`]; the others are wrong without a check.
pub fn may_check_secret(
    store: &Store,
    cache: &Cache,
    game: &str,
    house: &str,
    over_limit: bool,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<bool, Error> {
    if !over_limit {
        return Ok(true);
    }
    let key = (game.to_string(), house.to_string());
    if let Some(stored) = store.secret_hash(game, house)?
        && let Ok(map) = cache.secrets.lock()
        && map.get(&key).is_some_and(|(hash, _)| *hash == stored)
    {
        return Ok(true);
    }
    let Ok(mut last) = cache.over_limit_checked.lock() else {
        return Ok(false);
    };
    match last.get(&key) {
        Some(t) if now - *t < OVER_LIMIT_CHECK_EVERY && now >= *t => Ok(false),
        _ => {
            last.insert(key, now);
            Ok(true)
        }
    }
}

/// Whether `secret` is the seat's secret: the Argon2id check until the seat's secret has been
/// given right once in this process, a keyed digest compared in constant time after that —
/// a right secret has the known digest, any other secret does not and is wrong without a check
/// (for as long as the stored hash is the same: after a new secret for the seat, both are
/// checked in full again).
pub fn verify_secret(
    store: &Store,
    cache: &Cache,
    game: &str,
    house: &str,
    secret: &str,
) -> Result<bool, Error> {
    let key = (game.to_string(), house.to_string());
    let stored = store.secret_hash(game, house)?;
    let given = cache.digest(secret);
    if let (Some(stored), Some(given)) = (&stored, given) {
        if let Ok(map) = cache.secrets.lock()
            && let Some((hash, known)) = map.get(&key)
            && hash == stored
        {
            // The seat's secret is known: a secret whose digest differs is not it.
            return Ok(same(known, &given));
        }
        if let Ok(map) = cache.wrong.lock()
            && let Some((hash, known)) = map.get(&key)
            && hash == stored
            && known.iter().any(|k| same(k, &given))
        {
            return Ok(false);
        }
    }
    let right = store.verify_secret(game, house, secret)?;
    let (Some(stored), Some(given)) = (store.secret_hash(game, house)?, given) else {
        return Ok(right);
    };
    if right {
        if let Ok(mut map) = cache.secrets.lock() {
            map.insert(key, (stored, given));
        }
    } else if let Ok(mut map) = cache.wrong.lock() {
        let entry = map
            .entry(key)
            .or_insert_with(|| (stored.clone(), Vec::new()));
        if entry.0 != stored {
            *entry = (stored, Vec::new());
        }
        if entry.1.len() >= WRONG_KEPT {
            entry.1.remove(0);
        }
        entry.1.push(given);
    }
    Ok(right)
}
