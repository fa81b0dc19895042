//! Tests of building ports and fortifications (004:L950–L1098, A-58…A-60), each named after its
//! rule.

use super::kit_events::{W, empty};
use crate::event_phase::build::{self, BuildError, BuildPlan, BuildWindow, PortBuild};
use crate::event_phase::economy;
use crate::event_phase::events::{self, CategoryDraw, EventCard, EventSettings, RoundEvents};
use crate::model::log_events::EconomyEvent;

fn port(w: &W, province: &str, sea: Option<&str>) -> PortBuild {
    PortBuild {
        province: w.a(province),
        sea: sea.map(|s| w.a(s)),
    }
}

fn ports(v: Vec<PortBuild>) -> BuildPlan {
    BuildPlan {
        ports: v,
        ..Default::default()
    }
}

#[test]
fn t14_port_costs_two_plus_ports_owned_priced_one_at_a_time_004_l1036_a60() {
    let mut w = empty();
    w.power("greyjoy", 20);
    w.put("greyjoy", "seagard", "F");
    w.put("greyjoy", "flints-finger", "F");
    w.put("greyjoy", "riverrun", "F");
    let g = w.h("greyjoy");
    // Pyke (home seat, natural port) is owned: the first costs 3.
    assert_eq!(build::port_cost(&w.b, &w.s, g), 3);
    let plan = ports(vec![
        port(&w, "seagard", None),
        port(&w, "flints-finger", Some("sunset-sea")),
        port(&w, "riverrun", Some("the-golden-sound")),
    ]);
    let (s, log) = build::resolve(&w.b, &w.s, &[(g, plan)], BuildWindow::EventPhase);
    let costs: Vec<u8> = log
        .iter()
        .filter_map(|e| match e {
            EconomyEvent::PortBuilt { cost, .. } => Some(*cost),
            _ => None,
        })
        .collect();
    assert_eq!(costs, vec![3, 4, 5]);
    assert_eq!(s.house(g).power, 20 - 12);
    assert_eq!(
        s.area(w.a("port-of-flints-finger")).port_built,
        Some(w.a("sunset-sea"))
    );
    assert!(s.adjacent(&w.b, w.a("port-of-seagard"), w.a("ironmans-bay")));
}

#[test]
fn d6_highgarden_port_faces_west_summer_sea_or_redwyne_its_sunset_sea_as_written_004_l1018() {
    let mut w = empty();
    w.put("tyrell", "highgarden", "F");
    let t = w.h("tyrell");
    // 表十's 日落之海 is the board's West Summer Sea coast (D6).
    let written = ports(vec![port(&w, "highgarden", Some("sunset-sea"))]);
    let (s, _) = build::resolve(&w.b, &w.s, &[(t, written)], BuildWindow::EventPhase);
    assert_eq!(
        s.area(w.a("port-of-highgarden")).port_built,
        Some(w.a("west-summer-sea"))
    );
    let bad = ports(vec![port(&w, "highgarden", Some("the-golden-sound"))]);
    let e = build::check(&w.b, &w.s, t, &bad, BuildWindow::EventPhase).expect_err("D6");
    assert!(
        matches!(&e[0], BuildError::SeaNotOnCoast { options, .. } if options.contains(&w.a("west-summer-sea")))
    );
    let none = ports(vec![port(&w, "highgarden", None)]);
    assert!(matches!(
        &build::check(&w.b, &w.s, t, &none, BuildWindow::EventPhase).expect_err("need sea")[0],
        BuildError::NeedSea { .. }
    ));
    let ok = ports(vec![port(&w, "highgarden", Some("redwyne-straights"))]);
    assert_eq!(
        build::check(&w.b, &w.s, t, &ok, BuildWindow::EventPhase),
        Ok(())
    );
}

