//! Which lines of a mail an error is about. An error about one area or one part points at the
//! line that names it; an error about a count or a limit (too many orders of a kind, bids over
//! the tokens in hand, units beyond the supply limit) is about every line that counts toward it.

use super::ParsedMail;
use crate::Resolved;
use crate::ast::{Entry, Item, Muster, Reward};
use maester_board::{AreaId, LeaderId, Order, OrderType, UnitKind};
use maester_game::{EventProblem, Part, Submission};
use maester_rules::armies::muster::MusterError;
use maester_rules::event_phase::bidding::BidError;
use maester_rules::event_phase::build::BuildError;
use maester_rules::event_phase::economy::SupplyError;
use maester_rules::event_phase::wildlings::WildlingError;
use maester_rules::optional::one_time::{OneTimeError, OneTimeKind};
use maester_rules::planning::placement::PlacementError;
use maester_rules::planning::plan_check::PlanError;
use serde::Serialize;

/// A line of the player's mail quoted by an answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QuotedLine {
    /// 1-based line number.
    pub line: usize,
    /// Its text as written.
    pub text: String,
}

/// An area named by a line of an event-phase, building or retreat part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartArea {
    /// The part the line belongs to.
    pub part: Part,
    /// The area named.
    pub area: AreaId,
    /// The line recruits new land units in this area (they count toward its army's supply).
    pub recruits: bool,
    /// 1-based line number.
    pub line: usize,
}

/// The areas a part's line names, each with whether the line recruits land units there.
pub(super) fn item_areas(item: &Item<Resolved>) -> Vec<(AreaId, bool)> {
    let musters = |v: &[Muster<Resolved>]| -> Vec<(AreaId, bool)> {
        v.iter()
            .flat_map(|m| match m {
                Muster::Recruit { area, units, to } => {
                    let land = UnitKind::ALL
                        .iter()
                        .any(|k| k.is_land() && units[k.index()] > 0);
                    std::iter::once((*area, land))
                        .chain(to.iter().map(|a| (*a, false)))
                        .collect::<Vec<_>>()
                }
                Muster::Upgrade { area, .. } => vec![(*area, false)],
            })
            .collect()
    };
    match item {
        Item::Muster(v) | Item::Reward(Reward::Muster(v)) => musters(v),
        Item::Disband(v) | Item::Reward(Reward::Upgrade(v)) => {
            v.iter().map(|u| (u.area, false)).collect()
        }
        Item::Downgrade(v) => v.iter().map(|d| (d.area, false)).collect(),
        Item::BuildPort { area, coast } => std::iter::once(*area)
            .chain(*coast)
            .map(|a| (a, false))
            .collect(),
        Item::DemolishPort(a) | Item::Fortify(a) => vec![(*a, false)],
        Item::Retreat { from, to } => from.iter().chain(to.iter()).map(|a| (*a, false)).collect(),
        Item::Raven(p) => vec![(p.area, false)],
        _ => Vec::new(),
    }
}

/// The leaders a plan line names.
pub(super) fn plan_leaders(item: &Item<Resolved>) -> Vec<LeaderId> {
    use crate::ast::{Action, LeaderChoice};
    match item {
        Item::Step(s) => s
            .alternatives
            .iter()
            .flat_map(|alt| alt.actions.iter())
            .flat_map(|(a, f)| std::iter::once(a).chain(f.as_ref().map(|f| &f.then)))
            .flat_map(|a| match a {
                Action::March(m) => {
                    let chosen = match &m.leader {
                        Some(LeaderChoice::Named(l)) => vec![*l],
                        Some(LeaderChoice::Conditional {
                            then, otherwise, ..
                        }) => vec![*then, *otherwise],
                        None => Vec::new(),
                    };
                    chosen.into_iter().chain(m.defender).collect()
                }
                _ => Vec::new(),
            })
            .collect(),
        Item::Defender {
            leader, substitute, ..
        } => std::iter::once(*leader).chain(*substitute).collect(),
        Item::District { leader, .. }
        | Item::Cancels { leader, .. }
        | Item::LeaderPick { leader, .. } => vec![*leader],
        _ => Vec::new(),
    }
}

/// Which lines of its part an error about one area is about.
enum AreaLines {
    /// Every line naming the area.
    Naming(AreaId),
    /// The lines recruiting land units there (a new unit over the supply limit).
    Recruiting(AreaId),
}

