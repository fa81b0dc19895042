//! Tests of the event system (004:L2384–L2465, A-69…A-71), each named after its rule.

use super::kit_events::{W, start};
use crate::event_phase::events::{
    self, Category, CategoryDraw, EventCard, EventDeck, EventError, EventSettings, RoundEvents,
};
use crate::event_phase::wildlings::PenaltyKind;
use crate::event_phase::{self, Foresight};
use crate::model::log_events::EconomyEvent;

fn no_winter() -> EventSettings {
    EventSettings {
        wic_per_mille: 0,
        ..Default::default()
    }
}

fn cards(
    deck: &mut EventDeck,
    c: Category,
    rounds: std::ops::RangeInclusive<u8>,
) -> Vec<EventCard> {
    rounds
        .map(|r| deck.draw_round(r).draws[c as usize].card)
        .collect()
}

fn count(v: &[EventCard], c: EventCard) -> usize {
    v.iter().filter(|&&x| x == c).count()
}

fn draw(card: EventCard) -> CategoryDraw {
    CategoryDraw {
        winter: false,
        card,
        chosen: None,
    }
}

/// The bags of the default board.
fn bags() -> crate::event_phase::events::EventBags {
    match maester_board::Board::default_board() {
        Ok(b) => crate::event_phase::events::EventBags::of(&b),
        Err(e) => panic!("{e}"),
    }
}

/// A state whose round-2 events are exactly these.
fn with_round_two(w: &mut W, e: [EventCard; 3], settings: EventSettings) {
    events::start_game(&w.b, &mut w.s, "fixed", settings);
    let deck =
        w.s.economy
            .deck
            .as_mut()
            .map(std::sync::Arc::make_mut)
            .expect("deck");
    deck.upcoming = vec![RoundEvents {
        round: 2,
        draws: e.map(draw),
        wildling_penalty: None,
    }];
    w.s.round = 2;
}

#[test]
fn a70_same_seed_gives_the_same_events_and_another_seed_others() {
    let mut a = EventDeck::new("seed-1", EventSettings::default(), bags());
    let mut b = EventDeck::new("seed-1", EventSettings::default(), bags());
    let mut c = EventDeck::new("seed-2", EventSettings::default(), bags());
    let ra: Vec<RoundEvents> = (2..=11).map(|r| a.draw_round(r)).collect();
    let rb: Vec<RoundEvents> = (2..=11).map(|r| b.draw_round(r)).collect();
    let rc: Vec<RoundEvents> = (2..=11).map(|r| c.draw_round(r)).collect();
    assert_eq!(ra, rb);
    assert_ne!(ra, rc);
}

#[test]
fn a70_bag_state_in_game_state_resumes_exactly_after_serialising() {
    let mut w = start();
    events::start_game(&w.b, &mut w.s, "resume", EventSettings::default());
    let json = serde_json::to_string(&w.s).expect("serialise");
    let mut back: crate::GameState = serde_json::from_str(&json).expect("parse");
    assert_eq!(back, w.s);
    let d1 =
        w.s.economy
            .deck
            .as_mut()
            .map(std::sync::Arc::make_mut)
            .expect("deck");
    let d2 = back
        .economy
        .deck
        .as_mut()
        .map(std::sync::Arc::make_mut)
        .expect("deck");
    assert_eq!(d1.draw_through(9), d2.draw_through(9));
    assert_eq!(d1, d2);
}

#[test]
fn t48_economic_supply_twice_mustering_twice_in_each_bag_of_five_with_ldos_004_l2392() {
    let mut d = EventDeck::new("econ", no_winter(), bags());
    let v = cards(&mut d, Category::Economic, 2..=21);
    for bag in v.chunks(5) {
        assert_eq!(count(bag, EventCard::Supply), 2, "{bag:?}");
        assert_eq!(count(bag, EventCard::Muster), 2, "{bag:?}");
        assert_eq!(count(bag, EventCard::LastDaysOfSummer), 1, "{bag:?}");
    }
}

