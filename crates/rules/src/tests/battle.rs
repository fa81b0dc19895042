//! Battle arithmetic and losses (004:L2214–L2254, L282–L306; A-08… ), each test
//! named after the rule or worked example (T-xx) it checks.

use super::kit::*;
use crate::military::strength::{attack_value, defence_value};
use crate::model::log::{Event, Loss, TermKind, TieBreak};
use crate::model::orders::{CrossSupport, Party, SupportTarget};
use crate::model::state::{Track, Unit};
use maester_board::{OrderType, UnitKind};

fn rich(t: &mut T, house: &str) {
    let h = t.h(house);
    t.s.house_mut(h).barrels = 6;
}

#[test]
fn t01_unit_values_in_context_004_l282() {
    use UnitKind::*;
    assert_eq!(attack_value(Siege, true, false), 4);
    assert_eq!(attack_value(Siege, false, false), 0);
    assert_eq!(defence_value(Siege, true), 0);
    assert_eq!(defence_value(Archer, true), 2);
    assert_eq!(defence_value(Archer, false), 1);
    assert_eq!(attack_value(Archer, true, false), 1);
    assert_eq!(
        [Ship, Knight, Footman].map(|k| defence_value(k, false)),
        [1, 2, 1]
    );
}

#[test]
fn t02_3k1e_attacks_castle_at_10_defends_at_6_plus_castle_a09() {
    let mut t = fresh();
    rich(&mut t, "lannister");
    t.put("lannister", "stoney-sept", "KKKE");
    t.put("stark", "harrenhal", "F");
    t.order("stoney-sept", OrderType::March, false);
    t.march("lannister", "stoney-sept", "harrenhal");
    let (_, log) = t.run();
    assert_eq!(battle(&log).attack.first().map(|x| x.value), Some(10));
    let mut t = fresh();
    rich(&mut t, "stark");
    t.put("stark", "harrenhal", "KKKE");
    t.put("lannister", "stoney-sept", "F");
    t.order("stoney-sept", OrderType::March, false);
    t.march("lannister", "stoney-sept", "harrenhal");
    let (_, log) = t.run();
    assert_eq!(
        battle(&log).defence_total,
        6 + 1,
        "E defends at 0; castle +1"
    );
}

#[test]
fn t03_fortification_takes_one_from_each_attacking_knight_004_l1090() {
    let mut t = fresh();
    rich(&mut t, "lannister");
    t.put("lannister", "stoney-sept", "KKKE");
    t.put("stark", "harrenhal", "F");
    let h = t.h("stark");
    t.s.area_mut(t.a("harrenhal")).fortification = Some(h);
    t.order("stoney-sept", OrderType::March, false);
    t.march("lannister", "stoney-sept", "harrenhal");
    let (_, log) = t.run();
    let b = battle(&log);
    assert_eq!(b.attack.first().map(|x| x.value), Some(3 + 4));
    // A castle already gives +1: the fortification adds no second +1 (004:L1088).
    assert_eq!(b.defence_total, 1 + 1);
}

fn field_defence(units: &str, fortified: bool) -> i32 {
    let mut t = fresh();
    t.put("stark", "stoney-sept", units);
    if fortified {
        let h = t.h("stark");
        t.s.area_mut(t.a("stoney-sept")).fortification = Some(h);
    }
    t.put("lannister", "lannisport", "F");
    t.order("lannisport", OrderType::March, false);
    t.march("lannister", "lannisport", "stoney-sept");
    let (_, log) = t.run();
    battle(&log).defence_total
}

#[test]
fn t04_1k1f_defends_at_3_in_the_field_4_fortified_004_l1090() {
    assert_eq!(field_defence("KF", false), 3);
    assert_eq!(field_defence("KF", true), 4);
}

#[test]
fn t05_1k1a_defends_at_3_in_the_field_5_fortified_a08() {
    assert_eq!(field_defence("KA", false), 3);
    assert_eq!(field_defence("KA", true), 5);
}

