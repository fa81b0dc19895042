//! The chooser events of the optional rules (004:L2640–L2646, T-49, A-71) through the step
//! machine: the `events` step asks the chooser first, applies his choice (or the default), and
//! then asks what the chosen event needs.

use super::board;
use crate::*;
use maester_board::{Board, UnitKind};
use maester_rules::armies::muster::{MusterAction, MusterItem};
use maester_rules::event_phase::events::{self, Category, EventCard, EventSettings};
use maester_rules::log_events::EconomyEvent;
use maester_rules::{GameState, Track};

/// Round 2's event step open, its draw replaced by the given cards.
fn round_two(b: &Board, cards: [EventCard; 3]) -> GameState {
    let mut s = GameState::new_game(b);
    events::start_game(b, &mut s, "choice", EventSettings::default());
    events::fix_next_round(&mut s, 2, cards, None);
    let out = close_step(b, &s, &[]);
    assert_eq!((out.state.round, out.state.step), (2, Step::Events));
    out.state
}

fn choice(cards: &[EventCard]) -> Submission {
    Submission::Events(EventOrders {
        choices: cards.to_vec(),
        ..Default::default()
    })
}

fn problems(b: &Board, s: &GameState, h: HouseId, sub: &Submission) -> Vec<EventProblem> {
    match check(b, s, h, sub) {
        Err(SubmissionError::Event(v)) => v,
        other => panic!("expected event problems, got {other:?}"),
    }
}

fn chosen(s: &GameState, c: Category) -> Option<EventCard> {
    events::current(s).and_then(|e| e.draw(c).chosen)
}

const SOS: EventCard = EventCard::SeaOfStorms;
const GOT: EventCard = EventCard::GameOfThrones { wildlings: false };

/// 004:L2640: at A Throne of Blades only the King is asked first; other houses, other parts and
/// options the card does not allow are refused with the reason.
#[test]
fn throne_of_blades_asks_the_king_alone_and_refuses_the_rest_004_l2640() {
    let b = board();
    let s = round_two(&b, [EventCard::ThroneOfBlades, GOT, SOS]);
    let king = s.tracks[Track::IronThrone as usize][0];
    let other = s.tracks[Track::IronThrone as usize][1];
    assert_eq!(expected(&b, &s), vec![king]);
    assert!(check(&b, &s, king, &choice(&[EventCard::Muster])).is_ok());
    assert!(matches!(
        problems(&b, &s, other, &choice(&[EventCard::Muster]))[..],
        [EventProblem::NotTheChooser { .. }]
    ));
    assert_eq!(
        problems(&b, &s, king, &choice(&[EventCard::ClashOfKings])),
        vec![EventProblem::NotAnOption {
            card: EventCard::ThroneOfBlades,
            named: EventCard::ClashOfKings
        }]
    );
    let bid_now = Submission::Events(EventOrders {
        choices: vec![EventCard::Muster],
        wildling_bid: Some(1),
        ..Default::default()
    });
    assert_eq!(
        problems(&b, &s, king, &bid_now),
        vec![EventProblem::ChoiceFirst(Part::WildlingBid)]
    );
}

/// 004:L2640, T-49: the King's Mustering is applied, the wildlings rise by 1, and the step stays
/// open for the muster plans; the King's choice mail is not his muster plan.
#[test]
fn throne_of_blades_chosen_mustering_then_asks_the_muster_plans_t49() {
    let b = board();
    let s = round_two(&b, [EventCard::ThroneOfBlades, GOT, SOS]);
    let before = s.wildlings;
    let king = s.tracks[Track::IronThrone as usize][0];
    let subs = vec![(king, choice(&[EventCard::Muster]))];
    let out = close_steps(
        &b,
        &s,
        &subs,
        Options {
            early_close: true,
            ..Options::default()
        },
    );
    assert_eq!((out.state.round, out.state.step), (2, Step::Events));
    assert_eq!(
        chosen(&out.state, Category::Economic),
        Some(EventCard::Muster)
    );
    assert_eq!(out.state.wildlings, before + 1, "T-49: +1");
    assert!(out.economy.iter().any(|e| matches!(
        e,
        EconomyEvent::EventChosen {
            card: EventCard::Muster,
            default: false,
            ..
        }
    )));
    assert!(out.silent().is_empty());
    let asked = expected(&b, &out.state);
    assert!(asked.contains(&king) && asked.len() > 1, "{asked:?}");
    // The same choice mail, still among the round's submissions, is not the King's muster plan.
    let again = close_steps(
        &b,
        &out.state,
        &subs,
        Options {
            early_close: true,
            ..Options::default()
        },
    );
    assert!(again.silent().contains(&(Step::Events, king)));
    // A muster plan is accepted now, a second choice is not.
    let castle = b
        .area_ids()
        .find(|a| out.state.occupant(*a) == Some(king) && b.area(*a).castle.is_some())
        .unwrap_or_else(|| panic!("the King has a castle"));
    let plan = Submission::Events(EventOrders {
        muster: Some(maester_rules::armies::muster::MusterPlan {
            items: vec![MusterItem {
                castle,
                action: MusterAction::Unit(UnitKind::Footman),
            }],
        }),
        ..Default::default()
    });
    assert!(check(&b, &out.state, king, &plan).is_ok());
    // A choice now comes too late, and the answer says what the card became.
    assert_eq!(
        problems(&b, &out.state, king, &choice(&[EventCard::Supply])),
        vec![EventProblem::AlreadyChosen {
            card: EventCard::ThroneOfBlades,
            chosen: EventCard::Muster
        }]
    );
}

