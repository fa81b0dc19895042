//! Cross-house support and refusals (004:L1403–L1427, A-37…A-39), sea transport own and relayed
//! (004:L1544–L1600, A-42, A-43), and terrain: frozen rivers and pontoons (004:L1617–L1647,
//! L2600), named after T-41…T-44, T-62.

use super::kit::*;
use crate::model::log::{Event, Skip, TermKind};
use crate::model::orders::{
    Condition, CrossSupport, Party, Pick, Refusal, SupportTarget, Transport, Withheld,
};
use maester_board::OrderType;

/// T-41: Greyjoy holds Seagard, Lannister Riverrun, Stark Moat Cailin.
fn t41(stark_target: &str, refuse: bool) -> i32 {
    let mut t = fresh();
    t.put("greyjoy", "seagard", "F");
    t.put("lannister", "riverrun", "KK");
    t.order("riverrun", OrderType::March, false);
    t.march("lannister", "riverrun", "seagard");
    t.put("stark", "moat-cailin", "F");
    t.order("moat-cailin", OrderType::Support, false);
    let (mc, rr, to) = (t.a("moat-cailin"), t.a("riverrun"), t.a(stark_target));
    t.plan("stark").supports.push(CrossSupport {
        from: Some(mc),
        when: None,
        target: SupportTarget::Attack { from: rr, to },
    });
    if refuse {
        let s = t.h("stark");
        t.plan("lannister").refusals.push(Refusal {
            house: s,
            from: None,
            battle: None,
        });
    }
    let (_, log) = t.run();
    battle(&log).attack_total
}

#[test]
fn t41_cross_house_attack_support_needs_matching_orders_and_no_refusal() {
    assert_eq!(t41("seagard", false), 4 + 1);
    assert_eq!(
        t41("the-twins", false),
        4,
        "a different target does not match"
    );
    assert_eq!(t41("seagard", true), 4, "refused (A-38)");
}

#[test]
fn a38_refusal_is_logged() {
    let mut t = fresh();
    t.put("greyjoy", "seagard", "F");
    t.put("lannister", "riverrun", "KK");
    t.order("riverrun", OrderType::March, false);
    t.march("lannister", "riverrun", "seagard");
    t.put("stark", "moat-cailin", "F");
    t.order("moat-cailin", OrderType::Support, false);
    let (rr, sg, s) = (t.a("riverrun"), t.a("seagard"), t.h("stark"));
    t.plan("stark").supports.push(CrossSupport {
        from: None,
        when: None,
        target: SupportTarget::Attack { from: rr, to: sg },
    });
    t.plan("lannister").refusals.push(Refusal {
        house: s,
        from: None,
        battle: Some(sg),
    });
    let (_, log) = t.run();
    assert!(
        log.iter()
            .any(|e| matches!(e, Event::SupportRefused { .. }))
    );
}

/// T-42: Lannister supports Stark's defence of Moat Cailin "if Stark has not attacked me".
fn t42(stark_attacks_first: bool) -> bool {
    let mut t = fresh();
    t.put("stark", "moat-cailin", "F");
    t.put("lannister", "seagard", "F");
    t.order("seagard", OrderType::Support, false);
    let (mc, st) = (t.a("moat-cailin"), t.h("stark"));
    t.plan("lannister").supports.push(CrossSupport {
        from: None,
        when: Some(Condition::not_attacked_by(st)),
        target: SupportTarget::Defence {
            party: Party::House(st),
            area: mc,
        },
    });
    if stark_attacks_first {
        // Stark (IT 3) attacks Lannister's Stoney Sept before Martell (IT 4) attacks Moat Cailin.
        t.put("stark", "harrenhal", "KK");
        t.order("harrenhal", OrderType::March, false);
        t.march("stark", "harrenhal", "stoney-sept");
        t.put("lannister", "stoney-sept", "F");
    }
    t.put("martell", "greywater-watch", "F");
    t.order("greywater-watch", OrderType::March, false);
    t.march("martell", "greywater-watch", "moat-cailin");
    let (_, log) = t.run();
    battles(&log)
        .iter()
        .find(|b| b.area == t.a("moat-cailin"))
        .map(|b| {
            b.defence
                .iter()
                .any(|x| matches!(x.what, TermKind::Support(h, _, _) if h == t.h("lannister")))
        })
        .unwrap_or(false)
}

