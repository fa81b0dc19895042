//! A typed submission written back in the order language (through the language's canonical
//! echo), so that generated games can be played by mail: what the daemon reads back must be the
//! same submission.

use maester_board::{AreaId, Lang, UnitKind};
use maester_game::{EventAnswers, EventOrders, Submission};
use maester_lang::Resolved;
use maester_lang::ast::{
    Action, Alternative, Downgrade, Item, LeaderChoice, March, Muster, Placement, Reward, Step,
    StepNo, UnitRef, UnitSel,
};
use maester_lang::{Names, echo};
use maester_rules::armies::muster::{MusterAction, MusterPlan};
use maester_rules::event_phase::build::BuildPlan;
use maester_rules::event_phase::rewards::RewardClaim;
use maester_rules::event_phase::wildlings::{PenaltyChoice, WildlingReward};
use maester_rules::orders::{Plan, UnitSelection};

fn one(area: AreaId, k: UnitKind) -> UnitRef<Resolved> {
    let mut c = [0u8; 5];
    c[k.index()] = 1;
    UnitRef {
        area,
        units: UnitSel::Counts(c),
    }
}

fn sel(u: &UnitSelection) -> UnitSel {
    match u {
        UnitSelection::All => UnitSel::All,
        UnitSelection::Kind(k) => UnitSel::Kind(*k),
        UnitSelection::Exact(v) => {
            let mut c = [0u8; 5];
            for (k, n) in v {
                c[k.index()] = c[k.index()].saturating_add(*n);
            }
            UnitSel::Counts(c)
        }
    }
}

fn musters(p: &MusterPlan) -> Vec<Muster<Resolved>> {
    p.items
        .iter()
        .map(|i| {
            let mut c = [0u8; 5];
            match &i.action {
                MusterAction::Unit(k) => {
                    c[k.index()] = 1;
                    Muster::Recruit {
                        area: i.castle,
                        units: c,
                        to: Vec::new(),
                    }
                }
                MusterAction::Ship(to) => {
                    c[UnitKind::Ship.index()] = 1;
                    Muster::Recruit {
                        area: i.castle,
                        units: c,
                        to: to.clone(),
                    }
                }
                MusterAction::Upgrade { from, to } => {
                    c[from.index()] = 1;
                    Muster::Upgrade {
                        area: i.castle,
                        units: c,
                        into: *to,
                    }
                }
            }
        })
        .collect()
}

fn build_items(b: &BuildPlan, v: &mut Vec<Item<Resolved>>) {
    for p in &b.ports {
        v.push(Item::BuildPort {
            area: p.province,
            coast: p.sea,
        });
    }
    for a in &b.demolish {
        v.push(Item::DemolishPort(*a));
    }
    for a in &b.fortify {
        v.push(Item::Fortify(*a));
    }
}

/// The items of an execution plan: raids and marches as numbered steps, the sword.
fn plan_items(p: &Plan, v: &mut Vec<Item<Resolved>>) {
    let mut n = 0u16;
    let mut step = |action: Action<Resolved>| {
        n += 1;
        Item::Step(Step {
            number: Some(StepNo {
                major: n,
                minor: None,
            }),
            alternatives: vec![Alternative {
                condition: None,
                actions: vec![(action, None)],
            }],
        })
    };
    for r in &p.raids {
        v.push(step(Action::Raid {
            units: UnitRef {
                area: r.from,
                units: UnitSel::All,
            },
            targets: r.targets.clone(),
        }));
    }
    for m in &p.marches {
        let Some(alt) = m.alternatives.first() else {
            continue;
        };
        for mv in &alt.action.moves {
            v.push(step(Action::March(March {
                units: UnitRef {
                    area: alt.action.from,
                    units: sel(&mv.units),
                },
                to: mv.to,
                forced: false,
                special: false,
                leader: mv.leader.first().map(|p| LeaderChoice::Named(p.value)),
                defender: mv.defender,
                leave_token: alt.action.leave_token,
            })));
        }
    }
    if let Some(a) = p.sword {
        v.push(Item::Sword(UnitRef {
            area: a,
            units: UnitSel::All,
        }));
    }
}

