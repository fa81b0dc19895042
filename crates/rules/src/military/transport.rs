//! 海运 Sea transport (004:L1544–L1600): own chains of seas carry the house's land units with
//! no order and no limit; relays through other houses' seas need every carrier's transport
//! order, cover at most 4 seas, carry one foreign army per carrier and round, and cost −1
//! . Islands are reached only this way (004:L1644).

use crate::military::ctx::Ctx;
use maester_board::{AreaId, HouseId, UnitKind};

/// How a march gets to its destination.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// A shared border (or a frozen river, a pontoon).
    Adjacent,
    /// Through the house's own seas.
    Own,
    /// Through at least one other house's sea: those carriers (−1 strength).
    Foreign {
        /// Carrying houses, in chain order.
        carriers: Vec<HouseId>,
    },
}

/// Maximum seas of a chain with a foreign segment (004:L1567).
pub const MAX_RELAY_SEAS: usize = 4;

/// Whether a sea holds ships of `house` that may transport now (routed ships still may).
fn own_sea(ctx: &Ctx, house: HouseId, s: AreaId) -> bool {
    ctx.board.area(s).is_sea() && ctx.state.occupant(s) == Some(house) && ctx.sea_acts(s)
}

/// Own transport chain from `from` to `to` (land areas), with no length limit.
pub fn own_chain(ctx: &Ctx, house: HouseId, from: AreaId, to: AreaId) -> bool {
    let b = ctx.board;
    if !b.area(from).is_land() || !b.area(to).is_land() {
        return false;
    }
    let mut seen = vec![false; b.areas.len()];
    let mut queue: Vec<AreaId> = b
        .area(from)
        .adjacent
        .iter()
        .copied()
        .filter(|s| own_sea(ctx, house, *s))
        .collect();
    while let Some(s) = queue.pop() {
        if seen[s.index()] {
            continue;
        }
        seen[s.index()] = true;
        for &n in &b.area(s).adjacent {
            if n == to {
                return true;
            }
            if own_sea(ctx, house, n) && !seen[n.index()] {
                queue.push(n);
            }
        }
    }
    false
}

/// Whether `carrier` agreed to carry `mover`'s march from `from` to `to` through sea `s`.
fn agreed(ctx: &Ctx, carrier: HouseId, s: AreaId, from: AreaId, to: AreaId) -> bool {
    if ctx.carried[carrier.index()] || !ctx.sea_acts(s) {
        return false;
    }
    ctx.plans[carrier.index()].transports.iter().any(|t| {
        t.from == from
            && t.to == to
            && (t.seas.is_empty() || t.seas.contains(&s))
            && t.when
                .as_ref()
                .map(|c| crate::military::conditions::holds(ctx, carrier, c, None))
                .unwrap_or(true)
    })
}

/// A relay chain of at most 4 seas, each holding the mover's ships or the ships of a house that
/// agreed; the carriers on the shortest such chain, if it uses any foreign sea.
fn relay(ctx: &Ctx, house: HouseId, from: AreaId, to: AreaId) -> Option<Vec<HouseId>> {
    let b = ctx.board;
    let passable = |s: AreaId| -> bool {
        if !b.area(s).is_sea() {
            return false;
        }
        match ctx.state.occupant(s) {
            Some(h) if h == house => ctx.sea_acts(s),
            Some(h) => agreed(ctx, h, s, from, to),
            None => false,
        }
    };
    // Breadth-first over seas, depth ≤ 4, remembering the parent sea.
    let mut parent: Vec<Option<AreaId>> = vec![None; b.areas.len()];
    let mut seen = vec![false; b.areas.len()];
    let mut frontier: Vec<AreaId> = Vec::new();
    for &s in &b.area(from).adjacent {
        if passable(s) && !seen[s.index()] {
            seen[s.index()] = true;
            frontier.push(s);
        }
    }
    for depth in 1..=MAX_RELAY_SEAS {
        let mut next = Vec::new();
        for &s in &frontier {
            if b.area(s).adjacent.contains(&to) {
                let mut carriers = Vec::new();
                let mut cur = Some(s);
                while let Some(c) = cur {
                    if let Some(h) = ctx.state.occupant(c)
                        && h != house
                        && !carriers.contains(&h)
                    {
                        carriers.push(h);
                    }
                    cur = parent[c.index()];
                }
                carriers.reverse();
                return Some(carriers);
            }
            if depth == MAX_RELAY_SEAS {
                continue;
            }
            for &n in &b.area(s).adjacent {
                if !seen[n.index()] && passable(n) {
                    seen[n.index()] = true;
                    parent[n.index()] = Some(s);
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    None
}

/// How units of these kinds get from `from` to `to` now, if they can. Ships only sail to an
/// adjacent sea or an own port; land units walk across a border or sail by transport.
pub fn route(
    ctx: &Ctx,
    house: HouseId,
    from: AreaId,
    to: AreaId,
    kinds: &[UnitKind],
) -> Option<Route> {
    let b = ctx.board;
    let dest = b.area(to);
    if kinds.is_empty() || from == to {
        return None;
    }
    let ships = kinds.iter().all(|k| *k == UnitKind::Ship);
    let land = kinds.iter().all(|k| k.is_land());
    if ships {
        if dest.is_land() || !ctx.sea_acts(from) {
            return None;
        }
        if dest.is_port() {
            let province = b.province_of(to);
            if !ctx.state.port_exists(b, to) || ctx.state.controller(b, province) != Some(house) {
                return None;
            }
        }
        return ctx.adjacent(from, to).then_some(Route::Adjacent);
    }
    if !land || !dest.is_land() || !b.area(from).is_land() {
        return None;
    }
    if ctx.adjacent(from, to) {
        return Some(Route::Adjacent);
    }
    if own_chain(ctx, house, from, to) {
        return Some(Route::Own);
    }
    let carriers = relay(ctx, house, from, to)?;
    if carriers.is_empty() {
        // Only possible through own seas, which own_chain already tried.
        return None;
    }
    Some(Route::Foreign { carriers })
}

/// The transport questions the other military steps ask of the context.
impl Ctx<'_> {
    /// Land units of a house may reach `to` from `from` through a chain of seas that each hold
    /// one of its ships (own sea transport, 004:L1551). Routed ships still transport
    /// (004:L2325); not in a 惊涛骇浪 round.
    pub fn by_own_transport(&self, house: HouseId, from: AreaId, to: AreaId) -> bool {
        own_chain(self, house, from, to)
    }

    /// Whether units of these kinds may go from `from` to `to` in one march by adjacency or own
    /// transport (cross-house transport is found by [`route`]).
    pub fn reachable(&self, house: HouseId, from: AreaId, to: AreaId, kinds: &[UnitKind]) -> bool {
        matches!(
            route(self, house, from, to, kinds),
            Some(Route::Adjacent | Route::Own)
        )
    }
}