#[test]
fn t48_political_two_clashes_three_thrones_one_marked_wildlings_in_six_004_l2397() {
    let mut d = EventDeck::new("pol", no_winter(), bags());
    let v = cards(&mut d, Category::Political, 2..=25);
    for bag in v.chunks(6) {
        assert_eq!(count(bag, EventCard::ClashOfKings), 2, "{bag:?}");
        assert_eq!(
            count(bag, EventCard::GameOfThrones { wildlings: true }),
            1,
            "{bag:?}"
        );
        assert_eq!(
            count(bag, EventCard::GameOfThrones { wildlings: false }),
            2,
            "{bag:?}"
        );
        assert_eq!(count(bag, EventCard::LastDaysOfSummer), 1, "{bag:?}");
    }
}

#[test]
fn t48_military_frequencies_and_late_events_from_round_6_once_each_004_l2404_l2406() {
    let mut d = EventDeck::new("mil", no_winter(), bags());
    let v = cards(&mut d, Category::Military, 2..=40);
    // Rounds 2–5: never the two late events.
    assert!(!v[..4].contains(&EventCard::RoughSeas) && !v[..4].contains(&EventCard::FrozenRivers));
    // Each at most (here: exactly) once in the whole game.
    assert_eq!(count(&v, EventCard::RoughSeas), 1);
    assert_eq!(count(&v, EventCard::FrozenRivers), 1);
    // First bag: the 7 cards plus the two late ones added in round 6 = rounds 2–10.
    let first = &v[..9];
    for c in [
        EventCard::SeaOfStorms,
        EventCard::FeastForCrows,
        EventCard::RainsOfAutumn,
        EventCard::StormOfSwords,
        EventCard::LastDaysOfSummer,
    ] {
        assert_eq!(count(first, c), 1, "{c:?} in {first:?}");
    }
    assert_eq!(count(first, EventCard::WildlingAttack), 2);
    // Later bags: the seven cards of 004:L2404, one each, the attack twice.
    for bag in v[9..].chunks(7).filter(|b| b.len() == 7) {
        assert_eq!(count(bag, EventCard::WildlingAttack), 2, "{bag:?}");
        assert_eq!(count(bag, EventCard::SeaOfStorms), 1, "{bag:?}");
        assert_eq!(count(bag, EventCard::LastDaysOfSummer), 1, "{bag:?}");
    }
}

#[test]
fn a70_wildling_penalty_is_drawn_with_every_attack_and_only_then_004_l1128() {
    let mut d = EventDeck::new("pen", EventSettings::default(), bags());
    let mut kinds = Vec::new();
    for r in 2..=40 {
        let ev = d.draw_round(r);
        let attack = ev.draws[Category::Military as usize].card == EventCard::WildlingAttack;
        assert_eq!(attack, ev.wildling_penalty.is_some(), "round {r}");
        kinds.extend(ev.wildling_penalty);
    }
    for k in [
        PenaltyKind::Disband,
        PenaltyKind::DowngradeKnights,
        PenaltyKind::NoSpecialOrders,
    ] {
        assert!(kinds.contains(&k), "{k:?} never drawn in {kinds:?}");
    }
}

#[test]
fn t48_winter_is_coming_restarts_the_cycle_so_clash_may_come_again_004_l2446() {
    let settings = EventSettings {
        wic_per_mille: 1000,
        ..Default::default()
    };
    let mut d = EventDeck::new("wic", settings, bags());
    // Both clashes already drawn from the political bag.
    d.bags[Category::Political as usize] = vec![
        EventCard::GameOfThrones { wildlings: false },
        EventCard::LastDaysOfSummer,
    ];
    let ev = d.draw_round(4);
    let p = ev.draws[Category::Political as usize];
    assert!(p.winter);
    let bag = &d.bags[Category::Political as usize];
    assert_eq!(bag.len(), 5, "drawn from a refilled bag of six");
    assert!(p.card == EventCard::ClashOfKings || bag.contains(&EventCard::ClashOfKings));
    // Without Winter is Coming the bag would have been drawn as it stood.
    let mut n = EventDeck::new("wic", no_winter(), bags());
    n.bags[Category::Political as usize] = vec![EventCard::LastDaysOfSummer];
    assert_eq!(n.draw_round(4).draws[1].card, EventCard::LastDaysOfSummer);
}

