//! 战斗步骤a) The leaders' abilities that act before the totals (004:L2219, A-13): class i,
//! then class ii, each in Fiefdoms order; class iii abilities are kept for after the result.

use super::fiefdoms;
use super::spec::{AttackSpec, Effects, Sides, ability_of, log_ability};
use crate::military::ctx::Ctx;
use crate::model::log::AbilityEffect;
use maester_board::{Ability, AreaId, LeaderId, OrderType, UnitKind};

/// Apply both leaders' abilities in conflict order and return what they decided.
pub(super) fn leader_abilities(ctx: &mut Ctx, spec: &AttackSpec, sides: &Sides) -> Effects {
    let leaders = sides.leaders;
    let houses = [Some(sides.house), sides.dh];
    let mut fx = Effects::default();
    let mut abilities: Vec<(u8, usize, usize, LeaderId, Ability)> = Vec::new();
    for side in 0..2 {
        if let (Some((l, a)), Some(h)) = (ability_of(ctx, leaders[side]), houses[side]) {
            abilities.push((
                crate::military::leaders::class(a),
                fiefdoms(ctx, h),
                side,
                l,
                a,
            ));
        }
    }
    abilities.sort_by_key(|x| (x.0, x.1));
    let mut done = [false; 2];
    for &(class, _, side, l, a) in &abilities {
        done[side] = true;
        if fx.blocked[side] {
            continue;
        }
        if class == 3 {
            fx.after.push((side, l, a));
            continue;
        }
        apply(ctx, spec.to, &leaders, &done, &mut fx, (side, l, a));
    }
    log_set_values(ctx, spec, leaders[0], &fx);
    fx
}

/// One ability `a` of class i or ii, of the leader `l` of `side`.
fn apply(
    ctx: &mut Ctx,
    to: AreaId,
    leaders: &[Option<LeaderId>; 2],
    done: &[bool; 2],
    fx: &mut Effects,
    (side, l, a): (usize, LeaderId, Ability),
) {
    let other = 1 - side;
    let attacking = side == 0;
    match a {
        Ability::QueenOfThorns => {
            if let Some(o) = leaders[other]
                && !done[other]
                && ctx.board.leader(o).ability.is_some()
            {
                fx.blocked[other] = true;
                log_ability(ctx, l, to, AbilityEffect::Blocked(o));
            }
        }
        Ability::Cersei => fx.cersei[side] = true,
        Ability::Brienne if attacking && ctx.has_order(to, OrderType::Defence) => {
            ctx.state.area_mut(to).order = None;
            log_ability(ctx, l, to, AbilityEffect::CancelledDefence(to));
        }
        Ability::Robb if attacking => fx.set.push((UnitKind::Knight, 3)),
        Ability::Vargo if attacking => {
            fx.set.push((UnitKind::Footman, 2));
            fx.set.push((UnitKind::Archer, 2));
        }
        Ability::Victarion if attacking => fx.set.push((UnitKind::Ship, 2)),
        Ability::Catelyn if !attacking => fx.catelyn = true,
        Ability::Balon => {
            if let Some(o) = leaders[other] {
                fx.balon[side] = true;
                log_ability(ctx, l, to, AbilityEffect::ZeroedLeader(o));
            }
        }
        Ability::Salladhor => fx.salladhor[side] = true,
        Ability::Loras if attacking => crate::military::battle::abilities::loras(ctx, l, to),
        Ability::Ellaria if !attacking => crate::military::battle::abilities::ellaria(ctx, l, to),
        _ => {}
    }
}

/// Log each set value (Robb, Vargo, Victarion) that acts on a unit of the attack.
fn log_set_values(ctx: &mut Ctx, spec: &AttackSpec, att_leader: Option<LeaderId>, fx: &Effects) {
    for (k, v) in fx.set.clone() {
        if spec.moving.iter().any(|u| u.kind == k)
            && let Some(l) = att_leader
        {
            log_ability(ctx, l, spec.to, AbilityEffect::SetValue(k, v as u8));
        }
    }
}
