//! 强行军 / 浮桥 Forced March and Pontoon, one-time orders of the optional rule
//! (004:L2540–L2545, L2591–L2615; T-46).

use super::*;

#[test]
fn forced_march_is_not_raided_004_l2541() {
    let mut t = on();
    t.put("tyrell", "highgarden", "F");
    t.put("lannister", "searoad-marches", "F");
    stand(
        &mut t,
        "tyrell",
        "highgarden",
        OneTimeKind::ForcedMarch,
        None,
    );
    t.order("searoad-marches", OrderType::Raid, false);
    t.raid("lannister", "searoad-marches", "highgarden");
    let r = t.resolve();
    assert!(
        !r.log.iter().any(|e| matches!(e, Event::OneTime(_))),
        "nothing to raid: {:?}",
        r.log
    );
    assert_eq!(t.power(&r.state, "lannister"), 5);
}

#[test]
fn forced_march_gathers_units_whatever_their_orders_004_l2591_a78() {
    let mut t = on();
    t.put("lannister", "riverrun", "F");
    t.put("lannister", "harrenhal", "FF");
    t.put("lannister", "stoney-sept", "K");
    t.order("stoney-sept", OrderType::Defence, false);
    stand(
        &mut t,
        "lannister",
        "riverrun",
        OneTimeKind::ForcedMarch,
        None,
    );
    let step = forced(
        &t,
        "riverrun",
        &[
            (
                "harrenhal",
                UnitSelection::Exact(vec![(UnitKind::Footman, 1)]),
            ),
            ("stoney-sept", UnitSelection::All),
        ],
    );
    t.plan("lannister").marches.push(step);
    let (s, log) = t.run();
    assert_eq!(t.units(&s, "riverrun"), "FFK");
    assert_eq!(t.units(&s, "harrenhal"), "F");
    assert_eq!(
        t.holder(&s, "stoney-sept"),
        None,
        "the defence order lapsed"
    );
    assert!(
        one_time_events(&log)
            .iter()
            .any(|e| matches!(e, OneTimeEvent::ForcedMarch { from, .. } if from.len() == 2))
    );
}

#[test]
fn forced_march_checks_supply_on_the_whole_gathering_a78() {
    let run = |lines: &[&str]| {
        let mut t = on();
        let h = t.h("lannister");
        t.s.house_mut(h).barrels = 1;
        t.put("lannister", "riverrun", "FF");
        t.put("lannister", "harrenhal", "F");
        t.put("lannister", "stoney-sept", "F");
        stand(
            &mut t,
            "lannister",
            "riverrun",
            OneTimeKind::ForcedMarch,
            None,
        );
        let from: Vec<(&str, UnitSelection)> =
            lines.iter().map(|a| (*a, UnitSelection::All)).collect();
        let step = forced(&t, "riverrun", &from);
        t.plan("lannister").marches.push(step);
        let (s, _) = t.run();
        (t.units(&s, "riverrun"), t.units(&s, "stoney-sept"))
    };
    // 2F + 1F + 1F = 4 breaks the supply of 1 barrel (armies 3 and 2): nothing is gathered, not
    // the first line that would fit (A-78: "supply is checked after gathering … else nothing").
    assert_eq!(
        run(&["harrenhal", "stoney-sept"]),
        ("FF".to_string(), "F".to_string())
    );
    // The player's smaller list fits.
    assert_eq!(run(&["harrenhal"]), ("FFF".to_string(), "F".to_string()));
}

#[test]
fn forced_march_lapses_when_its_area_was_emptied_a78() {
    let mut t = on();
    t.put("lannister", "riverrun", "F");
    t.put("lannister", "harrenhal", "F");
    t.order("riverrun", OrderType::March, false);
    stand(
        &mut t,
        "lannister",
        "riverrun",
        OneTimeKind::ForcedMarch,
        None,
    );
    t.march("lannister", "riverrun", "seagard");
    let step = forced(&t, "riverrun", &[("harrenhal", UnitSelection::All)]);
    t.plan("lannister").marches.push(step);
    let (s, log) = t.run();
    assert_eq!(t.units(&s, "harrenhal"), "F");
    assert!(one_time_events(&log).iter().any(|e| matches!(
        e,
        OneTimeEvent::Wasted {
            kind: OneTimeKind::ForcedMarch,
            ..
        }
    )));
}

