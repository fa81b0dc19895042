//! A muster plan's refusal as the problem a player reads: a supply refusal names the armies and
//! what supply allows.

use super::problems::{EventProblem, Part};
use maester_board::{AreaId, Board, HouseId};
use maester_rules::GameState;
use maester_rules::armies::muster;

/// A muster plan's error as a problem; a supply refusal names the armies and what supply allows
/// (the plan's new land units before the refused one counted where the check put them).
pub(crate) fn muster_problem(
    board: &Board,
    state: &GameState,
    house: HouseId,
    plan: &muster::MusterPlan,
    e: muster::MusterError,
) -> EventProblem {
    let muster::MusterError::Supply(castle) = e else {
        return EventProblem::Muster(Part::Muster, e);
    };
    let mut delta: Vec<(AreaId, i32)> = Vec::new();
    for it in &plan.items {
        let muster::MusterAction::Unit(k) = it.action else {
            continue;
        };
        if !k.is_land() {
            continue;
        }
        let mut with = delta.clone();
        with.push((it.castle, 1));
        if maester_rules::armies::supply::within_limit_with(board, state, house, &with) {
            delta = with;
        } else if it.castle == castle {
            break;
        }
    }
    let (armies, limits) = crate::options::armies_and_allowance(board, state, house, &delta);
    let st = state.area(castle);
    let here = if st.house == Some(house) {
        st.units.len()
    } else {
        0
    };
    let added = delta.iter().filter(|(a, _)| *a == castle).count();
    EventProblem::MusterSupply {
        castle,
        size: (here + added + 1).min(usize::from(u8::MAX)) as u8,
        armies,
        limits,
    }
}
