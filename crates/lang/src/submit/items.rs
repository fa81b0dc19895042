//! The event-phase, Raven and retreat lines of a mail as the rules' typed submissions: which
//! language items belong to which step, and how each becomes part of `game::EventOrders`,
//! `game::EventAnswers`, a `RavenChange` or retreat choices.

use crate::Resolved;
use crate::ast::{Item, Muster, Reward, UnitRef, UnitSel};
use maester_board::{AreaId, Lang, UnitKind};
use maester_game::{EventAnswers, EventOrders, Part, RetreatChoice};
use maester_rules::armies::muster::{MusterAction, MusterItem, MusterPlan};
use maester_rules::event_phase::bidding::ClashBid;
use maester_rules::event_phase::build::{BuildPlan, PortBuild};
use maester_rules::event_phase::economy::DisbandPlan;
use maester_rules::event_phase::rewards::RewardClaim;
use maester_rules::event_phase::wildlings::{PenaltyChoice, WildlingReward};
use maester_rules::orders::RavenChange;
use maester_rules::{GameState, Step};

fn msg(lang: Lang, zh: &str, en: &str) -> String {
    match lang {
        Lang::Zh => zh.to_string(),
        Lang::En => en.to_string(),
    }
}

/// The units a reference names, one entry per unit: exact counts as written; a kind or a whole
/// area as they stand now.
pub fn units_of(state: &GameState, r: &UnitRef<Resolved>) -> Vec<(AreaId, UnitKind)> {
    let here = || state.area(r.area).units.iter().map(|u| u.kind);
    match r.units {
        UnitSel::Counts(c) => UnitKind::ALL
            .iter()
            .flat_map(|k| std::iter::repeat_n((r.area, *k), c[k.index()] as usize))
            .collect(),
        UnitSel::Kind(k) => here().filter(|x| *x == k).map(|x| (r.area, x)).collect(),
        UnitSel::All => here().map(|x| (r.area, x)).collect(),
    }
}

/// A muster plan from the language's items.
pub fn muster_plan(items: &[Muster<Resolved>], lang: Lang) -> Result<MusterPlan, String> {
    let mut plan = MusterPlan::default();
    for m in items {
        match m {
            Muster::Recruit { area, units, to } => {
                for k in UnitKind::ALL {
                    for _ in 0..units[k.index()] {
                        let action = if k == UnitKind::Ship {
                            MusterAction::Ship(to.clone())
                        } else if !to.is_empty() {
                            return Err(msg(
                                lang,
                                "陆军征募在城堡所在的区域,不能指定去向(004:L745)。",
                                "land units are mustered in the castle's own province (004:L745).",
                            ));
                        } else {
                            MusterAction::Unit(k)
                        };
                        plan.items.push(MusterItem {
                            castle: *area,
                            action,
                        });
                    }
                }
            }
            Muster::Upgrade { area, units, into } => {
                for k in UnitKind::ALL {
                    for _ in 0..units[k.index()] {
                        plan.items.push(MusterItem {
                            castle: *area,
                            action: MusterAction::Upgrade { from: k, to: *into },
                        });
                    }
                }
            }
        }
    }
    Ok(plan)
}

fn byte(n: u16, lang: Lang) -> Result<u8, String> {
    u8::try_from(n).map_err(|_| {
        msg(
            lang,
            "出价太大了:最多20个势力标志(004:L808)。",
            "that bid is too large: nobody owns more than 20 tokens (004:L808).",
        )
    })
}

/// Whether an item belongs to the event phase, the Raven or the retreat step (and which part).
pub fn part_of(step: Step, item: &Item<Resolved>) -> Option<Part> {
    match (step, item) {
        (Step::Events, Item::Choose(_)) => Some(Part::Choice),
        (Step::Events, Item::Disband(_)) => Some(Part::Disband),
        (Step::Events, Item::Muster(_)) => Some(Part::Muster),
        (Step::Events, Item::Bid { .. }) => Some(Part::Clash),
        (Step::Events, Item::WildlingBid(_)) => Some(Part::WildlingBid),
        (Step::Events, Item::Reward(Reward::Recall(_) | Reward::Rest(_) | Reward::Capture(_))) => {
            Some(Part::Claim)
        }
        (
            Step::Events | Step::Placement,
            Item::BuildPort { .. } | Item::DemolishPort(_) | Item::Fortify(_),
        ) => Some(Part::Build),
        (Step::EventsAnswers, Item::TieBreak { .. }) => Some(Part::Tie),
        (
            Step::EventsAnswers,
            Item::Reward(Reward::Recall(_) | Reward::Upgrade(_) | Reward::Muster(_)),
        ) => Some(Part::Reward),
        (Step::EventsAnswers, Item::Disband(_) | Item::Downgrade(_) | Item::DropTrack(_)) => {
            Some(Part::Penalty)
        }
        (Step::EventsAnswers, Item::Muster(_)) => Some(Part::Muster),
        (Step::Raven, Item::Raven(_)) => Some(Part::Raven),
        (Step::Retreat, Item::Retreat { from: Some(_), .. }) => Some(Part::Retreat),
        _ => None,
    }
}

