//! 补给 Supply: the armies a house may have (表五, 004:L518–L661).

use crate::model::state::GameState;
use maester_board::{AreaId, Board, HouseId};

/// Sizes of a house's armies (areas with two or more of its units), largest first.
pub fn army_sizes(state: &GameState, house: HouseId) -> Vec<u8> {
    let mut sizes: Vec<u8> = state
        .areas
        .iter()
        .filter(|a| a.house == Some(house) && a.units.len() >= 2)
        .map(|a| a.units.len().min(u8::MAX as usize) as u8)
        .collect();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    sizes
}

/// Whether army sizes fit the limits of a number of effective barrels: at most as many armies as
/// the row allows, and the i-th largest army no larger than the i-th largest slot (004:L633).
pub fn fits(board: &Board, barrels: u8, sizes: &[u8]) -> bool {
    let limits = board.rules.supply_limits(barrels);
    sizes.len() <= limits.len() && sizes.iter().zip(limits).all(|(s, l)| s <= l)
}

/// Sizes of a house's armies if the unit counts of some areas changed by `delta` (the areas in
/// `delta` count as the house's). Computes what a move or retreat would give without copying the
/// state.
pub fn army_sizes_with(state: &GameState, house: HouseId, delta: &[(AreaId, i32)]) -> Vec<u8> {
    let mut sizes: Vec<u8> = Vec::new();
    visit_armies(state, house, delta, |n| {
        sizes.push(n);
        true
    });
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    sizes
}

/// The army sizes of [`army_sizes_with`], unsorted, each handed to `visit` without collecting
/// them: first the house's armies (with their changes), then the areas of `delta` that were not
/// among them (each once). Stops as soon as `visit` says no; says whether it went through.
fn visit_armies(
    state: &GameState,
    house: HouseId,
    delta: &[(AreaId, i32)],
    mut visit: impl FnMut(u8) -> bool,
) -> bool {
    let change = |i: usize| -> i32 {
        delta
            .iter()
            .filter(|(x, _)| x.index() == i)
            .map(|(_, n)| *n)
            .sum()
    };
    let size = |n: i32| (n >= 2).then(|| n.min(u8::MAX as i32) as u8);
    // Most areas are another house's or hold a single unit: one test each, on the area's own
    // unit count (zero when another house's), without a branch on whose area it is.
    for (i, a) in state.areas.iter().enumerate() {
        if a.units.len() * usize::from(house.is(a.house)) < 2 {
            continue;
        }
        let d = if delta.is_empty() { 0 } else { change(i) };
        if let Some(n) = size(a.units.len() as i32 + d)
            && !visit(n)
        {
            return false;
        }
    }
    for (j, (x, _)) in delta.iter().enumerate() {
        let i = x.index();
        if delta[..j].iter().any(|(y, _)| y.index() == i) {
            continue;
        }
        let Some(a) = state.areas.get(i) else {
            continue;
        };
        let own = a.house == Some(house);
        if own && a.units.len() >= 2 {
            continue;
        }
        let base = if own { a.units.len() as i32 } else { 0 };
        if let Some(n) = size(base + change(i))
            && !visit(n)
        {
            return false;
        }
    }
    true
}

/// Whether a house's armies, with the changes of `delta`, fit the limits of `barrels`, without
/// allocating: as soon as there are more armies than the row allows the answer is no.
/// Public only for the test that checks it against sorting the armies (`tests/supply_sorting.rs`).
#[doc(hidden)]
pub fn fits_with(
    board: &Board,
    barrels: u8,
    state: &GameState,
    house: HouseId,
    delta: &[(AreaId, i32)],
) -> bool {
    let limits = board.rules.supply_limits(barrels);
    let mut buf = [0u8; 16];
    if limits.len() >= buf.len() {
        return fits(board, barrels, &army_sizes_with(state, house, delta));
    }
    let mut n = 0;
    let within = visit_armies(state, house, delta, |s| {
        if n == limits.len() {
            return false;
        }
        buf[n] = s;
        n += 1;
        true
    });
    if !within {
        return false;
    }
    let v = &mut buf[..n];
    v.sort_unstable_by(|a, b| b.cmp(a));
    fits(board, barrels, v)
}

/// Whether a house would be within its supply limit after the changes in `delta`.
pub fn within_limit_with(
    board: &Board,
    state: &GameState,
    house: HouseId,
    delta: &[(AreaId, i32)],
) -> bool {
    fits_with(board, state.house(house).barrels, state, house, delta)
}

/// Whether a house's armies would fit the limits of `barrels` (the supply level a Supply event
/// would set): exactly when the default disbanding of A-57 is empty.
pub fn within_limit_at(board: &Board, state: &GameState, house: HouseId, barrels: u8) -> bool {
    fits_with(board, barrels, state, house, &[])
}

/// Whether a house is within its supply limit right now.
pub fn within_limit(board: &Board, state: &GameState, house: HouseId) -> bool {
    fits_with(board, state.house(house).barrels, state, house, &[])
}
