//! 招募 / 补给车 Recruit and Supply Caravan, one-time orders of the optional rule
//! (004:L2563–L2584; T-45).

use super::*;

#[test]
fn recruit_musters_after_consolidate_from_its_castle_004_l2563_a80() {
    let mut t = on();
    t.put("tyrell", "highgarden", "F");
    t.order("highgarden", OrderType::Consolidate, false);
    stand(&mut t, "tyrell", "highgarden", OneTimeKind::Recruit, None);
    let hg = t.a("highgarden");
    t.plan("tyrell").recruit = Some(MusterPlan {
        items: vec![MusterItem {
            castle: hg,
            action: MusterAction::Unit(UnitKind::Knight),
        }],
    });
    let (s, log) = t.run();
    assert_eq!(t.units(&s, "highgarden"), "FK");
    assert_eq!(t.power(&s, "tyrell"), 6, "the CP is paid as well");
    let cp = log
        .iter()
        .position(|e| matches!(e, Event::Consolidated { .. }));
    let rec = log
        .iter()
        .position(|e| matches!(e, Event::OneTime(OneTimeEvent::Recruited { .. })));
    assert!(cp < rec, "after consolidate power");
}

#[test]
fn recruit_is_wasted_when_the_area_was_emptied_at_any_moment_004_l2569() {
    let mut t = on();
    t.put("tyrell", "highgarden", "F");
    t.put("tyrell", "oldtown", "F");
    t.order("highgarden", OrderType::March, false);
    t.order("oldtown", OrderType::March, false);
    stand(&mut t, "tyrell", "highgarden", OneTimeKind::Recruit, None);
    t.march("tyrell", "highgarden", "the-reach");
    t.march("tyrell", "oldtown", "highgarden");
    let hg = t.a("highgarden");
    t.plan("tyrell").recruit = Some(MusterPlan {
        items: vec![MusterItem {
            castle: hg,
            action: MusterAction::Unit(UnitKind::Footman),
        }],
    });
    let (s, log) = t.run();
    assert_eq!(
        t.units(&s, "highgarden"),
        "F",
        "moving back in does not save it"
    );
    assert!(one_time_events(&log).iter().any(|e| matches!(
        e,
        OneTimeEvent::Wasted {
            kind: OneTimeKind::Recruit,
            ..
        }
    )));
}

#[test]
fn supply_caravan_counts_from_next_round_t45_004_l2580() {
    let mut t = on();
    let h = t.h("lannister");
    t.s.house_mut(h).barrels = 3;
    t.put("lannister", "blackwater", "F");
    stand(
        &mut t,
        "lannister",
        "blackwater",
        OneTimeKind::SupplyCaravan,
        None,
    );
    let (mut s, _) = t.run();
    assert_eq!(s.house(h).barrels, 3, "retreats this round still use 3");
    let log = one_time::apply_caravans(&t.b, &mut s);
    assert_eq!(s.house(h).barrels, 5);
    assert_eq!(log.len(), 1);
}

#[test]
fn supply_caravan_adds_nothing_for_a_counted_province_a79() {
    let mut t = on();
    let h = t.h("lannister");
    t.put("lannister", "blackwater", "F");
    one_time::record_basis(&t.b, &mut t.s);
    stand(
        &mut t,
        "lannister",
        "blackwater",
        OneTimeKind::SupplyCaravan,
        None,
    );
    let (mut s, _) = t.run();
    let before = s.house(h).barrels;
    one_time::apply_caravans(&t.b, &mut s);
    assert_eq!(s.house(h).barrels, before);
    // With A-79 switched off the caravan always adds.
    t.settings.caravan_new_provinces_only = false;
    let (mut s, _) = t.run();
    one_time::apply_caravans(&t.b, &mut s);
    assert_eq!(s.house(h).barrels, before + 2);
}
