//! Marches, steps, conditions and chains (004:L1230–L1347, L2184–L2211; A-27…A-35), named after
//! the worked examples T-26…T-34, T-61.

use super::kit::*;
use crate::model::log::{Event, Skip};
use crate::model::orders::{Alternative, Condition, Step};
use maester_board::OrderType;

fn moved_to(log: &[Event]) -> Vec<maester_board::AreaId> {
    log.iter()
        .filter_map(|e| match e {
            Event::Moved { to, .. } => Some(*to),
            Event::Battle(b) => Some(b.area),
            _ => None,
        })
        .collect()
}

#[test]
fn t26_split_march_with_two_hostile_destinations_runs_only_the_first_attack_a34() {
    let mut t = fresh();
    let h = t.h("lannister");
    t.s.house_mut(h).barrels = 6;
    t.put("lannister", "stoney-sept", "FFKE");
    t.order("stoney-sept", OrderType::March, false);
    t.split(
        "lannister",
        "stoney-sept",
        &[
            ("lannisport", "2F"),
            ("harrenhal", "1K"),
            ("searoad-marches", "1E"),
        ],
    );
    t.put("stark", "lannisport", "F");
    t.put("baratheon", "harrenhal", "F");
    let (s, log) = t.run();
    assert_eq!(battles(&log).len(), 1);
    assert_eq!(battle(&log).area, t.a("lannisport"));
    assert!(log.iter().any(
        |e| matches!(e, Event::Skipped { why: Skip::SecondAttack(a), .. } if *a == t.a("harrenhal"))
    ));
    assert_eq!(
        t.units(&s, "searoad-marches"),
        "E",
        "the peaceful sub-move still goes"
    );
    assert_eq!(
        t.units(&s, "stoney-sept"),
        "K",
        "the cancelled attackers stay"
    );
}

#[test]
fn t27_first_listed_branch_runs_when_both_conditions_hold() {
    let mut t = fresh();
    t.put("lannister", "the-golden-sound", "SS");
    t.order("the-golden-sound", OrderType::March, false);
    t.put("greyjoy", "ironmans-bay", "S");
    t.put("greyjoy", "sunset-sea", "S");
    let a1 = t.mv("the-golden-sound", &[("ironmans-bay", "2S")]);
    let a2 = t.mv("the-golden-sound", &[("searoad-marches", "2S")]);
    let (ib, ss) = (t.a("ironmans-bay"), t.a("sunset-sea"));
    t.plan("lannister").marches.push(Step {
        alternatives: vec![
            Alternative {
                when: Some(Condition::ForeignUnits(ib)),
                action: a1,
                fallback: vec![],
            },
            Alternative {
                when: Some(Condition::ForeignUnits(ss)),
                action: a2,
                fallback: vec![],
            },
        ],
    });
    let (_, log) = t.run();
    assert_eq!(battle(&log).area, ib);
    assert!(
        log.iter()
            .any(|e| matches!(e, Event::StepChosen { alternative: 1, .. }))
    );
}

#[test]
fn a04_ships_ordered_onto_land_are_not_executed() {
    let mut t = fresh();
    t.put("lannister", "the-golden-sound", "SS");
    t.order("the-golden-sound", OrderType::March, false);
    t.split("lannister", "the-golden-sound", &[("searoad-marches", "")]);
    let (_, log) = t.run();
    assert!(log.iter().any(|e| matches!(
        e,
        Event::Skipped {
            why: Skip::WrongTerrain(_),
            ..
        }
    )));
}

