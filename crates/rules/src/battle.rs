//! 战斗 One battle (004:L2214–L2254): leaders' abilities first in the conflict order of
//! 004:L2219, then both totals — unit values in context with the modifier order of A-11,
//! supports, orders, castle / fortification / home-seat bonuses, transport −1,
//! leaders' combat strength and the sword — ties to the house higher on Fiefdoms; then
//! casualties, win/lose abilities, retreat and occupation. Attacks on neutrals follow 004:L2257.
//!
//! This file holds the battle itself up to the comparison (abilities of step a), both sides'
//! terms, the sword, the tie-break); `battle/spec.rs` what its steps hand each other, `battle/strength.rs` the value of each unit and
//! `battle/outcome.rs` what follows the result.

mod outcome;
pub(crate) mod spec;
pub(crate) mod strength;

use outcome::{lose, win, win_over_house};
use spec::ability_of;
pub use spec::{AttackSpec, Effects, log_ability, pick_unit};
pub use strength::{attack_value, defence_value, hard};

use super::military::ctx::Ctx;
use super::model::log::{AbilityEffect, BattleReport, Defender, Event, Term, TermKind, TieBreak};
use super::model::orders::Party;
use super::model::state::{Track, Unit};
use super::support::{BattleSides, Supporter};
use crate::board::{Ability, AreaId, HouseId, LeaderId, OrderType, UnitKind};

fn fiefdoms(ctx: &Ctx, h: HouseId) -> usize {
    ctx.state.rank(Track::Fiefdoms, h)
}

