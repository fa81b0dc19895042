//! Leaders' special abilities in battle (004:L1887–L2143, 表五 abilities, A-13… ): one
//! test per ability or ruling, beyond the worked examples in `leaders`.

use super::kit::*;
use crate::model::log::{AbilityEffect, Event};
use maester_board::{OrderType, UnitKind};

#[test]
fn t51_arianne_kills_the_lone_attacker_and_the_area_stays_empty_a15() {
    let mut t = fresh();
    t.put("martell", "princes-pass", "F");
    t.defend("martell", "princes-pass", "亚莲恩");
    t.put("tyrell", "dornish-marches", "K");
    t.order("dornish-marches", OrderType::March, false);
    t.march("tyrell", "dornish-marches", "princes-pass");
    let r = t.resolve();
    assert!(battle(&r.log).attacker_won);
    assert!(
        effects(&r.log)
            .iter()
            .any(|e| matches!(e, AbilityEffect::Killed(_, _, UnitKind::Knight)))
    );
    assert_eq!(t.holder(&r.state, "princes-pass"), None);
    assert_eq!(t.holder(&r.state, "dornish-marches"), None);
    assert!(
        !r.state.pending_retreats.is_empty()
            || r.log.iter().any(|e| matches!(e, Event::Retreated { .. }))
    );
}

#[test]
fn a13_queen_of_thorns_pre_empts_balon() {
    let mut t = fresh();
    t.put("greyjoy", "pyke", "KK");
    t.put("greyjoy", "ironmans-bay", "S");
    t.order("pyke", OrderType::March, false);
    t.march("greyjoy", "pyke", "seagard");
    t.lead("greyjoy", "巴隆");
    t.put("tyrell", "seagard", "F");
    t.defend("tyrell", "seagard", "荆棘女王");
    let (_, log) = t.run();
    let fx = effects(&log);
    assert!(
        fx.iter().any(|e| matches!(e, AbilityEffect::Blocked(_))),
        "{fx:?}"
    );
    assert!(
        !fx.iter()
            .any(|e| matches!(e, AbilityEffect::ZeroedLeader(_))),
        "{fx:?}"
    );
}

#[test]
fn cersei_ignores_the_strongest_enemy_support_but_not_its_plus_one() {
    let mut t = fresh();
    t.put("stark", "stoney-sept", "F");
    t.order("stoney-sept", OrderType::March, false);
    t.march("stark", "stoney-sept", "blackwater");
    t.put("stark", "harrenhal", "KK");
    t.order("harrenhal", OrderType::Support, true);
    t.put("stark", "searoad-marches", "F");
    t.order("searoad-marches", OrderType::Support, false);
    t.put("lannister", "blackwater", "FF");
    t.defend("lannister", "blackwater", "瑟曦");
    let (_, log) = t.run();
    let b = battle(&log);
    // 1F + Harrenhal ignored (0) + its support+1 + Searoad 1F.
    assert_eq!(b.attack_total, 1 + 1 + 1);
    assert!(effects(&log).contains(&AbilityEffect::IgnoredSupport(t.a("harrenhal"))));
}

#[test]
fn salladhor_zeroes_enemy_supporting_ships() {
    let mut t = fresh();
    t.put("stark", "the-fingers", "F");
    t.order("the-fingers", OrderType::March, false);
    t.march("stark", "the-fingers", "the-twins");
    t.put("stark", "the-narrow-sea", "SS");
    t.order("the-narrow-sea", OrderType::Support, false);
    t.put("baratheon", "the-twins", "F");
    t.defend("baratheon", "the-twins", "桑恩");
    let (_, log) = t.run();
    assert_eq!(battle(&log).attack_total, 1);
}

#[test]
fn robb_knights_3_when_attacking_2_against_a_fortification_a11() {
    let run = |fort: bool| {
        let mut t = fresh();
        t.put("stark", "karhold", "K");
        t.order("karhold", OrderType::March, false);
        t.march("stark", "karhold", "castle-black");
        t.lead("stark", "罗柏");
        t.put("baratheon", "castle-black", "F");
        if fort {
            let h = t.h("baratheon");
            t.s.area_mut(t.a("castle-black")).fortification = Some(h);
        }
        let (_, log) = t.run();
        battle(&log).attack[0].value
    };
    assert_eq!(run(false), 3);
    assert_eq!(run(true), 2);
}

#[test]
fn vargo_footmen_and_archers_2_archers_still_countered() {
    let mut t = fresh();
    t.put("lannister", "stoney-sept", "FA");
    t.order("stoney-sept", OrderType::March, false);
    t.march("lannister", "stoney-sept", "blackwater");
    t.lead("lannister", "山羊");
    t.put("baratheon", "blackwater", "K");
    let (_, log) = t.run();
    assert_eq!(
        battle(&log).attack[0].value,
        2,
        "footman 2, archer countered 0"
    );
}

#[test]
fn victarion_ships_count_2_when_attacking() {
    let mut t = fresh();
    t.put("greyjoy", "ironmans-bay", "SS");
    t.order("ironmans-bay", OrderType::March, false);
    t.march("greyjoy", "ironmans-bay", "the-golden-sound");
    t.lead("greyjoy", "维克塔");
    t.put("lannister", "the-golden-sound", "SSS");
    let (_, log) = t.run();
    assert_eq!(battle(&log).attack[0].value, 4);
}

#[test]
fn renly_upgrades_one_footman_after_a_win_once_a_round_a16() {
    let mut t = fresh();
    t.put("baratheon", "kingswood", "KF");
    t.order("kingswood", OrderType::March, false);
    t.march("baratheon", "kingswood", "the-boneway");
    t.lead("baratheon", "蓝礼");
    t.put("martell", "the-boneway", "F");
    let (s, log) = t.run();
    assert!(battle(&log).attacker_won);
    assert_eq!(t.units(&s, "the-boneway"), "KK");
}

#[test]
fn asha_cancels_a_listed_support_next_to_the_battle_a18() {
    let mut t = fresh();
    t.put("greyjoy", "greywater-watch", "KK");
    t.order("greywater-watch", OrderType::March, false);
    t.march("greyjoy", "greywater-watch", "moat-cailin");
    t.lead("greyjoy", "阿莎");
    t.put("stark", "moat-cailin", "F");
    t.put("stark", "white-harbor", "F");
    t.order("white-harbor", OrderType::Consolidate, false);
    t.put("stark", "winterfell", "F");
    t.order("winterfell", OrderType::Support, false);
    let (a, b) = (t.a("karhold"), t.a("white-harbor"));
    t.plan("greyjoy").asha = vec![a, b];
    let (s, log) = t.run();
    assert!(battle(&log).attacker_won);
    assert!(
        effects(&log)
            .iter()
            .any(|e| matches!(e, AbilityEffect::CancelledOrder(_, x, _) if *x == b))
    );
    assert_eq!(
        t.power(&s, "stark"),
        5,
        "the cancelled consolidate gives nothing"
    );
}

#[test]
fn melisandre_win_gives_a_reward_for_the_next_event_phase_a52() {
    let mut t = fresh();
    t.put("baratheon", "kingswood", "KK");
    t.order("kingswood", OrderType::March, false);
    t.march("baratheon", "kingswood", "the-boneway");
    t.lead("baratheon", "红袍女");
    t.put("martell", "the-boneway", "F");
    let (_, log) = t.run();
    assert!(effects(&log).contains(&AbilityEffect::Reward));
}