/// The items of the event phase's first window.
fn event_items(o: &EventOrders, v: &mut Vec<Item<Resolved>>) {
    if let Some(d) = &o.disband {
        v.push(Item::Disband(
            d.units.iter().map(|(a, k)| one(*a, *k)).collect(),
        ));
    }
    if let Some(m) = o.muster.as_ref().filter(|m| !m.items.is_empty()) {
        v.push(Item::Muster(musters(m)));
    }
    if let Some(b) = o.clash {
        v.push(Item::Bid {
            iron_throne: b.throne.into(),
            fiefdoms: b.fiefdoms.into(),
            kings_court: b.court.into(),
        });
    }
    if let Some(n) = o.wildling_bid {
        v.push(Item::WildlingBid(n.into()));
    }
    for c in &o.claims {
        v.push(Item::Reward(match c {
            RewardClaim::Luwin(l) => Reward::Recall(*l),
            RewardClaim::Melisandre(l) => Reward::Rest(*l),
            RewardClaim::Doran(t) => Reward::Capture(*t),
        }));
    }
    build_items(&o.build, v);
}

/// The items of the event phase's second window.
fn answer_items(a: &EventAnswers, v: &mut Vec<Item<Resolved>>) {
    for (t, order) in &a.ties {
        v.push(Item::TieBreak {
            track: *t,
            wildlings: false,
            order: order.clone(),
        });
    }
    for order in &a.wildling_ties {
        v.push(Item::TieBreak {
            track: None,
            wildlings: true,
            order: order.clone(),
        });
    }
    match &a.reward {
        Some(WildlingReward::RecallLeader(l)) => v.push(Item::Reward(Reward::Recall(*l))),
        Some(WildlingReward::Knights(ups)) if !ups.is_empty() => v.push(Item::Reward(
            Reward::Upgrade(ups.iter().map(|(a, k)| one(*a, *k)).collect()),
        )),
        Some(WildlingReward::Muster(p)) if !p.items.is_empty() => {
            v.push(Item::Reward(Reward::Muster(musters(p))))
        }
        _ => {}
    }
    match &a.penalty {
        Some(PenaltyChoice::Disband(units)) if !units.is_empty() => v.push(Item::Disband(
            units.iter().map(|(a, k)| one(*a, *k)).collect(),
        )),
        Some(PenaltyChoice::Downgrade(ks)) if !ks.is_empty() => v.push(Item::Downgrade(
            ks.iter()
                .map(|(area, into)| Downgrade {
                    area: *area,
                    knights: 1,
                    into: Some(*into),
                })
                .collect(),
        )),
        Some(PenaltyChoice::Track(t)) => v.push(Item::DropTrack(*t)),
        _ => {}
    }
    if let Some(m) = a.muster.as_ref().filter(|m| !m.items.is_empty()) {
        v.push(Item::Muster(musters(m)));
    }
}

/// The language items of a submission (parts the language cannot say are left out).
pub fn items(sub: &Submission) -> Vec<Item<Resolved>> {
    let mut v = Vec::new();
    match sub {
        Submission::Placement(p) => {
            for (area, o) in &p.orders {
                v.push(Item::Placement(Placement {
                    area: *area,
                    order: Some(*o),
                    one_time: None,
                }));
            }
            build_items(&p.build, &mut v);
        }
        Submission::Raven(c) => v.push(Item::Raven(Placement {
            area: c.area,
            order: Some(c.order),
            one_time: None,
        })),
        Submission::Plan(p) => plan_items(p, &mut v),
        Submission::Retreat(rs) => {
            for r in rs {
                v.push(Item::Retreat {
                    from: Some(r.from),
                    to: r.to.clone(),
                });
            }
        }
        Submission::Events(o) => event_items(o, &mut v),
        Submission::Answers(a) => answer_items(a, &mut v),
    }
    v
}

