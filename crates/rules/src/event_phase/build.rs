//! 修建建筑 Building (004:L950–L1098, L2451–L2455, L1709–L1712): temporary ports bought with
//! power tokens (cost 2 + ports owned, A-60) and fortifications converted from last round's
//! consolidate-power income, the last map slots in Iron Throne order.

use crate::event_phase::events::{self, EventCard};
pub use crate::model::errors::BuildError;
use crate::model::log_events::{EconomyEvent, SpendReason};
use crate::model::state::GameState;
pub use crate::model::window::{BuildPlan, PortBuild};
use maester_board::{AreaId, Board, HouseId, UnitKind};
use serde::{Deserialize, Serialize};

impl BuildPlan {
    /// Whether the plan builds and demolishes nothing.
    pub fn is_empty(&self) -> bool {
        self.ports.is_empty() && self.demolish.is_empty() && self.fortify.is_empty()
    }
}

/// When the building is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BuildWindow {
    /// 事件阶段 (004:L2453).
    EventPhase,
    /// 布置军事命令阶段 (004:L1712): no fortification if this round had a Mustering event.
    Placement,
}

/// Ports a house owns: natural and built temporary ports of the provinces it controls (004:L1036).
pub fn ports_owned(board: &Board, state: &GameState, house: HouseId) -> u8 {
    board
        .areas
        .iter()
        .filter(|a| a.is_port() && state.port_exists(board, a.id))
        .filter(|a| {
            a.port_of
                .is_some_and(|p| state.controller(board, p) == Some(house))
        })
        .count() as u8
}

/// The cost of the next temporary port: 2 + ports owned (004:L1036, T-14).
pub fn port_cost(board: &Board, state: &GameState, house: HouseId) -> u8 {
    2u8.saturating_add(ports_owned(board, state, house))
}

/// The temporary port site a build names, and the sea it will face.
fn port_site(
    board: &Board,
    state: &GameState,
    b: &PortBuild,
) -> Result<(AreaId, AreaId), BuildError> {
    let site = board
        .area(b.province)
        .ports
        .iter()
        .copied()
        .find(|&p| board.area(p).temporary && state.area(p).port_built.is_none())
        .ok_or(BuildError::NoPortSite(b.province))?;
    let options = board.area(site).port_seas.clone();
    // A sea as 表十 writes it stands for the board's sea (map notes D6).
    let written = |sea: AreaId| {
        board
            .area(site)
            .port_seas_as_written
            .iter()
            .find(|(w, _)| *w == sea)
            .map_or(sea, |(_, s)| *s)
    };
    match b.sea.map(written) {
        Some(sea) if options.contains(&sea) => Ok((site, sea)),
        Some(sea) => Err(BuildError::SeaNotOnCoast {
            province: b.province,
            sea,
            options,
        }),
        None if options.len() == 1 => Ok((site, options[0])),
        None => Err(BuildError::NeedSea {
            province: b.province,
            options,
        }),
    }
}

/// The port a demolition names: the port itself, or the temporary port built in the province
/// named (a player names the province, 004:L1060).
fn demolished_port<T: Target>(board: &Board, s: &T, named: AreaId) -> AreaId {
    board
        .area(named)
        .ports
        .iter()
        .copied()
        .find(|&p| board.area(p).temporary && s.area(p).port_built.is_some())
        .unwrap_or(named)
}

fn income_last_round(state: &GameState, house: HouseId, area: AreaId) -> Option<u8> {
    let last = state.round.saturating_sub(1);
    state
        .economy
        .cp_income
        .iter()
        .find(|c| c.house == house && c.area == area && c.round == last)
        .map(|c| c.income)
}

fn forts_on_map(state: &GameState) -> u8 {
    state
        .areas
        .iter()
        .filter(|a| a.fortification.is_some())
        .count() as u8
}

