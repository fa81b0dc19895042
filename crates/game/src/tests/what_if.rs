//! A what-if (`game::what_if`): the position built from the public state and the orders given,
//! the military phase resolved on it exactly as the plan step's close resolves it, and nothing
//! hidden (the event deck, the event window) in the position.

use super::board;
use crate::what_if::{position, public_view, raven, resolve};
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

fn placement(a: AreaId, kind: OrderType) -> Orders {
    Orders::from(Placement {
        orders: vec![(
            a,
            Order {
                kind,
                special: false,
            },
        )],
        ..Default::default()
    })
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
        Ok(p) => p.state,
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
            assert!(matches!(refused[0].1, SubmissionError::Placement(ref e) if !e.is_empty()));
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
        Ok(p) => p.state,
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
        .map(|(h, o)| (*h, Submission::Placement(o.clone())))
        .collect();
    let raven = close_step(&b, &s, &subs).state;
    assert_eq!(raven.step, Step::Raven);
    let plan = close_step(&b, &raven, &[]).state;
    assert_eq!(plan.step, Step::Plan);
    let closed = close_step(&b, &plan, &[]);
    assert!(!tried.log.is_empty());
    assert_eq!(tried.log, closed.log);
}

/// Lannister (the Raven holder) marches from Lannisport; Greyjoy consolidates on Pyke.
fn placed_for_the_raven(b: &Board, s: &GameState) -> Vec<(HouseId, Orders)> {
    vec![
        (
            house(b, "lannister"),
            placement(area(b, "lannisport"), OrderType::March),
        ),
        (
            house(b, "greyjoy"),
            placement(area(b, "pyke"), OrderType::Consolidate),
        ),
    ]
    .into_iter()
    .inspect(|(h, o)| {
        let sub = Submission::Placement(o.clone());
        assert!(check(b, s, *h, &sub).is_ok(), "{h:?}");
    })
    .collect()
}

#[test]
fn the_raven_holders_change_is_tried_as_the_raven_steps_close_makes_it() {
    let b = board();
    let s = new_game(&b);
    let lannister = house(&b, "lannister");
    let lp = area(&b, "lannisport");
    let orders = placed_for_the_raven(&b, &s);
    let subs: Vec<(HouseId, Submission)> = orders
        .iter()
        .map(|(h, o)| (*h, Submission::Placement(o.clone())))
        .collect();
    let at_raven = close_step(&b, &s, &subs).state;
    assert_eq!(at_raven.step, Step::Raven);
    let change = maester_rules::orders::RavenChange {
        area: lp,
        order: Order {
            kind: OrderType::Consolidate,
            special: false,
        },
    };
    let p = match position(&b, &at_raven, &[]) {
        Ok(p) => p,
        Err(e) => panic!("{e:?}"),
    };
    let p = match raven(&b, &at_raven, p, lannister, change) {
        Ok(p) => p,
        Err(e) => panic!("{e:?}"),
    };
    assert_eq!(p.state.area(lp).order, Some(change.order));
    assert_eq!(p.state.step, Step::Plan);
    let old = Order {
        kind: OrderType::March,
        special: false,
    };
    assert_eq!(p.raven, Some((lannister, lp, old, change.order)));
    let tried = match resolve(&b, &p.state, &[], Settings::default()) {
        Ok(t) => t,
        Err(e) => panic!("{e:?}"),
    };
    // The same change for real: the Raven step's close, then the plan step's.
    let real = close_step(
        &b,
        &at_raven,
        &[(lannister, Submission::Raven(Some(change)))],
    );
    assert_eq!(real.raven, p.raven);
    let closed = close_step(&b, &real.state, &[]);
    assert!(!tried.log.is_empty());
    assert_eq!(tried.log, closed.log);
    assert_eq!(
        at_raven.area(lp).order,
        Some(old),
        "the caller's state is unchanged"
    );
}

#[test]
fn only_the_raven_holder_may_try_a_change_and_only_in_the_raven_step() {
    let b = board();
    let s = new_game(&b);
    let orders = placed_for_the_raven(&b, &s);
    let subs: Vec<(HouseId, Submission)> = orders
        .iter()
        .map(|(h, o)| (*h, Submission::Placement(o.clone())))
        .collect();
    let at_raven = close_step(&b, &s, &subs).state;
    let change = maester_rules::orders::RavenChange {
        area: area(&b, "pyke"),
        order: Order {
            kind: OrderType::Defence,
            special: false,
        },
    };
    let p = || match position(&b, &at_raven, &[]) {
        Ok(p) => p,
        Err(e) => panic!("{e:?}"),
    };
    match raven(&b, &at_raven, p(), house(&b, "greyjoy"), change) {
        Err(SubmissionError::Placement(e)) => {
            assert_eq!(e, vec![PlacementError::NotRavenHolder]);
        }
        other => panic!("Greyjoy does not hold the Raven: {other:?}"),
    }
    let plan = close_step(&b, &at_raven, &[]).state;
    let lp = area(&b, "lannisport");
    let change = maester_rules::orders::RavenChange { area: lp, ..change };
    match raven(&b, &plan, p(), house(&b, "lannister"), change) {
        Err(SubmissionError::WrongStep { open, .. }) => assert_eq!(open, Step::Plan),
        other => panic!("the Raven step is over: {other:?}"),
    }
}

#[test]
fn building_lines_of_the_placement_step_are_carried_out_as_at_the_reveal() {
    let b = board();
    let s = new_game(&b);
    let tyrell = house(&b, "tyrell");
    let mut orders = placement(area(&b, "highgarden"), OrderType::Defence);
    orders
        .build
        .ports
        .push(maester_rules::event_phase::build::PortBuild {
            province: area(&b, "highgarden"),
            sea: Some(area(&b, "redwyne-straights")),
        });
    let p = match position(&b, &s, &[(tyrell, orders.clone())]) {
        Ok(p) => p,
        Err(e) => panic!("{e:?}"),
    };
    // The same orders for real: the placement step's close builds the port.
    let real = close_step(&b, &s, &[(tyrell, Submission::Placement(orders))]);
    assert!(!p.built.is_empty());
    assert_eq!(p.built, real.economy);
    let port = area(&b, "port-of-highgarden");
    assert!(p.state.port_exists(&b, port));
    assert_eq!(p.state.house(tyrell).power, real.state.house(tyrell).power);
    assert!(!s.port_exists(&b, port), "the caller's state is unchanged");
}

#[test]
fn a_house_not_in_play_places_nothing_as_at_the_reveal() {
    let b = board();
    let mut s = new_game(&b);
    let martell = house(&b, "martell");
    s.house_mut(martell).neutral = true;
    let sunspear = area(&b, "sunspear");
    let orders = [(martell, placement(sunspear, OrderType::Defence))];
    let p = match position(&b, &s, &orders) {
        Ok(p) => p,
        Err(e) => panic!("{e:?}"),
    };
    let real = close_step(
        &b,
        &s,
        &[(martell, Submission::Placement(orders[0].1.clone()))],
    );
    assert_eq!(real.state.area(sunspear).order, None);
    assert_eq!(p.state.area(sunspear).order, None);
}