#[test]
fn t24_casualties_are_winner_attack_minus_loser_defence_004_l2242() {
    // Tywin (ATK 2) beats Rodrik (DEF 1): 1 casualty, footman first.
    let mut t = fresh();
    t.put("lannister", "lannisport", "KKF");
    t.put("stark", "riverrun", "FF");
    t.order("lannisport", OrderType::March, false);
    t.march("lannister", "lannisport", "riverrun");
    t.lead("lannister", "泰温");
    t.defend("stark", "riverrun", "罗德利克");
    let (_, log) = t.run();
    let b = battle(&log);
    assert!(b.attacker_won);
    assert_eq!(b.casualties, 1);
    assert!(log.iter().any(|e| matches!(e, Event::Destroyed { why: Loss::Casualty, units, .. } if units == &vec![UnitKind::Footman])));
    // Mace (ATK 2) beats Eddard (DEF 2): none.
    let mut t = fresh();
    t.put("tyrell", "the-reach", "KKF");
    t.put("stark", "blackwater", "F");
    t.order("the-reach", OrderType::March, false);
    t.march("tyrell", "the-reach", "blackwater");
    t.lead("tyrell", "梅斯");
    t.defend("stark", "blackwater", "艾德");
    let (_, log) = t.run();
    assert!(battle(&log).attacker_won);
    assert_eq!(battle(&log).casualties, 0);
    assert!(!log.iter().any(|e| matches!(
        e,
        Event::Destroyed {
            why: Loss::Casualty,
            ..
        }
    )));
}

#[test]
fn t25_routed_units_count_zero_and_die_when_beaten_again_004_l2327() {
    let mut t = fresh();
    t.put("lannister", "blackwater", "FFF");
    t.put("tyrell", "the-reach", "KK");
    t.order("blackwater", OrderType::March, false);
    t.split("lannister", "blackwater", &[("the-reach", "2F")]);
    // Baratheon (IT 1) first makes a peaceful move, then attacks Blackwater in its second turn.
    t.put("baratheon", "kingswood", "F");
    t.order("kingswood", OrderType::March, false);
    t.march("baratheon", "kingswood", "storms-end");
    t.put("baratheon", "crackclaw-point", "K");
    t.order("crackclaw-point", OrderType::March, false);
    t.march("baratheon", "crackclaw-point", "blackwater");
    let (s, log) = t.run();
    let bs = battles(&log);
    assert_eq!(bs.len(), 2, "{log:?}");
    assert!(!bs[0].attacker_won, "2F vs 2K + city");
    assert_eq!(bs[1].defence_total, 1, "only the garrison footman counts");
    assert!(bs[1].attacker_won);
    assert!(log.iter().any(
        |e| matches!(e, Event::Destroyed { why: Loss::RoutedAgain, units, .. } if units.len() == 2)
    ));
    assert_eq!(t.holder(&s, "blackwater").as_deref(), Some("baratheon"));
}

#[test]
fn t59_support_example_tyrell_7_lannister_6_with_baratheon_line() {
    let run = |with_line: bool| {
        let mut t = fresh();
        t.s.area_mut(t.a("kings-landing")).neutral = None;
        t.put("tyrell", "the-reach", "KK");
        t.order("the-reach", OrderType::March, true);
        t.march("tyrell", "the-reach", "blackwater");
        t.put("tyrell", "kings-landing", "K");
        t.order("kings-landing", OrderType::Support, false);
        t.put("lannister", "blackwater", "F");
        t.order("blackwater", OrderType::March, false);
        t.put("lannister", "stoney-sept", "FK");
        t.order("stoney-sept", OrderType::Support, false);
        t.put("baratheon", "harrenhal", "K");
        t.order("harrenhal", OrderType::Support, false);
        if with_line {
            let (h, bw, lan) = (t.a("harrenhal"), t.a("blackwater"), t.h("lannister"));
            t.plan("baratheon").supports.push(CrossSupport {
                from: Some(h),
                when: None,
                target: SupportTarget::Defence {
                    party: Party::House(lan),
                    area: bw,
                },
            });
        }
        let (s, log) = t.run();
        let b = battle(&log).clone();
        (t, s, b)
    };
    let (t, s, b) = run(true);
    assert_eq!((b.attack_total, b.defence_total), (7, 6));
    assert!(b.attacker_won);
    assert_eq!(t.holder(&s, "blackwater").as_deref(), Some("tyrell"));
    assert_ne!(t.holder(&s, "the-reach").as_deref(), Some("lannister"));
    let (_, _, b) = run(false);
    assert_eq!(b.defence_total, 4, "Baratheon's support needs its own line");
}

