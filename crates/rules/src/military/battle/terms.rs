//! 战斗力合计 Both sides' totals, term by term (004:L2222–L2236): the fighting units, the
//! supports (with the abilities that act on them: Cersei, Salladhor, Catelyn), 行军+1, the
//! transport −1, the defence order, castle or fortification, home seats and the leaders.

use super::spec::{AttackSpec, Effects, Sides, log_ability};
use super::valuation::Valuation;
use crate::military::battle::support::{BattleSides, Supporter};
use crate::military::ctx::Ctx;
use crate::model::log::{AbilityEffect, Defender, Term, TermKind};
use crate::model::orders::Party;
use crate::model::state::Unit;
use maester_board::{AreaId, OrderType, UnitKind};

/// Every term of both sides (0 attacker, 1 defender), in the order the report lists them.
pub(super) fn both_sides(
    ctx: &mut Ctx,
    spec: &AttackSpec,
    sides: &Sides,
    fx: &Effects,
    val: &Valuation,
    defenders: &[Unit],
) -> [Vec<Term>; 2] {
    let bs = BattleSides {
        area: spec.to,
        from: spec.from,
        attacker: sides.house,
        defender: match sides.dh {
            Some(h) => Party::House(h),
            None => Party::Neutral,
        },
    };
    let sup: [Vec<Supporter>; 2] = [
        crate::military::battle::support::supporters(ctx, &bs, Party::House(sides.house)),
        crate::military::battle::support::supporters(ctx, &bs, bs.defender),
    ];
    let ignored = support_abilities(ctx, spec.to, sides, fx, val, &sup);
    let mut terms = unit_terms(ctx, spec, sides, fx, val, defenders);
    support_terms(&mut terms, sup, ignored, fx, val);
    bonus_terms(ctx, spec, sides, fx, val.fortified(), &mut terms);
    leader_terms(ctx, sides, fx, &mut terms);
    terms
}

/// The abilities that act on supports, logged before the totals: Cersei ignores the
/// opponent's strongest supporting area (its Support+1 still counts), Salladhor zeroes its
/// ships, Catelyn doubles the defence order. Returns each side's ignored area.
fn support_abilities(
    ctx: &mut Ctx,
    to: AreaId,
    sides: &Sides,
    fx: &Effects,
    val: &Valuation,
    sup: &[Vec<Supporter>; 2],
) -> [Option<AreaId>; 2] {
    let leaders = sides.leaders;
    let mut ignored: [Option<AreaId>; 2] = [None, None];
    for (side, leader) in leaders.iter().enumerate() {
        let other = 1 - side;
        if fx.cersei[side] && !fx.blocked[side] {
            let best = sup[other]
                .iter()
                .max_by_key(|s| {
                    (
                        val.support(s, other, fx.salladhor[side]),
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
        && let Some(l) = leaders[1]
    {
        log_ability(ctx, l, to, AbilityEffect::DoubledDefence);
    }
    ignored
}

/// The fighting units: the attackers with their leader's set values; the defenders (routed
/// ones count 0) or the neutral garrison's strength.
fn unit_terms(
    ctx: &Ctx,
    spec: &AttackSpec,
    sides: &Sides,
    fx: &Effects,
    val: &Valuation,
    defenders: &[Unit],
) -> [Vec<Term>; 2] {
    let mut terms: [Vec<Term>; 2] = [Vec::new(), Vec::new()];
    let set = fx.set.clone();
    terms[0].push(Term {
        what: TermKind::Units(spec.moving.iter().map(|u| u.kind).collect()),
        value: spec
            .moving
            .iter()
            .map(|u| val.unit(u.kind, 0, false, &set))
            .sum(),
    });
    match sides.defender {
        Defender::Neutral => terms[1].push(Term {
            what: TermKind::Neutral,
            value: ctx.state.area(spec.to).neutral.unwrap_or(0) as i32,
        }),
        Defender::House(_) => terms[1].push(Term {
            what: TermKind::Units(defenders.iter().map(|u| u.kind).collect()),
            value: defenders
                .iter()
                .filter(|u| !u.routed)
                .map(|u| val.unit(u.kind, 1, false, &[]))
                .sum(),
        }),
    }
    terms
}

/// Each supporting area (0 if Cersei ignores it) and its Support+1.
fn support_terms(
    terms: &mut [Vec<Term>; 2],
    mut sup: [Vec<Supporter>; 2],
    ignored: [Option<AreaId>; 2],
    fx: &Effects,
    val: &Valuation,
) {
    for side in 0..2 {
        let list = std::mem::take(&mut sup[side]);
        for s in &list {
            let value = if ignored[side] == Some(s.area) {
                0
            } else {
                val.support(s, side, fx.salladhor[1 - side] && !fx.blocked[1 - side])
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
}

/// 行军+1, the transport −1, the defence order (doubled by Catelyn), castle or fortification
/// and both home seats.
fn bonus_terms(
    ctx: &Ctx,
    spec: &AttackSpec,
    sides: &Sides,
    fx: &Effects,
    fortified: bool,
    terms: &mut [Vec<Term>; 2],
) {
    let (b, to) = (ctx.board, spec.to);
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
    if let Some(d) = sides.dh {
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
    if b.area(to).home_of == Some(sides.house) {
        terms[0].push(Term {
            what: TermKind::HomeSeat,
            value: 1,
        });
    }
}

/// Each leader's combat strength (0 against Balon).
fn leader_terms(ctx: &Ctx, sides: &Sides, fx: &Effects, terms: &mut [Vec<Term>; 2]) {
    for (side, ts) in terms.iter_mut().enumerate() {
        if let Some(l) = sides.leaders[side] {
            let zeroed = fx.balon[1 - side] && !fx.blocked[1 - side];
            ts.push(Term {
                what: TermKind::Leader(l),
                value: if zeroed {
                    0
                } else {
                    ctx.board.leader(l).strength as i32
                },
            });
        }
    }
}
