//! 战斗阶段 The adjudication of a military phase, in the rulebook's order (004:L2152):
//! A raids → B marches with battles, casualties and retreats → D consolidate power.
//!
//! `resolve` is pure: the same state and plans always give the same new state and log.

use super::log::Event;
use super::orders::{MarchStep, Plan};
use super::state::GameState;
use crate::board::{AreaId, Board, HouseId, Order, OrderType, UnitKind};

/// What a resolution returns.
#[derive(Clone, Debug)]
pub struct Resolution {
    /// The state after the phase (orders cleared, routed flags cleared).
    pub state: GameState,
    /// Everything that happened, in order.
    pub log: Vec<Event>,
}

/// Working context of one military phase.
pub struct Ctx<'a> {
    /// The board.
    pub board: &'a Board,
    /// The state being changed.
    pub state: GameState,
    /// Plans by house index (houses that sent none have an empty plan).
    pub plans: Vec<Plan>,
    /// The log.
    pub log: Vec<Event>,
    /// Areas taken by another house at some time this round (CP fails there, A-44).
    pub taken: Vec<bool>,
    /// March steps not yet executed, per house (for retreat look-ahead, A-47).
    pub pending: Vec<Vec<MarchStep>>,
}

impl<'a> Ctx<'a> {
    /// The order standing on an area, if it still stands.
    pub fn order(&self, a: AreaId) -> Option<Order> {
        self.state.area(a).order
    }

    /// Whether the area holds an order of this type.
    pub fn has_order(&self, a: AreaId, kind: OrderType) -> bool {
        self.order(a).map(|o| o.kind == kind).unwrap_or(false)
    }

    /// Check the victory condition; log and record a winner (004:L266, A-74).
    pub fn check_victory(&mut self) -> bool {
        if self.state.winner.is_some() {
            return true;
        }
        for h in self.board.house_ids() {
            let castles = self.state.castles(self.board, h);
            if castles >= self.board.rules.castles_to_win as usize {
                self.state.winner = Some(h);
                self.log.push(Event::Victory {
                    house: h,
                    castles: castles as u8,
                });
                return true;
            }
        }
        false
    }

    /// Land units of a house may reach `to` from `from` through a chain of seas that each hold
    /// one of its ships (own sea transport, 004:L1548). Routed ships still transport.
    pub fn by_own_transport(&self, house: HouseId, from: AreaId, to: AreaId) -> bool {
        let b = self.board;
        let own_sea = |s: AreaId| b.area(s).is_sea() && self.state.occupant(s) == Some(house);
        let mut seen = vec![false; b.areas.len()];
        let mut queue: Vec<AreaId> = self
            .state
            .neighbours(b, from)
            .into_iter()
            .filter(|s| own_sea(*s))
            .collect();
        while let Some(s) = queue.pop() {
            if seen[s.index()] {
                continue;
            }
            seen[s.index()] = true;
            for n in self.state.neighbours(b, s) {
                if n == to {
                    return true;
                }
                if own_sea(n) && !seen[n.index()] {
                    queue.push(n);
                }
            }
        }
        false
    }

    /// Whether units of these kinds may go from `from` to `to` in one march.
    pub fn reachable(&self, house: HouseId, from: AreaId, to: AreaId, kinds: &[UnitKind]) -> bool {
        let b = self.board;
        let dest = b.area(to);
        let ships = kinds.iter().all(|k| *k == UnitKind::Ship);
        let land = kinds.iter().all(|k| k.is_land());
        if ships {
            if dest.is_land() {
                return false;
            }
            if dest.is_port() {
                let province = b.province_of(to);
                if !self.state.port_exists(b, to)
                    || self.state.controller(b, province) != Some(house)
                {
                    return false;
                }
            }
            self.state.adjacent(b, from, to)
        } else if land {
            dest.is_land()
                && (self.state.adjacent(b, from, to) || self.by_own_transport(house, from, to))
        } else {
            false
        }
    }
}

/// Resolve a whole military phase. `plans` is indexed by house.
pub fn resolve(board: &Board, state: &GameState, plans: &[Plan]) -> Resolution {
    let n = board.areas.len();
    let mut all_plans = vec![Plan::default(); board.houses.len()];
    for (i, p) in plans.iter().enumerate().take(all_plans.len()) {
        all_plans[i] = p.clone();
    }
    let pending = all_plans.iter().map(|p| p.marches.clone()).collect();
    let mut ctx = Ctx {
        board,
        state: state.clone(),
        plans: all_plans,
        log: Vec::new(),
        taken: vec![false; n],
        pending,
    };
    super::raid::resolve_raids(&mut ctx);
    if !ctx.check_victory() {
        super::march::resolve_marches(&mut ctx);
    }
    if ctx.state.winner.is_none() {
        super::consolidate::resolve(&mut ctx);
    }
    for a in ctx.state.areas.iter_mut() {
        a.order = None;
        for u in a.units.iter_mut() {
            u.routed = false;
        }
    }
    Resolution {
        state: ctx.state,
        log: ctx.log,
    }
}
