//! A what-if (`game::what_if`): the position built from the public state and the orders given,
//! the military phase resolved on it exactly as the plan step's close resolves it, and nothing
//! hidden (the event deck, the event window) in the position.

use super::board;
use crate::what_if::{position, public_view, resolve};
use crate::*;
use maester_board::{Board, Order, OrderType};
use maester_rules::GameState;
use maester_rules::event_phase::events::{self, EventSettings};
use maester_rules::modifiers::Settings;

fn area(b: &Board, k: &str) -> AreaId {
    b.area_by_key(k).unwrap_or_else(|| panic!("no area {k}"))
}

fn house(b: &Board, k: &str) -> HouseId {
    b.house_by_key(k).unwrap_or_else(|| panic!("no house {k}"))
}

fn placement(a: AreaId, kind: OrderType) -> Placement {
    Placement {
        orders: vec![(
            a,
            Order {
                kind,
                special: false,
            },
        )],
        ..Default::default()
    }
}

/// A new game with its event deck, placement open.
fn new_game(b: &Board) -> GameState {
    let mut s = GameState::new_game(b);
    events::start_game(b, &mut s, "test", EventSettings::default());
    assert_eq!(s.step, Step::Placement);
    s
}

#[test]
fn the_position_holds_no_event_deck_and_leaves_the_state_as_it_was() {
    let b = board();
    let s = new_game(&b);
    assert!(s.economy.deck.is_some());
    let before = s.clone();
    assert!(public_view(&s).economy.deck.is_none());
    let (lannister, gs) = (house(&b, "lannister"), area(&b, "the-golden-sound"));
    let p = match position(&b, &s, &[(lannister, placement(gs, OrderType::March))]) {
        Ok(p) => p,
        Err(e) => panic!("{e:?}"),
    };
    assert!(p.economy.deck.is_none() && p.event_window.is_none());
    assert_eq!(p.step, Step::Plan);
    assert_eq!(p.area(gs).order.map(|o| o.kind), Some(OrderType::March));
    assert_eq!(s, before, "the caller's state is unchanged");
}

#[test]
fn orders_a_house_cannot_place_are_refused_with_their_rule() {
    let b = board();
    let s = new_game(&b);
    let greyjoy = house(&b, "greyjoy");
    let lp = area(&b, "lannisport");
    match position(&b, &s, &[(greyjoy, placement(lp, OrderType::Defence))]) {
        Err(refused) => {
            assert_eq!(refused.len(), 1);
            assert_eq!(refused[0].0, greyjoy);
            assert!(!refused[0].1.is_empty());
        }
        Ok(_) => panic!("Greyjoy has no units in Lannisport"),
    }
}

#[test]
fn the_tried_phase_is_the_plan_steps_own_resolution() {
    let b = board();
    let s = new_game(&b);
    let (lannister, greyjoy) = (house(&b, "lannister"), house(&b, "greyjoy"));
    let orders = vec![
        (
            lannister,
            placement(area(&b, "the-golden-sound"), OrderType::March),
        ),
        (greyjoy, placement(area(&b, "pyke"), OrderType::Consolidate)),
    ];
    let p = match position(&b, &s, &orders) {
        Ok(p) => p,
        Err(e) => panic!("{e:?}"),
    };
    let tried = match resolve(&b, &p, &[], Settings::default()) {
        Ok(t) => t,
        Err(e) => panic!("{e:?}"),
    };
    assert!(tried.without_plan.contains(&lannister));
    // The same orders for real: placement, the Raven (no change), the plan step (no plans).
    let subs: Vec<(HouseId, Submission)> = orders
        .iter()
        .map(|(h, o)| (*h, Submission::Placement(Orders::from(o.clone()))))
        .collect();
    let raven = close_step(&b, &s, &subs).state;
    assert_eq!(raven.step, Step::Raven);
    let plan = close_step(&b, &raven, &[]).state;
    assert_eq!(plan.step, Step::Plan);
    let closed = close_step(&b, &plan, &[]);
    assert!(!tried.log.is_empty());
    assert_eq!(tried.log, closed.log);
}
