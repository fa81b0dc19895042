//! Leaders in battle (004:L1764–L2143, A-13… ): march, defence, second and substitute
//! leaders, districts, conditional choice and every special ability in the conflict order.

use super::kit::*;
use crate::model::log::{
    AbilityEffect, AfterDistrict, DistrictEnd, Event, LeaderProblem, TermKind, TieBreak,
};
use crate::model::orders::{Condition, District, Pick, Substitute};
use crate::model::state::{LeaderStatus, Track};
use maester_board::{OrderType, UnitKind};

/// Greyjoy in Pyke (with a ship in Ironman's Bay to carry it) against Lannister's Seagard; then
/// Lannister attacks Seagard back from Riverrun in its second turn.
fn seagard(second: Option<&str>) -> (T, crate::military::Resolution) {
    let mut t = fresh();
    t.put("greyjoy", "pyke", "KK");
    t.put("greyjoy", "ironmans-bay", "S");
    t.order("pyke", OrderType::March, false);
    t.march("greyjoy", "pyke", "seagard");
    t.lead("greyjoy", "巴隆");
    if let Some(s) = second {
        let l = t.l(s);
        t.plan("greyjoy").marches[0].alternatives[0].action.moves[0].defender = Some(l);
    }
    t.put("lannister", "seagard", "F");
    t.defend("lannister", "seagard", "小恶魔");
    t.put("lannister", "stoney-sept", "F");
    t.order("stoney-sept", OrderType::March, false);
    t.march("lannister", "stoney-sept", "blackwater");
    t.put("lannister", "riverrun", "KK");
    t.order("riverrun", OrderType::March, false);
    t.march("lannister", "riverrun", "seagard");
    let r = t.resolve();
    (t, r)
}

#[test]
fn t36_balon_leads_zeroes_the_enemy_leader_and_then_defends_seagard() {
    let (t, r) = seagard(None);
    let bs = battles(&r.log);
    assert_eq!(bs.len(), 2, "{:?}", r.log);
    assert_eq!(bs[0].attacker_leader, Some(t.l("巴隆")));
    assert_eq!(bs[0].defender_leader, Some(t.l("小恶魔")));
    assert!(
        bs[0]
            .defence
            .iter()
            .any(|x| x.what == TermKind::Leader(t.l("小恶魔")) && x.value == 0)
    );
    assert!(bs[0].attacker_won);
    assert_eq!(
        bs[1].defender_leader,
        Some(t.l("巴隆")),
        "the march leader defends what he took"
    );
    assert!(r.fought.contains(&t.l("巴隆")) && r.fought.contains(&t.l("小恶魔")));
}

#[test]
fn t36_second_leader_asha_defends_the_taken_area_instead_of_balon() {
    let (t, r) = seagard(Some("阿莎"));
    let bs = battles(&r.log);
    assert_eq!(bs[0].attacker_leader, Some(t.l("巴隆")));
    assert_eq!(bs[1].defender_leader, Some(t.l("阿莎")));
}

#[test]
fn t37_split_march_takes_one_leader_per_direction() {
    let mut t = fresh();
    t.put("greyjoy", "pyke", "KKF");
    t.put("greyjoy", "ironmans-bay", "S");
    t.order("pyke", OrderType::March, false);
    t.split(
        "greyjoy",
        "pyke",
        &[("seagard", "2K"), ("greywater-watch", "1F")],
    );
    let (asha, balon) = (t.l("阿莎"), t.l("巴隆"));
    let m = &mut t.plan("greyjoy").marches[0].alternatives[0].action.moves;
    m[0].leader = vec![Pick::always(asha)];
    m[1].leader = vec![Pick::always(balon)];
    t.put("stark", "seagard", "F");
    let r = t.resolve();
    assert_eq!(battle(&r.log).attacker_leader, Some(asha));
    assert!(r.fought.contains(&asha) && !r.fought.contains(&balon));
    assert_eq!(t.units(&r.state, "greywater-watch"), "F");
}

