//! 战斗阶段 The adjudication of a military phase, in the rulebook's order (004:L2153):
//! A raids → B marches with battles, casualties and retreats → D consolidate power.
//!
//! `resolve` is pure: the same state, plans and modifiers always give the same new state and log.

use crate::model::modifiers::{RoundModifiers, Settings};
use crate::model::orders::Plan;
use crate::model::state::GameState;
use maester_board::Board;

pub(crate) mod battle;
mod conditions;
mod consolidate;
pub(crate) mod ctx;
mod forced_march;
mod leaders;
mod leave;
pub(crate) mod march;
pub(crate) mod moves;
mod ports;
mod raid;
pub mod retreat;
pub(crate) mod strength;
mod transport;
pub(crate) use ctx::Ctx;
pub use ctx::Resolution;

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
    crate::military::leaders::deploy(&mut ctx);
    crate::military::raid::resolve_raids(&mut ctx);
    if !ctx.check_victory() {
        crate::military::march::resolve_marches(&mut ctx);
    }
    if ctx.state.winner.is_none() {
        crate::military::battle::sword::unused(&mut ctx);
        crate::military::consolidate::resolve(&mut ctx);
        crate::military::consolidate::resolve_one_time(&mut ctx);
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
