//! A stored game loaded for work: its config, board, templates and name index (built once per
//! process, see `cache`) and its newest state, with what every command and every close needs
//! of it. The ground floor of the daemon's game handling: it uses the store and the cache,
//! nothing that closes steps or talks to players.

use super::Daemon;
use crate::board::{Board, HouseId, Lang};
use crate::config::GameConfig;
use crate::error::Error;
use crate::rules::{GameState, Step};
use crate::schedule::Schedule;
use crate::store::Language;
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

/// A game loaded for work.
#[derive(Clone)]
pub struct Loaded {
    /// Stored row.
    pub row: crate::store::Game,
    /// Its `[game]` config.
    pub cfg: GameConfig,
    /// Its board.
    pub board: std::sync::Arc<Board>,
    /// Its templates.
    pub templates: std::sync::Arc<Templates>,
    /// The board's name index.
    pub names: std::sync::Arc<crate::lang::Names>,
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
            (None, l) => crate::words::whole_mail::no_deadline(l).into(),
        }
    }
    /// A moment in the game's time zone, in words.
    pub fn at(&self, t: DateTime<Utc>, lang: Lang) -> String {
        match lang {
            Lang::Zh => self.schedule.format_deadline_zh(t),
            Lang::En => self.schedule.format_deadline_en(t),
        }
    }
    /// A moment in the game's time zone with how long is left from `now`: the one way a
    /// deadline is said to a player (answers, reports, reminders).
    pub fn at_from(&self, t: DateTime<Utc>, now: DateTime<Utc>, lang: Lang) -> String {
        crate::words::deadlines::with_relative(&self.at(t, lang), (t - now).num_minutes(), lang)
    }
    /// The open step's deadline in words, with how long is left from `now`.
    pub fn deadline_from(&self, now: DateTime<Utc>, lang: Lang) -> String {
        match self.row.deadline {
            Some(d) => self.at_from(d, now, lang),
            None => crate::words::whole_mail::no_deadline(lang).into(),
        }
    }
    /// A house id by its stable key.
    pub fn house_id(&self, key: &str) -> Option<HouseId> {
        self.board.house_by_key(key)
    }
}

/// Load a stored game: its config, board, templates and name index built once per process
/// (again when they change), its newest snapshot decoded once per snapshot.
pub fn load(d: &Daemon, id: &str) -> Result<Loaded, Error> {
    let row = d
        .store
        .game(id)?
        .ok_or(Error::Config(format!("no game {id}")))?;
    let built = d.cache.built(&d.config, id, &row.config)?;
    let latest = d.store.latest_snapshot_seq(id)?;
    let (state, seq) = match d.cache.state(id, latest) {
        Some(st) => (GameState::clone(&st), latest),
        None => {
            let snap = d
                .store
                .latest_snapshot(id)?
                .ok_or(Error::Config(format!("game {id} has no state")))?;
            let mut state: GameState =
                super::stored::decode(snap.state).map_err(|e| Error::State {
                    game: id.to_string(),
                    detail: e.to_string(),
                })?;
            crate::rules::event_phase::events::restore_tables(&built.board, &mut state);
            d.cache
                .keep_state(id, snap.seq, std::sync::Arc::new(state.clone()));
            (state, snap.seq)
        }
    };
    Ok(Loaded {
        row,
        cfg: built.cfg.clone(),
        board: built.board.clone(),
        templates: built.templates.clone(),
        schedule: built.schedule.clone(),
        names: built.names.clone(),
        state,
        seq,
    })
}