/// T-28: Baratheon holds Kingswood and the Sea of Dorne at the start; steps 1-1/1-2, 2-1/2-2.
fn t28(kingswood_fallen: bool, dorne_fallen: bool) -> Vec<maester_board::AreaId> {
    let mut t = fresh();
    t.put("baratheon", "storms-end", "KF");
    t.order("storms-end", OrderType::March, false);
    t.put("baratheon", "east-summer-sea", "SS");
    t.order("east-summer-sea", OrderType::March, false);
    let (kw, sd) = (t.a("kingswood"), t.a("sea-of-dorne"));
    // "Fallen" needs the area to have been Baratheon's when the round began.
    let bh = t.h("baratheon");
    t.s.area_mut(kw).token = Some(bh);
    if kingswood_fallen {
        t.s.area_mut(kw).token = None;
        t.put("tyrell", "kingswood", "F");
    }
    t.put("baratheon", "sea-of-dorne", "S");
    if dorne_fallen {
        t.s.area_mut(sd).units.clear();
        t.put("martell", "sea-of-dorne", "S");
    }
    let s11 = t.mv("storms-end", &[("kingswood", "1K")]);
    let s12 = t.mv("east-summer-sea", &[("sea-of-dorne", "2S")]);
    let s21 = t.mv("east-summer-sea", &[("west-summer-sea", "2S")]);
    let s22 = t.mv("storms-end", &[("the-boneway", "1K")]);
    let alt = |when, action| Alternative {
        when: Some(when),
        action,
        fallback: vec![],
    };
    t.plan("baratheon").marches = vec![
        Step {
            alternatives: vec![
                alt(Condition::Fallen(kw), s11),
                alt(Condition::Fallen(sd), s12),
            ],
        },
        Step {
            alternatives: vec![
                alt(
                    Condition::StepWas {
                        step: 1,
                        alternative: 1,
                    },
                    s21,
                ),
                alt(
                    Condition::StepWas {
                        step: 1,
                        alternative: 2,
                    },
                    s22,
                ),
            ],
        },
    ];
    // Both areas were Baratheon's when the round began; the enemy took them earlier.
    let mods = t.mods.clone();
    let mut ctx = crate::military::Ctx::new(&t.b, &t.s, &t.plans, &mods, t.settings);
    if kingswood_fallen {
        ctx.start_controller[kw.index()] = Some(bh);
    }
    if dorne_fallen {
        ctx.start_controller[sd.index()] = Some(bh);
    }
    crate::military::march::resolve_marches(&mut ctx);
    moved_to(&ctx.log)
}

#[test]
fn t28_conditional_steps_and_step_two_following_step_one() {
    let fresh_board = fresh();
    let a = |k: &str| fresh_board.a(k);
    assert_eq!(t28(true, false), vec![a("kingswood"), a("west-summer-sea")]);
    assert_eq!(t28(false, true), vec![a("sea-of-dorne"), a("the-boneway")]);
    assert_eq!(t28(true, true), vec![a("kingswood"), a("west-summer-sea")]);
    assert_eq!(
        t28(false, false),
        vec![],
        "step 1 skipped, step 2 moves up, neither holds"
    );
}

#[test]
fn t29_march_only_if_searoad_marches_has_not_fallen() {
    let run = |fallen: bool| {
        let mut t = fresh();
        t.put("tyrell", "highgarden", "F");
        t.order("highgarden", OrderType::March, false);
        t.put("tyrell", "searoad-marches", "F");
        if fallen {
            // Lannister (IT 2) takes Searoad Marches before Tyrell's (IT 6) turn.
            t.put("lannister", "lannisport", "KK");
            t.order("lannisport", OrderType::March, false);
            t.march("lannister", "lannisport", "searoad-marches");
        }
        let sm = t.a("searoad-marches");
        let action = t.mv("highgarden", &[("the-reach", "")]);
        t.plan("tyrell").marches.push(Step {
            alternatives: vec![Alternative {
                when: Some(Condition::not_fallen(sm)),
                action,
                fallback: vec![],
            }],
        });
        let (s, log) = t.run();
        (t.holder(&s, "the-reach"), log)
    };
    assert_eq!(run(false).0.as_deref(), Some("tyrell"));
    let (holder, log) = run(true);
    assert_eq!(holder, None);
    assert!(
        log.iter()
            .any(|e| matches!(e, Event::StepSkipped { step: 1, .. }))
    );
}

#[test]
fn t30_fallback_when_the_narrow_sea_is_lost() {
    let run = |lost: bool| {
        let mut t = fresh();
        t.put("stark", "widows-watch", "F");
        t.order("widows-watch", OrderType::March, false);
        if lost {
            t.put("baratheon", "the-narrow-sea", "S");
        } else {
            t.put("stark", "the-narrow-sea", "S");
        }
        let main = t.mv("widows-watch", &[("moat-cailin", "1F")]);
        let fb = t.mv("widows-watch", &[("white-harbor", "1F")]);
        t.plan("stark").marches.push(Step {
            alternatives: vec![Alternative {
                when: None,
                action: main,
                fallback: vec![fb],
            }],
        });
        let (s, log) = t.run();
        (
            t.holder(&s, "moat-cailin"),
            t.holder(&s, "white-harbor"),
            log,
        )
    };
    let (mc, wh, _) = run(false);
    assert_eq!((mc.as_deref(), wh), (Some("stark"), None));
    let (mc, wh, log) = run(true);
    assert_eq!((mc, wh.as_deref()), (None, Some("stark")));
    assert!(
        log.iter()
            .any(|e| matches!(e, Event::StepChosen { fallback: true, .. }))
    );
}