#[test]
fn four_march_executions_with_a_forced_march_t46_004_l2540() {
    let mut t = on();
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
    for a in [
        "blackwater",
        "searoad-marches",
        "stoney-sept",
        "riverrun",
        "harrenhal",
    ] {
        t.put("lannister", a, "F");
    }
    t.order("blackwater", OrderType::March, false);
    t.order("searoad-marches", OrderType::March, false);
    t.order("stoney-sept", OrderType::March, true);
    stand(
        &mut t,
        "lannister",
        "riverrun",
        OneTimeKind::ForcedMarch,
        None,
    );
    t.march("lannister", "blackwater", "the-reach");
    t.march("lannister", "searoad-marches", "highgarden");
    t.march("lannister", "stoney-sept", "lannisport");
    let step = forced(&t, "riverrun", &[("harrenhal", UnitSelection::All)]);
    t.plan("lannister").marches.push(step);
    let (s, _) = t.run();
    for a in ["the-reach", "highgarden", "lannisport"] {
        assert_eq!(t.units(&s, a), "F", "{a}");
    }
    assert_eq!(t.units(&s, "riverrun"), "FF");
}

#[test]
fn pontoon_opens_its_bank_only_while_it_stands_004_l2609_a76() {
    let run = |bank: Option<&str>, raided: bool| {
        let mut t = on();
        t.put("stark", "the-mountains-of-the-moon", "FF");
        t.order("the-mountains-of-the-moon", OrderType::March, false);
        if let Some(b) = bank {
            stand(
                &mut t,
                "stark",
                "the-mountains-of-the-moon",
                OneTimeKind::Pontoon,
                Some(b),
            );
        }
        if raided {
            t.put("lannister", "crackclaw-point", "F");
            t.order("crackclaw-point", OrderType::Raid, false);
            t.raid("lannister", "crackclaw-point", "the-mountains-of-the-moon");
        }
        t.split("stark", "the-mountains-of-the-moon", &[("harrenhal", "1F")]);
        let (s, _) = t.run();
        t.holder(&s, "harrenhal")
    };
    assert_eq!(run(None, false), None);
    assert_eq!(run(Some("harrenhal"), false).as_deref(), Some("stark"));
    assert_eq!(run(Some("riverrun"), false), None, "only its bank");
    assert_eq!(
        run(Some("harrenhal"), true),
        None,
        "a raid removes it (004:L2549)"
    );
}

#[test]
fn forced_march_gathers_no_second_siege_engine_004_l636() {
    let mut t = on();
    let h = t.h("lannister");
    t.s.house_mut(h).barrels = 6;
    t.put("lannister", "riverrun", "FE");
    t.put("lannister", "harrenhal", "E");
    t.put("lannister", "stoney-sept", "F");
    stand(
        &mut t,
        "lannister",
        "riverrun",
        OneTimeKind::ForcedMarch,
        None,
    );
    let step = forced(
        &t,
        "riverrun",
        &[
            ("harrenhal", UnitSelection::All),
            ("stoney-sept", UnitSelection::All),
        ],
    );
    t.plan("lannister").marches.push(step);
    let (s, log) = t.run();
    assert_eq!(
        t.units(&s, "riverrun"),
        "EFF",
        "the footman comes, the siege engine stays"
    );
    assert_eq!(t.units(&s, "harrenhal"), "E");
    assert!(log.iter().any(|e| matches!(
        e,
        Event::Skipped {
            why: crate::model::log::Skip::TwoSieges(_),
            ..
        }
    )));
}
