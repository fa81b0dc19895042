//! 行军 Marches (004:L1230–L1347, L2184–L2198): round-robin in Iron Throne order, each house's
//! steps in its own order; a step runs the first alternative whose condition holds and which can
//! be executed; moving into an empty or own area, removing a lone power token, or
//! attacking; supply checked for the result of every move; a step that cannot run lets
//! the next one move up (递补, A-28).

use crate::military::battle::spec::AttackSpec;
use crate::military::ctx::Ctx;
use crate::military::leave::vacate;
use crate::military::moves::{find_units, put_units, select, sieges, sieges_of, take_units};
use crate::military::transport::Route;
use crate::model::log::{Event, Skip, Unfulfilled};
use crate::model::orders::{MarchStep, Step};
use crate::model::state::Unit;
use maester_board::{AreaId, HouseId, Order, OrderType, UnitKind};

/// Execute every house's marches.
pub fn resolve_marches(ctx: &mut Ctx) {
    let order: Vec<HouseId> = ctx.state.throne_order().to_vec();
    let named = named_marches(ctx);
    loop {
        let mut any = false;
        for &house in &order {
            while !ctx.pending[house.index()].is_empty() {
                let (num, step) = ctx.pending[house.index()].remove(0);
                any = true;
                let done = execute_step(ctx, house, num, &step);
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
    unnamed(ctx, &named);
}

/// Each house that sent a plan with the areas its march steps name (alternatives and fallbacks
/// included); `None` for a house whose plan names no raid and no march (a silent house: its
/// defaults are reported instead).
fn named_marches(ctx: &Ctx) -> Vec<Option<Vec<AreaId>>> {
    ctx.pending
        .iter()
        .enumerate()
        .map(|(h, steps)| {
            let raids = ctx.plans.get(h).is_some_and(|p| !p.raids.is_empty());
            (raids || !steps.is_empty()).then(|| {
                steps
                    .iter()
                    .flat_map(|(_, s)| s.alternatives.iter())
                    .flat_map(|a| std::iter::once(&a.action).chain(a.fallback.iter()))
                    .map(|m| m.from)
                    .collect()
            })
        })
        .collect()
}

/// The march orders a house that sent a plan named in no step: not carried out (004:L1753).
fn unnamed(ctx: &mut Ctx, named: &[Option<Vec<AreaId>>]) {
    let left: Vec<(HouseId, AreaId)> = ctx
        .ordered(OrderType::March)
        .into_iter()
        .filter(|(h, a)| {
            named
                .get(h.index())
                .and_then(Option::as_ref)
                .is_some_and(|areas| !areas.contains(a))
        })
        .collect();
    ctx.not_carried_out(left, Unfulfilled::MarchNotInPlan);
}

/// One numbered step: the first alternative whose condition holds and which runs, else its
/// fallbacks, else the next alternative (004:L1290–L1312, A-29). Returns whether one ran.
pub fn execute_step(ctx: &mut Ctx, house: HouseId, num: u8, step: &Step<MarchStep>) -> bool {
    let conditional = step.alternatives.len() > 1
        || step
            .alternatives
            .iter()
            .any(|a| a.when.is_some() || !a.fallback.is_empty());
    for (i, alt) in step.alternatives.iter().enumerate() {
        let holds = alt
            .when
            .as_ref()
            .map(|c| crate::military::conditions::holds(ctx, house, c, Some(alt.action.from)))
            .unwrap_or(true);
        if !holds {
            continue;
        }
        let alternative = (i + 1).min(u8::MAX as usize) as u8;
        let mut ran = None;
        if execute(ctx, house, &alt.action) {
            ran = Some(false);
        } else {
            for fb in &alt.fallback {
                if execute(ctx, house, fb) {
                    ran = Some(true);
                    break;
                }
            }
        }
        if let Some(fallback) = ran {
            ctx.executed[house.index()].push((num, alternative));
            if conditional {
                ctx.log.push(Event::StepChosen {
                    house,
                    step: num,
                    alternative,
                    fallback,
                });
            }
            return true;
        }
    }
    if conditional {
        ctx.log.push(Event::StepSkipped { house, step: num });
    }
    false
}

fn march_order() -> Order {
    Order {
        kind: OrderType::March,
        special: false,
    }
}

fn skip(ctx: &mut Ctx, house: HouseId, from: AreaId, order: Order, why: Skip) {
    ctx.log.push(Event::Skipped {
        house,
        from,
        order,
        why,
    });
}

/// One sub-move, resolved against the units present when the march starts.
struct Sub {
    to: AreaId,
    units: Vec<Unit>,
    leader: Option<maester_board::LeaderId>,
    second: Option<maester_board::LeaderId>,
    carriers: Vec<HouseId>,
}

/// One march action. Returns whether it was executed (moved units or fought).
fn execute(ctx: &mut Ctx, house: HouseId, step: &MarchStep) -> bool {
    if step.is_forced() {
        return crate::military::forced_march::execute(ctx, house, step);
    }
    let from = step.from;
    let Some(order) = march_order_in(ctx, house, from) else {
        return false;
    };
    let (moves, attack) = sub_moves(ctx, house, order, step);
    if moves.is_empty() && attack.is_none() {
        return false;
    }
    let go = supplied(ctx, house, from, order, &moves, attack.as_ref());
    let n_moves = moves.len();
    let mut executed = false;
    // Whether units really left: a token is only put down after a successful move (004:L916).
    let mut moved = false;
    for (i, s) in moves.into_iter().enumerate() {
        if go[i] {
            peaceful_move(ctx, house, from, s);
            executed = true;
            moved = true;
        }
    }
    if let Some(s) = attack
        && go[n_moves]
    {
        moved |= attack_with(ctx, house, from, order, s);
        executed = true;
    }
    if executed {
        let stayed = ctx.state.occupant(from) == Some(house);
        if !stayed {
            vacate(ctx, house, from, step.leave_token && moved);
        } else if ctx.state.area(from).order.map(|o| o.kind) == Some(OrderType::March) {
            ctx.state.area_mut(from).order = None;
        }
        if step.leave_token {
            token_not_left(ctx, house, from, moved, stayed);
        }
    }
    executed
}

/// A power token the plan asked to leave in `from` and that is not there: why.
fn token_not_left(ctx: &mut Ctx, house: HouseId, from: AreaId, moved: bool, stayed: bool) {
    if ctx.state.area(from).token == Some(house) {
        return;
    }
    let why = if !moved {
        Unfulfilled::TokenNotMoved
    } else if stayed {
        Unfulfilled::TokenUnitsStayed
    } else if !ctx.board.area(from).is_land() {
        Unfulfilled::TokenAtSea
    } else {
        Unfulfilled::TokenNoneInHand
    };
    ctx.log.push(Event::NotCarriedOut {
        house,
        area: from,
        why,
    });
}

/// The march order in `from` if the house can carry it out: the order is still there, the
/// house's units stand there, no event bans the sea, not every unit is routed. Otherwise the
/// skip is logged.
fn march_order_in(ctx: &mut Ctx, house: HouseId, from: AreaId) -> Option<Order> {
    let Some(order) = ctx.order(from).filter(|o| o.kind == OrderType::March) else {
        skip(ctx, house, from, march_order(), Skip::OrderGone);
        return None;
    };
    let why = if ctx.state.occupant(from) != Some(house) {
        Skip::NoUnits
    } else if !ctx.sea_acts(from) {
        Skip::EventBan
    } else if ctx.state.area(from).units.iter().all(|u| u.routed) {
        Skip::Routed
    } else {
        return Some(order);
    };
    skip(ctx, house, from, order, why);
    None
}

/// Resolve every sub-move against the units present now (they move simultaneously): the
/// peaceful moves, and the first attack (one army attacks once a round, A-34). A sub-move
/// whose units are missing or whose destination cannot be reached is skipped.
fn sub_moves(
    ctx: &mut Ctx,
    house: HouseId,
    order: Order,
    step: &MarchStep,
) -> (Vec<Sub>, Option<Sub>) {
    let from = step.from;
    let units = ctx.state.area(from).units;
    let mut used: Vec<usize> = Vec::new();
    let mut moves: Vec<Sub> = Vec::new();
    let mut attack: Option<Sub> = None;
    for mv in &step.moves {
        // The units still free for this sub-move: those taken by earlier ones count as routed.
        let mut free = units;
        for &j in &used {
            if let Some(u) = free.get_mut(j) {
                u.routed = true;
            }
        }
        let Some(idx) = select(&free, &mv.units) else {
            skip(ctx, house, from, order, Skip::UnitsMissing);
            continue;
        };
        let picked: Vec<Unit> = idx.iter().filter_map(|&j| units.get(j).copied()).collect();
        let kinds: Vec<UnitKind> = picked.iter().map(|u| u.kind).collect();
        let Some(carriers) = carriers(ctx, house, from, order, mv.to, &kinds) else {
            continue;
        };
        let hostile = ctx.state.area(mv.to).neutral.is_some()
            || matches!(ctx.state.occupant(mv.to), Some(h) if h != house);
        let sub = Sub {
            to: mv.to,
            units: picked,
            leader: crate::military::leaders::march_leader(ctx, house, from, mv),
            second: mv.defender,
            carriers,
        };
        if hostile {
            if attack.is_some() {
                // One army attacks once a round; only the first attacking sub-move runs.
                skip(ctx, house, from, order, Skip::SecondAttack(mv.to));
                continue;
            }
            used.extend(idx);
            attack = Some(sub);
        } else {
            used.extend(idx);
            moves.push(sub);
        }
    }
    (moves, attack)
}

/// The other houses' ships that carry units of `kinds` from `from` to `to` (none when they go
/// on their own or by the house's own ships), or `None` with the skip logged: wrong terrain, a
/// broken chain of ships, or out of reach.
fn carriers(
    ctx: &mut Ctx,
    house: HouseId,
    from: AreaId,
    order: Order,
    to: AreaId,
    kinds: &[UnitKind],
) -> Option<Vec<HouseId>> {
    match crate::military::transport::route(ctx, house, from, to, kinds) {
        Some(Route::Foreign { carriers }) => Some(carriers),
        Some(_) => Some(Vec::new()),
        None => {
            let ships = kinds.contains(&UnitKind::Ship);
            let dest_land = ctx.board.area(to).is_land();
            let why = if ships == dest_land || ctx.board.area(to).is_port() && !ships {
                Skip::WrongTerrain(to)
            } else if !ships && dest_land && !ctx.adjacent(from, to) {
                Skip::ChainBroken(to)
            } else {
                Skip::NotReachable(to)
            };
            skip(ctx, house, from, order, why);
            None
        }
    }
}

/// Which sub-moves go (the moves in order, then the attack): supply for the result of all of
/// them together; if that fails, each one alone, in order, with those accepted so far.
/// A port takes no more ships than its capacity.
fn supplied(
    ctx: &mut Ctx,
    house: HouseId,
    from: AreaId,
    order: Order,
    moves: &[Sub],
    attack: Option<&Sub>,
) -> Vec<bool> {
    let pairs = |s: &Sub| {
        let n = s.units.len() as i32;
        [(from, -n), (s.to, n)]
    };
    let all: Vec<&Sub> = moves.iter().chain(attack).collect();
    let whole: Vec<(AreaId, i32)> = all.iter().flat_map(|s| pairs(s)).collect();
    let together = crate::armies::supply::within_limit_with(ctx.board, &ctx.state, house, &whole);
    let mut go: Vec<bool> = Vec::new();
    // The changes of the sub-moves accepted so far (tried with each next one when the whole
    // does not fit).
    let mut accepted: Vec<(AreaId, i32)> = Vec::new();
    for s in &all {
        let ok = together || {
            let mark = accepted.len();
            accepted.extend(pairs(s));
            let fits =
                crate::armies::supply::within_limit_with(ctx.board, &ctx.state, house, &accepted);
            accepted.truncate(mark);
            fits
        };
        let port_ok = !ctx.board.area(s.to).is_port()
            || ctx.state.area(s.to).units.len() + s.units.len()
                <= ctx.board.rules.port_capacity as usize;
        // One siege engine per army (004:L636): the army it joins is the house's units there
        // now and those of this order's sub-moves already accepted into the same area.
        let earlier: usize = all
            .iter()
            .zip(&go)
            .filter(|(e, ok)| **ok && e.to == s.to)
            .map(|(e, _)| sieges(&e.units))
            .sum();
        let siege_ok =
            sieges(&s.units) == 0 || sieges_of(ctx, house, s.to) + earlier + sieges(&s.units) <= 1;
        if !port_ok {
            skip(ctx, house, from, order, Skip::PortFull(s.to));
        } else if !siege_ok {
            skip(ctx, house, from, order, Skip::TwoSieges(s.to));
        } else if !ok {
            skip(ctx, house, from, order, Skip::Supply(s.to));
        }
        let goes = ok && port_ok && siege_ok;
        go.push(goes);
        if goes && !together {
            accepted.extend(pairs(s));
        }
    }
    go
}

/// Log that other houses' ships carried units from `from` to `to`; each carrier has carried.
fn transported(ctx: &mut Ctx, house: HouseId, from: AreaId, to: AreaId, carriers: &[HouseId]) {
    if carriers.is_empty() {
        return;
    }
    for c in carriers {
        ctx.carried[c.index()] = true;
    }
    ctx.log.push(Event::Transported {
        house,
        from,
        to,
        carriers: carriers.to_vec(),
    });
}

/// The attacking sub-move fights its battle. Returns whether the house's units now stand in
/// the attacked area.
fn attack_with(ctx: &mut Ctx, house: HouseId, from: AreaId, order: Order, s: Sub) -> bool {
    transported(ctx, house, from, s.to, &s.carriers);
    let to = s.to;
    crate::military::battle::attack(
        ctx,
        AttackSpec {
            house,
            from,
            to: s.to,
            moving: s.units,
            march_bonus: order.special,
            leader: s.leader,
            second: s.second,
            carriers: s.carriers,
        },
    );
    ctx.state.occupant(to) == Some(house)
}

/// Move units into an area that holds no enemy: join own units or enter an empty area, removing
/// another house's lone power token. Supply was checked by the caller.
fn peaceful_move(ctx: &mut Ctx, house: HouseId, from: AreaId, s: Sub) {
    let to = s.to;
    transported(ctx, house, from, to, &s.carriers);
    let new_area = ctx.state.occupant(to) != Some(house);
    let old_controller = ctx.state.controller(ctx.board, to);
    let pick = find_units(ctx, from, &s.units);
    let moving = take_units(ctx, from, &pick);
    let kinds: Vec<UnitKind> = moving.iter().map(|u| u.kind).collect();
    put_units(ctx, house, to, moving);
    if let Some(owner) = ctx.state.area(to).token.filter(|t| *t != house) {
        ctx.state.area_mut(to).token = None;
        ctx.taken[to.index()] = true;
        ctx.log.push(Event::TokenRemoved {
            house: owner,
            area: to,
        });
    }
    crate::military::leaders::moved_in(ctx, from, to, s.leader, s.second, new_area);
    ctx.log.push(Event::Moved {
        house,
        from,
        to,
        units: kinds,
    });
    // Entering an empty province of another house takes its ports too (004:L1053–L1066).
    if ctx.board.area(to).is_land() && old_controller.is_some_and(|o| o != house) {
        crate::military::ports::capture_ports(ctx, to, old_controller);
    }
    ctx.check_victory();
}
