//! Forms added to the order language after the corpus: compound conditions (且 / 或), several
//! placements on one line, counts in Chinese numerals, supporting a neutral garrison's defence
//! and withholding one's own support — each in Simplified, Traditional and English, with its
//! canonical echo, the round trip and the error for a typical mistake.

mod lang_support;

use lang_support::*;
use maester::board::{OrderType, UnitKind};
use maester::lang::ast::*;
use maester::lang::{Lang, parse_submission};

/// The items of one mail that must parse without errors.
fn items(text: &str) -> Vec<(usize, Item<Resolved>)> {
    let p = parse_submission(text, names());
    assert!(p.errors.is_empty(), "{text}\n{}", p.error_report(Lang::En));
    p.items.into_iter().map(|e| (e.line, e.item)).collect()
}

/// The first error's full message.
fn first_error(text: &str, lang: Lang) -> String {
    let p = parse_submission(text, names());
    assert!(!p.errors.is_empty(), "{text} should fail");
    p.errors[0].message(lang)
}

/// The same item from the Simplified, Traditional and English forms; returns it after `check`.
fn three(zh: &str, trad: &str, en: &str, canonical: &str) -> Item<Resolved> {
    let item = check(zh, canonical);
    assert_eq!(one(trad), item, "{trad}");
    assert_eq!(one(en), item, "{en}");
    item
}

fn fallen(a: &str, yes: bool) -> Predicate<Resolved> {
    Predicate::Fallen {
        area: area(a),
        fallen: yes,
    }
}

fn foreign(a: &str, yes: bool) -> Predicate<Resolved> {
    Predicate::ForeignUnits {
        area: area(a),
        present: yes,
    }
}

// ------------------------------------------------------------------ compound conditions

#[test]
fn and_binds_before_or_in_a_step_condition_a29_a30() {
    let it = three(
        "如果滨海大道失守且河湾地未失守或铁民湾有其他家族的部队,则金声海2S 移动到 铁民湾。",
        "如果濱海大道失守並且河灣地未失守或者鐵民灣有其他家族的部隊，則金聲海2S 移動到 鐵民灣。",
        "if Searoad Marches has fallen and The Reach is held or Ironman's Bay has foreign units, then The Golden Sound 2S moves to Ironman's Bay.",
        "如果滨海大道失守且河湾地未失守或铁民湾有其他家族的部队,则金声海2S 移动到 铁民湾。",
    );
    assert_eq!(
        step(&it).alternatives[0].condition,
        Some(Condition::If(Cond {
            any: vec![
                vec![fallen("滨海大道", true), fallen("河湾地", false)],
                vec![foreign("铁民湾", true)],
            ]
        }))
    );
    assert_eq!(
        echo(&it, Lang::En),
        "if Searoad Marches has fallen and The Reach is held or Ironman's Bay has foreign units, then The Golden Sound 2S move to Ironman's Bay."
    );
}

#[test]
fn every_spelling_of_and_and_or_004_l1294() {
    let want = Cond {
        any: vec![
            vec![fallen("滨海大道", true), fallen("河湾地", true)],
            vec![fallen("高庭", true)],
        ],
    };
    for (and, or) in [("且", "或"), ("并且", "或者"), ("而且", "或")] {
        let line = format!("如果滨海大道失守{and}河湾地失守{or}高庭失守,则金声海2S 移动到 铁民湾");
        assert_eq!(
            step(&one(&line)).alternatives[0].condition,
            Some(Condition::If(want.clone())),
            "{line}"
        );
    }
    let en = "If Searoad Marches has fallen AND The Reach has fallen OR Highgarden has fallen then The Golden Sound 2S moves to Ironman's Bay";
    assert_eq!(
        step(&one(en)).alternatives[0].condition,
        Some(Condition::If(want))
    );
}

