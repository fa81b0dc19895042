//! only a house that sent nothing for the event phase is silent. One that sent its event
//! mail — `无`, or a wildling bid without Clash of Kings bids — bids 0 where it wrote no bid,
//! by its own mail, and the log says so (its bids are not marked as defaults).

use crate::*;
use maester_board::Board;
use maester_rules::event_phase::events::{self, EventCard, EventSettings};
use maester_rules::log_events::EconomyEvent;
use maester_rules::{GameState, Step};

fn board() -> Board {
    match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    }
}

fn h(b: &Board, key: &str) -> HouseId {
    b.house_by_key(key)
        .unwrap_or_else(|| panic!("no house {key}"))
}

/// Whether the provisional log marks `house`'s Clash of Kings and wildling bids as defaults.
fn defaults(log: &[EconomyEvent], house: HouseId) -> (Option<bool>, Option<bool>) {
    let clash = log.iter().find_map(|e| match e {
        EconomyEvent::ClashBids {
            house: x, default, ..
        } if *x == house => Some(*default),
        _ => None,
    });
    let wildlings = log.iter().find_map(|e| match e {
        EconomyEvent::WildlingBid {
            house: x, default, ..
        } if *x == house => Some(*default),
        _ => None,
    });
    (clash, wildlings)
}

#[test]
fn a_house_that_sent_its_event_mail_is_not_silent_for_its_bids_a_26() {
    let b = board();
    let mut s = GameState::new_game(&b);
    events::start_game(&b, &mut s, "test", EventSettings::default());
    let cards = [
        EventCard::Supply,
        EventCard::ClashOfKings,
        EventCard::WildlingAttack,
    ];
    events::fix_next_round(&mut s, 2, cards, None);
    let s = close_step(&b, &s, &[]).state;
    assert_eq!((s.round, s.step), (2, Step::Events));
    let (baratheon, stark, tyrell) = (h(&b, "baratheon"), h(&b, "stark"), h(&b, "tyrell"));
    let subs = vec![
        (baratheon, Submission::Events(EventOrders::default())),
        (
            stark,
            Submission::Events(EventOrders {
                wildling_bid: Some(1),
                ..Default::default()
            }),
        ),
    ];
    let o = close_step(&b, &s, &subs);
    assert_eq!(o.state.step, Step::EventsAnswers);
    assert_eq!(
        defaults(&o.provisional, baratheon),
        (Some(false), Some(false))
    );
    assert_eq!(defaults(&o.provisional, stark), (Some(false), Some(false)));
    assert_eq!(defaults(&o.provisional, tyrell), (Some(true), Some(true)));
    let silent = o.silent();
    assert!(!silent.contains(&(Step::Events, baratheon)), "{silent:?}");
    assert!(!silent.contains(&(Step::Events, stark)), "{silent:?}");
    assert!(silent.contains(&(Step::Events, tyrell)), "{silent:?}");
}
