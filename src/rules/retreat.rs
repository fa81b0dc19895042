//! 撤退 Retreats of beaten defenders (004:L2272–L2320, 11/5 amendment): into one adjacent area
//! that is the house's own or unowned, never where the attack came from nor into another house's
//! token; choose a) no supply loss, b) fewest losses, c) the player's list, d) out of reach of
//! other houses' remaining marches, e) not in the way of own marches, f) first in board order.

use super::log::{Event, Loss, RetreatRule};
use super::military::Ctx;
use super::state::Unit;
use crate::board::{AreaId, HouseId, UnitKind};

/// Candidate areas for a force of these kinds retreating from `area`.
fn candidates(
    ctx: &Ctx,
    house: HouseId,
    area: AreaId,
    barred: AreaId,
    kinds: &[UnitKind],
) -> Vec<AreaId> {
    let b = ctx.board;
    let ships = kinds.iter().all(|k| *k == UnitKind::Ship);
    b.area_ids()
        .filter(|&c| c != area && c != barred)
        .filter(|&c| {
            let st = ctx.state.area(c);
            let free = st.neutral.is_none()
                && (st.units.is_empty() || st.house == Some(house))
                && st.token.map(|t| t == house).unwrap_or(true);
            free && if ships {
                let port_ok = !b.area(c).is_port()
                    || (ctx.state.port_exists(b, c)
                        && ctx.state.controller(b, b.province_of(c)) == Some(house)
                        && st.units.len() + kinds.len() <= b.rules.port_capacity as usize);
                !b.area(c).is_land()
                    && port_ok
                    && ctx.state.adjacent(b, area, c)
                    && !(b.area(area).is_port() && b.area(c).is_port())
            } else {
                b.area(c).is_land()
                    && (ctx.state.adjacent(b, area, c) || ctx.by_own_transport(house, area, c))
            }
        })
        .collect()
}

/// Units that must be disbanded for supply if `units` join `to` (footmen first, then archers,
/// then knights; only retreating units, 004:L2310).
fn supply_losses(ctx: &Ctx, house: HouseId, to: AreaId, units: &[Unit]) -> usize {
    let mut state = ctx.state.clone();
    let st = state.area_mut(to);
    st.house = Some(house);
    let base = st.units.len();
    st.units.extend(units.iter().copied());
    for lost in 0..=units.len() {
        state.area_mut(to).units.truncate(base + units.len() - lost);
        if super::supply::within_limit(ctx.board, &state, house) {
            return lost;
        }
    }
    units.len()
}

fn targets_of(ctx: &Ctx, pred: impl Fn(HouseId) -> bool) -> Vec<AreaId> {
    ctx.board
        .house_ids()
        .filter(|h| pred(*h))
        .flat_map(|h| {
            ctx.pending[h.index()]
                .iter()
                .flat_map(|s| std::iter::once(s.from).chain(s.moves.iter().map(|m| m.to)))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Retreat the survivors of a beaten defence of `area` (attacked from `from`).
pub fn defender_retreats(
    ctx: &mut Ctx,
    house: HouseId,
    area: AreaId,
    from: AreaId,
    survivors: Vec<Unit>,
) {
    if survivors.is_empty() {
        return;
    }
    // Routed units beaten again are destroyed (004:L2334).
    let (routed, fresh): (Vec<Unit>, Vec<Unit>) = survivors.into_iter().partition(|u| u.routed);
    if !routed.is_empty() {
        ctx.log.push(Event::Destroyed {
            house,
            area,
            units: routed.iter().map(|u| u.kind).collect(),
            why: Loss::RoutedAgain,
        });
    }
    if fresh.is_empty() {
        return;
    }
    let kinds: Vec<UnitKind> = fresh.iter().map(|u| u.kind).collect();
    let cands = candidates(ctx, house, area, from, &kinds);
    if cands.is_empty() {
        ctx.log.push(Event::Destroyed {
            house,
            area,
            units: kinds,
            why: Loss::NoRetreat,
        });
        return;
    }
    let costs: Vec<usize> = cands
        .iter()
        .map(|&c| supply_losses(ctx, house, c, &fresh))
        .collect();
    let best = costs.iter().copied().min().unwrap_or(0);
    let mut left: Vec<AreaId> = cands
        .iter()
        .zip(&costs)
        .filter(|(_, c)| **c == best)
        .map(|(a, _)| *a)
        .collect();
    let mut rule = if cands.len() == 1 {
        RetreatRule::Only
    } else {
        RetreatRule::Supply
    };
    if left.len() > 1
        && let Some(p) = ctx.plans[house.index()]
            .retreat
            .iter()
            .find(|p| left.contains(p))
    {
        left = vec![*p];
        rule = RetreatRule::PlayerList;
    }
    if left.len() > 1 {
        let threatened = targets_of(ctx, |h| h != house);
        let safe: Vec<AreaId> = left
            .iter()
            .copied()
            .filter(|a| !threatened.contains(a))
            .collect();
        if !safe.is_empty() && safe.len() < left.len() {
            left = safe;
            rule = RetreatRule::OutOfReach;
        }
    }
    if left.len() > 1 {
        let own = targets_of(ctx, |h| h == house);
        let clear: Vec<AreaId> = left.iter().copied().filter(|a| !own.contains(a)).collect();
        if !clear.is_empty() && clear.len() < left.len() {
            left = clear;
            rule = RetreatRule::NotInOwnWay;
        }
    }
    if left.len() > 1 {
        rule = RetreatRule::BoardOrder;
    }
    let to = left[0];
    let mut moving: Vec<Unit> = fresh
        .into_iter()
        .map(|u| Unit { routed: true, ..u })
        .collect();
    let lose = supply_losses(ctx, house, to, &moving);
    if lose > 0 {
        // Footmen first, then archers, then knights (004:L2312).
        let rank = |k: UnitKind| match k {
            UnitKind::Footman => 0,
            UnitKind::Archer => 1,
            UnitKind::Ship => 2,
            UnitKind::Knight => 3,
            UnitKind::Siege => 4,
        };
        moving.sort_by_key(|u| rank(u.kind));
        let lost: Vec<UnitKind> = moving.drain(..lose).map(|u| u.kind).collect();
        ctx.log.push(Event::Destroyed {
            house,
            area,
            units: lost,
            why: Loss::RetreatSupply,
        });
    }
    if moving.is_empty() {
        return;
    }
    let kinds = moving.iter().map(|u| u.kind).collect();
    super::march::put_units(ctx, house, to, moving);
    ctx.log.push(Event::Retreated {
        house,
        from: area,
        to,
        units: kinds,
        rule,
    });
}
