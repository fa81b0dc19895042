//! Order placement with event bans, the Raven (004:L1672–L1716, A-45), and raids: round-robin,
//! raid+1, ports and provinces as two targets, geometry (004:L1431–L1463, L2155–L2180; T-13,
//! T-17, T-18, T-33, T-35, T-64).

use super::kit::*;
use crate::model::log::{Event, Skip};
use crate::model::modifiers::RoundModifiers;
use crate::model::orders::{Placement, RavenChange};
use crate::planning::placement::{self, PlacementError};
use maester_board::{Order, OrderType};

fn o(kind: OrderType, special: bool) -> Order {
    Order { kind, special }
}

#[test]
fn event_bans_raid_consolidate_defence_and_sea_orders_004_l1362_l1463_l2413_a45() {
    let mut t = fresh();
    t.put("stark", "winterfell", "F");
    t.put("stark", "white-harbor", "F");
    t.put("stark", "karhold", "F");
    t.put("stark", "the-shivering-sea", "S");
    let h = t.h("stark");
    let p = Placement {
        orders: vec![
            (t.a("winterfell"), o(OrderType::Raid, false)),
            (t.a("white-harbor"), o(OrderType::Consolidate, false)),
            (t.a("karhold"), o(OrderType::Defence, false)),
            (t.a("the-shivering-sea"), o(OrderType::Support, false)),
        ],
        ..Default::default()
    };
    assert!(placement::check(&t.b, &t.s, h, &p).is_empty());
    let mods = RoundModifiers {
        sea_of_storms: true,
        feast_for_crows: true,
        storm_of_swords: true,
        rough_seas: true,
        ..Default::default()
    };
    let errs = placement::check_with(&t.b, &t.s, h, &p, &mods);
    // The early-stopping form agrees: valid without the events, not with them.
    assert!(placement::is_valid(
        &t.b,
        &t.s,
        h,
        &p,
        &RoundModifiers::default()
    ));
    assert!(!placement::is_valid(&t.b, &t.s, h, &p, &mods));
    for e in [
        PlacementError::EventBan(OrderType::Raid),
        PlacementError::EventBan(OrderType::Consolidate),
        PlacementError::EventBan(OrderType::Defence),
        PlacementError::RoughSeas(t.a("the-shivering-sea")),
    ] {
        assert!(errs.contains(&e), "{e:?} missing from {errs:?}");
    }
}

#[test]
fn t17_special_orders_none_under_the_wildling_penalty_a66() {
    let mut t = fresh();
    t.put("lannister", "lannisport", "F");
    let h = t.h("lannister");
    let p = Placement {
        orders: vec![(t.a("lannisport"), o(OrderType::March, true))],
        ..Default::default()
    };
    assert!(placement::check(&t.b, &t.s, h, &p).is_empty(), "rank 1 may");
    let mods = RoundModifiers {
        no_special_orders: vec![h],
        ..Default::default()
    };
    assert_eq!(
        placement::check_with(&t.b, &t.s, h, &p, &mods),
        vec![PlacementError::NoSpecial]
    );
    assert!(!placement::is_valid(&t.b, &t.s, h, &p, &mods));
}

#[test]
fn t18_orders_only_where_the_house_has_units_004_l1673() {
    let mut t = fresh();
    t.put("lannister", "lannisport", "F");
    let h = t.h("lannister");
    let p = Placement {
        orders: vec![(t.a("riverrun"), o(OrderType::March, false))],
        ..Default::default()
    };
    assert_eq!(
        placement::check(&t.b, &t.s, h, &p),
        vec![PlacementError::NoUnits(t.a("riverrun"))]
    );
    assert!(!placement::is_valid(
        &t.b,
        &t.s,
        h,
        &p,
        &RoundModifiers::default()
    ));
}