#[test]
fn compound_only_if_fallback_and_leader_choice_004_l1295_l1300_l2085() {
    let it = three(
        "高庭1F移动到河湾地。(仅当滨海大道未失守且多恩边疆未失守时执行这条命令。)",
        "高庭1F移動到河灣地。（僅當濱海大道未失守且多恩邊疆未失守時執行這條命令。）",
        "Highgarden 1F moves to The Reach (only if Searoad Marches is held and Dornish Marches is held)",
        "如果滨海大道未失守且多恩边疆未失守,则高庭1F 移动到 河湾地。",
    );
    assert_eq!(
        step(&it).alternatives[0].condition,
        Some(Condition::If(Cond {
            any: vec![vec![fallen("滨海大道", false), fallen("多恩边疆", false)]]
        }))
    );
    let it = three(
        "寡妇角1F移动到卡林湾,如果狭海失守或白港有其他家族的部队导致该命令不能被执行,则寡妇角1F移动到白港。",
        "寡婦角1F移動到卡林灣，如果狹海失守或白港有其他家族的部隊導致該命令不能被執行，則寡婦角1F移動到白港。",
        "Widow's Watch 1F moves to Moat Cailin, if it fails because The Narrow Sea has fallen or White Harbor has foreign units, then Widow's Watch 1F moves to White Harbor.",
        "寡妇角1F 移动到 卡林湾,如果狭海失守或白港有其他家族的部队导致该命令不能被执行,则寡妇角1F 移动到 白港。",
    );
    let fb = step(&it).alternatives[0].actions[0]
        .1
        .as_ref()
        .map(|f| f.because.clone());
    assert_eq!(
        fb,
        Some(Cond {
            any: vec![vec![fallen("狭海", true)], vec![foreign("白港", true)]]
        })
    );
    let it = three(
        "派克岛2K1F 移动到 海疆城(如果海疆城驻军战斗力大于5且白狼在本回合没有攻击我,行军将领为阿莎;否则,将领为巴隆。)",
        "派克島2K1F 移動到 海疆城（如果海疆城駐軍戰鬥力大於5且白狼在本回合沒有攻擊我，行軍將領為阿莎；否則，將領為巴隆。）",
        "Pyke 2K1F moves to Seagard (if garrison of Seagard > 5 and Stark has not attacked me this round, leader Asha; otherwise, leader Balon)",
        "派克岛1F2K 移动到 海疆城(如果海疆城驻军战斗力大于5且白狼在本回合没有攻击我,行军将领为阿莎;否则,将领为巴隆)。",
    );
    let Some(LeaderChoice::Conditional { condition, .. }) = &march(&it).leader else {
        panic!("no conditional leader in {it:?}");
    };
    assert_eq!(condition.any.len(), 1);
    assert_eq!(condition.any[0].len(), 2);
}

#[test]
fn a_dangling_and_asks_for_a_condition() {
    assert_eq!(
        first_error("如果滨海大道失守且,则金声海2S 移动到 铁民湾", Lang::Zh),
        "第1行第10列：这里应为条件 (如 X失守、X未失守、X有其他家族的部队、X驻军战斗力大于5)，但写的是“,则金声海2S”\n  如果滨海大道失守且,则金声海2S 移动到 铁民湾\n  　　　　　　　　　^"
    );
    assert_eq!(
        first_error(
            "if Searoad Marches has fallen or, then The Golden Sound 2S moves to Ironman's Bay",
            Lang::En
        ),
        "line 1, column 33: expected a condition (e.g. X has fallen, X is held, X has foreign units, garrison of X > 5), found \",\"\n  if Searoad Marches has fallen or, then The Golden Sound 2S moves to Ironman's Bay\n                                  ^"
    );
}

// ------------------------------------------------------------------ several placements per line

