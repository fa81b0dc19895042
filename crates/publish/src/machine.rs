//! The machine-readable public record, `record.json` beside the site's pages: everything
//! `maester verify` needs to check a finished game without anything secret beyond the seed the
//! record itself carries once the game is over. Per close: the steps closed, the submissions
//! they used (canonical text and its reading), the receipts listed, the event-phase log (every
//! draw) and the outcome (positions, castles, power, supply, tracks). No address, no secret, no
//! private notice, no submission of a step still open.
//!
//! How a game starts from its seed ([`first_state`]) lives here too, so that the daemon's new
//! game and the verifier's replay are one function.

use crate::record::{ClosedStep, Submitted};
use crate::report::Step as PublishedStep;
use maester_board::{Board, HouseId};
use maester_rules::log_events::EconomyEvent;
use maester_rules::modifiers::Settings;
use maester_rules::{GameState, Step};
use serde::{Deserialize, Serialize};

/// The format of `record.json` (bumped on incompatible changes).
pub const FORMAT: u32 = 1;

/// The file's name beside the site's pages.
pub const FILE: &str = "record.json";

/// The whole machine-readable record of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MachineRecord {
    /// [`FORMAT`].
    pub format: u32,
    /// The game's id.
    pub game: String,
    /// SHA-256 of the seed, as hex: the commitment of the welcome mail.
    pub seed_sha256: String,
    /// The seed, once the game is over (none while it runs).
    #[serde(default)]
    pub seed: Option<String>,
    /// The board's TOML when the game does not play on the built-in board.
    #[serde(default)]
    pub board: Option<String>,
    /// How the game started and closes its steps.
    pub start: Start,
    /// The game is over.
    pub finished: bool,
    /// Every close of the game's line of history, oldest first.
    pub closes: Vec<Close>,
}

/// The public settings a game starts from and closes its steps with.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Start {
    /// `[game.rules]`.
    pub rules: Settings,
    /// The optional rules of 004 §七 (one-time orders, the events' preview, chooser events).
    pub one_time_orders: bool,
    /// Winter is Coming's probability per category and round.
    pub winter_is_coming: f64,
    /// A following step whose houses have all sent closes at once.
    pub early_close: bool,
}

/// One close.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Close {
    /// The snapshot it wrote.
    pub seq: i64,
    /// The round of its first step.
    pub round: u8,
    /// The steps it closed, with their silent houses and the receipts listed.
    pub steps: Vec<ClosedStep>,
    /// The submissions it used.
    pub submitted: Vec<Submitted>,
    /// The event phase and the end of the round (every draw).
    pub economy: Vec<EconomyEvent>,
    /// The GM changed the state between the close before and this one (`gm edit`): a replay
    /// cannot go on from here.
    #[serde(default)]
    pub gm_changed_before: bool,
    /// What came out.
    pub outcome: Outcome,
}

/// The public outcome of a close: the board and the houses after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The round open after it.
    pub round: u8,
    /// The step open after it.
    pub step: Step,
    /// The winner, once decided (house key).
    #[serde(default)]
    pub winner: Option<String>,
    /// The wildlings' strength.
    pub wildlings: u8,
    /// The three tracks, house keys, rank 1 first.
    pub tracks: Vec<Vec<String>>,
    /// Every house.
    pub houses: Vec<HouseOutcome>,
    /// Every area holding units, a power token or a neutral garrison.
    pub areas: Vec<AreaOutcome>,
}

/// A house after a close.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HouseOutcome {
    /// Its key.
    pub house: String,
    /// Power tokens in hand.
    pub power: u8,
    /// Its supply level.
    pub supply: u8,
    /// Castles and strongholds held.
    pub castles: usize,
}

/// An area after a close.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AreaOutcome {
    /// Its key.
    pub area: String,
    /// The house of its units (key).
    #[serde(default)]
    pub house: Option<String>,
    /// The units, by code (`F`, `K`, `S`, `T`; routed ones marked `*`).
    #[serde(default)]
    pub units: Vec<String>,
    /// The house of its power token (key).
    #[serde(default)]
    pub token: Option<String>,
    /// A neutral garrison's strength.
    #[serde(default)]
    pub neutral: Option<u8>,
}

