//! 将领特长 Leaders' special abilities that change units or orders (004:L1764–L2003; A-14…A-18):
//! Loras, Ellaria and Renly, Asha, Arianne, and the win/lose abilities applied after a battle.

use crate::military::battle::spec::{Effects, log_ability, pick_unit};
use crate::military::ctx::Ctx;
use crate::military::strength::hard;
use crate::model::log::{AbilityEffect, Event, Loss};
use crate::model::state::Unit;
use crate::optional::one_time::OneTimeEvent;
use maester_board::{Ability, AreaId, HouseId, LeaderId, OrderType, UnitKind};

/// 百花骑士: kill one defending footman or archer at once, the victim's choice, normal units
/// before routed ones (004:L1973, L2333, A-14).
pub fn loras(ctx: &mut Ctx, l: LeaderId, to: AreaId) {
    let Some(victim) = ctx.state.occupant(to) else {
        return;
    };
    let pref = ctx.plans[victim.index()].units.loras_victim;
    let mut prefs: Vec<UnitKind> = pref.into_iter().collect();
    prefs.extend([UnitKind::Footman, UnitKind::Archer]);
    prefs.retain(|k| matches!(k, UnitKind::Footman | UnitKind::Archer));
    match pick_unit(&ctx.state.area(to).units, &prefs) {
        Some(i) => {
            let u = ctx.state.area_mut(to).units.remove(i);
            log_ability(ctx, l, to, AbilityEffect::Killed(victim, to, u.kind));
            ctx.log.push(Event::Destroyed {
                house: victim,
                area: to,
                units: vec![u.kind],
                why: Loss::Ability,
            });
        }
        None => log_ability(ctx, l, to, AbilityEffect::NoEffect),
    }
}

/// Upgrade one footman or archer in `area` to a knight within the knight cap.
pub fn upgrade(
    ctx: &mut Ctx,
    house: HouseId,
    area: AreaId,
    candidates: Option<&mut Vec<Unit>>,
) -> Option<UnitKind> {
    let cap = ctx.board.rules.unit_caps[UnitKind::Knight.index()] as usize;
    // Winning attackers are off the map until they move in: their knights count too.
    let in_transit = candidates
        .as_deref()
        .map(|v| v.iter().filter(|u| u.kind == UnitKind::Knight).count())
        .unwrap_or(0);
    if ctx.state.unit_count(house, UnitKind::Knight) + in_transit >= cap {
        return None;
    }
    let pref = ctx.plans[house.index()].units.upgrade;
    let mut prefs: Vec<UnitKind> = pref.into_iter().collect();
    prefs.extend([UnitKind::Footman, UnitKind::Archer]);
    prefs.retain(|k| matches!(k, UnitKind::Footman | UnitKind::Archer));
    let units: &mut [Unit] = match candidates {
        Some(v) => v,
        None => &mut ctx.state.area_mut(area).units,
    };
    let live: Vec<Unit> = units.iter().filter(|u| !u.routed).copied().collect();
    let i = pick_unit(&live, &prefs)?;
    let kind = live[i].kind;
    let j = units.iter().position(|u| !u.routed && u.kind == kind)?;
    units[j].kind = UnitKind::Knight;
    Some(kind)
}

/// 艾拉莉亚: when defending, one fighting footman or archer becomes a knight, once a round.
pub fn ellaria(ctx: &mut Ctx, l: LeaderId, to: AreaId) {
    let house = ctx.board.leader(l).house;
    if ctx.once[house.index()].ellaria {
        return;
    }
    match upgrade(ctx, house, to, None) {
        Some(k) => {
            ctx.once[house.index()].ellaria = true;
            log_ability(ctx, l, to, AbilityEffect::Upgraded(to, k));
        }
        None => log_ability(ctx, l, to, AbilityEffect::NoEffect),
    }
}

