//! 一次性军事命令 One-time orders, an optional rule (004:L2489–L2624, rules-spec §1.29.1):
//! 招募 Recruit and 补给车 Supply Caravan (consolidate-type), 强行军 Forced March (march-type) and
//! 浮桥 Pontoon (support-type). Each type once per game and house, at most one per house and
//! round, placed beside an area's normal or special order; the Raven cannot change them; they are
//! not special orders.
//!
//! The game turns the rule on once, at its creation ([`enable`]); the same switch brings the
//! event preview and the chooser events (004:L2632, L2638: "如果游戏中使用一次性命令规则的话").
//! This module holds the types, the placement checks, what happens in the consolidate step
//! (Recruit, Supply Caravan) and at the start of the next round (the caravan's barrels).

use crate::armies::muster::{self, MusterPlan};
use crate::model::log_events::EconomyEvent;
pub use crate::model::one_time::{
    OneTimeEvent, OneTimeKind, OneTimeOrder, OneTimeState, PendingCaravan, PlacedOneTime, Used,
    Waste,
};
use crate::model::state::GameState;
use maester_board::{AreaId, Board, HouseId, OrderType};
use serde::{Deserialize, Serialize};

impl OneTimeKind {
    /// Every kind.
    pub const ALL: [OneTimeKind; 4] = [
        OneTimeKind::Recruit,
        OneTimeKind::SupplyCaravan,
        OneTimeKind::ForcedMarch,
        OneTimeKind::Pontoon,
    ];

    /// The normal order whose attribute it has (004:L2512–L2550).
    pub fn attribute(self) -> OrderType {
        match self {
            OneTimeKind::Recruit | OneTimeKind::SupplyCaravan => OrderType::Consolidate,
            OneTimeKind::ForcedMarch => OrderType::March,
            OneTimeKind::Pontoon => OrderType::Support,
        }
    }

    /// Whether a raid removes it (consolidate- and support-type, 004:L2524, L2549; a march-type
    /// one is not affected, 004:L2541).
    pub fn raidable(self) -> bool {
        self.attribute() != OrderType::March
    }
}

impl OneTimeOrder {
    /// A one-time order without a bank.
    pub fn new(kind: OneTimeKind) -> OneTimeOrder {
        OneTimeOrder { kind, bank: None }
    }
}

impl OneTimeState {
    /// Whether the house placed this kind in an earlier round.
    pub fn used_before(&self, house: HouseId, kind: OneTimeKind, round: u8) -> bool {
        self.used
            .iter()
            .any(|u| u.house == house && u.kind == kind && u.round < round)
    }
}

/// Turn the optional rules on for a new game and record the provinces the starting barrels
/// were counted from.
pub fn enable(board: &Board, state: &mut GameState) {
    state.one_time.enabled = true;
    record_basis(board, state);
}

/// Record, for every house, the provinces with barrels it controls now (at a Supply event).
pub fn record_basis(board: &Board, state: &mut GameState) {
    if !state.one_time.enabled {
        return;
    }
    let basis = board
        .house_ids()
        .map(|h| {
            let areas = board
                .areas
                .iter()
                .filter(|a| a.barrels > 0 && state.controller(board, a.id) == Some(h))
                .map(|a| a.id)
                .collect();
            (h, areas)
        })
        .collect();
    state.one_time.basis = basis;
}

/// Why a one-time order cannot be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OneTimeError {
    /// The game does not use the optional rule.
    Off,
    /// More than one one-time order this round (004:L2621).
    OnePerRound,
    /// This type was used already in this game (004:L2502).
    UsedBefore(OneTimeKind),
    /// Feast for Crows: no consolidate-type orders this round (004:L2534).
    FeastForCrows(OneTimeKind),
    /// Recruit only in a province with a city or stronghold (004:L2565).
    RecruitNeedsCastle(AreaId),
    /// Supply Caravan only in a province with barrels (004:L2576).
    CaravanNeedsBarrels(AreaId),
    /// No pontoon can be built here (004:L2611).
    PontoonNotHere(AreaId),
    /// The pontoon's bank is missing or not one of the banks the area offers (004:L2611).
    PontoonBank(AreaId),
    /// A forced march stands at sea or on land, not in a port (004:L2595).
    ForcedMarchInPort(AreaId),
}

impl OneTimeError {
    /// The rule the refusal follows ("004:L1691": line 1691 of the rulebook, "A-45": answer
    /// 45 of the FAQ), "" where the rulebook has no line for it. Words cite it.
    pub fn rule(&self) -> &'static str {
        match self {
            OneTimeError::Off => "004:L2489",
            OneTimeError::OnePerRound => "004:L2621",
            OneTimeError::UsedBefore(..) => "004:L2502",
            OneTimeError::FeastForCrows(..) => "004:L2534",
            OneTimeError::RecruitNeedsCastle(..) => "004:L2565",
            OneTimeError::CaravanNeedsBarrels(..) => "004:L2576",
            OneTimeError::PontoonNotHere(..) => "004:L2611",
            OneTimeError::PontoonBank(..) => "004:L2611",
            OneTimeError::ForcedMarchInPort(..) => "004:L2595",
        }
    }
}

