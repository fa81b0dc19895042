//! Tests of mustering (004:L665–L792, A-62), each named after its rule.

use super::kit_events::{W, empty};
use crate::armies::muster::{self, Blocked, MusterAction, MusterError, MusterItem, MusterPlan};
use crate::model::log_events::{EconomyEvent, MusterSkip};
use maester_board::UnitKind;

fn item(w: &W, castle: &str, action: MusterAction) -> MusterItem {
    MusterItem {
        castle: w.a(castle),
        action,
    }
}

fn ship(w: &W, castle: &str, places: &[&str]) -> MusterItem {
    item(
        w,
        castle,
        MusterAction::Ship(places.iter().map(|p| w.a(p)).collect()),
    )
}

fn check(w: &W, house: &str, items: Vec<MusterItem>) -> Result<(), Vec<MusterError>> {
    let h = w.h(house);
    let plan = MusterPlan { items };
    let budget = muster::points(&w.b, &w.s, h);
    muster::check(
        &w.b,
        &w.s,
        h,
        &plan,
        &budget,
        &muster::ports_now(&w.b, &w.s),
    )
}

/// T-57: Lannister, supply 3: Lannisport 1F, Harrenhal 2F, Riverrun 3K, Stoney Sept 1F, Sunset
/// Sea 1S.
fn t57() -> W {
    let mut w = empty();
    w.put("lannister", "lannisport", "F");
    w.put("lannister", "harrenhal", "FF");
    w.put("lannister", "riverrun", "KKK");
    w.put("lannister", "stoney-sept", "F");
    w.put("lannister", "sunset-sea", "S");
    w.barrels("lannister", 3);
    w
}

#[test]
fn t57_muster_example_points_of_each_castle_and_the_lost_point_004_l674_l751() {
    let w = t57();
    let l = w.h("lannister");
    let pts = muster::points(&w.b, &w.s, l);
    let p = |k: &str| pts.iter().find(|x| x.0 == w.a(k)).map(|x| x.1);
    assert_eq!(
        (
            p("lannisport"),
            p("riverrun"),
            p("harrenhal"),
            p("stoney-sept")
        ),
        (Some(2), Some(2), Some(1), None)
    );
    let items = vec![
        item(&w, "lannisport", MusterAction::Unit(UnitKind::Footman)),
        ship(&w, "lannisport", &["the-golden-sound"]),
        item(
            &w,
            "harrenhal",
            MusterAction::Upgrade {
                from: UnitKind::Footman,
                to: UnitKind::Knight,
            },
        ),
        ship(&w, "riverrun", &["the-golden-sound"]),
    ];
    assert_eq!(check(&w, "lannister", items.clone()), Ok(()));
    let out = muster::resolve(
        &w.b,
        &w.s,
        &[(l, MusterPlan { items })],
        &muster::ports_now(&w.b, &w.s),
    );
    let s = &out.state;
    assert_eq!(w.codes(s, "riverrun"), "KKK");
    assert_eq!(w.codes(s, "lannisport"), "FF");
    assert_eq!(w.codes(s, "harrenhal"), "FK");
    assert_eq!(w.codes(s, "the-golden-sound"), "SS");
    assert_eq!(crate::armies::supply::army_sizes(s, l), vec![3, 2, 2, 2]);
    // Riverrun's second point cannot be used: supply is full (004:L747).
    let more = vec![
        ship(&w, "riverrun", &["the-golden-sound"]),
        ship(&w, "riverrun", &["the-golden-sound"]),
    ];
    let mut all = vec![
        item(&w, "lannisport", MusterAction::Unit(UnitKind::Footman)),
        ship(&w, "lannisport", &["the-golden-sound"]),
        item(
            &w,
            "harrenhal",
            MusterAction::Upgrade {
                from: UnitKind::Footman,
                to: UnitKind::Knight,
            },
        ),
    ];
    all.extend(more);
    let e = check(&w, "lannister", all.clone()).expect_err("supply");
    assert_eq!(e, vec![MusterError::Supply(w.a("the-golden-sound"))]);
    let out = muster::resolve(
        &w.b,
        &w.s,
        &[(l, MusterPlan { items: all })],
        &muster::ports_now(&w.b, &w.s),
    );
    assert!(out.log.iter().any(|x| matches!(
        x,
        EconomyEvent::MusterSkipped {
            why: MusterSkip::Rule(MusterError::Supply(_)),
            ..
        }
    )));
    assert_eq!(w.codes(&out.state, "the-golden-sound"), "SS");
}

