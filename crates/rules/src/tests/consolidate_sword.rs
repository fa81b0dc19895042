//! Consolidate power and fortifications (004:L1069–L1098, L1468–L1478, A-44, A-59), victory
//! after every change and home seats reverting (004:L266, L945, A-74), and the sword (004:L1732–
//! L1744, A-23, A-24; T-12, T-54, T-70).

use super::kit::*;
use crate::model::log::{Event, FortifyProblem};
use crate::model::state::Track;
use maester_board::OrderType;

#[test]
fn t12_fortification_instead_of_income_four_a_round_nine_on_the_map() {
    let mut t = fresh();
    let h = t.h("lannister");
    t.s.house_mut(h).barrels = 6;
    let areas = [
        "lannisport",
        "stoney-sept",
        "searoad-marches",
        "riverrun",
        "blackwater",
    ];
    for a in areas {
        t.put("lannister", a, "F");
        t.order(a, OrderType::Consolidate, false);
    }
    let ids: Vec<_> = areas.iter().map(|a| t.a(a)).collect();
    t.plan("lannister").fortify = ids;
    let (s, log) = t.run();
    let built = log
        .iter()
        .filter(|e| matches!(e, Event::Fortified { .. }))
        .count();
    assert_eq!(built, 4);
    assert!(log.iter().any(|e| matches!(
        e,
        Event::FortifyRefused {
            why: FortifyProblem::RoundLimit,
            ..
        }
    )));
    assert_eq!(
        s.areas
            .iter()
            .filter(|a| a.fortification == Some(h))
            .count(),
        4
    );
    // Requests go in board order; the fifth (Stoney Sept, 1 crown) is paid as income instead.
    assert_eq!(s.area(t.a("stoney-sept")).fortification, None);
    assert_eq!(t.power(&s, "lannister"), 5 + 2);
    // Nine on the map already: the first request in Iron Throne order fails.
    let mut t = fresh();
    let others: Vec<_> = [
        "karhold",
        "castle-black",
        "widows-watch",
        "the-fingers",
        "the-twins",
        "seagard",
        "pyke",
        "harrenhal",
        "kingswood",
    ]
    .iter()
    .map(|a| t.a(a))
    .collect();
    let g = t.h("greyjoy");
    for a in others {
        t.s.area_mut(a).fortification = Some(g);
    }
    t.put("baratheon", "dragonstone", "F");
    t.order("dragonstone", OrderType::Consolidate, false);
    let d = t.a("dragonstone");
    t.plan("baratheon").fortify = vec![d];
    let (_, log) = t.run();
    assert!(log.iter().any(|e| matches!(
        e,
        Event::FortifyRefused {
            why: FortifyProblem::MapLimit,
            ..
        }
    )));
}

#[test]
fn a44_consolidate_fails_where_the_province_was_taken_even_if_retaken() {
    let mut t = fresh();
    t.put("stark", "karhold", "F");
    t.order("karhold", OrderType::Consolidate, false);
    let st = t.h("stark");
    t.s.area_mut(t.a("karhold")).token = None;
    // Baratheon (IT 1) removes Stark's lone token elsewhere: use Castle Black held by a token.
    t.s.area_mut(t.a("castle-black")).token = Some(st);
    t.put("stark", "castle-black", "");
    t.s.area_mut(t.a("castle-black")).house = None;
    t.put("baratheon", "bay-of-ice", "");
    t.put("baratheon", "winterfell", "K");
    t.order("winterfell", OrderType::March, false);
    t.march("baratheon", "winterfell", "karhold");
    t.put("stark", "white-harbor", "F");
    let (s, log) = t.run();
    assert!(battle(&log).attacker_won);
    assert_eq!(t.power(&s, "stark"), 5);
}

#[test]
fn repelling_an_attack_does_not_stop_consolidate_a44() {
    let mut t = fresh();
    t.put("stark", "karhold", "FF");
    t.order("karhold", OrderType::Consolidate, false);
    t.put("baratheon", "castle-black", "F");
    t.order("castle-black", OrderType::March, false);
    t.march("baratheon", "castle-black", "karhold");
    let (s, log) = t.run();
    assert!(!battle(&log).attacker_won);
    assert_eq!(t.power(&s, "stark"), 5 + 2);
}

#[test]
fn t54_victory_mid_marches_stops_later_orders() {
    let mut t = fresh();
    for a in ["winterfell", "white-harbor", "moat-cailin", "seagard"] {
        t.put("stark", a, "F");
    }
    t.put("stark", "riverrun", "KKF");
    t.order("riverrun", OrderType::March, false);
    t.split("stark", "riverrun", &[("harrenhal", "2K")]);
    // Martell (IT 4, after Stark) would have taken Moat Cailin back.
    t.put("martell", "greywater-watch", "KKK");
    t.order("greywater-watch", OrderType::March, false);
    t.march("martell", "greywater-watch", "moat-cailin");
    let (s, log) = t.run();
    assert_eq!(s.winner, Some(t.h("stark")));
    assert!(battles(&log).iter().all(|b| b.attacker != t.h("martell")));
}

#[test]
fn home_seat_left_empty_by_the_conqueror_returns_to_its_house_004_l945() {
    let mut t = fresh();
    t.put("greyjoy", "winterfell", "F");
    t.order("winterfell", OrderType::March, false);
    t.march("greyjoy", "winterfell", "karhold");
    let (s, log) = t.run();
    assert_eq!(s.controller(&t.b, t.a("winterfell")), Some(t.h("stark")));
    assert!(
        log.iter()
            .any(|e| matches!(e, Event::HomeSeatReverted { .. }))
    );
}

