//! 经济 The economy of the event phase: the state it keeps between rounds, the Supply event
//! (004:L643–L661, 表五, A-57), Game of Thrones income (004:L902, A-73) and what happens when a
//! non-combat loss empties a province (004:L1062, L1094).

use crate::armies::supply;
pub use crate::model::economy::{CpIncome, DisbandPlan, EconomyState};
use crate::model::log_events::{DisbandReason, EconomyEvent};
use crate::model::state::GameState;
use maester_board::{AreaId, Board, HouseId, UnitKind};
use serde::{Deserialize, Serialize};

/// Record a successful consolidate power (called by the military phase after CP resolution);
/// the entries of earlier rounds are dropped.
pub fn record_consolidation(state: &mut GameState, house: HouseId, area: AreaId, income: u8) {
    let round = state.round;
    state.economy.cp_income.retain(|c| c.round == round);
    state.economy.cp_income.push(CpIncome {
        house,
        area,
        round,
        income,
    });
}

/// At the end of a military phase: keep its consolidate incomes (for a fortification in the
/// next event phase, A-58) and the deferred leader rewards its log reports.
pub fn after_military(board: &Board, state: &mut GameState, log: &[crate::model::log::Event]) {
    let round = state.round;
    state.economy.cp_income.retain(|c| c.round == round);
    for e in log {
        if let crate::model::log::Event::Consolidated {
            house,
            area,
            gained,
            capped,
        } = e
        {
            record_consolidation(state, *house, *area, gained.saturating_add(*capped));
        }
    }
    crate::event_phase::rewards::record_from_log(board, state, log);
}

/// Add power tokens with the cap of 20 owned; logs the gain and what the cap took.
pub fn gain(
    board: &Board,
    state: &mut GameState,
    house: HouseId,
    n: u8,
    why: crate::model::log_events::GainReason,
    log: &mut Vec<EconomyEvent>,
) {
    let lost = state.gain_power(board, house, n);
    log.push(EconomyEvent::PowerGained {
        house,
        gained: n - lost,
        lost_to_cap: lost,
        why,
    });
}

// ---------------------------------------------------------------------------------------------
// Supply (补给结算)
// ---------------------------------------------------------------------------------------------

/// Why a disbanding plan is not accepted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SupplyError {
    /// The house does not have that many units of the kind there.
    NoSuchUnit(AreaId, UnitKind),
    /// After the disbanding the armies still exceed the supply limit (004:L650).
    StillOver {
        /// Army sizes after the plan, largest first.
        sizes: Vec<u8>,
        /// Limits of 表五 for the new barrels.
        limits: Vec<u8>,
        /// The armies after the plan (area, units), in the order they take the limits.
        #[serde(default)]
        armies: Vec<(AreaId, u8)>,
        /// What the default would still disband after the plan: the areas over the
        /// limit, and a disbanding that fits.
        #[serde(default)]
        still: Vec<(AreaId, UnitKind)>,
    },
    /// An area the board does not have.
    UnknownArea,
    /// The house's player has left: its disbanding is the default, nobody chooses it (004:L492).
    HouseLeft,
    /// More units than needed: only the excess may be disbanded (004:L652).
    TooMany {
        /// Units that must go.
        needed: usize,
        /// Units in the plan.
        given: usize,
    },
}

impl SupplyError {
    /// The rule the refusal follows ("004:L1691": line 1691 of the rulebook, "A-45": answer
    /// 45 of the FAQ), "" where the rulebook has no line for it. Words cite it.
    pub fn rule(&self) -> &'static str {
        match self {
            SupplyError::NoSuchUnit(..) => "004:L652",
            SupplyError::StillOver { .. } => "004:L650, L654",
            SupplyError::UnknownArea => "",
            SupplyError::HouseLeft => "004:L492",
            SupplyError::TooMany { .. } => "004:L652",
        }
    }
}

/// Order in which units leave an army by default: cheapest first.
pub const CHEAP_FIRST: [UnitKind; 5] = [
    UnitKind::Footman,
    UnitKind::Archer,
    UnitKind::Ship,
    UnitKind::Siege,
    UnitKind::Knight,
];

/// Mustering value of a unit (its cost, 004:L729).
pub fn value(board: &Board, k: UnitKind) -> u8 {
    board.rules.muster_cost[k.index()]
}

/// A house's armies (areas with two or more of its units): (area, kinds), largest first, equal
/// sizes by higher mustering value, then by area.
fn armies(board: &Board, state: &GameState, house: HouseId) -> Vec<(AreaId, Vec<UnitKind>)> {
    let mut v: Vec<(AreaId, Vec<UnitKind>)> = board
        .area_ids()
        .filter(|&a| state.occupant(a) == Some(house) && state.area(a).units.len() >= 2)
        .map(|a| (a, state.area(a).units.iter().map(|u| u.kind).collect()))
        .collect();
    let worth = |k: &[UnitKind]| k.iter().map(|&u| value(board, u) as u32).sum::<u32>();
    v.sort_by(|x, y| {
        y.1.len()
            .cmp(&x.1.len())
            .then(worth(&y.1).cmp(&worth(&x.1)))
            .then(x.0.cmp(&y.0))
    });
    v
}

