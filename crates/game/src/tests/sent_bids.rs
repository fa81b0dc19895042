//! only a house that sent nothing for the event phase is silent. One that sent its event
//! mail — `无`, or a wildling bid without Clash of Kings bids — bids 0 where it wrote no bid,
//! by its own mail, and the log says so (its bids are not marked as defaults).

use super::{board, h, round_two_events};
use crate::*;
use maester_rules::Step;
use maester_rules::event_phase::events::EventCard;
use maester_rules::log_events::EconomyEvent;

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
    let s = round_two_events(
        &b,
        [
            EventCard::Supply,
            EventCard::ClashOfKings,
            EventCard::WildlingAttack,
        ],
    );
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
