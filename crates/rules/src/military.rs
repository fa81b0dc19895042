//! 战斗阶段 The adjudication of a military phase, in the rulebook's order (004:L2152):
//! A raids → B marches with battles, casualties and retreats → D consolidate power.
//!
//! `resolve` is pure: the same state, plans and modifiers always give the same new state and log.

use super::model::modifiers::{RoundModifiers, Settings};
use super::model::orders::Plan;
use super::model::state::GameState;
use maester_board::Board;

pub mod ctx;
pub mod leave;
pub mod moves;
pub use ctx::{Ctx, OncePerRound, Resolution};

/// Resolve a whole military phase with no event in force and default settings.
/// `plans` is indexed by house.
pub fn resolve(board: &Board, state: &GameState, plans: &[Plan]) -> Resolution {
    resolve_with(
        board,
        state,
        plans,
        &RoundModifiers::default(),
        Settings::default(),
    )
}

/// Resolve a whole military phase. `plans` is indexed by house; `mods` are the events in force.
pub fn resolve_with(
    board: &Board,
    state: &GameState,
    plans: &[Plan],
    mods: &RoundModifiers,
    settings: Settings,
) -> Resolution {
    resolve_owned(board, state.clone(), plans.to_vec(), mods, settings)
}

/// [`resolve_with`] taking the state and the plans by value (no copy of them).
pub fn resolve_owned(
    board: &Board,
    state: GameState,
    plans: Vec<Plan>,
    mods: &RoundModifiers,
    settings: Settings,
) -> Resolution {
    let mut ctx = Ctx::owned(board, state, plans, mods, settings);
    super::leaders::deploy(&mut ctx);
    super::raid::resolve_raids(&mut ctx);
    if !ctx.check_victory() {
        super::march::resolve_marches(&mut ctx);
    }
    if ctx.state.winner.is_none() {
        super::sword::unused(&mut ctx);
        super::consolidate::resolve(&mut ctx);
        super::consolidate::resolve_one_time(&mut ctx);
    }
    for a in ctx.state.areas.iter_mut() {
        a.order = None;
        a.one_time = None;
        for u in a.units.iter_mut() {
            u.routed = false;
        }
    }
    ctx.state.pending_retreats = std::mem::take(&mut ctx.pending_retreats);
    let fought = ctx.leaders.fought_list();
    Resolution {
        state: ctx.state,
        log: ctx.log,
        fought,
    }
}