/// Whether [`items`] is empty, without building the items (the simulator asks it of every
/// submission it generates).
pub fn says_nothing(sub: &Submission) -> bool {
    let no_builds =
        |b: &BuildPlan| b.ports.is_empty() && b.demolish.is_empty() && b.fortify.is_empty();
    let no_muster = |m: &Option<MusterPlan>| m.as_ref().is_none_or(|m| m.items.is_empty());
    match sub {
        Submission::Placement(p) => p.orders.is_empty() && no_builds(&p.build),
        Submission::Raven(_) => false,
        Submission::Plan(p) => {
            p.raids.is_empty()
                && p.sword.is_none()
                && p.marches.iter().all(|m| {
                    m.alternatives
                        .first()
                        .is_none_or(|a| a.action.moves.is_empty())
                })
        }
        Submission::Retreat(rs) => rs.is_empty(),
        Submission::Events(o) => {
            o.disband.is_none()
                && no_muster(&o.muster)
                && o.clash.is_none()
                && o.wildling_bid.is_none()
                && o.claims.is_empty()
                && no_builds(&o.build)
        }
        Submission::Answers(a) => {
            let reward = match &a.reward {
                Some(WildlingReward::RecallLeader(_)) => true,
                Some(WildlingReward::Knights(ups)) => !ups.is_empty(),
                Some(WildlingReward::Muster(p)) => !p.items.is_empty(),
                _ => false,
            };
            let penalty = match &a.penalty {
                Some(PenaltyChoice::Disband(units)) => !units.is_empty(),
                Some(PenaltyChoice::Downgrade(ks)) => !ks.is_empty(),
                Some(PenaltyChoice::Track(_)) => true,
                _ => false,
            };
            a.ties.is_empty()
                && a.wildling_ties.is_empty()
                && !reward
                && !penalty
                && no_muster(&a.muster)
        }
    }
}

