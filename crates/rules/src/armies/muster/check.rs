//! 征兵 Mustering: checking a whole plan against the state and a budget, as the rules will
//! carry it out (land units first, then ships).

use super::cost::{Counts, SupplySeen, apply_change, cost, counts_of, item_change};
use crate::model::errors::MusterError;
use crate::model::state::GameState;
use crate::model::window::MusterItem;
use crate::model::window::{MusterAction, MusterPlan};
use maester_board::{AreaId, Board, HouseId};

/// Check a plan against the state and a budget (normally [`points`]): a house that has left
/// musters nothing (004:L492); points per castle, and
/// every item carried out in order on a copy of the state (land items first, then ships, as
/// resolution does), with `ports_ready` the ports that existed before the phase.
pub fn check(
    board: &Board,
    state: &GameState,
    house: HouseId,
    plan: &MusterPlan,
    budget: &[(AreaId, u8)],
    ports_ready: &[AreaId],
) -> Result<(), Vec<MusterError>> {
    check_until(board, state, house, plan, budget, ports_ready, false)
}

/// Whether [`check`] passes, stopping at the first error (for a caller that only needs to know).
pub fn is_valid(
    board: &Board,
    state: &GameState,
    house: HouseId,
    plan: &MusterPlan,
    budget: &[(AreaId, u8)],
    ports_ready: &[AreaId],
) -> bool {
    check_until(board, state, house, plan, budget, ports_ready, true).is_ok()
}

/// Whether some one of `items`, as a plan of its own, passes [`check`]: `items.any(|it|
/// is_valid(.., &MusterPlan { items: vec![it] }, ..))`, with what those checks share worked
/// out once (the house's units by kind, the supply of each area asked about). What a Mustering
/// offers and who it asks are made of such single items.
pub fn any_alone_valid(
    board: &Board,
    state: &GameState,
    house: HouseId,
    items: impl IntoIterator<Item = MusterItem>,
    budget: &[(AreaId, u8)],
    ports_ready: &[AreaId],
) -> bool {
    // A house that has left musters nothing (004:L492).
    if state.houses.get(house.index()).is_some_and(|h| h.neutral) {
        return false;
    }
    let have: Counts = counts_of(state, house);
    let seen = &mut SupplySeen::default();
    items.into_iter().any(|it| {
        let points = budget
            .iter()
            .find(|(c, _)| *c == it.castle)
            .map(|(_, p)| *p);
        it.ids_ok(board)
            && points.is_some_and(|p| p >= cost(board, &it.action))
            && item_change(board, state, house, &it, ports_ready, &have, seen).is_ok()
    })
}

fn check_until(
    board: &Board,
    state: &GameState,
    house: HouseId,
    plan: &MusterPlan,
    budget: &[(AreaId, u8)],
    ports_ready: &[AreaId],
    first_only: bool,
) -> Result<(), Vec<MusterError>> {
    // A house that has left is neutral and carries out no more orders (004:L492).
    if state.houses.get(house.index()).is_some_and(|h| h.neutral) {
        return Err(vec![MusterError::HouseLeft]);
    }
    if !plan.items.iter().all(|i| i.ids_ok(board)) {
        return Err(vec![MusterError::UnknownArea]);
    }
    let mut errs = Vec::new();
    let mut spent: Vec<(AreaId, u8)> = Vec::new();
    for it in &plan.items {
        let c = cost(board, &it.action);
        match spent.iter_mut().find(|(a, _)| *a == it.castle) {
            Some((_, s)) => *s = s.saturating_add(c),
            None => spent.push((it.castle, c)),
        }
    }
    for (castle, s) in &spent {
        let have = budget.iter().find(|(c, _)| c == castle).map(|(_, p)| *p);
        match have {
            Some(p) if p >= *s => {}
            Some(p) => errs.push(MusterError::TooManyPoints {
                castle: *castle,
                spent: *s,
                points: p,
            }),
            None if board.area(*castle).castle.is_none() => {
                errs.push(MusterError::NotACastle(*castle))
            }
            None if state.controller(board, *castle) != Some(house) => {
                errs.push(MusterError::NotControlled(*castle))
            }
            None => errs.push(MusterError::TooManyPoints {
                castle: *castle,
                spent: *s,
                points: 0,
            }),
        }
    }
    if first_only && !errs.is_empty() {
        return Err(errs);
    }
    // The items are carried out in order on a copy of the state, made only once an item has
    // changed something that a later item sees.
    let mut copy: Option<GameState> = None;
    let land = plan
        .items
        .iter()
        .filter(|i| !matches!(i.action, MusterAction::Ship(_)));
    let ships = plan
        .items
        .iter()
        .filter(|i| matches!(i.action, MusterAction::Ship(_)));
    let n = plan.items.len();
    let mut have: Counts = counts_of(state, house);
    for (i, it) in land.chain(ships).enumerate() {
        let view = copy.as_ref().unwrap_or(state);
        // A fresh memo per item: the items before it may have changed the copy.
        let seen = &mut SupplySeen::default();
        match item_change(board, view, house, it, ports_ready, &have, seen) {
            Ok(change) if i + 1 < n => {
                let s = copy.get_or_insert_with(|| state.clone());
                apply_change(s, house, change, &mut have);
            }
            Ok(_) => {}
            Err(e) if first_only => return Err(vec![e]),
            Err(e) if !errs.contains(&e) => errs.push(e),
            Err(_) => {}
        }
    }
    if errs.is_empty() { Ok(()) } else { Err(errs) }
}
