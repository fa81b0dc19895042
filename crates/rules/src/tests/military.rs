//! Adjudication tests of the first military slice, each named after the rule it checks.

use super::kit::*;
use crate::model::log::{Event, RetreatRule, TieBreak};
use crate::model::orders::{Placement, UnitSelection};
use crate::planning::placement::{self, PlacementError};
use maester_board::{AreaId, Order, OrderType, UnitKind};

#[test]
fn t06_support_adds_full_army_strength_attacker_total_5_004_l1390() {
    let mut t = t();
    t.put("lannister", "searoad-marches", "FF");
    t.put("lannister", "blackwater", "KF");
    t.put("tyrell", "the-reach", "FF");
    t.order("searoad-marches", OrderType::March, false);
    t.order("blackwater", OrderType::Support, false);
    t.march("lannister", "searoad-marches", "the-reach");
    let (s, log) = t.run();
    let b = battle(&log);
    assert_eq!(b.attack_total, 2 + 3, "2F + support 1K1F");
    // The Reach is a city: 2F + castle 1 = 3.
    assert_eq!(b.defence_total, 3);
    assert!(b.attacker_won);
    assert_eq!(t.holder(&s, "the-reach").as_deref(), Some("lannister"));
}

#[test]
fn battle_tie_goes_to_house_higher_on_fiefdoms_004_l2233() {
    let mut t = t();
    // Fiefdoms: greyjoy 1 … lannister 6. Lannister attacks Greyjoy with equal strength.
    t.put("lannister", "riverrun", "KF");
    t.put("greyjoy", "the-twins", "FFF");
    t.order("riverrun", OrderType::March, false);
    // Riverrun–The Twins are not adjacent (corner only, D4): use Seagard–The Twins bridge instead.
    t.s.area_mut(t.a("riverrun")).units.clear();
    t.s.area_mut(t.a("riverrun")).house = None;
    t.s.area_mut(t.a("riverrun")).order = None;
    t.put("lannister", "seagard", "KF");
    t.order("seagard", OrderType::March, false);
    t.march("lannister", "seagard", "the-twins");
    let (s, log) = t.run();
    let b = battle(&log);
    assert_eq!((b.attack_total, b.defence_total), (3, 3));
    assert_eq!(b.tie, Some(TieBreak::Fiefdoms(t.h("greyjoy"))));
    assert!(!b.attacker_won);
    assert_eq!(t.holder(&s, "the-twins").as_deref(), Some("greyjoy"));
    assert_eq!(t.units(&s, "seagard"), "FK", "beaten attackers return home");
}

#[test]
fn defence_order_and_castle_add_to_defender_a09() {
    let mut t = t();
    t.put("stark", "moat-cailin", "F");
    t.order("moat-cailin", OrderType::Defence, true);
    t.put("greyjoy", "greywater-watch", "KF");
    t.order("greywater-watch", OrderType::March, false);
    t.march("greyjoy", "greywater-watch", "moat-cailin");
    let (_, log) = t.run();
    let b = battle(&log);
    assert_eq!(b.defence_total, 1 + 2 + 1, "1F + defence+2 + city");
    // Greyjoy holds the sword (Fiefdoms #1) and is one point short: 3 + 1 = 4, tie won.
    assert_eq!(b.attack_total, 3 + 1);
    assert!(log.iter().any(|e| matches!(
        e,
        Event::Sword {
            assigned: false,
            ..
        }
    )));
    assert!(b.attacker_won);
}

#[test]
fn home_seat_gives_its_house_plus_one_a10() {
    let mut t = t();
    t.put("stark", "winterfell", "F");
    t.put("greyjoy", "the-stony-shore", "KF");
    t.order("the-stony-shore", OrderType::March, false);
    t.march("greyjoy", "the-stony-shore", "winterfell");
    let (_, log) = t.run();
    let b = battle(&log);
    assert_eq!(b.defence_total, 1 + 1 + 1, "1F + stronghold + home seat");
    assert_eq!(b.attack_total, 3);
    assert!(b.attacker_won, "tie 3:3, Greyjoy first on Fiefdoms");
}

#[test]
fn neutral_kings_landing_5_tie_goes_to_attacker_004_l2264() {
    let mut t = t();
    t.put("baratheon", "kingswood", "KKF");
    t.order("kingswood", OrderType::March, false);
    t.march("baratheon", "kingswood", "kings-landing");
    let (s, log) = t.run();
    let b = battle(&log);
    assert_eq!((b.attack_total, b.defence_total), (5, 5));
    assert_eq!(b.tie, Some(TieBreak::AttackerVsNeutral));
    assert_eq!(t.holder(&s, "kings-landing").as_deref(), Some("baratheon"));
    assert_eq!(
        s.area(t.a("kings-landing")).neutral,
        None,
        "a beaten neutral vanishes"
    );
}

