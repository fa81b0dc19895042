//! Gaps the simulator (`maester simulate`) found, each as a position: a province entered without
//! a battle takes its port (004:L1054), a chosen retreat goes only where it still may (004:L1064),
//! Renly's upgrade respects the knight cap with the winners still in transit.

use super::kit::*;
use crate::model::state::PendingRetreat;
use maester_board::{OrderType, UnitKind};

#[test]
fn entering_an_empty_home_seat_takes_its_port_ships_withdraw_to_the_sea_004_l1054() {
    let mut t = fresh();
    t.put("lannister", "port-of-lannisport", "S");
    t.put("tyrell", "searoad-marches", "F");
    t.order("searoad-marches", OrderType::March, false);
    t.march("tyrell", "searoad-marches", "lannisport");
    let (s, _) = t.run();
    assert_eq!(t.holder(&s, "lannisport").as_deref(), Some("tyrell"));
    assert_eq!(t.units(&s, "port-of-lannisport"), "");
    assert_eq!(t.units(&s, "the-golden-sound"), "S");
    assert_eq!(
        t.holder(&s, "the-golden-sound").as_deref(),
        Some("lannister")
    );
}

#[test]
fn a_chosen_retreat_into_a_port_whose_province_changed_hands_takes_the_next_area_004_l1064() {
    let mut t = fresh();
    let stark = t.h("stark");
    let (port, sea, from) = (
        t.a("port-of-white-harbor"),
        t.a("the-shivering-sea"),
        t.a("the-narrow-sea"),
    );
    t.put("greyjoy", "white-harbor", "F");
    t.s.pending_retreats = vec![PendingRetreat {
        house: stark,
        from,
        units: vec![UnitKind::Ship],
        candidates: vec![port, sea],
    }];
    let (s, _) = crate::military::retreat::settle_pending(&t.b, &t.s, &[(0, port)]);
    assert_eq!(t.units(&s, "port-of-white-harbor"), "");
    assert_eq!(t.units(&s, "the-shivering-sea"), "S");
}

#[test]
fn renly_does_not_upgrade_past_the_knight_cap_while_the_winners_are_in_transit_a16() {
    let mut t = fresh();
    let h = t.h("baratheon");
    t.s.house_mut(h).barrels = 6;
    t.put("baratheon", "kingswood", "KF");
    t.put("baratheon", "storms-end", "KKK");
    t.order("kingswood", OrderType::March, false);
    t.march("baratheon", "kingswood", "the-boneway");
    t.lead("baratheon", "蓝礼");
    t.put("martell", "the-boneway", "F");
    let (s, log) = t.run();
    assert!(battle(&log).attacker_won);
    assert_eq!(
        t.units(&s, "the-boneway"),
        "FK",
        "the cap of 4 knights holds"
    );
    assert_eq!(s.unit_count(h, UnitKind::Knight), 4);
}
