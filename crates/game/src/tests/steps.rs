//! The step machine: the sequence of a round, steps nobody needs, defaults for silence.

use super::{board, h};
use crate::*;
use maester_board::{Board, Order, OrderType};
use maester_rules::event_phase::events::{self, EventCard, EventSettings};
use maester_rules::event_phase::wildlings::PenaltyKind;
use maester_rules::{GameState, Track};

fn a(b: &Board, key: &str) -> AreaId {
    b.area_by_key(key)
        .unwrap_or_else(|| panic!("no area {key}"))
}

fn order(kind: OrderType) -> Order {
    Order {
        kind,
        special: false,
    }
}

/// A new game with its deck, round 2's events replaced by the given cards.
fn game_with_round_two(b: &Board, cards: [EventCard; 3]) -> GameState {
    let mut s = GameState::new_game(b);
    events::start_game(b, &mut s, "test", EventSettings::default());
    events::fix_next_round(&mut s, 2, cards, Some(PenaltyKind::Disband));
    s
}

#[test]
fn placement_closes_into_raven_and_reveals_orders_silent_houses_get_none_a26() {
    let b = board();
    let s = GameState::new_game(&b);
    let stark = h(&b, "stark");
    let sub = Submission::Placement(Orders::from(Placement {
        orders: vec![(a(&b, "winterfell"), order(OrderType::March))],
        ..Default::default()
    }));
    assert!(check(&b, &s, stark, &sub).is_ok());
    let out = close_step(&b, &s, &[(stark, sub)]);
    // The Raven holder (Lannister) placed nothing: the Raven step needs nobody and closes at once.
    assert_eq!(out.state.step, Step::Plan);
    let keys: Vec<Step> = out.steps.iter().map(|c| c.step).collect();
    assert_eq!(keys, [Step::Placement, Step::Raven]);
    assert_eq!(out.revealed.len(), 1);
    assert_eq!(out.silent().len(), 5, "five houses sent no orders (A-26)");
    let out2 = close_step(&b, &out.state, &[]);
    assert_eq!((out2.state.round, out2.state.step), (2, Step::Placement));
    assert!(out2.state.areas.iter().all(|a| a.order.is_none()));
}

#[test]
fn round_one_has_no_event_phase_and_steps_nobody_needs_are_closed_at_once() {
    let b = board();
    let s = game_with_round_two(
        &b,
        [
            EventCard::Supply,
            EventCard::ClashOfKings,
            EventCard::SeaOfStorms,
        ],
    );
    assert_eq!(
        (s.round, s.step),
        (1, Step::Placement),
        "round 1 opens with placement"
    );
    // Everybody silent: nobody has an order, so Raven and plan need nobody.
    let out = close_step(&b, &s, &[]);
    let keys: Vec<(u8, Step)> = out.steps.iter().map(|c| (c.round, c.step)).collect();
    assert_eq!(
        keys,
        [(1, Step::Placement), (1, Step::Raven), (1, Step::Plan)]
    );
    assert_eq!(out.silent().len(), 6);
    // Round 2 opens with the event phase: every house has tokens to bid for the Clash of Kings.
    assert_eq!((out.state.round, out.state.step), (2, Step::Events));
    assert_eq!(expected(&b, &out.state).len(), 6);
}

#[test]
fn an_event_phase_that_asks_nothing_is_skipped_and_notices_are_sent() {
    let b = board();
    let s = game_with_round_two(
        &b,
        [
            EventCard::Supply,
            EventCard::GameOfThrones { wildlings: false },
            EventCard::SeaOfStorms,
        ],
    );
    let out = close_step(&b, &s, &[]);
    // Nobody is over supply at the start, Game of Thrones and Sea of Storms ask nothing.
    assert_eq!((out.state.round, out.state.step), (2, Step::Placement));
    assert!(
        out.steps
            .iter()
            .any(|c| c.step == Step::Events && c.silent.is_empty())
    );
    assert!(
        !out.notices.is_empty(),
        "the holders learn round 3's events"
    );
    // Sea of Storms: a raid order is refused at placement.
    let greyjoy = h(&b, "greyjoy");
    let pyke = a(&b, "pyke");
    let raid = Submission::Placement(Orders::from(Placement {
        orders: vec![(pyke, order(OrderType::Raid))],
        ..Default::default()
    }));
    assert!(matches!(
        check(&b, &out.state, greyjoy, &raid),
        Err(SubmissionError::Placement(_))
    ));
}