#[test]
fn t42_conditional_defence_support_checked_when_it_applies_a32_a37() {
    assert!(t42(false));
    assert!(!t42(true));
}

#[test]
fn a39_a_house_never_supports_against_its_own_units() {
    let mut t = fresh();
    t.put("greyjoy", "seagard", "F");
    t.order("seagard", OrderType::Support, false);
    t.put("greyjoy", "the-twins", "F");
    t.put("stark", "moat-cailin", "K");
    t.order("moat-cailin", OrderType::March, false);
    t.march("stark", "moat-cailin", "the-twins");
    let (sg, mc, tw) = (t.a("seagard"), t.a("moat-cailin"), t.a("the-twins"));
    t.plan("greyjoy").supports.push(CrossSupport {
        from: Some(sg),
        when: None,
        target: SupportTarget::Attack { from: mc, to: tw },
    });
    let (_, log) = t.run();
    let b = battle(&log);
    assert!(
        !b.attack
            .iter()
            .any(|x| matches!(x.what, TermKind::Support(..)))
    );
    assert!(
        b.defence
            .iter()
            .any(|x| matches!(x.what, TermKind::Support(..))),
        "own support goes to its own side"
    );
}

/// T-43: Baratheon's Dragonstone army to Flint's Finger through Shipbreaker Bay (own), the two
/// Summer Seas (Tyrell) and the Sunset Sea (Greyjoy).
fn t43(greyjoy_agrees: bool, defended: bool) -> (T, Vec<Event>, crate::model::state::GameState) {
    let mut t = fresh();
    t.put("baratheon", "dragonstone", "KF");
    t.order("dragonstone", OrderType::March, false);
    t.march("baratheon", "dragonstone", "flints-finger");
    t.put("baratheon", "shipbreaker-bay", "S");
    t.put("tyrell", "east-summer-sea", "S");
    t.put("tyrell", "west-summer-sea", "S");
    t.put("greyjoy", "sunset-sea", "S");
    if defended {
        t.put("stark", "flints-finger", "F");
    }
    let (ds, ff) = (t.a("dragonstone"), t.a("flints-finger"));
    let tr = Transport {
        seas: vec![],
        from: ds,
        to: ff,
        when: None,
    };
    t.plan("tyrell").transports.push(tr.clone());
    if greyjoy_agrees {
        t.plan("greyjoy").transports.push(tr);
    }
    let (s, log) = t.run();
    (t, log, s)
}

#[test]
fn t43_relay_of_four_seas_carries_with_minus_one_and_needs_every_carrier() {
    let (t, log, s) = t43(true, true);
    assert!(
        log.iter()
            .any(|e| matches!(e, Event::Transported { carriers, .. } if carriers.len() == 2))
    );
    let b = battle(&log);
    assert!(
        b.attack
            .iter()
            .any(|x| x.what == TermKind::Transported && x.value == -1)
    );
    assert_eq!(b.attack_total, 3 - 1);
    let _ = (t, s);
    let (t, log, s) = t43(false, false);
    assert_eq!(
        t.units(&s, "dragonstone"),
        "FK",
        "a carrier sent nothing: the army stays"
    );
    assert!(log.iter().any(|e| matches!(
        e,
        Event::Skipped {
            why: Skip::ChainBroken(_),
            ..
        }
    )));
}

