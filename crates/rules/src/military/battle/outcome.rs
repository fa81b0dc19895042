//! 战斗结果 What follows the comparison of a battle (004:L2239–L2331): the beaten force's
//! casualties, the defender's retreat (or its end when it cannot retreat, A-21), the win/lose
//! abilities, and the attackers moving in or going back routed.

use super::spec::{AttackSpec, Effects, Sides};
use crate::military::ctx::Ctx;
use crate::military::leave::vacate;
use crate::military::moves::{find_units, put_units, take_units};
use crate::model::log::{Defender, Event, Loss};
use crate::model::state::Unit;
use maester_board::{Ability, HouseId, LeaderId, UnitKind};

/// Casualties = the winner leader's attack − the loser leader's defence (004:L2242).
pub(super) fn casualties(ctx: &Ctx, sides: &Sides, attacker_won: bool) -> u8 {
    let [att_leader, def_leader] = sides.leaders;
    let (wl, ll, winner_attacks) = if attacker_won {
        (att_leader, def_leader, true)
    } else {
        (def_leader, att_leader, false)
    };
    let atk = wl
        .map(|l| {
            let x = ctx.board.leader(l);
            if x.ability == Some(Ability::AttackOnlyWhenAttacking) && !winner_attacks {
                0
            } else {
                x.attack as i32
            }
        })
        .unwrap_or(0);
    let def = ll.map(|l| ctx.board.leader(l).defence as i32).unwrap_or(0);
    (atk - def).max(0) as u8
}

/// What follows the logged result: the neutral garrison removed, the beaten house's losses
/// and retreat, or the attack beaten back.
pub(super) fn settle(
    ctx: &mut Ctx,
    spec: &AttackSpec,
    sides: &Sides,
    fx: &Effects,
    casualties: u8,
    attacker_won: bool,
) {
    let to = spec.to;
    if attacker_won {
        if sides.defender == Defender::Neutral {
            ctx.state.area_mut(to).neutral = None;
            ctx.state.area_mut(to).units.clear();
            ctx.log.push(Event::NeutralBeaten { area: to });
            win(ctx, spec, None, fx);
        } else {
            let beaten = std::mem::take(&mut ctx.state.area_mut(to).units).into();
            win_over_house(
                ctx,
                spec,
                sides.dh,
                sides.leaders[1],
                beaten,
                casualties,
                fx,
                sides.neutral_rules,
            );
        }
    } else {
        lose(
            ctx,
            spec,
            sides.dh,
            casualties,
            fx,
            sides.defender == Defender::Neutral,
        );
    }
}

/// The attacker beat a house: the area is cleared, the defender takes its losses and retreats
/// (or is destroyed under neutral rules, A-21), then the attackers move in.
#[allow(clippy::too_many_arguments)]
pub(super) fn win_over_house(
    ctx: &mut Ctx,
    spec: &AttackSpec,
    dh: Option<HouseId>,
    def_leader: Option<LeaderId>,
    beaten: Vec<Unit>,
    casualties: u8,
    fx: &Effects,
    neutral_rules: bool,
) {
    let to = spec.to;
    let Some(d) = dh else { return };
    let st = ctx.state.area_mut(to);
    st.house = None;
    st.order = None;
    st.token = None;
    if st.fortification.is_some() {
        st.fortification = None;
        ctx.log.push(Event::FortificationGone { area: to });
    }
    let survivors =
        crate::military::battle::casualties::losses(ctx, d, to, beaten, casualties, true);
    if neutral_rules {
        // A house turned neutral cannot retreat (004:L2266, A-21): not for want of an area.
        let kinds: Vec<UnitKind> = survivors.iter().map(|u| u.kind).collect();
        if !kinds.is_empty() {
            ctx.log.push(Event::Destroyed {
                house: d,
                area: to,
                units: kinds,
                why: Loss::NeutralNoRetreat,
            });
        }
        crate::military::leaders::retreat_with(ctx, d, to, None, None);
    } else {
        let dest = crate::military::retreat::defender_retreats(ctx, d, to, spec.from, survivors);
        crate::military::leaders::retreat_with(ctx, d, to, dest, def_leader);
    }
    win(ctx, spec, dh, fx);
}

/// The attacker won: win/lose abilities, then the attackers move in.
pub(super) fn win(ctx: &mut Ctx, spec: &AttackSpec, dh: Option<HouseId>, fx: &Effects) {
    let (house, from, to) = (spec.house, spec.from, spec.to);
    let mut moving = spec.moving.clone();
    // Take the attackers out of `from` now; class iii abilities may still kill one (Arianne).
    let pick = find_units(ctx, from, &moving);
    let arrived = take_units(ctx, from, &pick);
    moving = arrived;
    crate::military::battle::abilities::after_abilities(
        ctx,
        fx,
        house,
        dh,
        0,
        to,
        Some(&mut moving),
    );
    ctx.taken[to.index()] = true;
    if moving.is_empty() {
        // Arianne killed the last attacker: the area stays empty (004:L2003, A-15).
        if ctx.state.area(from).units.is_empty() {
            vacate(ctx, house, from, false);
        }
        return;
    }
    put_units(ctx, house, to, moving);
    crate::military::leaders::moved_in(ctx, from, to, spec.leader, spec.second, true);
    crate::military::ports::capture_ports(ctx, to, dh);
    ctx.refresh_pontoons();
    crate::military::leaders::check_districts(ctx);
    ctx.check_victory();
}

/// The attacker lost: casualties, the survivors go back routed (not routed against a neutral,
/// 004:L2331), win/lose abilities.
pub(super) fn lose(
    ctx: &mut Ctx,
    spec: &AttackSpec,
    dh: Option<HouseId>,
    casualties: u8,
    fx: &Effects,
    vs_neutral: bool,
) {
    let (house, from, to) = (spec.house, spec.from, spec.to);
    let pick = find_units(ctx, from, &spec.moving);
    let beaten = take_units(ctx, from, &pick);
    let mut survivors =
        crate::military::battle::casualties::losses(ctx, house, from, beaten, casualties, false);
    if !vs_neutral {
        for u in survivors.iter_mut() {
            u.routed = true;
        }
    }
    if let Some(l) = spec.leader {
        ctx.leaders.led[l.index()] = true;
    }
    put_units(ctx, house, from, survivors);
    if let Some(d) = dh {
        crate::military::battle::abilities::after_abilities(ctx, fx, house, Some(d), 1, to, None);
        if ctx.state.area(to).units.is_empty() {
            vacate(ctx, d, to, false);
            crate::military::leaders::retreat_with(ctx, d, to, None, None);
        }
    }
    if ctx.state.area(from).units.is_empty() {
        vacate(ctx, house, from, false);
    }
}