/// The bank a pontoon reaches: the one named, or the only one the area offers. Kept for the
/// callers outside the rules; it is [`Board::pontoon_bank`].
pub fn pontoon_bank(board: &Board, area: AreaId, named: Option<AreaId>) -> Option<AreaId> {
    board.pontoon_bank(area, named)
}

/// Check the one-time orders of one placement (the normal orders are checked by the caller).
/// `area_ok(area)` tells whether the house may place an order there (its units at the start of
/// the phase, no sea order in rough seas); `feast` is Feast for Crows in force.
pub fn check(
    board: &Board,
    state: &GameState,
    house: HouseId,
    orders: &[(AreaId, OneTimeOrder)],
    feast: bool,
) -> Vec<OneTimeError> {
    let mut errs = Vec::new();
    if orders.is_empty() {
        return errs;
    }
    if !state.one_time.enabled {
        return vec![OneTimeError::Off];
    }
    if orders.len() > 1 {
        errs.push(OneTimeError::OnePerRound);
    }
    for (area, o) in orders {
        if state.one_time.used_before(house, o.kind, state.round) {
            errs.push(OneTimeError::UsedBefore(o.kind));
        }
        if feast && o.kind.attribute() == OrderType::Consolidate {
            errs.push(OneTimeError::FeastForCrows(o.kind));
        }
        let Some(a) = board.areas.get(area.index()) else {
            continue;
        };
        match o.kind {
            OneTimeKind::Recruit if a.castle.is_none() => {
                errs.push(OneTimeError::RecruitNeedsCastle(*area))
            }
            OneTimeKind::SupplyCaravan if a.barrels == 0 => {
                errs.push(OneTimeError::CaravanNeedsBarrels(*area))
            }
            OneTimeKind::Pontoon if a.pontoon_targets.is_empty() => {
                errs.push(OneTimeError::PontoonNotHere(*area))
            }
            OneTimeKind::Pontoon if board.pontoon_bank(*area, o.bank).is_none() => {
                errs.push(OneTimeError::PontoonBank(*area))
            }
            OneTimeKind::ForcedMarch if a.is_port() => {
                errs.push(OneTimeError::ForcedMarchInPort(*area))
            }
            _ => {}
        }
    }
    errs
}

/// The one-time order a house has standing in an area, if any.
pub fn standing(state: &GameState, area: AreaId, house: HouseId) -> Option<PlacedOneTime> {
    state.area(area).one_time.filter(|p| p.house == house)
}

/// Whether a house's recruit plan only spends the points of the recruit castle (004:L2565).
pub fn recruit_budget(board: &Board, area: AreaId) -> Vec<(AreaId, u8)> {
    vec![(area, muster::castle_points(board, area))]
}

/// Carry out a recruit: the house's plan items from the recruit castle, with its points only,
/// under the normal mustering rules and supply (004:L2558–L2565, A-80).
pub fn recruit(
    board: &Board,
    state: &GameState,
    house: HouseId,
    area: AreaId,
    plan: &MusterPlan,
) -> (GameState, Vec<EconomyEvent>) {
    let items = plan
        .items
        .iter()
        .filter(|i| i.castle == area)
        .cloned()
        .collect();
    let ports = muster::ports_now(board, state);
    let out = muster::resolve_with_budget(
        board,
        state,
        &[(house, MusterPlan { items }, recruit_budget(board, area))],
        &ports,
    );
    (out.state, out.log)
}

/// The barrels a caravan adds (A-79: only a province not counted in the effective value when
/// `new_only`).
pub fn caravan_barrels(
    board: &Board,
    state: &GameState,
    house: HouseId,
    area: AreaId,
    new_only: bool,
) -> u8 {
    let counted = state
        .one_time
        .basis
        .iter()
        .any(|(h, v)| *h == house && v.contains(&area));
    if new_only && counted {
        0
    } else {
        board.area(area).barrels
    }
}

/// At the start of a round: the caravans of the last round raise the effective barrels
/// (004:L2580; like every effective value it is not capped, A-75). A Supply event this round
/// recounts anyway (004:L2582).
pub fn apply_caravans(board: &Board, state: &mut GameState) -> Vec<EconomyEvent> {
    let pending = std::mem::take(&mut state.one_time.caravans);
    let mut log = Vec::new();
    for c in pending
        .into_iter()
        .filter(|c| c.house.index() < board.houses.len())
    {
        let from = state.house(c.house).barrels;
        let to = from.saturating_add(c.barrels);
        if to != from {
            state.house_mut(c.house).barrels = to;
            if let Some(v) = state.one_time.basis.iter_mut().find(|(h, _)| *h == c.house) {
                v.1.push(c.area);
            }
        }
        log.push(EconomyEvent::CaravanBarrels {
            house: c.house,
            area: c.area,
            from,
            to,
        });
    }
    log
}