#[test]
fn beaten_defender_retreats_never_into_attack_origin_004_l2287() {
    let mut t = t();
    t.put("tyrell", "dornish-marches", "F");
    t.put("martell", "princes-pass", "KK");
    t.order("princes-pass", OrderType::March, false);
    t.march("martell", "princes-pass", "dornish-marches");
    let (s, log) = t.run();
    assert!(battle(&log).attacker_won);
    // Several areas fit equally: the force waits for its player's choice (rule f, A-48).
    let cands = log
        .iter()
        .find_map(|e| {
            if let Event::RetreatPending { candidates, .. } = e {
                Some(candidates.clone())
            } else {
                None
            }
        })
        .unwrap_or_else(|| panic!("no pending retreat in {log:?}"));
    assert!(cands.len() > 1);
    assert!(!cands.contains(&t.a("princes-pass")));
    assert_eq!(s.pending_retreats.len(), 1);
    assert!(
        s.areas.iter().all(|a| a.units.iter().all(|u| !u.routed)),
        "routed flags are cleared at the end of the phase"
    );
    let _ = RetreatRule::BoardOrder;
}

#[test]
fn knights_zero_archers_of_knightless_side_in_the_field_004_l306() {
    let mut t = t();
    t.put("lannister", "searoad-marches", "AA");
    t.put("tyrell", "the-reach", "K");
    t.s.area_mut(t.a("the-reach")).order = Some(Order {
        kind: OrderType::March,
        special: false,
    });
    t.march("tyrell", "the-reach", "searoad-marches");
    let (_, log) = t.run();
    let b = battle(&log);
    assert_eq!(
        b.defence_total, 0,
        "both archers count 0 against a knight in open field"
    );
    assert!(b.attacker_won);
}

#[test]
fn raid_removes_consolidate_and_plunders_one_token_004_l1441() {
    let mut t = t();
    t.put("stark", "white-harbor", "F");
    t.order("white-harbor", OrderType::Consolidate, false);
    t.put("greyjoy", "the-narrow-sea", "S");
    t.order("the-narrow-sea", OrderType::Raid, false);
    t.raid("greyjoy", "the-narrow-sea", "white-harbor");
    let (s, log) = t.run();
    assert!(
        log.iter()
            .any(|e| matches!(e, Event::Raided { plunder: true, .. }))
    );
    assert_eq!(s.house(t.h("greyjoy")).power, 6);
    assert_eq!(
        s.house(t.h("stark")).power,
        5,
        "the raided consolidate gives nothing"
    );
}

#[test]
fn raid_round_robin_follows_iron_throne_next_raid_moves_up_004_l2170() {
    let mut t = t();
    // Baratheon (IT 1) raids Lannister's raid order first; Lannister's first raid is gone, so its
    // second raid moves up in the same turn.
    t.put("baratheon", "crackclaw-point", "F");
    t.order("crackclaw-point", OrderType::Raid, false);
    t.put("lannister", "blackwater", "F");
    t.order("blackwater", OrderType::Raid, false);
    t.put("lannister", "stoney-sept", "F");
    t.order("stoney-sept", OrderType::Raid, false);
    t.put("tyrell", "the-reach", "F");
    t.order("the-reach", OrderType::Support, false);
    t.put("tyrell", "searoad-marches", "F");
    t.order("searoad-marches", OrderType::Consolidate, false);
    t.raid("baratheon", "crackclaw-point", "blackwater");
    t.raid("lannister", "blackwater", "the-reach");
    t.raid("lannister", "stoney-sept", "searoad-marches");
    let (s, log) = t.run();
    let raided: Vec<AreaId> = log
        .iter()
        .filter_map(|e| {
            if let Event::Raided { target, .. } = e {
                Some(*target)
            } else {
                None
            }
        })
        .collect();
    assert_eq!(raided, vec![t.a("blackwater"), t.a("searoad-marches")]);
    assert_eq!(
        s.house(t.h("lannister")).power,
        6,
        "plunder from the consolidate"
    );
}

#[test]
fn t11_consolidate_gives_one_plus_crowns() {
    let mut t = t();
    t.put("baratheon", "dragonstone", "F");
    t.order("dragonstone", OrderType::Consolidate, false);
    let (s, log) = t.run();
    assert!(
        log.iter()
            .any(|e| matches!(e, Event::Consolidated { gained: 2, .. }))
    );
    assert_eq!(s.house(t.h("baratheon")).power, 7);
}

#[test]
fn consolidate_income_capped_at_20_tokens_a73() {
    let mut t = t();
    t.put("baratheon", "dragonstone", "F");
    t.order("dragonstone", OrderType::Consolidate, false);
    t.s.house_mut(t.h("baratheon")).power = 19;
    let (s, log) = t.run();
    assert!(log.iter().any(|e| matches!(
        e,
        Event::Consolidated {
            gained: 1,
            capped: 1,
            ..
        }
    )));
    assert_eq!(s.house(t.h("baratheon")).power, 20);
}

