//! Tests of the Supply event (004:L643–L661, A-57), Game of Thrones income (004:L902, A-73) and
//! non-combat losses of provinces (004:L1062, L1094), each named after its rule.

use super::kit_events::{W, empty, start};
use crate::event_phase::economy::{self, DisbandPlan, SupplyError};
use crate::model::log_events::{DisbandReason, EconomyEvent, GainReason};
use maester_board::{AreaId, UnitKind};

/// T-07: Stark, effective 3, armies White Harbor 1K2F, Moat Cailin 2F, The Twins 2K, Narrow Sea
/// 2S; it now controls only Winterfell (home seat, 1 barrel).
fn t07() -> W {
    let mut w = empty();
    w.put("stark", "white-harbor", "KFF");
    w.put("stark", "moat-cailin", "FF");
    w.put("stark", "the-twins", "KK");
    w.put("stark", "the-narrow-sea", "SS");
    w.barrels("stark", 3);
    w
}

fn disbanded(log: &[EconomyEvent]) -> Vec<(AreaId, UnitKind, DisbandReason)> {
    log.iter()
        .filter_map(|e| match e {
            EconomyEvent::Disbanded {
                area, unit, reason, ..
            } => Some((*area, *unit, *reason)),
            _ => None,
        })
        .collect()
}

#[test]
fn t07_supply_event_player_chooses_two_armies_to_cut_004_l652() {
    let w = t07();
    let stark = w.h("stark");
    let plan = DisbandPlan {
        units: vec![
            (w.a("moat-cailin"), UnitKind::Footman),
            (w.a("the-twins"), UnitKind::Knight),
        ],
    };
    assert_eq!(economy::check_disbanding(&w.b, &w.s, stark, &plan), Ok(()));
    let (s, log) = economy::resolve_supply(&w.b, &w.s, &[(stark, plan)]);
    assert_eq!(s.house(stark).barrels, 1);
    assert_eq!(w.codes(&s, "white-harbor"), "FFK");
    assert_eq!(w.codes(&s, "moat-cailin"), "F");
    assert_eq!(w.codes(&s, "the-twins"), "K");
    assert_eq!(w.codes(&s, "the-narrow-sea"), "SS");
    let d = disbanded(&log);
    assert_eq!(d.len(), 2);
    assert!(d.iter().all(|x| x.2 == DisbandReason::Supply));
    assert!(log.contains(&EconomyEvent::SupplyRecount {
        house: stark,
        before: 3,
        after: 1
    }));
}

#[test]
fn t07_supply_event_default_disbanding_a57() {
    let w = t07();
    let stark = w.h("stark");
    let (s, log) = economy::resolve_supply(&w.b, &w.s, &[]);
    assert_eq!(
        w.codes(&s, "white-harbor"),
        "FFK",
        "the 3-army keeps the slot of 3"
    );
    assert_eq!(
        w.codes(&s, "the-twins"),
        "KK",
        "2K is worth more than 2F and 2S"
    );
    assert_eq!(w.codes(&s, "moat-cailin"), "F");
    assert_eq!(w.codes(&s, "the-narrow-sea"), "S");
    let d = disbanded(&log);
    assert_eq!(d.len(), 2, "exactly two units go");
    assert!(d.iter().all(|x| x.2 == DisbandReason::SupplyDefault));
    assert!(crate::armies::supply::within_limit(&w.b, &s, stark));
}

#[test]
fn t07_spreading_out_or_cutting_too_much_is_refused_and_then_the_default_applies_004_l654() {
    let w = t07();
    let stark = w.h("stark");
    let one = DisbandPlan {
        units: vec![(w.a("moat-cailin"), UnitKind::Footman)],
    };
    assert!(matches!(
        economy::check_disbanding(&w.b, &w.s, stark, &one),
        Err(e) if matches!(e[0], SupplyError::StillOver { .. })
    ));
    let three = DisbandPlan {
        units: vec![
            (w.a("moat-cailin"), UnitKind::Footman),
            (w.a("the-twins"), UnitKind::Knight),
            (w.a("white-harbor"), UnitKind::Footman),
        ],
    };
    assert_eq!(
        economy::check_disbanding(&w.b, &w.s, stark, &three),
        Err(vec![SupplyError::TooMany {
            needed: 2,
            given: 3
        }])
    );
    let ghost = DisbandPlan {
        units: vec![
            (w.a("moat-cailin"), UnitKind::Knight),
            (w.a("the-twins"), UnitKind::Knight),
        ],
    };
    assert!(matches!(
        economy::check_disbanding(&w.b, &w.s, stark, &ghost),
        Err(e) if e[0] == SupplyError::NoSuchUnit(w.a("moat-cailin"), UnitKind::Knight)
    ));
    let (s, log) = economy::resolve_supply(&w.b, &w.s, &[(stark, three)]);
    assert!(
        disbanded(&log)
            .iter()
            .all(|x| x.2 == DisbandReason::SupplyDefaultInvalid)
    );
    assert_eq!(w.codes(&s, "the-twins"), "KK");
}

#[test]
fn effective_barrels_change_only_at_a_supply_event_and_may_rise_004_l644() {
    let mut w = t07();
    let stark = w.h("stark");
    w.put("stark", "the-stony-shore", "F");
    w.token("stark", "widows-watch");
    assert_eq!(w.s.house(stark).barrels, 3, "no change before the event");
    let (s, _) = economy::resolve_supply(&w.b, &w.s, &[]);
    assert_eq!(
        s.house(stark).barrels,
        3,
        "Winterfell, Stony Shore and a token on Widow's Watch"
    );
    let lannister = w.h("lannister");
    assert_eq!(
        s.house(lannister).barrels,
        2,
        "Lannisport, its empty home seat"
    );
}

