//! The round as a sequence of steps (附录1): each step collects the houses' submissions and is
//! closed at its deadline. Pure: state + submissions → new state + what happened.
//!
//! A round is: `events` (first window of the event phase, from round 2) → `events_answers`
//! (second window: the questions of the first) → `placement` → `raven` → `plan` → `retreat`
//! (forces with several equally good retreat areas, A-48); then the economy of the round's end,
//! leaders' rest, the end-of-game check, and the next round. A step for which no house has
//! anything to send is closed at once, inside the same call ([`expected`]).

mod budget;
mod close;
mod expect;
mod input;
mod muster_problem;
mod options;
mod problems;
#[cfg(test)]
mod tests;
mod ties;
pub mod what_if;

pub use close::{
    Closed, Options, StepOutcome, close_step, close_step_with, close_steps, close_steps_expected,
    close_steps_owned,
};
pub use expect::{asked_of, expected, if_king, open_questions, raven_holder};
pub use input::{check_answers, check_events};
pub use options::{
    MusterOption, PortOption, armies_and_allowance, can_muster, fortify_options, muster_options,
    port_options,
};

/// The unlabelled tie lines of a house's answers read by the houses they name among several
/// ties, with the tie taken (`None`: the wildling tie), for the answer to say (004:L1163).
pub fn tie_lines_read_by_houses(
    board: &Board,
    state: &GameState,
    house: HouseId,
    a: &EventAnswers,
) -> Vec<(Vec<HouseId>, Option<Track>)> {
    ties::read_by_houses(&open_questions(board, state), house, a)
}
pub use problems::{EventProblem, Part};

use maester_board::{AreaId, Board, HouseId};
use maester_rules::armies::muster::MusterPlan;
use maester_rules::event_phase::bidding::ClashBid;
use maester_rules::event_phase::build::BuildPlan;
use maester_rules::event_phase::economy::DisbandPlan;
use maester_rules::event_phase::events::EventCard;
use maester_rules::event_phase::rewards::RewardClaim;
use maester_rules::event_phase::round_modifiers;
use maester_rules::event_phase::wildlings::{PenaltyChoice, WildlingReward};
use maester_rules::orders::{Placement, Plan, RavenChange};
use maester_rules::planning::placement::{self, PlacementError};
use maester_rules::{GameState, Step, Track};
use serde::{Deserialize, Serialize};

/// What a house sends in the placement step: its orders, and ports or fortifications built in
/// this window (004:L1709–L1712). Reads as its orders (`Deref` to the rules' `Placement`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Orders {
    /// The orders.
    #[serde(flatten)]
    pub placement: Placement,
    /// Ports built, last round's consolidation income turned into fortifications.
    #[serde(default, skip_serializing_if = "is_default")]
    pub build: BuildPlan,
}

fn is_default(b: &BuildPlan) -> bool {
    *b == BuildPlan::default()
}

impl std::ops::Deref for Orders {
    type Target = Placement;
    fn deref(&self) -> &Placement {
        &self.placement
    }
}

impl From<Placement> for Orders {
    fn from(placement: Placement) -> Orders {
        Orders {
            placement,
            build: BuildPlan::default(),
        }
    }
}

/// What a house sends in the first window of an event phase; every part is optional. While a
/// chooser card of the round is undecided the window asks only the chooser, and only for
/// `choices` (004:L2640–L2644); the rest is sent once the choice is applied.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventOrders {
    /// The chooser's choices, in mail order: each goes to the first of his undecided chooser
    /// cards that allows it (`game::assign_choices`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<EventCard>,
    /// Units to disband at a Supply event (004:L650).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disband: Option<DisbandPlan>,
    /// The muster plan at a Mustering event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub muster: Option<MusterPlan>,
    /// Clash of Kings bids.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clash: Option<ClashBid>,
    /// The wildling bid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wildling_bid: Option<u8>,
    /// Leader victory rewards claimed (Melisandre, Luwin, Doran).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub claims: Vec<RewardClaim>,
    /// Ports and fortifications.
    #[serde(default)]
    pub build: BuildPlan,
}

/// What a house sends in the second window of an event phase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventAnswers {
    /// Tie orderings: the track (None: the wildling tie, or the only tie the house decides),
    /// the houses first = higher (for a wildling tie the first named is the one chosen).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ties: Vec<(Option<Track>, Vec<HouseId>)>,
    /// Wildling tie orderings (`平局 野人:`), the first named being the one chosen (004:L1163).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wildling_ties: Vec<Vec<HouseId>>,
    /// The Night's Watch reward.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reward: Option<WildlingReward>,
    /// How the wildling penalty is suffered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub penalty: Option<PenaltyChoice>,
    /// A replacement muster plan for blocked ships.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub muster: Option<MusterPlan>,
}