/// The area an event-phase problem is about, when it is about one.
fn area_of(e: &EventProblem) -> Option<AreaLines> {
    use AreaLines::Naming;
    Some(match e {
        EventProblem::MusterSupply { castle, .. } => AreaLines::Recruiting(*castle),
        EventProblem::Muster(_, m) | EventProblem::Wildling(_, WildlingError::Muster(m)) => match m
        {
            MusterError::Supply(a) => AreaLines::Recruiting(*a),
            MusterError::NotACastle(a)
            | MusterError::NotControlled(a)
            | MusterError::TooManyPoints { castle: a, .. }
            | MusterError::NothingToUpgrade(a, _)
            | MusterError::NoPlacement(a)
            | MusterError::NotOnCoast { castle: a, .. }
            | MusterError::PortNotReady(a)
            | MusterError::NoFreePlacement(a)
            | MusterError::TwoSieges(a) => Naming(*a),
            _ => return None,
        },
        EventProblem::Supply(SupplyError::NoSuchUnit(a, _))
        | EventProblem::Wildling(_, WildlingError::NoSuchUnit(a, _))
        | EventProblem::NoRetreat(a)
        | EventProblem::NotACandidate { from: a, .. } => Naming(*a),
        EventProblem::Build(
            BuildError::NotControlled(a)
            | BuildError::NoPortSite(a)
            | BuildError::NeedSea { province: a, .. }
            | BuildError::SeaNotOnCoast { province: a, .. }
            | BuildError::CannotDemolish(a)
            | BuildError::NoIncome(a)
            | BuildError::NeedsFootOrArcher(a)
            | BuildError::AlreadyFortified(a),
        ) => Naming(*a),
        _ => return None,
    })
}

/// The lines holding an order or an answer, in mail order, each once.
pub(super) fn order_lines(
    items: &[Entry<Item<Resolved>>],
    line_text: impl Fn(usize) -> String,
) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    for e in items {
        if matches!(e.item, Item::Account(_)) || out.iter().any(|(l, _)| *l == e.line) {
            continue;
        }
        out.push((e.line, line_text(e.line)));
    }
    out
}

/// A line only once, in mail order; (0, "") means no line.
fn distinct(mut v: Vec<(usize, String)>) -> Vec<(usize, String)> {
    v.retain(|(l, _)| *l > 0);
    v.sort_by_key(|(l, _)| *l);
    v.dedup_by_key(|(l, _)| *l);
    v
}

impl ParsedMail {
    /// The line that placed an order or a one-time order in `area` (the last one naming it).
    fn placement_line(&self, area: AreaId) -> Option<(usize, String)> {
        self.area_lines
            .iter()
            .rev()
            .find(|(x, _, _)| *x == area)
            .map(|(_, l, t)| (*l, t.clone()))
    }

    /// The lines whose placed order passes `keep`.
    fn order_lines_where(&self, keep: impl Fn(Order) -> bool) -> Vec<(usize, String)> {
        let Some(Submission::Placement(o)) = self.partial.as_ref() else {
            return Vec::new();
        };
        o.placement
            .orders
            .iter()
            .filter(|(_, order)| keep(*order))
            .filter_map(|(a, _)| self.placement_line(*a))
            .collect()
    }

    /// The lines whose one-time order passes `keep`.
    fn one_time_lines_where(&self, keep: impl Fn(OneTimeKind) -> bool) -> Vec<(usize, String)> {
        let Some(Submission::Placement(o)) = self.partial.as_ref() else {
            return Vec::new();
        };
        o.placement
            .one_time
            .iter()
            .filter(|(_, t)| keep(t.kind))
            .filter_map(|(a, _)| self.placement_line(*a))
            .collect()
    }

    /// Every line of a part, in mail order.
    fn part_lines_all(&self, part: Part) -> Vec<(usize, String)> {
        self.part_lines
            .iter()
            .filter(|(p, _, _)| *p == part)
            .map(|(_, l, t)| (*l, t.clone()))
            .collect()
    }

    /// The lines a placement error is about: the area's line, or for a count or a limit every
    /// line that counts toward it. Empty when the error is about the mail as a whole.
    pub fn lines_of_placement_error(&self, e: &PlacementError) -> Vec<(usize, String)> {
        let special = |k: OrderType| move |o: Order| o.special && o.kind == k;
        let lines = match e {
            PlacementError::TooMany(k, _) => {
                let k = *k;
                self.order_lines_where(move |o| !o.special && o.kind == k)
            }
            PlacementError::TooManySpecial { .. } | PlacementError::NoSpecial => {
                self.order_lines_where(|o| o.special)
            }
            PlacementError::SpecialTwice(k) => self.order_lines_where(special(*k)),
            PlacementError::EventBan(k) => {
                let k = *k;
                self.order_lines_where(move |o| o.kind == k)
            }
            PlacementError::OneTime(OneTimeError::OnePerRound) => {
                self.one_time_lines_where(|_| true)
            }
            PlacementError::OneTime(
                OneTimeError::UsedBefore(k) | OneTimeError::FeastForCrows(k),
            ) => {
                let k = *k;
                self.one_time_lines_where(move |x| x == k)
            }
            PlacementError::NotRavenHolder => self.part_lines_all(Part::Raven),
            _ => {
                let (l, t) = self.line_of_placement_error(e);
                match e {
                    PlacementError::RavenNoOrder(_)
                    | PlacementError::RavenSameOrder(_)
                    | PlacementError::RoughSeas(_)
                        if l == 0 =>
                    {
                        self.part_lines_all(Part::Raven)
                    }
                    _ => vec![(l, t)],
                }
            }
        };
        distinct(lines)
    }

