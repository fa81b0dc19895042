//! Retreats (004:L2272–L2320, A-47…A-50), ports taken with ships (004:L1053–L1066, A-61),
//! pending retreat choices, named after T-71.

use super::kit::*;
use crate::military::retreat::settle_pending;
use crate::model::log::{Event, Loss, RetreatRule};
use maester_board::OrderType;

fn retreat_of(log: &[Event]) -> Option<(maester_board::AreaId, RetreatRule)> {
    log.iter().find_map(|e| {
        if let Event::Retreated { to, rule, .. } = e {
            Some((*to, *rule))
        } else {
            None
        }
    })
}

/// T-71: Stark is beaten in The Twins, attacked from Seagard. Neighbours: Moat Cailin (own army:
/// joining it breaks Stark's supply), The Fingers and The Mountains of the Moon (empty), Seagard
/// (the attack's origin, barred). `threats`: areas Tyrell (IT 6) still marches into from
/// Crackclaw Point (with its ship in the Narrow Sea).
fn t71(list: &[&str], threats: &[&str]) -> (T, crate::military::Resolution) {
    let mut t = fresh();
    t.put("stark", "the-twins", "F");
    t.put("stark", "moat-cailin", "FF");
    t.put("stark", "white-harbor", "FFF");
    t.put("lannister", "seagard", "KK");
    t.order("seagard", OrderType::March, false);
    t.march("lannister", "seagard", "the-twins");
    let l: Vec<_> = list.iter().map(|a| t.a(a)).collect();
    t.plan("stark").retreat = l;
    if !threats.is_empty() {
        t.put("tyrell", "crackclaw-point", "FF");
        t.put("tyrell", "the-narrow-sea", "S");
        t.order("crackclaw-point", OrderType::March, false);
        let moves: Vec<(&str, &str)> = threats.iter().map(|a| (*a, "1F")).collect();
        t.split("tyrell", "crackclaw-point", &moves);
    }
    let r = t.resolve();
    (t, r)
}

#[test]
fn t71_player_list_picks_among_supply_safe_areas() {
    let (t, r) = t71(&["the-fingers"], &["the-fingers"]);
    assert_eq!(
        retreat_of(&r.log),
        Some((t.a("the-fingers"), RetreatRule::PlayerList))
    );
}

#[test]
fn t71_list_naming_a_supply_breaking_area_falls_to_rule_d() {
    let (t, r) = t71(&["moat-cailin"], &["the-fingers"]);
    assert_eq!(
        retreat_of(&r.log),
        Some((t.a("the-mountains-of-the-moon"), RetreatRule::OutOfReach))
    );
}

#[test]
fn t71_no_list_and_both_threatened_waits_for_the_player_a48() {
    let (t, r) = t71(&[], &["the-fingers", "the-mountains-of-the-moon"]);
    let pending = &r.state.pending_retreats;
    assert_eq!(pending.len(), 1, "{:?}", r.log);
    assert_eq!(
        pending[0].candidates,
        vec![t.a("the-fingers"), t.a("the-mountains-of-the-moon")]
    );
    assert_eq!(t.holder(&r.state, "the-fingers").as_deref(), Some("tyrell"));
    // After the phase both areas are Tyrell's: the force has nowhere to go and is lost.
    let (s, log) = settle_pending(&t.b, &r.state, &[(0, t.a("the-fingers"))]);
    assert!(s.pending_retreats.is_empty());
    assert!(log.iter().any(|e| matches!(
        e,
        Event::Destroyed {
            why: Loss::NoRetreat,
            ..
        }
    )));
}

#[test]
fn a48_unanswered_pending_retreat_takes_the_first_candidate() {
    let mut t = fresh();
    t.put("tyrell", "dornish-marches", "F");
    t.put("martell", "princes-pass", "KK");
    t.order("princes-pass", OrderType::March, false);
    t.march("martell", "princes-pass", "dornish-marches");
    let r = t.resolve();
    let first = r.state.pending_retreats[0].candidates[0];
    let (s, log) = settle_pending(&t.b, &r.state, &[]);
    assert_eq!(s.area(first).units.len(), 1);
    assert!(log.iter().any(|e| matches!(
        e,
        Event::Retreated {
            rule: RetreatRule::BoardOrder,
            ..
        }
    )));
}

