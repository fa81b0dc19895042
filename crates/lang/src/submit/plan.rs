//! The execution plan as the rules want it, from the order language's resolved tree: numbered
//! steps with alternatives and conditions, split and chained marches, leaders, supports,
//! transports, refusals, preferences, the sword and Asha's list.

use super::SubmitError;
use crate::ast::{
    Action, Alternative as LAlt, Cmp, Cond, Condition as LCond, Item, LeaderChoice, Predicate,
    Resolved, Side, StepNo, SupportTarget as LTarget, UnitSel,
};
use maester_board::Board;
use maester_rules::orders::{
    Alternative, Condition, CrossSupport, DefenceLeader, District, MarchMove, MarchStep, Party,
    Pick, Plan, RaidStep, Refusal, Step, Substitute, SupportTarget, Transport, UnitSelection,
    Withheld,
};

/// Units named by the language, as the rules select them.
pub fn selection(u: UnitSel) -> UnitSelection {
    match u {
        UnitSel::All => UnitSelection::All,
        UnitSel::Kind(k) => UnitSelection::Kind(k),
        UnitSel::Counts(c) => UnitSelection::Exact(
            maester_board::UnitKind::ALL
                .iter()
                .filter(|k| c[k.index()] > 0)
                .map(|k| (*k, c[k.index()]))
                .collect(),
        ),
    }
}

fn predicate(p: &Predicate<Resolved>) -> Condition {
    match p {
        Predicate::Fallen { area, fallen: true } => Condition::Fallen(*area),
        Predicate::Fallen {
            area,
            fallen: false,
        } => Condition::not_fallen(*area),
        Predicate::ForeignUnits {
            area,
            present: true,
        } => Condition::ForeignUnits(*area),
        Predicate::ForeignUnits {
            area,
            present: false,
        } => Condition::Not(Box::new(Condition::ForeignUnits(*area))),
        Predicate::StepTaken(StepNo { major, minor }) => Condition::StepWas {
            step: (*major).min(u8::MAX as u16) as u8,
            alternative: minor.unwrap_or(1).min(u8::MAX as u16) as u8,
        },
        Predicate::Garrison {
            area,
            cmp: Cmp::Greater,
            value,
        } => Condition::GarrisonAbove {
            area: *area,
            n: *value,
        },
        Predicate::Garrison {
            area,
            cmp: Cmp::Less,
            value,
        } => {
            // strength < n  ⇔  not (strength > n − 1)
            Condition::Not(Box::new(Condition::GarrisonAbove {
                area: *area,
                n: value.saturating_sub(1),
            }))
        }
        Predicate::AttackedMe {
            house,
            attacked: true,
        } => Condition::AttackedBy(*house),
        Predicate::AttackedMe {
            house,
            attacked: false,
        } => Condition::not_attacked_by(*house),
    }
}

/// A written condition: 且 groups are `All`, 或 joins them with `Any`; a group or a list of one
/// is the condition itself.
fn compound(c: &Cond<Resolved>) -> Condition {
    let mut any: Vec<Condition> = c
        .any
        .iter()
        .map(|g| {
            let mut all: Vec<Condition> = g.iter().map(predicate).collect();
            match all.len() {
                1 => all.remove(0),
                _ => Condition::All(all),
            }
        })
        .collect();
    match any.len() {
        1 => any.remove(0),
        _ => Condition::Any(any),
    }
}

fn condition(c: &Option<LCond<Resolved>>) -> Option<Condition> {
    match c {
        Some(LCond::If(p)) => Some(compound(p)),
        Some(LCond::Otherwise) | None => None,
    }
}

fn leader_picks(l: &Option<LeaderChoice<Resolved>>) -> Vec<Pick<maester_board::LeaderId>> {
    match l {
        None => Vec::new(),
        Some(LeaderChoice::Named(id)) => vec![Pick::always(*id)],
        Some(LeaderChoice::Conditional {
            condition,
            then,
            otherwise,
        }) => {
            vec![
                Pick {
                    when: Some(compound(condition)),
                    value: *then,
                },
                Pick::always(*otherwise),
            ]
        }
    }
}

