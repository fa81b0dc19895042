//! 战斗 One battle (004:L2214–L2254): leaders' abilities first in the conflict order of
//! 004:L2219, then both totals — unit values in context with the modifier order of A-11,
//! supports, orders, castle / fortification / home-seat bonuses, transport −1,
//! leaders' combat strength and the sword — ties to the house higher on Fiefdoms; then
//! casualties, win/lose abilities, retreat and occupation. Attacks on neutrals follow 004:L2257–L2268.
//!
//! This file runs the battle's steps in the rulebook's order: who fights whom, the abilities of
//! step a) (`battle/step_a.rs`), both sides' terms (`battle/terms.rs`), the sword and the
//! tie-break, then what follows the result (`battle/outcome.rs`). `battle/spec.rs` holds what
//! the steps hand each other, `battle/valuation.rs` the value of each unit in context (from
//! `military/strength.rs`), `battle/support.rs` the supports, and `abilities`, `sword` and
//! `casualties` the rules of those names.

pub(crate) mod abilities;
pub(crate) mod casualties;
mod outcome;
pub(crate) mod spec;
mod step_a;
pub(crate) mod support;
pub(crate) mod sword;
mod terms;
mod valuation;

use outcome::{casualties, settle, win_over_house};
use spec::Sides;
pub use spec::{AttackSpec, Effects};

use crate::military::ctx::Ctx;
use crate::model::log::{BattleReport, Defender, Event, Term, TermKind, TieBreak};
use crate::model::state::Unit;
use maester_board::{HouseId, LeaderId};
use valuation::Valuation;

fn fiefdoms(ctx: &Ctx, h: HouseId) -> usize {
    ctx.state.rank(crate::model::state::Track::Fiefdoms, h)
}

/// The house `spec.house` attacks `spec.to` from `spec.from`. Returns whether it won.
pub fn attack(ctx: &mut Ctx, spec: AttackSpec) -> bool {
    let to = spec.to;
    let sides = declare(ctx, &spec);
    let fx = step_a::leader_abilities(ctx, &spec, &sides);
    let defenders: Vec<Unit> = ctx.state.area(to).units.to_vec();
    mark_fought(ctx, &sides);
    let val = Valuation::new(ctx, to, sides.defender, &defenders, &spec.moving);
    if sides.defender != Defender::Neutral && defenders.is_empty() {
        taken_empty(ctx, &spec, &sides, &fx);
        return true;
    }
    let mut terms = terms::both_sides(ctx, &spec, &sides, &fx, &val, &defenders);
    let result = compare(ctx, &spec, &sides, &mut terms);
    let casualties = casualties(ctx, &sides, result.attacker_won);
    let [attack_terms, defence_terms] = terms;
    ctx.log.push(Event::Battle(BattleReport {
        area: to,
        attacker: sides.house,
        from: spec.from,
        defender: sides.defender,
        attack: attack_terms,
        defence: defence_terms,
        attack_total: result.attack,
        defence_total: result.defence,
        attacker_won: result.attacker_won,
        tie: result.tie,
        attacker_leader: sides.leaders[0],
        defender_leader: sides.leaders[1],
        casualties,
    }));
    settle(ctx, &spec, &sides, &fx, casualties, result.attacker_won);
    result.attacker_won
}

/// Who fights whom: the defending house or neutral garrison, whether neutral rules apply, and
/// both leaders (004:L2215, 004:L2260). Notes the attack for A-32.
fn declare(ctx: &mut Ctx, spec: &AttackSpec) -> Sides {
    let to = spec.to;
    let defender = match ctx.state.occupant(to) {
        Some(h) if ctx.state.area(to).neutral.is_none() => Defender::House(h),
        _ => Defender::Neutral,
    };
    let dh = match defender {
        Defender::House(h) => Some(h),
        Defender::Neutral => None,
    };
    // A neutral garrison or a house turned neutral: no leaders, no sword, tie to the attacker
    // (004:L2260, L2264, A-21, A-22).
    let neutral_rules = dh.map(|h| ctx.state.house(h).neutral).unwrap_or(true);
    if let Some(d) = dh {
        ctx.attacks.push((spec.house, d));
    }
    let att_leader = spec.leader.filter(|_| !neutral_rules);
    let def_leader = match dh {
        Some(d) if !neutral_rules => crate::military::leaders::defence_leader(ctx, d, to),
        _ => None,
    };
    Sides {
        house: spec.house,
        defender,
        dh,
        neutral_rules,
        leaders: [att_leader, def_leader],
    }
}

/// Both leaders have fought this round; the defending one has defended.
fn mark_fought(ctx: &mut Ctx, sides: &Sides) {
    let fought: Vec<LeaderId> = sides.leaders.iter().flatten().copied().collect();
    for l in &fought {
        ctx.leaders.fought[l.index()] = true;
        if Some(*l) == sides.leaders[1] {
            ctx.leaders.defended[l.index()] = true;
        }
    }
}

/// Loras killed the last defender: the area is taken without a comparison.
fn taken_empty(ctx: &mut Ctx, spec: &AttackSpec, sides: &Sides, fx: &Effects) {
    let report = BattleReport {
        area: spec.to,
        attacker: sides.house,
        from: spec.from,
        defender: sides.defender,
        attack: Vec::new(),
        defence: Vec::new(),
        attack_total: 0,
        defence_total: 0,
        attacker_won: true,
        tie: Some(TieBreak::Empty),
        attacker_leader: sides.leaders[0],
        defender_leader: sides.leaders[1],
        casualties: 0,
    };
    ctx.log.push(Event::Battle(report));
    win_over_house(
        ctx,
        spec,
        sides.dh,
        sides.leaders[1],
        Vec::new(),
        0,
        fx,
        sides.neutral_rules,
    );
}

/// The comparison: both totals, the sword, the winner and how a tie was broken.
struct Comparison {
    attack: i32,
    defence: i32,
    attacker_won: bool,
    tie: Option<TieBreak>,
}

/// Both totals, then the sword; ties go to the house higher on Fiefdoms, and to
/// the attacker under neutral rules (004:L2233, 004:L2264).
fn compare(
    ctx: &mut Ctx,
    spec: &AttackSpec,
    sides: &Sides,
    terms: &mut [Vec<Term>; 2],
) -> Comparison {
    let (house, dh, neutral_rules) = (sides.house, sides.dh, sides.neutral_rules);
    let total = |ts: &[Term]| ts.iter().map(|t| t.value).sum::<i32>();
    let (mut a, mut d) = (total(&terms[0]), total(&terms[1]));
    let tie_to_attacker = match dh {
        _ if neutral_rules => true,
        Some(dh) => fiefdoms(ctx, house) < fiefdoms(ctx, dh),
        None => true,
    };
    let att_wins = |a: i32, d: i32| a > d || (a == d && tie_to_attacker);
    if neutral_rules {
        crate::military::battle::sword::against_neutral(ctx, spec);
    }
    if !neutral_rules
        && let Some(side) = crate::military::battle::sword::decide(ctx, spec, dh, a, d, &att_wins)
    {
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
    Comparison {
        attack: a,
        defence: d,
        attacker_won,
        tie,
    }
}
