//! 瓦雷利亚钢剑 The Valyrian steel sword (004:L1732–L1744, A-23, A-24): +1 once a round to the
//! holder's side in a battle its units fight directly, never against neutrals. An assigned
//! sword is used in the assigned army's battle unless that battle is won without it — then the
//! assignment is cancelled and the automatic rule takes over: the first battle that the house
//! loses without the sword and wins with it ("one point short", counting the Fiefdoms tie rule).

use crate::military::battle::spec::AttackSpec;
use crate::military::ctx::Ctx;
use crate::model::log::{Event, Unfulfilled};
use maester_board::HouseId;

/// Decide the sword for one battle with totals `a` (attacker) and `d` (defender) so far.
/// Returns the side (0 attacker, 1 defender) that gets +1, if any.
pub fn decide(
    ctx: &mut Ctx,
    spec: &AttackSpec,
    dh: Option<HouseId>,
    a: i32,
    d: i32,
    att_wins: &dyn Fn(i32, i32) -> bool,
) -> Option<usize> {
    if !ctx.sword_ready {
        return None;
    }
    let holder = ctx.sword_holder()?;
    let (side, area_of_army) = if holder == spec.house {
        (0, spec.from)
    } else if Some(holder) == dh {
        (1, spec.to)
    } else {
        return None;
    };
    let wins = |a: i32, d: i32| {
        if side == 0 {
            att_wins(a, d)
        } else {
            !att_wins(a, d)
        }
    };
    let without = wins(a, d);
    let with = if side == 0 {
        wins(a + 1, d)
    } else {
        wins(a, d + 1)
    };
    if ctx.sword_assigned == Some(area_of_army) {
        ctx.sword_assigned = None;
        if without {
            ctx.log.push(Event::SwordReassigned {
                house: holder,
                area: spec.to,
            });
            return None;
        }
        if with || ctx.settings.sword_spent_when_lost {
            ctx.sword_ready = false;
            ctx.log.push(Event::Sword {
                house: holder,
                area: spec.to,
                assigned: true,
            });
            return Some(side);
        }
        // A-23 off: a sword that cannot turn the battle is not spent.
        return None;
    }
    if ctx.sword_assigned.is_none() && !without && with {
        ctx.sword_ready = false;
        ctx.log.push(Event::Sword {
            house: holder,
            area: spec.to,
            assigned: false,
        });
        return Some(side);
    }
    None
}

/// A battle under neutral rules: no sword (004:L2260, L1744). When the army given the sword is
/// the attacker, it did fight: remember it, so that an unused sword is said to be unused for
/// that reason, not for want of a battle.
pub fn against_neutral(ctx: &mut Ctx, spec: &AttackSpec) {
    if ctx.sword_ready
        && ctx.sword_assigned == Some(spec.from)
        && ctx.sword_holder() == Some(spec.house)
    {
        ctx.sword_vs_neutral = true;
    }
}

/// After the marches: a sword given to an army that fought no battle of its own was not used
/// (004:L1737), nor one whose army fought only neutral forces (004:L2260); the report says
/// which.
pub fn unused(ctx: &mut Ctx) {
    if let (Some(area), Some(house)) = (ctx.sword_assigned, ctx.sword_holder()) {
        let why = if ctx.sword_vs_neutral {
            Unfulfilled::SwordAgainstNeutral
        } else {
            Unfulfilled::SwordUnused
        };
        ctx.log.push(Event::NotCarriedOut { house, area, why });
    }
}