#[test]
fn a42_a_carrier_carries_one_foreign_army_a_round() {
    let mut t = fresh();
    t.put("baratheon", "storms-end", "F");
    t.put("baratheon", "kingswood", "F");
    t.order("storms-end", OrderType::March, false);
    t.order("kingswood", OrderType::March, false);
    t.put("tyrell", "shipbreaker-bay", "S");
    let (se, kw, ds, cp) = (
        t.a("storms-end"),
        t.a("kingswood"),
        t.a("dragonstone"),
        t.a("crackclaw-point"),
    );
    t.march("baratheon", "storms-end", "dragonstone");
    t.march("baratheon", "kingswood", "crackclaw-point");
    t.plan("tyrell").transports.push(Transport {
        seas: vec![],
        from: se,
        to: ds,
        when: None,
    });
    t.plan("tyrell").transports.push(Transport {
        seas: vec![],
        from: kw,
        to: cp,
        when: None,
    });
    let (s, _) = t.run();
    assert_eq!(t.holder(&s, "dragonstone").as_deref(), Some("baratheon"));
    assert_eq!(
        t.holder(&s, "crackclaw-point"),
        None,
        "Tyrell already carried one army"
    );
}

fn relay_to(dest: &str) -> Option<String> {
    let mut t = fresh();
    t.put("stark", "castle-black", "F");
    t.order("castle-black", OrderType::March, false);
    t.march("stark", "castle-black", dest);
    for (h, sea) in [
        ("greyjoy", "bay-of-ice"),
        ("greyjoy", "sunset-sea"),
        ("tyrell", "west-summer-sea"),
        ("tyrell", "east-summer-sea"),
        ("martell", "sea-of-dorne"),
    ] {
        t.put(h, sea, "S");
    }
    let (cb, to) = (t.a("castle-black"), t.a(dest));
    for h in ["greyjoy", "tyrell", "martell"] {
        t.plan(h).transports.push(Transport {
            seas: vec![],
            from: cb,
            to,
            when: None,
        });
    }
    let (s, _) = t.run();
    t.holder(&s, dest)
}

#[test]
fn a42_relays_cover_at_most_four_seas() {
    assert_eq!(relay_to("sunspear").as_deref(), Some("stark"), "four seas");
    assert_eq!(relay_to("yronwood"), None, "five seas");
}

#[test]
fn t44_own_ships_carry_without_an_order_and_without_minus_one() {
    let mut t = fresh();
    t.put("tyrell", "the-arbor", "F");
    t.put("tyrell", "redwyne-straights", "S");
    t.put("tyrell", "west-summer-sea", "S");
    t.put("tyrell", "east-summer-sea", "S");
    t.order("the-arbor", OrderType::March, false);
    t.march("tyrell", "the-arbor", "sunspear");
    t.put("martell", "sunspear", "F");
    let (_, log) = t.run();
    let b = battle(&log);
    assert!(!b.attack.iter().any(|x| x.what == TermKind::Transported));
    assert!(!log.iter().any(|e| matches!(e, Event::Transported { .. })));
}

#[test]
fn t62_tyrell_ships_let_highgarden_reach_any_province_on_those_seas() {
    for dest in ["sunspear", "starfall", "storms-end", "salt-shore"] {
        let mut t = fresh();
        t.put("tyrell", "highgarden", "F");
        t.put("tyrell", "west-summer-sea", "S");
        t.put("tyrell", "east-summer-sea", "S");
        t.order("highgarden", OrderType::March, false);
        t.march("tyrell", "highgarden", dest);
        let (s, _) = t.run();
        assert_eq!(t.holder(&s, dest).as_deref(), Some("tyrell"), "{dest}");
    }
}

#[test]
fn islands_are_reached_only_by_sea_004_l1644() {
    let mut t = fresh();
    t.put("baratheon", "dragonstone", "F");
    t.order("dragonstone", OrderType::March, false);
    t.march("baratheon", "dragonstone", "kingswood");
    let (s, _) = t.run();
    assert_eq!(t.units(&s, "dragonstone"), "F");
}

#[test]
fn frozen_rivers_open_river_crossings_for_the_round_004_l2429() {
    let run = |frozen: bool| {
        let mut t = fresh();
        t.mods.rivers_frozen = frozen;
        t.put("stark", "winterfell", "F");
        t.order("winterfell", OrderType::March, false);
        t.march("stark", "winterfell", "greywater-watch");
        let (s, _) = t.run();
        t.holder(&s, "greywater-watch")
    };
    assert_eq!(run(false), None);
    assert_eq!(run(true).as_deref(), Some("stark"));
}