#[test]
fn ports_only_in_held_provinces_with_a_free_site_and_enough_tokens_004_l989_l1034() {
    let mut w = empty();
    w.put("stark", "winterfell", "F");
    let s = w.h("stark");
    w.power("stark", 2);
    // Winterfell's second port, on The Shivering Sea: owns 1 natural port → costs 3.
    let east = ports(vec![port(&w, "winterfell", None)]);
    assert_eq!(
        build::check(&w.b, &w.s, s, &east, BuildWindow::EventPhase),
        Err(vec![BuildError::Tokens { cost: 3, hand: 2 }])
    );
    w.power("stark", 5);
    assert_eq!(
        build::check(&w.b, &w.s, s, &east, BuildWindow::EventPhase),
        Ok(())
    );
    let inland = ports(vec![port(&w, "harrenhal", None)]);
    w.put("stark", "harrenhal", "F");
    assert_eq!(
        build::check(&w.b, &w.s, s, &inland, BuildWindow::EventPhase),
        Err(vec![BuildError::NoPortSite(w.a("harrenhal"))])
    );
    let foreign = ports(vec![port(&w, "seagard", None)]);
    assert_eq!(
        build::check(&w.b, &w.s, s, &foreign, BuildWindow::EventPhase),
        Err(vec![BuildError::NotControlled(w.a("seagard"))])
    );
}

#[test]
fn demolished_port_still_counts_for_a_new_ports_cost_in_the_same_phase_004_l1060() {
    let mut w = empty();
    w.put("greyjoy", "seagard", "F");
    w.put("greyjoy", "flints-finger", "F");
    w.power("greyjoy", 10);
    let g = w.h("greyjoy");
    let ps = w.a("port-of-seagard");
    w.s.area_mut(ps).port_built = Some(w.a("ironmans-bay"));
    let plan = BuildPlan {
        ports: vec![port(&w, "flints-finger", Some("bay-of-ice"))],
        demolish: vec![ps],
        fortify: vec![],
    };
    let (s, log) = build::resolve(&w.b, &w.s, &[(g, plan)], BuildWindow::EventPhase);
    assert!(log.contains(&EconomyEvent::PortBuilt {
        house: g,
        port: w.a("port-of-flints-finger"),
        sea: w.a("bay-of-ice"),
        cost: 4
    }));
    assert_eq!(s.area(ps).port_built, None);
    // A port with ships cannot be pulled down.
    w.put("greyjoy", "port-of-seagard", "S");
    let plan = BuildPlan {
        demolish: vec![ps],
        ..Default::default()
    };
    assert_eq!(
        build::check(&w.b, &w.s, g, &plan, BuildWindow::EventPhase),
        Err(vec![BuildError::CannotDemolish(ps)])
    );
}

#[test]
fn a_player_names_his_port_by_its_province_to_pull_it_down_004_l1060() {
    let mut w = empty();
    w.put("greyjoy", "seagard", "F");
    let g = w.h("greyjoy");
    let ps = w.a("port-of-seagard");
    w.s.area_mut(ps).port_built = Some(w.a("ironmans-bay"));
    let plan = BuildPlan {
        demolish: vec![w.a("seagard")],
        ..Default::default()
    };
    // The check of a plan whose last item is the demolition accepts it.
    assert_eq!(
        build::check(&w.b, &w.s, g, &plan, BuildWindow::EventPhase),
        Ok(())
    );
    let (s, log) = build::resolve(&w.b, &w.s, &[(g, plan)], BuildWindow::EventPhase);
    assert_eq!(s.area(ps).port_built, None);
    assert!(log.contains(&EconomyEvent::PortDemolished { house: g, port: ps }));
}

/// Baratheon consolidated at Kingswood (1 + 1 crown) last round (round 2 now).
fn fort_setup() -> W {
    let mut w = empty();
    w.put("baratheon", "kingswood", "F");
    w.s.round = 1;
    let (b, kw) = (w.h("baratheon"), w.a("kingswood"));
    economy::record_consolidation(&mut w.s, b, kw, 2);
    w.s.round = 2;
    w
}

