//! The crowded step the picture tests draw (`fixtures/crowded_step.toml`): many units, orders,
//! marches and battles near each other.
#![allow(dead_code)]

use maester_board::Board;
use maester_rules::GameState;
use maester_rules::log::Event;

/// The fixture's text.
pub const CROWDED: &str = include_str!("../fixtures/crowded_step.toml");

/// The position before the step (its orders revealed).
pub fn before(board: &Board) -> GameState {
    let (state, _) =
        maester_harness::scenario::bench::position(board, CROWDED).expect("the fixture plays");
    state
}

/// The position after the step's military resolution, and its log.
pub fn crowded(board: &Board) -> (GameState, Vec<Event>) {
    let (state, plans) =
        maester_harness::scenario::bench::position(board, CROWDED).expect("the fixture plays");
    let r = maester_rules::military::resolve(board, &state, &plans);
    (r.state, r.log)
}
