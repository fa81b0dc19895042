//! 行军 Marches (004:L1230–L1347, L2184–L2198): round-robin in Iron Throne order, each house's
//! marches in its own order; moving into an empty or own area, removing a lone power token, or
//! attacking; supply checked after every move; a march that cannot run lets the next move up.

use super::log::{Event, Skip};
use super::military::Ctx;
use super::orders::{MarchMove, MarchStep, UnitSelection};
use super::state::Unit;
use crate::board::{AreaId, HouseId, Order, OrderType, UnitKind};

/// Execute every house's marches.
pub fn resolve_marches(ctx: &mut Ctx) {
    let order: Vec<HouseId> = ctx.state.throne_order().to_vec();
    loop {
        let mut any = false;
        for &house in &order {
            while !ctx.pending[house.index()].is_empty() {
                let step = ctx.pending[house.index()].remove(0);
                any = true;
                let done = execute(ctx, house, &step);
                if ctx.state.winner.is_some() {
                    return;
                }
                if done {
                    break;
                }
            }
        }
        if !any {
            break;
        }
    }
}

fn march_order() -> Order {
    Order {
        kind: OrderType::March,
        special: false,
    }
}

/// Take the units a move names out of a list of units (non-routed only). None if not all there.
pub fn select(units: &[Unit], sel: &UnitSelection) -> Option<Vec<usize>> {
    let free: Vec<usize> = (0..units.len()).filter(|&i| !units[i].routed).collect();
    match sel {
        UnitSelection::All => (!free.is_empty()).then_some(free),
        UnitSelection::Kind(k) => {
            let v: Vec<usize> = free.into_iter().filter(|&i| units[i].kind == *k).collect();
            (!v.is_empty()).then_some(v)
        }
        UnitSelection::Exact(list) => {
            let mut taken: Vec<usize> = Vec::new();
            for (kind, n) in list {
                let mut need = *n as usize;
                for &i in &free {
                    if need == 0 {
                        break;
                    }
                    if units[i].kind == *kind && !taken.contains(&i) {
                        taken.push(i);
                        need -= 1;
                    }
                }
                if need > 0 {
                    return None;
                }
            }
            (!taken.is_empty()).then_some(taken)
        }
    }
}

/// Remove the units at `idx` (sorted any way) from an area and return them.
pub fn take_units(ctx: &mut Ctx, area: AreaId, idx: &[usize]) -> Vec<Unit> {
    let mut idx = idx.to_vec();
    idx.sort_unstable_by(|a, b| b.cmp(a));
    let st = ctx.state.area_mut(area);
    let mut out: Vec<Unit> = Vec::new();
    for i in idx {
        if i < st.units.len() {
            out.push(st.units.remove(i));
        }
    }
    out.reverse();
    out
}

/// Put units into an area for a house.
pub fn put_units(ctx: &mut Ctx, house: HouseId, area: AreaId, units: Vec<Unit>) {
    let st = ctx.state.area_mut(area);
    st.house = Some(house);
    st.units.extend(units);
}

/// An area the house's last units left: its order lapses; a fortification dissolves (004:L1094);
/// a token is left if the plan asked for it and a token is in hand (004:L912, A-35).
pub fn vacate(ctx: &mut Ctx, house: HouseId, area: AreaId, leave_token: bool) {
    if !ctx.state.area(area).units.is_empty() {
        return;
    }
    let b = ctx.board;
    let st = ctx.state.area_mut(area);
    st.house = None;
    st.order = None;
    if st.fortification == Some(house) {
        st.fortification = None;
        ctx.log.push(Event::FortificationGone { area });
    }
    if b.area(area).is_land() {
        // Ships in the port of a province the house no longer controls are lost (004:L1064).
        if leave_token && ctx.state.area(area).token.is_none() && ctx.state.house(house).power > 0 {
            ctx.state.house_mut(house).power -= 1;
            ctx.state.area_mut(area).token = Some(house);
            ctx.log.push(Event::TokenPlaced { house, area });
        }
        super::battle::lose_ports_if_uncontrolled(ctx, area);
    }
}