/// A choice in a round whose events hold no chooser card is refused as not this round's.
#[test]
fn a_choice_in_a_round_without_a_chooser_card_is_not_this_rounds_004_l2640() {
    let b = board();
    let s = round_two(&b, [EventCard::Muster, EventCard::ClashOfKings, SOS]);
    let king = s.tracks[Track::IronThrone as usize][0];
    assert_eq!(
        problems(&b, &s, king, &choice(&[EventCard::Muster])),
        vec![EventProblem::NotThisRound(Part::Choice)]
    );
}

/// A-26 with 004:L2640–L2644: a silent chooser gets the first option the card lists, and the log
/// says it was the default.
#[test]
fn dark_wings_silent_sword_holder_gets_game_of_thrones_by_default_a26_004_l2642() {
    let b = board();
    let s = round_two(&b, [EventCard::Supply, EventCard::DarkWings, SOS]);
    let sword = s.tracks[Track::Fiefdoms as usize][0];
    assert_eq!(expected(&b, &s), vec![sword]);
    let before = s.wildlings;
    let out = close_step(&b, &s, &[]);
    assert_eq!(chosen(&out.state, Category::Political), Some(GOT));
    assert!(out.economy.iter().any(|e| matches!(
        e,
        EconomyEvent::EventChosen {
            by: Some(h),
            default: true,
            ..
        } if *h == sword
    )));
    assert!(out.state.wildlings > before, "T-49: +1");
    // Game of Thrones and Supply ask nothing at the start: the phase goes on to placement.
    assert_eq!(out.state.step, Step::Placement);
}

/// T-49 (004:L2646): Last Days of Summer chosen at Punish the Guilty raises the wildlings by 3.
#[test]
fn punish_the_guilty_last_days_of_summer_gives_plus_three_t49() {
    let b = board();
    let s = round_two(&b, [EventCard::Supply, GOT, EventCard::PunishTheGuilty]);
    let raven = s.tracks[Track::KingsCourt as usize][0];
    let before = s.wildlings;
    assert!(
        check(&b, &s, raven, &choice(&[EventCard::RoughSeas])).is_err(),
        "004:L2644: not the late events"
    );
    let out = close_step(&b, &s, &[(raven, choice(&[EventCard::LastDaysOfSummer]))]);
    assert_eq!(out.state.wildlings, before + 3);
    assert!(out.economy.iter().any(|e| matches!(
        e,
        EconomyEvent::Postponed {
            category: Category::Military
        }
    )));
}

/// 004:L2644: a Wildling Attack chosen at Punish the Guilty draws its penalty, announces it, and
/// then every house with tokens is asked for its bid.
#[test]
fn punish_the_guilty_chosen_wildling_attack_asks_the_bids_004_l2644() {
    let b = board();
    let s = round_two(&b, [EventCard::Supply, GOT, EventCard::PunishTheGuilty]);
    let raven = s.tracks[Track::KingsCourt as usize][0];
    let out = close_step(&b, &s, &[(raven, choice(&[EventCard::WildlingAttack]))]);
    assert_eq!(out.state.step, Step::Events);
    assert!(
        out.economy
            .iter()
            .any(|e| matches!(e, EconomyEvent::WildlingPenaltyAnnounced { .. }))
    );
    assert_eq!(expected(&b, &out.state).len(), 6);
}
