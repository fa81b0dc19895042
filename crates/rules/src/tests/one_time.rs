//! One-time orders, an optional rule (004:L2489–L2624; …A-81; T-13, T-45, T-46):
//! placement limits, raids, Asha here; Forced March and Pontoon in `one_time/marches.rs`,
//! Recruit and Supply Caravan in `one_time/recruit_caravan.rs`.

mod marches;
mod recruit_caravan;

use super::kit::*;
use crate::armies::muster::{MusterAction, MusterItem, MusterPlan};
use crate::model::log::Event;
use crate::model::modifiers::RoundModifiers;
use crate::model::orders::{MarchStep, Placement, RavenChange, Step, UnitSelection};
use crate::optional::one_time::{
    self, OneTimeError, OneTimeEvent, OneTimeKind, OneTimeOrder, PlacedOneTime,
};
use crate::planning::placement::{self, PlacementError};
use maester_board::{Order, OrderType, UnitKind};

fn o(kind: OrderType) -> Order {
    Order {
        kind,
        special: false,
    }
}

fn on() -> T {
    let mut t = fresh();
    t.s.one_time.enabled = true;
    t
}

/// A one-time order standing on the map (after the reveal).
fn stand(t: &mut T, house: &str, area: &str, kind: OneTimeKind, bank: Option<&str>) {
    let (h, a) = (t.h(house), t.a(area));
    let bank = bank.map(|b| t.a(b));
    t.s.area_mut(a).one_time = Some(PlacedOneTime {
        house: h,
        kind,
        bank,
    });
}

fn forced(t: &T, to: &str, from: &[(&str, UnitSelection)]) -> Step<MarchStep> {
    Step::single(MarchStep {
        from: t.a(to),
        moves: Vec::new(),
        leave_token: false,
        gather: from.iter().map(|(a, u)| (t.a(a), u.clone())).collect(),
    })
}

fn one_time_events(log: &[Event]) -> Vec<&OneTimeEvent> {
    log.iter()
        .filter_map(|e| match e {
            Event::OneTime(x) => Some(x),
            _ => None,
        })
        .collect()
}

fn placement(t: &T, orders: &[(&str, Order)], ot: &[(&str, OneTimeKind)]) -> Placement {
    Placement {
        orders: orders.iter().map(|(a, o)| (t.a(a), *o)).collect(),
        one_time: ot
            .iter()
            .map(|(a, k)| (t.a(a), OneTimeOrder::new(*k)))
            .collect(),
    }
}

#[test]
fn one_time_order_beside_a_normal_order_even_without_special_orders_004_l2504_a81() {
    let mut t = on();
    t.put("tyrell", "highgarden", "KF");
    let h = t.h("tyrell");
    let p = placement(
        &t,
        &[("highgarden", o(OrderType::Consolidate))],
        &[("highgarden", OneTimeKind::Recruit)],
    );
    // Not a special order: neither the King's Court limit nor the wildling ban applies.
    let mods = RoundModifiers {
        no_special_orders: vec![h],
        ..Default::default()
    };
    assert_eq!(placement::check_with(&t.b, &t.s, h, &p, &mods), vec![]);
    placement::apply(&mut t.s, &[(h, p)]);
    let st = t.s.area(t.a("highgarden"));
    assert_eq!(st.order, Some(o(OrderType::Consolidate)));
    assert_eq!(st.one_time.map(|p| p.kind), Some(OneTimeKind::Recruit));
    assert!(
        t.s.one_time.used.iter().any(|u| u.house == h),
        "placed counts as used (004:L2518)"
    );
}

#[test]
fn one_time_orders_need_the_optional_rule_004_l2489() {
    let mut t = fresh();
    t.put("tyrell", "highgarden", "KF");
    let h = t.h("tyrell");
    let p = placement(&t, &[], &[("highgarden", OneTimeKind::Recruit)]);
    assert_eq!(
        placement::check(&t.b, &t.s, h, &p),
        vec![PlacementError::OneTime(OneTimeError::Off)]
    );
}