/// Lannister holds Blackwater (1F) with a support order in Stoney Sept (1K); Baratheon attacks
/// Blackwater from Crackclaw Point with 2F. `withhold` is the battle area of a `石圣堂 不支援 …`
/// line, if any.
fn withheld_run(withhold: Option<&str>) -> (i32, Vec<Event>) {
    let mut t = fresh();
    t.put("lannister", "blackwater", "F");
    t.put("lannister", "stoney-sept", "K");
    t.order("stoney-sept", OrderType::Support, false);
    t.put("baratheon", "crackclaw-point", "FF");
    t.order("crackclaw-point", OrderType::March, false);
    t.march("baratheon", "crackclaw-point", "blackwater");
    if let Some(b) = withhold {
        let (from, battle) = (t.a("stoney-sept"), t.a(b));
        t.plan("lannister").withheld.push(Withheld { from, battle });
    }
    let (_, log) = t.run();
    (battle(&log).defence_total, log)
}

#[test]
fn own_support_withheld_from_one_battle_only_004_l1398() {
    let (total, log) = withheld_run(None);
    assert_eq!(total, 1 + 2, "own support is automatic");
    assert!(
        !log.iter()
            .any(|e| matches!(e, Event::SupportWithheld { .. }))
    );
    let (total, log) = withheld_run(Some("blackwater"));
    assert_eq!(total, 1, "the knight's support is withheld");
    assert!(log.iter().any(|e| matches!(
        e,
        Event::SupportWithheld { from, .. } if *from == fresh().a("stoney-sept")
    )));
    let (total, _) = withheld_run(Some("the-reach"));
    assert_eq!(total, 1 + 2, "withheld from another battle only");
}

#[test]
fn withheld_support_is_no_part_of_the_garrison_strength_a31_004_l1398() {
    // Greyjoy marches on Seagard with Asha if its garrison is above 3: Lannister 1K (2) +
    // castle (1) + the support of 1K from Riverrun (2) = 5; withheld, 3.
    let run = |withhold: bool| {
        let mut t = fresh();
        t.put("greyjoy", "pyke", "KKF");
        t.put("greyjoy", "ironmans-bay", "S");
        t.order("pyke", OrderType::March, false);
        t.march("greyjoy", "pyke", "seagard");
        let (sg, rr, asha, balon) = (t.a("seagard"), t.a("riverrun"), t.l("阿莎"), t.l("巴隆"));
        t.plan("greyjoy").marches[0].alternatives[0].action.moves[0].leader = vec![
            Pick {
                when: Some(Condition::GarrisonAbove { area: sg, n: 3 }),
                value: asha,
            },
            Pick::always(balon),
        ];
        t.put("lannister", "seagard", "K");
        t.put("lannister", "riverrun", "K");
        t.order("riverrun", OrderType::Support, false);
        if withhold {
            t.plan("lannister").withheld.push(Withheld {
                from: rr,
                battle: sg,
            });
        }
        let (_, log) = t.run();
        (battle(&log).attacker_leader == Some(asha), log)
    };
    assert!(run(false).0, "5 > 3: Asha");
    let (asha, log) = run(true);
    assert!(!asha, "3 is not more than 3: Balon");
    assert!(
        log.iter()
            .any(|e| matches!(e, Event::SupportWithheld { .. }))
    );
}

#[test]
fn a39_the_attacker_cannot_support_the_neutral_it_attacks_004_l2258() {
    let mut t = fresh();
    t.put("baratheon", "kingswood", "KKF");
    t.order("kingswood", OrderType::March, false);
    t.march("baratheon", "kingswood", "kings-landing");
    t.put("baratheon", "blackwater-bay", "S");
    t.order("blackwater-bay", OrderType::Support, false);
    let kl = t.a("kings-landing");
    t.plan("baratheon").supports.push(CrossSupport {
        from: None,
        when: None,
        target: SupportTarget::Defence {
            party: Party::Neutral,
            area: kl,
        },
    });
    let (_, log) = t.run();
    let b = battle(&log);
    assert_eq!(
        (b.attack_total, b.defence_total),
        (5 + 1, 5),
        "the ship supports its own house's attack, never the neutral"
    );
}
