//! Creating a game: the checked `[game]` stored with its houses (new secrets), the GM secret,
//! the first snapshot, and a welcome mail to each player with its secret, units and what to
//! send.

use super::Daemon;
use super::letters::{self, Letter, queue};
use super::loaded::deadline_for;
use super::random::{new_secret, random_hex};
use crate::board::{Board, HouseId, Lang};
use crate::config::GameConfig;
use crate::error::Error;
use crate::mail::Mailbox;
use crate::rules::GameState;
use crate::schedule::Schedule;
use crate::store::{Language, NewGame, NewHouse, NewSnapshot, StoreError};
use crate::words::hant::Script;
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

/// Create the `[game]` of the config: store the game, its houses (with new secrets), the first
/// snapshot, and queue a welcome mail to each player with its secret. Returns the secrets.
pub fn new_game(
    d: &mut Daemon,
    now: DateTime<Utc>,
    secrets: Option<Vec<String>>,
) -> Result<Vec<(String, String)>, Error> {
    let super::setup::CheckedGame {
        cfg,
        board,
        schedule,
        ..
    } = super::setup::check(&d.config, now)?;
    let table = d.config.game.clone().unwrap_or_default();
    let config_text = toml::to_string(&table).map_err(|e| Error::Config(e.to_string()))?;
    let seed = match &cfg.seed {
        Some(s) => s.clone(),
        None => random_hex(16)?,
    };
    let seed_hash: String = Sha256::digest(seed.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let state = first_state(&board, &cfg, &seed);
    let deadline = deadline_for(&schedule, state.step, now)?;
    let opening = Opening {
        board: &board,
        cfg: &cfg,
        state: &state,
        seed_hash: &seed_hash,
        schedule: &schedule,
        deadline,
        now,
    };
    let (letters, mut out) = welcome_letters(d, &opening, secrets.as_deref())?;
    // The GM's secret, for GM commands by mail (the last entry of `secrets` when given).
    let gm_secret = match secrets.as_ref().and_then(|s| s.get(cfg.players.len())) {
        Some(s) => s.clone(),
        None => new_secret()?,
    };
    let created = Created {
        config_text: &config_text,
        seed: &seed,
        gm_secret: &gm_secret,
        secrets: &out,
        letters: &letters,
        now,
    };
    store_game(d, &opening, &created)?;
    out.push(("gm".to_string(), gm_secret));
    Ok(out)
}

/// The state a game starts from: the board's setup, the optional rules of 004 §七 when the
/// game uses them, the events drawn from the seed (one function with `maester verify`'s replay).
fn first_state(board: &Board, cfg: &GameConfig, seed: &str) -> GameState {
    crate::publish::machine::first_state(board, seed, &super::record_json::start_of(cfg))
}

/// A new game as the welcome mails and the store see it.
struct Opening<'a> {
    board: &'a Board,
    cfg: &'a GameConfig,
    state: &'a GameState,
    seed_hash: &'a str,
    schedule: &'a Schedule,
    deadline: DateTime<Utc>,
    /// When the game is created (the calendar event's stamp).
    now: DateTime<Utc>,
}

/// What is stored with a new game besides its opening.
struct Created<'a> {
    config_text: &'a str,
    seed: &'a str,
    gm_secret: &'a str,
    secrets: &'a [(String, String)],
    letters: &'a [Letter],
    now: DateTime<Utc>,
}

/// Each house's key with its secret.
type Secrets = Vec<(String, String)>;

