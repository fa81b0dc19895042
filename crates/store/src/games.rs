//! Games and houses (players, addresses, hashed secrets).

use crate::cached::Cached;
use chrono::{DateTime, Utc};
use rusqlite::{Row, params};

use super::expect_one;
use super::{StoreError, StoreTx, format_ts, parse_opt_ts, parse_ts};
use crate::secrets::hash_secret_argon2;

/// Whether a game is being refereed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameStatus {
    /// Mails are processed and deadlines resolved.
    Running,
    /// Mails are stored and answered, deadlines are not resolved.
    Paused,
    /// The game is over.
    Finished,
}

impl GameStatus {
    /// The text stored in `games.status`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Running => "running",
            GameStatus::Paused => "paused",
            GameStatus::Finished => "finished",
        }
    }

    fn parse(text: &str) -> Result<Self, StoreError> {
        match text {
            "running" => Ok(GameStatus::Running),
            "paused" => Ok(GameStatus::Paused),
            "finished" => Ok(GameStatus::Finished),
            other => Err(StoreError::Corrupt {
                what: "games.status",
                detail: format!("unknown status {other:?}"),
            }),
        }
    }
}

/// The language a player gets mail in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    /// Chinese (the forum's language; the default).
    Zh,
    /// English.
    En,
}

impl Language {
    /// The text stored in `houses.language` (`zh` / `en`).
    pub fn as_str(self) -> &'static str {
        match self {
            Language::Zh => "zh",
            Language::En => "en",
        }
    }

    fn parse(text: &str) -> Result<Self, StoreError> {
        match text {
            "zh" => Ok(Language::Zh),
            "en" => Ok(Language::En),
            other => Err(StoreError::Corrupt {
                what: "houses.language",
                detail: format!("unknown language {other:?}"),
            }),
        }
    }
}

/// A game to create with [`StoreTx::create_game`].
#[derive(Debug, Clone)]
pub struct NewGame<'a> {
    /// Short name, e.g. `demo` (letters, digits, `-`, `_`).
    pub id: &'a str,
    /// The game's TOML configuration.
    pub config: &'a str,
    /// Hash of the seed, published to players at the start.
    pub seed_hash: &'a str,
    /// The seed itself (secret until the game ends).
    pub seed: &'a str,
    /// Starting round.
    pub round: u32,
    /// Starting step.
    pub step: &'a str,
    /// Deadline of the starting step, if any.
    pub deadline: Option<DateTime<Utc>>,
    /// Creation time.
    pub created_at: DateTime<Utc>,
}

/// A game as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// Short name.
    pub id: String,
    /// Creation time.
    pub created_at: DateTime<Utc>,
    /// Time of the last change of status, round, step or deadline.
    pub updated_at: DateTime<Utc>,
    /// The game's TOML configuration.
    pub config: String,
    /// Hash of the seed.
    pub seed_hash: String,
    /// The seed.
    pub seed: String,
    /// Running, paused or finished.
    pub status: GameStatus,
    /// Current round.
    pub round: u32,
    /// Current step.
    pub step: String,
    /// When the current step closes (`None`: no deadline set).
    pub deadline: Option<DateTime<Utc>>,
    /// When the GM paused it (status `paused`); the deadline then keeps the time that was
    /// left, counted from this moment.
    pub paused_at: Option<DateTime<Utc>>,
}

/// A house (player seat) to add with [`StoreTx::add_house`].
#[derive(Debug, Clone)]
pub struct NewHouse<'a> {
    /// The game.
    pub game_id: &'a str,
    /// The house, e.g. `stark`.
    pub house: &'a str,
    /// The player's name.
    pub player_name: &'a str,
    /// The player's e-mail address (stored lower-cased).
    pub address: &'a str,
    /// Mail language.
    pub language: Language,
    /// The player reads Traditional Chinese from the start (the config says `zh-Hant`); else
    /// the seat's script is learnt from its mails.
    pub traditional: bool,
    /// The secret the player must quote in order mails (only its hash is stored).
    pub secret: &'a str,
    /// A random salt chosen by the caller (the store has no randomness).
    pub salt: &'a str,
}

/// A house as stored (never includes the secret).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct House {
    /// The game.
    pub game_id: String,
    /// The house, e.g. `stark`.
    pub house: String,
    /// The player's name.
    pub player_name: String,
    /// Lower-cased e-mail address.
    pub address: String,
    /// Mail language.
    pub language: Language,
    /// The seat writes Traditional Chinese (learnt from its mails): its Chinese mails are
    /// converted to Traditional.
    pub traditional: bool,
}

/// Checks a game id: 1–32 chars of ASCII letters, digits, `-`, `_`.
fn check_name(what: &'static str, name: &str) -> Result<(), StoreError> {
    let ok = !name.is_empty()
        && name.len() <= 32
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(StoreError::Invalid {
            what,
            detail: format!("{name:?} (use 1-32 letters, digits, '-' or '_')"),
        })
    }
}

