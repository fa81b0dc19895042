//! The order language against the rulebook's order corpus: every order line of rules-spec §5
//! (004 verbatim), each with its meaning and the round trip of its canonical echo. Traditional,
//! English, mistakes and other submissions are in `lang_forms.rs`, random round trips and
//! robustness in `lang_roundtrip.rs`.

mod lang_support;

use lang_support::*;
use maester::board::{OrderType, UnitKind};
use maester::lang::ast::*;
use maester::lang::{ErrorKind, Lang, parse_submission};

// ------------------------------------------------------------------ §5.1 order placement

#[test]
fn placement_march_special_004_l1678() {
    let it = check("临冬城 行军+1", "临冬城 行军+1");
    assert_eq!(
        placement(&it),
        (area("临冬城"), order(OrderType::March, true))
    );
}
#[test]
fn placement_support_with_full_stop_004_l1679() {
    let it = check("白港 支援。", "白港 支援");
    assert_eq!(
        placement(&it),
        (area("白港"), order(OrderType::Support, false))
    );
}
#[test]
fn placement_defence_at_sea_004_l1680() {
    let it = check("颤抖海 防守", "颤抖海 防守");
    assert_eq!(
        placement(&it),
        (area("颤抖海"), order(OrderType::Defence, false))
    );
}
#[test]
fn placement_raid_special_004_l1681() {
    let it = check("黑水河 突袭+1", "黑水河 突袭+1");
    assert_eq!(
        placement(&it),
        (area("黑水河"), order(OrderType::Raid, true))
    );
}
#[test]
fn placement_consolidate_004_l1682() {
    let it = check("青亭岛 巩固统治", "青亭岛 巩固统治");
    assert_eq!(
        placement(&it),
        (area("青亭岛"), order(OrderType::Consolidate, false))
    );
}
#[test]
fn placement_march_004_l1683() {
    let it = check("龙石岛 行军", "龙石岛 行军");
    assert_eq!(
        placement(&it),
        (area("龙石岛"), order(OrderType::March, false))
    );
}
#[test]
fn placement_with_one_time_orders_004_l2500() {
    let it = check("赫伦堡 行军 强行军", "赫伦堡 行军 强行军");
    assert!(matches!(
        it,
        Item::Placement(Placement {
            one_time: Some(OneTime::ForcedMarch),
            ..
        })
    ));
    let it = check("三塔堡 浮桥 亲王隘口", "三塔堡 浮桥 到 亲王隘口");
    assert_eq!(
        it,
        Item::Placement(Placement {
            area: area("三塔堡"),
            order: None,
            one_time: Some(OneTime::Pontoon(Some(area("亲王隘口")))),
        })
    );
    check("高庭 巩固统治+1, 补给车", "高庭 巩固统治+1 补给车");
    check("临冬城 防守+2 招募", "临冬城 防守+2 招募");
}

// ------------------------------------------------------------------ §5.2 march

#[test]
fn march_single_unit_by_unit_word_004_l1268() {
    let it = check("御林步兵 移动到 君临城。", "御林步兵 移动到 君临。");
    assert_eq!(
        *march(&it),
        plain_march(units("御林", UnitSel::Kind(UnitKind::Footman)), "君临")
    );
}
#[test]
fn march_whole_army_004_l1271() {
    let it = check("河湾地军团 移动到 多恩边疆", "河湾地部队 移动到 多恩边疆。");
    assert_eq!(
        *march(&it),
        plain_march(units("河湾地", UnitSel::All), "多恩边疆")
    );
}
#[test]
fn march_split_units_004_l1275() {
    let it = check("石圣堂2F移动到兰尼斯港", "石圣堂2F 移动到 兰尼斯港。");
    assert_eq!(
        *march(&it),
        plain_march(
            units("石圣堂", counts(&[(2, UnitKind::Footman)])),
            "兰尼斯港"
        )
    );
}
#[test]
fn march_split_knight_004_l1276() {
    let it = check("石圣堂1K移动到赫伦堡", "石圣堂1K 移动到 赫伦堡。");
    assert_eq!(march(&it).units.units, counts(&[(1, UnitKind::Knight)]));
}
#[test]
fn march_split_siege_engine_004_l1277() {
    let it = check("石圣堂1E移动到滨海大道", "石圣堂1E 移动到 滨海大道。");
    assert_eq!(march(&it).units.units, counts(&[(1, UnitKind::Siege)]));
}