/// Carry out one house's plan on the state, collecting refusals. Fortifications first (they are
/// announced before mustering, A-63), then ports in the order written, demolitions last.
/// The state a building plan is carried out on: the caller's own (resolving), or a borrowed one
/// copied at the first change (checking).
trait Target: std::ops::Deref<Target = GameState> {
    /// The state to change.
    fn write(&mut self) -> &mut GameState;
}

impl Target for &mut GameState {
    fn write(&mut self) -> &mut GameState {
        self
    }
}

impl Target for std::borrow::Cow<'_, GameState> {
    fn write(&mut self) -> &mut GameState {
        self.to_mut()
    }
}

/// Carry out a plan's items in order on `s`. With `last_unseen` the change of the last item is
/// not made (only a check: no later item sees it, and the state is thrown away).
fn apply_plan<T: Target>(
    board: &Board,
    s: &mut T,
    house: HouseId,
    plan: &BuildPlan,
    window: BuildWindow,
    log: &mut Vec<EconomyEvent>,
    last_unseen: bool,
) -> Vec<BuildError> {
    let ids = plan
        .ports
        .iter()
        .flat_map(|p| std::iter::once(p.province).chain(p.sea))
        .chain(plan.demolish.iter().copied())
        .chain(plan.fortify.iter().copied());
    if !board.has_areas(ids) {
        return vec![BuildError::UnknownArea];
    }
    let mut errs = Vec::new();
    let mustered = window == BuildWindow::Placement
        && events::current(s).is_some_and(|e| e.round == s.round && e.has(EventCard::Muster));
    let limit = board.rules.max_fortifications_per_round;
    let items = plan.fortify.len().min(limit as usize) + plan.ports.len() + plan.demolish.len();
    let mut done = 0;
    // Whether the change of the item just checked must be made.
    let mut seen = || {
        done += 1;
        !last_unseen || done < items
    };
    if plan.fortify.len() > limit as usize {
        errs.push(BuildError::TooManyForts(limit));
    }
    for &a in plan.fortify.iter().take(limit as usize) {
        let r = if mustered {
            Err(BuildError::AfterMuster)
        } else if s.area(a).fortification.is_some() {
            Err(BuildError::AlreadyFortified(a))
        } else if forts_on_map(s) >= board.rules.max_fortifications {
            Err(BuildError::MapFull(board.rules.max_fortifications))
        } else if s.occupant(a) != Some(house)
            || !s
                .area(a)
                .units
                .iter()
                .any(|u| matches!(u.kind, UnitKind::Footman | UnitKind::Archer))
        {
            Err(BuildError::NeedsFootOrArcher(a))
        } else {
            match income_last_round(s, house, a) {
                None => Err(BuildError::NoIncome(a)),
                Some(pay) if s.house(house).power < pay => Err(BuildError::Tokens {
                    cost: pay,
                    hand: s.house(house).power,
                }),
                Some(pay) => Ok(pay),
            }
        };
        let write = seen();
        match r {
            Ok(pay) => {
                if write {
                    let s = s.write();
                    s.house_mut(house).power -= pay;
                    s.economy
                        .cp_income
                        .retain(|c| !(c.house == house && c.area == a));
                    s.area_mut(a).fortification = Some(house);
                }
                log.push(EconomyEvent::PowerSpent {
                    house,
                    n: pay,
                    why: SpendReason::Fortification,
                });
                log.push(EconomyEvent::FortificationBuilt {
                    house,
                    area: a,
                    paid: pay,
                });
            }
            Err(e) => errs.push(e),
        }
    }
    for b in &plan.ports {
        let r = if s.controller(board, b.province) != Some(house) {
            Err(BuildError::NotControlled(b.province))
        } else {
            port_site(board, s, b).and_then(|(site, sea)| {
                let cost = port_cost(board, s, house);
                let hand = s.house(house).power;
                if hand < cost {
                    Err(BuildError::Tokens { cost, hand })
                } else {
                    Ok((site, sea, cost))
                }
            })
        };
        let write = seen();
        match r {
            Ok((site, sea, cost)) => {
                if write {
                    let s = s.write();
                    s.house_mut(house).power -= cost;
                    s.area_mut(site).port_built = Some(sea);
                }
                log.push(EconomyEvent::PowerSpent {
                    house,
                    n: cost,
                    why: SpendReason::Port,
                });
                log.push(EconomyEvent::PortBuilt {
                    house,
                    port: site,
                    sea,
                    cost,
                });
            }
            Err(e) => errs.push(e),
        }
    }
    for &named in &plan.demolish {
        let p = demolished_port(board, s, named);
        let a = board.area(p);
        let ok = a.is_port()
            && a.temporary
            && s.area(p).port_built.is_some()
            && s.area(p).units.is_empty()
            && a.port_of
                .is_some_and(|pr| s.controller(board, pr) == Some(house));
        let write = seen();
        if ok {
            if write {
                s.write().area_mut(p).port_built = None;
            }
            log.push(EconomyEvent::PortDemolished { house, port: p });
        } else {
            errs.push(BuildError::CannotDemolish(p));
        }
    }
    errs
}

