//! 撤退 Retreats of beaten defenders (004:L2272–L2320, 11/5 amendment): into one adjacent area
//! that is the house's own or unowned, never where the attack came from nor into another house's
//! token; choose a) no supply loss, b) fewest losses, c) the player's list, d) out of reach of
//! other houses' remaining marches, e) not in the way of own marches, f) the player's choice
//! after the phase (kept pending; the first candidate if he does not answer, A-48).

use crate::military::ctx::Ctx;
use crate::model::log::{Event, Loss, RetreatRule};
use crate::model::modifiers::RoundModifiers;
use crate::model::state::{GameState, PendingRetreat, Unit};
use maester_board::{AreaId, Board, HouseId, UnitKind};

/// Candidate areas for a force of these kinds retreating from `area` (004:L2286–L2294): its own
/// territory or unowned, no other house's units or token, not the area the attack came from;
/// land by a border or the house's own ships, ships into an adjacent sea or own port.
fn candidates(
    ctx: &Ctx,
    house: HouseId,
    area: AreaId,
    barred: AreaId,
    kinds: &[UnitKind],
) -> Vec<AreaId> {
    let b = ctx.board;
    let ships = kinds.iter().all(|k| *k == UnitKind::Ship);
    let near: Vec<AreaId> = if ships {
        ctx.neighbours(area)
    } else {
        b.area_ids()
            .filter(|&c| ctx.adjacent(area, c) || ctx.by_own_transport(house, area, c))
            .collect()
    };
    near.into_iter()
        .filter(|&c| c != area && c != barred)
        .filter(|&c| {
            let st = ctx.state.area(c);
            let owner = ctx.state.controller(b, c);
            let free = st.neutral.is_none()
                && (st.units.is_empty() || st.house == Some(house))
                && (owner.is_none() || owner == Some(house));
            free && if ships {
                let port_ok = !b.area(c).is_port()
                    || (ctx.state.port_exists(b, c)
                        && ctx.state.controller(b, b.province_of(c)) == Some(house)
                        && st.units.len() + kinds.len() <= b.rules.port_capacity as usize);
                !b.area(c).is_land() && port_ok && !(b.area(area).is_port() && b.area(c).is_port())
            } else {
                b.area(c).is_land()
            }
        })
        .collect()
}

/// Units that must be disbanded for supply if `n` units join `to` (004:L2307). Computed without
/// copying the state.
fn supply_losses(ctx: &Ctx, house: HouseId, to: AreaId, n: usize) -> usize {
    for lost in 0..=n {
        let delta = [(to, (n - lost) as i32)];
        if crate::armies::supply::within_limit_with(ctx.board, &ctx.state, house, &delta) {
            return lost;
        }
    }
    n
}

/// Areas named by not-yet-executed march lines (any step, alternative or fallback) of the houses
/// `pred` selects: destinations, and origins too if `origins`.
fn targets_of(ctx: &Ctx, pred: impl Fn(HouseId) -> bool, origins: bool) -> Vec<AreaId> {
    let mut out = Vec::new();
    for h in ctx.board.house_ids().filter(|h| pred(*h)) {
        for (_, step) in &ctx.pending[h.index()] {
            for alt in &step.alternatives {
                for m in std::iter::once(&alt.action).chain(alt.fallback.iter()) {
                    if origins {
                        out.push(m.from);
                    }
                    out.extend(m.moves.iter().map(|mv| mv.to));
                }
            }
        }
    }
    out
}

/// Footmen first, then archers, then knights (004:L2307).
fn disband_rank(k: UnitKind) -> u8 {
    match k {
        UnitKind::Footman => 0,
        UnitKind::Archer => 1,
        UnitKind::Ship => 2,
        UnitKind::Knight => 3,
        UnitKind::Siege => 4,
    }
}