#[test]
fn t15_no_ship_into_a_port_built_in_the_same_phase_004_l761() {
    let mut w = empty();
    w.put("greyjoy", "seagard", "F");
    let before = muster::ports_now(&w.b, &w.s);
    let port = w.a("port-of-seagard");
    w.s.area_mut(port).port_built = Some(w.a("ironmans-bay"));
    let g = w.h("greyjoy");
    let plan = MusterPlan {
        items: vec![ship(&w, "seagard", &["port-of-seagard"])],
    };
    let budget = muster::points(&w.b, &w.s, g);
    assert_eq!(
        muster::check(&w.b, &w.s, g, &plan, &budget, &before),
        Err(vec![MusterError::PortNotReady(port)])
    );
    // A port that stood before the round is fine.
    let after = muster::ports_now(&w.b, &w.s);
    assert_eq!(muster::check(&w.b, &w.s, g, &plan, &budget, &after), Ok(()));
    // The early-stopping form says the same.
    assert!(!muster::is_valid(&w.b, &w.s, g, &plan, &budget, &before));
    assert!(muster::is_valid(&w.b, &w.s, g, &plan, &budget, &after));
}

#[test]
fn t65_ship_into_own_port_although_the_sea_holds_enemy_ships_but_not_into_that_sea_004_l756() {
    let mut w = empty();
    w.put("martell", "sunspear", "F");
    w.put("tyrell", "east-summer-sea", "S");
    let ok = vec![
        item(&w, "sunspear", MusterAction::Unit(UnitKind::Footman)),
        ship(&w, "sunspear", &["port-of-sunspear"]),
    ];
    assert_eq!(check(&w, "martell", ok), Ok(()));
    assert_eq!(
        check(&w, "martell", vec![ship(&w, "sunspear", &["sea-of-dorne"])]),
        Ok(())
    );
    assert_eq!(
        check(
            &w,
            "martell",
            vec![ship(&w, "sunspear", &["east-summer-sea"])]
        ),
        Err(vec![MusterError::NoFreePlacement(w.a("sunspear"))])
    );
    assert_eq!(
        check(
            &w,
            "martell",
            vec![ship(&w, "sunspear", &["shipbreaker-bay"])]
        ),
        Err(vec![MusterError::NotOnCoast {
            castle: w.a("sunspear"),
            area: w.a("shipbreaker-bay")
        }])
    );
}

#[test]
fn a62_same_sea_goes_to_the_house_higher_on_the_iron_throne_and_the_loser_may_revise_004_l769() {
    let mut w = empty();
    w.put("lannister", "riverrun", "F");
    w.put("greyjoy", "pyke", "F");
    let (l, g) = (w.h("lannister"), w.h("greyjoy"));
    // Greyjoy lists its port as a second choice for its first ship; its second ship has none.
    let plans = vec![
        (
            g,
            MusterPlan {
                items: vec![
                    ship(&w, "pyke", &["ironmans-bay", "port-of-pyke"]),
                    ship(&w, "pyke", &["ironmans-bay"]),
                ],
            },
        ),
        (
            l,
            MusterPlan {
                items: vec![ship(&w, "riverrun", &["ironmans-bay"])],
            },
        ),
    ];
    let out = muster::resolve(&w.b, &w.s, &plans, &muster::ports_now(&w.b, &w.s));
    assert_eq!(
        out.state.occupant(w.a("ironmans-bay")),
        Some(l),
        "Lannister is 2nd, Greyjoy 5th"
    );
    assert_eq!(w.codes(&out.state, "port-of-pyke"), "S");
    assert_eq!(
        out.blocked,
        vec![Blocked {
            house: g,
            castle: w.a("pyke"),
            points: 1
        }]
    );
    // Its line says the point may be mustered again, not that it is lost.
    assert!(out.log.iter().any(|e| matches!(
        e,
        EconomyEvent::MusterSkipped {
            house,
            why: MusterSkip::Blocked(MusterError::NoFreePlacement(_)),
            ..
        } if *house == g
    )));
    assert!(!out.log.iter().any(|e| matches!(
        e,
        EconomyEvent::MusterSkipped {
            why: MusterSkip::Rule(_),
            ..
        }
    )));
    // The replacement plan spends only the freed point.
    let rep = MusterPlan {
        items: vec![item(&w, "pyke", MusterAction::Unit(UnitKind::Footman))],
    };
    let out2 = muster::resolve_with_budget(
        &w.b,
        &out.state,
        &[(g, rep, vec![(w.a("pyke"), 1)])],
        &muster::ports_now(&w.b, &w.s),
    );
    assert_eq!(w.codes(&out2.state, "pyke"), "FF");
}

