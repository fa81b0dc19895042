//! 布置军事命令 Order placement: which orders a house may put on which areas (004:L1672–L1716).

use crate::model::modifiers::RoundModifiers;
use crate::model::orders::{Placement, RavenChange};
use crate::model::state::{GameState, Track};
use crate::optional::one_time::{self, OneTimeError, PlacedOneTime, Used};
use maester_board::{AreaId, Board, HouseId, Order, OrderType, UnitKind};
use serde::{Deserialize, Serialize};

/// Why a placed order is not allowed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlacementError {
    /// The house has no units in the area at the start of the phase (004:L1673).
    NoUnits(AreaId),
    /// Two orders for one area (004:L1675).
    TwoOrders(AreaId),
    /// More normal orders of a type than the limit (004:L1691).
    TooMany(OrderType, u8),
    /// More special orders than the King's Court rank allows (004:L1196).
    TooManySpecial {
        /// Allowed.
        allowed: u8,
        /// King's Court rank.
        rank: usize,
    },
    /// The same special order twice (004:L1490).
    SpecialTwice(OrderType),
    /// Ships in a port may not defend (004:L1353).
    PortDefence(AreaId),
    /// Only footmen and archers consolidate power (004:L1470).
    ConsolidateNeedsFootOrArcher(AreaId),
    /// Siege engines alone cannot raid.
    SiegeCannotRaid(AreaId),
    /// The event in force forbids this order type this round (风暴之海, 群鸦飨宴, 干戈四起).
    EventBan(OrderType),
    /// 惊涛骇浪: no order at sea this round.
    RoughSeas(AreaId),
    /// No special order this round (wildling penalty, A-66).
    NoSpecial,
    /// Only the Raven holder (King's Court #1) may change an order (004:L1704).
    NotRavenHolder,
    /// The Raven changes an order already placed; it adds none (004:L1704).
    RavenNoOrder(AreaId),
    /// The Raven changes an order to another type (004:L1704).
    RavenSameOrder(AreaId),
    /// A one-time order that may not be placed (optional rule, 004:L2489–L2618).
    OneTime(OneTimeError),
    /// The house's player has left: the house is neutral and carries out no more orders
    /// (004:L492).
    HouseLeft,
}

impl PlacementError {
    /// The rule the refusal follows ("004:L1691": line 1691 of the rulebook, "A-45": answer
    /// 45 of the FAQ), "" where the rulebook has no line for it. Words cite it.
    pub fn rule(&self) -> &'static str {
        match self {
            PlacementError::NoUnits(..) => "004:L1673",
            PlacementError::TwoOrders(..) => "004:L1675",
            PlacementError::TooMany(..) => "004:L1691",
            PlacementError::TooManySpecial { .. } => "004:L1196",
            PlacementError::SpecialTwice(..) => "004:L1490",
            PlacementError::PortDefence(..) => "004:L1353",
            PlacementError::ConsolidateNeedsFootOrArcher(..) => "004:L1470",
            PlacementError::SiegeCannotRaid(..) => "004:L1441",
            PlacementError::EventBan(OrderType::Raid) => "004:L1463",
            PlacementError::EventBan(OrderType::Consolidate) => "004:L2413",
            PlacementError::EventBan(..) => "004:L1362",
            PlacementError::RoughSeas(..) => "A-45",
            PlacementError::NoSpecial => "A-66",
            PlacementError::NotRavenHolder => "004:L1704",
            PlacementError::RavenNoOrder(..) => "004:L1704",
            PlacementError::RavenSameOrder(..) => "004:L1704",
            PlacementError::OneTime(e) => e.rule(),
            PlacementError::HouseLeft => "004:L492",
        }
    }
}

/// Check one house's placement against the state at the start of the military phase, with no
/// event in force. Returns every problem, not only the first.
pub fn check(
    board: &Board,
    state: &GameState,
    house: HouseId,
    p: &Placement,
) -> Vec<PlacementError> {
    check_with(board, state, house, p, &RoundModifiers::default())
}