// ------------------------------------------------------------------ §5.3 numbered sequence

#[test]
fn numbered_step_one_004_l1283() {
    let it = check("1) 御林步兵 移动到 君临城。", "1) 御林步兵 移动到 君临。");
    assert_eq!(
        step(&it).number,
        Some(StepNo {
            major: 1,
            minor: None
        })
    );
}
#[test]
fn numbered_step_two_004_l1284() {
    let it = check(
        "2) 河湾地军团 移动到 多恩边疆。",
        "2) 河湾地部队 移动到 多恩边疆。",
    );
    assert_eq!(
        step(&it).number,
        Some(StepNo {
            major: 2,
            minor: None
        })
    );
}

// ------------------------------------------------------------------ §5.4 conditions

#[test]
fn condition_only_if_not_fallen_004_l1295() {
    let it = check(
        "高庭1F移动到河湾地。(仅当滨海大道未失守时执行这条命令。如果滨海大道失守,这条命令跳过不执行。)",
        "如果滨海大道未失守,则高庭1F 移动到 河湾地。",
    );
    let alt = &step(&it).alternatives[0];
    assert_eq!(
        alt.condition,
        Some(Condition::If(Cond::one(Predicate::Fallen {
            area: area("滨海大道"),
            fallen: false
        })))
    );
}
#[test]
fn condition_fallback_if_not_executable_004_l1300() {
    let it = check(
        "寡妇角1F移动到卡林湾,如果狭海失守导致该命令不能被执行,则寡妇角1F移动到白港。",
        "寡妇角1F 移动到 卡林湾,如果狭海失守导致该命令不能被执行,则寡妇角1F 移动到 白港。",
    );
    let (a, f) = &step(&it).alternatives[0].actions[0];
    let f1 = units("寡妇角", counts(&[(1, UnitKind::Footman)]));
    assert_eq!(*a, Action::March(plain_march(f1.clone(), "卡林湾")));
    assert_eq!(
        *f,
        Some(Fallback {
            because: Cond::one(Predicate::Fallen {
                area: area("狭海"),
                fallen: true
            }),
            then: Action::March(plain_march(f1, "白港")),
        })
    );
}
#[test]
fn condition_alternatives_foreign_units_ships_to_land_parses_004_l1303() {
    // The second branch sends ships onto land: it parses; validation rejects it later.
    let it = check(
        "如果铁民湾有其他家族的部队,金声海2S 移动到 铁民湾;如果日落之海有其他家族的部队,金声海2S 移动到 滨海大道。",
        "如果铁民湾有其他家族的部队,则金声海2S 移动到 铁民湾;如果日落之海有其他家族的部队,则金声海2S 移动到 滨海大道。",
    );
    let alts = &step(&it).alternatives;
    assert_eq!(alts.len(), 2);
    assert_eq!(
        alts[1].condition,
        Some(Condition::If(Cond::one(Predicate::ForeignUnits {
            area: area("日落之海"),
            present: true
        })))
    );
    assert_eq!(
        alts[1].actions[0].0,
        Action::March(plain_march(
            units("金声海", counts(&[(2, UnitKind::Ship)])),
            "滨海大道"
        ))
    );
}
#[test]
fn sub_step_if_fallen_without_then_004_l1307() {
    let it = check(
        "1-1) 如果御林失守,风息堡1K 移动到 御林。",
        "1-1) 如果御林失守,则风息堡1K 移动到 御林。",
    );
    assert_eq!(
        step(&it).number,
        Some(StepNo {
            major: 1,
            minor: Some(1)
        })
    );
}
#[test]
fn sub_step_if_already_fallen_004_l1308() {
    let it = check(
        "1-2) 如果多恩海已经失守,则东夏海2S 移动到 多恩海。",
        "1-2) 如果多恩海失守,则东夏海2S 移动到 多恩海。",
    );
    let alt = &step(&it).alternatives[0];
    assert_eq!(
        alt.condition,
        Some(Condition::If(Cond::one(Predicate::Fallen {
            area: area("多恩海"),
            fallen: true
        })))
    );
}
#[test]
fn sub_step_if_step_one_took_1_1_004_l1309() {
    let it = check(
        "2-1) 如果第一步执行的是1-1,则东夏海2S 移动到 西夏海。",
        "2-1) 如果第一步执行的是1-1,则东夏海2S 移动到 西夏海。",
    );
    let alt = &step(&it).alternatives[0];
    assert_eq!(
        alt.condition,
        Some(Condition::If(Cond::one(Predicate::StepTaken(StepNo {
            major: 1,
            minor: Some(1)
        }))))
    );
}
#[test]
fn sub_step_if_step_one_took_1_2_004_l1310() {
    check(
        "2-2) 如果第一步执行的是1-2,则风息堡1K 移动到 骨路。",
        "2-2) 如果第一步执行的是1-2,则风息堡1K 移动到 骨路。",
    );
}