/// One march step. Returns whether it was executed (moved units or fought).
fn execute(ctx: &mut Ctx, house: HouseId, step: &MarchStep) -> bool {
    let from = step.from;
    let Some(order) = ctx.order(from).filter(|o| o.kind == OrderType::March) else {
        ctx.log.push(Event::Skipped {
            house,
            from,
            order: march_order(),
            why: Skip::OrderGone,
        });
        return false;
    };
    if ctx.state.occupant(from) != Some(house) {
        ctx.log.push(Event::Skipped {
            house,
            from,
            order,
            why: Skip::NoUnits,
        });
        return false;
    }
    // Resolve every sub-move against the units present now (they move simultaneously).
    let units = ctx.state.area(from).units.clone();
    let mut chosen: Vec<(usize, &MarchMove, Vec<usize>)> = Vec::new();
    let mut used: Vec<usize> = Vec::new();
    for (i, mv) in step.moves.iter().enumerate() {
        let free: Vec<Unit> = units
            .iter()
            .enumerate()
            .map(|(j, u)| {
                if used.contains(&j) {
                    Unit { routed: true, ..*u }
                } else {
                    *u
                }
            })
            .collect();
        match select(&free, &mv.units) {
            Some(idx) => {
                used.extend(idx.iter().copied());
                chosen.push((i, mv, idx));
            }
            None => ctx.log.push(Event::Skipped {
                house,
                from,
                order,
                why: Skip::UnitsMissing,
            }),
        }
    }
    let mut executed = false;
    let mut attacked = false;
    let mut moves: Vec<(AreaId, Vec<usize>)> = Vec::new();
    let mut attack: Option<(AreaId, Vec<usize>)> = None;
    for (_, mv, idx) in chosen {
        let kinds: Vec<UnitKind> = idx.iter().map(|&j| units[j].kind).collect();
        if !ctx.reachable(house, from, mv.to, &kinds) {
            let why = if kinds.contains(&UnitKind::Ship) != ctx.board.area(mv.to).is_land() {
                Skip::NotReachable(mv.to)
            } else {
                Skip::WrongTerrain(mv.to)
            };
            ctx.log.push(Event::Skipped {
                house,
                from,
                order,
                why,
            });
            continue;
        }
        let hostile = ctx.state.area(mv.to).neutral.is_some()
            || matches!(ctx.state.occupant(mv.to), Some(h) if h != house);
        if hostile {
            if attacked {
                // One army attacks once a round; only the first attacking sub-move runs.
                ctx.log.push(Event::Skipped {
                    house,
                    from,
                    order,
                    why: Skip::SecondAttack(mv.to),
                });
                continue;
            }
            attacked = true;
            attack = Some((mv.to, idx));
        } else {
            moves.push((mv.to, idx));
        }
    }
    // Peaceful moves first, then the attack: all leave together.
    let mut all_idx: Vec<usize> = moves.iter().flat_map(|(_, i)| i.clone()).collect();
    if let Some((_, i)) = &attack {
        all_idx.extend(i.iter().copied());
    }
    if all_idx.is_empty() {
        return false;
    }
    for (to, idx) in moves {
        if peaceful_move(ctx, house, from, to, &idx, &units, order) {
            executed = true;
        }
    }
    if let Some((to, idx)) = attack {
        let moving: Vec<Unit> = idx.iter().filter_map(|&j| units.get(j).copied()).collect();
        super::battle::attack(ctx, house, from, to, moving, order.special);
        executed = true;
    }
    if executed {
        if ctx.state.occupant(from) != Some(house) {
            vacate(ctx, house, from, step.leave_token);
        } else if ctx.state.area(from).order.map(|o| o.kind) == Some(OrderType::March) {
            ctx.state.area_mut(from).order = None;
        }
    }
    executed
}

/// Move units into an area that holds no enemy: join own units or enter an empty area, removing
/// another house's lone power token. Supply is checked after the move (004:L633, A-33).
fn peaceful_move(
    ctx: &mut Ctx,
    house: HouseId,
    from: AreaId,
    to: AreaId,
    idx: &[usize],
    units: &[Unit],
    order: Order,
) -> bool {
    let wanted: Vec<Unit> = idx.iter().filter_map(|&j| units.get(j).copied()).collect();
    if ctx.board.area(to).is_port() {
        let cap = ctx.board.rules.port_capacity as usize;
        if ctx.state.area(to).units.len() + wanted.len() > cap {
            ctx.log.push(Event::Skipped {
                house,
                from,
                order,
                why: Skip::PortFull(to),
            });
            return false;
        }
    }
    // Find these units again in `from` (earlier sub-moves may have shifted indices).
    let mut pick: Vec<usize> = Vec::new();
    for w in &wanted {
        let st = ctx.state.area(from);
        if let Some(i) = (0..st.units.len()).find(|i| !pick.contains(i) && st.units[*i] == *w) {
            pick.push(i);
        }
    }
    let before = ctx.state.clone();
    let moving = take_units(ctx, from, &pick);
    let kinds: Vec<UnitKind> = moving.iter().map(|u| u.kind).collect();
    put_units(ctx, house, to, moving);
    if !super::supply::within_limit(ctx.board, &ctx.state, house) {
        ctx.state = before;
        ctx.log.push(Event::Skipped {
            house,
            from,
            order,
            why: Skip::Supply(to),
        });
        return false;
    }
    if let Some(owner) = ctx.state.area(to).token.filter(|t| *t != house) {
        ctx.state.area_mut(to).token = None;
        ctx.taken[to.index()] = true;
        ctx.log.push(Event::TokenRemoved {
            house: owner,
            area: to,
        });
    }
    ctx.log.push(Event::Moved {
        house,
        from,
        to,
        units: kinds,
    });
    ctx.check_victory();
    true
}