/// Check one house's placement with the events in force (`mods`): 风暴之海 no raids,
/// 群鸦飨宴 no consolidate, 干戈四起 no defence, 惊涛骇浪 no orders at sea.
pub fn check_with(
    board: &Board,
    state: &GameState,
    house: HouseId,
    p: &Placement,
    mods: &RoundModifiers,
) -> Vec<PlacementError> {
    let mut errs = Vec::new();
    check_until(board, state, house, p, mods, &mut errs, false);
    errs
}

/// Whether [`check_with`] finds nothing, stopping at the first problem (for a caller that only
/// needs to know).
pub fn is_valid(
    board: &Board,
    state: &GameState,
    house: HouseId,
    p: &Placement,
    mods: &RoundModifiers,
) -> bool {
    check_until(board, state, house, p, mods, &mut Vec::new(), true)
}

fn check_until(
    board: &Board,
    state: &GameState,
    house: HouseId,
    p: &Placement,
    mods: &RoundModifiers,
    errs: &mut Vec<PlacementError>,
    first_only: bool,
) -> bool {
    // Record a problem; when `first_only` there is nothing to record: the answer is no.
    macro_rules! found {
        ($e:expr) => {{
            if first_only {
                return false;
            }
            errs.push($e);
        }};
    }
    // A house that has left places no order (004:L492): nothing else is worth saying.
    if state.houses.get(house.index()).is_some_and(|h| h.neutral) {
        found!(PlacementError::HouseLeft);
        return false;
    }
    // Orders by type: normal ones, special ones (no list is built: this runs for every
    // placement the simulator tries).
    let mut normal = [0u8; 5];
    let mut special = [0u8; 5];
    for (i, (area, order)) in p.orders.iter().enumerate() {
        if p.orders[..i].iter().any(|(a, _)| a == area) {
            found!(PlacementError::TwoOrders(*area));
            continue;
        }
        let st = state.area(*area);
        if st.house != Some(house) || st.units.is_empty() {
            found!(PlacementError::NoUnits(*area));
            continue;
        }
        let mut kinds = st.units.iter().map(|u| u.kind);
        let banned = match order.kind {
            OrderType::Raid => mods.sea_of_storms,
            OrderType::Consolidate => mods.feast_for_crows,
            OrderType::Defence => mods.storm_of_swords,
            _ => false,
        };
        if banned && !errs.contains(&PlacementError::EventBan(order.kind)) {
            found!(PlacementError::EventBan(order.kind));
        }
        if mods.rough_seas && board.area(*area).is_sea() {
            found!(PlacementError::RoughSeas(*area));
        }
        match order.kind {
            OrderType::Defence if board.area(*area).is_port() => {
                found!(PlacementError::PortDefence(*area))
            }
            OrderType::Consolidate
                if !kinds.any(|k| matches!(k, UnitKind::Footman | UnitKind::Archer)) =>
            {
                found!(PlacementError::ConsolidateNeedsFootOrArcher(*area))
            }
            OrderType::Raid if kinds.all(|k| k == UnitKind::Siege) => {
                found!(PlacementError::SiegeCannotRaid(*area))
            }
            _ => {}
        }
        if order.special {
            if special[order.kind as usize] > 0 {
                found!(PlacementError::SpecialTwice(order.kind));
            }
            special[order.kind as usize] = special[order.kind as usize].saturating_add(1);
        } else {
            normal[order.kind as usize] += 1;
        }
    }
    for k in OrderType::ALL {
        let limit = board.rules.order_limit(k);
        if normal[k as usize] > limit {
            found!(PlacementError::TooMany(k, limit));
        }
    }
    let rank = state.rank(Track::KingsCourt, house);
    let allowed = board.rules.special_orders(rank);
    let specials: usize = special.iter().map(|n| *n as usize).sum();
    if specials > 0 && mods.no_special_orders.contains(&house) {
        found!(PlacementError::NoSpecial);
    } else if specials > allowed as usize {
        found!(PlacementError::TooManySpecial { allowed, rank });
    }
    // One-time orders: beside the area's order, only where the house has units (004:L2518);
    // not special orders, so neither the King's Court limit nor the wildling ban applies.
    for (area, _) in &p.one_time {
        let st = state.area(*area);
        if st.house != Some(house) || st.units.is_empty() {
            found!(PlacementError::NoUnits(*area));
        } else if mods.rough_seas && board.area(*area).is_sea() {
            found!(PlacementError::RoughSeas(*area));
        }
    }
    errs.extend(
        one_time::check(board, state, house, &p.one_time, mods.feast_for_crows)
            .into_iter()
            .map(PlacementError::OneTime),
    );
    errs.is_empty()
}

