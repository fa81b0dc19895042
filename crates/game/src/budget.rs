//! A first-window mail's tokens as a whole: what it pays before its bids (a leader's reward,
//! its ports and fortifications) and the bids themselves, against what the house will have.

use super::EventOrders;
use super::problems::{EventProblem, Part};
use maester_board::{Board, HouseId};
use maester_rules::GameState;
use maester_rules::event_phase::build::{self, BuildWindow};
use maester_rules::event_phase::wildlings;

/// The whole mail's spending against the tokens it will have, when it pays for something
/// before its bids: a reward and its building come first (004:L2389, A-63), then the Clash of
/// Kings bids from what is left of the hand (004:L1155), then the wildling bid from what is
/// left plus this phase's Game of Thrones income (004:L1106, A-64). A mail over it is refused
/// whole, its items named, as the bids alone are (A-64 as amended).
pub(crate) fn over_budget(
    board: &Board,
    state: &GameState,
    house: HouseId,
    o: &EventOrders,
) -> Option<EventProblem> {
    use maester_rules::event_phase::bidding::{BidError, Spend};
    use maester_rules::event_phase::rewards::RewardClaim;
    use maester_rules::log_events::SpendReason;
    if o.clash.is_none() && o.wildling_bid.is_none() {
        return None;
    }
    let mut spent: Vec<Spend> = o
        .claims
        .iter()
        .filter(|c| matches!(c, RewardClaim::Melisandre(_)))
        .map(|_| Spend {
            why: SpendReason::Melisandre,
            area: None,
            n: 1,
        })
        .collect();
    spent.extend(build::costs(
        board,
        state,
        house,
        &o.build,
        BuildWindow::EventPhase,
    ));
    if spent.is_empty() {
        return None;
    }
    let budget = wildlings::BidBudget::of(board, state, house, o.clash.as_ref());
    let e = BidError::OverBudget {
        spent,
        clash: budget.clash,
        wildling: o.wildling_bid.unwrap_or(0),
        hand: state.house(house).power,
        income: budget.income,
    };
    if e.excess() == 0 {
        return None;
    }
    let part = if o.wildling_bid.is_some_and(|w| w > 0) {
        Part::WildlingBid
    } else {
        Part::Clash
    };
    Some(EventProblem::Bid(part, e))
}