#[test]
fn a57_default_removes_cheapest_first_and_gives_the_slot_to_the_more_valuable_army() {
    let mut w = t07();
    for k in ["white-harbor", "moat-cailin", "the-twins", "the-narrow-sea"] {
        let a = w.a(k);
        w.s.area_mut(a).units.clear();
    }
    w.put("greyjoy", "winterfell", "F");
    w.put("stark", "karhold", "KFA");
    w.put("stark", "the-twins", "FF");
    w.put("stark", "moat-cailin", "KE");
    let stark = w.h("stark");
    assert_eq!(w.s.barrels_controlled(&w.b, stark), 0);
    let d = economy::default_disbanding(&w.b, &w.s, stark, 0);
    assert_eq!(
        d,
        vec![
            (w.a("karhold"), UnitKind::Footman),
            (w.a("the-twins"), UnitKind::Footman)
        ]
    );
}

#[test]
fn got_income_is_crowns_plus_ports_with_own_ships_and_no_enemy_in_the_sea_004_l902() {
    let mut w = start();
    let (g, b) = (w.h("greyjoy"), w.h("baratheon"));
    assert_eq!(
        economy::throne_income(&w.b, &w.s, g),
        (1, 1),
        "Pyke crown + Pyke's port"
    );
    assert_eq!(
        economy::throne_income(&w.b, &w.s, b),
        (2, 1),
        "Dragonstone, Kingswood + port"
    );
    // A Stark ship in Ironman's Bay stops Pyke's trade.
    let ib = w.a("ironmans-bay");
    w.s.area_mut(ib).units.clear();
    w.put("stark", "ironmans-bay", "S");
    assert_eq!(economy::throne_income(&w.b, &w.s, g), (1, 0));
    // A token holds a crown province.
    w.token("greyjoy", "karhold");
    assert_eq!(economy::throne_income(&w.b, &w.s, g), (2, 0));
    let (s, log) = economy::resolve_game_of_thrones(&w.b, &w.s);
    assert_eq!(s.house(g).power, 7);
    assert_eq!(s.house(b).power, 8);
    assert!(log.contains(&EconomyEvent::PowerGained {
        house: b,
        gained: 3,
        lost_to_cap: 0,
        why: GainReason::GameOfThrones
    }));
}

#[test]
fn a73_token_cap_of_20_counts_tokens_on_the_map() {
    let mut w = start();
    let b = w.h("baratheon");
    w.power("baratheon", 16);
    w.token("baratheon", "blackwater");
    w.token("baratheon", "the-boneway");
    // 16 + 2 on the map = 18 owned; income 3 (+1 Boneway crown) = 4 → 2 gained, 2 lost.
    let (s, log) = economy::resolve_game_of_thrones(&w.b, &w.s);
    assert_eq!(s.house(b).power, 18);
    assert!(log.contains(&EconomyEvent::PowerGained {
        house: b,
        gained: 2,
        lost_to_cap: 2,
        why: GainReason::GameOfThrones
    }));
}

#[test]
fn a21_a_house_turned_neutral_collects_no_income() {
    let mut w = start();
    let g = w.h("greyjoy");
    w.s.house_mut(g).neutral = true;
    let (s, _) = economy::resolve_game_of_thrones(&w.b, &w.s);
    assert_eq!(s.house(g).power, 5);
}

#[test]
fn non_combat_loss_of_a_province_destroys_its_port_ships_and_temporary_port_004_l1062() {
    let mut w = empty();
    let g = w.h("greyjoy");
    w.put("greyjoy", "seagard", "F");
    let port = w.a("port-of-seagard");
    w.s.area_mut(port).port_built = Some(w.a("ironmans-bay"));
    w.put("greyjoy", "port-of-seagard", "SS");
    let seagard = w.a("seagard");
    w.s.area_mut(seagard).fortification = Some(g);
    let mut s = w.s.clone();
    let mut log = Vec::new();
    assert!(economy::remove_unit(
        &w.b,
        &mut s,
        g,
        seagard,
        UnitKind::Footman,
        DisbandReason::Wildlings,
        &mut log
    ));
    assert!(s.area(port).units.is_empty());
    assert_eq!(s.area(port).port_built, None);
    assert_eq!(s.area(seagard).fortification, None);
    assert!(log.contains(&EconomyEvent::PortShipsLost {
        house: g,
        port,
        ships: 2
    }));
    assert!(log.contains(&EconomyEvent::FortificationDissolved {
        house: g,
        area: seagard
    }));
    // Held by a token, the province stays Greyjoy's: ships and port stay.
    let mut s = w.s.clone();
    s.area_mut(seagard).token = Some(g);
    let mut log = Vec::new();
    economy::remove_unit(
        &w.b,
        &mut s,
        g,
        seagard,
        UnitKind::Footman,
        DisbandReason::Wildlings,
        &mut log,
    );
    assert_eq!(s.area(port).units.len(), 2);
    assert!(s.area(port).port_built.is_some());
    assert!(
        !log.iter()
            .any(|e| matches!(e, EconomyEvent::PortShipsLost { .. }))
    );
}

#[test]
fn fortification_stays_while_a_knight_remains_004_l1094() {
    let mut w = empty();
    let g = w.h("greyjoy");
    w.put("greyjoy", "seagard", "FK");
    let seagard = w.a("seagard");
    w.s.area_mut(seagard).fortification = Some(g);
    let mut s = w.s.clone();
    let mut log = Vec::new();
    economy::remove_unit(
        &w.b,
        &mut s,
        g,
        seagard,
        UnitKind::Footman,
        DisbandReason::Wildlings,
        &mut log,
    );
    assert_eq!(s.area(seagard).fortification, Some(g));
}