#[test]
fn one_per_round_and_each_type_once_a_game_004_l2502_l2621() {
    let mut t = on();
    t.put("lannister", "lannisport", "F");
    t.put("lannister", "blackwater", "F");
    let h = t.h("lannister");
    let two = placement(
        &t,
        &[],
        &[
            ("lannisport", OneTimeKind::Recruit),
            ("blackwater", OneTimeKind::SupplyCaravan),
        ],
    );
    let errs = placement::check(&t.b, &t.s, h, &two);
    assert!(errs.contains(&PlacementError::OneTime(OneTimeError::OnePerRound)));
    let recruit = placement(&t, &[], &[("lannisport", OneTimeKind::Recruit)]);
    placement::apply(&mut t.s, &[(h, recruit.clone())]);
    assert_eq!(
        placement::check(&t.b, &t.s, h, &recruit),
        vec![],
        "this round's own use does not count against it (the Raven re-checks)"
    );
    t.s.round += 1;
    assert_eq!(
        placement::check(&t.b, &t.s, h, &recruit),
        vec![PlacementError::OneTime(OneTimeError::UsedBefore(
            OneTimeKind::Recruit
        ))]
    );
    let caravan = placement(&t, &[], &[("blackwater", OneTimeKind::SupplyCaravan)]);
    assert_eq!(placement::check(&t.b, &t.s, h, &caravan), vec![]);
}

#[test]
fn feast_for_crows_bans_consolidate_type_one_time_orders_004_l2534() {
    let mut t = on();
    t.put("lannister", "lannisport", "F");
    let h = t.h("lannister");
    let mods = RoundModifiers {
        feast_for_crows: true,
        ..Default::default()
    };
    let recruit = placement(&t, &[], &[("lannisport", OneTimeKind::Recruit)]);
    assert_eq!(
        placement::check_with(&t.b, &t.s, h, &recruit, &mods),
        vec![PlacementError::OneTime(OneTimeError::FeastForCrows(
            OneTimeKind::Recruit
        ))]
    );
    let fm = placement(&t, &[], &[("lannisport", OneTimeKind::ForcedMarch)]);
    assert_eq!(placement::check_with(&t.b, &t.s, h, &fm, &mods), vec![]);
}

#[test]
fn recruit_needs_a_castle_caravan_barrels_pontoon_a_river_bank_004_l2565_l2576_l2611() {
    let mut t = on();
    t.put("lannister", "stoney-sept", "F");
    t.put("lannister", "harrenhal", "F");
    t.put("lannister", "the-mountains-of-the-moon", "F");
    t.put("lannister", "riverrun", "F");
    let h = t.h("lannister");
    let one = |t: &T, a: &str, k: OneTimeKind| placement(t, &[], &[(a, k)]);
    let err = |p: &Placement| placement::check(&t.b, &t.s, h, p);
    assert_eq!(
        err(&one(&t, "stoney-sept", OneTimeKind::Recruit)),
        vec![PlacementError::OneTime(OneTimeError::RecruitNeedsCastle(
            t.a("stoney-sept")
        ))]
    );
    assert_eq!(
        err(&one(&t, "harrenhal", OneTimeKind::SupplyCaravan)),
        vec![PlacementError::OneTime(OneTimeError::CaravanNeedsBarrels(
            t.a("harrenhal")
        ))]
    );
    assert_eq!(
        err(&one(&t, "the-mountains-of-the-moon", OneTimeKind::Pontoon)),
        vec![PlacementError::OneTime(OneTimeError::PontoonBank(
            t.a("the-mountains-of-the-moon")
        ))],
        "three banks: the player must name one"
    );
    assert_eq!(
        err(&one(&t, "riverrun", OneTimeKind::Pontoon)),
        vec![],
        "Riverrun has one bank, Mountains of the Moon"
    );
    assert_eq!(
        err(&one(&t, "stoney-sept", OneTimeKind::Pontoon)),
        vec![PlacementError::OneTime(OneTimeError::PontoonNotHere(
            t.a("stoney-sept")
        ))]
    );
}

