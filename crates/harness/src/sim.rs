//! `maester simulate`: complete 6-house games through the real step machine (`game::check` and
//! `game::close_steps`, no mail, no store), with random legal submissions (and silence), the
//! invariants checked after every step. The same seed gives the same games and the same hash.
//! Memory stays flat: one game at a time, its final state hashed and dropped.

pub mod forms;
mod invariants;
mod random;
pub mod text;

pub use invariants::check as invariants;
pub use random::{Rng, submission};

use maester_board::{Board, HouseId};
use maester_game::{self as game, Options, Submission};
use maester_rules::event_phase::events::{self, EventSettings};
use maester_rules::round::endgame::GameResult;
use maester_rules::{GameState, Step};
use sha2::{Digest, Sha256};
use std::time::Instant;

/// Steps after which a game is abandoned as stuck (a round has at most 6 steps).
const MAX_STEPS: usize = 200;

/// What a simulation found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Steps closed (skipped steps included).
    pub steps: usize,
    /// Rounds played.
    pub rounds: usize,
    /// Games won by six castles.
    pub solo_wins: usize,
    /// Games decided after the last round.
    pub decided: usize,
    /// Draws.
    pub draws: usize,
    /// Invariants broken: game, round, step and what.
    pub violations: Vec<String>,
    /// SHA-256 of the serialised final states, in game order.
    pub hash: String,
    /// Seconds spent.
    pub seconds: f64,
    /// Per step key: (times closed, submissions sent for it).
    pub by_step: std::collections::BTreeMap<&'static str, (usize, usize)>,
    /// Raven changes made.
    pub raven_changes: usize,
    /// Seconds spent generating submissions, closing steps, checking invariants (with the
    /// per-step tallies).
    pub split: [f64; 3],
}

impl Report {
    /// Games per second.
    pub fn rate(&self) -> f64 {
        if self.seconds > 0.0 {
            self.games as f64 / self.seconds
        } else {
            0.0
        }
    }
}

/// One whole game from its seed; `visit` sees the state after every close call.
pub fn play(
    board: &Board,
    seed: u64,
    game_no: u64,
    mut visit: impl FnMut(&GameState, &game::StepOutcome, usize),
) -> (GameState, usize) {
    play_timed(board, seed, game_no, &mut [0.0; 3], &mut visit)
}

fn play_timed(
    board: &Board,
    seed: u64,
    game_no: u64,
    split: &mut [f64; 3],
    visit: &mut impl FnMut(&GameState, &game::StepOutcome, usize),
) -> (GameState, usize) {
    let mut rng = Rng::new(seed.wrapping_mul(0x1000_0001).wrapping_add(game_no));
    let mut state = GameState::new_game(board);
    events::start_game(
        board,
        &mut state,
        &format!("sim-{seed}-{game_no}"),
        EventSettings::default(),
    );
    let mut steps = 0;
    // Who must send in the open step: each close call says it for the step it leaves open.
    let mut exp = game::expected(board, &state);
    // Three clock readings per step: after generating, after closing, after the visit.
    let mut t0 = Instant::now();
    while state.step != Step::Finished && steps < MAX_STEPS {
        let subs: Vec<(HouseId, Submission)> = exp
            .iter()
            .filter_map(|&h| submission(board, &state, h, &mut rng).map(|s| (h, s)))
            .collect();
        let t1 = Instant::now();
        let mut out = game::close_steps_expected(board, state, &subs, Options::default(), exp);
        let t2 = Instant::now();
        steps += out.steps.len();
        visit(&out.state, &out, subs.len());
        exp = std::mem::take(&mut out.expected);
        state = out.state;
        let t3 = Instant::now();
        split[0] += (t1 - t0).as_secs_f64();
        split[1] += (t2 - t1).as_secs_f64();
        split[2] += (t3 - t2).as_secs_f64();
        t0 = t3;
    }
    (state, steps)
}

/// Play `games` games from `seed`.
pub fn run(board: &Board, games: usize, seed: u64) -> Report {
    run_observed(board, games, seed, |_| {})
}

/// [`run`], calling `after` with the number of games played after each game (the command line
/// samples the process's memory there).
pub fn run_observed(
    board: &Board,
    games: usize,
    seed: u64,
    mut after: impl FnMut(usize),
) -> Report {
    let start = Instant::now();
    let mut r = Report::default();
    let mut hasher = Sha256::new();
    // One buffer for every game's serialised final state.
    let mut json: Vec<u8> = Vec::new();
    for g in 0..games {
        let mut bad = Vec::new();
        let by_step = &mut r.by_step;
        let raven = &mut r.raven_changes;
        let mut three = [0.0; 3];
        let (end, steps) = play_timed(board, seed, g as u64, &mut three, &mut |s, out, sent| {
            for (i, c) in out.steps.iter().enumerate() {
                let e = by_step.entry(c.step.key()).or_default();
                e.0 += 1;
                if i == 0 {
                    e.1 += sent;
                }
            }
            *raven += out.raven.is_some() as usize;
            for v in invariants(board, s) {
                let closed: Vec<&str> = out.steps.iter().map(|c| c.step.key()).collect();
                bad.push(format!(
                    "game {g} round {} after {}: {v}",
                    out.round,
                    closed.join("+")
                ));
            }
        });
        for (sum, part) in r.split.iter_mut().zip(three) {
            *sum += part;
        }
        r.violations.extend(bad);
        if end.step != Step::Finished {
            r.violations
                .push(format!("game {g}: not finished after {steps} steps"));
        }
        match &end.economy.result {
            Some(GameResult::Won { how, .. })
                if *how == maester_rules::round::endgame::WinHow::SixCastles =>
            {
                r.solo_wins += 1
            }
            Some(GameResult::Won { .. }) => r.decided += 1,
            Some(GameResult::Draw { .. }) => r.draws += 1,
            None => {}
        }
        r.games += 1;
        r.steps += steps;
        r.rounds += end.round as usize;
        match serde_json::to_writer(&mut json, &end) {
            Ok(()) => hasher.update(&json),
            Err(e) => r
                .violations
                .push(format!("game {g}: state not serialisable: {e}")),
        }
        json.clear();
        after(g + 1);
    }
    r.hash = hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    r.seconds = start.elapsed().as_secs_f64();
    r
}