/// The house `spec.house` attacks `spec.to` from `spec.from`. Returns whether it won.
pub fn attack(ctx: &mut Ctx, spec: AttackSpec) -> bool {
    let b = ctx.board;
    let to = spec.to;
    let house = spec.house;
    let defender = match ctx.state.occupant(to) {
        Some(h) if ctx.state.area(to).neutral.is_none() => Defender::House(h),
        _ => Defender::Neutral,
    };
    let dh = match defender {
        Defender::House(h) => Some(h),
        Defender::Neutral => None,
    };
    // A neutral garrison or a house turned neutral: no leaders, no sword, tie to the attacker
    // (004:L2257, A-21, A-22).
    let neutral_rules = dh.map(|h| ctx.state.house(h).neutral).unwrap_or(true);
    if let Some(d) = dh {
        ctx.attacks.push((house, d));
    }
    let att_leader = spec.leader.filter(|_| !neutral_rules);
    let def_leader = match dh {
        Some(d) if !neutral_rules => super::leaders::defence_leader(ctx, d, to),
        _ => None,
    };
    let leaders = [att_leader, def_leader];
    let houses = [Some(house), dh];

    // a) Leaders' abilities, class i, then ii, each in Fiefdoms order (004:L2219, A-13).
    let mut fx = Effects::default();
    let mut abilities: Vec<(u8, usize, usize, LeaderId, Ability)> = Vec::new();
    for side in 0..2 {
        if let (Some((l, a)), Some(h)) = (ability_of(ctx, leaders[side]), houses[side]) {
            abilities.push((super::leaders::class(a), fiefdoms(ctx, h), side, l, a));
        }
    }
    abilities.sort_by_key(|x| (x.0, x.1));
    let mut done = [false; 2];
    for &(class, _, side, l, a) in &abilities {
        done[side] = true;
        if fx.blocked[side] {
            continue;
        }
        let other = 1 - side;
        if class == 3 {
            fx.after.push((side, l, a));
            continue;
        }
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
            Ability::Loras if attacking => super::abilities::loras(ctx, l, to),
            Ability::Ellaria if !attacking => super::abilities::ellaria(ctx, l, to),
            _ => {}
        }
    }
    for (k, v) in fx.set.clone() {
        if spec.moving.iter().any(|u| u.kind == k)
            && let Some(l) = att_leader
        {
            log_ability(ctx, l, to, AbilityEffect::SetValue(k, v as u8));
        }
    }

    let defenders: Vec<Unit> = ctx.state.area(to).units.to_vec();
    let fought: Vec<LeaderId> = leaders.iter().flatten().copied().collect();
    for l in &fought {
        ctx.leaders.fought[l.index()] = true;
        if Some(*l) == def_leader {
            ctx.leaders.defended[l.index()] = true;
        }
    }
    let hard_area = hard(ctx, to);
    let fortified = ctx.state.area(to).fortification.is_some();
    let bs = BattleSides {
        area: to,
        from: spec.from,
        attacker: house,
        defender: match dh {
            Some(h) => Party::House(h),
            None => Party::Neutral,
        },
    };

    if defender != Defender::Neutral && defenders.is_empty() {
        // Loras killed the last defender: the area is taken without a comparison.
        let report = BattleReport {
            area: to,
            attacker: house,
            from: spec.from,
            defender,
            attack: Vec::new(),
            defence: Vec::new(),
            attack_total: 0,
            defence_total: 0,
            attacker_won: true,
            tie: Some(TieBreak::Empty),
            attacker_leader: att_leader,
            defender_leader: def_leader,
            casualties: 0,
        };
        ctx.log.push(Event::Battle(report));
        win_over_house(
            ctx,
            &spec,
            dh,
            def_leader,
            Vec::new(),
            0,
            &fx,
            neutral_rules,
        );
        return true;
    }

    // Knights counter archers in the field (004:L306, A-12), after step a).
    let has_knight = |us: &[Unit]| us.iter().any(|u| u.kind == UnitKind::Knight && !u.routed);
    let field = b.area(to).is_land() && !hard_area && defender != Defender::Neutral;
    let zero = [
        field && has_knight(&defenders) && !has_knight(&spec.moving),
        field && has_knight(&spec.moving) && !has_knight(&defenders),
    ];

    let sides = [Party::House(house), bs.defender];
    let mut sup: [Vec<Supporter>; 2] = [
        super::support::supporters(ctx, &bs, sides[0]),
        super::support::supporters(ctx, &bs, sides[1]),
    ];
    let unit_value = |k: UnitKind, side: usize, supporting: bool, set: &[(UnitKind, i32)]| -> i32 {
        // (1) base, (2) leader set values, (3) fortification −1, (4) counter, (6) rain.
        let mut v = if side == 0 {
            attack_value(k, hard_area, false)
        } else {
            defence_value(k, hard_area)
        };
        if !supporting && let Some((_, s)) = set.iter().find(|(x, _)| *x == k) {
            v = *s;
        }
        if side == 0 && fortified && k == UnitKind::Knight {
            v -= 1;
        }
        if zero[side] && k == UnitKind::Archer {
            v = 0;
        }
        if supporting
            && ctx.mods.rains_of_autumn
            && matches!(k, UnitKind::Footman | UnitKind::Archer)
        {
            v = 0;
        }
        v
    };
    let support_value = |s: &Supporter, side: usize, salladhor: bool| -> i32 {
        s.units
            .iter()
            .map(|u| {
                if salladhor && u.kind == UnitKind::Ship {
                    0
                } else {
                    unit_value(u.kind, side, true, &[])
                }
            })
            .sum()
    };
    // 瑟曦: ignore the opponent's strongest supporting area (its Support+1 still counts).
    let mut ignored: [Option<AreaId>; 2] = [None, None];
    for (side, leader) in leaders.iter().enumerate() {
        let other = 1 - side;
        if fx.cersei[side] && !fx.blocked[side] {
            let best = sup[other]
                .iter()
                .max_by_key(|s| {
                    (
                        support_value(s, other, fx.salladhor[side]),
                        std::cmp::Reverse(s.area),
                    )
                })
                .map(|s| s.area);
            if let (Some(a), Some(l)) = (best, *leader) {
                ignored[other] = Some(a);
                log_ability(ctx, l, to, AbilityEffect::IgnoredSupport(a));
            }
        }
    }
    for side in 0..2 {
        if fx.salladhor[side]
            && !fx.blocked[side]
            && sup[1 - side]
                .iter()
                .any(|s| s.units.iter().any(|u| u.kind == UnitKind::Ship))
            && let Some(l) = leaders[side]
        {
            log_ability(ctx, l, to, AbilityEffect::ZeroedShips);
        }
    }
    if fx.catelyn
        && ctx.has_order(to, OrderType::Defence)
        && let Some(l) = def_leader
    {
        log_ability(ctx, l, to, AbilityEffect::DoubledDefence);
    }

    let mut terms: [Vec<Term>; 2] = [Vec::new(), Vec::new()];
    let set = fx.set.clone();
    terms[0].push(Term {
        what: TermKind::Units(spec.moving.iter().map(|u| u.kind).collect()),
        value: spec
            .moving
            .iter()
            .map(|u| unit_value(u.kind, 0, false, &set))
            .sum(),
    });
    match defender {
        Defender::Neutral => terms[1].push(Term {
            what: TermKind::Neutral,
            value: ctx.state.area(to).neutral.unwrap_or(0) as i32,
        }),
        Defender::House(_) => terms[1].push(Term {
            what: TermKind::Units(defenders.iter().map(|u| u.kind).collect()),
            value: defenders
                .iter()
                .filter(|u| !u.routed)
                .map(|u| unit_value(u.kind, 1, false, &[]))
                .sum(),
        }),
    }
    for side in 0..2 {
        let list = std::mem::take(&mut sup[side]);
        for s in &list {
            let value = if ignored[side] == Some(s.area) {
                0
            } else {
                support_value(s, side, fx.salladhor[1 - side] && !fx.blocked[1 - side])
            };
            terms[side].push(Term {
                what: TermKind::Support(s.house, s.area, s.units.iter().map(|u| u.kind).collect()),
                value,
            });
            if s.bonus {
                terms[side].push(Term {
                    what: TermKind::SupportBonus(s.area),
                    value: 1,
                });
            }
        }
    }
    if spec.march_bonus {
        terms[0].push(Term {
            what: TermKind::MarchBonus,
            value: 1,
        });
    }
    if !spec.carriers.is_empty() {
        terms[0].push(Term {
            what: TermKind::Transported,
            value: -1,
        });
    }
    if let Some(d) = dh {
        if let Some(o) = ctx.order(to).filter(|o| o.kind == OrderType::Defence) {
            let base = if o.special { 2 } else { 1 };
            let doubled = fx.catelyn && !fx.blocked[1];
            terms[1].push(Term {
                what: TermKind::DefenceOrder,
                value: if doubled { base * 2 } else { base },
            });
        }
        if b.area(to).castle.is_some() {
            terms[1].push(Term {
                what: TermKind::Castle,
                value: 1,
            });
        } else if fortified {
            terms[1].push(Term {
                what: TermKind::Fortification,
                value: 1,
            });
        }
        if b.area(to).home_of == Some(d) {
            terms[1].push(Term {
                what: TermKind::HomeSeat,
                value: 1,
            });
        }
    }
    if b.area(to).home_of == Some(house) {
        terms[0].push(Term {
            what: TermKind::HomeSeat,
            value: 1,
        });
    }
    for side in 0..2 {
        if let Some(l) = leaders[side] {
            let zeroed = fx.balon[1 - side] && !fx.blocked[1 - side];
            terms[side].push(Term {
                what: TermKind::Leader(l),
                value: if zeroed {
                    0
                } else {
                    ctx.board.leader(l).strength as i32
                },
            });
        }
    }
    let total = |ts: &[Term]| ts.iter().map(|t| t.value).sum::<i32>();
    let (mut a, mut d) = (total(&terms[0]), total(&terms[1]));
    let tie_to_attacker = match dh {
        _ if neutral_rules => true,
        Some(dh) => fiefdoms(ctx, house) < fiefdoms(ctx, dh),
        None => true,
    };
    let att_wins = |a: i32, d: i32| a > d || (a == d && tie_to_attacker);
    if !neutral_rules && let Some(side) = super::sword::decide(ctx, &spec, dh, a, d, &att_wins) {
        terms[side].push(Term {
            what: TermKind::Sword,
            value: 1,
        });
        if side == 0 {
            a += 1;
        } else {
            d += 1;
        }
    }
    let attacker_won = att_wins(a, d);
    let tie = (a == d).then_some(match dh {
        Some(x) if !neutral_rules => TieBreak::Fiefdoms(if tie_to_attacker { house } else { x }),
        _ => TieBreak::AttackerVsNeutral,
    });
    // Casualties = winner leader's attack − loser leader's defence (004:L2242).
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
    let casualties = (atk - def).max(0) as u8;
    let [attack_terms, defence_terms] = terms;
    ctx.log.push(Event::Battle(BattleReport {
        area: to,
        attacker: house,
        from: spec.from,
        defender,
        attack: attack_terms,
        defence: defence_terms,
        attack_total: a,
        defence_total: d,
        attacker_won,
        tie,
        attacker_leader: att_leader,
        defender_leader: def_leader,
        casualties,
    }));
    if attacker_won {
        if defender == Defender::Neutral {
            ctx.state.area_mut(to).neutral = None;
            ctx.state.area_mut(to).units.clear();
            ctx.log.push(Event::NeutralBeaten { area: to });
            win(ctx, &spec, None, &fx);
        } else {
            let beaten = std::mem::take(&mut ctx.state.area_mut(to).units).into();
            win_over_house(
                ctx,
                &spec,
                dh,
                def_leader,
                beaten,
                casualties,
                &fx,
                neutral_rules,
            );
        }
    } else {
        lose(
            ctx,
            &spec,
            dh,
            casualties,
            &fx,
            defender == Defender::Neutral,
        );
    }
    attacker_won
}