#[test]
fn round_one_has_no_event_phase_but_round_two_is_drawn_in_round_one_004_l2381() {
    let mut w = start();
    let log = events::start_game(&w.b, &mut w.s, "r1", EventSettings::default());
    assert_eq!(log, vec![EconomyEvent::EventsDrawn { round: 2 }]);
    assert_eq!(
        events::begin_round(&w.b, &mut w.s),
        Err(EventError::RoundOne)
    );
    assert!(events::upcoming(&w.s, 2).is_some());
    w.s.round = 2;
    assert!(events::begin_round(&w.b, &mut w.s).is_ok());
    assert_eq!(events::current(&w.s).map(|e| e.round), Some(2));
    assert!(
        events::upcoming(&w.s, 3).is_none(),
        "round 3 is drawn at the end of the phase"
    );
    events::end_event_phase(&w.b, &mut w.s).expect("deck");
    assert!(events::upcoming(&w.s, 3).is_some());
}

#[test]
fn a06_king_learns_economic_sword_political_raven_military_not_a_winter_outcome_004_l1165() {
    let mut w = start();
    events::start_game(&w.b, &mut w.s, "notice", EventSettings::default());
    let deck =
        w.s.economy
            .deck
            .as_mut()
            .map(std::sync::Arc::make_mut)
            .expect("deck");
    deck.upcoming[0].draws = [
        draw(EventCard::Supply),
        CategoryDraw {
            winter: true,
            card: EventCard::ClashOfKings,
            chosen: None,
        },
        draw(EventCard::SeaOfStorms),
    ];
    let n = event_phase::advance_notices(&w.s);
    let got: Vec<_> = n.iter().map(|x| (x.house, x.category, x.what)).collect();
    assert_eq!(
        got,
        vec![
            (
                w.h("baratheon"),
                Category::Economic,
                Foresight::Card(EventCard::Supply)
            ),
            (
                w.h("greyjoy"),
                Category::Political,
                Foresight::WinterIsComing
            ),
            (
                w.h("lannister"),
                Category::Military,
                Foresight::Card(EventCard::SeaOfStorms)
            ),
        ]
    );
}

#[test]
fn t50_preview_rule_announces_three_rounds_ahead_and_no_secret_notices_004_l2632() {
    let mut w = start();
    let settings = EventSettings {
        preview: true,
        ..Default::default()
    };
    events::start_game(&w.b, &mut w.s, "preview", settings);
    let rounds: Vec<u8> = event_phase::public_preview(&w.s)
        .iter()
        .map(|x| x.0)
        .collect();
    assert_eq!(rounds, vec![2, 3, 4]);
    assert!(event_phase::advance_notices(&w.s).is_empty());
    w.s.round = 2;
    let log = events::begin_round(&w.b, &mut w.s).expect("begin");
    assert!(log.contains(&EconomyEvent::EventsDrawn { round: 5 }));
    let rounds: Vec<u8> = event_phase::public_preview(&w.s)
        .iter()
        .map(|x| x.0)
        .collect();
    assert_eq!(rounds, vec![3, 4, 5]);
}