/// The submission as lines of the order language in `lang`.
pub fn text(sub: &Submission, names: &Names, lang: Lang) -> Vec<String> {
    items(sub)
        .iter()
        .map(|i| echo::echo_item(i, names, lang))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use maester_board::{HouseId, Order, OrderType};
    use maester_game::{EventAnswers, EventOrders, Orders, RetreatChoice};
    use maester_rules::Track;
    use maester_rules::armies::muster::MusterItem;
    use maester_rules::event_phase::bidding::ClashBid;
    use maester_rules::event_phase::build::PortBuild;
    use maester_rules::event_phase::economy::DisbandPlan;
    use maester_rules::orders::{
        MarchMove, MarchStep, Plan, RaidStep, RavenChange, Step as PlanStep,
    };

    /// `says_nothing` is exactly "no item": every shape of every kind of submission, empty and
    /// not (the simulator drops a submission that says nothing as silence).
    #[test]
    fn says_nothing_agrees_with_items_for_every_kind_of_submission() {
        let a = AreaId(3);
        let muster = |n: usize| MusterPlan {
            items: (0..n)
                .map(|_| MusterItem {
                    castle: a,
                    action: MusterAction::Unit(UnitKind::Footman),
                })
                .collect(),
        };
        let march = |moves: Vec<MarchMove>| {
            PlanStep::single(MarchStep {
                from: a,
                moves,
                leave_token: false,
                gather: Vec::new(),
            })
        };
        let mut cases: Vec<Submission> = vec![
            Submission::Placement(Orders::default()),
            Submission::Raven(RavenChange {
                area: a,
                order: Order {
                    kind: OrderType::Raid,
                    special: false,
                },
            }),
            Submission::Plan(Box::default()),
            Submission::Retreat(Vec::new()),
            Submission::Retreat(vec![RetreatChoice {
                from: a,
                to: vec![a],
            }]),
            Submission::Events(EventOrders::default()),
            Submission::Answers(EventAnswers::default()),
        ];
        let mut placed = Orders::default();
        placed.placement.orders.push((
            a,
            Order {
                kind: OrderType::March,
                special: false,
            },
        ));
        cases.push(Submission::Placement(placed));
        let mut port = Orders::default();
        port.build.ports.push(PortBuild {
            province: a,
            sea: None,
        });
        cases.push(Submission::Placement(port));
        let mut fort = Orders::default();
        fort.build.fortify.push(a);
        cases.push(Submission::Placement(fort));
        let mut demolish = Orders::default();
        demolish.build.demolish.push(a);
        cases.push(Submission::Placement(demolish));
        let plans: Vec<Plan> = vec![
            Plan {
                raids: vec![RaidStep {
                    from: a,
                    targets: vec![a],
                }],
                ..Plan::default()
            },
            Plan {
                sword: Some(a),
                ..Plan::default()
            },
            Plan {
                marches: vec![march(Vec::new())],
                ..Plan::default()
            },
            Plan {
                marches: vec![march(vec![MarchMove::new(UnitSelection::All, a)])],
                ..Plan::default()
            },
            Plan {
                marches: vec![PlanStep {
                    alternatives: Vec::new(),
                }],
                ..Plan::default()
            },
            Plan {
                fortify: vec![a],
                ..Plan::default()
            },
        ];
        cases.extend(plans.into_iter().map(|p| Submission::Plan(Box::new(p))));
        let events: Vec<EventOrders> = vec![
            EventOrders {
                disband: Some(DisbandPlan { units: Vec::new() }),
                ..Default::default()
            },
            EventOrders {
                muster: Some(muster(0)),
                ..Default::default()
            },
            EventOrders {
                muster: Some(muster(1)),
                ..Default::default()
            },
            EventOrders {
                clash: Some(ClashBid {
                    throne: 0,
                    fiefdoms: 0,
                    court: 0,
                }),
                ..Default::default()
            },
            EventOrders {
                wildling_bid: Some(0),
                ..Default::default()
            },
            EventOrders {
                claims: vec![RewardClaim::Doran(Track::Fiefdoms)],
                ..Default::default()
            },
            EventOrders {
                build: BuildPlan {
                    fortify: vec![a],
                    ..Default::default()
                },
                ..Default::default()
            },
        ];
        cases.extend(events.into_iter().map(Submission::Events));
        let answers: Vec<EventAnswers> = vec![
            EventAnswers {
                ties: vec![(None, vec![HouseId(0)])],
                ..Default::default()
            },
            EventAnswers {
                reward: Some(WildlingReward::Knights(Vec::new())),
                ..Default::default()
            },
            EventAnswers {
                reward: Some(WildlingReward::Knights(vec![(a, UnitKind::Footman)])),
                ..Default::default()
            },
            EventAnswers {
                reward: Some(WildlingReward::Muster(muster(0))),
                ..Default::default()
            },
            EventAnswers {
                reward: Some(WildlingReward::Muster(muster(2))),
                ..Default::default()
            },
            EventAnswers {
                reward: Some(WildlingReward::RecallLeader(maester_board::LeaderId(0))),
                ..Default::default()
            },
            EventAnswers {
                penalty: Some(PenaltyChoice::Disband(Vec::new())),
                ..Default::default()
            },
            EventAnswers {
                penalty: Some(PenaltyChoice::Disband(vec![(a, UnitKind::Ship)])),
                ..Default::default()
            },
            EventAnswers {
                penalty: Some(PenaltyChoice::Downgrade(Vec::new())),
                ..Default::default()
            },
            EventAnswers {
                penalty: Some(PenaltyChoice::Downgrade(vec![(a, UnitKind::Archer)])),
                ..Default::default()
            },
            EventAnswers {
                penalty: Some(PenaltyChoice::Track(Track::KingsCourt)),
                ..Default::default()
            },
            EventAnswers {
                muster: Some(muster(0)),
                ..Default::default()
            },
            EventAnswers {
                muster: Some(muster(1)),
                ..Default::default()
            },
        ];
        cases.extend(answers.into_iter().map(Submission::Answers));
        let (mut empty, mut full) = (0, 0);
        for c in &cases {
            let none = items(c).is_empty();
            assert_eq!(says_nothing(c), none, "{c:?}");
            if none { empty += 1 } else { full += 1 }
        }
        assert!(empty >= 10 && full >= 15, "{empty} empty, {full} not");
    }
}