    /// The lines a plan error is about.
    pub fn lines_of_plan_error(&self, e: &PlanError) -> Vec<(usize, String)> {
        let lines = match (e, self.partial.as_ref()) {
            (PlanError::NotSwordHolder, Some(Submission::Plan(p))) => p
                .sword
                .and_then(|a| self.placement_line(a))
                .into_iter()
                .collect(),
            (PlanError::NotYourLeader(a, l) | PlanError::LeaderResting(a, l), _) => {
                // The line of the area that names the leader (a march and a defence line
                // may both start from the area).
                let named = self
                    .area_lines
                    .iter()
                    .find(|(x, line, _)| x == a && self.leader_lines.contains(&(*l, *line)));
                match named {
                    Some((_, line, text)) => vec![(*line, text.clone())],
                    None => vec![self.line_of_area(Some(*a))],
                }
            }
            _ => vec![self.line_of_area(e.area())],
        };
        distinct(lines)
    }

    /// The lines of `part` naming an area as `which` says, in mail order.
    fn part_area_lines(&self, part: Part, which: &AreaLines) -> Vec<(usize, String)> {
        let lines: Vec<usize> = self
            .part_areas
            .iter()
            .filter(|p| p.part == part)
            .filter(|p| match which {
                AreaLines::Naming(a) => p.area == *a,
                AreaLines::Recruiting(a) => p.area == *a && p.recruits,
            })
            .map(|p| p.line)
            .collect();
        self.part_lines
            .iter()
            .filter(|(p, l, _)| *p == part && lines.contains(l))
            .map(|(_, l, t)| (*l, t.clone()))
            .collect()
    }

    /// The lines an event-phase, Raven or retreat problem is about: the line of its part
    /// naming the area it is about (a castle's muster, a disbanded unit, a port), else the
    /// first line of its part, or every line of it when the problem is a sum over them.
    pub fn lines_of_event_problem(&self, e: &EventProblem) -> Vec<(usize, String)> {
        let naming = area_of(e)
            .map(|which| self.part_area_lines(e.part(), &which))
            .unwrap_or_default();
        let lines = if !naming.is_empty() {
            naming
        } else if let EventProblem::Bid(_, BidError::OverBudget { .. }) = e {
            // Every line that spends: the reward claimed, the building, the bids.
            [Part::Claim, Part::Build, Part::Clash, Part::WildlingBid]
                .into_iter()
                .flat_map(|p| self.part_lines_all(p))
                .collect()
        } else if is_sum(e) || is_whole_part(e) {
            self.part_lines_all(e.part())
        } else {
            vec![self.line_of_part(e.part())]
        };
        distinct(lines)
    }
}

/// A problem about a part as a whole (no such event this round, not this house's question, the
/// chooser's choice first): every line of the part has it.
fn is_whole_part(e: &EventProblem) -> bool {
    matches!(
        e,
        EventProblem::NotThisRound(_) | EventProblem::NotAsked(_) | EventProblem::ChoiceFirst(_)
    )
}

/// A problem about the total of a part's lines (units disbanded, tokens bid, points spent).
fn is_sum(e: &EventProblem) -> bool {
    matches!(
        e,
        EventProblem::Supply(SupplyError::StillOver { .. } | SupplyError::TooMany { .. })
            | EventProblem::Bid(
                _,
                BidError::OverHand { .. }
                    | BidError::WildlingOverBudget { .. }
                    | BidError::OverBudget { .. }
            )
            | EventProblem::Muster(_, MusterError::TooManyPoints { .. })
            | EventProblem::Wildling(
                _,
                WildlingError::TooManyUpgrades(_)
                    | WildlingError::KnightCap(_)
                    | WildlingError::WrongPoints { .. }
                    | WildlingError::WrongPointsTied { .. }
            )
    )
}