#[test]
fn a62_two_seas_higher_house_takes_the_first_the_lower_the_other_004_l771() {
    let mut w = empty();
    w.put("martell", "sunspear", "F");
    w.put("baratheon", "storms-end", "F");
    w.put("baratheon", "starfall", "F");
    let (m, b) = (w.h("martell"), w.h("baratheon"));
    w.s.tracks[0] = w
        .hs(&[
            "martell",
            "baratheon",
            "stark",
            "lannister",
            "greyjoy",
            "tyrell",
        ])
        .into();
    let plans = vec![
        (
            m,
            MusterPlan {
                items: vec![
                    ship(&w, "sunspear", &["east-summer-sea"]),
                    ship(&w, "sunspear", &["sea-of-dorne"]),
                ],
            },
        ),
        (
            b,
            MusterPlan {
                items: vec![
                    ship(&w, "storms-end", &["sea-of-dorne"]),
                    ship(&w, "starfall", &["east-summer-sea"]),
                ],
            },
        ),
    ];
    let out = muster::resolve(&w.b, &w.s, &plans, &muster::ports_now(&w.b, &w.s));
    assert_eq!(out.state.occupant(w.a("east-summer-sea")), Some(m));
    assert_eq!(out.state.occupant(w.a("sea-of-dorne")), Some(b));
    assert_eq!(
        out.blocked.len(),
        2,
        "each loses one sea and may revise: {:?}",
        out.blocked
    );
}

#[test]
fn upgrades_only_f_or_a_in_the_castle_to_k_or_e_one_point_004_l739() {
    let mut w = empty();
    w.put("stark", "winterfell", "FA");
    w.put("stark", "karhold", "F");
    let up = |from, to| MusterAction::Upgrade { from, to };
    assert_eq!(
        check(
            &w,
            "stark",
            vec![
                item(&w, "winterfell", up(UnitKind::Footman, UnitKind::Knight)),
                item(&w, "winterfell", up(UnitKind::Archer, UnitKind::Siege))
            ]
        ),
        Ok(())
    );
    assert_eq!(
        check(
            &w,
            "stark",
            vec![item(
                &w,
                "winterfell",
                up(UnitKind::Knight, UnitKind::Siege)
            )]
        ),
        Err(vec![MusterError::BadUpgrade(
            UnitKind::Knight,
            UnitKind::Siege
        )])
    );
    assert_eq!(
        check(
            &w,
            "stark",
            vec![item(&w, "karhold", up(UnitKind::Footman, UnitKind::Knight))]
        ),
        Err(vec![MusterError::NotACastle(w.a("karhold"))]),
        "Karhold has no castle: its footman cannot be upgraded"
    );
    assert_eq!(
        check(
            &w,
            "stark",
            vec![
                item(&w, "winterfell", up(UnitKind::Footman, UnitKind::Siege)),
                item(&w, "winterfell", up(UnitKind::Archer, UnitKind::Siege))
            ]
        ),
        Err(vec![MusterError::TwoSieges(w.a("winterfell"))])
    );
}

