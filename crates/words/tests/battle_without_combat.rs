//! A battle decided by a leader's ability before it began (Loras kills the last defender,
//! the log and the house's own block say so in one clause with its one rule, never as
//! totals of 0 against 0; a killing ability cites the leader's own rule (Loras A-14, Arianne
//! A-15), not both.

mod kit;

use kit::start;
use maester_board::{Lang, UnitKind};
use maester_rules::GameState;
use maester_rules::log::{AbilityEffect, BattleReport, Defender, Event, Loss, TieBreak};
use maester_words::log::event;
use maester_words::yours::{Closed, happened};

/// Loras (Tyrell) attacks Blackwater from the Reach; Lannister's one footman there is killed
/// by his ability before the battle, and the area is taken without a comparison.
fn loras_takes_blackwater(w: &kit::W) -> Vec<Event> {
    let (tyrell, lannister) = (w.h("tyrell"), w.h("lannister"));
    let blackwater = w.a("blackwater");
    let loras = w.l("Loras Tyrell");
    vec![
        Event::Ability {
            house: tyrell,
            leader: loras,
            area: blackwater,
            effect: AbilityEffect::Killed(lannister, blackwater, UnitKind::Footman),
        },
        Event::Destroyed {
            house: lannister,
            area: blackwater,
            units: vec![UnitKind::Footman],
            why: Loss::Ability,
        },
        Event::Battle(BattleReport {
            area: blackwater,
            attacker: tyrell,
            from: w.a("the-reach"),
            defender: Defender::House(lannister),
            attack: vec![],
            defence: vec![],
            attack_total: 0,
            defence_total: 0,
            attacker_won: true,
            tie: Some(TieBreak::Empty),
            attacker_leader: Some(loras),
            defender_leader: None,
            casualties: 0,
        }),
    ]
}

fn rules_cited(s: &str) -> usize {
    s.matches("A-1").count() + s.matches("004:L").count()
}

#[test]
fn the_log_says_the_battle_was_decided_before_it_began_with_one_rule() {
    let w = start();
    let log = loras_takes_blackwater(&w);
    let zh = event(&w.b, Lang::Zh, &log[2]);
    assert!(zh.contains("在战斗前歼灭了全部守军"), "{zh}");
    assert!(zh.contains("不经战斗占领"), "{zh}");
    assert!(
        !zh.contains("= 0") && !zh.contains("获胜"),
        "no totals: {zh}"
    );
    assert_eq!(rules_cited(&zh), 1, "one rule: {zh}");
    assert!(zh.contains("A-14"), "{zh}");
    let en = event(&w.b, Lang::En, &log[2]);
    assert!(en.contains("without a fight (A-14)"), "{en}");
    assert!(!en.contains("= 0"), "{en}");
    assert_eq!(rules_cited(&en), 1, "one rule: {en}");
    // The killing ability and the loss: Loras's one rule, once.
    let ability = event(&w.b, Lang::Zh, &log[0]);
    assert!(
        ability.contains("A-14") && !ability.contains("A-15"),
        "{ability}"
    );
    let loss = event(&w.b, Lang::Zh, &log[1]);
    assert_eq!(rules_cited(&loss), 0, "the ability's line cites it: {loss}");
}

#[test]
fn the_houses_own_block_says_it_in_one_clause_not_0_against_0() {
    let w = start();
    let log = loras_takes_blackwater(&w);
    let after = GameState::new_game(&w.b);
    let closed = Closed {
        board: &w.b,
        before: None,
        after: &after,
        log: &log,
        economy: &[],
        provisional: &[],
        silent: &[],
    };
    let mine = happened(&closed, w.h("lannister"), Lang::Zh).join("\n");
    assert!(!mine.contains("0 对"), "{mine}");
    assert!(!mine.contains("你败"), "{mine}");
    assert!(
        mine.contains("黑水河之战:你防守,玫瑰的百花骑士以特长在战斗前歼灭了你的全部守军,玫瑰不经战斗占领黑水河(A-14);你损失步兵×1。"),
        "{mine}"
    );
    let theirs = happened(&closed, w.h("tyrell"), Lang::En).join("\n");
    assert!(!theirs.contains("0 against"), "{theirs}");
    assert!(
        theirs.contains("you took Blackwater without a fight (A-14)"),
        "{theirs}"
    );
    assert_eq!(
        theirs
            .lines()
            .filter(|l| l.contains("Blackwater"))
            .map(rules_cited)
            .sum::<usize>(),
        1,
        "{theirs}"
    );
}

#[test]
fn arianne_s_kill_cites_her_own_rule() {
    let w = start();
    let e = Event::Ability {
        house: w.h("martell"),
        leader: w.l("Arianne Martell"),
        area: w.a("dornish-marches"),
        effect: AbilityEffect::Killed(w.h("tyrell"), w.a("dornish-marches"), UnitKind::Archer),
    };
    let zh = event(&w.b, Lang::Zh, &e);
    assert!(zh.contains("A-15") && !zh.contains("A-14"), "{zh}");
    let en = event(&w.b, Lang::En, &e);
    assert!(en.contains("A-15") && !en.contains("A-14"), "{en}");
}