#[test]
fn t60_neutral_kings_landing_march_plus_one_and_a_ship_tie_to_attacker() {
    let mut t = fresh();
    t.put("baratheon", "kingswood", "KF");
    t.order("kingswood", OrderType::March, true);
    t.put("baratheon", "blackwater-bay", "S");
    t.order("blackwater-bay", OrderType::Support, false);
    t.march("baratheon", "kingswood", "kings-landing");
    let (s, log) = t.run();
    let b = battle(&log);
    assert_eq!((b.attack_total, b.defence_total), (5, 5));
    assert_eq!(b.tie, Some(TieBreak::AttackerVsNeutral));
    assert_eq!(t.holder(&s, "kings-landing").as_deref(), Some("baratheon"));
}

#[test]
fn t23_supporters_of_a_neutral_add_and_units_beaten_by_it_are_not_routed_004_l2331() {
    let mut t = fresh();
    t.put("baratheon", "kingswood", "KKF");
    t.order("kingswood", OrderType::March, false);
    t.march("baratheon", "kingswood", "kings-landing");
    t.put("lannister", "blackwater", "F");
    t.order("blackwater", OrderType::Support, false);
    let (bw, kl) = (t.a("blackwater"), t.a("kings-landing"));
    t.plan("lannister").supports.push(CrossSupport {
        from: Some(bw),
        when: None,
        target: SupportTarget::Defence {
            party: Party::Neutral,
            area: kl,
        },
    });
    let r = t.resolve();
    let b = battle(&r.log);
    assert_eq!((b.attack_total, b.defence_total), (5, 6));
    assert!(!b.attacker_won);
    assert_eq!(t.units(&r.state, "kingswood"), "FKK");
}

#[test]
fn t63_routed_knight_counts_zero_when_storms_end_is_attacked() {
    let mut t = fresh();
    t.put("tyrell", "storms-end", "F");
    let se = t.a("storms-end");
    t.s.area_mut(se).units.push(Unit {
        kind: UnitKind::Knight,
        routed: true,
    });
    t.put("baratheon", "kingswood", "KK");
    t.order("kingswood", OrderType::March, false);
    t.march("baratheon", "kingswood", "storms-end");
    let (_, log) = t.run();
    let b = battle(&log);
    assert_eq!(
        b.defence_total,
        1 + 1,
        "footman + castle; the routed knight 0"
    );
    assert!(b.attacker_won);
    assert!(log.iter().any(|e| matches!(
        e,
        Event::Destroyed {
            why: Loss::RoutedAgain,
            ..
        }
    )));
    assert_eq!(b.casualties, 0);
}

#[test]
fn t72_losing_defender_1k1f2a1e_one_casualty_keeps_1k1a() {
    let mut t = fresh();
    t.put("stark", "karhold", "KFAAE");
    let mods = crate::model::modifiers::RoundModifiers::default();
    let mut ctx = crate::military::Ctx::new(&t.b, &t.s, &t.plans, &mods, t.settings);
    let h = t.h("stark");
    let units = std::mem::take(&mut ctx.state.area_mut(t.a("karhold")).units).into();
    let kept =
        crate::military::battle::casualties::losses(&mut ctx, h, t.a("karhold"), units, 1, true);
    let mut k: Vec<char> = kept.iter().map(|u| u.kind.code()).collect();
    k.sort();
    assert_eq!(k, vec!['A', 'K']);
    let lost: Vec<Loss> = ctx
        .log
        .iter()
        .filter_map(|e| {
            if let Event::Destroyed { why, .. } = e {
                Some(*why)
            } else {
                None
            }
        })
        .collect();
    assert_eq!(
        lost,
        vec![Loss::Casualty, Loss::SiegeEngine, Loss::UncoveredArcher]
    );
    t.plan("stark").units.casualties = vec![UnitKind::Knight];
    let mut ctx = crate::military::Ctx::new(&t.b, &t.s, &t.plans, &mods, t.settings);
    let units = std::mem::take(&mut ctx.state.area_mut(t.a("karhold")).units).into();
    let kept =
        crate::military::battle::casualties::losses(&mut ctx, h, t.a("karhold"), units, 1, true);
    assert!(
        kept.iter().all(|u| u.kind != UnitKind::Knight),
        "player's casualty order first"
    );
}

