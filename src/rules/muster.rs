//! 征兵 Mustering (004:L665–L792): points from the castles a house controls (stronghold 2, city
//! 1), new units and upgrades, ships in adjacent seas free of other houses or in an own port that
//! existed before the phase; supply and unit caps respected; sea conflicts settled in Iron Throne
//! order with ranked alternatives.

use super::log_events::{EconomyEvent, MusterSkip};
use super::state::{GameState, Unit};
use super::supply;
use crate::board::{AreaId, Board, Castle, HouseId, Lang, UnitKind};
use serde::{Deserialize, Serialize};

mod check;
mod errors;
pub use check::{check, is_valid};
pub use errors::MusterError;

/// One mustering action, paid from one castle's points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MusterAction {
    /// A new land unit (F, A, K or E) in the castle's province (004:L745).
    Unit(UnitKind),
    /// Upgrade an F or A standing in the castle's province to K or E for 1 point (004:L739).
    Upgrade {
        /// F or A.
        from: UnitKind,
        /// K or E.
        to: UnitKind,
    },
    /// A new ship, placed in the first of these areas that can take it: seas adjacent to the
    /// castle's province, or the castle's own port (004:L755–L758, A-62).
    Ship(Vec<AreaId>),
}

impl MusterItem {
    /// Whether every area it names exists on the board.
    pub fn ids_ok(&self, board: &Board) -> bool {
        let places = match &self.action {
            MusterAction::Ship(p) => p.as_slice(),
            _ => &[],
        };
        board.has_areas(std::iter::once(self.castle).chain(places.iter().copied()))
    }
}

/// One item of a muster plan.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MusterItem {
    /// The castle province whose points pay.
    pub castle: AreaId,
    /// What it does.
    pub action: MusterAction,
}

/// A house's muster plan, in the order it was written.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MusterPlan {
    /// The items.
    pub items: Vec<MusterItem>,
}

