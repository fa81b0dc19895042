//! 征兵 Mustering: what the items of a plan cost and do to the map — points per castle, the
//! unit counts and caps, where a new unit may stand, and one item applied to a state. Both the
//! resolution (`muster`) and the plan check (`muster::check`) build on these.

use crate::armies::supply;
use crate::model::errors::MusterError;
use crate::model::state::{GameState, Unit};
use crate::model::window::{MusterAction, MusterItem};
use maester_board::{AreaId, Board, Castle, HouseId, UnitKind};

/// Mustering points of a castle province (004:L674).
pub fn castle_points(board: &Board, area: AreaId) -> u8 {
    match board.area(area).castle {
        Some(Castle::Stronghold) => board.rules.muster_points.stronghold,
        Some(Castle::City) => board.rules.muster_points.city,
        None => 0,
    }
}

/// The points a house has in a Mustering event: every castle it controls (units, token or home
/// seat, 004:L920) with its points.
pub fn points(board: &Board, state: &GameState, house: HouseId) -> Vec<(AreaId, u8)> {
    board
        .index
        .castles
        .iter()
        .filter(|&&a| state.controller(board, a) == Some(house))
        .map(|&a| (a, castle_points(board, a)))
        .collect()
}

/// Cost of an action (004:L729–L734).
pub fn cost(board: &Board, action: &MusterAction) -> u8 {
    match action {
        MusterAction::Unit(k) => board.rules.muster_cost[k.index()],
        MusterAction::Upgrade { .. } => board.rules.upgrade_cost,
        MusterAction::Ship(_) => board.rules.muster_cost[UnitKind::Ship.index()],
    }
}

/// Whether adding one unit of the house to the area keeps it within supply (004:L747).
pub(super) fn supply_ok(board: &Board, state: &GameState, house: HouseId, area: AreaId) -> bool {
    // The area's units count as the house's, as if it stood there (no copy of the state).
    let st = state.area(area);
    let foreign = if st.house != Some(house) {
        st.units.len() as i32
    } else {
        0
    };
    supply::within_limit_with(board, state, house, &[(area, 1 + foreign)])
}

/// [`supply_ok`] answers already worked out for one state and one house, by area: the supply
/// check is the dearest part of an item's check, and the items of one castle (four kinds of new
/// unit; a ship's sea checked twice when it fails) ask it of the same area. Valid only while
/// the state it was filled from is unchanged.
///
/// Without allocating: the first [`SupplySeen::KEPT`] areas asked about are kept, any more
/// are checked each time.
#[derive(Default)]
pub(super) struct SupplySeen {
    kept: [Option<(AreaId, bool)>; SupplySeen::KEPT],
}

impl SupplySeen {
    /// Areas kept: a house's castles and the seas and ports beside them, most of the time.
    const KEPT: usize = 16;

    pub(super) fn ok(
        &mut self,
        board: &Board,
        state: &GameState,
        house: HouseId,
        area: AreaId,
    ) -> bool {
        let mut free = None;
        for slot in self.kept.iter_mut() {
            match slot {
                Some((a, ok)) if *a == area => return *ok,
                Some(_) => {}
                None => {
                    free = Some(slot);
                    break;
                }
            }
        }
        let ok = supply_ok(board, state, house, area);
        if let Some(slot) = free {
            *slot = Some((area, ok));
        }
        ok
    }
}

/// A house's units on the map by kind (indexed by `UnitKind::index`): what the caps are
/// checked against. Counted once per mustering and kept up to date as its items add and
/// upgrade units ([`apply_change`]).
pub(crate) type Counts = [usize; 5];

/// [`Counts`] of the houses `0..houses`, in one pass over the map (indexed by house).
pub(super) fn counts(state: &GameState, houses: usize) -> Vec<Counts> {
    let mut v = vec![[0usize; 5]; houses];
    for a in &state.areas {
        if let Some(c) = a.house.and_then(|h| v.get_mut(h.index())) {
            for u in &a.units {
                c[u.kind.index()] += 1;
            }
        }
    }
    v
}

/// [`counts`] of one house: what a check of its plan needs, without a table for every house.
pub(super) fn counts_of(state: &GameState, house: HouseId) -> Counts {
    let mut c = [0usize; 5];
    for a in state.areas.iter().filter(|a| a.house == Some(house)) {
        for u in &a.units {
            c[u.kind.index()] += 1;
        }
    }
    c
}

pub(super) fn cap_ok(board: &Board, have: &Counts, k: UnitKind) -> Result<(), MusterError> {
    let cap = board.rules.unit_caps[k.index()];
    if have[k.index()] >= cap as usize {
        Err(MusterError::Cap(k, cap))
    } else {
        Ok(())
    }
}

pub(super) fn sieges_ok(board: &Board, state: &GameState, area: AreaId) -> Result<(), MusterError> {
    let n = state
        .area(area)
        .units
        .iter()
        .filter(|u| u.kind == UnitKind::Siege)
        .count();
    if n >= board.rules.max_army_sieges as usize {
        Err(MusterError::TwoSieges(area))
    } else {
        Ok(())
    }
}

/// The structural check of a ship placement: a sea next to the castle, or the castle's port
/// that existed before the phase (`ports_ready`).
pub(super) fn placement_ok(
    board: &Board,
    state: &GameState,
    castle: AreaId,
    area: AreaId,
    ports_ready: &[AreaId],
) -> Result<(), MusterError> {
    let a = board.area(area);
    if a.is_sea() && board.adjacent(castle, area) {
        return Ok(());
    }
    if a.is_port() && a.port_of == Some(castle) {
        if state.port_exists(board, area) && ports_ready.contains(&area) {
            return Ok(());
        }
        return Err(MusterError::PortNotReady(area));
    }
    Err(MusterError::NotOnCoast { castle, area })
}