#[test]
fn defenders_never_retreat_into_another_houses_token_or_home_seat_004_l922() {
    let mut t = fresh();
    t.put("tyrell", "the-reach", "F");
    t.put("lannister", "blackwater", "KK");
    t.order("blackwater", OrderType::March, false);
    t.march("lannister", "blackwater", "the-reach");
    let g = t.h("greyjoy");
    for a in [
        "kingswood",
        "the-boneway",
        "dornish-marches",
        "searoad-marches",
        "kings-landing",
    ] {
        let id = t.a(a);
        t.s.area_mut(id).token = Some(g);
    }
    // Highgarden is Tyrell's own home seat: the only area left.
    let r = t.resolve();
    assert_eq!(
        retreat_of(&r.log),
        Some((t.a("highgarden"), RetreatRule::Only))
    );
}

#[test]
fn retreat_into_own_army_disbands_only_retreating_units_footmen_first_004_l2307() {
    let mut t = fresh();
    // Stark: 1 barrel, armies [3, 2]. Karhold's 1K1F is beaten from Castle Black; Winterfell is
    // the only area left and holds 1F; White Harbor holds a 3-army.
    t.put("stark", "karhold", "KF");
    t.put("stark", "winterfell", "F");
    t.put("stark", "white-harbor", "FFF");
    t.put("baratheon", "castle-black", "KKK");
    t.order("castle-black", OrderType::March, false);
    t.march("baratheon", "castle-black", "karhold");
    let r = t.resolve();
    assert!(r.log.iter().any(|e| matches!(e, Event::Destroyed { why: Loss::RetreatSupply, units, .. } if units == &vec![maester_board::UnitKind::Footman])));
    assert_eq!(t.units(&r.state, "winterfell"), "FK");
}

#[test]
fn attackers_return_where_they_came_from_routed_004_l2282() {
    let mut t = fresh();
    t.put("lannister", "blackwater", "FF");
    t.order("blackwater", OrderType::March, false);
    t.march("lannister", "blackwater", "the-reach");
    t.put("tyrell", "the-reach", "KK");
    let r = t.resolve();
    assert!(!battle(&r.log).attacker_won);
    assert_eq!(t.units(&r.state, "blackwater"), "FF");
}

#[test]
fn a61_natural_port_ships_withdraw_or_are_captured() {
    // Withdraw: the sea is empty.
    let mut t = fresh();
    t.put("lannister", "lannisport", "F");
    t.put("lannister", "port-of-lannisport", "SS");
    t.put("stark", "stoney-sept", "KK");
    t.order("stoney-sept", OrderType::March, false);
    t.march("stark", "stoney-sept", "lannisport");
    let r = t.resolve();
    assert_eq!(t.units(&r.state, "the-golden-sound"), "SS");
    // Captured: the sea holds another house's ships.
    let mut t = fresh();
    t.put("lannister", "lannisport", "F");
    t.put("lannister", "port-of-lannisport", "SS");
    t.put("greyjoy", "the-golden-sound", "S");
    t.put("stark", "stoney-sept", "KK");
    t.order("stoney-sept", OrderType::March, false);
    t.march("stark", "stoney-sept", "lannisport");
    let r = t.resolve();
    assert_eq!(
        t.holder(&r.state, "port-of-lannisport").as_deref(),
        Some("stark")
    );
    assert!(
        r.log
            .iter()
            .any(|e| matches!(e, Event::ShipsCaptured { .. }))
    );
    // Destroyed instead if the conqueror's plan says so.
    t.plan("stark").destroy_captured_ships = true;
    let r = t.resolve();
    assert_eq!(t.holder(&r.state, "port-of-lannisport"), None);
    assert!(r.log.iter().any(|e| matches!(
        e,
        Event::Destroyed {
            why: Loss::PortTaken,
            ..
        }
    )));
}

#[test]
fn temporary_port_is_destroyed_when_its_province_is_taken_004_l1058() {
    let mut t = fresh();
    t.put("lannister", "seagard", "F");
    let (p, sea) = (t.a("port-of-seagard"), t.a("ironmans-bay"));
    t.s.area_mut(p).port_built = Some(sea);
    t.put("lannister", "port-of-seagard", "S");
    t.put("greyjoy", "ironmans-bay", "S");
    t.put("stark", "moat-cailin", "KK");
    t.order("moat-cailin", OrderType::March, false);
    t.march("stark", "moat-cailin", "seagard");
    let r = t.resolve();
    assert_eq!(r.state.area(p).port_built, None);
    assert_eq!(
        t.holder(&r.state, "port-of-seagard"),
        None,
        "temporary-port ships are not captured"
    );
}