#[test]
fn raven_changes_the_normal_order_and_leaves_the_one_time_order_004_l2619() {
    let mut t = on();
    t.put("lannister", "lannisport", "FF");
    let h = t.h("lannister");
    t.track(
        crate::Track::KingsCourt,
        &[
            "lannister",
            "stark",
            "greyjoy",
            "baratheon",
            "tyrell",
            "martell",
        ],
    );
    let p = placement(
        &t,
        &[("lannisport", o(OrderType::Defence))],
        &[("lannisport", OneTimeKind::Recruit)],
    );
    placement::apply(&mut t.s, &[(h, p)]);
    let change = RavenChange {
        area: t.a("lannisport"),
        order: o(OrderType::Consolidate),
    };
    let (s, _) = match placement::raven(&t.b, &t.s, h, change, &RoundModifiers::default()) {
        Ok(x) => x,
        Err(e) => panic!("{e:?}"),
    };
    let st = s.area(t.a("lannisport"));
    assert_eq!(st.order, Some(o(OrderType::Consolidate)));
    assert_eq!(st.one_time.map(|p| p.kind), Some(OneTimeKind::Recruit));
}

#[test]
fn raid_removing_consolidate_and_caravan_plunders_two_t13_a40_004_l2528() {
    let mut t = on();
    t.put("tyrell", "searoad-marches", "F");
    t.put("lannister", "blackwater", "F");
    t.order("searoad-marches", OrderType::Consolidate, false);
    stand(
        &mut t,
        "tyrell",
        "searoad-marches",
        OneTimeKind::SupplyCaravan,
        None,
    );
    t.order("blackwater", OrderType::Raid, false);
    t.raid("lannister", "blackwater", "searoad-marches");
    let (s, log) = t.run();
    assert_eq!(t.power(&s, "lannister"), 7, "5 + 1 (CP) + 1 (caravan)");
    assert_eq!(t.power(&s, "tyrell"), 5, "neither CP nor caravan paid");
    assert!(
        one_time_events(&log)
            .iter()
            .any(|e| matches!(e, OneTimeEvent::Raided { plunder: 1, .. }))
    );
    assert!(s.one_time.caravans.is_empty());
}

#[test]
fn raid_removes_a_lone_recruit_for_one_token_004_l2526() {
    let mut t = on();
    t.put("tyrell", "highgarden", "F");
    t.put("lannister", "searoad-marches", "F");
    stand(&mut t, "tyrell", "highgarden", OneTimeKind::Recruit, None);
    t.order("searoad-marches", OrderType::Raid, false);
    t.raid("lannister", "searoad-marches", "highgarden");
    let (s, _) = t.run();
    assert_eq!(t.power(&s, "lannister"), 6);
}

#[test]
fn asha_cancels_the_support_order_and_the_consolidate_type_one_time_order_004_l2530_a18() {
    // The rule is tested at the level of the cancelled set: a support order and a recruit in
    // one area both go with one Asha victory.
    let mut t = on();
    t.put("greyjoy", "pyke", "F");
    t.put("greyjoy", "ironmans-bay", "SS");
    t.put("lannister", "riverrun", "F");
    t.put("lannister", "seagard", "F");
    t.put("stark", "the-golden-sound", "S");
    t.order("riverrun", OrderType::Support, false);
    stand(&mut t, "lannister", "riverrun", OneTimeKind::Recruit, None);
    t.order("ironmans-bay", OrderType::March, false);
    t.order("the-golden-sound", OrderType::Defence, false);
    t.split("greyjoy", "ironmans-bay", &[("the-golden-sound", "")]);
    t.lead("greyjoy", "Asha Greyjoy");
    let rv = t.a("riverrun");
    t.plan("greyjoy").asha = vec![rv];
    let (s, log) = t.run();
    if t.holder(&s, "the-golden-sound").as_deref() == Some("greyjoy") {
        assert!(one_time_events(&log).iter().any(|e| matches!(
            e,
            OneTimeEvent::Cancelled {
                kind: OneTimeKind::Recruit,
                ..
            }
        )));
    } else {
        panic!("Greyjoy should win 2 ships + Asha against 1 ship: {log:?}");
    }
}