#[test]
fn ldos_postpones_its_category_and_raises_wildlings_by_two_each_004_l2437_l2442() {
    let mut w = start();
    with_round_two(
        &mut w,
        [
            EventCard::LastDaysOfSummer,
            EventCard::LastDaysOfSummer,
            EventCard::SeaOfStorms,
        ],
        no_winter(),
    );
    let log = events::begin_round(&w.b, &mut w.s).expect("begin");
    assert!(log.contains(&EconomyEvent::Postponed {
        category: Category::Economic
    }));
    assert!(log.contains(&EconomyEvent::Postponed {
        category: Category::Political
    }));
    assert_eq!(w.s.wildlings, 4);
    let ev = events::current(&w.s).expect("current");
    assert!(!ev.has(EventCard::Supply) && !ev.has(EventCard::Muster));
    assert!(!ev.has(EventCard::ClashOfKings));
    assert!(
        event_phase::round_modifiers(&w.s).sea_of_storms,
        "Sea of Storms: no raids (004:L2410)"
    );
}

#[test]
fn got_marked_and_rains_raise_wildlings_in_category_order_a69() {
    let mut w = start();
    with_round_two(
        &mut w,
        [
            EventCard::Muster,
            EventCard::GameOfThrones { wildlings: true },
            EventCard::RainsOfAutumn,
        ],
        no_winter(),
    );
    let log = events::begin_round(&w.b, &mut w.s).expect("begin");
    let rises: Vec<(EventCard, u8, u8)> = log
        .iter()
        .filter_map(|e| match e {
            EconomyEvent::WildlingsRise {
                cause, from, to, ..
            } => Some((*cause, *from, *to)),
            _ => None,
        })
        .collect();
    assert_eq!(
        rises,
        vec![
            (EventCard::GameOfThrones { wildlings: true }, 0, 2),
            (EventCard::RainsOfAutumn, 2, 4)
        ]
    );
    assert!(event_phase::round_modifiers(&w.s).rains_of_autumn);
}

#[test]
fn t22_wildlings_stay_at_the_cap_of_12_11_5_changelog() {
    let mut w = start();
    with_round_two(
        &mut w,
        [
            EventCard::Supply,
            EventCard::ClashOfKings,
            EventCard::StormOfSwords,
        ],
        no_winter(),
    );
    w.s.wildlings = 12;
    events::begin_round(&w.b, &mut w.s).expect("begin");
    assert_eq!(w.s.wildlings, 12);
    w.s.wildlings = 11;
    let mut log = Vec::new();
    events::raise_wildlings(&w.b, &mut w.s, 2, EventCard::RainsOfAutumn, &mut log);
    assert_eq!(w.s.wildlings, 12);
}

#[test]
fn t49_chooser_event_ldos_gives_three_and_only_the_holder_chooses_004_l2644() {
    let mut w = start();
    let settings = EventSettings {
        chooser_events: true,
        wic_per_mille: 0,
        preview: false,
    };
    with_round_two(
        &mut w,
        [
            EventCard::ThroneOfBlades,
            EventCard::DarkWings,
            EventCard::PunishTheGuilty,
        ],
        settings,
    );
    events::begin_round(&w.b, &mut w.s).expect("begin");
    assert_eq!(w.s.wildlings, 0, "undecided choosers raise nothing yet");
    let king = w.h("baratheon");
    let sword = w.h("greyjoy");
    assert_eq!(
        events::choose(
            &w.b,
            &mut w.s,
            Category::Economic,
            Some(sword),
            Some(EventCard::Supply)
        ),
        Err(EventError::NotTheHolder(sword))
    );
    assert_eq!(
        events::choose(
            &w.b,
            &mut w.s,
            Category::Economic,
            Some(king),
            Some(EventCard::ClashOfKings)
        ),
        Err(EventError::BadChoice(EventCard::ClashOfKings))
    );
    events::choose(
        &w.b,
        &mut w.s,
        Category::Economic,
        Some(king),
        Some(EventCard::LastDaysOfSummer),
    )
    .expect("choice");
    assert_eq!(w.s.wildlings, 3);
    // Silent sword holder: the first option, Game of Thrones, +1 only.
    let log = events::choose(&w.b, &mut w.s, Category::Political, None, None).expect("default");
    assert!(matches!(
        log[0],
        EconomyEvent::EventChosen {
            default: true,
            card: EventCard::GameOfThrones { .. },
            ..
        }
    ));
    assert_eq!(w.s.wildlings, 4);
    // The Raven holder may not pick the two late events.
    let raven = w.h("lannister");
    assert_eq!(
        events::choose(
            &w.b,
            &mut w.s,
            Category::Military,
            Some(raven),
            Some(EventCard::RoughSeas)
        ),
        Err(EventError::BadChoice(EventCard::RoughSeas))
    );
    events::choose(
        &w.b,
        &mut w.s,
        Category::Military,
        Some(raven),
        Some(EventCard::WildlingAttack),
    )
    .expect("attack");
    let cur = events::current(&w.s).expect("cur");
    assert!(
        cur.wildling_penalty.is_some(),
        "a chosen attack draws its penalty"
    );
    assert!(cur.has(EventCard::WildlingAttack));
    assert_eq!(w.s.wildlings, 5);
}