/// A retreat choice: the force beaten in `from` goes to the first of `to` that is a candidate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RetreatChoice {
    /// Where the force was beaten.
    pub from: AreaId,
    /// The areas wanted, best first.
    pub to: Vec<AreaId>,
}

/// What a house sends for a step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Submission {
    /// Orders (and building) for the placement step.
    Placement(Orders),
    /// The execution plan (boxed: submissions are moved in lists, a plan is the largest).
    Plan(Box<Plan>),
    /// The first window of the event phase.
    Events(EventOrders),
    /// The second window of the event phase.
    Answers(EventAnswers),
    /// The Raven holder's answer: the change of one order, or `None` when he changes nothing
    /// (`无` / `pass`): his revealed orders stand, as when he sends nothing (004:L1704). Stored
    /// as JSON, a change reads as before (`{"Raven": {...}}`) and no change as `{"Raven": null}`.
    Raven(Option<RavenChange>),
    /// Retreat choices.
    Retreat(Vec<RetreatChoice>),
}

impl Submission {
    /// The step this submission belongs to.
    pub fn step(&self) -> Step {
        match self {
            Submission::Placement(_) => Step::Placement,
            Submission::Plan(_) => Step::Plan,
            Submission::Events(_) => Step::Events,
            Submission::Answers(_) => Step::EventsAnswers,
            Submission::Raven(_) => Step::Raven,
            Submission::Retreat(_) => Step::Retreat,
        }
    }
}

/// Why a submission cannot be accepted for the open step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubmissionError {
    /// It belongs to another step than the open one.
    WrongStep {
        /// The open step.
        open: Step,
        /// The submission's step.
        sent: Step,
    },
    /// Placement problems (also a Raven change that breaks the limits).
    Placement(Vec<PlacementError>),
    /// Plan problems.
    Plan(Vec<maester_rules::planning::plan_check::PlanError>),
    /// Event-phase, Raven and retreat problems, each with the part of the mail it is about.
    Event(Vec<EventProblem>),
}

/// Whether a submission for `sent` may be sent while `open` is open: its own step, or a plan
/// while the Raven step is open (the others' orders cannot change any more; the Raven holder's
/// plan means he keeps his orders).
pub fn accepts(open: Step, sent: Step) -> bool {
    open == sent || (open == Step::Raven && sent == Step::Plan)
}

/// Check a submission against the state (the validation pass after parsing).
pub fn check(
    board: &Board,
    state: &GameState,
    house: HouseId,
    sub: &Submission,
) -> Result<(), SubmissionError> {
    if !accepts(state.step, sub.step()) {
        return Err(SubmissionError::WrongStep {
            open: state.step,
            sent: sub.step(),
        });
    }
    let event = |errs: Vec<EventProblem>| {
        if errs.is_empty() {
            Ok(())
        } else {
            Err(SubmissionError::Event(errs))
        }
    };
    match sub {
        Submission::Placement(p) => {
            let errs = placement::check_with(board, state, house, p, &round_modifiers(state));
            if !errs.is_empty() {
                return Err(SubmissionError::Placement(errs));
            }
            if is_default(&p.build) {
                return Ok(());
            }
            let window = maester_rules::event_phase::build::BuildWindow::Placement;
            match maester_rules::event_phase::build::check(board, state, house, &p.build, window) {
                Ok(()) => Ok(()),
                Err(e) => Err(SubmissionError::Event(
                    e.into_iter().map(EventProblem::Build).collect(),
                )),
            }
        }
        Submission::Plan(p) => {
            let errs = maester_rules::planning::plan_check::check(board, state, house, p);
            if errs.is_empty() {
                Ok(())
            } else {
                Err(SubmissionError::Plan(errs))
            }
        }
        Submission::Raven(change) => {
            if raven_holder(state) != Some(house) {
                return Err(SubmissionError::Placement(vec![
                    PlacementError::NotRavenHolder,
                ]));
            }
            // No change: nothing to check beyond who sends it.
            let Some(change) = change else {
                return Ok(());
            };
            placement::raven(board, state, house, *change, &round_modifiers(state))
                .map(|_| ())
                .map_err(SubmissionError::Placement)
        }
        Submission::Events(o) => event(check_events(board, state, house, o)),
        Submission::Answers(a) => event(check_answers(board, state, house, a)),
        Submission::Retreat(v) => event(input::check_retreats(state, house, v)),
    }
}
