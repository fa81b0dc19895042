//! Games in the store: creating one, loading its board/state/templates, and closing the steps
//! whose deadline has passed (one transaction per step: snapshot, reports, next step).

use super::Daemon;
use super::letters::{self, Letter, queue};
use crate::board::{Board, HouseId, Lang};
use crate::config::GameConfig;
use crate::error::Error;
use crate::game::{Options, Submission, close_steps};
use crate::mail::Mailbox;
use crate::rules::events::EventSettings;
use crate::rules::{GameState, Step};
use crate::schedule::Schedule;
use crate::store::{GameStatus, Language, NewGame, NewHouse, NewSnapshot, StoreError};
use crate::words::Spelling;
use crate::words::event_text::NoticeText;
use crate::words::render::Templates;
use chrono::{DateTime, Utc};

/// The deadline of a step opened `now`: its own entry, else `default`; a step added with the
/// event phase (events, events_answers, raven, retreat) without either takes plan's.
pub fn deadline_for(
    schedule: &Schedule,
    step: Step,
    now: DateTime<Utc>,
) -> Result<DateTime<Utc>, Error> {
    schedule
        .deadline_for(step.key(), now)
        .or_else(|_| schedule.deadline_for(Step::Plan.key(), now))
        .map_err(|e| Error::Config(e.to_string()))
}
use sha2::{Digest, Sha256};

/// A game loaded for work.
pub struct Loaded {
    /// Stored row.
    pub row: crate::store::Game,
    /// Its `[game]` config.
    pub cfg: GameConfig,
    /// Its board.
    pub board: Board,
    /// Its templates.
    pub templates: Templates,
    /// Its schedule.
    pub schedule: Schedule,
    /// Current state (latest snapshot).
    pub state: GameState,
    /// Sequence number of that snapshot.
    pub seq: i64,
}

impl Loaded {
    /// Language of a house's mails.
    pub fn lang_of(&self, language: Language) -> Lang {
        match language {
            Language::En => Lang::En,
            Language::Zh => Lang::Zh,
        }
    }
    /// Deadline text in a language.
    pub fn deadline_text(&self, lang: Lang) -> String {
        match (self.row.deadline, lang) {
            (Some(d), l) => self.at(d, l),
            (None, Lang::Zh) => "无".into(),
            (None, Lang::En) => "none".into(),
        }
    }
    /// A moment in the game's time zone, in words.
    pub fn at(&self, t: DateTime<Utc>, lang: Lang) -> String {
        match lang {
            Lang::Zh => self.schedule.format_deadline_zh(t),
            Lang::En => self.schedule.format_deadline_en(t),
        }
    }
    /// A house id by its stable key.
    pub fn house_id(&self, key: &str) -> Option<HouseId> {
        self.board.house_by_key(key)
    }
}

/// Resolve paths of the game config relative to the daemon's config folder.
fn board_and_templates(d: &Daemon, cfg: &GameConfig) -> Result<(Board, Templates), Error> {
    let board = match &cfg.board {
        Some(p) => Board::from_path(&d.config.path(p))?,
        None => Board::default_board()?,
    };
    let dir = cfg.templates.as_ref().map(|p| d.config.path(p));
    let templates = Templates::load(dir.as_deref()).map_err(Error::Template)?;
    Ok((board, templates))
}