#[test]
fn several_placements_on_one_line_are_separate_items() {
    let want = vec![
        (
            1,
            Item::Placement(Placement {
                area: area("滨海大道"),
                order: order(OrderType::March, false),
                one_time: None,
            }),
        ),
        (
            1,
            Item::Placement(Placement {
                area: area("黑水河"),
                order: order(OrderType::Support, false),
                one_time: None,
            }),
        ),
        (
            1,
            Item::Placement(Placement {
                area: area("河湾地"),
                order: order(OrderType::Defence, true),
                one_time: None,
            }),
        ),
    ];
    for line in [
        "滨海大道 行军,黑水河 支援,河湾地 防守+2",
        "滨海大道 行军；黑水河 支援；河湾地 防守+2。",
        "滨海大道行军、黑水河支援、河湾地防守+2",
        "濱海大道 行軍，黑水河 支援，河灣地 防守＋２",
        "Searoad Marches march, Blackwater support; The Reach defence+2.",
    ] {
        assert_eq!(items(line), want, "{line}");
    }
    // The echo gives one canonical line per placement; each reads back.
    for (_, item) in &want {
        for lang in [Lang::Zh, Lang::En] {
            assert_eq!(one(&echo(item, lang)), *item);
        }
    }
}

#[test]
fn a_one_time_order_still_follows_its_placement_on_a_shared_line() {
    let got = items("赫伦堡 行军、强行军, 三塔堡 浮桥 到 亲王隘口");
    assert_eq!(got.len(), 2);
    assert!(matches!(
        &got[0].1,
        Item::Placement(Placement {
            one_time: Some(OneTime::ForcedMarch),
            ..
        })
    ));
    assert!(matches!(
        &got[1].1,
        Item::Placement(Placement {
            one_time: Some(OneTime::Pontoon(Some(_))),
            order: None,
            ..
        })
    ));
}

#[test]
fn an_error_in_the_second_placement_points_at_its_column() {
    assert_eq!(
        first_error("滨海大道 行军,黑水河 支持", Lang::Zh),
        "第1行第13列：这里应为命令种类 (行军、防守、支援、突袭、巩固统治，可加 +1/+2)或一次性命令 (招募、补给车、强行军、浮桥)，但写的是“支持”；你是不是指“支援”？\n  滨海大道 行军,黑水河 支持\n  　　　　 　　 　　　 ^"
    );
    assert_eq!(
        first_error("滨海大道 行军,黑水合 支援", Lang::En),
        "line 1, column 9: there is no area called \"黑水合\"; did you mean Blackwater (黑水河) or Blackwater Bay (黑水湾)?\n  滨海大道 行军,黑水合 支援\n  　　　　 　　 ^"
    );
}

// ------------------------------------------------------------------ counts in Chinese numerals

#[test]
fn counts_in_chinese_numerals_wherever_a_count_is_written() {
    let two_f = units("临冬城", counts(&[(2, UnitKind::Footman)]));
    for line in [
        "临冬城两个步兵 移动到 卡霍城",
        "临冬城二F 移动到 卡霍城",
        "临冬城 两 个 步兵 移动到 卡霍城",
        "臨冬城兩個步兵 移動到 卡霍城",
        "临冬城２Ｆ 移动到 卡霍城",
    ] {
        assert_eq!(march(&one(line)).units, two_f, "{line}");
    }
    assert_eq!(
        march(&check(
            "金声海三艘战舰 移动到 铁民湾",
            "金声海3S 移动到 铁民湾。"
        ))
        .units,
        units("金声海", counts(&[(3, UnitKind::Ship)]))
    );
    assert_eq!(
        march(&one("河湾地十二个步兵一辆攻城车 移动到 高庭")).units,
        units(
            "河湾地",
            counts(&[(12, UnitKind::Footman), (1, UnitKind::Siege)])
        )
    );
    // Names with numerals of their own keep them.
    assert_eq!(
        march(&one("三塔堡两名弓箭手 移动到 亲王隘口")).units,
        units("三塔堡", counts(&[(2, UnitKind::Archer)]))
    );
    assert_eq!(
        check("征兵: 临冬城 一个骑士", "征兵: 临冬城1K"),
        Item::Muster(vec![Muster::Recruit {
            area: area("临冬城"),
            units: [0, 1, 0, 0, 0],
            to: Vec::new(),
        }])
    );
    assert_eq!(
        check("裁军: 白港 两个步兵", "裁军: 白港2F"),
        Item::Disband(vec![units("白港", counts(&[(2, UnitKind::Footman)]))])
    );
    assert_eq!(
        one("降级: 临冬城 两个骑士 为 弓箭手"),
        Item::Downgrade(vec![Downgrade {
            area: area("临冬城"),
            knights: 2,
            into: Some(UnitKind::Archer),
        }])
    );
}

