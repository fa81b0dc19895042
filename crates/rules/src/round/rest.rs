//! 将领的休养 Leaders' rest between rounds (004:L2118–L2127, A-51): at the end of a round every
//! leader who actually fought rests; a house left with fewer than 3 available leaders gets back
//! every leader who has rested at least one full round, never one used this round.

use crate::model::log_events::{EconomyEvent, ReturnReason};
use crate::model::state::{GameState, LeaderStatus};
use maester_board::{Board, HouseId, LeaderId};

/// Leaders of a house available now.
pub fn available(state: &GameState, house: HouseId) -> usize {
    state
        .house(house)
        .leaders
        .iter()
        .filter(|(_, s)| *s == LeaderStatus::Available)
        .count()
}

/// If the house has fewer available leaders than the minimum (3), every leader resting since
/// round `max_since` or earlier returns.
pub fn recall_if_short(
    board: &Board,
    state: &mut GameState,
    house: HouseId,
    max_since: u8,
    why: ReturnReason,
    log: &mut Vec<EconomyEvent>,
) {
    if available(state, house) >= board.rules.leaders_available_min as usize {
        return;
    }
    for (l, s) in state.house_mut(house).leaders.iter_mut() {
        if matches!(*s, LeaderStatus::Resting { since } if since <= max_since) {
            *s = LeaderStatus::Available;
            log.push(EconomyEvent::LeaderReturns { leader: *l, why });
        }
    }
}

/// End of round `state.round`: the leaders in `fought` (those who actually fought, 004:L2127)
/// rest from this round; then each house with fewer than 3 available leaders gets back those
/// resting since an earlier round (004:L2122, A-51). Leaders not in the game's list are ignored.
pub fn end_of_round(
    board: &Board,
    state: &GameState,
    fought: &[LeaderId],
) -> (GameState, Vec<EconomyEvent>) {
    let mut s = state.clone();
    let log = end_of_round_in(board, &mut s, fought);
    (s, log)
}

/// [`end_of_round`] on the state in place (no copy of it).
pub fn end_of_round_in(
    board: &Board,
    state: &mut GameState,
    fought: &[LeaderId],
) -> Vec<EconomyEvent> {
    let s = state;
    let mut log = Vec::new();
    let round = s.round;
    for h in s.houses.iter_mut() {
        for (l, st) in h.leaders.iter_mut() {
            if fought.contains(l) {
                *st = LeaderStatus::Resting { since: round };
                log.push(EconomyEvent::LeaderRests { leader: *l, round });
            }
        }
    }
    for h in board.house_ids() {
        recall_if_short(
            board,
            s,
            h,
            round.saturating_sub(1),
            ReturnReason::ShortOfLeaders,
            &mut log,
        );
    }
    log
}