/// Lower-cases and checks an e-mail address.
fn normalize_address(address: &str) -> Result<String, StoreError> {
    let a = address.trim().to_lowercase();
    let valid = a
        .split_once('@')
        .is_some_and(|(l, d)| !l.is_empty() && !d.is_empty())
        && !a.contains(|c: char| c.is_whitespace() || c == ',' || c == '<' || c == '>');
    if valid {
        Ok(a)
    } else {
        Err(StoreError::Invalid {
            what: "houses.address",
            detail: format!("{address:?} is not a plain e-mail address"),
        })
    }
}

const GAME_COLS: &str =
    "id, created_at, updated_at, config, seed_hash, seed, status, round, step, deadline, paused_at";

fn game_from_row(row: &Row<'_>) -> Result<Game, StoreError> {
    Ok(Game {
        id: row.get(0)?,
        created_at: parse_ts(&row.get::<_, String>(1)?, "games.created_at")?,
        updated_at: parse_ts(&row.get::<_, String>(2)?, "games.updated_at")?,
        config: row.get(3)?,
        seed_hash: row.get(4)?,
        seed: row.get(5)?,
        status: GameStatus::parse(&row.get::<_, String>(6)?)?,
        round: row.get(7)?,
        step: row.get(8)?,
        deadline: parse_opt_ts(row.get(9)?, "games.deadline")?,
        paused_at: parse_opt_ts(row.get(10)?, "games.paused_at")?,
    })
}

const HOUSE_COLS: &str = "game_id, house, player_name, address, language, script";

fn house_from_row(row: &Row<'_>) -> Result<House, StoreError> {
    Ok(House {
        game_id: row.get(0)?,
        house: row.get(1)?,
        player_name: row.get(2)?,
        address: row.get(3)?,
        language: Language::parse(&row.get::<_, String>(4)?)?,
        traditional: row.get::<_, String>(5)? == "hant",
    })
}