#[test]
fn a20_a_losing_force_of_archers_alone_is_destroyed() {
    let mut t = fresh();
    t.put("stark", "karhold", "AA");
    let mods = crate::model::modifiers::RoundModifiers::default();
    let mut ctx = crate::military::Ctx::new(&t.b, &t.s, &t.plans, &mods, t.settings);
    let units = std::mem::take(&mut ctx.state.area_mut(t.a("karhold")).units).into();
    let kept = crate::military::battle::casualties::losses(
        &mut ctx,
        t.h("stark"),
        t.a("karhold"),
        units,
        0,
        true,
    );
    assert!(kept.is_empty());
}

#[test]
fn t73_winterfell_defence_6_tie_to_fiefdoms_white_harbor_5_a09_a10() {
    let run = |area: &str| {
        let mut t = fresh();
        t.put("stark", area, "KF");
        t.order(area, OrderType::Defence, false);
        t.put("baratheon", "moat-cailin", "KKK");
        t.order("moat-cailin", OrderType::March, false);
        t.march("baratheon", "moat-cailin", area);
        let (_, log) = t.run();
        battle(&log).clone()
    };
    let b = run("winterfell");
    assert_eq!((b.attack_total, b.defence_total), (6, 6));
    assert!(
        !b.attacker_won,
        "Stark is higher on Fiefdoms than Baratheon"
    );
    let b = run("white-harbor");
    assert_eq!(b.defence_total, 5);
    assert!(b.attacker_won);
}

#[test]
fn a10_home_seat_plus_one_also_when_retaking_it() {
    let mut t = fresh();
    t.put("baratheon", "winterfell", "F");
    t.put("stark", "karhold", "F");
    t.order("karhold", OrderType::March, false);
    t.march("stark", "karhold", "winterfell");
    let (s, log) = t.run();
    let b = battle(&log);
    assert!(b.attack.iter().any(|x| x.what == TermKind::HomeSeat));
    assert_eq!((b.attack_total, b.defence_total), (2, 2));
    assert!(b.attacker_won, "Stark is higher on Fiefdoms");
    assert_eq!(t.holder(&s, "winterfell").as_deref(), Some("stark"));
}

#[test]
fn t74_knights_zero_every_archer_of_the_knightless_side_supporters_too() {
    let run = |def: &str| {
        let mut t = fresh();
        t.put("tyrell", "the-reach", "KA");
        t.order("the-reach", OrderType::March, false);
        t.march("tyrell", "the-reach", "blackwater");
        t.put("baratheon", "blackwater", def);
        t.put("baratheon", "crackclaw-point", "A");
        t.order("crackclaw-point", OrderType::Support, false);
        let (_, log) = t.run();
        battle(&log).clone()
    };
    let b = run("AA");
    assert_eq!((b.attack_total, b.defence_total), (3, 0));
    let b = run("KA");
    assert_eq!((b.attack_total, b.defence_total), (3, 4));
}

#[test]
fn rains_of_autumn_supporting_footmen_and_archers_count_zero_004_l1426() {
    let mut t = fresh();
    t.mods.rains_of_autumn = true;
    t.put("lannister", "searoad-marches", "FF");
    t.put("lannister", "blackwater", "KF");
    t.order("blackwater", OrderType::Support, true);
    t.order("searoad-marches", OrderType::March, false);
    t.march("lannister", "searoad-marches", "the-reach");
    t.put("tyrell", "the-reach", "F");
    let (_, log) = t.run();
    // 2F + support (K 2, F 0) + support+1.
    assert_eq!(battle(&log).attack_total, 2 + 2 + 1);
}

#[test]
fn a12_fiefdoms_tie_break_uses_the_current_track() {
    let mut t = fresh();
    t.track(
        Track::Fiefdoms,
        &[
            "tyrell",
            "lannister",
            "greyjoy",
            "martell",
            "stark",
            "baratheon",
        ],
    );
    t.put("lannister", "seagard", "KF");
    t.order("seagard", OrderType::March, false);
    t.march("lannister", "seagard", "the-twins");
    t.put("stark", "the-twins", "FFF");
    let (_, log) = t.run();
    let b = battle(&log);
    assert_eq!((b.attack_total, b.defence_total), (3, 3));
    assert!(b.attacker_won);
}