#[test]
fn t31_chained_march_joins_then_moves_on() {
    let mut t = fresh();
    t.put("tyrell", "the-reach", "K");
    t.put("tyrell", "blackwater", "F");
    t.order("the-reach", OrderType::March, false);
    t.order("blackwater", OrderType::March, false);
    t.march("tyrell", "the-reach", "blackwater");
    t.march("tyrell", "blackwater", "harrenhal");
    let (s, _) = t.run();
    assert_eq!(t.units(&s, "harrenhal"), "FK");
    assert_eq!(t.holder(&s, "blackwater"), None);
}

#[test]
fn t31_chain_into_an_area_without_units_at_the_start_is_impossible() {
    let mut t = fresh();
    t.put("tyrell", "the-reach", "K");
    t.order("the-reach", OrderType::March, false);
    t.march("tyrell", "the-reach", "blackwater");
    t.march("tyrell", "blackwater", "harrenhal");
    let (s, log) = t.run();
    assert_eq!(t.units(&s, "blackwater"), "K");
    assert!(log.iter().any(|e| matches!(
        e,
        Event::Skipped {
            why: Skip::OrderGone,
            ..
        }
    )));
}

#[test]
fn t32_march_plus_one_applies_to_the_battle_its_chain_link_starts() {
    let mut t = fresh();
    let h = t.h("tyrell");
    t.s.house_mut(h).barrels = 6;
    t.put("tyrell", "the-reach", "K");
    t.put("tyrell", "blackwater", "F");
    t.put("tyrell", "kings-landing", "F");
    t.s.area_mut(t.a("kings-landing")).neutral = None;
    t.order("the-reach", OrderType::March, false);
    t.order("kings-landing", OrderType::March, false);
    t.order("blackwater", OrderType::March, true);
    t.march("tyrell", "the-reach", "blackwater");
    t.march("tyrell", "kings-landing", "blackwater");
    t.march("tyrell", "blackwater", "harrenhal");
    t.put("stark", "harrenhal", "KK");
    let (_, log) = t.run();
    let b = battle(&log);
    assert_eq!(b.attack_total, 2 + 1 + 1 + 1, "K + F + F + march+1");
}

#[test]
fn t34_marches_round_robin_in_iron_throne_order_a01() {
    let mut t = fresh();
    let order = [
        "baratheon",
        "lannister",
        "stark",
        "martell",
        "greyjoy",
        "tyrell",
    ];
    let places = [
        ("baratheon", "kingswood", "the-boneway"),
        ("lannister", "stoney-sept", "blackwater"),
        ("stark", "karhold", "castle-black"),
        ("martell", "salt-shore", "starfall"),
        ("greyjoy", "flints-finger", "greywater-watch"),
        ("tyrell", "oldtown", "three-towers"),
    ];
    for (h, a, b) in places {
        t.put(h, a, "F");
        t.order(a, OrderType::March, false);
        t.march(h, a, b);
    }
    // Baratheon's second march.
    t.put("baratheon", "storms-end", "F");
    t.order("storms-end", OrderType::March, false);
    t.march("baratheon", "storms-end", "kingswood");
    let (_, log) = t.run();
    let movers: Vec<maester_board::HouseId> = log
        .iter()
        .filter_map(|e| {
            if let Event::Moved { house, .. } = e {
                Some(*house)
            } else {
                None
            }
        })
        .collect();
    let mut want: Vec<maester_board::HouseId> = order.iter().map(|h| t.h(h)).collect();
    want.push(t.h("baratheon"));
    assert_eq!(movers, want);
}

#[test]
fn t61_one_footman_each_way_and_one_stays_with_supply_checked() {
    let mut t = fresh();
    t.put("lannister", "lannisport", "FFF");
    t.put("lannister", "searoad-marches", "F");
    t.order("lannisport", OrderType::March, false);
    t.split(
        "lannister",
        "lannisport",
        &[("stoney-sept", "1F"), ("searoad-marches", "1F")],
    );
    let (s, _) = t.run();
    assert_eq!(t.units(&s, "lannisport"), "F");
    assert_eq!(t.units(&s, "stoney-sept"), "F");
    assert_eq!(t.units(&s, "searoad-marches"), "FF");
}

#[test]
fn a35_token_left_only_if_the_origin_ends_empty_and_entering_a_token_area_is_no_battle() {
    let mut t = fresh();
    t.put("stark", "karhold", "FF");
    t.order("karhold", OrderType::March, false);
    t.split("stark", "karhold", &[("castle-black", "1F")]);
    t.plan("stark").marches[0].alternatives[0]
        .action
        .leave_token = true;
    let gh = t.h("greyjoy");
    t.s.area_mut(t.a("castle-black")).token = Some(gh);
    let (s, log) = t.run();
    assert_eq!(
        s.area(t.a("karhold")).token,
        None,
        "Karhold still holds a footman"
    );
    assert_eq!(s.house(t.h("stark")).power, 5);
    assert!(battles(&log).is_empty());
    assert!(log.iter().any(|e| matches!(e, Event::TokenRemoved { .. })));
    assert_eq!(s.area(t.a("castle-black")).token, None);
}