/// Whether the ship can go there now: no other house's ships, port capacity, supply.
pub(super) fn placement_free(
    board: &Board,
    state: &GameState,
    house: HouseId,
    area: AreaId,
    seen: &mut SupplySeen,
) -> bool {
    let st = state.area(area);
    let others = !st.units.is_empty() && st.house != Some(house);
    let full = board.area(area).is_port() && st.units.len() >= board.rules.port_capacity as usize;
    !others && !full && seen.ok(board, state, house, area)
}

/// Ports that exist now: the ports a muster may fill when no port is built in the same phase.
pub fn ports_now(board: &Board, state: &GameState) -> Vec<AreaId> {
    board
        .index
        .ports
        .iter()
        .copied()
        .filter(|&a| state.port_exists(board, a))
        .collect()
}

/// Carry out one item on the state (no point accounting), `have` the house's [`Counts`].
/// Returns where the unit went.
pub(super) fn apply_item(
    board: &Board,
    state: &mut GameState,
    house: HouseId,
    item: &MusterItem,
    ports_ready: &[AreaId],
    have: &mut Counts,
) -> Result<AreaId, MusterError> {
    let seen = &mut SupplySeen::default();
    let change = item_change(board, state, house, item, ports_ready, have, seen)?;
    Ok(apply_change(state, house, change, have))
}

/// What one muster item does to the map, once [`item_change`] found it legal.
#[derive(Clone, Copy, Debug)]
pub(super) enum Change {
    /// A new unit in an area.
    Add(AreaId, UnitKind),
    /// The unit at a position of an area, of the first kind, becomes the second kind.
    Upgrade(AreaId, usize, UnitKind, UnitKind),
}

/// Carry out a change found by [`item_change`], with the house's [`Counts`]; returns the area
/// the unit stands in.
pub(super) fn apply_change(
    state: &mut GameState,
    house: HouseId,
    change: Change,
    have: &mut Counts,
) -> AreaId {
    match change {
        Change::Add(area, k) => {
            let st = state.area_mut(area);
            if st.house != Some(house) {
                // Units already there become the house's with the new one (never so in a state
                // the rules made: an area's units always name their house).
                for u in &st.units {
                    have[u.kind.index()] += 1;
                }
            }
            st.house = Some(house);
            st.units.push(Unit::new(k));
            have[k.index()] += 1;
            area
        }
        Change::Upgrade(area, pos, from, to) => {
            if let Some(u) = state.area_mut(area).units.get_mut(pos) {
                u.kind = to;
                have[from.index()] = have[from.index()].saturating_sub(1);
                have[to.index()] += 1;
            }
            area
        }
    }
}

/// The checks of [`apply_item`] against the state, without changing it: the change the item
/// makes, or why it cannot be made.
pub(super) fn item_change(
    board: &Board,
    state: &GameState,
    house: HouseId,
    item: &MusterItem,
    ports_ready: &[AreaId],
    have: &Counts,
    seen: &mut SupplySeen,
) -> Result<Change, MusterError> {
    let castle = item.castle;
    if !item.ids_ok(board) {
        return Err(MusterError::UnknownArea);
    }
    if board.area(castle).castle.is_none() {
        return Err(MusterError::NotACastle(castle));
    }
    if state.controller(board, castle) != Some(house) {
        return Err(MusterError::NotControlled(castle));
    }
    match &item.action {
        MusterAction::Unit(k) => {
            if !k.is_land() {
                return Err(MusterError::ShipNeedsPlace);
            }
            cap_ok(board, have, *k)?;
            if *k == UnitKind::Siege {
                sieges_ok(board, state, castle)?;
            }
            if !seen.ok(board, state, house, castle) {
                return Err(MusterError::Supply(castle));
            }
            Ok(Change::Add(castle, *k))
        }
        MusterAction::Upgrade { from, to } => {
            let from_ok = matches!(from, UnitKind::Footman | UnitKind::Archer);
            let to_ok = matches!(to, UnitKind::Knight | UnitKind::Siege);
            if !from_ok || !to_ok {
                return Err(MusterError::BadUpgrade(*from, *to));
            }
            let pos = state
                .area(castle)
                .units
                .iter()
                .position(|u| u.kind == *from && !u.routed);
            let Some(pos) = pos.filter(|_| state.occupant(castle) == Some(house)) else {
                return Err(MusterError::NothingToUpgrade(castle, *from));
            };
            cap_ok(board, have, *to)?;
            if *to == UnitKind::Siege {
                sieges_ok(board, state, castle)?;
            }
            Ok(Change::Upgrade(castle, pos, *from, *to))
        }
        MusterAction::Ship(places) => {
            if places.is_empty() {
                return Err(MusterError::NoPlacement(castle));
            }
            cap_ok(board, have, UnitKind::Ship)?;
            for &p in places {
                placement_ok(board, state, castle, p, ports_ready)?;
            }
            let Some(&p) = places
                .iter()
                .find(|&&p| placement_free(board, state, house, p, seen))
            else {
                let supply_only = places.iter().all(|&p| {
                    let st = state.area(p);
                    (st.units.is_empty() || st.house == Some(house))
                        && !seen.ok(board, state, house, p)
                });
                return Err(if supply_only {
                    MusterError::Supply(places[0])
                } else {
                    MusterError::NoFreePlacement(castle)
                });
            };
            Ok(Change::Add(p, UnitKind::Ship))
        }
    }
}

pub(super) fn spend(budget: &mut [(AreaId, u8)], castle: AreaId, n: u8) -> bool {
    match budget.iter_mut().find(|(c, _)| *c == castle) {
        Some((_, p)) if *p >= n => {
            *p -= n;
            true
        }
        _ => false,
    }
}