// ------------------------------------------------------------------ §5.5 / §5.6 chains, March+1

#[test]
fn chained_march_first_link_004_l1344() {
    check("1) 河湾地1K移动到黑水河。", "1) 河湾地1K 移动到 黑水河。");
}
#[test]
fn chained_march_second_link_004_l1345() {
    let it = check(
        "2) 黑水河军团移动到赫伦堡。",
        "2) 黑水河部队 移动到 赫伦堡。",
    );
    assert_eq!(march(&it).units, units("黑水河", UnitSel::All));
}
#[test]
fn chained_march_other_origin_004_l1498() {
    check("2) 多恩边疆1F移动到高庭。", "2) 多恩边疆1F 移动到 高庭。");
}
#[test]
fn march_plus_one_annotation_after_full_stop_004_l1499() {
    let it = check(
        "3) 黑水河军团移动到赫伦堡。(行军+1)",
        "3) 黑水河部队 移动到 赫伦堡(行军+1)。",
    );
    assert!(march(&it).special);
}
#[test]
fn alternative_example_prefix_is_ignored_004_l1503() {
    let it = check(
        "或者:1) 河湾地1K移动到黑水河。",
        "1) 河湾地1K 移动到 黑水河。",
    );
    assert_eq!(it, one("1) 河湾地1K移动到黑水河。"));
}
#[test]
fn chain_through_kings_landing_004_l1504() {
    check("2) 君临1F移动到黑水河。", "2) 君临1F 移动到 黑水河。");
}
#[test]
fn march_plus_one_annotation_without_full_stop_004_l1511() {
    let it = check(
        "3) 赫伦堡军团移动到奔流城(行军+1)",
        "3) 赫伦堡部队 移动到 奔流城(行军+1)。",
    );
    assert!(march(&it).special);
}

// ------------------------------------------------------------------ §5.7 cross-house support

#[test]
fn submitter_label_is_ignored_004_l1406() {
    let it = check(
        "[红狮提交:]奔流城2K 移动到 海疆城",
        "奔流城2K 移动到 海疆城。",
    );
    assert_eq!(it, one("奔流城2K 移动到 海疆城"));
}
#[test]
fn support_attack_of_another_house_004_l1407() {
    let it = check(
        "[白狼提交:]卡林湾 支援 奔流城部队 移动到 海疆城",
        "卡林湾 支援 奔流城部队 移动到 海疆城。",
    );
    let target = SupportTarget::Attack {
        units: units("奔流城", UnitSel::All),
        to: area("海疆城"),
    };
    assert_eq!(
        step(&it).alternatives[0].actions[0].0,
        Action::Support {
            from: Some(area("卡林湾")),
            target
        }
    );
}
#[test]
fn support_defence_of_a_house_004_l1414() {
    let it = check(
        "卡林湾 支援 海怪家族 防守 海疆城",
        "卡林湾 支援 海怪 防守 海疆城。",
    );
    let target = SupportTarget::Defence {
        side: Side::House(house("海怪")),
        area: area("海疆城"),
    };
    assert_eq!(
        step(&it).alternatives[0].actions[0].0,
        Action::Support {
            from: Some(area("卡林湾")),
            target
        }
    );
}
#[test]
fn conditional_support_without_source_004_l1419() {
    let it = check(
        "[红狮提交]:如果白狼家族在本回合没有攻击我,则支援白狼家族 防守 卡林湾。",
        "如果白狼在本回合没有攻击我,则支援 白狼 防守 卡林湾。",
    );
    let alt = &step(&it).alternatives[0];
    assert_eq!(
        alt.condition,
        Some(Condition::If(Cond::one(Predicate::AttackedMe {
            house: house("史塔克"),
            attacked: false
        })))
    );
    assert!(matches!(
        alt.actions[0].0,
        Action::Support { from: None, .. }
    ));
}