fn robb(attacked_first: bool) -> (T, crate::military::Resolution) {
    let mut t = fresh();
    t.put("stark", "winterfell", "KKF");
    t.order("winterfell", OrderType::March, false);
    t.split("stark", "winterfell", &[("castle-black", "2K")]);
    t.lead("stark", "罗柏");
    t.defend("stark", "winterfell", "罗柏");
    let (wf, gj) = (t.a("winterfell"), t.l("大琼恩"));
    t.plan("stark").leaders.substitutes.push(Substitute {
        area: wf,
        leader: gj,
    });
    t.put("greyjoy", "castle-black", "F");
    t.put("baratheon", "moat-cailin", "F");
    t.order("moat-cailin", OrderType::March, false);
    if !attacked_first {
        t.put("baratheon", "kingswood", "F");
        t.order("kingswood", OrderType::March, false);
        t.march("baratheon", "kingswood", "storms-end");
    }
    t.march("baratheon", "moat-cailin", "winterfell");
    let r = t.resolve();
    (t, r)
}

#[test]
fn t38_robb_defends_first_then_the_substitute_leads_the_march() {
    let (t, r) = robb(true);
    let bs = battles(&r.log);
    assert_eq!(bs[0].area, t.a("winterfell"));
    assert_eq!(bs[0].defender_leader, Some(t.l("罗柏")));
    assert_eq!(bs[1].area, t.a("castle-black"));
    assert_eq!(bs[1].attacker_leader, Some(t.l("大琼恩")));
}

#[test]
fn t38_robb_leads_the_march_first_then_the_substitute_defends() {
    let (t, r) = robb(false);
    let bs = battles(&r.log);
    assert_eq!(bs[0].area, t.a("castle-black"));
    assert_eq!(bs[0].attacker_leader, Some(t.l("罗柏")));
    assert_eq!(bs[1].area, t.a("winterfell"));
    assert_eq!(bs[1].defender_leader, Some(t.l("大琼恩")));
}

#[test]
fn t39_conditional_march_leader_by_garrison_strength_a31() {
    let run = |defence: bool| {
        let mut t = fresh();
        t.put("greyjoy", "pyke", "KKF");
        t.put("greyjoy", "ironmans-bay", "S");
        t.order("pyke", OrderType::March, false);
        t.march("greyjoy", "pyke", "seagard");
        let (sg, asha, balon) = (t.a("seagard"), t.l("阿莎"), t.l("巴隆"));
        t.plan("greyjoy").marches[0].alternatives[0].action.moves[0].leader = vec![
            Pick {
                when: Some(Condition::GarrisonAbove { area: sg, n: 5 }),
                value: asha,
            },
            Pick::always(balon),
        ];
        t.put("lannister", "seagard", "KK");
        if defence {
            t.order("seagard", OrderType::Defence, false);
        }
        let (_, log) = t.run();
        (t.l("阿莎"), battle(&log).attacker_leader)
    };
    let (asha, l) = run(true);
    assert_eq!(l, Some(asha), "static defence 4 + castle + order = 6 > 5");
    let (asha, l) = run(false);
    assert!(
        l.is_some() && l != Some(asha),
        "5 is not more than 5: Balon"
    );
}

#[test]
fn t40_defence_leader_defends_every_attack_on_his_area() {
    let mut t = fresh();
    t.put("lannister", "seagard", "KK");
    t.defend("lannister", "seagard", "小恶魔");
    t.put("stark", "moat-cailin", "F");
    t.order("moat-cailin", OrderType::March, false);
    t.march("stark", "moat-cailin", "seagard");
    t.put("martell", "riverrun", "F");
    t.order("riverrun", OrderType::March, false);
    t.march("martell", "riverrun", "seagard");
    let r = t.resolve();
    let bs = battles(&r.log);
    assert_eq!(bs.len(), 2);
    assert!(
        bs.iter()
            .all(|b| b.defender_leader == Some(t.l("小恶魔")) && !b.attacker_won)
    );
}

