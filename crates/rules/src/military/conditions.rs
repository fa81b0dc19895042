//! 条件 Evaluating the conditions of plans (004:L1290–L1331, L2201–L2211; A-29…A-32): only
//! what has already happened counts — moves, control, earlier battles and the static strength of
//! a garrison — never leaders, swords or other houses' support and transport.

use crate::military::ctx::Ctx;
use crate::model::orders::Condition;
use maester_board::{AreaId, HouseId, OrderType, UnitKind};

/// Whether a condition of `me`'s plan holds now. `from` is the origin of the march being
/// decided, if any (a garrison's strength is measured against it).
pub fn holds(ctx: &Ctx, me: HouseId, c: &Condition, from: Option<AreaId>) -> bool {
    match c {
        Condition::Fallen(a) => fallen(ctx, me, *a),
        Condition::ForeignUnits(a) => {
            let st = ctx.state.area(*a);
            st.neutral.is_some() || matches!(ctx.state.occupant(*a), Some(h) if h != me)
        }
        Condition::StepWas { step, alternative } => ctx.executed[me.index()]
            .iter()
            .any(|(s, alt)| s == step && alt == alternative),
        Condition::GarrisonAbove { area, n } => static_defence(ctx, *area, from) > *n as i32,
        Condition::AttackedBy(x) => ctx.attacks.iter().any(|(a, d)| a == x && *d == me),
        Condition::Not(inner) => !holds(ctx, me, inner, from),
        Condition::All(cs) => cs.iter().all(|c| holds(ctx, me, c, from)),
        Condition::Any(cs) => cs.iter().any(|c| holds(ctx, me, c, from)),
    }
}

/// `X失守`: X was `me`'s when the phase began and another house's units (or, on land, its
/// power token) are there now.
pub fn fallen(ctx: &Ctx, me: HouseId, a: AreaId) -> bool {
    if ctx.start_controller[a.index()] != Some(me) {
        return false;
    }
    let st = ctx.state.area(a);
    if matches!(ctx.state.occupant(a), Some(h) if h != me) {
        return true;
    }
    ctx.board.area(a).is_land() && st.units.is_empty() && matches!(st.token, Some(t) if t != me)
}

/// 驻军战斗力: the static defence of the area's holder against a march from `from` — its
/// units' values in context, defence order, castle / fortification / home-seat bonuses and its
/// own adjacent supports (not those it withholds from this battle, 004:L1398); no leader, sword
/// or other house's support. A neutral garrison counts
/// its printed strength.
pub fn static_defence(ctx: &Ctx, area: AreaId, from: Option<AreaId>) -> i32 {
    let st = ctx.state.area(area);
    if let Some(n) = st.neutral {
        return n as i32;
    }
    let Some(h) = ctx.state.occupant(area) else {
        return 0;
    };
    let b = ctx.board;
    let hard = crate::military::strength::hard(ctx, area);
    let mut total: i32 = st
        .units
        .iter()
        .filter(|u| !u.routed)
        .map(|u| crate::military::strength::defence_value(u.kind, hard))
        .sum();
    if let Some(o) = st.order.filter(|o| o.kind == OrderType::Defence) {
        total += if o.special { 2 } else { 1 };
    }
    if b.area(area).castle.is_some() || st.fortification.is_some() {
        total += 1;
    }
    if b.area(area).home_of == Some(h) {
        total += 1;
    }
    for s in ctx.neighbours(area) {
        if Some(s) == from
            || ctx.state.occupant(s) != Some(h)
            || !ctx.has_order(s, OrderType::Support)
            || !ctx.may_support(s, area)
            || ctx.withheld(h, s, area)
        {
            continue;
        }
        let sup = ctx.state.area(s);
        for u in sup.units.iter().filter(|u| !u.routed) {
            let rain =
                ctx.mods.rains_of_autumn && matches!(u.kind, UnitKind::Footman | UnitKind::Archer);
            if !rain {
                total += crate::military::strength::defence_value(u.kind, hard);
            }
        }
        if sup.order.map(|o| o.special).unwrap_or(false) {
            total += 1;
        }
    }
    total
}
