//! Creating a game: the checked `[game]` stored with its houses (new secrets), the GM secret,
//! the first snapshot, and a welcome mail to each player with its secret, units and what to
//! send.

use super::Daemon;
use super::games::deadline_for;
use super::letters::{self, Letter, queue};
use crate::board::{Board, HouseId, Lang};
use crate::error::Error;
use crate::mail::Mailbox;
use crate::rules::event_phase::events::EventSettings;
use crate::rules::{GameState, Step};
use crate::schedule::Schedule;
use crate::store::{Language, NewGame, NewHouse, NewSnapshot, StoreError};
use crate::words::Spelling;
use crate::words::event_text::NoticeText;
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

/// Random bytes from the operating system, as hex (for secrets, salts and seeds).
pub fn random_hex(n: usize) -> Result<String, Error> {
    use std::io::Read;
    let mut buf = vec![0u8; n];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut buf))
        .map_err(|e| Error::Config(format!("reading /dev/urandom: {e}")))?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}

/// A secret a player can type: 8 lower-case letters and digits without look-alikes.
pub fn new_secret() -> Result<String, Error> {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    let hex = random_hex(8)?;
    let bytes: Vec<u8> = (0..8)
        .filter_map(|i| u8::from_str_radix(&hex[i * 2..i * 2 + 2], 16).ok())
        .collect();
    Ok(bytes
        .iter()
        .map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char)
        .collect())
}

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
        templates,
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
    let mut state = GameState::new_game(&board);
    // The optional rules of 004 §七 come together: one-time orders, the public preview of the
    // events three rounds ahead and the chooser events (004:L2628, L2636).
    let optional = cfg.rules.one_time_orders;
    if optional {
        crate::rules::optional::one_time::enable(&board, &mut state);
    }
    // Winter is Coming per category and round from [game.events].
    let events = EventSettings::with_probability(cfg.events.winter_is_coming, optional, optional);
    crate::rules::event_phase::events::start_game(&board, &mut state, &seed, events);
    let notices = crate::rules::event_phase::advance_notices(&state);
    let drawn: Vec<u8> = (2..=board.rules.rounds.saturating_add(1)).collect();
    let deadline = deadline_for(&schedule, state.step, now)?;
    let mut out = Vec::new();
    let mut letters: Vec<Letter> = Vec::new();
    for (i, p) in cfg.players.iter().enumerate() {
        let secret = match secrets.as_ref().and_then(|s| s.get(i)) {
            Some(s) => s.clone(),
            None => new_secret()?,
        };
        let lang = p.language.unwrap_or(cfg.language);
        let house = board
            .house_by_key(&p.house)
            .ok_or_else(|| Error::NotFound(format!("house {}", p.house)))?;
        let roster: Vec<(HouseId, String)> = cfg
            .players
            .iter()
            .filter_map(|q| board.house_by_key(&q.house).map(|h| (h, q.name.clone())))
            .collect();
        let sections = crate::words::welcome::sections(
            &board,
            &state,
            house,
            &roster,
            d.config.daemon.gm_address.as_deref(),
            lang,
        );
        let mut text = welcome_text(
            &board, &cfg.id, house, &p.name, &secret, &seed_hash, &schedule, deadline, lang,
            &state, &sections,
        );
        add_previews(&mut text, &state, &drawn, &notices, house, lang);
        let subject = match lang {
            Lang::Zh => format!(
                "[{}] 欢迎加入游戏:你是{}",
                cfg.id,
                board.house(house).name(lang)
            ),
            Lang::En => format!(
                "[{}] Welcome: you play {}",
                cfg.id,
                board.house(house).name(lang)
            ),
        };
        let to = Mailbox::new(p.name.clone(), p.address.clone());
        letters.push(
            letters::letter(
                &d.sender,
                &to,
                subject,
                text.clone(),
                &format!("welcome:{}:{}", cfg.id, p.house),
                None,
            )?
            .secret_masked_when_sent(&text, &secret),
        );
        out.push((p.house.clone(), secret));
    }
    let _ = templates;
    // The GM's secret, for GM commands by mail (the last entry of `secrets` when given).
    let gm_secret = match secrets.as_ref().and_then(|s| s.get(cfg.players.len())) {
        Some(s) => s.clone(),
        None => new_secret()?,
    };
    let gm_salt = random_hex(8)?;
    let state_json = super::stored::encode(&state)?;
    let game_id = cfg.id.clone();
    d.store.transaction(|tx| -> Result<(), StoreError> {
        tx.create_game(&NewGame {
            id: &game_id,
            config: &config_text,
            seed_hash: &seed_hash,
            seed: &seed,
            round: state.round as u32,
            step: state.step.key(),
            deadline: Some(deadline),
            created_at: now,
        })?;
        for (p, (_, secret)) in cfg.players.iter().zip(&out) {
            let salt = random_hex(8).map_err(|e| StoreError::Invalid {
                what: "salt",
                detail: e.to_string(),
            })?;
            tx.add_house(&NewHouse {
                game_id: &game_id,
                house: &p.house,
                player_name: &p.name,
                address: &p.address,
                language: if p.language.unwrap_or(cfg.language) == Lang::En {
                    Language::En
                } else {
                    Language::Zh
                },
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
        tx.set_gm_secret(&game_id, &gm_secret, &gm_salt)?;
        for l in &letters {
            queue(tx, Some(&game_id), l, None, now)?;
        }
        tx.append_audit(
            Some(&game_id),
            "gm",
            "new game",
            &format!("seed hash {seed_hash}"),
            now,
        )?;
        Ok(())
    })?;
    out.push(("gm".to_string(), gm_secret));
    Ok(out)
}

/// The public preview of rounds 2–4 (optional rules) and the house's secret notices, before
/// the welcome mail's signature.
fn add_previews(
    text: &mut String,
    state: &GameState,
    drawn: &[u8],
    notices: &[crate::rules::event_phase::AdvanceNotice],
    house: HouseId,
    lang: Lang,
) {
    let public: Vec<String> = crate::words::event_text::preview_lines(state, drawn, lang)
        .into_iter()
        .map(|l| format!("  {l}"))
        .collect();
    if !public.is_empty() {
        // The public preview of rounds 2–4 (004:L2630, T-50), before the signature.
        let at = text.rfind("\n\n").unwrap_or(text.len());
        text.insert_str(at, &format!("\n\n{}", public.join("\n")));
    }
    let mine: Vec<String> = notices
        .iter()
        .filter(|n| n.house == house)
        .map(|n| format!("  {}", n.describe(lang)))
        .collect();
    if !mine.is_empty() {
        // Before the signature.
        let at = text.rfind("\n\n").unwrap_or(text.len());
        let head = match lang {
            Lang::Zh => "\n\n== 仅发给你的消息 ==\n",
            Lang::En => "\n\n== For you only ==\n",
        };
        text.insert_str(at, &format!("{head}{}", mine.join("\n")));
    }
}

#[allow(clippy::too_many_arguments)]
fn welcome_text(
    board: &Board,
    game: &str,
    house: HouseId,
    player: &str,
    secret: &str,
    seed_hash: &str,
    schedule: &Schedule,
    deadline: DateTime<Utc>,
    lang: Lang,
    state: &GameState,
    sections: &str,
) -> String {
    let h = board.house(house).name(lang);
    let units: Vec<String> = board
        .area_ids()
        .filter(|a| state.occupant(*a) == Some(house))
        .map(|a| {
            let kinds: Vec<_> = state.area(a).units.iter().map(|u| u.kind).collect();
            format!(
                "  {} {}",
                board.area(a).name(lang),
                crate::words::log::units(&kinds, lang)
            )
        })
        .collect();
    match lang {
        Lang::Zh => format!(
            "{player}你好,\n\n你在游戏 {game} 中扮演{h}。\n你的密码是:{secret}\n每封命令邮件都要写上一行「密码: {secret}」,并且从这个邮箱地址发出。请不要把密码告诉别人。\n\n你的部队:\n{}\n\n{sections}现在是第1回合{}, 截止时间 {}。\n{}\n\n本局随机种子的SHA-256:{seed_hash}(游戏结束时公布种子,供核对每一次抽取)。\n\n—— maester 自动裁判",
            units.join("\n"),
            Step::Placement.name_zh(),
            schedule.format_deadline_zh(deadline),
            crate::words::asks::what_to_send(board, state, house, lang),
        ),
        Lang::En => format!(
            "Hello {player},\n\nYou play {h} in game {game}.\nYour secret is: {secret}\nPut a line \"secret: {secret}\" in every order mail, and send it from this address. Keep the secret to yourself.\n\nYour units:\n{}\n\n{sections}Round 1, {} is open until {}.\n{}\n\nSHA-256 of this game's random seed: {seed_hash} (the seed is published at the end so that every draw can be checked).\n\n-- maester, the automatic referee",
            units.join("\n"),
            Step::Placement.name_en(),
            schedule.format_deadline_en(deadline),
            crate::words::asks::what_to_send(board, state, house, lang),
        ),
    }
}