#[test]
fn raven_changes_one_own_order_within_the_limits_004_l1704() {
    let mut t = fresh();
    for a in ["lannisport", "stoney-sept", "searoad-marches"] {
        t.put("lannister", a, "F");
    }
    t.order("lannisport", OrderType::March, false);
    t.order("stoney-sept", OrderType::March, false);
    t.order("searoad-marches", OrderType::Support, false);
    let h = t.h("lannister");
    let mods = RoundModifiers::default();
    let ch = |a, kind, sp| RavenChange {
        area: a,
        order: o(kind, sp),
    };
    // Support → March would make a third normal march.
    let e = placement::raven(
        &t.b,
        &t.s,
        h,
        ch(t.a("searoad-marches"), OrderType::March, false),
        &mods,
    );
    assert_eq!(
        e.err(),
        Some(vec![PlacementError::TooMany(OrderType::March, 2)])
    );
    // Support → Defence is fine.
    let ok = placement::raven(
        &t.b,
        &t.s,
        h,
        ch(t.a("searoad-marches"), OrderType::Defence, false),
        &mods,
    );
    let (s, old) = ok.unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(old, o(OrderType::Support, false));
    assert_eq!(
        s.area(t.a("searoad-marches")).order,
        Some(o(OrderType::Defence, false))
    );
    // No adding an order where there was none; same order; not the holder.
    t.put("lannister", "blackwater", "F");
    let e = placement::raven(
        &t.b,
        &t.s,
        h,
        ch(t.a("blackwater"), OrderType::Raid, false),
        &mods,
    );
    assert_eq!(
        e.err(),
        Some(vec![PlacementError::RavenNoOrder(t.a("blackwater"))])
    );
    let e = placement::raven(
        &t.b,
        &t.s,
        h,
        ch(t.a("lannisport"), OrderType::March, false),
        &mods,
    );
    assert_eq!(
        e.err(),
        Some(vec![PlacementError::RavenSameOrder(t.a("lannisport"))])
    );
    let e = placement::raven(
        &t.b,
        &t.s,
        t.h("stark"),
        ch(t.a("lannisport"), OrderType::Raid, false),
        &mods,
    );
    assert_eq!(e.err(), Some(vec![PlacementError::NotRavenHolder]));
}

#[test]
fn t13_raid_plus_one_hits_two_targets_in_one_slot_004_l1530() {
    let mut t = fresh();
    t.put("greyjoy", "ironmans-bay", "S");
    t.order("ironmans-bay", OrderType::Raid, true);
    t.put("lannister", "riverrun", "F");
    t.order("riverrun", OrderType::Consolidate, false);
    t.put("lannister", "seagard", "F");
    t.order("seagard", OrderType::Support, false);
    t.raids("greyjoy", "ironmans-bay", &["riverrun", "seagard"]);
    let (s, log) = t.run();
    let n = log
        .iter()
        .filter(|e| matches!(e, Event::Raided { .. }))
        .count();
    assert_eq!(n, 2);
    assert_eq!(t.power(&s, "greyjoy"), 6, "+1 for the consolidate only");
    assert_eq!(t.power(&s, "lannister"), 5, "the victim loses nothing");
}

#[test]
fn a_fleet_raids_a_port_or_its_province_not_both_004_l1048() {
    use crate::planning::plan_check::{self, PlanError};
    let mut t = fresh();
    let g = t.h("greyjoy");
    t.put("greyjoy", "the-golden-sound", "S");
    t.order("the-golden-sound", OrderType::Raid, true);
    t.put("lannister", "lannisport", "F");
    t.order("lannisport", OrderType::Consolidate, false);
    t.put("lannister", "port-of-lannisport", "S");
    t.order("port-of-lannisport", OrderType::Support, false);
    t.put("lannister", "searoad-marches", "F");
    t.order("searoad-marches", OrderType::Support, false);
    t.raids(
        "greyjoy",
        "the-golden-sound",
        &["lannisport", "port-of-lannisport"],
    );
    assert_eq!(
        plan_check::check(&t.b, &t.s, g, &t.plans[g.index()]),
        vec![PlanError::RaidsPortAndProvince(
            t.a("the-golden-sound"),
            t.a("port-of-lannisport")
        )]
    );
    // The same targets on two lines of the one raid+1 count together.
    t.plan("greyjoy").raids.clear();
    t.raids("greyjoy", "the-golden-sound", &["port-of-lannisport"]);
    t.raids("greyjoy", "the-golden-sound", &["lannisport"]);
    assert_eq!(
        plan_check::check(&t.b, &t.s, g, &t.plans[g.index()]).len(),
        1
    );
    // The port (or the province) with another area is two raids, as raid+1 allows (L1530).
    t.plan("greyjoy").raids.clear();
    t.raids(
        "greyjoy",
        "the-golden-sound",
        &["port-of-lannisport", "searoad-marches"],
    );
    assert!(plan_check::check(&t.b, &t.s, g, &t.plans[g.index()]).is_empty());
    let (_, log) = t.run();
    let targets: Vec<_> = log
        .iter()
        .filter_map(|e| {
            if let Event::Raided { target, .. } = e {
                Some(*target)
            } else {
                None
            }
        })
        .collect();
    assert_eq!(
        targets,
        vec![t.a("port-of-lannisport"), t.a("searoad-marches")]
    );
}