/// Check a house's building plan against the state now.
pub fn check(
    board: &Board,
    state: &GameState,
    house: HouseId,
    plan: &BuildPlan,
    window: BuildWindow,
) -> Result<(), Vec<BuildError>> {
    if plan.is_empty() {
        // Nothing to carry out: nothing can be refused (and no copy of the state).
        return Ok(());
    }
    // Read as it is until an item changes something a later item sees (then copied).
    let mut s = std::borrow::Cow::Borrowed(state);
    let errs = apply_plan(board, &mut s, house, plan, window, &mut Vec::new(), true);
    if errs.is_empty() { Ok(()) } else { Err(errs) }
}

/// What a house's building plan would cost, item by item, as its check carries it out (the
/// items the rules refuse cost nothing): ports at their price in the order written (004:L1036,
/// A-60), fortifications at last round's income.
pub fn costs(
    board: &Board,
    state: &GameState,
    house: HouseId,
    plan: &BuildPlan,
    window: BuildWindow,
) -> Vec<crate::event_phase::bidding::Spend> {
    use crate::event_phase::bidding::Spend;
    if plan.is_empty() {
        return Vec::new();
    }
    let mut s = std::borrow::Cow::Borrowed(state);
    let mut log = Vec::new();
    apply_plan(board, &mut s, house, plan, window, &mut log, true);
    log.iter()
        .filter_map(|e| match e {
            EconomyEvent::PortBuilt { port, cost, .. } => Some(Spend {
                why: SpendReason::Port,
                area: Some(board.area(*port).port_of.unwrap_or(*port)),
                n: *cost,
            }),
            EconomyEvent::FortificationBuilt { area, paid, .. } => Some(Spend {
                why: SpendReason::Fortification,
                area: Some(*area),
                n: *paid,
            }),
            _ => None,
        })
        .collect()
}

/// Resolve every house's building in Iron Throne order; what cannot be built is refused
/// in the log and costs nothing (a refused conversion keeps its tokens, A-59).
pub fn resolve(
    board: &Board,
    state: &GameState,
    plans: &[(HouseId, BuildPlan)],
    window: BuildWindow,
) -> (GameState, Vec<EconomyEvent>) {
    let mut s = state.clone();
    let log = resolve_in(board, &mut s, plans, window);
    (s, log)
}

/// [`resolve`] on the caller's state, changed in place; the houses are walked in the Iron
/// Throne order taken before the first change.
pub fn resolve_in(
    board: &Board,
    s: &mut GameState,
    plans: &[(HouseId, BuildPlan)],
    window: BuildWindow,
) -> Vec<EconomyEvent> {
    let mut log = Vec::new();
    for h in s.throne_order().to_vec() {
        let Some((_, plan)) = plans.iter().find(|(x, _)| *x == h) else {
            continue;
        };
        let mut s: &mut GameState = s;
        for e in apply_plan(board, &mut s, h, plan, window, &mut log, false) {
            log.push(EconomyEvent::BuildRefused { house: h, why: e });
        }
    }
    log
}