#[test]
fn t47_catelyn_doubles_the_defence_order() {
    let run = |order: Option<bool>| {
        let mut t = fresh();
        t.put("stark", "karhold", "F");
        if let Some(sp) = order {
            t.order("karhold", OrderType::Defence, sp);
        }
        t.defend("stark", "karhold", "凯特琳");
        t.put("baratheon", "castle-black", "F");
        t.order("castle-black", OrderType::March, false);
        t.march("baratheon", "castle-black", "karhold");
        let (_, log) = t.run();
        battle(&log)
            .defence
            .iter()
            .find(|x| x.what == TermKind::DefenceOrder)
            .map(|x| x.value)
    };
    assert_eq!(run(Some(false)), Some(2));
    assert_eq!(run(Some(true)), Some(4));
    assert_eq!(run(None), None);
}

#[test]
fn t67_margaery_vs_jaime_tie_to_fiefdoms_jaime_gains_two_tokens() {
    let mut t = fresh();
    t.track(
        Track::Fiefdoms,
        &[
            "lannister",
            "tyrell",
            "greyjoy",
            "martell",
            "stark",
            "baratheon",
        ],
    );
    t.s.area_mut(t.a("kings-landing")).neutral = None;
    t.put("tyrell", "kings-landing", "FK");
    t.order("kings-landing", OrderType::March, false);
    t.march("tyrell", "kings-landing", "kingswood");
    t.lead("tyrell", "玛格丽");
    t.put("lannister", "kingswood", "FF");
    t.defend("lannister", "kingswood", "詹姆");
    let r = t.resolve();
    let b = battle(&r.log);
    assert_eq!((b.attack_total, b.defence_total), (4, 4));
    assert_eq!(b.tie, Some(TieBreak::Fiefdoms(t.h("lannister"))));
    assert_eq!(b.casualties, 0);
    assert_eq!(t.power(&r.state, "lannister"), 5 + 2);
    assert!(
        !r.log.iter().any(|e| matches!(e, Event::Sword { .. })),
        "won without the sword"
    );
    assert_eq!(t.units(&r.state, "kings-landing"), "FK");
}

fn loras_vs_ellaria(order: &[&str]) -> Vec<AbilityEffect> {
    let mut t = fresh();
    t.track(Track::Fiefdoms, order);
    t.put("tyrell", "dornish-marches", "KK");
    t.order("dornish-marches", OrderType::March, false);
    t.march("tyrell", "dornish-marches", "princes-pass");
    t.lead("tyrell", "百花骑士");
    t.put("martell", "princes-pass", "FA");
    t.defend("martell", "princes-pass", "艾拉莉亚");
    let (_, log) = t.run();
    effects(&log)
}

#[test]
fn t75_loras_and_ellaria_act_in_fiefdoms_order() {
    use UnitKind::*;
    let fx = loras_vs_ellaria(&[
        "greyjoy",
        "tyrell",
        "martell",
        "stark",
        "baratheon",
        "lannister",
    ]);
    assert!(
        matches!(fx[0], AbilityEffect::Killed(_, _, Footman)),
        "{fx:?}"
    );
    assert!(
        matches!(fx[1], AbilityEffect::Upgraded(_, Archer)),
        "{fx:?}"
    );
    let fx = loras_vs_ellaria(&[
        "greyjoy",
        "martell",
        "tyrell",
        "stark",
        "baratheon",
        "lannister",
    ]);
    assert!(
        matches!(fx[0], AbilityEffect::Upgraded(_, Footman)),
        "{fx:?}"
    );
    assert!(
        matches!(fx[1], AbilityEffect::Killed(_, _, Archer)),
        "{fx:?}"
    );
}

