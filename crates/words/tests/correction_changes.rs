//! What a corrected close changed for one house against the close it replaces: a battle
//! cancelled, a result changed, a battle new, an area no longer held or held now; one line
//! saying nothing changed otherwise. In Chinese and English.

mod kit;

use kit::start;
use maester_board::Lang;
use maester_rules::GameState;
use maester_rules::log::{BattleReport, Defender, Event};
use maester_words::corrections::{CloseSeen, what_changed};

fn battle(w: &kit::W, area: &str, attacker_won: bool) -> Event {
    Event::Battle(BattleReport {
        area: w.a(area),
        attacker: w.h("greyjoy"),
        from: w.a("greywater-watch"),
        defender: Defender::House(w.h("stark")),
        attack: vec![],
        defence: vec![],
        attack_total: 1,
        defence_total: 3,
        attacker_won,
        tie: None,
        attacker_leader: None,
        defender_leader: None,
        casualties: 0,
    })
}

#[test]
fn a_cancelled_battle_a_new_result_and_an_area_no_longer_held_are_each_said() {
    let w = start();
    let s = GameState::new_game(&w.b);
    let mut held = s.clone();
    let moat = w.a("moat-cailin");
    held.area_mut(moat).house = Some(w.h("stark"));
    held.area_mut(moat).units = s.area(w.a("winterfell")).units;
    let old_log = vec![
        battle(&w, "moat-cailin", false),
        battle(&w, "seagard", false),
    ];
    let new_log = vec![battle(&w, "seagard", true)];
    let old = CloseSeen {
        after: &held,
        log: &old_log,
    };
    let new = CloseSeen {
        after: &s,
        log: &new_log,
    };
    let zh = what_changed(&w.b, w.h("stark"), old, new, Lang::Zh);
    assert_eq!(
        zh,
        [
            "卡林湾之战取消:更正后不再发生(更正前白狼获胜)。",
            "海疆城之战结果改变:现在海怪获胜(更正前白狼获胜)。",
            "卡林湾:更正前归你,更正后不再归你。",
        ]
    );
    let en = what_changed(&w.b, w.h("stark"), old, new, Lang::En).join("\n");
    assert!(
        en.contains("The battle of Moat Cailin is cancelled"),
        "{en}"
    );
    assert!(en.contains("has a new result: Greyjoy wins now"), "{en}");
    assert!(
        en.contains("Moat Cailin was yours before the correction"),
        "{en}"
    );
    let none = what_changed(&w.b, w.h("tyrell"), old, new, Lang::En);
    assert_eq!(
        none,
        ["The correction changed none of your battles and none of the areas you hold."]
    );
}
