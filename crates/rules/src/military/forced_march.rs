//! 强行军 Forced March, a one-time order of the optional rule (004:L2591–L2601, A-78): in one
//! step of the march sequence (one march slot, T-46) the house gathers its own units from the
//! areas around the order's area — adjacent, or linked by its own ships, never by another
//! house's transport — whatever orders those areas hold. Land units stay on land and ships at
//! sea; supply counts for the result; the gathered units go no further by this order. An area
//! the house no longer holds when the step comes makes the order lapse (it still counts as used).
//!
//! The plan writes it like a march: `赫伦堡2F 强行军到 奔流城` / `菲林特之指1E 强行军到 奔流城`
//! (lines with one step number are one forced march). Leaders do not travel with gathered units.

use crate::military::ctx::Ctx;
use crate::military::leave::vacate;
use crate::military::moves::{find_units, put_units, select, take_units};
use crate::model::log::{Event, Skip};
use crate::model::orders::MarchStep;
use crate::model::state::Unit;
use crate::optional::one_time::{OneTimeEvent, OneTimeKind, Waste};
use maester_board::{AreaId, HouseId, Order, OrderType, UnitKind};

fn march_order() -> Order {
    Order {
        kind: OrderType::March,
        special: false,
    }
}

fn skip(ctx: &mut Ctx, house: HouseId, from: AreaId, why: Skip) {
    ctx.log.push(Event::Skipped {
        house,
        from,
        order: march_order(),
        why,
    });
}

/// Execute one forced march step. Returns whether units were gathered.
pub fn execute(ctx: &mut Ctx, house: HouseId, step: &MarchStep) -> bool {
    let to = step.from;
    let standing = ctx
        .state
        .area(to)
        .one_time
        .is_some_and(|p| p.house == house && p.kind == OneTimeKind::ForcedMarch);
    if !standing {
        skip(ctx, house, to, Skip::OrderGone);
        return false;
    }
    if ctx.emptied[to.index()] || ctx.state.occupant(to) != Some(house) {
        // The area was emptied before the forced march ran — even if units came back since —
        // or is lost: it lapses (004:L2598, A-78).
        ctx.state.area_mut(to).one_time = None;
        ctx.log.push(Event::OneTime(OneTimeEvent::Wasted {
            house,
            area: to,
            kind: OneTimeKind::ForcedMarch,
            why: Waste::NothingGathered,
        }));
        return false;
    }
    if !ctx.sea_acts(to) {
        skip(ctx, house, to, Skip::EventBan);
        return false;
    }
    // Each line that can move is gathered; supply is checked on the whole result: if it
    // fails, nothing moves and the step's fallback (the player's listed subset) may run.
    let mut accepted: Vec<(AreaId, Vec<Unit>)> = Vec::new();
    let mut delta: Vec<(AreaId, i32)> = Vec::new();
    for (src, sel) in &step.gather {
        let src = *src;
        if src == to || accepted.iter().any(|(a, _)| *a == src) {
            skip(ctx, house, src, Skip::NotReachable(to));
            continue;
        }
        if ctx.state.occupant(src) != Some(house) {
            skip(ctx, house, src, Skip::NoUnits);
            continue;
        }
        if !ctx.sea_acts(src) {
            skip(ctx, house, src, Skip::EventBan);
            continue;
        }
        let units = ctx.state.area(src).units;
        let Some(idx) = select(&units, sel) else {
            skip(ctx, house, src, Skip::UnitsMissing);
            continue;
        };
        let picked: Vec<Unit> = idx.iter().filter_map(|&j| units.get(j).copied()).collect();
        let kinds: Vec<UnitKind> = picked.iter().map(|u| u.kind).collect();
        // Adjacent or through own seas only; no cross-house transport (004:L2593).
        if !ctx.reachable(house, src, to, &kinds) {
            let ships = kinds.contains(&UnitKind::Ship);
            let why = if ships == ctx.board.area(to).is_land() {
                Skip::WrongTerrain(to)
            } else {
                Skip::NotReachable(to)
            };
            skip(ctx, house, src, why);
            continue;
        }
        // One siege engine per army (004:L636): a line bringing a second one does not move.
        let gathered: usize = accepted
            .iter()
            .map(|(_, u)| crate::military::moves::sieges(u))
            .sum();
        if crate::military::moves::sieges(&picked) > 0
            && crate::military::moves::sieges_of(ctx, house, to)
                + gathered
                + crate::military::moves::sieges(&picked)
                > 1
        {
            skip(ctx, house, src, Skip::TwoSieges(to));
            continue;
        }
        delta.push((src, -(picked.len() as i32)));
        delta.push((to, picked.len() as i32));
        accepted.push((src, picked));
    }
    if accepted.is_empty() {
        return false;
    }
    if !crate::armies::supply::within_limit_with(ctx.board, &ctx.state, house, &delta) {
        skip(ctx, house, to, Skip::Supply(to));
        return false;
    }
    let mut from = Vec::new();
    for (src, units) in accepted {
        let pick = find_units(ctx, src, &units);
        let moving = take_units(ctx, src, &pick);
        let kinds: Vec<UnitKind> = moving.iter().map(|u| u.kind).collect();
        put_units(ctx, house, to, moving);
        ctx.log.push(Event::Moved {
            house,
            from: src,
            to,
            units: kinds.clone(),
        });
        from.push((src, kinds));
        if ctx.state.area(src).units.is_empty() {
            // Orders left in an emptied area are void.
            vacate(ctx, house, src, false);
        } else if ctx.has_order(src, OrderType::Consolidate)
            && !ctx
                .state
                .area(src)
                .units
                .iter()
                .any(|u| matches!(u.kind, UnitKind::Footman | UnitKind::Archer))
        {
            // A consolidate area must keep a footman or an archer (004:L1470, A-78).
            ctx.state.area_mut(src).order = None;
        }
    }
    ctx.state.area_mut(to).one_time = None;
    ctx.log.push(Event::OneTime(OneTimeEvent::ForcedMarch {
        house,
        area: to,
        from,
    }));
    ctx.check_victory();
    true
}
