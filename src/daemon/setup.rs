//! Setting a game up: the configuration's `[game]` checked as `new-game` needs it, every
//! problem named with its entry — before a single secret is mailed (`maester check-config`).

use super::cache::board_and_templates;
use super::loaded::deadline_for;
use crate::board::Board;
use crate::config::Config;
use crate::config::GameConfig;
use crate::error::Error;
use crate::rules::Step;
use crate::schedule::Schedule;
use crate::words::render::Templates;
use chrono::{DateTime, Utc};

/// A `[game]` that `new-game` can create: players' houses resolved to the board's keys.
pub struct CheckedGame {
    /// The `[game]` table, each player's `house` now the board's key.
    pub cfg: GameConfig,
    /// Its board.
    pub board: Board,
    /// Its templates.
    pub templates: Templates,
    /// Its schedule.
    pub schedule: Schedule,
    /// When the first step would close if the game were created now.
    pub first_deadline: DateTime<Utc>,
}

/// Check the configuration's `[game]`; every problem found is listed in the error.
pub fn check(config: &Config, now: DateTime<Utc>) -> Result<CheckedGame, Error> {
    let mut cfg = config.game()?;
    let (board, templates) = board_and_templates(config, &cfg)?;
    let schedule = cfg.schedule()?;
    let keys: Vec<&str> = Step::ALL
        .iter()
        .filter(|s| **s != Step::Finished)
        .map(|s| s.key())
        .collect();
    let mut problems = Vec::new();
    match schedule.check_steps(&keys) {
        Ok(()) | Err(crate::schedule::ScheduleError::Missing { .. }) => {}
        Err(e) => problems.push(format!("[game.schedule]: {e}")),
    }
    for k in schedule.zero_steps() {
        problems.push(format!(
            "[game.schedule.steps] {k}: a duration of 0 closes the step as soon as it opens; \
             give it at least 1m (a demo that closes every step at once: immediate = true)"
        ));
    }
    if let Some(p) = config.site.as_ref().and_then(|s| s.base_url_problem()) {
        problems.push(format!("[site] base_url: {p}"));
    }
    for k in [Step::Placement.key(), Step::Plan.key()] {
        if let Err(e) = schedule.deadline_for(k, now) {
            problems.push(format!("[game.schedule]: {e}"));
        }
    }
    let names = crate::lang::Names::from_board(&board);
    let valid: Vec<String> = board
        .houses
        .iter()
        .map(|h| format!("{} ({})", h.key, h.name(crate::board::Lang::Zh)))
        .collect();
    let mut seen_houses: Vec<String> = Vec::new();
    let mut seen_addresses: Vec<(String, usize)> = Vec::new();
    for (i, p) in cfg.players.iter_mut().enumerate() {
        let entry = format!("[[game.players]] #{} ({})", i + 1, p.name);
        let found = board.house_by_key(p.house.trim()).or_else(|| {
            match names.houses.lookup(p.house.trim()) {
                crate::lang::names::Lookup::Found(h) => Some(h),
                _ => None,
            }
        });
        match found {
            Some(h) => {
                let key = board.house(h).key.clone();
                if seen_houses.contains(&key) {
                    problems.push(format!("{entry}: house {key} is played by two players"));
                }
                seen_houses.push(key.clone());
                p.house = key;
            }
            None => problems.push(format!(
                "{entry}: house {:?} is not on the board; use one of {}",
                p.house,
                valid.join(", ")
            )),
        }
        let address = p.address.trim().to_lowercase();
        if !crate::mail::usable_address(&address) {
            problems.push(format!("{entry}: address {:?} cannot be mailed", p.address));
        }
        if let Some((_, j)) = seen_addresses.iter().find(|(a, _)| *a == address) {
            problems.push(format!(
                "{entry}: address {address} is also the address of player #{} — each house needs its own",
                j + 1
            ));
        }
        seen_addresses.push((address, i));
    }
    if cfg.players.len() != board.houses.len() {
        problems.push(format!(
            "the game needs {} players, one per house; the config has {}",
            board.houses.len(),
            cfg.players.len()
        ));
    }
    if !problems.is_empty() {
        return Err(Error::Config(format!(
            "the configuration cannot start a game:\n  {}",
            problems.join("\n  ")
        )));
    }
    let first_deadline = deadline_for(&schedule, Step::Placement, now)?;
    Ok(CheckedGame {
        cfg,
        board,
        templates,
        schedule,
        first_deadline,
    })
}
