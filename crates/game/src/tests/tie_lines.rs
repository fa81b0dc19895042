//! 004:L1163: a King's tie line without a track is read by the houses it names: the one tie
//! that has them all, or else the one tie whose houses are exactly those; the track is asked
//! for only when that leaves several.

use super::{board, h};
use crate::*;
use maester_board::Board;
use maester_rules::event_phase::bidding::ClashBid;
use maester_rules::event_phase::events::{self, EventCard, EventSettings};
use maester_rules::{GameState, Track};

fn bid(throne: u8, fiefdoms: u8) -> Submission {
    Submission::Events(EventOrders {
        clash: Some(ClashBid {
            throne,
            fiefdoms,
            court: 0,
        }),
        ..Default::default()
    })
}

/// Stark King alone (3 on the throne); Lannister and Greyjoy tied at 2 on Fiefdoms, the four
/// others at 0; all six tied at 0 on King's Court: Stark orders the Fiefdoms and Court ties.
fn answers_window(b: &Board) -> GameState {
    let mut s = GameState::new_game(b);
    events::start_game(b, &mut s, "test", EventSettings::default());
    let cards = [
        EventCard::Supply,
        EventCard::ClashOfKings,
        EventCard::SeaOfStorms,
    ];
    events::fix_next_round(&mut s, 2, cards, None);
    let s = close_step(b, &s, &[]).state;
    let out = close_step(
        b,
        &s,
        &[
            (h(b, "stark"), bid(3, 0)),
            (h(b, "lannister"), bid(0, 2)),
            (h(b, "greyjoy"), bid(0, 2)),
        ],
    );
    assert_eq!(out.state.step, Step::EventsAnswers);
    out.state
}

fn line(v: Vec<HouseId>) -> EventAnswers {
    EventAnswers {
        ties: vec![(None, v)],
        ..Default::default()
    }
}

#[test]
fn a_tie_line_naming_exactly_one_ties_houses_is_that_tie_004_l1163() {
    let b = board();
    let s = answers_window(&b);
    let (stark, lannister, greyjoy) = (h(&b, "stark"), h(&b, "lannister"), h(&b, "greyjoy"));
    // Both are in the Fiefdoms tie at 2 and in the Court tie of six: the Fiefdoms tie is the
    // one whose houses are exactly those two.
    let a = line(vec![greyjoy, lannister]);
    assert_eq!(check_answers(&b, &s, stark, &a), Vec::new());
    assert_eq!(
        tie_lines_read_by_houses(&b, &s, stark, &a),
        vec![(vec![greyjoy, lannister], Some(Track::Fiefdoms))]
    );
}

#[test]
fn a_tie_line_whose_houses_fit_several_ties_asks_for_the_track_004_l1163() {
    let b = board();
    let s = answers_window(&b);
    let (stark, tyrell, martell) = (h(&b, "stark"), h(&b, "tyrell"), h(&b, "martell"));
    // Tyrell and Martell are in the Fiefdoms tie of four at 0 and in the Court tie of six:
    // neither is exactly those two.
    let a = line(vec![tyrell, martell]);
    assert_eq!(
        check_answers(&b, &s, stark, &a),
        vec![EventProblem::NameTheTrack]
    );
    assert_eq!(tie_lines_read_by_houses(&b, &s, stark, &a), Vec::new());
}
