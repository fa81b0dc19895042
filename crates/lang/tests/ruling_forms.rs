//! Forms added for the rulings a forum GM is asked about (issue 19): pulling down one's own
//! temporary port (004:L1060), destroying captured ships (004:L1054), Doran's reward by its
//! item (004:L1994), the player's unit choices in leaders' abilities (004:L1805, L1911,
//! L2003) and the wildling tie's label (004:L1163) — each in Chinese and English, with its
//! canonical echo parsing back to the same item.

use maester_board::{Board, UnitKind};
use maester_lang::ast::{Item, Reward};
use maester_lang::echo::echo_item;
use maester_lang::names::Lookup;
use maester_lang::{Lang, Names, Resolved, parse_submission};
use maester_rules::state::Track;
use std::sync::OnceLock;

fn board() -> &'static Board {
    static B: OnceLock<Board> = OnceLock::new();
    B.get_or_init(|| match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("the board loads: {e}"),
    })
}

fn names() -> &'static Names {
    static N: OnceLock<Names> = OnceLock::new();
    N.get_or_init(|| Names::from_board(board()))
}

/// The one item of a one-line mail, which must parse without errors.
fn one(text: &str) -> Item<Resolved> {
    let p = parse_submission(text, names());
    assert!(p.errors.is_empty(), "{text}\n{}", p.error_report(Lang::En));
    assert_eq!(p.items.len(), 1, "{text}");
    p.items[0].item.clone()
}

/// Both spellings give the same item, and its echo in either language parses back to it.
fn both(zh: &str, en: &str) -> Item<Resolved> {
    let item = one(zh);
    assert_eq!(one(en), item, "{en}");
    for lang in [Lang::Zh, Lang::En] {
        let e = echo_item(&item, names(), lang);
        assert_eq!(one(&e), item, "echo {e:?}");
    }
    item
}

fn area(name: &str) -> maester_board::AreaId {
    match names().areas.lookup(name) {
        Lookup::Found(a) => a,
        _ => panic!("no area {name}"),
    }
}

fn leader(name: &str) -> maester_board::LeaderId {
    match names().leaders.lookup(name) {
        Lookup::Found(l) => l,
        _ => panic!("no leader {name}"),
    }
}

fn house(name: &str) -> maester_board::HouseId {
    match names().houses.lookup(name) {
        Lookup::Found(h) => h,
        _ => panic!("no house {name}"),
    }
}

#[test]
fn a_player_pulls_down_his_own_temporary_port_004_l1060() {
    let it = both("摧毁港口: 卡林湾", "destroy port at Moat Cailin");
    assert_eq!(it, Item::DemolishPort(area("卡林湾")));
    assert_eq!(one("拆除港口:卡林湾。"), it);
    assert_eq!(one("demolish port Moat Cailin"), it);
    assert_eq!(one("destroy port: Moat Cailin."), it);
    assert_eq!(
        one("摧毁港口 卡林湾港口"),
        Item::DemolishPort(area("卡林湾港口"))
    );
}

#[test]
fn the_conqueror_destroys_captured_ships_004_l1054_a61() {
    let it = both("摧毁俘虏的战舰", "destroy captured ships");
    assert_eq!(it, Item::DestroyCapturedShips);
    assert_eq!(one("摧毁俘获的战舰。"), it);
}

#[test]
fn doran_captures_the_raven_or_the_sword_by_its_item_004_l1994_a53() {
    let raven = both("奖励: 掳获 信鸦", "reward: capture raven");
    assert_eq!(raven, Item::Reward(Reward::Capture(Track::KingsCourt)));
    let sword = both(
        "奖励: 夺取 瓦雷利亚钢剑",
        "reward: capture Valyrian steel sword",
    );
    assert_eq!(sword, Item::Reward(Reward::Capture(Track::Fiefdoms)));
    assert_eq!(one("奖励: 掳获 钢剑"), sword);
    assert_eq!(one("奖励: 掳获 御前会议"), raven);
    assert_eq!(
        one("奖励: 掳获 铁王座"),
        Item::Reward(Reward::Capture(Track::IronThrone))
    );
}

#[test]
fn renly_s_player_names_the_unit_upgraded_004_l1805_a16() {
    let it = both("蓝礼升级: 弓箭手", "Renly Baratheon upgrades: archer");
    assert_eq!(
        it,
        Item::LeaderPick {
            leader: leader("蓝礼"),
            kill: false,
            kinds: vec![UnitKind::Archer],
        }
    );
    assert_eq!(one("Renly Baratheon upgrade: A"), it);
}

#[test]
fn the_victim_names_the_unit_loras_or_arianne_kills_004_l1911_l2003() {
    let loras = both("百花骑士歼灭: 弓箭手", "Loras Tyrell kills: archer");
    assert_eq!(
        loras,
        Item::LeaderPick {
            leader: leader("百花骑士"),
            kill: true,
            kinds: vec![UnitKind::Archer],
        }
    );
    let arianne = both(
        "亚莲恩歼灭: 弓箭手 > 步兵",
        "Arianne Martell kills: archer > footman",
    );
    assert_eq!(
        arianne,
        Item::LeaderPick {
            leader: leader("亚莲恩"),
            kill: true,
            kinds: vec![UnitKind::Archer, UnitKind::Footman],
        }
    );
}

#[test]
fn a_wildling_tie_has_its_own_label_004_l1163() {
    let it = both("平局 野人: 白狼 > 海怪", "tie wildlings: Stark > Greyjoy");
    assert_eq!(
        it,
        Item::TieBreak {
            track: None,
            wildlings: true,
            order: vec![house("白狼"), house("海怪")],
        }
    );
    let bare = one("平局: 白狼 > 海怪");
    assert!(matches!(
        bare,
        Item::TieBreak {
            wildlings: false,
            track: None,
            ..
        }
    ));
}

/// A plan mail in the `plan` step of a new game.
fn plan_mail(text: &str, lang: Lang) -> maester_lang::submit::ParsedMail {
    let mut s = maester_rules::GameState::new_game(board());
    s.step = maester_rules::Step::Plan;
    maester_lang::submit::parse_mail(board(), &s, text, lang)
}

#[test]
fn a_unit_choice_goes_to_the_plan_and_a_leader_without_it_is_refused_004_l1805() {
    let ok = plan_mail(
        "蓝礼升级: 弓箭手\n百花骑士歼灭: 弓箭手\n摧毁俘虏的战舰",
        Lang::Zh,
    );
    assert!(ok.errors.is_empty(), "{:?}", ok.errors);
    let Some(maester_game::Submission::Plan(plan)) = ok.submission else {
        panic!("a plan");
    };
    assert_eq!(plan.units.upgrade, Some(UnitKind::Archer));
    assert_eq!(plan.units.loras_victim, Some(UnitKind::Archer));
    assert!(plan.destroy_captured_ships);
    // Tywin upgrades nothing; a knight is not a footman or an archer.
    let bad = plan_mail("泰温升级: 弓箭手", Lang::Zh);
    assert!(bad.errors[0].message.contains("蓝礼"), "{:?}", bad.errors);
    let bad = plan_mail("Renly Baratheon upgrades: knight", Lang::En);
    assert!(
        bad.errors[0].message.contains("footman"),
        "{:?}",
        bad.errors
    );
}