/// What one line's alternative turns into.
enum Part {
    March(MarchStep, Vec<MarchStep>),
    Raid(RaidStep),
    Supports(Vec<CrossSupport>),
    Transports(Vec<Transport>),
}

/// Marches of one action list from one area become one split march.
fn march_of(actions: &[&Action<Resolved>]) -> Result<Option<MarchStep>, SubmitError> {
    let mut step: Option<MarchStep> = None;
    for a in actions {
        let Action::March(m) = a else { continue };
        if m.forced {
            // 强行军: lines into one area are one forced march (004:L2591, A-78).
            let sel = (m.units.area, selection(m.units.units));
            match &mut step {
                Some(s) if s.is_forced() && s.from == m.to => s.gather.push(sel),
                Some(_) => {
                    return Err(SubmitError::ForcedMarchMix);
                }
                None => {
                    step = Some(MarchStep {
                        from: m.to,
                        moves: Vec::new(),
                        leave_token: false,
                        gather: vec![sel],
                    })
                }
            }
            continue;
        }
        let mv = MarchMove {
            units: selection(m.units.units),
            to: m.to,
            leader: leader_picks(&m.leader),
            defender: m.defender,
        };
        match &mut step {
            Some(s) if s.from == m.units.area && !s.is_forced() => {
                s.moves.push(mv);
                s.leave_token |= m.leave_token;
            }
            Some(_) => {
                return Err(SubmitError::SplitMarchOneArea);
            }
            None => {
                step = Some(MarchStep {
                    from: m.units.area,
                    moves: vec![mv],
                    leave_token: m.leave_token,
                    gather: Vec::new(),
                })
            }
        }
    }
    Ok(step)
}

fn part(alt: &LAlt<Resolved>) -> Result<Part, SubmitError> {
    let when = condition(&alt.condition);
    let actions: Vec<&Action<Resolved>> = alt.actions.iter().map(|(a, _)| a).collect();
    let kinds = (
        actions.iter().any(|a| matches!(a, Action::March(_))),
        actions.iter().any(|a| matches!(a, Action::Raid { .. })),
        actions.iter().any(|a| matches!(a, Action::Support { .. })),
        actions
            .iter()
            .any(|a| matches!(a, Action::Transport { .. })),
    );
    match kinds {
        (true, false, false, false) => {
            let Some(m) = march_of(&actions)? else {
                return Err(SubmitError::NoMarch);
            };
            let mut fallbacks = Vec::new();
            for (_, f) in &alt.actions {
                if let Some(f) = f {
                    match march_of(&[&f.then])? {
                        Some(fm) => fallbacks.push(fm),
                        None => {
                            return Err(SubmitError::FallbackNotMarch);
                        }
                    }
                }
            }
            Ok(Part::March(m, fallbacks))
        }
        (false, true, false, false) => {
            if when.is_some() {
                return Err(SubmitError::RaidCondition);
            }
            let [Action::Raid { units, targets }] = actions.as_slice() else {
                return Err(SubmitError::OneRaidPerLine);
            };
            Ok(Part::Raid(RaidStep {
                from: units.area,
                targets: targets.clone(),
            }))
        }
        (false, false, true, false) => {
            let mut out = Vec::new();
            for a in actions {
                if let Action::Support { from, target } = a {
                    let target = match target {
                        LTarget::Attack { units, to } => SupportTarget::Attack {
                            from: units.area,
                            to: *to,
                        },
                        LTarget::Defence { side, area } => SupportTarget::Defence {
                            party: match side {
                                Side::House(h) => Party::House(*h),
                                Side::Neutral(_) => Party::Neutral,
                            },
                            area: *area,
                        },
                    };
                    out.push(CrossSupport {
                        from: *from,
                        when: when.clone(),
                        target,
                    });
                }
            }
            Ok(Part::Supports(out))
        }
        (false, false, false, true) => {
            let mut out = Vec::new();
            for a in actions {
                if let Action::Transport { seas, units, to } = a {
                    out.push(Transport {
                        seas: seas.clone(),
                        from: units.area,
                        to: *to,
                        when: when.clone(),
                    });
                }
            }
            Ok(Part::Transports(out))
        }
        _ => Err(SubmitError::MixedActions),
    }
}