/// The state a game starts from: the board's setup, the optional rules of 004 §七 when the
/// game uses them, the events drawn from the seed.
pub fn first_state(board: &Board, seed: &str, start: &Start) -> GameState {
    use maester_rules::event_phase::events::{EventSettings, start_game};
    let mut state = GameState::new_game(board);
    // The optional rules of 004 §七 come together: one-time orders, the public preview of the
    // events three rounds ahead and the chooser events (004:L2632, L2638).
    let optional = start.one_time_orders;
    if optional {
        maester_rules::optional::one_time::enable(board, &mut state);
    }
    // Winter is Coming per category and round.
    let events = EventSettings::with_probability(start.winter_is_coming, optional, optional);
    start_game(board, &mut state, seed, events);
    state
}

/// The public outcome of `state`.
pub fn outcome(board: &Board, state: &GameState) -> Outcome {
    let key = |h: HouseId| board.house(h).key.clone();
    let view = maester_words::view::view(board, state, maester_board::Lang::En);
    Outcome {
        round: state.round,
        step: state.step,
        winner: state.winner.map(key),
        wildlings: state.wildlings,
        tracks: state
            .tracks
            .iter()
            .map(|t| t.iter().map(|h| key(*h)).collect())
            .collect(),
        houses: view
            .houses
            .iter()
            .map(|h| HouseOutcome {
                house: h.key.clone(),
                power: h.power,
                supply: h.barrels,
                castles: h.castles,
            })
            .collect(),
        areas: board
            .area_ids()
            .filter_map(|a| {
                let s = state.areas.get(a.0 as usize)?;
                if s.units.is_empty() && s.token.is_none() && s.neutral.is_none() {
                    return None;
                }
                Some(AreaOutcome {
                    area: board.area(a).key.clone(),
                    house: s.house.map(key),
                    units: s
                        .units
                        .as_slice()
                        .iter()
                        .map(|u| {
                            let c = u.kind.code().to_string();
                            if u.routed { format!("{c}*") } else { c }
                        })
                        .collect(),
                    token: s.token.map(key),
                    neutral: s.neutral,
                })
            })
            .collect(),
    }
}

/// What the shell knows of a game besides its closes.
#[derive(Clone, Debug)]
pub struct Game<'a> {
    /// The board.
    pub board: &'a Board,
    /// The game's id.
    pub id: &'a str,
    /// SHA-256 of the seed, as hex.
    pub seed_sha256: &'a str,
    /// The seed, once the game is over.
    pub seed: Option<&'a str>,
    /// The board's TOML when it is not the built-in board.
    pub board_toml: Option<String>,
    /// The start.
    pub start: Start,
    /// The game is over.
    pub finished: bool,
}

/// The machine-readable record of a game whose closes (its line of history, oldest first)
/// are `steps`. A close stored by an older maester (no public record) has no submissions.
pub fn record(game: &Game<'_>, steps: &[PublishedStep]) -> MachineRecord {
    let mut prev: Option<&GameState> = None;
    let closes = steps
        .iter()
        .map(|s| {
            let gm_changed_before = match (prev, &s.before) {
                (Some(p), Some(b)) => p != b,
                _ => false,
            };
            prev = Some(&s.after);
            let rec = s.record.clone().unwrap_or_default();
            Close {
                seq: s.seq,
                round: s.round(),
                steps: rec.steps,
                submitted: rec.submitted,
                economy: rec.economy,
                gm_changed_before,
                outcome: outcome(game.board, &s.after),
            }
        })
        .collect();
    MachineRecord {
        format: FORMAT,
        game: game.id.to_string(),
        seed_sha256: game.seed_sha256.to_string(),
        seed: game.seed.map(str::to_string),
        board: game.board_toml.clone(),
        start: game.start,
        finished: game.finished,
        closes,
    }
}