impl StoreTx<'_> {
    /// Creates a game (status `running`). Fails with
    /// [`StoreError::AlreadyExists`] if the id is taken.
    pub fn create_game(&self, game: &NewGame<'_>) -> Result<(), StoreError> {
        check_name("games.id", game.id)?;
        if self.game(game.id)?.is_some() {
            return Err(StoreError::AlreadyExists {
                what: format!("game {}", game.id),
            });
        }
        let now = format_ts(game.created_at);
        self.conn.exec(
            "INSERT INTO games (id, created_at, updated_at, config, seed_hash, seed, status,
                                round, step, deadline)
             VALUES (?1, ?2, ?2, ?3, ?4, ?5, 'running', ?6, ?7, ?8)",
            params![
                game.id,
                now,
                game.config,
                game.seed_hash,
                game.seed,
                game.round,
                game.step,
                game.deadline.map(format_ts)
            ],
        )?;
        Ok(())
    }

    /// The game with this id, if any.
    pub fn game(&self, id: &str) -> Result<Option<Game>, StoreError> {
        let sql = format!("SELECT {GAME_COLS} FROM games WHERE id = ?1");
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query([id])?;
        rows.next()?.map(game_from_row).transpose()
    }

    /// All games, by id.
    pub fn games(&self) -> Result<Vec<Game>, StoreError> {
        let sql = format!("SELECT {GAME_COLS} FROM games ORDER BY id");
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query([])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            out.push(game_from_row(row)?);
        }
        Ok(out)
    }

    /// Pauses a running game (GM): nothing of it closes until it is resumed.
    pub fn pause_game(&self, id: &str, at: DateTime<Utc>) -> Result<(), StoreError> {
        let n = self.conn.exec(
            "UPDATE games SET status = 'paused', paused_at = ?2, updated_at = ?2
             WHERE id = ?1 AND status = 'running'",
            params![id, format_ts(at)],
        )?;
        self.expect_status_change(id, n, "pause")
    }

    /// Resumes a paused game with the open step's new deadline.
    pub fn resume_game(
        &self,
        id: &str,
        deadline: Option<DateTime<Utc>>,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let n = self.conn.exec(
            "UPDATE games SET status = 'running', paused_at = NULL, deadline = ?2, updated_at = ?3
             WHERE id = ?1 AND status = 'paused'",
            params![id, deadline.map(format_ts), format_ts(at)],
        )?;
        self.expect_status_change(id, n, "resume")
    }

    fn expect_status_change(
        &self,
        id: &str,
        changed: usize,
        attempted: &'static str,
    ) -> Result<(), StoreError> {
        if changed == 1 {
            return Ok(());
        }
        match self.game(id)? {
            None => Err(StoreError::NotFound {
                what: format!("game {id}"),
            }),
            Some(g) => Err(StoreError::WrongState {
                what: format!("game {id}"),
                state: g.status.as_str().to_string(),
                attempted,
            }),
        }
    }

    /// Running games whose deadline is at or before `now`, earliest first.
    pub fn games_due(&self, now: DateTime<Utc>) -> Result<Vec<Game>, StoreError> {
        let mut stmt = self.conn.prepare_cached(&games_due_sql())?;
        let mut rows = stmt.query([format_ts(now)])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            out.push(game_from_row(row)?);
        }
        Ok(out)
    }

    /// Sets a game's status.
    pub fn set_game_status(
        &self,
        id: &str,
        status: GameStatus,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let n = self.conn.exec(
            "UPDATE games SET status = ?2, updated_at = ?3 WHERE id = ?1",
            params![id, status.as_str(), format_ts(at)],
        )?;
        expect_one(n, || format!("game {id}"))
    }

    /// Moves a game to `round`/`step` with a new deadline (`None`: no
    /// deadline until one is set).
    pub fn set_game_step(
        &self,
        id: &str,
        round: u32,
        step: &str,
        deadline: Option<DateTime<Utc>>,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let n = self.conn.exec(
            "UPDATE games SET round = ?2, step = ?3, deadline = ?4, updated_at = ?5 WHERE id = ?1",
            params![id, round, step, deadline.map(format_ts), format_ts(at)],
        )?;
        expect_one(n, || format!("game {id}"))
    }

    /// Changes only the deadline of the current step (GM extension, or
    /// bringing it forward in demo mode).
    pub fn set_deadline(
        &self,
        id: &str,
        deadline: Option<DateTime<Utc>>,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let n = self.conn.exec(
            "UPDATE games SET deadline = ?2, updated_at = ?3 WHERE id = ?1",
            params![id, deadline.map(format_ts), format_ts(at)],
        )?;
        expect_one(n, || format!("game {id}"))
    }

    /// Adds a house to a game; only a salted hash of the secret is stored.
    pub fn add_house(&self, h: &NewHouse<'_>) -> Result<(), StoreError> {
        check_name("houses.house", h.house)?;
        let address = normalize_address(h.address)?;
        if self.game(h.game_id)?.is_none() {
            return Err(StoreError::NotFound {
                what: format!("game {}", h.game_id),
            });
        }
        if self.house(h.game_id, h.house)?.is_some() {
            return Err(StoreError::AlreadyExists {
                what: format!("house {} in game {}", h.house, h.game_id),
            });
        }
        self.conn.exec(
            "INSERT INTO houses (game_id, house, player_name, address, secret_salt, secret_hash,
                                 language, script)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                h.game_id,
                h.house,
                h.player_name,
                address,
                h.salt,
                hash_secret_argon2(h.salt, h.game_id, h.house, h.secret)?,
                h.language.as_str(),
                if h.traditional { "hant" } else { "hans" }
            ],
        )?;
        Ok(())
    }

    /// Changes the player of a house (a replacement player, a new address).
    pub fn update_house_player(
        &self,
        game_id: &str,
        house: &str,
        player_name: &str,
        address: &str,
        language: Language,
    ) -> Result<(), StoreError> {
        let address = normalize_address(address)?;
        let n = self.conn.exec(
            "UPDATE houses SET player_name = ?3, address = ?4, language = ?5
             WHERE game_id = ?1 AND house = ?2",
            params![game_id, house, player_name, address, language.as_str()],
        )?;
        expect_one(n, || format!("house {house} in game {game_id}"))
    }

    /// Remembers the Chinese script a seat writes in (`traditional`: Traditional characters).
    pub fn set_house_script(
        &self,
        game_id: &str,
        house: &str,
        traditional: bool,
    ) -> Result<(), StoreError> {
        let script = if traditional { "hant" } else { "hans" };
        let n = self.conn.exec(
            "UPDATE houses SET script = ?3 WHERE game_id = ?1 AND house = ?2",
            params![game_id, house, script],
        )?;
        expect_one(n, || format!("house {house} in game {game_id}"))
    }

    /// The house, if the game has it.
    pub fn house(&self, game_id: &str, house: &str) -> Result<Option<House>, StoreError> {
        let sql = format!("SELECT {HOUSE_COLS} FROM houses WHERE game_id = ?1 AND house = ?2");
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query([game_id, house])?;
        rows.next()?.map(house_from_row).transpose()
    }

    /// All houses of a game, by house name.
    pub fn houses(&self, game_id: &str) -> Result<Vec<House>, StoreError> {
        self.houses_where("game_id = ?1", game_id)
    }

    /// Every seat (in any game) played from this address (case-insensitive).
    pub fn houses_by_address(&self, address: &str) -> Result<Vec<House>, StoreError> {
        self.houses_where("address = ?1", &address.trim().to_lowercase())
    }

    fn houses_where(&self, cond: &str, arg: &str) -> Result<Vec<House>, StoreError> {
        let sql = format!("SELECT {HOUSE_COLS} FROM houses WHERE {cond} ORDER BY game_id, house");
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query([arg])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            out.push(house_from_row(row)?);
        }
        Ok(out)
    }
}

/// Running games whose deadline has come (the partial index `games_due`).
pub(crate) fn games_due_sql() -> String {
    format!(
        "SELECT {GAME_COLS} FROM games
         WHERE status = 'running' AND deadline IS NOT NULL AND deadline <= ?1
         ORDER BY deadline, id"
    )
}