// ------------------------------------------------------------------ §5.8 raids

#[test]
fn raid_by_ships_004_l1446() {
    let it = check("狭海战舰 突袭 五指半岛。", "狭海战舰 突袭 五指半岛。");
    assert_eq!(
        step(&it).alternatives[0].actions[0].0,
        Action::Raid {
            units: units("狭海", UnitSel::Kind(UnitKind::Ship)),
            targets: vec![area("五指半岛")]
        }
    );
}
#[test]
fn raid_by_army_004_l1449() {
    check("高庭军团 突袭 河湾地。", "高庭部队 突袭 河湾地。");
}
#[test]
fn raid_sequence_first_004_l1456() {
    check("1) 狭海战舰 突袭 五指半岛", "1) 狭海战舰 突袭 五指半岛。");
}
#[test]
fn raid_sequence_second_004_l1457() {
    check("2) 寡妇角1F 突袭 白港", "2) 寡妇角1F 突袭 白港。");
}
#[test]
fn raid_sequence_third_004_l1458() {
    check("3) 卡林湾1K 突袭 白港", "3) 卡林湾1K 突袭 白港。");
}
#[test]
fn raid_plus_one_two_targets_spec_5_8() {
    let it = check(
        "黑水河军团 突袭 河湾地 和 石圣堂",
        "黑水河部队 突袭 河湾地 和 石圣堂。",
    );
    assert_eq!(it, one("黑水河军团 突袭 河湾地、石圣堂"));
}

// ------------------------------------------------------------------ §5.9 / §5.10 transport

#[test]
fn own_transport_is_a_march_004_l1560() {
    check("青亭岛步兵 移动到 阳戟城", "青亭岛步兵 移动到 阳戟城。");
}
#[test]
fn own_transport_alias_oldtown_004_l1561() {
    let it = check("御林军团 移动到 旧城", "御林部队 移动到 旧镇。");
    assert_eq!(march(&it).to, area("旧镇"));
}
#[test]
fn own_transport_to_island_004_l1562() {
    check("风息堡2K 移动到 龙石岛", "风息堡2K 移动到 龙石岛。");
}
#[test]
fn relay_transport_mail_004_l1574_to_l1579() {
    let mail = "[黄鹿提交:]\n龙石岛军团 移动到 菲林特之指\n破船湾 运输 龙石岛军团 移动到 菲林特之指\n\n[玫瑰提交:]\n东夏海 和 西夏海 运输 龙石岛军团 移动到 菲林特之指\n[海怪提交:]\n寒冰湾 运输 龙石岛军团 移动到 菲林特之指\n";
    let p = parse_submission(mail, names());
    assert!(p.errors.is_empty(), "{}", p.error_report(Lang::En));
    let lines: Vec<usize> = p.items.iter().map(|e| e.line).collect();
    assert_eq!(lines, vec![2, 3, 6, 8]);
    assert_eq!(
        step(&p.items[2].item).alternatives[0].actions[0].0,
        Action::Transport {
            seas: vec![area("东夏海"), area("西夏海")],
            units: units("龙石岛", UnitSel::All),
            to: area("菲林特之指"),
        }
    );
    for line in mail
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('['))
    {
        let it = one(line);
        for lang in [Lang::Zh, Lang::En] {
            assert_eq!(one(&echo(&it, lang)), it);
        }
    }
}

// ------------------------------------------------------------------ §5.11 leaders