#[test]
fn storm_of_swords_feast_rough_seas_frozen_rivers_restrict_the_military_phase_004_l2409() {
    for (card, check) in [
        (EventCard::StormOfSwords, 0),
        (EventCard::FeastForCrows, 1),
        (EventCard::RoughSeas, 2),
        (EventCard::FrozenRivers, 3),
    ] {
        let mut w = start();
        with_round_two(
            &mut w,
            [EventCard::Supply, EventCard::ClashOfKings, card],
            no_winter(),
        );
        events::begin_round(&w.b, &mut w.s).expect("begin");
        let r = event_phase::round_modifiers(&w.s);
        let flags = [
            r.storm_of_swords,
            r.feast_for_crows,
            r.rough_seas,
            r.rivers_frozen,
        ];
        assert!(flags[check], "{card:?}");
        assert_eq!(flags.iter().filter(|f| **f).count(), 1, "{card:?}");
        assert!(!r.sea_of_storms && r.no_special_orders.is_empty());
    }
}

#[test]
fn t50_the_public_preview_shows_each_drawn_round_and_nothing_without_the_rule_004_l2632() {
    let mut w = start();
    let settings = EventSettings {
        preview: true,
        ..Default::default()
    };
    events::start_game(&w.b, &mut w.s, "preview-words", settings);
    let rounds: Vec<u8> = event_phase::public_preview(&w.s)
        .into_iter()
        .map(|(r, _)| r)
        .filter(|r| [2, 3, 4].contains(r))
        .collect();
    assert_eq!(rounds, vec![2, 3, 4]);
    let mut off = start();
    events::start_game(
        &off.b,
        &mut off.s,
        "preview-words",
        EventSettings::default(),
    );
    assert!(event_phase::public_preview(&off.s).is_empty());
}

#[test]
fn every_event_card_key_of_the_board_file_is_a_card_a70() {
    for k in maester_board::EVENT_CARD_KEYS {
        assert!(EventCard::from_key(k).is_some(), "{k}");
    }
    assert_eq!(EventCard::KEYS.len(), maester_board::EVENT_CARD_KEYS.len());
}

#[test]
fn the_bags_come_from_the_board_file_and_an_unknown_card_is_refused_a70() {
    let text = include_str!("../../../../data/westeros.toml");
    let b = match maester_board::Board::from_toml(text) {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    let bags = crate::event_phase::events::EventBags::of(&b);
    assert_eq!(bags.cycle.map(|c| c.len()), [5, 6, 7]);
    assert_eq!(bags.late, [EventCard::RoughSeas, EventCard::FrozenRivers]);
    assert_eq!(bags.late_from, 6);
    let bad = text.replace("\"rains-of-autumn\"", "\"autumn-rains\"");
    match maester_board::Board::from_toml(&bad) {
        Ok(_) => panic!("an unknown card must be refused"),
        Err(e) => assert!(e.to_string().contains("autumn-rains"), "{e}"),
    }
}