/// Mustering points of a castle province (004:L674).
pub fn castle_points(board: &Board, area: AreaId) -> u8 {
    match board.area(area).castle {
        Some(Castle::Stronghold) => board.rules.stronghold_points,
        Some(Castle::City) => board.rules.city_points,
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
fn supply_ok(board: &Board, state: &GameState, house: HouseId, area: AreaId) -> bool {
    // The area's units count as the house's, as if it stood there (no copy of the state).
    let st = state.area(area);
    let foreign = if st.house != Some(house) {
        st.units.len() as i32
    } else {
        0
    };
    supply::within_limit_with(board, state, house, &[(area, 1 + foreign)])
}

/// A house's units on the map by kind (indexed by `UnitKind::index`): what the caps are
/// checked against. Counted once per mustering and kept up to date as its items add and
/// upgrade units ([`apply_change`]).
pub(crate) type Counts = [usize; 5];

/// [`Counts`] of the houses `0..houses`, in one pass over the map (indexed by house).
fn counts(state: &GameState, houses: usize) -> Vec<Counts> {
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

fn cap_ok(board: &Board, have: &Counts, k: UnitKind) -> Result<(), MusterError> {
    let cap = board.rules.unit_caps[k.index()];
    if have[k.index()] >= cap as usize {
        Err(MusterError::Cap(k, cap))
    } else {
        Ok(())
    }
}

fn sieges_ok(board: &Board, state: &GameState, area: AreaId) -> Result<(), MusterError> {
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
fn placement_ok(
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
fn placement_free(board: &Board, state: &GameState, house: HouseId, area: AreaId) -> bool {
    let st = state.area(area);
    let others = !st.units.is_empty() && st.house != Some(house);
    let full = board.area(area).is_port() && st.units.len() >= board.rules.port_capacity as usize;
    !others && !full && supply_ok(board, state, house, area)
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
fn apply_item(
    board: &Board,
    state: &mut GameState,
    house: HouseId,
    item: &MusterItem,
    ports_ready: &[AreaId],
    have: &mut Counts,
) -> Result<AreaId, MusterError> {
    let change = item_change(board, state, house, item, ports_ready, have)?;
    Ok(apply_change(state, house, change, have))
}

/// What one muster item does to the map, once [`item_change`] found it legal.
#[derive(Clone, Copy, Debug)]
enum Change {
    /// A new unit in an area.
    Add(AreaId, UnitKind),
    /// The unit at a position of an area, of the first kind, becomes the second kind.
    Upgrade(AreaId, usize, UnitKind, UnitKind),
}

/// Carry out a change found by [`item_change`], with the house's [`Counts`]; returns the area
/// the unit stands in.
fn apply_change(
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
fn item_change(
    board: &Board,
    state: &GameState,
    house: HouseId,
    item: &MusterItem,
    ports_ready: &[AreaId],
    have: &Counts,
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
            if !supply_ok(board, state, house, castle) {
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
                .find(|&&p| placement_free(board, state, house, p))
            else {
                let supply_only = places.iter().all(|&p| {
                    let st = state.area(p);
                    (st.units.is_empty() || st.house == Some(house))
                        && !supply_ok(board, state, house, p)
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

fn spend(budget: &mut [(AreaId, u8)], castle: AreaId, n: u8) -> bool {
    match budget.iter_mut().find(|(c, _)| *c == castle) {
        Some((_, p)) if *p >= n => {
            *p -= n;
            true
        }
        _ => false,
    }
}

/// Points freed by a ship blocked in a sea conflict: the house may send a replacement plan
/// limited to them (004:L769–L773, A-62).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Blocked {
    /// The house.
    pub house: HouseId,
    /// The castle whose points are free.
    pub castle: AreaId,
    /// The points.
    pub points: u8,
}

/// A house's plan with the points it may spend: (house, plan, points per castle).
pub type BudgetedPlan = (HouseId, MusterPlan, Vec<(AreaId, u8)>);

/// What a mustering resolution returns.
#[derive(Clone, Debug)]
pub struct MusterOutcome {
    /// The new state.
    pub state: GameState,
    /// What happened.
    pub log: Vec<EconomyEvent>,
    /// Ships that lost a sea to a house higher on the Iron Throne: a revision window.
    pub blocked: Vec<Blocked>,
}

/// Resolve a Mustering event with every house's full points.
pub fn resolve(
    board: &Board,
    state: &GameState,
    plans: &[(HouseId, MusterPlan)],
    ports_ready: &[AreaId],
) -> MusterOutcome {
    let mut s = state.clone();
    let (log, blocked) = resolve_in(board, &mut s, plans, ports_ready);
    MusterOutcome {
        state: s,
        log,
        blocked,
    }
}

/// [`resolve`] on the caller's state, changed in place: the log and the blocked ships.
pub fn resolve_in(
    board: &Board,
    s: &mut GameState,
    plans: &[(HouseId, MusterPlan)],
    ports_ready: &[AreaId],
) -> (Vec<EconomyEvent>, Vec<Blocked>) {
    let with: Vec<BudgetedPlan> = plans
        .iter()
        .map(|(h, p)| (*h, p.clone(), points(board, s, *h)))
        .collect();
    resolve_with_budget_in(board, s, &with, ports_ready)
}

/// Resolve muster plans, each with its own budget (a full event, a replacement after a blocked
/// ship, or the wildling reward's one area). Land items first, each house in plan order (they
/// cannot conflict: every house musters only in its own castles); then ships, one per house per
/// pass in Iron Throne order (004:L769–L773, A-62). Items that cannot be carried out are
/// skipped and their points lost (004:L751), with the reason in the log.
pub fn resolve_with_budget(
    board: &Board,
    state: &GameState,
    plans: &[BudgetedPlan],
    ports_ready: &[AreaId],
) -> MusterOutcome {
    let mut s = state.clone();
    let (log, blocked) = resolve_with_budget_in(board, &mut s, plans, ports_ready);
    MusterOutcome {
        state: s,
        log,
        blocked,
    }
}

/// [`resolve_with_budget`] on the caller's state, changed in place: the log and the blocked
/// ships. What a blocked ship needs of the state before the mustering (who stood in the seas
/// the ships name) is noted before the first change.
pub fn resolve_with_budget_in(
    board: &Board,
    s: &mut GameState,
    plans: &[BudgetedPlan],
    ports_ready: &[AreaId],
) -> (Vec<EconomyEvent>, Vec<Blocked>) {
    let mut log = Vec::new();
    let mut blocked = Vec::new();
    let order: Vec<HouseId> = s.throne_order().to_vec();
    // The seas named by ships, with whether they were empty and whose units stood there.
    let mut seas_before: Vec<(AreaId, bool, Option<HouseId>)> = Vec::new();
    for (_, p, _) in plans {
        for it in &p.items {
            let MusterAction::Ship(places) = &it.action else {
                continue;
            };
            for &a in places {
                if let Some(st) = s.areas.get(a.index())
                    && !seas_before.iter().any(|x| x.0 == a)
                {
                    seas_before.push((a, st.units.is_empty(), st.house));
                }
            }
        }
    }
    let mut budgets: Vec<(HouseId, Vec<(AreaId, u8)>)> =
        plans.iter().map(|(h, _, b)| (*h, b.clone())).collect();
    // Items naming areas the board does not have are dropped (they could not be reported); a
    // plan is copied only when it has such items.
    let cleaned: Vec<(HouseId, std::borrow::Cow<MusterPlan>)> = plans
        .iter()
        .map(|(h, p, _)| {
            if p.items.iter().all(|i| i.ids_ok(board)) {
                return (*h, std::borrow::Cow::Borrowed(p));
            }
            let items = p
                .items
                .iter()
                .filter(|i| i.ids_ok(board))
                .cloned()
                .collect();
            (*h, std::borrow::Cow::Owned(MusterPlan { items }))
        })
        .collect();
    let plan_of = |h: HouseId| cleaned.iter().find(|(x, _)| *x == h).map(|(_, p)| &**p);
    // Every house that has a plan has its counts, even one the board does not list.
    let houses = plans
        .iter()
        .map(|(h, _, _)| h.index() + 1)
        .fold(board.houses.len(), usize::max);
    let mut tally = counts(s, houses);
    let do_item = |s: &mut GameState,
                   log: &mut Vec<EconomyEvent>,
                   budgets: &mut Vec<(HouseId, Vec<(AreaId, u8)>)>,
                   tally: &mut [Counts],
                   h: HouseId,
                   it: &MusterItem|
     -> Option<MusterError> {
        let c = cost(board, &it.action);
        let (_, b) = budgets.iter_mut().find(|(x, _)| *x == h)?;
        let have = b
            .iter()
            .find(|(a, _)| *a == it.castle)
            .map(|(_, p)| *p)
            .unwrap_or(0);
        if have < c {
            log.push(EconomyEvent::MusterSkipped {
                house: h,
                castle: it.castle,
                why: MusterSkip::Points,
            });
            return None;
        }
        let mine = tally.get_mut(h.index())?;
        match apply_item(board, s, h, it, ports_ready, mine) {
            Ok(area) => {
                spend(b, it.castle, c);
                log.push(match &it.action {
                    MusterAction::Upgrade { from, to } => EconomyEvent::Upgraded {
                        house: h,
                        area,
                        from: *from,
                        to: *to,
                    },
                    MusterAction::Unit(k) => EconomyEvent::Mustered {
                        house: h,
                        castle: it.castle,
                        area,
                        unit: *k,
                    },
                    MusterAction::Ship(_) => EconomyEvent::Mustered {
                        house: h,
                        castle: it.castle,
                        area,
                        unit: UnitKind::Ship,
                    },
                });
                None
            }
            Err(e) => {
                log.push(EconomyEvent::MusterSkipped {
                    house: h,
                    castle: it.castle,
                    why: MusterSkip::Rule(e.clone()),
                });
                Some(e)
            }
        }
    };
    for &h in &order {
        let Some(p) = plan_of(h) else { continue };
        for it in p
            .items
            .iter()
            .filter(|i| !matches!(i.action, MusterAction::Ship(_)))
        {
            do_item(s, &mut log, &mut budgets, &mut tally, h, it);
        }
    }
    let mut queues: Vec<(HouseId, Vec<&MusterItem>)> = order
        .iter()
        .filter_map(|&h| {
            plan_of(h).map(|p| {
                let q: Vec<&MusterItem> = p
                    .items
                    .iter()
                    .filter(|i| matches!(i.action, MusterAction::Ship(_)))
                    .rev()
                    .collect();
                (h, q)
            })
        })
        .collect();
    while queues.iter().any(|(_, q)| !q.is_empty()) {
        for (h, q) in queues.iter_mut() {
            let Some(it) = q.pop() else { continue };
            if let Some(MusterError::NoFreePlacement(castle)) =
                do_item(s, &mut log, &mut budgets, &mut tally, *h, it)
            {
                // A conflict if some listed sea was free before this mustering began.
                let MusterAction::Ship(places) = &it.action else {
                    continue;
                };
                let lost_sea = places.iter().any(|&p| {
                    let before = seas_before.iter().find(|x| x.0 == p);
                    board.area(p).is_sea()
                        && before.is_some_and(|&(_, empty, house)| empty || house == Some(*h))
                });
                if lost_sea {
                    // The line just logged says the points may be mustered again.
                    if let Some(EconomyEvent::MusterSkipped { why, .. }) = log.last_mut()
                        && let MusterSkip::Rule(e) = why
                    {
                        *why = MusterSkip::Blocked(e.clone());
                    }
                    blocked.push(Blocked {
                        house: *h,
                        castle,
                        points: cost(board, &it.action),
                    });
                }
            }
        }
    }
    (log, blocked)
}