#[test]
fn clash_of_kings_bids_reorder_the_tracks_and_silent_houses_bid_zero_a26() {
    let b = board();
    let s = game_with_round_two(
        &b,
        [
            EventCard::Supply,
            EventCard::ClashOfKings,
            EventCard::SeaOfStorms,
        ],
    );
    let s = close_step(&b, &s, &[]).state;
    let tyrell = h(&b, "tyrell");
    let bid = Submission::Events(EventOrders {
        clash: Some(maester_rules::event_phase::bidding::ClashBid {
            throne: 3,
            fiefdoms: 1,
            court: 1,
        }),
        ..Default::default()
    });
    assert!(check(&b, &s, tyrell, &bid).is_ok());
    let too_much = Submission::Events(EventOrders {
        clash: Some(maester_rules::event_phase::bidding::ClashBid {
            throne: 9,
            fiefdoms: 0,
            court: 0,
        }),
        ..Default::default()
    });
    assert!(
        check(&b, &s, tyrell, &too_much).is_err(),
        "over the hand (004:L1155)"
    );
    let out = close_step(&b, &s, &[(tyrell, bid)]);
    assert_eq!(out.steps[0].silent.len(), 5);
    // Ties among the five silent houses at 0: the King is asked in the second window.
    assert_eq!(out.state.step, Step::EventsAnswers);
    assert!(!out.questions.is_empty());
    let king = s.throne_order()[0];
    assert!(expected(&b, &out.state).contains(&king));
    let done = close_step(&b, &out.state, &[]);
    assert_eq!(done.state.step, Step::Placement);
    for t in [Track::IronThrone, Track::Fiefdoms, Track::KingsCourt] {
        assert_eq!(done.state.tracks[t as usize][0], tyrell, "{t:?}");
    }
    assert_eq!(done.state.house(tyrell).power, 0);
    assert!(done.state.event_window.is_none());
}

/// 004:L1157: the new King orders every tie of a track; two ties on Fiefdoms (at different bids)
/// are two lines of his answer, and both count.
#[test]
fn the_king_orders_two_ties_of_one_track_on_two_lines_004_l1157() {
    let b = board();
    let s = game_with_round_two(
        &b,
        [
            EventCard::Supply,
            EventCard::ClashOfKings,
            EventCard::SeaOfStorms,
        ],
    );
    let s = close_step(&b, &s, &[]).state;
    let bid = |throne, fiefdoms| {
        Submission::Events(EventOrders {
            clash: Some(maester_rules::event_phase::bidding::ClashBid {
                throne,
                fiefdoms,
                court: 0,
            }),
            ..Default::default()
        })
    };
    let (stark, lannister, baratheon, tyrell, greyjoy, martell) = (
        h(&b, "stark"),
        h(&b, "lannister"),
        h(&b, "baratheon"),
        h(&b, "tyrell"),
        h(&b, "greyjoy"),
        h(&b, "martell"),
    );
    // Tyrell becomes King; Stark/Lannister tie at 2, Baratheon/Greyjoy/Martell at 0.
    let out = close_step(
        &b,
        &s,
        &[
            (tyrell, bid(5, 0)),
            (stark, bid(0, 2)),
            (lannister, bid(0, 2)),
        ],
    );
    assert_eq!(out.state.step, Step::EventsAnswers);
    let answers = Submission::Answers(EventAnswers {
        ties: vec![
            (Some(Track::Fiefdoms), vec![lannister, stark]),
            (Some(Track::Fiefdoms), vec![martell, greyjoy, baratheon]),
        ],
        ..Default::default()
    });
    assert!(check(&b, &out.state, tyrell, &answers).is_ok());
    let done = close_step(&b, &out.state, &[(tyrell, answers)]);
    assert_eq!(
        done.state.tracks[Track::Fiefdoms as usize],
        vec![lannister, stark, martell, greyjoy, baratheon, tyrell]
    );
}

#[test]
fn the_raven_holder_changes_one_order_and_a_plan_in_the_raven_step_keeps_them() {
    let b = board();
    let s = GameState::new_game(&b);
    let lannister = h(&b, "lannister");
    let lp = a(&b, "lannisport");
    let placed = Submission::Placement(Orders::from(Placement {
        orders: vec![(lp, order(OrderType::March))],
        ..Default::default()
    }));
    let out = close_step(&b, &s, &[(lannister, placed)]);
    assert_eq!(out.state.step, Step::Raven);
    assert_eq!(expected(&b, &out.state), [lannister]);
    let change = Submission::Raven(Some(maester_rules::orders::RavenChange {
        area: lp,
        order: order(OrderType::Defence),
    }));
    assert!(
        check(&b, &out.state, h(&b, "stark"), &change).is_err(),
        "not the holder"
    );
    assert!(check(&b, &out.state, lannister, &change).is_ok());
    let after = close_step(&b, &out.state, &[(lannister, change)]);
    assert_eq!(after.state.area(lp).order, Some(order(OrderType::Defence)));
    assert!(after.raven.is_some());
    // Early closing: the holder's plan means no change, and with every plan in, plan closes too.
    let plan = Submission::Plan(Box::default());
    assert!(check(&b, &out.state, lannister, &plan).is_ok());
    let both = close_steps(
        &b,
        &out.state,
        &[(lannister, plan)],
        Options {
            early_close: true,
            ..Default::default()
        },
    );
    let keys: Vec<Step> = both.steps.iter().map(|c| c.step).collect();
    assert_eq!(keys[..2], [Step::Raven, Step::Plan]);
    assert!(both.steps[0].silent.is_empty());
}

