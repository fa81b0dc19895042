//! A first-window mail's tokens as a whole (004:L2389, A-63, A-64): its building is paid
//! before its bids, so bids that fit the hand alone are refused with the port, every item named.

use super::{board, round_two_events};
use crate::*;
use maester_rules::event_phase::bidding::{BidError, ClashBid, Spend};
use maester_rules::event_phase::build::{BuildPlan, BuildWindow, PortBuild};
use maester_rules::event_phase::events::EventCard;
use maester_rules::log_events::SpendReason;

#[test]
fn bids_that_fit_the_hand_alone_are_refused_with_a_port_paid_first_a_64() {
    let b = board();
    let s = round_two_events(
        &b,
        [
            EventCard::Supply,
            EventCard::ClashOfKings,
            EventCard::WildlingAttack,
        ],
    );
    let stark = b.house_by_key("stark").unwrap_or_else(|| panic!("stark"));
    let hand = s.house(stark).power;
    let port = port_options(&b, &s, stark, BuildWindow::EventPhase)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("Stark can build a port"));
    let room = hand - port.cost;
    let orders = |wildling: u8| EventOrders {
        clash: Some(ClashBid {
            throne: room,
            fiefdoms: 0,
            court: 0,
        }),
        wildling_bid: Some(wildling),
        build: BuildPlan {
            ports: vec![PortBuild {
                province: port.province,
                sea: None,
            }],
            ..BuildPlan::default()
        },
        ..EventOrders::default()
    };
    // The bids and the port use every token: accepted.
    assert_eq!(check_events(&b, &s, stark, &orders(0)), vec![]);
    // One more for the wildlings, within the hand alone: refused, the port named.
    let errs = check_events(&b, &s, stark, &orders(1));
    let want = BidError::OverBudget {
        spent: vec![Spend {
            why: SpendReason::Port,
            area: Some(port.province),
            n: port.cost,
        }],
        clash: room as u32,
        wildling: 1,
        hand,
        income: 0,
    };
    assert_eq!(
        errs,
        vec![EventProblem::Bid(Part::WildlingBid, want.clone())]
    );
    assert_eq!(want.excess(), 1);
    assert!(want.rule().contains("A-64"));
    // The same bids without the port are fine.
    let mut no_port = orders(1);
    no_port.build = BuildPlan::default();
    assert_eq!(check_events(&b, &s, stark, &no_port), vec![]);
}
