//! The execution plan's lines, from pest's pairs to the syntax tree: steps, alternatives,
//! conditions (compound with 且 / 或), actions, march annotations and fallbacks.

use super::ast::*;
use super::errors::ErrorKind;
use super::errors::Problem;
use super::grammar::Rule;
use super::pairs::{Ctx, P, all, cn_value, first, num, places, unit_ref};

fn step_no(p: &P) -> StepNo {
    let s = p.as_str().trim();
    let mut it = s.split('-');
    let major = it.next().and_then(|x| x.parse().ok()).unwrap_or(0);
    let minor = it.next().and_then(|x| x.parse().ok());
    StepNo { major, minor }
}

fn ordinal(p: &P) -> u16 {
    let s = p.as_str().trim();
    match s.parse() {
        Ok(n) => n,
        Err(_) => cn_value(s),
    }
}

/// A condition: `all_of` groups joined by "or", each of predicates joined by "and".
fn condition(ctx: &Ctx, p: P) -> Result<Cond<Syntax>, Problem> {
    let mut any = Vec::new();
    for group in all(&p, Rule::all_of) {
        let preds = all(&group, Rule::predicate)
            .into_iter()
            .map(|q| predicate(ctx, q))
            .collect::<Result<Vec<_>, _>>()?;
        any.push(preds);
    }
    Ok(Cond { any })
}

fn predicate(ctx: &Ctx, p: P) -> Result<Predicate<Syntax>, Problem> {
    let inner = p.into_inner().next().expect("predicate kind");
    let area = || first(&inner, Rule::place).map(|a| ctx.name(&a));
    Ok(match inner.as_rule() {
        Rule::pred_fallen => Predicate::Fallen {
            area: area().expect("place"),
            fallen: true,
        },
        Rule::pred_held => Predicate::Fallen {
            area: area().expect("place"),
            fallen: false,
        },
        Rule::pred_foreign => Predicate::ForeignUnits {
            area: area().expect("place"),
            present: first(&inner, Rule::kw_no_foreign_units).is_none(),
        },
        Rule::pred_step => {
            let said = ordinal(&first(&inner, Rule::ordinal).expect("ordinal"));
            let label = step_no(&first(&inner, Rule::step_ref).expect("step"));
            if said != label.major {
                return Err((ctx.col(&inner), ErrorKind::StepMismatch { said, label }));
            }
            Predicate::StepTaken(label)
        }
        Rule::pred_garrison => Predicate::Garrison {
            area: area().expect("place"),
            cmp: if first(&inner, Rule::cmp_lt).is_some() {
                Cmp::Less
            } else {
                Cmp::Greater
            },
            value: u8::try_from(num(&first(&inner, Rule::number).expect("number")))
                .unwrap_or(u8::MAX),
        },
        _ => Predicate::AttackedMe {
            house: ctx.name(&first(&inner, Rule::house).expect("house")),
            attacked: first(&inner, Rule::kw_not_attacked).is_none(),
        },
    })
}

