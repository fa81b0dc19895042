//! 004:L1157: the Iron Throne's ties are the old King's, the other tracks' the new King's. When
//! the throne's first place is tied, each house that may become King answers in the same
//! window, and the line of the one who does counts.

use super::{board, h, round_two_events};
use crate::*;
use maester_rules::Track;
use maester_rules::event_phase::bidding::ClashBid;
use maester_rules::event_phase::events::EventCard;

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

fn ties(v: Vec<(Option<Track>, Vec<HouseId>)>) -> Submission {
    Submission::Answers(EventAnswers {
        ties: v,
        ..Default::default()
    })
}

#[test]
fn the_house_the_old_king_makes_king_orders_fiefdoms_in_the_same_window_004_l1157() {
    let b = board();
    let s = round_two_events(
        &b,
        [
            EventCard::Supply,
            EventCard::ClashOfKings,
            EventCard::SeaOfStorms,
        ],
    );
    let old_king = s.tracks[Track::IronThrone as usize][0];
    let (stark, tyrell, lannister, greyjoy) = (
        h(&b, "stark"),
        h(&b, "tyrell"),
        h(&b, "lannister"),
        h(&b, "greyjoy"),
    );
    // Stark and Tyrell tie for the throne at 5; Lannister and Greyjoy for Fiefdoms at 2.
    let out = close_step(
        &b,
        &s,
        &[
            (stark, bid(5, 0)),
            (tyrell, bid(5, 0)),
            (lannister, bid(0, 2)),
            (greyjoy, bid(0, 2)),
        ],
    );
    assert_eq!(out.state.step, Step::EventsAnswers);
    let asked = expected(&b, &out.state);
    assert!(
        asked.contains(&stark) && asked.contains(&tyrell),
        "{asked:?}"
    );
    let throne = ties(vec![(Some(Track::IronThrone), vec![stark, tyrell])]);
    let by_stark = ties(vec![(Some(Track::Fiefdoms), vec![greyjoy, lannister])]);
    let by_tyrell = ties(vec![(Some(Track::Fiefdoms), vec![lannister, greyjoy])]);
    for (who, sub) in [
        (old_king, &throne),
        (stark, &by_stark),
        (tyrell, &by_tyrell),
    ] {
        assert!(check(&b, &out.state, who, sub).is_ok(), "{who:?}");
    }
    let done = close_step(
        &b,
        &out.state,
        &[(old_king, throne), (stark, by_stark), (tyrell, by_tyrell)],
    );
    assert_eq!(done.state.tracks[Track::IronThrone as usize][0], stark);
    let fiefdoms = &done.state.tracks[Track::Fiefdoms as usize];
    assert_eq!(&fiefdoms[..2], &[greyjoy, lannister], "the new King's line");
}