#[test]
fn a28_a_beaten_march_is_skipped_and_the_next_moves_up() {
    let mut t = fresh();
    // Stark's march from Moat Cailin is beaten by Baratheon (IT 1) first; Stark's second march
    // then runs in Stark's first turn.
    t.put("stark", "moat-cailin", "F");
    t.order("moat-cailin", OrderType::March, false);
    t.march("stark", "moat-cailin", "the-twins");
    t.put("stark", "karhold", "F");
    t.order("karhold", OrderType::March, false);
    t.march("stark", "karhold", "castle-black");
    t.put("baratheon", "white-harbor", "KK");
    t.order("white-harbor", OrderType::March, false);
    t.march("baratheon", "white-harbor", "moat-cailin");
    let (s, log) = t.run();
    assert!(log.iter().any(|e| matches!(
        e,
        Event::Skipped {
            why: Skip::OrderGone,
            ..
        }
    )));
    assert_eq!(t.holder(&s, "castle-black").as_deref(), Some("stark"));
}

#[test]
fn rough_seas_fleets_neither_march_nor_transport_a45() {
    let mut t = fresh();
    t.mods.rough_seas = true;
    t.put("tyrell", "the-arbor", "F");
    t.put("tyrell", "redwyne-straights", "S");
    t.order("the-arbor", OrderType::March, false);
    t.march("tyrell", "the-arbor", "oldtown");
    t.put("tyrell", "west-summer-sea", "S");
    t.order("west-summer-sea", OrderType::March, false);
    t.march("tyrell", "west-summer-sea", "east-summer-sea");
    let (s, log) = t.run();
    assert_eq!(t.units(&s, "the-arbor"), "F");
    assert_eq!(t.units(&s, "west-summer-sea"), "S");
    assert!(log.iter().any(|e| matches!(
        e,
        Event::Skipped {
            why: Skip::EventBan,
            ..
        }
    )));
}

#[test]
fn t09_splitting_four_into_two_and_two_makes_two_armies_for_supply() {
    let mut t = fresh();
    let h = t.h("lannister");
    t.s.house_mut(h).barrels = 6;
    t.put("lannister", "lannisport", "FFFF");
    t.order("lannisport", OrderType::March, false);
    t.split("lannister", "lannisport", &[("stoney-sept", "2F")]);
    let (s, _) = t.run();
    assert_eq!(crate::armies::supply::army_sizes(&s, h), vec![2, 2]);
    let mut t = fresh();
    t.s.house_mut(h).barrels = 6;
    t.put("lannister", "lannisport", "FFF");
    t.order("lannisport", OrderType::March, false);
    t.split(
        "lannister",
        "lannisport",
        &[("stoney-sept", "1F"), ("searoad-marches", "1F")],
    );
    let (s, _) = t.run();
    assert!(
        crate::armies::supply::army_sizes(&s, h).is_empty(),
        "single units are no army"
    );
}

#[test]
fn t10_a_port_holds_three_ships_at_most_004_l638() {
    let mut t = fresh();
    let h = t.h("lannister");
    t.s.house_mut(h).barrels = 6;
    t.put("lannister", "lannisport", "F");
    t.put("lannister", "the-golden-sound", "SSSS");
    t.order("the-golden-sound", OrderType::March, false);
    t.split(
        "lannister",
        "the-golden-sound",
        &[("port-of-lannisport", "")],
    );
    let (s, log) = t.run();
    assert!(log.iter().any(|e| matches!(
        e,
        Event::Skipped {
            why: Skip::PortFull(_),
            ..
        }
    )));
    assert_eq!(t.units(&s, "port-of-lannisport"), "");
    let mut t = fresh();
    t.s.house_mut(h).barrels = 6;
    t.put("lannister", "lannisport", "F");
    t.put("lannister", "the-golden-sound", "SSSS");
    t.order("the-golden-sound", OrderType::March, false);
    t.split(
        "lannister",
        "the-golden-sound",
        &[("port-of-lannisport", "3S")],
    );
    let (s, _) = t.run();
    assert_eq!(t.units(&s, "port-of-lannisport"), "SSS");
    assert_eq!(
        t.units(&s, "the-golden-sound"),
        "S",
        "the port fleet is its own army"
    );
}