fn march(ctx: &Ctx, p: P, forced: bool) -> Result<March<Syntax>, Problem> {
    let mut m = March {
        units: unit_ref(ctx, first(&p, Rule::unit_ref).expect("units"))?,
        to: ctx.name(&first(&p, Rule::place).expect("destination")),
        forced,
        special: false,
        leader: None,
        defender: None,
        leave_token: false,
    };
    let twice = |c: &P, zh, en| Err((ctx.col(c), ErrorKind::Duplicate { zh, en }));
    for note in all(&p, Rule::march_note) {
        for c in note.into_inner() {
            match c.as_rule() {
                Rule::march_plus => m.special = true,
                Rule::power_token => m.leave_token = true,
                Rule::leader_cond => {
                    if m.leader.is_some() {
                        return twice(&c, "行军将领", "the march leader");
                    }
                    let ls = all(&c, Rule::leader);
                    m.leader = Some(LeaderChoice::Conditional {
                        condition: condition(ctx, first(&c, Rule::condition).expect("condition"))?,
                        then: ctx.name(&ls[0]),
                        otherwise: ctx.name(&ls[1]),
                    });
                }
                Rule::leader_fixed => {
                    let slots = c.into_inner().filter(|s| {
                        matches!(
                            s.as_rule(),
                            Rule::leader_slot_march
                                | Rule::leader_slot_defend
                                | Rule::leader_slot_bare
                        )
                    });
                    for slot in slots {
                        let l = ctx.name(&first(&slot, Rule::leader).expect("leader"));
                        if slot.as_rule() == Rule::leader_slot_defend {
                            if m.defender.is_some() {
                                return twice(&slot, "防守将领", "the defending leader");
                            }
                            m.defender = Some(l);
                        } else {
                            if m.leader.is_some() {
                                return twice(&slot, "行军将领", "the march leader");
                            }
                            m.leader = Some(LeaderChoice::Named(l));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    Ok(m)
}

fn action(ctx: &Ctx, p: P) -> Result<Action<Syntax>, Problem> {
    let inner = p.into_inner().next().expect("action kind");
    Ok(match inner.as_rule() {
        Rule::march => Action::March(march(ctx, inner, false)?),
        Rule::forced_march => Action::March(march(ctx, inner, true)?),
        Rule::raid => Action::Raid {
            units: unit_ref(ctx, first(&inner, Rule::unit_ref).expect("units"))?,
            targets: places(ctx, &inner),
        },
        Rule::transport => Action::Transport {
            seas: places(ctx, &inner)[..all(&inner, Rule::place).len() - 1].to_vec(),
            units: unit_ref(ctx, first(&inner, Rule::unit_ref).expect("units"))?,
            to: places(ctx, &inner).pop().expect("destination"),
        },
        _ => {
            let from = first(&inner, Rule::place).map(|f| ctx.name(&f));
            let target = if let Some(d) = first(&inner, Rule::support_defence) {
                SupportTarget::Defence {
                    side: Side::House(ctx.name(&first(&d, Rule::house).expect("house"))),
                    area: ctx.name(&first(&d, Rule::place).expect("place")),
                }
            } else {
                let a = first(&inner, Rule::support_attack).expect("support target");
                SupportTarget::Attack {
                    units: unit_ref(ctx, first(&a, Rule::unit_ref).expect("units"))?,
                    to: ctx.name(&first(&a, Rule::place).expect("place")),
                }
            };
            Action::Support { from, target }
        }
    })
}

fn fallback(ctx: &Ctx, p: &P) -> Result<Option<Fallback<Syntax>>, Problem> {
    let Some(f) = first(p, Rule::fallback) else {
        return Ok(None);
    };
    Ok(Some(Fallback {
        because: condition(ctx, first(&f, Rule::condition).expect("condition"))?,
        then: action(ctx, first(&f, Rule::action).expect("action"))?,
    }))
}

pub(super) fn step(ctx: &Ctx, p: P) -> Result<Step<Syntax>, Problem> {
    let mut out = Step {
        number: first(&p, Rule::step_no).map(|n| step_no(&first(&n, Rule::step_ref).expect("ref"))),
        alternatives: Vec::new(),
    };
    for c in p.into_inner() {
        let rule = c.as_rule();
        if !matches!(
            rule,
            Rule::cond_clause | Rule::else_clause | Rule::plain_clause
        ) {
            continue;
        }
        let act = (
            action(ctx, first(&c, Rule::action).expect("action"))?,
            fallback(ctx, &c)?,
        );
        let condition = match rule {
            Rule::cond_clause => Some(Condition::If(condition(
                ctx,
                first(&c, Rule::condition).expect("condition"),
            )?)),
            Rule::else_clause => Some(Condition::Otherwise),
            _ => match first(&c, Rule::only_if) {
                Some(o) => Some(Condition::If(condition(
                    ctx,
                    first(&o, Rule::condition).expect("condition"),
                )?)),
                None => None,
            },
        };
        match (condition, out.alternatives.last_mut()) {
            (None, Some(alt)) => alt.actions.push(act),
            (condition, _) => out.alternatives.push(Alternative {
                condition,
                actions: vec![act],
            }),
        }
    }
    Ok(out)
}