/// One welcome mail per player, and each house's secret (`secrets[i]` for player `i` when
/// given, else a new one).
fn welcome_letters(
    d: &Daemon,
    g: &Opening,
    secrets: Option<&[String]>,
) -> Result<(Vec<Letter>, Secrets), Error> {
    let (board, cfg, state) = (g.board, g.cfg, g.state);
    let notices = crate::rules::event_phase::advance_notices(state);
    let drawn: Vec<u8> = (2..=board.rules.rounds.saturating_add(1)).collect();
    let roster: Vec<(HouseId, String)> = cfg
        .players
        .iter()
        .filter_map(|q| board.house_by_key(&q.house).map(|h| (h, q.name.clone())))
        .collect();
    let mut out = Vec::new();
    let mut letters: Vec<Letter> = Vec::new();
    // The first step's deadline in every player's calendar (set as the game is created).
    let event = letters::DeadlineEvent {
        game: cfg.id.clone(),
        round: state.round,
        step: state.step,
        deadline: g.deadline,
        sequence: letters::calendar_sequence(g.now, g.now),
        stamp: g.now,
        cancelled: false,
    };
    for (i, p) in cfg.players.iter().enumerate() {
        let secret = match secrets.and_then(|s| s.get(i)) {
            Some(s) => s.clone(),
            None => new_secret()?,
        };
        let language = p.language_in(cfg);
        let lang = language.lang;
        let house = board
            .house_by_key(&p.house)
            .ok_or_else(|| Error::NotFound(format!("house {}", p.house)))?;
        let sections = crate::words::welcome::sections(
            board,
            state,
            house,
            &roster,
            d.config.daemon.gm_address.as_deref(),
            lang,
        );
        let deadline = match lang {
            Lang::Zh => g.schedule.format_deadline_zh(g.deadline),
            Lang::En => g.schedule.format_deadline_en(g.deadline),
        };
        let schedule = crate::words::deadlines::schedule_section(&g.schedule.describe(), lang);
        let welcome = crate::words::welcome::Welcome {
            game: &cfg.id,
            house,
            player: &p.name,
            secret: &secret,
            seed_hash: g.seed_hash,
            deadline: &deadline,
            sections: &sections,
            schedule: &schedule,
        };
        let mut text = crate::words::welcome::text(board, state, &welcome, lang);
        crate::words::welcome::add_previews(&mut text, state, &drawn, &notices, house, lang);
        // A player reads rule references as chapters and a few words of the rule.
        let text = crate::words::cite::for_player(&text, lang);
        let subject = crate::words::welcome::subject(board, &cfg.id, house, lang);
        let to = letters::Reader {
            mailbox: Mailbox::new(p.name.clone(), p.address.clone()),
            script: Script::of(language.traditional()),
        };
        letters.push(
            letters::letter_with_event(
                &d.sender,
                &to,
                (subject, text.clone()),
                Some((&event, lang)),
                &format!("welcome:{}:{}", cfg.id, p.house),
                None,
            )?
            .secret_masked_when_sent(&text, &secret),
        );
        out.push((p.house.clone(), secret));
    }
    Ok((letters, out))
}

/// One transaction: the game, its houses (secrets hashed), the first snapshot, the GM's secret,
/// the welcome mails queued and the audit line.
fn store_game(d: &mut Daemon, g: &Opening, c: &Created) -> Result<(), Error> {
    let (cfg, state, now) = (g.cfg, g.state, c.now);
    let gm_salt = random_hex(8)?;
    let state_json = super::stored::encode(state)?;
    let game_id = cfg.id.clone();
    d.store.transaction(|tx| -> Result<(), StoreError> {
        tx.create_game(&NewGame {
            id: &game_id,
            config: c.config_text,
            seed_hash: g.seed_hash,
            seed: c.seed,
            round: state.round as u32,
            step: state.step.key(),
            deadline: Some(g.deadline),
            created_at: now,
        })?;
        for (p, (_, secret)) in cfg.players.iter().zip(c.secrets) {
            let salt = random_hex(8).map_err(|e| StoreError::Invalid {
                what: "salt",
                detail: e.to_string(),
            })?;
            tx.add_house(&NewHouse {
                game_id: &game_id,
                house: &p.house,
                player_name: &p.name,
                address: &p.address,
                language: if p.language_in(cfg).lang == Lang::En {
                    Language::En
                } else {
                    Language::Zh
                },
                // A player the config says reads Traditional gets it from his welcome on.
                traditional: p.language_in(cfg).traditional(),
                secret,
                salt: &salt,
            })?;
        }
        tx.add_snapshot(&NewSnapshot {
            game_id: &game_id,
            round: state.round as u32,
            step: state.step.key(),
            after_seq: 0,
            state: &state_json,
            log: &serde_json::Value::Array(Vec::new()),
            created_at: now,
        })?;
        tx.set_gm_secret(&game_id, c.gm_secret, &gm_salt)?;
        for l in c.letters {
            queue(tx, Some(&game_id), l, None, now)?;
        }
        tx.append_audit(
            Some(&game_id),
            "gm",
            "new game",
            &format!("seed hash {}", g.seed_hash),
            now,
        )?;
        Ok(())
    })?;
    Ok(())
}
