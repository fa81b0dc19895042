//! Every battle is followed by what became of both sides: the beaten attacker stays where it
//! came from (routed against a house), the beaten defender retreated to where or was destroyed.

mod kit;

use kit::start;
use maester_board::{Lang, UnitKind};
use maester_rules::log::{BattleReport, Defender, Event, Loss, RetreatRule};
use maester_words::log::aftermath;

fn battle(w: &kit::W, attacker_won: bool, defender: Defender) -> BattleReport {
    BattleReport {
        area: w.a("moat-cailin"),
        attacker: w.h("greyjoy"),
        from: w.a("greywater-watch"),
        defender,
        attack: vec![],
        defence: vec![],
        attack_total: 1,
        defence_total: 4,
        attacker_won,
        tie: None,
        attacker_leader: None,
        defender_leader: None,
        casualties: 0,
    }
}

#[test]
fn a_beaten_attacker_is_said_to_stay_where_it_came_from_routed() {
    let w = start();
    let log = vec![Event::Battle(battle(
        &w,
        false,
        Defender::House(w.h("stark")),
    ))];
    let zh = aftermath(&w.b, Lang::Zh, &log, 0).unwrap_or_default();
    assert_eq!(
        zh,
        "战果:白狼守住卡林湾;海怪的进攻部队留在灰水望,成为败兵。"
    );
    let en = aftermath(&w.b, Lang::En, &log, 0).unwrap_or_default();
    assert!(en.contains("stay in Greywater Watch, routed"), "{en}");
    let neutral = vec![Event::Battle(battle(&w, false, Defender::Neutral))];
    let zh = aftermath(&w.b, Lang::Zh, &neutral, 0).unwrap_or_default();
    assert!(
        zh.contains("中立守军守住卡林湾") && !zh.contains("败兵"),
        "{zh}"
    );
}

#[test]
fn a_beaten_defender_is_said_to_retreat_to_its_area_or_be_destroyed() {
    let w = start();
    let stark = w.h("stark");
    let log = vec![
        Event::Battle(battle(&w, true, Defender::House(stark))),
        Event::Destroyed {
            house: stark,
            area: w.a("moat-cailin"),
            units: vec![UnitKind::Footman],
            why: Loss::Casualty,
        },
        Event::Retreated {
            house: stark,
            from: w.a("moat-cailin"),
            to: w.a("winterfell"),
            units: vec![UnitKind::Knight],
            rule: RetreatRule::Supply,
        },
    ];
    let zh = aftermath(&w.b, Lang::Zh, &log, 0).unwrap_or_default();
    assert_eq!(
        zh,
        "战果:海怪攻占卡林湾;白狼的部队撤退到临冬城(阵亡步兵×1)。"
    );
    let destroyed = vec![Event::Battle(battle(&w, true, Defender::House(stark)))];
    let en = aftermath(&w.b, Lang::En, &destroyed, 0).unwrap_or_default();
    assert_eq!(
        en,
        "Outcome: Greyjoy took Moat Cailin; Stark's units were all destroyed."
    );
    assert_eq!(
        aftermath(&w.b, Lang::Zh, &log, 1),
        None,
        "only battles have an aftermath"
    );
}