/// Build the plan from the items of a mail. Returns the plan and, per item line, an error.
pub fn build(
    board: &Board,
    items: &[(usize, &Item<Resolved>)],
) -> (Plan, Vec<(usize, SubmitError)>) {
    let mut plan = Plan::default();
    let mut errors = Vec::new();
    // Consecutive lines `n-1)`, `n-2)` … are the alternatives of step n.
    let mut open_major: Option<u16> = None;
    // The step number each entry of `plan.marches` was written with.
    let mut numbers: Vec<Option<StepNo>> = Vec::new();
    for (line, item) in items {
        let line = *line;
        match item {
            Item::Step(s) => {
                let mut alts: Vec<Alternative<MarchStep>> = Vec::new();
                let mut other: Vec<Part> = Vec::new();
                for alt in &s.alternatives {
                    match part(alt) {
                        Ok(Part::March(m, fallback)) => alts.push(Alternative {
                            when: condition(&alt.condition),
                            action: m,
                            fallback,
                        }),
                        Ok(p) => other.push(p),
                        Err(e) => errors.push((line, e)),
                    }
                }
                if !alts.is_empty() && !other.is_empty() {
                    errors.push((line, SubmitError::AlternativesNotMarches));
                    continue;
                }
                for p in other {
                    match p {
                        Part::Raid(r) => plan.raids.push(r),
                        Part::Supports(v) => plan.supports.extend(v),
                        Part::Transports(v) => plan.transports.extend(v),
                        Part::March(..) => {}
                    }
                }
                if alts.is_empty() {
                    continue;
                }
                let continues = matches!(s.number, Some(StepNo { major, minor: Some(m) }) if m > 1 && open_major == Some(major));
                // Plain lines of one area with the same step number (or none) are the parts of
                // one split march (004:L1273, A-27): `石圣堂2F移动到兰尼斯港` / `石圣堂1K移动到赫伦堡`.
                let plain = |a: &[Alternative<MarchStep>]| matches!(a, [x] if x.when.is_none() && x.fallback.is_empty());
                // The lines need not be next to each other: every such line joins the first one.
                let split_of = if s.number.is_none_or(|n| n.minor.is_none()) && plain(&alts) {
                    plan.marches.iter().zip(&numbers).position(|(l, n)| {
                        *n == s.number
                            && plain(&l.alternatives)
                            && l.alternatives[0].action.from == alts[0].action.from
                            && l.alternatives[0].action.is_forced() == alts[0].action.is_forced()
                    })
                } else {
                    None
                };
                if continues && let Some(last) = plan.marches.last_mut() {
                    last.alternatives.extend(alts);
                } else if let Some(first) = split_of.and_then(|j| plan.marches.get_mut(j)) {
                    let part = &alts[0].action;
                    let into = &mut first.alternatives[0].action;
                    into.moves.extend(part.moves.iter().cloned());
                    into.gather.extend(part.gather.iter().cloned());
                    into.leave_token |= part.leave_token;
                } else {
                    plan.marches.push(Step { alternatives: alts });
                    numbers.push(s.number);
                }
                open_major = match s.number {
                    Some(StepNo {
                        major,
                        minor: Some(_),
                    }) => Some(major),
                    _ => None,
                };
            }
            Item::Defender {
                area,
                leader,
                substitute,
            } => {
                plan.leaders.defence.push(DefenceLeader {
                    area: *area,
                    leader: vec![Pick::always(*leader)],
                });
                if let Some(s) = substitute {
                    plan.leaders.substitutes.push(Substitute {
                        area: *area,
                        leader: *s,
                    });
                }
            }
            Item::District { areas, leader } => plan.leaders.districts.push(District {
                areas: *areas,
                leader: *leader,
            }),
            Item::Refusal {
                house,
                from,
                battle,
            } => plan.refusals.push(Refusal {
                house: *house,
                from: *from,
                battle: *battle,
            }),
            Item::Casualties(kinds) => plan.units.casualties = kinds.clone(),
            Item::Retreat { from: None, to } => plan.retreat.extend(to.iter().copied()),
            Item::Fortify(a) => plan.fortify.push(*a),
            Item::Sword(u) => plan.sword = Some(u.area),
            Item::Cancels { targets, .. } => plan.asha.extend(targets.iter().copied()),
            Item::NoSupport { from, battle } => plan.withheld.push(Withheld {
                from: *from,
                battle: *battle,
            }),
            Item::DestroyCapturedShips => plan.destroy_captured_ships = true,
            Item::LeaderPick {
                leader,
                kill,
                kinds,
            } => {
                if let Err(e) = super::picks::leader_pick(board, &mut plan, *leader, *kill, kinds) {
                    errors.push((line, e));
                }
            }
            // 招募: the muster plan of a Recruit order (004:L2625).
            Item::Muster(items) => match super::items::muster_plan(items) {
                Ok(p) => plan
                    .recruit
                    .get_or_insert_with(Default::default)
                    .items
                    .extend(p.items),
                Err(e) => errors.push((line, e)),
            },
            _ => errors.push((line, SubmitError::WrongStep)),
        }
    }
    (plan, errors)
}