#[test]
fn raid_geometry_land_never_raids_sea_or_port_port_ships_only_their_sea_004_l1436() {
    let mut t = fresh();
    t.put("lannister", "lannisport", "F");
    t.order("lannisport", OrderType::Raid, false);
    t.put("lannister", "port-of-lannisport", "S");
    t.order("port-of-lannisport", OrderType::Raid, false);
    t.put("greyjoy", "the-golden-sound", "S");
    t.order("the-golden-sound", OrderType::Support, false);
    t.put("greyjoy", "riverrun", "F");
    t.order("riverrun", OrderType::Support, false);
    t.raids("lannister", "lannisport", &["the-golden-sound"]);
    t.raids("lannister", "port-of-lannisport", &["riverrun"]);
    let (_, log) = t.run();
    assert!(!log.iter().any(|e| matches!(e, Event::Raided { .. })));
    let mut t = fresh();
    t.put("lannister", "port-of-lannisport", "S");
    t.order("port-of-lannisport", OrderType::Raid, false);
    t.put("greyjoy", "the-golden-sound", "S");
    t.order("the-golden-sound", OrderType::Support, false);
    t.raids("lannister", "port-of-lannisport", &["the-golden-sound"]);
    let (_, log) = t.run();
    assert!(log.iter().any(|e| matches!(e, Event::Raided { .. })));
}

#[test]
fn raids_do_not_cross_rivers_unless_frozen() {
    let run = |frozen: bool| {
        let mut t = fresh();
        t.mods.rivers_frozen = frozen;
        t.put("stark", "winterfell", "F");
        t.order("winterfell", OrderType::Raid, false);
        t.put("greyjoy", "greywater-watch", "F");
        t.order("greywater-watch", OrderType::Consolidate, false);
        t.raids("stark", "winterfell", &["greywater-watch"]);
        let (_, log) = t.run();
        log.iter().any(|e| matches!(e, Event::Raided { .. }))
    };
    assert!(!run(false));
    assert!(run(true));
}

#[test]
fn t33_raid_destroyed_before_its_turn_lets_the_next_move_up() {
    let mut t = fresh();
    t.put("baratheon", "crackclaw-point", "F");
    t.order("crackclaw-point", OrderType::Raid, false);
    t.put("lannister", "blackwater", "F");
    t.order("blackwater", OrderType::Raid, false);
    t.put("lannister", "stoney-sept", "F");
    t.order("stoney-sept", OrderType::Raid, false);
    t.put("stark", "harrenhal", "F");
    t.order("harrenhal", OrderType::Raid, false);
    t.put("tyrell", "searoad-marches", "F");
    t.order("searoad-marches", OrderType::Support, false);
    t.raids("baratheon", "crackclaw-point", &["blackwater"]);
    t.raids("lannister", "blackwater", &["harrenhal"]);
    t.raids("lannister", "stoney-sept", &["searoad-marches"]);
    t.raids("stark", "harrenhal", &["stoney-sept"]);
    let (_, log) = t.run();
    let seq: Vec<_> = log
        .iter()
        .filter_map(|e| {
            if let Event::Raided { house, target, .. } = e {
                Some((*house, *target))
            } else {
                None
            }
        })
        .collect();
    assert_eq!(
        seq,
        vec![
            (t.h("baratheon"), t.a("blackwater")),
            (t.h("lannister"), t.a("searoad-marches")),
        ],
        "Stark's raid comes after Lannister's second raid moved up, and finds nothing left"
    );
}