#[test]
fn t76_brienne_cancels_defence_plus_two_for_the_round_catelyn_doubles_nothing() {
    let mut t = fresh();
    t.put("stark", "blackwater", "KK");
    t.order("blackwater", OrderType::Defence, true);
    t.defend("stark", "blackwater", "凯特琳");
    t.put("tyrell", "the-reach", "F");
    t.order("the-reach", OrderType::March, false);
    t.march("tyrell", "the-reach", "blackwater");
    t.lead("tyrell", "布蕾妮");
    // Lannister (IT 2) moves first elsewhere and attacks Blackwater after Tyrell (IT 6).
    t.put("lannister", "lannisport", "F");
    t.order("lannisport", OrderType::March, false);
    t.march("lannister", "lannisport", "searoad-marches");
    t.put("lannister", "stoney-sept", "F");
    t.order("stoney-sept", OrderType::March, false);
    t.march("lannister", "stoney-sept", "blackwater");
    let (_, log) = t.run();
    let bs = battles(&log);
    assert_eq!(bs.len(), 2);
    assert_eq!(bs[1].attacker, t.h("lannister"));
    for b in bs {
        assert!(
            !b.defence.iter().any(|x| x.what == TermKind::DefenceOrder),
            "{b:?}"
        );
    }
    assert!(
        effects(&log)
            .iter()
            .any(|e| matches!(e, AbilityEffect::CancelledDefence(_)))
    );
}

#[test]
fn a22_leaders_do_not_fight_neutrals_and_do_not_rest() {
    let mut t = fresh();
    t.put("baratheon", "kingswood", "KKF");
    t.order("kingswood", OrderType::March, false);
    t.march("baratheon", "kingswood", "kings-landing");
    t.lead("baratheon", "史坦尼斯");
    let r = t.resolve();
    let b = battle(&r.log);
    assert_eq!(b.attacker_leader, None);
    assert_eq!(b.attack_total, 5);
    assert!(r.fought.is_empty());
}

#[test]
fn a51_only_leaders_who_fought_are_reported_for_rest() {
    let (t, r) = seagard(None);
    assert!(!r.fought.contains(&t.l("阿莎")));
    assert!(r.fought.contains(&t.l("巴隆")));
}

#[test]
fn district_leader_defends_either_area_004_l2090() {
    let mut t = fresh();
    t.put("stark", "winterfell", "F");
    t.put("stark", "karhold", "F");
    let (wf, kh, ed) = (t.a("winterfell"), t.a("karhold"), t.l("艾德"));
    t.plan("stark").leaders.districts.push(District {
        areas: [wf, kh],
        leader: ed,
    });
    t.put("baratheon", "castle-black", "F");
    t.order("castle-black", OrderType::March, false);
    t.march("baratheon", "castle-black", "karhold");
    let (_, log) = t.run();
    assert_eq!(battle(&log).defender_leader, Some(ed));
}

/// Stark holds Winterfell and Karhold with a footman each, Eddard their district's leader.
fn winterfell_karhold_district() -> T {
    let mut t = fresh();
    t.put("stark", "winterfell", "F");
    t.put("stark", "karhold", "F");
    let (wf, kh, ed) = (t.a("winterfell"), t.a("karhold"), t.l("艾德"));
    t.plan("stark").leaders.districts.push(District {
        areas: [wf, kh],
        leader: ed,
    });
    t
}

fn districts_ended(log: &[Event]) -> Vec<&Event> {
    log.iter()
        .filter(|e| matches!(e, Event::DistrictEnded { .. }))
        .collect()
}

