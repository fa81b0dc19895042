//! A player's what-if (`试算`): the military phase tried on the current position with his own
//! lines and what he assumes of the others, and nothing else. Pure: the caller's state is
//! never changed, and the hypothetical position is built only from what every house may know
//! (the public state, the revealed orders) plus the lines handed in.
//!
//! Two calls, because the plan lines are read against the position they act on: first
//! [`position`] (in the placement step: the orders given put on the map and their building
//! lines carried out, as at the reveal; in the Raven step then [`raven`]: the holder's own
//! change, as at the Raven step's close), then [`resolve`] (the plans checked and the military
//! phase resolved, retreats by default).

use crate::{Orders, Submission, SubmissionError};
use maester_board::{AreaId, Board, HouseId, Order};
use maester_rules::event_phase::build::{self, BuildPlan, BuildWindow};
use maester_rules::event_phase::round_modifiers;
use maester_rules::log::Event;
use maester_rules::log_events::EconomyEvent;
use maester_rules::modifiers::Settings;
use maester_rules::orders::{Placement, Plan, RavenChange};
use maester_rules::planning::placement;
use maester_rules::planning::plan_check::{self, PlanError};
use maester_rules::{GameState, Step};

/// The steps a what-if can be asked in.
pub fn open_for_what_if(step: Step) -> bool {
    matches!(step, Step::Placement | Step::Raven | Step::Plan)
}

/// What every house may know of a state: the event deck and the event window (bids, the
/// cards still to come) are taken out. The military phase reads neither; taking them out
/// makes sure a what-if cannot reveal them.
pub fn public_view(state: &GameState) -> GameState {
    let mut s = state.clone();
    s.economy.deck = None;
    s.event_window = None;
    s
}

/// The position the plans act on, and what was built on the way.
#[derive(Clone, Debug)]
pub struct Position {
    /// The position, in the plan step.
    pub state: GameState,
    /// The ports and fortifications of the placement step's building lines, as the reveal
    /// builds them (004:L1709–L1712).
    pub built: Vec<EconomyEvent>,
    /// The Raven holder's change (house, area, old order, new order), as the Raven step's
    /// close makes it (004:L1704).
    pub raven: Option<(HouseId, AreaId, Order, Order)>,
}

/// The position the plans act on. In the placement step: the public state with the orders
/// given (the sender's own and the assumed ones) put on the map as at the reveal, and their
/// building lines carried out as the reveal carries them out; a house without orders has none
/// . In the Raven and plan steps: the public state with its revealed orders (`orders`
/// must be empty there). Each house's orders are checked as a real submission is
/// ([`crate::check`]); a house whose orders break a rule is refused with its errors.
pub fn position(
    board: &Board,
    state: &GameState,
    orders: &[(HouseId, Orders)],
) -> Result<Position, Vec<(HouseId, SubmissionError)>> {
    let mut s = public_view(state);
    if state.step != Step::Placement {
        s.step = Step::Plan;
        return Ok(Position {
            state: s,
            built: Vec::new(),
            raven: None,
        });
    }
    // A house not in play places nothing, as at the reveal.
    let orders: Vec<&(HouseId, Orders)> = orders
        .iter()
        .filter(|(h, _)| !state.house(*h).neutral)
        .collect();
    let refused: Vec<(HouseId, SubmissionError)> = orders
        .iter()
        .filter_map(|(h, o)| {
            crate::check(board, state, *h, &Submission::Placement(o.clone()))
                .err()
                .map(|e| (*h, e))
        })
        .collect();
    if !refused.is_empty() {
        return Err(refused);
    }
    let placements: Vec<(HouseId, Placement)> = orders
        .iter()
        .map(|(h, o)| (*h, o.placement.clone()))
        .collect();
    placement::apply(&mut s, &placements);
    let builds: Vec<(HouseId, BuildPlan)> = orders
        .iter()
        .filter(|(_, o)| o.build != BuildPlan::default())
        .map(|(h, o)| (*h, o.build.clone()))
        .collect();
    let built = if builds.is_empty() {
        Vec::new()
    } else {
        build::resolve_in(board, &mut s, &builds, BuildWindow::Placement)
    };
    s.step = Step::Plan;
    Ok(Position {
        state: s,
        built,
        raven: None,
    })
}

/// In the Raven step, the holder's own change tried: `position` (from [`position`]) with his
/// order changed, checked as a real Raven change is ([`crate::check`] on the open step). Any
/// other house is refused (`NotRavenHolder`), as for real.
pub fn raven(
    board: &Board,
    state: &GameState,
    position: Position,
    house: HouseId,
    change: RavenChange,
) -> Result<Position, SubmissionError> {
    if state.step != Step::Raven {
        return Err(SubmissionError::WrongStep {
            open: state.step,
            sent: Step::Raven,
        });
    }
    crate::check(board, state, house, &Submission::Raven(Some(change)))?;
    let mut at_raven = position.state;
    at_raven.step = Step::Raven;
    let mods = round_modifiers(&at_raven);
    let (mut s, old) = placement::raven(board, &at_raven, house, change, &mods)
        .map_err(SubmissionError::Placement)?;
    s.step = Step::Plan;
    Ok(Position {
        state: s,
        built: position.built,
        raven: Some((house, change.area, old, change.order)),
    })
}

/// A what-if's result: the state after the military phase (retreats settled by default) and
/// everything that happened, in order.
#[derive(Clone, Debug)]
pub struct Tried {
    /// The position after the phase.
    pub state: GameState,
    /// The military log, then the default retreats.
    pub log: Vec<Event>,
    /// Houses with orders on the map that were given no plan: their marches and raids are not
    /// carried out (the answer says so).
    pub without_plan: Vec<HouseId>,
}

/// Resolve the military phase on `position` (from [`position`]) with the plans given; every
/// other house plans nothing. Each plan is checked as a real one is; a house whose plan breaks
/// a rule is refused with its errors. Exactly what the plan step's close does for the phase
/// itself: `military::resolve` with the round's events, then the retreats no house chose.
pub fn resolve(
    board: &Board,
    position: &GameState,
    plans: &[(HouseId, Plan)],
    settings: Settings,
) -> Result<Tried, Vec<(HouseId, Vec<PlanError>)>> {
    let refused: Vec<(HouseId, Vec<PlanError>)> = plans
        .iter()
        .map(|(h, p)| (*h, plan_check::check(board, position, *h, p)))
        .filter(|(_, e)| !e.is_empty())
        .collect();
    if !refused.is_empty() {
        return Err(refused);
    }
    let mut all = Vec::new();
    let mut without_plan = Vec::new();
    for h in board.house_ids() {
        match plans.iter().rev().find(|(x, _)| *x == h) {
            Some((_, p)) => all.push(p.clone()),
            None => {
                let has_orders = board
                    .area_ids()
                    .any(|a| position.area(a).house == Some(h) && position.area(a).order.is_some());
                if has_orders {
                    without_plan.push(h);
                }
                all.push(Plan::default());
            }
        }
    }
    let mods = round_modifiers(position);
    let r = maester_rules::military::resolve_with(board, position, &all, &mods, settings);
    let mut log = r.log;
    let mut state = r.state;
    if !state.pending_retreats.is_empty() {
        let (s, l) = maester_rules::military::retreat::settle_pending(board, &state, &[]);
        state = s;
        log.extend(l);
    }
    Ok(Tried {
        state,
        log,
        without_plan,
    })
}