#[test]
fn a_whole_silent_game_ends_after_round_ten_with_a_result() {
    let b = board();
    let mut s = GameState::new_game(&b);
    events::start_game(&b, &mut s, "silent", EventSettings::default());
    let mut calls = 0;
    while s.step != Step::Finished && calls < 100 {
        s = close_step(&b, &s, &[]).state;
        calls += 1;
    }
    assert_eq!(s.step, Step::Finished);
    assert!(s.round >= 10);
    assert!(s.economy.result.is_some());
}

#[test]
fn a_retreat_choice_is_asked_and_silence_takes_the_first_candidate_a48() {
    let b = board();
    let mut s = GameState::new_game(&b);
    let stark = h(&b, "stark");
    let (from, first, second) = (
        a(&b, "the-narrow-sea"),
        a(&b, "the-shivering-sea"),
        a(&b, "bay-of-ice"),
    );
    for x in [from, first, second] {
        s.area_mut(x).units.clear();
        s.area_mut(x).house = None;
    }
    s.step = Step::Retreat;
    s.pending_retreats = vec![maester_rules::state::PendingRetreat {
        house: stark,
        from,
        units: vec![maester_board::UnitKind::Ship],
        candidates: vec![first, second],
    }];
    assert_eq!(expected(&b, &s), [stark]);
    let choice = Submission::Retreat(vec![RetreatChoice {
        from,
        to: vec![second],
    }]);
    assert!(check(&b, &s, stark, &choice).is_ok());
    let wrong = Submission::Retreat(vec![RetreatChoice {
        from,
        to: vec![from],
    }]);
    assert!(check(&b, &s, stark, &wrong).is_err(), "not a candidate");
    let chosen = close_step(&b, &s, &[(stark, choice)]);
    assert_eq!(chosen.state.area(second).units.len(), 1);
    assert!(chosen.steps[0].silent.is_empty());
    let silent = close_step(&b, &s, &[]);
    assert_eq!(
        silent.state.area(first).units.len(),
        1,
        "board order (A-48)"
    );
    assert_eq!(silent.silent(), [(Step::Retreat, stark)]);
    assert_eq!(
        (silent.state.round, silent.state.step),
        (2, Step::Placement)
    );
}

#[test]
fn one_time_orders_go_through_the_steps_and_a_caravan_counts_next_round_004_l2619_t45() {
    let b = board();
    let mut s = GameState::new_game(&b);
    maester_rules::optional::one_time::enable(&b, &mut s);
    let lannister = h(&b, "lannister");
    // Lannister holds Blackwater now; the start's Supply basis did not count it.
    let bw = a(&b, "blackwater");
    s.area_mut(bw).house = Some(lannister);
    s.area_mut(bw)
        .units
        .push(maester_rules::Unit::new(maester_board::UnitKind::Footman));
    let before = s.house(lannister).barrels;
    let caravan = maester_rules::optional::one_time::OneTimeOrder::new(
        maester_rules::optional::one_time::OneTimeKind::SupplyCaravan,
    );
    let sub = Submission::Placement(Orders::from(Placement {
        orders: vec![],
        one_time: vec![(bw, caravan)],
    }));
    assert!(check(&b, &s, lannister, &sub).is_ok());
    let out = close_step(&b, &s, &[(lannister, sub)]);
    assert_eq!(out.state.step, Step::Plan, "the Raven holder has no orders");
    assert_eq!(out.revealed_one_time.len(), 1, "revealed with the orders");
    assert!(
        expected(&b, &out.state).contains(&lannister),
        "a house with only a one-time order is asked for its plan"
    );
    let out2 = close_step(&b, &out.state, &[]);
    assert_eq!(out2.state.round, 2);
    assert_eq!(out2.state.house(lannister).barrels, before + 2);
    assert!(out2.economy.iter().any(|e| matches!(
        e,
        maester_rules::log_events::EconomyEvent::CaravanBarrels { .. }
    )));
}
