//! The event-phase, Raven and retreat lines of a mail as the rules' typed submissions: which
//! language items belong to which step, and how each becomes part of `game::EventOrders`,
//! `game::EventAnswers`, a `RavenChange` or retreat choices.

use super::SubmitError;
use crate::Resolved;
use crate::ast::{Item, Muster, Reward, UnitRef, UnitSel};
use maester_board::{AreaId, UnitKind};
use maester_game::{EventAnswers, EventOrders, Part, RetreatChoice};
use maester_rules::armies::muster::{MusterAction, MusterItem, MusterPlan};
use maester_rules::event_phase::bidding::ClashBid;
use maester_rules::event_phase::build::{BuildPlan, PortBuild};
use maester_rules::event_phase::economy::DisbandPlan;
use maester_rules::event_phase::rewards::RewardClaim;
use maester_rules::event_phase::wildlings::{PenaltyChoice, WildlingReward};
use maester_rules::orders::RavenChange;
use maester_rules::{GameState, Step};

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
pub fn muster_plan(items: &[Muster<Resolved>]) -> Result<MusterPlan, SubmitError> {
    let mut plan = MusterPlan::default();
    for m in items {
        match m {
            Muster::Recruit { area, units, to } => {
                for k in UnitKind::ALL {
                    for _ in 0..units[k.index()] {
                        let action = if k == UnitKind::Ship {
                            MusterAction::Ship(to.clone())
                        } else if !to.is_empty() {
                            return Err(SubmitError::LandMusterDestination);
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

fn byte(n: u16) -> Result<u8, SubmitError> {
    u8::try_from(n).map_err(|_| SubmitError::BidTooLarge)
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
) -> Result<(), SubmitError> {
    match item {
        Item::Disband(refs) => {
            let d = o.disband.get_or_insert_with(DisbandPlan::default);
            for r in refs {
                d.units.extend(units_of(state, r));
            }
        }
        Item::Muster(items) => {
            let plan = muster_plan(items)?;
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
                throne: byte(*iron_throne)?,
                fiefdoms: byte(*fiefdoms)?,
                court: byte(*kings_court)?,
            })
        }
        Item::WildlingBid(n) => o.wildling_bid = Some(byte(*n)?),
        Item::Choose(e) => o.choices.push(*e),
        Item::Reward(Reward::Recall(l)) => o.claims.push(RewardClaim::Luwin(*l)),
        Item::Reward(Reward::Rest(l)) => o.claims.push(RewardClaim::Melisandre(*l)),
        Item::Reward(Reward::Capture(t)) => o.claims.push(RewardClaim::Doran(*t)),
        Item::BuildPort { .. } | Item::DemolishPort(_) | Item::Fortify(_) => {
            add_build_item(&mut o.build, item)?
        }
        _ => return Err(SubmitError::WrongStep),
    }
    Ok(())
}

/// Add a port or a fortification line to a building plan.
pub fn add_build_item(b: &mut BuildPlan, item: &Item<Resolved>) -> Result<(), SubmitError> {
    match item {
        Item::BuildPort { area, coast } => b.ports.push(PortBuild {
            province: *area,
            sea: *coast,
        }),
        Item::DemolishPort(a) => b.demolish.push(*a),
        Item::Fortify(a) => b.fortify.push(*a),
        _ => return Err(SubmitError::WrongStep),
    }
    Ok(())
}

/// Add one second-window item to the house's answers.
pub fn add_answer_item(
    a: &mut EventAnswers,
    state: &GameState,
    item: &Item<Resolved>,
) -> Result<(), SubmitError> {
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
            a.reward = Some(WildlingReward::Muster(muster_plan(items)?))
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
                    return Err(SubmitError::KnightsOnly);
                }
                let into = d.into.unwrap_or(UnitKind::Footman);
                knights.extend(std::iter::repeat_n((d.area, into), d.knights as usize));
            }
            a.penalty = Some(PenaltyChoice::Downgrade(knights));
        }
        Item::DropTrack(t) => a.penalty = Some(PenaltyChoice::Track(*t)),
        Item::Muster(items) => {
            let plan = muster_plan(items)?;
            a.muster
                .get_or_insert_with(MusterPlan::default)
                .items
                .extend(plan.items);
        }
        _ => return Err(SubmitError::WrongStep),
    }
    Ok(())
}

/// The Raven change of a `信鸦:` line.
pub fn raven_change(item: &Item<Resolved>) -> Result<RavenChange, SubmitError> {
    match item {
        Item::Raven(p) => match (p.order, &p.one_time) {
            (Some(order), None) => Ok(RavenChange {
                area: p.area,
                order,
            }),
            _ => Err(SubmitError::RavenOrderOnly),
        },
        _ => Err(SubmitError::WrongStep),
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