#[test]
fn a_district_whose_area_is_taken_ends_and_its_leader_defends_the_other_area_004_l2105() {
    let mut t = winterfell_karhold_district();
    t.put("baratheon", "castle-black", "KKKK");
    // Barrels enough for an army of four (表五).
    let bh = t.h("baratheon");
    t.s.house_mut(bh).barrels = 6;
    t.order("castle-black", OrderType::March, false);
    t.march("baratheon", "castle-black", "karhold");
    let (_, log) = t.run();
    let ended = districts_ended(&log);
    assert_eq!(
        ended,
        vec![&Event::DistrictEnded {
            house: t.h("stark"),
            leader: t.l("艾德"),
            area: t.a("karhold"),
            why: DistrictEnd::Taken(t.h("baratheon")),
            after: AfterDistrict::Defends(t.a("winterfell")),
        }],
        "{log:?}"
    );
    assert_eq!(DistrictEnd::Taken(t.h("baratheon")).rule(), "004:L2105");
    // Logged after the battle that took the area, not before.
    let battle_at = log.iter().position(|e| matches!(e, Event::Battle(_)));
    let end_at = log
        .iter()
        .position(|e| matches!(e, Event::DistrictEnded { .. }));
    assert!(battle_at < end_at, "{log:?}");
}

#[test]
fn a_district_emptied_by_marching_out_ends_and_its_leader_defends_the_other_area_004_l2104() {
    let mut t = winterfell_karhold_district();
    t.order("karhold", OrderType::March, false);
    t.march("stark", "karhold", "castle-black");
    let (_, log) = t.run();
    assert_eq!(
        districts_ended(&log),
        vec![&Event::DistrictEnded {
            house: t.h("stark"),
            leader: t.l("艾德"),
            area: t.a("karhold"),
            why: DistrictEnd::Emptied,
            after: AfterDistrict::Defends(t.a("winterfell")),
        }],
        "{log:?}"
    );
    assert_eq!(DistrictEnd::Emptied.rule(), "004:L2104");
}

#[test]
fn a_district_both_of_whose_areas_stay_held_does_not_end_004_l2102() {
    let mut t = winterfell_karhold_district();
    t.put("baratheon", "castle-black", "F");
    t.order("castle-black", OrderType::March, false);
    t.march("baratheon", "castle-black", "karhold");
    let (_, log) = t.run();
    assert!(districts_ended(&log).is_empty(), "{log:?}");
}

#[test]
fn resting_or_foreign_leaders_and_bad_districts_are_ignored_and_logged() {
    let mut t = fresh();
    t.put("stark", "winterfell", "F");
    t.put("stark", "white-harbor", "F");
    let ed = t.l("艾德");
    let h = t.h("stark");
    for (l, st) in t.s.house_mut(h).leaders.iter_mut() {
        if *l == ed {
            *st = LeaderStatus::Resting { since: 1 };
        }
    }
    t.defend("stark", "winterfell", "艾德");
    t.defend("stark", "winterfell", "泰温");
    let (wh, kh, rb) = (t.a("white-harbor"), t.a("karhold"), t.l("罗柏"));
    t.plan("stark").leaders.districts.push(District {
        areas: [wh, kh],
        leader: rb,
    });
    let (_, log) = t.run();
    let why: Vec<LeaderProblem> = log
        .iter()
        .filter_map(|e| {
            if let Event::LeaderIgnored { why, .. } = e {
                Some(*why)
            } else {
                None
            }
        })
        .collect();
    assert_eq!(
        why,
        vec![
            LeaderProblem::BadDistrict,
            LeaderProblem::Resting,
            LeaderProblem::NotOwn
        ]
    );
}

#[test]
fn obara_attack_counts_only_when_attacking() {
    let run = |attacking: bool| {
        let mut t = fresh();
        if attacking {
            t.put("martell", "princes-pass", "KK");
            t.order("princes-pass", OrderType::March, false);
            t.march("martell", "princes-pass", "dornish-marches");
            t.lead("martell", "奥芭娅");
            t.put("tyrell", "dornish-marches", "FF");
        } else {
            t.put("martell", "princes-pass", "KK");
            t.defend("martell", "princes-pass", "奥芭娅");
            t.put("tyrell", "dornish-marches", "FF");
            t.order("dornish-marches", OrderType::March, false);
            t.march("tyrell", "dornish-marches", "princes-pass");
        }
        let (_, log) = t.run();
        battle(&log).casualties
    };
    assert_eq!(run(true), 1);
    assert_eq!(run(false), 0);
}
