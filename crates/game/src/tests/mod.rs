//! Tests of the step machine: `steps` for the sequence of a round, `budget` for a mail's tokens
//! as a whole, `choice` for the chooser events of the optional rules, `new_king` for the
//! ties the new King decides (004:L1157), `sent_bids` for the bids of a house that sent its event
//! mail, `tie_lines` for a tie line read by its houses (004:L1163), `raven_pass` for the
//! Raven holder's `无` (no change), `what_if` for a player's what-if (the military phase tried).

mod budget;
mod choice;
mod new_king;
mod raven_pass;
mod sent_bids;
mod steps;
mod tie_lines;
mod what_if;

use maester_board::{Board, HouseId};
use maester_rules::GameState;
use maester_rules::event_phase::events::{self, EventCard, EventSettings};

/// The default board.
fn board() -> Board {
    match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    }
}

/// A house of `b` by its key.
fn h(b: &Board, key: &str) -> HouseId {
    b.house_by_key(key)
        .unwrap_or_else(|| panic!("no house {key}"))
}

/// A new game on `b` closed into round 2's event step, with `cards` drawn for it.
fn round_two_events(b: &Board, cards: [EventCard; 3]) -> GameState {
    let mut s = GameState::new_game(b);
    events::start_game(b, &mut s, "test", EventSettings::default());
    events::fix_next_round(&mut s, 2, cards, None);
    crate::close_step(b, &s, &[]).state
}
