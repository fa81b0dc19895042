//! A typed submission written back in the order language (through the language's canonical
//! echo), so that generated games can be played by mail: what the daemon reads back must be the
//! same submission.

use crate::board::{AreaId, Lang, UnitKind};
use crate::game::Submission;
use crate::lang::Resolved;
use crate::lang::ast::{
    Action, Alternative, Downgrade, Item, LeaderChoice, March, Muster, Placement, Reward, Step,
    StepNo, UnitRef, UnitSel,
};
use crate::lang::{Names, echo};
use crate::rules::build::BuildPlan;
use crate::rules::muster::{MusterAction, MusterPlan};
use crate::rules::orders::UnitSelection;
use crate::rules::rewards::RewardClaim;
use crate::rules::wildlings::{PenaltyChoice, WildlingReward};

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
    for a in &b.fortify {
        v.push(Item::Fortify(*a));
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
        Submission::Plan(p) => {
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
        Submission::Retreat(rs) => {
            for r in rs {
                v.push(Item::Retreat {
                    from: Some(r.from),
                    to: r.to.clone(),
                });
            }
        }
        Submission::Events(o) => {
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
            build_items(&o.build, &mut v);
        }
        Submission::Answers(a) => {
            for (t, order) in &a.ties {
                v.push(Item::TieBreak {
                    track: *t,
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
    }
    v
}

/// The submission as lines of the order language in `lang`.
pub fn text(sub: &Submission, names: &Names, lang: Lang) -> Vec<String> {
    items(sub)
        .iter()
        .map(|i| echo::echo_item(i, names, lang))
        .collect()
}
