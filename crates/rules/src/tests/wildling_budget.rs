//! A wildling bid against what the house will have when the attack is resolved: tokens in
//! hand + this phase's Game of Thrones income − the same mail's Clash of Kings bids
//! (004:L2389, L1106, A-64).

use super::kit_events::{empty, start};
use crate::event_phase::bidding::{BidError, ClashBid};
use crate::event_phase::events::{self, CategoryDraw, EventCard, EventSettings, RoundEvents};
use crate::event_phase::wildlings;

#[test]
fn a64_wildling_bid_may_use_this_phases_game_of_thrones_income_004_l2389() {
    let mut w = start();
    w.power("stark", 0);
    let stark = w.h("stark");
    let budget = wildlings::BidBudget {
        income: 2,
        clash: 0,
    };
    assert_eq!(wildlings::check_bid(&w.s, stark, 2, budget), Ok(()));
    assert_eq!(
        wildlings::check_bid(&w.s, stark, 3, budget),
        Err(BidError::WildlingOverBudget {
            wildling: 3,
            clash: 0,
            hand: 0,
            income: 2
        })
    );
}

#[test]
fn a64_clash_bids_are_spent_before_the_wildling_bid_004_l2389() {
    let mut w = start();
    w.power("stark", 5);
    let stark = w.h("stark");
    let budget = wildlings::BidBudget {
        income: 0,
        clash: 4,
    };
    assert_eq!(wildlings::check_bid(&w.s, stark, 1, budget), Ok(()));
    let e = wildlings::check_bid(&w.s, stark, 2, budget);
    assert_eq!(
        e,
        Err(BidError::WildlingOverBudget {
            wildling: 2,
            clash: 4,
            hand: 5,
            income: 0
        })
    );
    assert_eq!(e.map_err(|e| e.rule()), Err("004:L2389, L1106, A-64"));
}

/// A round-2 event phase with Game of Thrones or Clash of Kings and a wildling attack.
fn phase(w: &mut super::kit_events::W, political: EventCard) {
    events::start_game(&w.b, &mut w.s, "x", EventSettings::default());
    let d = |card| CategoryDraw {
        winter: false,
        card,
        chosen: None,
    };
    if let Some(deck) = w.s.economy.deck.as_mut().map(std::sync::Arc::make_mut) {
        deck.upcoming = vec![RoundEvents {
            round: 2,
            draws: [
                d(EventCard::LastDaysOfSummer),
                d(political),
                d(EventCard::WildlingAttack),
            ],
            wildling_penalty: None,
        }];
    }
    w.s.round = 2;
    events::begin_round(&w.b, &mut w.s).expect("begin");
}

#[test]
fn the_budget_counts_game_of_thrones_crowns_up_to_the_cap_004_l2389_a73() {
    let mut w = empty();
    w.put("stark", "karhold", "F");
    w.put("stark", "castle-black", "F");
    let stark = w.h("stark");
    w.power("stark", 0);
    phase(&mut w, EventCard::GameOfThrones { wildlings: false });
    let clash = ClashBid {
        throne: 1,
        fiefdoms: 0,
        court: 0,
    };
    // Karhold, Castle Black and the home seat Winterfell: three crowns; a Clash of Kings bid
    // sent by mistake counts for nothing in this phase.
    let b = wildlings::BidBudget::of(&w.b, &w.s, stark, Some(&clash));
    assert_eq!(
        b,
        wildlings::BidBudget {
            income: 3,
            clash: 0
        }
    );
    // Owning the cap already: no room for the income.
    w.power("stark", w.b.rules.max_power);
    let b = wildlings::BidBudget::of(&w.b, &w.s, stark, None);
    assert_eq!(b.income, 0);
}

#[test]
fn the_budget_subtracts_the_clash_bids_of_the_same_phase_004_l2389() {
    let mut w = empty();
    w.put("stark", "karhold", "F");
    let stark = w.h("stark");
    phase(&mut w, EventCard::ClashOfKings);
    let clash = ClashBid {
        throne: 2,
        fiefdoms: 1,
        court: 0,
    };
    let b = wildlings::BidBudget::of(&w.b, &w.s, stark, Some(&clash));
    assert_eq!(
        b,
        wildlings::BidBudget {
            income: 0,
            clash: 3
        }
    );
}