#[test]
fn t16_unit_caps_forbid_a_fifth_knight_anywhere_004_l749() {
    let mut w = empty();
    w.put("stark", "winterfell", "F");
    w.put("stark", "karhold", "K");
    w.put("stark", "castle-black", "K");
    w.put("stark", "widows-watch", "K");
    w.put("stark", "the-stony-shore", "K");
    let e = check(
        &w,
        "stark",
        vec![item(&w, "winterfell", MusterAction::Unit(UnitKind::Knight))],
    );
    assert_eq!(e, Err(vec![MusterError::Cap(UnitKind::Knight, 4)]));
}

#[test]
fn points_come_from_castles_held_by_token_not_from_others_004_l920() {
    let mut w = empty();
    w.token("stark", "moat-cailin");
    assert_eq!(
        check(
            &w,
            "stark",
            vec![item(
                &w,
                "moat-cailin",
                MusterAction::Unit(UnitKind::Footman)
            )]
        ),
        Ok(())
    );
    assert_eq!(
        check(
            &w,
            "stark",
            vec![item(
                &w,
                "moat-cailin",
                MusterAction::Unit(UnitKind::Knight)
            )]
        ),
        Err(vec![MusterError::TooManyPoints {
            castle: w.a("moat-cailin"),
            spent: 2,
            points: 1
        }])
    );
    assert_eq!(
        check(
            &w,
            "stark",
            vec![item(
                &w,
                "white-harbor",
                MusterAction::Unit(UnitKind::Footman)
            )]
        ),
        Err(vec![MusterError::NotControlled(w.a("white-harbor"))])
    );
}

#[test]
fn nothing_mustered_into_an_occupied_area_when_supply_is_full_004_l747() {
    let mut w = empty();
    w.put("stark", "winterfell", "FF");
    w.put("stark", "karhold", "FF");
    w.barrels("stark", 0);
    assert_eq!(
        check(
            &w,
            "stark",
            vec![item(
                &w,
                "winterfell",
                MusterAction::Unit(UnitKind::Footman)
            )]
        ),
        Err(vec![MusterError::Supply(w.a("winterfell"))])
    );
    // A ship alone in a sea needs no supply.
    assert_eq!(
        check(&w, "stark", vec![ship(&w, "winterfell", &["bay-of-ice"])]),
        Ok(())
    );
}

/// The unit caps (004:L747) are checked against the units as the map shows them after each
/// item, even in a hand-edited state whose area holds units that name no house: once a unit is
/// mustered there they are the house's, and the next footman is over the cap.
#[test]
fn caps_count_units_an_item_makes_the_house_s_004_l747() {
    let mut w = empty();
    for a in ["karhold", "white-harbor", "the-eyrie", "moat-cailin"] {
        w.put("stark", a, "F");
    }
    let wf = w.a("winterfell");
    w.s.area_mut(wf).units.clear();
    w.s.area_mut(wf)
        .units
        .push(crate::Unit::new(UnitKind::Footman));
    w.s.area_mut(wf)
        .units
        .push(crate::Unit::new(UnitKind::Footman));
    w.s.area_mut(wf).house = None;
    w.barrels("stark", 6);
    let h = w.h("stark");
    let foot = || item(&w, "winterfell", MusterAction::Unit(UnitKind::Footman));
    let plan = MusterPlan {
        items: vec![foot(), foot()],
    };
    let ports = muster::ports_now(&w.b, &w.s);
    let budget = vec![(wf, 2)];
    assert_eq!(
        muster::check(&w.b, &w.s, h, &plan, &budget, &ports),
        Err(vec![MusterError::Cap(UnitKind::Footman, 7)])
    );
    let out = muster::resolve_with_budget(&w.b, &w.s, &[(h, plan, budget)], &ports);
    assert_eq!(
        out.state.unit_count(h, UnitKind::Footman),
        7,
        "{:?}",
        out.log
    );
}