#[test]
fn a58_fortification_pays_back_last_rounds_consolidate_income_004_l1076() {
    let w = fort_setup();
    let (b, kw) = (w.h("baratheon"), w.a("kingswood"));
    let plan = BuildPlan {
        fortify: vec![kw],
        ..Default::default()
    };
    let (s, log) = build::resolve(&w.b, &w.s, &[(b, plan.clone())], BuildWindow::EventPhase);
    assert_eq!(s.area(kw).fortification, Some(b));
    assert_eq!(s.house(b).power, 3);
    assert!(log.contains(&EconomyEvent::FortificationBuilt {
        house: b,
        area: kw,
        paid: 2
    }));
    // Converted once only.
    assert_eq!(
        build::check(&w.b, &s, b, &plan, BuildWindow::EventPhase),
        Err(vec![BuildError::AlreadyFortified(kw)])
    );
    // Knights cannot build it; no income there → refused.
    let mut w2 = fort_setup();
    let a = w2.a("kingswood");
    w2.s.area_mut(a).units.clear();
    w2.put("baratheon", "kingswood", "K");
    assert_eq!(
        build::check(&w2.b, &w2.s, b, &plan, BuildWindow::EventPhase),
        Err(vec![BuildError::NeedsFootOrArcher(kw)])
    );
    let other = BuildPlan {
        fortify: vec![w.a("dragonstone")],
        ..Default::default()
    };
    let mut w3 = fort_setup();
    w3.put("baratheon", "dragonstone", "F");
    assert_eq!(
        build::check(&w3.b, &w3.s, b, &other, BuildWindow::EventPhase),
        Err(vec![BuildError::NoIncome(w.a("dragonstone"))])
    );
}

#[test]
fn a59_last_fortification_slot_goes_by_iron_throne_order_and_the_loser_keeps_its_tokens() {
    let mut w = fort_setup();
    let keys = [
        "karhold",
        "castle-black",
        "widows-watch",
        "the-stony-shore",
        "greywater-watch",
        "the-fingers",
        "the-twins",
        "the-mountains-of-the-moon",
    ];
    for k in keys {
        let a = w.a(k);
        w.s.area_mut(a).fortification = Some(w.h("stark"));
    }
    w.put("lannister", "stoney-sept", "A");
    let (l, st) = (w.h("lannister"), w.a("stoney-sept"));
    w.s.round = 1;
    economy::record_consolidation(&mut w.s, l, st, 2);
    let b = w.h("baratheon");
    let kw = w.a("kingswood");
    economy::record_consolidation(&mut w.s, b, kw, 2);
    w.s.round = 2;
    let plans = vec![
        (
            l,
            BuildPlan {
                fortify: vec![st],
                ..Default::default()
            },
        ),
        (
            b,
            BuildPlan {
                fortify: vec![w.a("kingswood")],
                ..Default::default()
            },
        ),
    ];
    let (s, log) = build::resolve(&w.b, &w.s, &plans, BuildWindow::EventPhase);
    assert_eq!(
        s.area(w.a("kingswood")).fortification,
        Some(b),
        "Baratheon is first on the throne"
    );
    assert_eq!(s.area(st).fortification, None);
    assert_eq!(s.house(l).power, 5);
    assert!(log.contains(&EconomyEvent::BuildRefused {
        house: l,
        why: BuildError::MapFull(9)
    }));
}

#[test]
fn no_fortification_in_order_placement_after_a_mustering_event_004_l1712() {
    let mut w = fort_setup();
    let b = w.h("baratheon");
    events::start_game(&w.b, &mut w.s, "x", EventSettings::default());
    let d = |card| CategoryDraw {
        winter: false,
        card,
        chosen: None,
    };
    if let Some(deck) = w.s.economy.deck.as_mut().map(std::sync::Arc::make_mut) {
        deck.upcoming = vec![RoundEvents {
            round: 2,
            draws: [
                d(EventCard::Muster),
                d(EventCard::ClashOfKings),
                d(EventCard::SeaOfStorms),
            ],
            wildling_penalty: None,
        }];
    }
    events::begin_round(&w.b, &mut w.s).expect("begin");
    let plan = BuildPlan {
        fortify: vec![w.a("kingswood")],
        ..Default::default()
    };
    assert_eq!(
        build::check(&w.b, &w.s, b, &plan, BuildWindow::Placement),
        Err(vec![BuildError::AfterMuster])
    );
    assert_eq!(
        build::check(&w.b, &w.s, b, &plan, BuildWindow::EventPhase),
        Ok(())
    );
}