#[test]
fn march_leader_004_l2029() {
    let it = check(
        "派克岛2K 移动到 海疆城(将领:巴隆)",
        "派克岛2K 移动到 海疆城(将领: 巴隆)。",
    );
    assert_eq!(march(&it).leader, Some(LeaderChoice::Named(leader("巴隆"))));
}
#[test]
fn split_march_with_bare_leaders_004_l2033() {
    let it = check(
        "派克岛2K 移动到 海疆城(阿莎);派克岛1F 移动到 灰水望(巴隆)",
        "派克岛2K 移动到 海疆城(将领: 阿莎);派克岛1F 移动到 灰水望(将领: 巴隆)。",
    );
    let alts = &step(&it).alternatives;
    assert_eq!(alts.len(), 1, "both parts of one split march");
    assert_eq!(alts[0].actions.len(), 2);
}
#[test]
fn march_and_defence_leaders_004_l2041() {
    let it = check(
        "派克岛2K 移动到 海疆城(将领:巴隆;防守:阿莎)",
        "派克岛2K 移动到 海疆城(将领: 巴隆; 防守: 阿莎)。",
    );
    assert_eq!(march(&it).defender, Some(leader("阿莎")));
}
#[test]
fn defence_leader_of_held_area_004_l2056() {
    let it = check("海疆城守将:小恶魔", "海疆城守将: 小恶魔");
    assert_eq!(
        it,
        Item::Defender {
            area: area("海疆城"),
            leader: leader("提利昂"),
            substitute: None
        }
    );
}
#[test]
fn conditional_march_leader_004_l2085() {
    let it = check(
        "派克岛2K1F 移动到 海疆城(如果海疆城驻军战斗力大于5,行军将领为阿莎;否则,将领为巴隆。)",
        "派克岛1F2K 移动到 海疆城(如果海疆城驻军战斗力大于5,行军将领为阿莎;否则,将领为巴隆)。",
    );
    assert_eq!(
        march(&it).leader,
        Some(LeaderChoice::Conditional {
            condition: Cond::one(Predicate::Garrison {
                area: area("海疆城"),
                cmp: Cmp::Greater,
                value: 5
            }),
            then: leader("阿莎"),
            otherwise: leader("巴隆"),
        })
    );
}
#[test]
fn substitute_and_district_spec_5_11() {
    let it = check("临冬城守将:罗柏(替补:艾德)", "临冬城守将: 罗柏(替补: 艾德)");
    assert!(matches!(
        it,
        Item::Defender {
            substitute: Some(_),
            ..
        }
    ));
    let it = check(
        "军区:临冬城+白港 守将:艾德",
        "军区: 临冬城 + 白港 守将: 艾德",
    );
    assert_eq!(
        it,
        Item::District {
            areas: [area("临冬城"), area("白港")],
            leader: leader("艾德")
        }
    );
}

// ------------------------------------------------------------------ §5.12 forced march

#[test]
fn forced_march_004_l2601() {
    let it = check("赫伦堡2F 强行军到 奔流城", "赫伦堡2F 强行军到 奔流城。");
    assert!(march(&it).forced);
}
#[test]
fn forced_march_siege_004_l2602() {
    check(
        "菲林特之指1E 强行军到 奔流城",
        "菲林特之指1E 强行军到 奔流城。",
    );
}

// ------------------------------------------------------------------ §5.13 prose

#[test]
fn port_and_muster_in_one_phase_is_rejected_004_l761() {
    let p = parse_submission("在海疆城建造港口,同时在这个港口中征募1S。", names());
    assert!(p.items.is_empty());
    assert_eq!(
        p.errors[0].message(Lang::En),
        "line 1, column 1: a port cannot receive ships mustered in the phase it is built (rule 004:L761); submit the muster in a later phase\n  在海疆城建造港口,同时在这个港口中征募1S。\n  ^"
    );
    // Building the port alone is fine.
    check("在海疆城建造港口", "建造港口: 海疆城");
}
#[test]
fn march_written_with_xingjun_dao_004_l1782() {
    let it = check("黑水河1K行军到君临", "黑水河1K 移动到 君临。");
    assert_eq!(it, one("黑水河1K 移动到 君临"));
}
#[test]
fn strength_arithmetic_is_not_an_order_004_l1390() {
    let p = parse_submission("2F(2)+1K(2)1F(1)=5", names());
    assert!(p.items.is_empty());
    assert_eq!(p.errors[0].kind, ErrorKind::Arithmetic);
    assert_eq!(
        p.errors[0].kind.describe(Lang::Zh),
        "这是战斗力算式，不是命令"
    );
}
