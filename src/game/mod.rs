//! The round as a sequence of steps (附录1): each step collects the houses' submissions and is
//! closed at its deadline. Pure: state + submissions → new state + what happened.

use crate::board::{AreaId, Board, HouseId, Order};
use crate::rules::log::Event;
use crate::rules::orders::{Placement, Plan};
use crate::rules::placement::{self, PlacementError};
use crate::rules::{GameState, Step};
use serde::{Deserialize, Serialize};

/// What a house sends for a step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Submission {
    /// Orders for the placement step.
    Placement(Placement),
    /// The execution plan.
    Plan(Plan),
}

impl Submission {
    /// The step this submission belongs to.
    pub fn step(&self) -> Step {
        match self {
            Submission::Placement(_) => Step::Placement,
            Submission::Plan(_) => Step::Plan,
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
    /// Placement problems.
    Placement(Vec<PlacementError>),
}

/// Check a submission against the state (the validation pass after parsing).
pub fn check(
    board: &Board,
    state: &GameState,
    house: HouseId,
    sub: &Submission,
) -> Result<(), SubmissionError> {
    if sub.step() != state.step {
        return Err(SubmissionError::WrongStep {
            open: state.step,
            sent: sub.step(),
        });
    }
    match sub {
        Submission::Placement(p) => {
            let errs = placement::check(board, state, house, p);
            if errs.is_empty() {
                Ok(())
            } else {
                Err(SubmissionError::Placement(errs))
            }
        }
        Submission::Plan(_) => Ok(()),
    }
}

/// The result of closing a step.
#[derive(Clone, Debug)]
pub struct StepOutcome {
    /// The new state (the next step open).
    pub state: GameState,
    /// The step that was closed.
    pub closed: Step,
    /// Round of the closed step.
    pub round: u8,
    /// Orders revealed when placement closes, by house.
    pub revealed: Vec<(HouseId, AreaId, Order)>,
    /// Houses that sent nothing and got the default.
    pub silent: Vec<HouseId>,
    /// The adjudication log (plan step).
    pub log: Vec<Event>,
}

/// Close the open step with the latest valid submission of each house.
pub fn close_step(board: &Board, state: &GameState, subs: &[(HouseId, Submission)]) -> StepOutcome {
    let closed = state.step;
    let round = state.round;
    let latest = |h: HouseId| {
        subs.iter()
            .rev()
            .find(|(x, s)| *x == h && s.step() == closed)
            .map(|(_, s)| s)
    };
    let silent: Vec<HouseId> = board.house_ids().filter(|h| latest(*h).is_none()).collect();
    let mut out = StepOutcome {
        state: state.clone(),
        closed,
        round,
        revealed: Vec::new(),
        silent,
        log: Vec::new(),
    };
    match closed {
        Step::Placement => {
            let mut placements = Vec::new();
            for h in board.house_ids() {
                if let Some(Submission::Placement(p)) = latest(h)
                    && placement::check(board, state, h, p).is_empty()
                {
                    placements.push((h, p.clone()));
                }
            }
            placement::apply(&mut out.state, &placements);
            for h in state.throne_order() {
                for a in board.area_ids() {
                    if let Some(o) = out.state.area(a).order
                        && out.state.area(a).house == Some(*h)
                    {
                        out.revealed.push((*h, a, o));
                    }
                }
            }
            out.state.step = Step::Plan;
        }
        Step::Plan => {
            let plans: Vec<Plan> = board
                .house_ids()
                .map(|h| match latest(h) {
                    Some(Submission::Plan(p)) => p.clone(),
                    _ => Plan::default(),
                })
                .collect();
            let r = crate::rules::military::resolve(board, state, &plans);
            out.state = r.state;
            out.log = r.log;
            if out.state.winner.is_some() {
                out.state.step = Step::Finished;
            } else if out.state.round >= board.rules.rounds {
                out.state.winner = leader_by_castles(board, &out.state);
                out.state.step = Step::Finished;
            } else {
                out.state.round += 1;
                out.state.step = Step::Placement;
            }
        }
        Step::Finished => {}
    }
    out
}

/// After the last round: most castles, then effective barrels, then tokens in hand (004:L255).
/// A tie after all three has no winner here (the extra round of A-75 comes with the event phase).
fn leader_by_castles(board: &Board, s: &GameState) -> Option<HouseId> {
    let key = |h: HouseId| (s.castles(board, h), s.house(h).barrels, s.house(h).power);
    let best = board.house_ids().map(key).max()?;
    let top: Vec<HouseId> = board.house_ids().filter(|h| key(*h) == best).collect();
    (top.len() == 1).then(|| top[0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::OrderType;

    #[test]
    fn placement_closes_into_plan_and_reveals_orders_silent_houses_get_none_a26() {
        let b = match Board::default_board() {
            Ok(b) => b,
            Err(e) => panic!("{e}"),
        };
        let s = GameState::new_game(&b);
        let stark = b.house_by_key("stark").unwrap_or(HouseId(0));
        let wf = b.area_by_key("winterfell").unwrap_or(AreaId(0));
        let sub = Submission::Placement(Placement {
            orders: vec![(
                wf,
                Order {
                    kind: OrderType::March,
                    special: true,
                },
            )],
        });
        assert!(check(&b, &s, stark, &sub).is_ok());
        let out = close_step(&b, &s, &[(stark, sub)]);
        assert_eq!(out.state.step, Step::Plan);
        assert_eq!(out.revealed.len(), 1);
        assert_eq!(out.silent.len(), 5);
        let out2 = close_step(&b, &out.state, &[]);
        assert_eq!((out2.state.round, out2.state.step), (2, Step::Placement));
        assert!(out2.state.areas.iter().all(|a| a.order.is_none()));
    }
}