/// Add one first-window item to the house's orders.
pub fn add_event_item(
    o: &mut EventOrders,
    state: &GameState,
    item: &Item<Resolved>,
    lang: Lang,
) -> Result<(), String> {
    match item {
        Item::Disband(refs) => {
            let d = o.disband.get_or_insert_with(DisbandPlan::default);
            for r in refs {
                d.units.extend(units_of(state, r));
            }
        }
        Item::Muster(items) => {
            let plan = muster_plan(items, lang)?;
            o.muster
                .get_or_insert_with(MusterPlan::default)
                .items
                .extend(plan.items);
        }
        Item::Bid {
            iron_throne,
            fiefdoms,
            kings_court,
        } => {
            o.clash = Some(ClashBid {
                throne: byte(*iron_throne, lang)?,
                fiefdoms: byte(*fiefdoms, lang)?,
                court: byte(*kings_court, lang)?,
            })
        }
        Item::WildlingBid(n) => o.wildling_bid = Some(byte(*n, lang)?),
        Item::Choose(e) => o.choices.push(*e),
        Item::Reward(Reward::Recall(l)) => o.claims.push(RewardClaim::Luwin(*l)),
        Item::Reward(Reward::Rest(l)) => o.claims.push(RewardClaim::Melisandre(*l)),
        Item::Reward(Reward::Capture(t)) => o.claims.push(RewardClaim::Doran(*t)),
        Item::BuildPort { .. } | Item::DemolishPort(_) | Item::Fortify(_) => {
            add_build_item(&mut o.build, item)?
        }
        _ => return Err(String::new()),
    }
    Ok(())
}

/// Add a port or a fortification line to a building plan.
pub fn add_build_item(b: &mut BuildPlan, item: &Item<Resolved>) -> Result<(), String> {
    match item {
        Item::BuildPort { area, coast } => b.ports.push(PortBuild {
            province: *area,
            sea: *coast,
        }),
        Item::DemolishPort(a) => b.demolish.push(*a),
        Item::Fortify(a) => b.fortify.push(*a),
        _ => return Err(String::new()),
    }
    Ok(())
}

/// Add one second-window item to the house's answers.
pub fn add_answer_item(
    a: &mut EventAnswers,
    state: &GameState,
    item: &Item<Resolved>,
    lang: Lang,
) -> Result<(), String> {
    match item {
        Item::TieBreak {
            wildlings: true,
            order,
            ..
        } => a.wildling_ties.push(order.clone()),
        Item::TieBreak {
            track: t, order, ..
        } => a.ties.push((*t, order.clone())),
        Item::Reward(Reward::Recall(l)) => a.reward = Some(WildlingReward::RecallLeader(*l)),
        Item::Reward(Reward::Upgrade(refs)) => {
            let ups = refs
                .iter()
                .flat_map(|r| match r.units {
                    // 升级 临冬城步兵: one footman.
                    UnitSel::Kind(k) => vec![(r.area, k)],
                    UnitSel::All => units_of(state, r)
                        .into_iter()
                        .filter(|(_, k)| matches!(k, UnitKind::Footman | UnitKind::Archer))
                        .collect(),
                    UnitSel::Counts(_) => units_of(state, r),
                })
                .collect();
            a.reward = Some(WildlingReward::Knights(ups));
        }
        Item::Reward(Reward::Muster(items)) => {
            a.reward = Some(WildlingReward::Muster(muster_plan(items, lang)?))
        }
        Item::Disband(refs) => {
            let mut units = match a.penalty.take() {
                Some(PenaltyChoice::Disband(u)) => u,
                _ => Vec::new(),
            };
            for r in refs {
                units.extend(units_of(state, r));
            }
            a.penalty = Some(PenaltyChoice::Disband(units));
        }
        Item::Downgrade(v) => {
            let mut knights = match a.penalty.take() {
                Some(PenaltyChoice::Downgrade(u)) => u,
                _ => Vec::new(),
            };
            for d in v {
                if d.knights == 0 {
                    return Err(msg(
                        lang,
                        "降级只针对骑士,例如「降级: 临冬城 1K 为 步兵」(004:L1131)。",
                        "only knights are downgraded, e.g. \"downgrade: Winterfell 1K to footman\" (004:L1131).",
                    ));
                }
                let into = d.into.unwrap_or(UnitKind::Footman);
                knights.extend(std::iter::repeat_n((d.area, into), d.knights as usize));
            }
            a.penalty = Some(PenaltyChoice::Downgrade(knights));
        }
        Item::DropTrack(t) => a.penalty = Some(PenaltyChoice::Track(*t)),
        Item::Muster(items) => {
            let plan = muster_plan(items, lang)?;
            a.muster
                .get_or_insert_with(MusterPlan::default)
                .items
                .extend(plan.items);
        }
        _ => return Err(String::new()),
    }
    Ok(())
}

/// The Raven change of a `信鸦:` line.
pub fn raven_change(item: &Item<Resolved>, lang: Lang) -> Result<RavenChange, String> {
    match item {
        Item::Raven(p) => match (p.order, &p.one_time) {
            (Some(order), None) => Ok(RavenChange {
                area: p.area,
                order,
            }),
            _ => Err(msg(
                lang,
                "信鸦只能把一条命令改成另一种普通或特殊命令(004:L1703)。",
                "the Raven changes one order into another normal or special order (004:L1703).",
            )),
        },
        _ => Err(String::new()),
    }
}

/// The retreat choice of a `撤退 X 到 Y` line.
pub fn retreat_choice(item: &Item<Resolved>) -> Option<RetreatChoice> {
    match item {
        Item::Retreat {
            from: Some(from),
            to,
        } => Some(RetreatChoice {
            from: *from,
            to: to.clone(),
        }),
        _ => None,
    }
}
