//! 布置军事命令 Order placement: which orders a house may put on which areas (004:L1672–L1716).

use super::orders::Placement;
use super::state::{GameState, Track};
use crate::board::{AreaId, Board, HouseId, Lang, Order, OrderType, UnitKind};
use serde::{Deserialize, Serialize};

/// Why a placed order is not allowed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlacementError {
    /// The house has no units in the area at the start of the phase (004:L1689).
    NoUnits(AreaId),
    /// Two orders for one area (004:L1675).
    TwoOrders(AreaId),
    /// More normal orders of a type than the limit (004:L1223).
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
}

impl PlacementError {
    /// A sentence for the player.
    pub fn message(&self, board: &Board, lang: Lang) -> String {
        let name = |a: &AreaId| board.area(*a).name(lang).to_string();
        match (self, lang) {
            (PlacementError::NoUnits(a), Lang::Zh) => {
                format!("你在{}没有部队,不能在那里布置命令(004:L1689)", name(a))
            }
            (PlacementError::NoUnits(a), Lang::En) => {
                format!(
                    "you have no units in {}, so you cannot place an order there (004:L1689)",
                    name(a)
                )
            }
            (PlacementError::TwoOrders(a), Lang::Zh) => {
                format!("{}只能布置一个命令(004:L1675)", name(a))
            }
            (PlacementError::TwoOrders(a), Lang::En) => {
                format!("{} can hold only one order (004:L1675)", name(a))
            }
            (PlacementError::TooMany(k, n), Lang::Zh) => {
                format!("普通{}命令每回合最多{}个(004:L1223)", k.name_zh(), n)
            }
            (PlacementError::TooMany(k, n), Lang::En) => {
                format!(
                    "at most {} normal {} orders a round (004:L1223)",
                    n,
                    k.name_en()
                )
            }
            (PlacementError::TooManySpecial { allowed, rank }, Lang::Zh) => {
                format!("御前会议第{rank}名每回合最多使用{allowed}个特殊命令(004:L1196)")
            }
            (PlacementError::TooManySpecial { allowed, rank }, Lang::En) => {
                format!(
                    "King's Court rank {rank} allows {allowed} special orders a round (004:L1196)"
                )
            }
            (PlacementError::SpecialTwice(k), Lang::Zh) => {
                format!(
                    "每种特殊命令每回合只能使用一次:{}(004:L1490)",
                    Order {
                        kind: *k,
                        special: true
                    }
                    .name_zh()
                )
            }
            (PlacementError::SpecialTwice(k), Lang::En) => {
                format!(
                    "each special order once a round: {} (004:L1490)",
                    Order {
                        kind: *k,
                        special: true
                    }
                    .name_en()
                )
            }
            (PlacementError::PortDefence(a), Lang::Zh) => {
                format!("港口中的战舰不能执行防守命令:{}(004:L1353)", name(a))
            }
            (PlacementError::PortDefence(a), Lang::En) => {
                format!(
                    "ships in a port cannot take a defence order: {} (004:L1353)",
                    name(a)
                )
            }
            (PlacementError::ConsolidateNeedsFootOrArcher(a), Lang::Zh) => {
                format!("只有步兵或弓箭手可以巩固统治,{}没有(004:L1470)", name(a))
            }
            (PlacementError::ConsolidateNeedsFootOrArcher(a), Lang::En) => {
                format!(
                    "only footmen or archers consolidate power; {} has none (004:L1470)",
                    name(a)
                )
            }
            (PlacementError::SiegeCannotRaid(a), Lang::Zh) => {
                format!("攻城车不能执行突袭命令:{}(004:L1441)", name(a))
            }
            (PlacementError::SiegeCannotRaid(a), Lang::En) => {
                format!("siege engines cannot raid: {} (004:L1441)", name(a))
            }
        }
    }
}

/// Check one house's placement against the state at the start of the military phase.
/// Returns every problem, not only the first.
pub fn check(
    board: &Board,
    state: &GameState,
    house: HouseId,
    p: &Placement,
) -> Vec<PlacementError> {
    let mut errs = Vec::new();
    let mut seen: Vec<AreaId> = Vec::new();
    let mut normal = [0u8; 5];
    let mut specials: Vec<OrderType> = Vec::new();
    for (area, order) in &p.orders {
        if seen.contains(area) {
            errs.push(PlacementError::TwoOrders(*area));
            continue;
        }
        seen.push(*area);
        let st = state.area(*area);
        if st.house != Some(house) || st.units.is_empty() {
            errs.push(PlacementError::NoUnits(*area));
            continue;
        }
        let kinds: Vec<UnitKind> = st.units.iter().map(|u| u.kind).collect();
        match order.kind {
            OrderType::Defence if board.area(*area).is_port() => {
                errs.push(PlacementError::PortDefence(*area))
            }
            OrderType::Consolidate
                if !kinds
                    .iter()
                    .any(|k| matches!(k, UnitKind::Footman | UnitKind::Archer)) =>
            {
                errs.push(PlacementError::ConsolidateNeedsFootOrArcher(*area))
            }
            OrderType::Raid if kinds.iter().all(|k| *k == UnitKind::Siege) => {
                errs.push(PlacementError::SiegeCannotRaid(*area))
            }
            _ => {}
        }
        if order.special {
            if specials.contains(&order.kind) {
                errs.push(PlacementError::SpecialTwice(order.kind));
            }
            specials.push(order.kind);
        } else {
            normal[order.kind as usize] += 1;
        }
    }
    for k in OrderType::ALL {
        let limit = board.rules.order_limit(k);
        if normal[k as usize] > limit {
            errs.push(PlacementError::TooMany(k, limit));
        }
    }
    let rank = state.rank(Track::KingsCourt, house);
    let allowed = board.rules.special_orders(rank);
    if specials.len() > allowed as usize {
        errs.push(PlacementError::TooManySpecial { allowed, rank });
    }
    errs
}

/// Put every house's valid placement on the map (the reveal). Orders of a house that sent none
/// stay empty (A-26: no orders).
pub fn apply(state: &mut GameState, placements: &[(HouseId, Placement)]) {
    for a in state.areas.iter_mut() {
        a.order = None;
    }
    for (house, p) in placements {
        for (area, order) in &p.orders {
            let st = state.area_mut(*area);
            if st.house == Some(*house) && !st.units.is_empty() {
                st.order = Some(*order);
            }
        }
    }
}