/// Load a stored game.
pub fn load(d: &Daemon, id: &str) -> Result<Loaded, Error> {
    let row = d
        .store
        .game(id)?
        .ok_or(Error::Config(format!("no game {id}")))?;
    let cfg = GameConfig::from_text(&row.config)?;
    let (board, templates) = board_and_templates(d, &cfg)?;
    let schedule = cfg.schedule()?;
    let snap = d
        .store
        .latest_snapshot(id)?
        .ok_or(Error::Config(format!("game {id} has no state")))?;
    let mut state: GameState =
        super::stored::decode(snap.state).map_err(|e| Error::Config(format!("game {id}: {e}")))?;
    crate::rules::events::restore_tables(&board, &mut state);
    Ok(Loaded {
        row,
        cfg,
        board,
        templates,
        schedule,
        state,
        seq: snap.seq,
    })
}

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
    let cfg = d.config.game()?;
    let table = d.config.game.clone().unwrap_or_default();
    let config_text = toml::to_string(&table).map_err(|e| Error::Config(e.to_string()))?;
    let (board, templates) = board_and_templates(d, &cfg)?;
    let schedule = cfg.schedule()?;
    let keys: Vec<&str> = Step::ALL
        .iter()
        .filter(|s| **s != Step::Finished)
        .map(|s| s.key())
        .collect();
    match schedule.check_steps(&keys) {
        Ok(()) | Err(crate::schedule::ScheduleError::Missing { .. }) => {}
        Err(e) => return Err(Error::Config(format!("[game.schedule]: {e}"))),
    }
    for k in [Step::Placement.key(), Step::Plan.key()] {
        schedule
            .deadline_for(k, now)
            .map_err(|e| Error::Config(format!("[game.schedule]: {e}")))?;
    }
    for p in &cfg.players {
        if board.house_by_key(&p.house).is_none() {
            return Err(Error::Config(format!(
                "[[game.players]] house {:?} is not on the board",
                p.house
            )));
        }
    }
    if cfg.players.len() != board.houses.len() {
        return Err(Error::Config(format!(
            "the game needs {} players, one per house",
            board.houses.len()
        )));
    }
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
        crate::rules::one_time::enable(&board, &mut state);
    }
    // Winter is Coming per category and round from [game.events].
    let events = EventSettings::with_probability(cfg.events.winter_is_coming, optional, optional);
    crate::rules::events::start_game(&board, &mut state, &seed, events);
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
        let mut text = welcome_text(
            &board, &cfg.id, house, &p.name, &secret, &seed_hash, &schedule, deadline, lang, &state,
        );
        let public: Vec<String> = crate::words::event_text::preview_lines(&state, &drawn, lang)
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
        letters.push(letters::letter(
            &d.sender,
            &to,
            subject,
            text,
            &format!("welcome:{}:{}", cfg.id, p.house),
            None,
        )?);
        out.push((p.house.clone(), secret));
    }
    let _ = templates;
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
    Ok(out)
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
            "{player}你好,\n\n你在游戏 {game} 中扮演{h}。\n你的密码是:{secret}\n每封命令邮件都要写上一行「密码: {secret}」,并且从这个邮箱地址发出。请不要把密码告诉别人。\n\n你的部队:\n{}\n\n现在是第1回合{}, 截止时间 {}。\n{}\n\n本局随机种子的SHA-256:{seed_hash}(游戏结束时公布种子,供核对每一次抽取)。\n\n—— maester 自动裁判",
            units.join("\n"),
            Step::Placement.name_zh(),
            schedule.format_deadline_zh(deadline),
            crate::words::asks::what_to_send(board, state, house, lang),
        ),
        Lang::En => format!(
            "Hello {player},\n\nYou play {h} in game {game}.\nYour secret is: {secret}\nPut a line \"secret: {secret}\" in every order mail, and send it from this address. Keep the secret to yourself.\n\nYour units:\n{}\n\nRound 1, {} is open until {}.\n{}\n\nSHA-256 of this game's random seed: {seed_hash} (the seed is published at the end so that every draw can be checked).\n\n-- maester, the automatic referee",
            units.join("\n"),
            Step::Placement.name_en(),
            schedule.format_deadline_en(deadline),
            crate::words::asks::what_to_send(board, state, house, lang),
        ),
    }
}

/// Why a step is being closed: checked again inside the write transaction, so that a close
/// computed from a state someone else changed meanwhile writes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CloseWhy {
    /// Its deadline has passed (the daemon's tick): the stored deadline must still be due.
    Deadline,
    /// The GM closes the open step now; with a step (and a round), only when that step (of
    /// that round) is the open one.
    Gm {
        /// The step the GM means.
        step: Option<Step>,
        /// The round the GM means.
        round: Option<u32>,
    },
}

/// What closing a step did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Closed {
    /// The step was closed; this many reports were queued.
    Closed(usize),
    /// Nothing was written: the step was closed by someone else, its deadline moved, the
    /// game is over, or the GM's step guard does not match. Says which.
    NotClosed(String),
}

/// Close every step whose deadline has passed. Returns how many were closed; a game whose step
/// cannot be closed is told to the GM (and counted in `errors`), and the other games go on.
pub fn close_due_steps(d: &mut Daemon, now: DateTime<Utc>, errors: &mut usize) -> usize {
    let due = match d.store.games_due(now) {
        Ok(due) => due,
        Err(e) => {
            *errors += 1;
            tracing::error!(error = %e, "reading the games due failed");
            return 0;
        }
    };
    let mut n = 0;
    for g in due {
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            close_step_now(d, &g.id, now, CloseWhy::Deadline)
        }));
        let why = match result {
            Ok(Ok(Closed::Closed(_reports))) => {
                n += 1;
                continue;
            }
            Ok(Ok(Closed::NotClosed(why))) => {
                tracing::info!(game = %g.id, why, "due step not closed by this process");
                continue;
            }
            Ok(Err(e)) => e.to_string(),
            Err(payload) => format!("panic: {}", super::alerts::panic_text(payload.as_ref())),
        };
        *errors += 1;
        super::alerts::problem(
            d,
            Some(&g.id),
            "a step could not be closed",
            &format!(
                "game {}, round {} {}: {why}\nThe step stays open; maester tries again at every poll.",
                g.id, g.round, g.step
            ),
            now,
        );
    }
    n
}