#[test]
fn victory_is_checked_after_a_retreat_into_an_empty_castle_a74() {
    let mut t = fresh();
    let h = t.h("stark");
    t.s.house_mut(h).barrels = 6;
    // Stark holds Winterfell (home seat), White Harbor, Moat Cailin, Seagard and Riverrun: 5.
    for a in ["white-harbor", "moat-cailin", "seagard", "riverrun"] {
        t.put("stark", a, "F");
    }
    // Beaten in The Fingers, it retreats by its own ship to the empty Eyrie (a city), as its
    // list asks: 6 castles.
    t.put("stark", "the-fingers", "F");
    t.put("stark", "the-narrow-sea", "S");
    let ey = t.a("the-eyrie");
    t.plan("stark").retreat = vec![ey];
    t.s.area_mut(t.a("the-eyrie")).neutral = None;
    t.put("lannister", "the-twins", "F");
    t.put("baratheon", "the-mountains-of-the-moon", "KK");
    t.order("the-mountains-of-the-moon", OrderType::March, false);
    t.march("baratheon", "the-mountains-of-the-moon", "the-fingers");
    let (s, log) = t.run();
    assert!(
        log.iter().any(|e| matches!(e, Event::Retreated { .. })),
        "{log:?}"
    );
    assert_eq!(s.winner, Some(h));
}

fn sword_battle(att: &str, def: &str) -> (bool, Vec<Event>) {
    let mut t = fresh();
    t.put("greyjoy", "seagard", att);
    t.order("seagard", OrderType::March, false);
    t.march("greyjoy", "seagard", "the-twins");
    t.put("stark", "the-twins", def);
    let (_, log) = t.run();
    (battle(&log).attacker_won, log)
}

#[test]
fn t70_sword_automatic_only_when_one_point_short_a24() {
    // 4 vs 4: Greyjoy wins the tie without the sword.
    let (won, log) = sword_battle("KK", "KK");
    assert!(won && !log.iter().any(|e| matches!(e, Event::Sword { .. })));
    // 3 vs 4: one short → used, 4 vs 4, won.
    let (won, log) = sword_battle("KF", "KK");
    assert!(
        won && log.iter().any(|e| matches!(
            e,
            Event::Sword {
                assigned: false,
                ..
            }
        ))
    );
    // 2 vs 4: not used.
    let (won, log) = sword_battle("K", "KK");
    assert!(!won && !log.iter().any(|e| matches!(e, Event::Sword { .. })));
}

#[test]
fn t70_sword_used_once_a_round_in_the_first_battle_one_short() {
    let mut t = fresh();
    t.put("greyjoy", "seagard", "KF");
    t.order("seagard", OrderType::March, false);
    t.march("greyjoy", "seagard", "the-twins");
    t.put("stark", "the-twins", "KK");
    t.put("greyjoy", "greywater-watch", "KF");
    t.order("greywater-watch", OrderType::March, false);
    t.march("greyjoy", "greywater-watch", "moat-cailin");
    t.put("stark", "moat-cailin", "KF");
    let (_, log) = t.run();
    let bs = battles(&log);
    assert!(bs[0].attacker_won);
    assert!(
        !bs[1].attacker_won,
        "3 vs 4, one short, but the sword is gone: {:?}",
        bs[1]
    );
    assert_eq!(
        log.iter()
            .filter(|e| matches!(e, Event::Sword { .. }))
            .count(),
        1
    );
}

#[test]
fn t70_assigned_sword_cancelled_when_won_without_it_then_automatic() {
    let mut t = fresh();
    t.put("greyjoy", "seagard", "KKK");
    t.order("seagard", OrderType::March, false);
    t.march("greyjoy", "seagard", "the-twins");
    t.put("stark", "the-twins", "F");
    t.put("greyjoy", "greywater-watch", "KF");
    t.order("greywater-watch", OrderType::March, false);
    t.march("greyjoy", "greywater-watch", "moat-cailin");
    t.put("stark", "moat-cailin", "KF");
    let sg = t.a("seagard");
    t.plan("greyjoy").sword = Some(sg);
    let (_, log) = t.run();
    assert!(
        log.iter()
            .any(|e| matches!(e, Event::SwordReassigned { .. }))
    );
    assert!(
        battles(&log)[1].attacker_won,
        "3 + sword ties 4 and Greyjoy wins ties"
    );
    assert!(log.iter().any(|e| matches!(
        e,
        Event::Sword {
            assigned: false,
            ..
        }
    )));
}

#[test]
fn t70_assigned_sword_spent_in_a_lost_battle_a23_configurable() {
    let run = |spent: bool| {
        let mut t = fresh();
        t.settings.sword_spent_when_lost = spent;
        t.put("greyjoy", "seagard", "F");
        t.order("seagard", OrderType::March, false);
        t.march("greyjoy", "seagard", "the-twins");
        t.put("stark", "the-twins", "KKK");
        let sg = t.a("seagard");
        t.plan("greyjoy").sword = Some(sg);
        let (_, log) = t.run();
        log.iter()
            .any(|e| matches!(e, Event::Sword { assigned: true, .. }))
    };
    assert!(run(true));
    assert!(!run(false));
}

#[test]
fn sword_goes_with_fiefdoms_first_and_never_against_neutrals() {
    let mut t = fresh();
    t.track(
        Track::Fiefdoms,
        &[
            "baratheon",
            "greyjoy",
            "tyrell",
            "martell",
            "stark",
            "lannister",
        ],
    );
    t.put("baratheon", "kingswood", "KF");
    t.order("kingswood", OrderType::March, false);
    t.march("baratheon", "kingswood", "kings-landing");
    let (_, log) = t.run();
    assert!(!battle(&log).attacker_won, "3+1 would not reach 5 anyway");
    assert!(!log.iter().any(|e| matches!(e, Event::Sword { .. })));
}