#[test]
fn a_count_without_its_unit_word_says_so() {
    assert_eq!(
        first_error("临冬城两个 移动到 卡霍城", Lang::Zh),
        "第1行第1列：没有名为“临冬城两个”的区域；你是不是指 临冬城 (Winterfell)或临冬城港口 (Port of Winterfell)？\n  临冬城两个 移动到 卡霍城\n  ^"
    );
}

// ------------------------------------------------------------------ neutral garrisons

#[test]
fn supporting_a_neutral_garrison_named_by_its_place_004_l1369_l202() {
    let it = three(
        "黑水河 支援 君临 防守 君临",
        "黑水河 支援 君臨 防守 君臨",
        "Blackwater supports King's Landing defending King's Landing",
        "黑水河 支援 君临 防守 君临。",
    );
    let kl = area("君临");
    assert_eq!(
        step(&it).alternatives[0].actions[0].0,
        Action::Support {
            from: Some(area("黑水河")),
            target: SupportTarget::Defence {
                side: Side::Neutral(kl),
                area: kl,
            },
        }
    );
    // 艾林 (House Arryn, 004:L191) is the Eyrie's neutral; 家族 may follow it.
    let it = check(
        "狭海 支援 艾林家族 防守 鹰巢城",
        "狭海 支援 鹰巢城 防守 鹰巢城。",
    );
    let eyrie = area("鹰巢城");
    assert!(matches!(
        &step(&it).alternatives[0].actions[0].0,
        Action::Support { target: SupportTarget::Defence { side: Side::Neutral(n), area }, .. }
            if *n == eyrie && *area == eyrie
    ));
}

#[test]
fn a_neutral_defends_only_its_own_place() {
    assert_eq!(
        first_error("狭海 支援 君临 防守 鹰巢城", Lang::Zh),
        "第1行第7列：君临的中立守军只防守君临，不能防守鹰巢城；请写“支援 君临 防守 君临”\n  狭海 支援 君临 防守 鹰巢城\n  　　 　　 ^"
    );
    assert_eq!(
        first_error(
            "Blackwater supports The Eyrie defending King's Landing",
            Lang::En
        ),
        "line 1, column 21: the neutral garrison of The Eyrie defends only The Eyrie, not King's Landing; write \"support The Eyrie defending The Eyrie\"\n  Blackwater supports The Eyrie defending King's Landing\n                      ^"
    );
    // An area without a neutral is no house.
    assert_eq!(
        first_error("黑水河 支援 河湾地 防守 河湾地", Lang::Zh),
        "第1行第8列：“河湾地”是区域，不是家族；请写防守它的家族 (如 白狼)，只有中立守军按地名称呼\n  黑水河 支援 河湾地 防守 河湾地\n  　　　 　　 ^"
    );
    assert_eq!(
        first_error(
            "Blackwater supports The Reach defending The Reach",
            Lang::En
        ),
        "line 1, column 21: \"The Reach\" is an area, not a house; name the house defending it (e.g. Stark) — only a neutral garrison is named by its place\n  Blackwater supports The Reach defending The Reach\n                      ^"
    );
}

// ------------------------------------------------------------------ withholding own support

#[test]
fn withholding_own_support_from_one_battle_004_l1398() {
    let it = three(
        "石圣堂 不支援 黑水河",
        "石聖堂 不支援 黑水河。",
        "Stoney Sept does not support Blackwater",
        "石圣堂 不支援 黑水河",
    );
    assert_eq!(
        it,
        Item::NoSupport {
            from: area("石圣堂"),
            battle: area("黑水河"),
        }
    );
    assert_eq!(
        first_error("石圣堂 不支援", Lang::Zh),
        "第1行第8列：这里应为区域名 (如 临冬城)，但这一行已经结束\n  石圣堂 不支援\n  　　　 　　　^"
    );
}