/// Retreat the survivors of a beaten defence of `area` (attacked from `from`). Returns the area
/// they went to, if they are on the map.
pub fn defender_retreats(
    ctx: &mut Ctx,
    house: HouseId,
    area: AreaId,
    from: AreaId,
    survivors: Vec<Unit>,
) -> Option<AreaId> {
    if survivors.is_empty() {
        return None;
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
        return None;
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
        return None;
    }
    // a) no loss, b) fewest losses.
    let costs: Vec<usize> = cands
        .iter()
        .map(|&c| supply_losses(ctx, house, c, fresh.len()))
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
    // c) the player's list.
    if left.len() > 1
        && let Some(p) = ctx.plans[house.index()]
            .retreat
            .iter()
            .find(|p| left.contains(p))
    {
        left = vec![*p];
        rule = RetreatRule::PlayerList;
    }
    // d) out of reach of other houses' remaining marches.
    if left.len() > 1 {
        let threatened = targets_of(ctx, |h| h != house, false);
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
    // e) not in the way of own later marches.
    if left.len() > 1 {
        let own = targets_of(ctx, |h| h == house, true);
        let clear: Vec<AreaId> = left.iter().copied().filter(|a| !own.contains(a)).collect();
        if !clear.is_empty() && clear.len() < left.len() {
            left = clear;
            rule = RetreatRule::NotInOwnWay;
        }
    }
    let mut moving: Vec<Unit> = fresh
        .into_iter()
        .map(|u| Unit { routed: true, ..u })
        .collect();
    moving.sort_by_key(|u| disband_rank(u.kind));
    if left.len() > 1 {
        // f) the player chooses after the phase (004:L2346, A-48).
        let units: Vec<UnitKind> = moving.iter().map(|u| u.kind).collect();
        ctx.log.push(Event::RetreatPending {
            house,
            from: area,
            units: units.clone(),
            candidates: left.clone(),
        });
        ctx.pending_retreats.push(PendingRetreat {
            house,
            from: area,
            units,
            candidates: left,
        });
        return None;
    }
    let to = left[0];
    Some(place(ctx, house, area, to, moving, rule)).flatten()
}

/// Put a retreating force into `to`, disbanding retreating units that break supply (footmen
/// first, then archers, then knights; never the garrison, 004:L2307).
fn place(
    ctx: &mut Ctx,
    house: HouseId,
    area: AreaId,
    to: AreaId,
    mut moving: Vec<Unit>,
    rule: RetreatRule,
) -> Option<AreaId> {
    moving.sort_by_key(|u| disband_rank(u.kind));
    let lose = supply_losses(ctx, house, to, moving.len());
    if lose > 0 {
        let lost: Vec<UnitKind> = moving.drain(..lose).map(|u| u.kind).collect();
        ctx.log.push(Event::Destroyed {
            house,
            area,
            units: lost,
            why: Loss::RetreatSupply,
        });
    }
    if moving.is_empty() {
        return None;
    }
    let kinds = moving.iter().map(|u| u.kind).collect();
    crate::military::moves::put_units(ctx, house, to, moving);
    ctx.log.push(Event::Retreated {
        house,
        from: area,
        to,
        units: kinds,
        rule,
    });
    ctx.check_victory();
    Some(to)
}

/// After the phase: place every force waiting for a retreat choice. `answers` are
/// (index into `state.pending_retreats`, chosen area); an answer outside the candidates, or none,
/// gives the first candidate. Supply is applied again; the log says what happened.
pub fn settle_pending(
    board: &Board,
    state: &GameState,
    answers: &[(usize, AreaId)],
) -> (GameState, Vec<Event>) {
    let mods = RoundModifiers::default();
    let mut ctx = crate::military::ctx::Ctx::for_settling(board, state, &mods);
    let pending = std::mem::take(&mut ctx.state.pending_retreats);
    for (i, p) in pending.into_iter().enumerate() {
        let chosen = answers
            .iter()
            .find(|(j, a)| *j == i && p.candidates.contains(a))
            .map(|(_, a)| *a);
        let rule = if chosen.is_some() {
            RetreatRule::PlayerChoice
        } else {
            RetreatRule::BoardOrder
        };
        // An area may have changed since the phase: another house's units, or a port whose
        // province the house no longer controls (004:L1064). The next candidate still open
        // is taken then.
        let open = |ctx: &crate::military::ctx::Ctx, a: AreaId| {
            ctx.state.occupant(a).map(|h| h == p.house).unwrap_or(true)
                && board
                    .area(a)
                    .port_of
                    .is_none_or(|prov| ctx.state.controller(board, prov) == Some(p.house))
        };
        let Some(first) = chosen.or_else(|| p.candidates.first().copied()) else {
            continue;
        };
        let to = if open(&ctx, first) {
            first
        } else {
            p.candidates
                .iter()
                .copied()
                .find(|a| open(&ctx, *a))
                .unwrap_or(first)
        };
        let free = open(&ctx, to);
        let units: Vec<Unit> = p.units.iter().map(|k| Unit::new(*k)).collect();
        if !free {
            ctx.log.push(Event::Destroyed {
                house: p.house,
                area: p.from,
                units: p.units.clone(),
                why: Loss::NoRetreat,
            });
            continue;
        }
        place(&mut ctx, p.house, p.from, to, units, rule);
    }
    (ctx.state, ctx.log)
}