/// Class iii abilities after the result (004:L2225): `winner` is 0 (attacker) or 1 (defender).
/// `moving` holds the attackers when they won and have not moved in yet.
pub fn after_abilities(
    ctx: &mut Ctx,
    fx: &Effects,
    attacker: HouseId,
    dh: Option<HouseId>,
    winner: usize,
    area: AreaId,
    mut moving: Option<&mut Vec<Unit>>,
) {
    for &(side, l, a) in &fx.after {
        if fx.blocked[side] {
            continue;
        }
        let house = ctx.board.leader(l).house;
        let won = side == winner;
        let opponent = if side == 0 { dh } else { Some(attacker) };
        match a {
            Ability::Jaime if won => {
                let lost = ctx.state.gain_power(ctx.board, house, 2);
                log_ability(ctx, l, area, AbilityEffect::Tokens(2 - lost));
            }
            Ability::Renly if won && !ctx.once[house.index()].renly => {
                let got = if side == 0 {
                    upgrade(ctx, house, area, moving.as_deref_mut())
                } else {
                    upgrade(ctx, house, area, None)
                };
                if let Some(k) = got {
                    ctx.once[house.index()].renly = true;
                    log_ability(ctx, l, area, AbilityEffect::Upgraded(area, k));
                }
            }
            Ability::Melisandre | Ability::Luwin | Ability::Doran if won => {
                log_ability(ctx, l, area, AbilityEffect::Reward);
            }
            Ability::Asha if won && !ctx.once[house.index()].asha => asha(ctx, house, l, area),
            Ability::Arianne if !won && !ctx.once[house.index()].arianne => {
                if let Some(victim) = opponent {
                    arianne(ctx, house, l, victim, area, side, moving.as_deref_mut());
                }
            }
            _ => {}
        }
    }
}

/// 阿莎: cancel the first still-standing support or consolidate order of another house in an
/// area next to the battle from her house's list. With the optional rule, the area's
/// consolidate- and support-type one-time order goes too, or alone (004:L2530, L2547).
fn asha(ctx: &mut Ctx, house: HouseId, l: LeaderId, area: AreaId) {
    let list = ctx.plans[house.index()].asha.clone();
    for t in list {
        let owner = ctx.state.occupant(t);
        let Some(v) = owner.filter(|v| *v != house) else {
            continue;
        };
        if !ctx.adjacent(t, area) {
            continue;
        }
        let order = ctx
            .order(t)
            .filter(|o| matches!(o.kind, OrderType::Support | OrderType::Consolidate));
        let one_time = ctx
            .state
            .area(t)
            .one_time
            .filter(|p| p.house == v && p.kind.raidable());
        if order.is_none() && one_time.is_none() {
            continue;
        }
        ctx.once[house.index()].asha = true;
        if let Some(o) = order {
            ctx.state.area_mut(t).order = None;
            log_ability(ctx, l, area, AbilityEffect::CancelledOrder(v, t, o));
        }
        if let Some(p) = one_time {
            ctx.state.area_mut(t).one_time = None;
            ctx.log.push(Event::OneTime(OneTimeEvent::Cancelled {
                by: house,
                victim: v,
                area: t,
                kind: p.kind,
            }));
        }
        return;
    }
}

/// 亚莲恩: after a loss, kill one of the winner's fighting units, the victim's choice; default
/// F, A, then E unless the victim still has a march into a castle or fortification, else K,
/// then S (004:L2003, A-15).
fn arianne(
    ctx: &mut Ctx,
    house: HouseId,
    l: LeaderId,
    victim: HouseId,
    area: AreaId,
    side: usize,
    moving: Option<&mut Vec<Unit>>,
) {
    let needs_siege = ctx.pending[victim.index()].iter().any(|(_, s)| {
        s.alternatives
            .iter()
            .any(|alt| alt.action.moves.iter().any(|m| hard(ctx, m.to)))
    });
    let mut prefs = ctx.plans[victim.index()].units.arianne_victim.clone();
    prefs.extend([UnitKind::Footman, UnitKind::Archer]);
    if needs_siege {
        prefs.extend([UnitKind::Knight, UnitKind::Siege]);
    } else {
        prefs.extend([UnitKind::Siege, UnitKind::Knight]);
    }
    prefs.push(UnitKind::Ship);
    // Martell attacked and lost: the winners are the defenders of `area`. Martell defended and
    // lost: the winners are the attackers still on their way in.
    let where_ = area;
    let u = match (side, moving) {
        (1, Some(m)) => {
            let Some(i) = pick_unit(m, &prefs) else {
                return;
            };
            m.remove(i)
        }
        _ => {
            let units = &mut ctx.state.area_mut(area).units;
            let Some(i) = pick_unit(units, &prefs) else {
                return;
            };
            units.remove(i)
        }
    };
    ctx.once[house.index()].arianne = true;
    log_ability(
        ctx,
        l,
        where_,
        AbilityEffect::Killed(victim, where_, u.kind),
    );
    ctx.log.push(Event::Destroyed {
        house: victim,
        area: where_,
        units: vec![u.kind],
        why: Loss::Ability,
    });
}