#[cfg(test)]
mod tests {
    use super::*;
    use maester_board::Board;

    fn plan_of(text: &str) -> (Plan, Vec<(usize, SubmitError)>) {
        let board = match Board::default_board() {
            Ok(b) => b,
            Err(e) => panic!("{e}"),
        };
        let names = crate::Names::from_board(&board);
        let parsed = crate::parse_submission(text, &names);
        assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
        let items: Vec<(usize, &Item<Resolved>)> =
            parsed.items.iter().map(|e| (e.line, &e.item)).collect();
        build(&board, &items)
    }

    #[test]
    fn split_march_lines_of_one_area_are_one_march_004_l1273_a27() {
        let (plan, errs) =
            plan_of("石圣堂2F移动到兰尼斯港\n石圣堂1K移动到赫伦堡\n石圣堂1E移动到滨海大道\n");
        assert!(errs.is_empty(), "{errs:?}");
        assert_eq!(plan.marches.len(), 1);
        assert_eq!(plan.marches[0].alternatives[0].action.moves.len(), 3);
    }

    #[test]
    fn split_lines_of_one_area_join_even_when_not_next_to_each_other_a27() {
        let (plan, errs) =
            plan_of("石圣堂1K移动到赫伦堡\n兰尼斯港1F移动到奔流城\n石圣堂1F移动到滨海大道\n");
        assert!(errs.is_empty(), "{errs:?}");
        assert_eq!(plan.marches.len(), 2, "石圣堂's two lines are one march");
        assert_eq!(plan.marches[0].alternatives[0].action.moves.len(), 2);
        assert_eq!(plan.marches[1].alternatives[0].action.moves.len(), 1);
        // Different step numbers stay different steps.
        let (plan, _) = plan_of("1) 石圣堂1K移动到赫伦堡\n2) 石圣堂1F移动到滨海大道\n");
        assert_eq!(plan.marches.len(), 2);
    }

    #[test]
    fn chained_march_steps_stay_two_steps_004_l1344() {
        let (plan, _) = plan_of("1) 河湾地1K移动到黑水河。\n2) 黑水河军团移动到赫伦堡。\n");
        assert_eq!(plan.marches.len(), 2);
    }