/// The orders a house has on the map now, as a placement.
pub fn placed(state: &GameState, house: HouseId) -> Placement {
    Placement {
        orders: state
            .areas
            .iter()
            .enumerate()
            .filter(|(_, a)| a.house == Some(house))
            .filter_map(|(i, a)| a.order.map(|o| (AreaId(i as u16), o)))
            .collect(),
        one_time: state
            .areas
            .iter()
            .enumerate()
            .filter_map(|(i, a)| {
                a.one_time.filter(|p| p.house == house).map(|p| {
                    let o = one_time::OneTimeOrder {
                        kind: p.kind,
                        bank: p.bank,
                    };
                    (AreaId(i as u16), o)
                })
            })
            .collect(),
    }
}

/// 信鸦 (004:L1702–L1706): the Raven holder (King's Court #1) changes one of his placed orders to
/// another type, within the limits; he adds no order and swaps none. Checks the change against
/// the revealed orders in `state`; on success returns the state with the order changed and the
/// order it replaced.
pub fn raven(
    board: &Board,
    state: &GameState,
    house: HouseId,
    change: RavenChange,
    mods: &RoundModifiers,
) -> Result<(GameState, Order), Vec<PlacementError>> {
    if state.rank(Track::KingsCourt, house) != 1 {
        return Err(vec![PlacementError::NotRavenHolder]);
    }
    let st = state.area(change.area);
    let Some(old) = st.order.filter(|_| st.house == Some(house)) else {
        return Err(vec![PlacementError::RavenNoOrder(change.area)]);
    };
    if old == change.order {
        return Err(vec![PlacementError::RavenSameOrder(change.area)]);
    }
    let mut p = placed(state, house);
    for (a, o) in p.orders.iter_mut() {
        if *a == change.area {
            *o = change.order;
        }
    }
    let errs = check_with(board, state, house, &p, mods);
    if !errs.is_empty() {
        return Err(errs);
    }
    let mut next = state.clone();
    next.area_mut(change.area).order = Some(change.order);
    Ok((next, old))
}

/// Put every house's valid placement on the map (the reveal). Orders of a house that sent none
/// stay empty (A-26: no orders). A one-time order counts as used once placed (004:L2518).
pub fn apply(state: &mut GameState, placements: &[(HouseId, Placement)]) {
    for a in state.areas.iter_mut() {
        a.order = None;
        a.one_time = None;
    }
    let round = state.round;
    for (house, p) in placements {
        for (area, order) in &p.orders {
            let st = state.area_mut(*area);
            if st.house == Some(*house) && !st.units.is_empty() {
                st.order = Some(*order);
            }
        }
        for (area, o) in &p.one_time {
            let Some(st) = state.areas.get_mut(area.index()) else {
                continue;
            };
            if st.house == Some(*house) && !st.units.is_empty() {
                st.one_time = Some(PlacedOneTime {
                    house: *house,
                    kind: o.kind,
                    bank: o.bank,
                });
                state.one_time.used.push(Used {
                    house: *house,
                    kind: o.kind,
                    round,
                });
            }
        }
    }
}