#[test]
fn t35_a_later_raid_on_an_emptied_target_counts_as_not_executed_a40() {
    let mut t = fresh();
    t.put("stark", "the-narrow-sea", "S");
    t.order("the-narrow-sea", OrderType::Raid, false);
    t.put("stark", "widows-watch", "F");
    t.order("widows-watch", OrderType::Raid, false);
    t.put("stark", "moat-cailin", "K");
    t.order("moat-cailin", OrderType::Raid, false);
    t.put("baratheon", "the-fingers", "F");
    t.order("the-fingers", OrderType::Support, false);
    t.put("baratheon", "white-harbor", "F");
    t.order("white-harbor", OrderType::Consolidate, false);
    t.raids("stark", "the-narrow-sea", &["the-fingers"]);
    t.raids("stark", "widows-watch", &["white-harbor"]);
    t.raids("stark", "moat-cailin", &["white-harbor"]);
    let (_, log) = t.run();
    assert_eq!(
        log.iter()
            .filter(|e| matches!(e, Event::Raided { .. }))
            .count(),
        2
    );
    assert!(log.iter().any(|e| matches!(
        e,
        Event::Skipped {
            why: Skip::NothingToRaid(_),
            ..
        }
    )));
}

#[test]
fn t64_raid_example_in_iron_throne_order() {
    let mut t = fresh();
    t.track(
        crate::model::state::Track::IronThrone,
        &[
            "greyjoy",
            "stark",
            "lannister",
            "baratheon",
            "tyrell",
            "martell",
        ],
    );
    t.put("greyjoy", "sunset-sea", "S");
    t.order("sunset-sea", OrderType::Raid, false);
    t.put("lannister", "blackwater", "F");
    t.order("blackwater", OrderType::Raid, false);
    t.put("lannister", "the-golden-sound", "S");
    t.order("the-golden-sound", OrderType::Raid, false);
    t.put("tyrell", "the-reach", "F");
    t.order("the-reach", OrderType::Raid, false);
    t.put("baratheon", "harrenhal", "F");
    t.order("harrenhal", OrderType::Raid, false);
    t.put("tyrell", "highgarden", "F");
    t.order("highgarden", OrderType::Consolidate, false);
    t.put("lannister", "riverrun", "F");
    t.order("riverrun", OrderType::Support, false);
    t.raids("greyjoy", "sunset-sea", &["searoad-marches"]);
    t.plan("greyjoy").raids.clear();
    t.put("tyrell", "searoad-marches", "F");
    t.order("searoad-marches", OrderType::Consolidate, false);
    t.raids("greyjoy", "sunset-sea", &["searoad-marches"]);
    t.raids("lannister", "blackwater", &["the-reach"]);
    t.raids("lannister", "the-golden-sound", &["searoad-marches"]);
    t.raids("baratheon", "harrenhal", &["riverrun"]);
    let (s, log) = t.run();
    let seq: Vec<_> = log
        .iter()
        .filter_map(|e| {
            if let Event::Raided { house, .. } = e {
                Some(*house)
            } else {
                None
            }
        })
        .collect();
    assert_eq!(
        seq,
        vec![t.h("greyjoy"), t.h("lannister"), t.h("baratheon")]
    );
    assert_eq!(t.power(&s, "greyjoy"), 6);
    assert!(log.iter().any(|e| matches!(
        e,
        Event::Skipped {
            why: Skip::NothingToRaid(_),
            ..
        }
    )));
}

#[test]
fn sea_of_storms_stops_raids_at_resolution_too() {
    let mut t = fresh();
    t.mods.sea_of_storms = true;
    t.put("greyjoy", "ironmans-bay", "S");
    t.order("ironmans-bay", OrderType::Raid, false);
    t.put("lannister", "riverrun", "F");
    t.order("riverrun", OrderType::Consolidate, false);
    t.raids("greyjoy", "ironmans-bay", &["riverrun"]);
    let (_, log) = t.run();
    assert!(!log.iter().any(|e| matches!(e, Event::Raided { .. })));
}

#[test]
fn a26_a_plan_naming_unknown_areas_is_not_used_and_nothing_panics() {
    let mut t = fresh();
    t.put("stark", "karhold", "F");
    t.order("karhold", OrderType::March, false);
    t.march("stark", "karhold", "castle-black");
    t.plan("stark").marches[0].alternatives[0].action.moves[0].to = maester_board::AreaId(9999);
    t.plan("stark").sword = Some(maester_board::AreaId(60000));
    let (s, log) = t.run();
    assert!(log.iter().any(|e| matches!(e, Event::PlanRejected { .. })));
    assert_eq!(t.units(&s, "karhold"), "F");
}