#[test]
fn march_that_breaks_supply_is_skipped_004_l633() {
    let mut t = t();
    // Stark has 1 barrel: armies [3, 2]. Two armies of 2 exist; merging a third unit into one is
    // fine (3, 2) but a third army of 2 is not.
    t.put("stark", "winterfell", "FF");
    t.put("stark", "white-harbor", "FF");
    t.put("stark", "karhold", "F");
    t.put("stark", "castle-black", "F");
    t.order("castle-black", OrderType::March, false);
    t.march("stark", "castle-black", "karhold");
    let (s, log) = t.run();
    assert!(log.iter().any(|e| matches!(
        e,
        Event::Skipped {
            why: crate::model::log::Skip::Supply(_),
            ..
        }
    )));
    assert_eq!(t.units(&s, "karhold"), "F");
}

#[test]
fn own_sea_transport_moves_land_units_across_own_seas_004_l1551() {
    let mut t = t();
    t.put("tyrell", "the-arbor", "F");
    t.put("tyrell", "redwyne-straights", "S");
    t.put("tyrell", "west-summer-sea", "S");
    t.put("tyrell", "east-summer-sea", "S");
    t.order("the-arbor", OrderType::March, false);
    t.march("tyrell", "the-arbor", "sunspear");
    let (s, _) = t.run();
    assert_eq!(t.holder(&s, "sunspear").as_deref(), Some("tyrell"));
}

#[test]
fn marching_out_may_leave_a_power_token_004_l912() {
    let mut t = t();
    t.put("stark", "karhold", "F");
    t.order("karhold", OrderType::March, false);
    t.march("stark", "karhold", "castle-black");
    let h = t.h("stark");
    t.plans[h.index()].marches[0].alternatives[0]
        .action
        .leave_token = true;
    let (s, _) = t.run();
    assert_eq!(s.area(t.a("karhold")).token, Some(h));
    assert_eq!(s.house(h).power, 4);
    assert_eq!(s.controller(&t.b, t.a("karhold")), Some(h));
}

#[test]
fn six_castles_win_at_once_004_l266() {
    let mut t = t();
    for a in ["winterfell", "white-harbor", "moat-cailin", "the-twins"] {
        t.put("stark", a, "F");
    }
    t.put("stark", "seagard", "F");
    t.put("stark", "riverrun", "KKF");
    // Five castles held (WF, WH, MC, Seagard, Riverrun); Harrenhal is the sixth.
    t.order("riverrun", OrderType::March, false);
    t.march("stark", "riverrun", "harrenhal");
    let h = t.h("stark");
    t.plans[h.index()].marches[0].alternatives[0].action.moves[0].units =
        UnitSelection::Kind(UnitKind::Knight);
    let (s, log) = t.run();
    assert_eq!(s.winner, Some(t.h("stark")), "{log:?}");
    assert!(
        log.iter()
            .any(|e| matches!(e, Event::Victory { castles: 6, .. }))
    );
}

#[test]
fn placement_limits_two_marches_and_special_orders_by_kings_court_004_l1691() {
    let mut t = t();
    let h = t.h("greyjoy"); // King's Court rank 6: no special orders
    for a in ["pyke", "greywater-watch", "ironmans-bay"] {
        t.put("greyjoy", a, "F");
    }
    let m = Order {
        kind: OrderType::March,
        special: false,
    };
    let p = Placement {
        orders: vec![
            (t.a("pyke"), m),
            (t.a("greywater-watch"), m),
            (t.a("ironmans-bay"), m),
            (
                t.a("seagard"),
                Order {
                    kind: OrderType::Raid,
                    special: true,
                },
            ),
        ],
        ..Default::default()
    };
    let errs = placement::check(&t.b, &t.s, h, &p);
    assert!(
        errs.contains(&PlacementError::TooMany(OrderType::March, 2)),
        "{errs:?}"
    );
    assert!(
        errs.contains(&PlacementError::NoUnits(t.a("seagard"))),
        "{errs:?}"
    );
}

#[test]
fn placement_special_allowance_rank_1_three_each_type_once_004_l1490() {
    let mut t = t();
    let h = t.h("lannister"); // King's Court rank 1: 3 special orders
    for a in [
        "lannisport",
        "stoney-sept",
        "the-golden-sound",
        "searoad-marches",
    ] {
        t.put("lannister", a, "F");
    }
    let sp = |k| Order {
        kind: k,
        special: true,
    };
    let ok = Placement {
        orders: vec![
            (t.a("lannisport"), sp(OrderType::March)),
            (t.a("stoney-sept"), sp(OrderType::Defence)),
            (t.a("searoad-marches"), sp(OrderType::Consolidate)),
        ],
        ..Default::default()
    };
    assert!(placement::check(&t.b, &t.s, h, &ok).is_empty());
    let twice = Placement {
        orders: vec![
            (t.a("lannisport"), sp(OrderType::March)),
            (t.a("stoney-sept"), sp(OrderType::March)),
        ],
        ..Default::default()
    };
    assert_eq!(
        placement::check(&t.b, &t.s, h, &twice),
        vec![PlacementError::SpecialTwice(OrderType::March)]
    );
}
