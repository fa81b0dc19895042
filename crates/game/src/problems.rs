//! What can be wrong with an event-phase, Raven or retreat submission, in the player's words,
//! and which part of the mail it is about.

use maester_board::{AreaId, HouseId};
use maester_rules::armies::muster::MusterError;
use maester_rules::event_phase::bidding::BidError;
use maester_rules::event_phase::build::BuildError;
use maester_rules::event_phase::economy::SupplyError;
use maester_rules::event_phase::events::EventCard;
use maester_rules::event_phase::rewards::RewardError;
use maester_rules::event_phase::wildlings::WildlingError;

/// The part of a submission a problem is about (to point at its line).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// `裁军:` lines.
    Disband,
    /// `征兵:` lines.
    Muster,
    /// Clash of Kings bids.
    Clash,
    /// The wildling bid.
    WildlingBid,
    /// `奖励:` claims of leader rewards.
    Claim,
    /// Ports and fortifications.
    Build,
    /// `平局:` lines.
    Tie,
    /// The Night's Watch reward.
    Reward,
    /// The wildling penalty.
    Penalty,
    /// `信鸦:`.
    Raven,
    /// `撤退 … 到 …`.
    Retreat,
    /// `选择:` the chooser's event (004:L2640–L2644).
    Choice,
}

/// A problem with an event-phase, Raven or retreat submission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventProblem {
    /// This round has no event that asks for it (or there is nothing to claim).
    NotThisRound(Part),
    /// The question is not this house's.
    NotAsked(Part),
    /// Supply.
    Supply(SupplyError),
    /// Mustering (the muster plan or a revision).
    Muster(Part, MusterError),
    /// A new unit the muster plan puts in `castle` would break the supply limit (004:L747):
    /// the house's armies as the plan's earlier units leave them, and the sizes its supply
    /// level allows (表五), as a disbanding refusal names them.
    MusterSupply {
        /// Where the new unit would stand.
        castle: AreaId,
        /// The size of the army the new unit would make there.
        size: u8,
        /// The house's armies (two or more units) before that unit, with their sizes.
        armies: Vec<(AreaId, u8)>,
        /// The army sizes the supply track allows, largest first.
        limits: Vec<u8>,
    },
    /// Bids.
    Bid(Part, BidError),
    /// The wildling reward or penalty.
    Wildling(Part, WildlingError),
    /// A leader reward claim.
    Reward(RewardError),
    /// Building.
    Build(BuildError),
    /// A house named in a tie-break is not among the tied houses.
    NotTied(HouseId),
    /// The house decides several ties: the line must name the track.
    NameTheTrack,
    /// No force of the house waits for a retreat choice there.
    NoRetreat(AreaId),
    /// While a chooser card is undecided only the choice is sent; the rest follows once
    /// it is published.
    ChoiceFirst(Part),
    /// The house does not hold the track whose first chooses this round's chooser card.
    NotTheChooser {
        /// The undecided chooser cards and who chooses each.
        cards: Vec<(EventCard, Option<HouseId>)>,
    },
    /// The round's chooser card was decided already (by its holder or by the default): a
    /// choice sent now comes too late.
    AlreadyChosen {
        /// The chooser card.
        card: EventCard,
        /// The event it became.
        chosen: EventCard,
    },
    /// The named event is not an option of the house's chooser card (004:L2640–L2644).
    NotAnOption {
        /// The chooser card.
        card: EventCard,
        /// What was named.
        named: EventCard,
    },
    /// None of the areas named is one of the force's possible retreat areas.
    NotACandidate {
        /// Where the force was beaten.
        from: AreaId,
        /// The areas it may retreat to.
        candidates: Vec<AreaId>,
    },
}

impl EventProblem {
    /// The rule the refusal follows ("004:L1691": line 1691 of the rulebook, "A-45": answer
    /// 45 of the FAQ), "" where the rulebook has no line for it. Words cite it.
    pub fn rule(&self) -> &'static str {
        match self {
            EventProblem::NotThisRound(..) => "004:L2385",
            EventProblem::NotAsked(..) => "",
            EventProblem::Supply(e) => e.rule(),
            EventProblem::Muster(_, e) => e.rule(),
            EventProblem::MusterSupply { .. } => "004:L747",
            EventProblem::Bid(_, e) => e.rule(),
            EventProblem::Wildling(_, e) => e.rule(),
            EventProblem::Reward(e) => e.rule(),
            EventProblem::Build(e) => e.rule(),
            EventProblem::NotTied(..) => "004:L1157",
            EventProblem::NameTheTrack => "",
            EventProblem::NoRetreat(..) => "A-48",
            EventProblem::ChoiceFirst(..) => "004:L2640–L2644, A-71",
            EventProblem::NotTheChooser { .. } => "004:L2640–L2644",
            EventProblem::AlreadyChosen { .. } => "004:L2640–L2644",
            EventProblem::NotAnOption { .. } => "004:L2640–L2644",
            EventProblem::NotACandidate { .. } => "A-48",
        }
    }
}

impl EventProblem {
    /// The part of the mail it is about.
    pub fn part(&self) -> Part {
        match self {
            EventProblem::NotThisRound(p)
            | EventProblem::NotAsked(p)
            | EventProblem::ChoiceFirst(p)
            | EventProblem::Muster(p, _)
            | EventProblem::Bid(p, _)
            | EventProblem::Wildling(p, _) => *p,
            EventProblem::Supply(_) => Part::Disband,
            EventProblem::MusterSupply { .. } => Part::Muster,
            EventProblem::Reward(_) => Part::Claim,
            EventProblem::Build(_) => Part::Build,
            EventProblem::NotTied(_) | EventProblem::NameTheTrack => Part::Tie,
            EventProblem::NoRetreat(_) | EventProblem::NotACandidate { .. } => Part::Retreat,
            EventProblem::NotTheChooser { .. }
            | EventProblem::NotAnOption { .. }
            | EventProblem::AlreadyChosen { .. } => Part::Choice,
        }
    }
}
