//! 突袭 Raids (004:L1431–L1463, L2155–L2180): round-robin in Iron Throne order; a raid removes
//! the target's support, raid or consolidate order; removing a consolidate order plunders one
//! power token; a raid that cannot be executed lets the house's next raid move up (递补, A-28).
//! With the optional rule a consolidate- or support-type one-time order in the target goes too.

use crate::military::ctx::Ctx;
use crate::model::log::{Event, Skip, Unfulfilled};
use crate::model::orders::RaidStep;
use crate::optional::one_time::OneTimeEvent;
use maester_board::{AreaId, HouseId, Order, OrderType, UnitKind};

/// Execute every house's raids.
pub fn resolve_raids(ctx: &mut Ctx) {
    let order: Vec<HouseId> = ctx.state.throne_order().to_vec();
    let mut queues: Vec<Vec<RaidStep>> = order
        .iter()
        .map(|h| {
            let mut q = ctx.plans[h.index()].raids.clone();
            q.reverse();
            q
        })
        .collect();
    loop {
        let mut any = false;
        for (i, &house) in order.iter().enumerate() {
            // A raid that is not executed does not use up the turn.
            while let Some(step) = queues[i].pop() {
                any = true;
                if execute(ctx, house, &step) {
                    break;
                }
            }
        }
        if !any {
            break;
        }
    }
    untargeted(ctx);
}

/// The raid orders a house that sent a plan left without a target (its silence is reported as
/// its defaults instead): each is said not to be carried out (004:L1753).
fn untargeted(ctx: &mut Ctx) {
    let left: Vec<(HouseId, AreaId)> = ctx
        .ordered(OrderType::Raid)
        .into_iter()
        .filter(|(h, a)| {
            let plan = &ctx.plans[h.index()];
            // The marches wait in `pending` while the raids resolve.
            let marches = ctx.pending.get(h.index()).is_some_and(|p| !p.is_empty());
            let sent = !plan.raids.is_empty() || marches;
            sent && !plan.raids.iter().any(|r| r.from == *a)
        })
        .collect();
    ctx.not_carried_out(left, Unfulfilled::RaidNoTarget);
}

fn skip(ctx: &mut Ctx, house: HouseId, from: AreaId, order: Order, why: Skip) {
    ctx.log.push(Event::Skipped {
        house,
        from,
        order,
        why,
    });
}

/// One raid slot (one or two targets for 突袭+1). Returns whether it was executed.
fn execute(ctx: &mut Ctx, house: HouseId, step: &RaidStep) -> bool {
    let from = step.from;
    let Some(order) = ctx.order(from).filter(|o| o.kind == OrderType::Raid) else {
        let o = Order {
            kind: OrderType::Raid,
            special: false,
        };
        skip(ctx, house, from, o, Skip::OrderGone);
        return false;
    };
    if ctx.state.occupant(from) != Some(house) {
        skip(ctx, house, from, order, Skip::NoUnits);
        return false;
    }
    if ctx.mods.sea_of_storms || !ctx.sea_acts(from) {
        skip(ctx, house, from, order, Skip::EventBan);
        return false;
    }
    if ctx.state.area(from).units.iter().all(|u| u.routed) {
        skip(ctx, house, from, order, Skip::Routed);
        return false;
    }
    let units: Vec<UnitKind> = ctx.state.area(from).units.iter().map(|u| u.kind).collect();
    if units.iter().all(|k| *k == UnitKind::Siege) {
        skip(ctx, house, from, order, Skip::SiegeCannotRaid);
        return false;
    }
    // 突袭+1: two targets in one slot, simultaneously (004:L1530); never the same one twice.
    let max_targets = if order.special { 2 } else { 1 };
    let mut targets: Vec<AreaId> = Vec::new();
    for t in &step.targets {
        if !targets.contains(t) {
            targets.push(*t);
        }
    }
    let mut executed = false;
    for &target in targets.iter().take(max_targets) {
        if !can_raid(ctx, from, target) {
            skip(ctx, house, from, order, Skip::NotReachable(target));
            continue;
        }
        let victim = ctx.state.occupant(target);
        let removable = ctx.order(target).filter(|o| {
            matches!(
                o.kind,
                OrderType::Raid | OrderType::Support | OrderType::Consolidate
            )
        });
        // A consolidate- or support-type one-time order goes with the area's raidable order,
        // or alone (004:L2524, L2549, A-40).
        let one_time = ctx
            .state
            .area(target)
            .one_time
            .filter(|p| p.kind.raidable() && Some(p.house) == victim);
        match victim {
            Some(v) if v != house && (removable.is_some() || one_time.is_some()) => {
                if let Some(o) = removable {
                    ctx.state.area_mut(target).order = None;
                    let plunder = o.kind == OrderType::Consolidate;
                    if plunder {
                        ctx.state.gain_power(ctx.board, house, 1);
                    }
                    ctx.log.push(Event::Raided {
                        house,
                        from,
                        target,
                        victim: v,
                        order: o,
                        plunder,
                    });
                }
                if let Some(p) = one_time {
                    ctx.state.area_mut(target).one_time = None;
                    // A consolidate-type one plunders like a consolidate order: with one in
                    // the same area, 2 in all (004:L2528, T-13).
                    let plunder = u8::from(p.kind.attribute() == OrderType::Consolidate);
                    if plunder > 0 {
                        ctx.state.gain_power(ctx.board, house, plunder);
                    }
                    ctx.log.push(Event::OneTime(OneTimeEvent::Raided {
                        house,
                        from,
                        target,
                        victim: v,
                        kind: p.kind,
                        plunder,
                    }));
                }
                executed = true;
            }
            _ => skip(ctx, house, from, order, Skip::NothingToRaid(target)),
        }
    }
    if executed {
        ctx.state.area_mut(from).order = None;
    }
    executed
}

/// Raid geometry (004:L1436, L1046): adjacent (rivers only where frozen or bridged); land units
/// raid land only, never a port; ships at sea raid seas, coastal provinces and the ports on
/// their sea — a port and its province are two targets; ships in a port raid only their sea.
pub fn can_raid(ctx: &Ctx, from: AreaId, target: AreaId) -> bool {
    let b = ctx.board;
    if !ctx.adjacent(from, target) {
        return false;
    }
    let (src, dst) = (b.area(from), b.area(target));
    if src.is_land() {
        dst.is_land()
    } else if src.is_port() {
        dst.is_sea()
    } else {
        !dst.is_port() || ctx.state.port_sea(b, target) == Some(from)
    }
}