/// The default disbanding of A-57 for `barrels`: armies take the slots of 表五 largest to
/// largest; each loses its excess over its slot, armies without a slot shrink to one unit;
/// units leave in the order F, A, S, E, K. Empty when the house is within its limit.
pub fn default_disbanding(
    board: &Board,
    state: &GameState,
    house: HouseId,
    barrels: u8,
) -> Vec<(AreaId, UnitKind)> {
    let limits = board.rules.supply_limits(barrels);
    let mut out = Vec::new();
    for (i, (area, kinds)) in armies(board, state, house).into_iter().enumerate() {
        let keep = limits
            .get(i)
            .map(|&l| (l as usize).min(kinds.len()))
            .unwrap_or(1);
        let mut excess = kinds.len() - keep;
        for k in CHEAP_FIRST {
            let have = kinds.iter().filter(|&&u| u == k).count();
            for _ in 0..have.min(excess) {
                out.push((area, k));
            }
            excess -= have.min(excess);
        }
    }
    out
}

/// Remove units from a copy of the state; error if a unit is missing.
fn without(
    state: &GameState,
    house: HouseId,
    units: &[(AreaId, UnitKind)],
) -> Result<GameState, SupplyError> {
    let mut s = state.clone();
    for &(a, k) in units {
        let st = s.area_mut(a);
        let pos = if st.house == Some(house) {
            st.units.iter().position(|u| u.kind == k)
        } else {
            None
        };
        match pos {
            Some(p) => {
                st.units.remove(p);
            }
            None => return Err(SupplyError::NoSuchUnit(a, k)),
        }
    }
    Ok(s)
}

/// Check a disbanding plan against the barrels the house actually controls now (the count a
/// Supply event takes, 004:L644): the units exist, the result fits 表五, and no more units go
/// than the fewest that must (the A-57 count, which is the minimum).
pub fn check_disbanding(
    board: &Board,
    state: &GameState,
    house: HouseId,
    plan: &DisbandPlan,
) -> Result<(), Vec<SupplyError>> {
    if state.houses.get(house.index()).is_some_and(|h| h.neutral) {
        return Err(vec![SupplyError::HouseLeft]);
    }
    if !board.has_areas(plan.units.iter().map(|u| u.0)) {
        return Err(vec![SupplyError::UnknownArea]);
    }
    let barrels = state.barrels_controlled(board, house);
    let mut errs = Vec::new();
    match without(state, house, &plan.units) {
        Err(e) => errs.push(e),
        Ok(after) => {
            let sizes = supply::army_sizes(&after, house);
            if !supply::fits(board, barrels, &sizes) {
                errs.push(SupplyError::StillOver {
                    sizes,
                    limits: board.rules.supply_limits(barrels).to_vec(),
                    armies: armies(board, &after, house)
                        .into_iter()
                        .map(|(a, k)| (a, k.len().min(u8::MAX as usize) as u8))
                        .collect(),
                    still: default_disbanding(board, &after, house, barrels),
                });
            }
        }
    }
    let needed = default_disbanding(board, state, house, barrels).len();
    if plan.units.len() > needed {
        errs.push(SupplyError::TooMany {
            needed,
            given: plan.units.len(),
        });
    }
    if errs.is_empty() { Ok(()) } else { Err(errs) }
}

/// Resolve a Supply event (004:L650): every house's effective barrels become the barrels it
/// controls now; a house over its new limit disbands its plan, or — silent or invalid — the
/// default of A-57 (T-07). Houses in Iron Throne order; every disbanding is public.
pub fn resolve_supply(
    board: &Board,
    state: &GameState,
    plans: &[(HouseId, DisbandPlan)],
) -> (GameState, Vec<EconomyEvent>) {
    let mut s = state.clone();
    let log = resolve_supply_in(board, &mut s, plans);
    (s, log)
}

/// [`resolve_supply`] on the state in place (the event phase's own copy).
pub fn resolve_supply_in(
    board: &Board,
    s: &mut GameState,
    plans: &[(HouseId, DisbandPlan)],
) -> Vec<EconomyEvent> {
    let mut log = Vec::new();
    // Disbanding changes no track: the order read before the loop is the order throughout.
    for h in s.throne_order().to_vec() {
        let before = s.house(h).barrels;
        let after = s.barrels_controlled(board, h);
        s.house_mut(h).barrels = after;
        log.push(EconomyEvent::SupplyRecount {
            house: h,
            before,
            after,
        });
        if supply::within_limit(board, s, h) {
            continue;
        }
        let plan = plans.iter().find(|(x, _)| *x == h).map(|(_, p)| p);
        let (units, reason) = match plan.map(|p| (p, check_disbanding(board, s, h, p))) {
            // Bound by Supply, with no player to choose (004:L650, L492; docs/rulings.md).
            _ if s.house(h).neutral => (
                default_disbanding(board, s, h, after),
                DisbandReason::SupplyHouseLeft,
            ),
            Some((p, Ok(()))) => (p.units.clone(), DisbandReason::Supply),
            Some((_, Err(_))) => (
                default_disbanding(board, s, h, after),
                DisbandReason::SupplyDefaultInvalid,
            ),
            None => (
                default_disbanding(board, s, h, after),
                DisbandReason::SupplyDefault,
            ),
        };
        for (a, k) in units {
            remove_unit(board, s, h, a, k, reason, &mut log);
        }
    }
    // The provinces a later Supply Caravan finds counted.
    crate::optional::one_time::record_basis(board, s);
    log
}

