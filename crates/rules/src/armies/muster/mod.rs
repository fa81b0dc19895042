//! 征兵 Mustering (004:L665–L792): points from the castles a house controls (stronghold 2, city
//! 1), new units and upgrades, ships in adjacent seas free of other houses or in an own port that
//! existed before the phase; supply and unit caps respected; sea conflicts settled in Iron Throne
//! order with ranked alternatives.

use crate::model::log_events::{EconomyEvent, MusterSkip};
use crate::model::state::GameState;
pub use crate::model::window::{Blocked, MusterAction, MusterItem, MusterPlan};
use maester_board::{AreaId, Board, HouseId, UnitKind};

mod check;
mod cost;
pub use crate::model::errors::MusterError;
pub use check::{any_alone_valid, check, is_valid};
use cost::*;
pub use cost::{castle_points, cost, points, ports_now};

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
    // A house that has left musters nothing, whatever plan a caller hands in (004:L492).
    let order: Vec<HouseId> = s
        .throne_order()
        .iter()
        .copied()
        .filter(|h| !s.houses.get(h.index()).is_some_and(|x| x.neutral))
        .collect();
    let seas_before = seas_named(s, plans);
    let cleaned = known_items(board, plans);
    let plan_of = |h: HouseId| cleaned.iter().find(|(x, _)| *x == h).map(|(_, p)| &**p);
    // Every house that has a plan has its counts, even one the board does not list.
    let houses = plans
        .iter()
        .map(|(h, _, _)| h.index() + 1)
        .fold(board.houses.len(), usize::max);
    let mut m = Muster {
        board,
        ports_ready,
        log: Vec::new(),
        budgets: plans.iter().map(|(h, _, b)| (*h, b.clone())).collect(),
        tally: counts(s, houses),
    };
    for &h in &order {
        let Some(p) = plan_of(h) else { continue };
        for it in p
            .items
            .iter()
            .filter(|i| !matches!(i.action, MusterAction::Ship(_)))
        {
            m.item(s, h, it);
        }
    }
    let queues: Vec<(HouseId, Vec<&MusterItem>)> = order
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
    let blocked = m.ships_in_turn(s, queues, &seas_before);
    (m.log, blocked)
}

/// The seas named by ships, with whether they were empty and whose units stood there.
type SeasBefore = Vec<(AreaId, bool, Option<HouseId>)>;

/// The seas the plans' ship items name, as they stand before the mustering begins.
fn seas_named(s: &GameState, plans: &[BudgetedPlan]) -> SeasBefore {
    let mut seas_before: SeasBefore = Vec::new();
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
    seas_before
}

/// The plans without the items naming areas the board does not have (they could not be
/// reported); a plan is copied only when it has such items.
fn known_items<'p>(
    board: &Board,
    plans: &'p [BudgetedPlan],
) -> Vec<(HouseId, std::borrow::Cow<'p, MusterPlan>)> {
    plans
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
        .collect()
}

/// What the mustering carries from item to item: the log, each house's points left per
/// castle and its unit counts.
struct Muster<'b> {
    board: &'b Board,
    ports_ready: &'b [AreaId],
    log: Vec<EconomyEvent>,
    budgets: Vec<(HouseId, Vec<(AreaId, u8)>)>,
    tally: Vec<Counts>,
}

impl Muster<'_> {
    /// Muster one item of house `h` if its castle has the points left; log what happened.
    /// Returns the rule it broke, if any.
    fn item(&mut self, s: &mut GameState, h: HouseId, it: &MusterItem) -> Option<MusterError> {
        let board = self.board;
        let c = cost(board, &it.action);
        let (_, b) = self.budgets.iter_mut().find(|(x, _)| *x == h)?;
        let have = b
            .iter()
            .find(|(a, _)| *a == it.castle)
            .map(|(_, p)| *p)
            .unwrap_or(0);
        if have < c {
            self.log.push(EconomyEvent::MusterSkipped {
                house: h,
                castle: it.castle,
                why: MusterSkip::Points,
            });
            return None;
        }
        let mine = self.tally.get_mut(h.index())?;
        match apply_item(board, s, h, it, self.ports_ready, mine) {
            Ok(area) => {
                spend(b, it.castle, c);
                self.log.push(match &it.action {
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
                self.log.push(EconomyEvent::MusterSkipped {
                    house: h,
                    castle: it.castle,
                    why: MusterSkip::Rule(e.clone()),
                });
                Some(e)
            }
        }
    }

    /// The ship items, one per house in turn in throne order. A ship that finds no free sea
    /// where some listed sea was free (or the house's own) before the mustering began is
    /// blocked: its points may be mustered again.
    fn ships_in_turn(
        &mut self,
        s: &mut GameState,
        mut queues: Vec<(HouseId, Vec<&MusterItem>)>,
        seas_before: &SeasBefore,
    ) -> Vec<Blocked> {
        let board = self.board;
        let mut blocked = Vec::new();
        while queues.iter().any(|(_, q)| !q.is_empty()) {
            for (h, q) in queues.iter_mut() {
                let Some(it) = q.pop() else { continue };
                if let Some(MusterError::NoFreePlacement(castle)) = self.item(s, *h, it) {
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
                        if let Some(EconomyEvent::MusterSkipped { why, .. }) = self.log.last_mut()
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
        blocked
    }
}