    #[test]
    fn numbered_alternatives_form_one_step_a29() {
        let (plan, errs) = plan_of(
            "1-1) 如果御林失守,风息堡1K 移动到 御林。\n1-2) 如果多恩海已经失守,则东夏海2S 移动到 多恩海。\n2-1) 如果第一步执行的是1-1,则东夏海2S 移动到 西夏海。\n2-2) 如果第一步执行的是1-2,则风息堡1K 移动到 骨路。\n",
        );
        assert!(errs.is_empty(), "{errs:?}");
        assert_eq!(plan.marches.len(), 2);
        assert_eq!(plan.marches[0].alternatives.len(), 2);
        assert_eq!(
            plan.marches[1].alternatives[0].when,
            Some(Condition::StepWas {
                step: 1,
                alternative: 1
            })
        );
    }

    #[test]
    fn cross_house_support_and_transport_lines_004_l1414_l1575() {
        let (plan, errs) = plan_of(
            "卡林湾 支援 海怪家族 防守 海疆城\n如果白狼家族在本回合没有攻击我,则支援白狼家族 防守 卡林湾。\n东夏海 和 西夏海 运输 龙石岛军团 移动到 菲林特之指\n",
        );
        assert!(errs.is_empty(), "{errs:?}");
        assert_eq!(plan.supports.len(), 2);
        assert!(
            plan.supports[1].from.is_none(),
            "A-37: no source area means every support order"
        );
        assert!(plan.supports[1].when.is_some());
        assert_eq!(plan.transports.len(), 1);
        assert_eq!(plan.transports[0].seas.len(), 2);
    }

    fn ids() -> (Board, impl Fn(&str) -> maester_board::AreaId) {
        let board = match Board::default_board() {
            Ok(b) => b,
            Err(e) => panic!("{e}"),
        };
        let keys: Vec<(String, maester_board::AreaId)> =
            board.areas.iter().map(|a| (a.key.clone(), a.id)).collect();
        let id = move |k: &str| match keys.iter().find(|(x, _)| x == k) {
            Some((_, a)) => *a,
            None => panic!("no area {k}"),
        };
        (board, id)
    }

    #[test]
    fn and_groups_become_all_joined_by_any_a29_a30() {
        let (_, id) = ids();
        let (plan, errs) = plan_of(
            "如果滨海大道失守且河湾地未失守或铁民湾有其他家族的部队,则金声海2S 移动到 铁民湾。\n",
        );
        assert!(errs.is_empty(), "{errs:?}");
        assert_eq!(
            plan.marches[0].alternatives[0].when,
            Some(Condition::Any(vec![
                Condition::All(vec![
                    Condition::Fallen(id("searoad-marches")),
                    Condition::not_fallen(id("the-reach")),
                ]),
                Condition::ForeignUnits(id("ironmans-bay")),
            ]))
        );
        let (plan, _) = plan_of("卡林湾 支援 海怪家族 防守 海疆城 (仅当白港失守且狭海失守时)\n");
        assert_eq!(
            plan.supports[0].when,
            Some(Condition::All(vec![
                Condition::Fallen(id("white-harbor")),
                Condition::Fallen(id("the-narrow-sea")),
            ]))
        );
    }

    #[test]
    fn neutral_defence_support_and_withheld_support_004_l1369_l1398() {
        let (_, id) = ids();
        let (plan, errs) = plan_of("黑水河 支援 君临 防守 君临\n石圣堂 不支援 黑水河\n");
        assert!(errs.is_empty(), "{errs:?}");
        assert_eq!(
            plan.supports[0].target,
            SupportTarget::Defence {
                party: Party::Neutral,
                area: id("kings-landing"),
            }
        );
        assert_eq!(
            plan.withheld,
            vec![Withheld {
                from: id("stoney-sept"),
                battle: id("blackwater"),
            }]
        );
    }
}