/// Remove one unit of a house outside battle (disbanding), and settle the province if that
/// emptied it. Returns false if the unit was not there.
pub fn remove_unit(
    board: &Board,
    state: &mut GameState,
    house: HouseId,
    area: AreaId,
    kind: UnitKind,
    reason: DisbandReason,
    log: &mut Vec<EconomyEvent>,
) -> bool {
    let st = state.area_mut(area);
    if st.house != Some(house) {
        return false;
    }
    let Some(p) = st.units.iter().position(|u| u.kind == kind) else {
        return false;
    };
    st.units.remove(p);
    log.push(EconomyEvent::Disbanded {
        house,
        area,
        unit: kind,
        reason,
    });
    settle_after_removal(board, state, house, area, log);
    true
}

/// After units left an area outside battle: a fortification dissolves when the builder's last
/// land unit is gone (004:L1094); an emptied province no longer held by token or home seat is
/// lost, with the house's ships in its ports and its temporary port (004:L1062).
pub fn settle_after_removal(
    board: &Board,
    state: &mut GameState,
    house: HouseId,
    area: AreaId,
    log: &mut Vec<EconomyEvent>,
) {
    let land = board.area(area).is_land();
    let st = state.area_mut(area);
    if land && st.fortification == Some(house) && !st.units.iter().any(|u| u.kind.is_land()) {
        st.fortification = None;
        log.push(EconomyEvent::FortificationDissolved { house, area });
    }
    if !st.units.is_empty() {
        return;
    }
    st.house = None;
    if !land || state.controller(board, area) == Some(house) {
        return;
    }
    for &port in &board.area(area).ports {
        let ps = state.area_mut(port);
        if ps.house == Some(house) && !ps.units.is_empty() {
            let n = ps.units.len() as u8;
            ps.units.clear();
            ps.house = None;
            log.push(EconomyEvent::PortShipsLost {
                house,
                port,
                ships: n,
            });
        }
        if board.area(port).temporary && ps.port_built.is_some() {
            ps.port_built = None;
            log.push(EconomyEvent::PortDestroyed { port });
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Game of Thrones (权力游戏)
// ---------------------------------------------------------------------------------------------

/// Income of a house at a Game of Thrones event (004:L902): crowns of the land it controls, and
/// the ports holding its ships whose sea holds no other house's ship. Returns (crowns, ports).
pub fn throne_income(board: &Board, state: &GameState, house: HouseId) -> (u8, u8) {
    throne_incomes(board, state)
        .get(house.index())
        .copied()
        .unwrap_or_default()
}

/// [`throne_income`] of every house (indexed by house), in one pass over the board.
pub fn throne_incomes(board: &Board, state: &GameState) -> Vec<(u8, u8)> {
    let mut v = vec![(0u8, 0u8); board.houses.len()];
    for a in &board.areas {
        if a.is_land() && a.crowns > 0 {
            if let Some(h) = state.controller(board, a.id)
                && let Some(x) = v.get_mut(h.index())
            {
                x.0 = x.0.saturating_add(a.crowns);
            }
        } else if a.is_port()
            && state.port_exists(board, a.id)
            && let Some(h) = state.occupant(a.id)
            && let Some(sea) = state.port_sea(board, a.id)
            && state.occupant(sea).is_none_or(|o| o == h)
            && let Some(x) = v.get_mut(h.index())
        {
            x.1 = x.1.saturating_add(1);
        }
    }
    v
}

/// Resolve a Game of Thrones event: each house (not turned neutral) gains its income, up to the
/// cap of 20 tokens owned, in Iron Throne order.
pub fn resolve_game_of_thrones(board: &Board, state: &GameState) -> (GameState, Vec<EconomyEvent>) {
    let mut s = state.clone();
    let log = resolve_game_of_thrones_in(board, &mut s);
    (s, log)
}

/// [`resolve_game_of_thrones`] on the state in place (the event phase's own copy).
pub fn resolve_game_of_thrones_in(board: &Board, s: &mut GameState) -> Vec<EconomyEvent> {
    let mut log = Vec::new();
    // Income changes no track and no control: the order and the incomes read before the loop
    // hold throughout.
    let incomes = throne_incomes(board, s);
    for h in s.throne_order().to_vec() {
        if s.house(h).neutral {
            continue;
        }
        let (crowns, ports) = incomes.get(h.index()).copied().unwrap_or_default();
        log.push(EconomyEvent::ThroneIncome {
            house: h,
            crowns,
            ports,
        });
        gain(
            board,
            s,
            h,
            crowns.saturating_add(ports),
            crate::model::log_events::GainReason::GameOfThrones,
            &mut log,
        );
    }
    log
}