/// Close the open step of a game now: adjudicate, snapshot, queue every house's report, open
/// the next step with its deadline. One transaction, which re-checks what the close was
/// computed from (the newest snapshot, the open step, and for a deadline close the stored
/// deadline): of any number of processes closing the same step at once, exactly one writes.
/// Returns the number of reports queued (a house whose player left, now neutral, gets none).
pub fn close_step_now(
    d: &mut Daemon,
    id: &str,
    now: DateTime<Utc>,
    why: CloseWhy,
) -> Result<Closed, Error> {
    let g = load(d, id)?;
    if g.state.step == Step::Finished {
        return Ok(Closed::NotClosed(format!("game {id} is over")));
    }
    if let CloseWhy::Gm { step, round } = why {
        let open_round = u32::from(g.state.round);
        if step.is_some_and(|s| s != g.state.step) || round.is_some_and(|r| r != open_round) {
            return Ok(Closed::NotClosed(format!(
                "the open step of game {id} is round {open_round} {}, not {}{}",
                g.state.step.key(),
                round.map(|r| format!("round {r} ")).unwrap_or_default(),
                step.map(Step::key).unwrap_or("this step")
            )));
        }
    }
    let mut rows = Vec::new();
    for step in Step::ALL {
        rows.extend(
            d.store
                .current_submissions(id, g.state.round as u32, step.key())?,
        );
    }
    rows.sort_by_key(|r| r.id);
    let mut subs: Vec<(HouseId, Submission)> = Vec::new();
    for r in rows {
        let (Some(h), Ok(s)) = (
            g.house_id(&r.house),
            serde_json::from_value::<Submission>(r.parsed.clone()),
        ) else {
            tracing::warn!(game = id, house = %r.house, "unreadable stored submission skipped");
            continue;
        };
        subs.push((h, s));
    }
    let opts = Options {
        settings: g.cfg.rules,
        early_close: g.cfg.early_close,
    };
    let out = close_steps(&g.board, &g.state, &subs, opts);
    let next_deadline = if out.state.step == Step::Finished {
        None
    } else {
        Some(deadline_for(&g.schedule, out.state.step, now)?)
    };
    let houses = d.store.houses(id)?;
    let mut mails: Vec<Letter> = Vec::new();
    let seq = g.seq + 1;
    for h in &houses {
        let Some(hid) = g.house_id(&h.house) else {
            continue;
        };
        if g.state.house(hid).neutral {
            continue;
        }
        let lang = g.lang_of(h.language);
        let deadline = match (next_deadline, lang) {
            (Some(t), Lang::Zh) => g.schedule.format_deadline_zh(t),
            (Some(t), Lang::En) => g.schedule.format_deadline_en(t),
            (None, _) => String::new(),
        };
        let mut ctx = letters::report_context(&g.board, id, &out, hid, lang, &deadline);
        if out.state.step == Step::Finished {
            ctx.private.push(match lang {
                Lang::Zh => format!("本局随机种子:{}", g.row.seed),
                Lang::En => format!("This game's random seed: {}", g.row.seed),
            });
        }
        let to = Mailbox::new(h.player_name.clone(), h.address.clone());
        mails.push(letters::report_letter(
            &g.templates,
            &d.sender,
            &to,
            &ctx,
            lang,
            &format!("report:{id}:{seq}:{}", h.house),
        )?);
    }
    let state_json = super::stored::encode(&out.state)?;
    let log_json = serde_json::to_value(&out.log)?;
    let finished = out.state.step == Step::Finished;
    let written = d.store.transaction(|tx| -> Result<(), StoreError> {
        let row = tx.game(id)?.ok_or(StoreError::NotFound {
            what: format!("game {id}"),
        })?;
        if why == CloseWhy::Deadline && row.deadline.is_none_or(|t| t > now) {
            return Err(StoreError::Stale {
                what: format!("game {id}"),
                detail: "its deadline was moved".into(),
            });
        }
        tx.add_snapshot(&NewSnapshot {
            game_id: id,
            round: out.state.round as u32,
            step: out.state.step.key(),
            after_seq: g.seq,
            state: &state_json,
            log: &log_json,
            created_at: now,
        })?;
        for m in &mails {
            queue(tx, Some(id), m, None, now)?;
        }
        tx.set_game_step(
            id,
            out.state.round as u32,
            out.state.step.key(),
            next_deadline,
            now,
        )?;
        if finished {
            tx.set_game_status(id, GameStatus::Finished, now)?;
        }
        tx.append_audit(
            Some(id),
            "daemon",
            "step closed",
            &format!(
                "round {} {} closed; {} reports queued",
                out.round,
                out.steps
                    .iter()
                    .map(|c| c.step.key())
                    .collect::<Vec<_>>()
                    .join("+"),
                mails.len()
            ),
            now,
        )?;
        Ok(())
    });
    match written {
        Ok(()) => {}
        Err(StoreError::Stale { detail, .. }) => {
            return Ok(Closed::NotClosed(format!(
                "nothing closed: game {id} {detail}"
            )));
        }
        Err(e) => return Err(e.into()),
    }
    tracing::info!(
        game = id,
        round = out.round,
        step = out.closed.key(),
        "step closed"
    );
    Ok(Closed::Closed(mails.len()))
}
