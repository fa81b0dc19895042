//! The order language beyond the corpus lines: Traditional-Chinese and English forms of the
//! corpus, errors for realistic mistakes (with their exact messages), the other plan items and
//! event-phase submissions, and that the board's names are data the grammar reads.

mod lang_support;

use lang_support::*;
use maester::board::UnitKind;
use maester::lang::ast::*;
use maester::lang::{ErrorKind, Lang, MAX_BYTES, MAX_LINES, parse_submission};

/// Each corpus line of rules-spec §5 with a Traditional-Chinese and an English version.
const FORMS: &[(&str, &str, &str)] = &[
    ("临冬城 行军+1", "臨冬城 行軍+1", "Winterfell march+1"),
    ("白港 支援。", "白港 支援。", "White Harbor support."),
    ("颤抖海 防守", "顫抖海 防守", "The Shivering Sea defence"),
    ("黑水河 突袭+1", "黑水河 突襲＋１", "Blackwater raid+1"),
    (
        "青亭岛 巩固统治",
        "青亭島 鞏固統治",
        "The Arbor consolidate power",
    ),
    (
        "御林步兵 移动到 君临城。",
        "御林步兵 移動到 君臨城。",
        "Kingswood footman moves to King's Landing.",
    ),
    (
        "河湾地军团 移动到 多恩边疆",
        "河灣地軍團 移動到 多恩邊疆",
        "The Reach army moves to Dornish Marches",
    ),
    (
        "石圣堂2F移动到兰尼斯港",
        "石聖堂２Ｆ移動到蘭尼斯港",
        "Stoney Sept 2F moves to Lannisport",
    ),
    (
        "石圣堂1E移动到滨海大道",
        "石聖堂1E移動到濱海大道",
        "Stoney Sept 1 siege engine moves to Searoad Marches",
    ),
    (
        "1) 御林步兵 移动到 君临城。",
        "１）御林步兵 移動到 君臨城。",
        "1) Kingswood footmen move to King's Landing.",
    ),
    (
        "高庭1F移动到河湾地。(仅当滨海大道未失守时执行这条命令。如果滨海大道失守,这条命令跳过不执行。)",
        "高庭1F移動到河灣地。（僅當濱海大道未失守時執行這條命令。如果濱海大道失守，這條命令跳過不執行。）",
        "Highgarden 1F moves to The Reach (only if Searoad Marches is held)",
    ),
    (
        "寡妇角1F移动到卡林湾,如果狭海失守导致该命令不能被执行,则寡妇角1F移动到白港。",
        "寡婦角1F移動到卡林灣，如果狹海失守導致該命令不能被執行，則寡婦角1F移動到白港。",
        "Widow's Watch 1F moves to Moat Cailin, if it fails because The Narrow Sea has fallen, then Widow's Watch 1F moves to White Harbor.",
    ),
    (
        "如果铁民湾有其他家族的部队,金声海2S 移动到 铁民湾;如果日落之海有其他家族的部队,金声海2S 移动到 滨海大道。",
        "如果鐵民灣有其他家族的部隊，金聲海2S 移動到 鐵民灣；如果日落之海有其他家族的部隊，金聲海2S 移動到 濱海大道。",
        "if Ironman's Bay has foreign units, The Golden Sound 2S moves to Ironman's Bay; if Sunset Sea has foreign units, The Golden Sound 2 ships move to Searoad Marches.",
    ),
    (
        "1-1) 如果御林失守,风息堡1K 移动到 御林。",
        "1-1) 如果御林失守，風息堡1K 移動到 御林。",
        "1-1) if Kingswood has fallen, Storm's End 1K moves to Kingswood.",
    ),
    (
        "1-2) 如果多恩海已经失守,则东夏海2S 移动到 多恩海。",
        "1-2) 如果多恩海已經失守，則東夏海2S 移動到 多恩海。",
        "1-2) If Sea of Dorne has fallen, then East Summer Sea 2S moves to Sea of Dorne.",
    ),
    (
        "2-1) 如果第一步执行的是1-1,则东夏海2S 移动到 西夏海。",
        "2-1) 如果第一步執行的是1-1，則東夏海2S 移動到 西夏海。",
        "2-1) if step 1 was 1-1, then East Summer Sea 2S moves to West Summer Sea.",
    ),
    (
        "3) 黑水河军团移动到赫伦堡。(行军+1)",
        "3) 黑水河軍團移動到赫倫堡。（行軍+1）",
        "3) Blackwater army moves to Harrenhal. (march+1)",
    ),
    (
        "[白狼提交:]卡林湾 支援 奔流城部队 移动到 海疆城",
        "【白狼提交：】卡林灣 支援 奔流城部隊 移動到 海疆城",
        "[Stark:] Moat Cailin supports Riverrun units moving to Seagard",
    ),
    (
        "卡林湾 支援 海怪家族 防守 海疆城",
        "卡林灣 支援 海怪家族 防守 海疆城",
        "Moat Cailin supports House Greyjoy defending Seagard",
    ),
    (
        "[红狮提交]:如果白狼家族在本回合没有攻击我,则支援白狼家族 防守 卡林湾。",
        "[紅獅提交]：如果白狼家族在本回合沒有攻擊我，則支援白狼家族 防守 卡林灣。",
        "if Stark has not attacked me this round, then support Stark defending Moat Cailin.",
    ),
    (
        "狭海战舰 突袭 五指半岛。",
        "狹海戰艦 突襲 五指半島。",
        "The Narrow Sea ships raid The Fingers.",
    ),
    (
        "东夏海 和 西夏海 运输 龙石岛军团 移动到 菲林特之指",
        "東夏海 和 西夏海 運輸 龍石島軍團 移動到 菲林特之指",
        "East Summer Sea and West Summer Sea transport Dragonstone army to Flint's Finger",
    ),
    (
        "派克岛2K 移动到 海疆城(将领:巴隆;防守:阿莎)",
        "派克島2K 移動到 海疆城（將領：巴隆；防守：阿莎）",
        "Pyke 2K moves to Seagard (leader: Balon; defender: Asha)",
    ),
    (
        "海疆城守将:小恶魔",
        "海疆城守將：小惡魔",
        "Seagard defender: Tyrion Lannister",
    ),
    (
        "派克岛2K1F 移动到 海疆城(如果海疆城驻军战斗力大于5,行军将领为阿莎;否则,将领为巴隆。)",
        "派克島2K1F 移動到 海疆城（如果海疆城駐軍戰鬥力大於5，行軍將領為阿莎；否則，將領為巴隆。）",
        "Pyke 2K1F moves to Seagard (if garrison of Seagard > 5, leader Asha; otherwise, leader Balon.)",
    ),
    (
        "赫伦堡2F 强行军到 奔流城",
        "赫倫堡2F 強行軍到 奔流城",
        "Harrenhal 2F forced march to Riverrun",
    ),
    (
        "黑水河1K行军到君临",
        "黑水河1K行軍到君臨",
        "Blackwater 1 knight marches to King's Landing",
    ),
    ("龙石岛 行军", "龍石島 行軍", "Dragonstone march"),
    (
        "石圣堂1K移动到赫伦堡",
        "石聖堂1K移動到赫倫堡",
        "Stoney Sept 1K moves to Harrenhal",
    ),
    (
        "2) 河湾地军团 移动到 多恩边疆。",
        "2) 河灣地軍團 移動到 多恩邊疆。",
        "2) The Reach army moves to Dornish Marches.",
    ),
    (
        "2-2) 如果第一步执行的是1-2,则风息堡1K 移动到 骨路。",
        "2-2) 如果第一步執行的是1-2,則風息堡1K 移動到 骨路。",
        "2-2) if step 1 was 1-2, then Storm's End 1K moves to The Boneway.",
    ),
    (
        "1) 河湾地1K移动到黑水河。",
        "1) 河灣地1K移動到黑水河。",
        "1) The Reach 1 knight moves to Blackwater.",
    ),
    (
        "2) 黑水河军团移动到赫伦堡。",
        "2) 黑水河軍團移動到赫倫堡。",
        "2) Blackwater army moves to Harrenhal.",
    ),
    (
        "2) 多恩边疆1F移动到高庭。",
        "2) 多恩邊疆1F移動到高庭。",
        "2) Dornish Marches 1F moves to Highgarden.",
    ),
    (
        "2) 君临1F移动到黑水河。",
        "2) 君臨1F移動到黑水河。",
        "2) King's Landing 1F moves to Blackwater.",
    ),
    (
        "3) 赫伦堡军团移动到奔流城(行军+1)",
        "3) 赫倫堡軍團移動到奔流城(行軍+1)",
        "3) Harrenhal army moves to Riverrun (march+1)",
    ),
    (
        "[红狮提交:]奔流城2K 移动到 海疆城",
        "[紅獅提交:]奔流城2K 移動到 海疆城",
        "[Lannister submits:] Riverrun 2K moves to Seagard",
    ),
    (
        "高庭军团 突袭 河湾地。",
        "高庭軍團 突襲 河灣地。",
        "Highgarden army raids The Reach.",
    ),
    (
        "1) 狭海战舰 突袭 五指半岛",
        "1) 狹海戰艦 突襲 五指半島",
        "1) The Narrow Sea ships raid The Fingers",
    ),
    (
        "2) 寡妇角1F 突袭 白港",
        "2) 寡婦角1F 突襲 白港",
        "2) Widow's Watch 1F raids White Harbor",
    ),
    (
        "3) 卡林湾1K 突袭 白港",
        "3) 卡林灣1K 突襲 白港",
        "3) Moat Cailin 1K raids White Harbor",
    ),
    (
        "青亭岛步兵 移动到 阳戟城",
        "青亭島步兵 移動到 陽戟城",
        "The Arbor footmen move to Sunspear",
    ),
    (
        "御林军团 移动到 旧城",
        "御林軍團 移動到 舊城",
        "Kingswood army moves to Oldtown",
    ),
    (
        "风息堡2K 移动到 龙石岛",
        "風息堡2K 移動到 龍石島",
        "Storm's End 2 knights move to Dragonstone",
    ),
    (
        "龙石岛军团 移动到 菲林特之指",
        "龍石島軍團 移動到 菲林特之指",
        "Dragonstone army moves to Flint's Finger",
    ),
    (
        "破船湾 运输 龙石岛军团 移动到 菲林特之指",
        "破船灣 運輸 龍石島軍團 移動到 菲林特之指",
        "Shipbreaker Bay transports Dragonstone army to Flint's Finger",
    ),
    (
        "寒冰湾 运输 龙石岛军团 移动到 菲林特之指",
        "寒冰灣 運輸 龍石島軍團 移動到 菲林特之指",
        "Bay of Ice transports Dragonstone army to Flint's Finger",
    ),
    (
        "派克岛2K 移动到 海疆城(将领:巴隆)",
        "派克島2K 移動到 海疆城(將領:巴隆)",
        "Pyke 2K moves to Seagard (leader: Balon)",
    ),
    (
        "派克岛2K 移动到 海疆城(阿莎);派克岛1F 移动到 灰水望(巴隆)",
        "派克島2K 移動到 海疆城(阿莎);派克島1F 移動到 灰水望(巴隆)",
        "Pyke 2K moves to Seagard (Asha); Pyke 1F moves to Greywater Watch (Balon)",
    ),
    (
        "菲林特之指1E 强行军到 奔流城",
        "菲林特之指1E 強行軍到 奔流城",
        "Flint's Finger 1E forced march to Riverrun",
    ),
];

#[test]
fn traditional_and_english_forms_mean_the_same_as_the_corpus() {
    for (zh, hant, en) in FORMS {
        let item = one(zh);
        assert_eq!(one(hant), item, "Traditional form of {zh}");
        assert_eq!(one(en), item, "English form of {zh}");
    }
}

// ------------------------------------------------------------------ mistakes

fn first_error(text: &str, lang: Lang) -> String {
    let p = parse_submission(text, names());
    assert!(!p.errors.is_empty(), "{text} should fail");
    p.errors[0].message(lang)
}

#[test]
fn typo_in_an_area_name_suggests_the_closest() {
    assert_eq!(
        first_error("临冬成 行军", Lang::En),
        "line 1, column 1: there is no area called \"临冬成\"; did you mean Winterfell (临冬城)?\n  临冬成 行军\n  ^"
    );
    assert_eq!(
        first_error("御林步兵 移动到 君林。", Lang::Zh),
        "第1行第10列：没有名为“君林”的区域；你是不是指 君临 (King's Landing)？\n  御林步兵 移动到 君林。\n  　　　　 　　　 ^"
    );
    assert_eq!(
        first_error("Winterfel march", Lang::En),
        "line 1, column 1: there is no area called \"Winterfel\"; did you mean Winterfell (临冬城)?\n  Winterfel march\n  ^"
    );
}

#[test]
fn bare_summer_sea_is_ambiguous_a05() {
    assert_eq!(
        first_error("龙石岛军团 移动到 夏海", Lang::En),
        "line 1, column 11: \"夏海\" could be more than one area: East Summer Sea (东夏海) or West Summer Sea (西夏海); please write the full name\n  龙石岛军团 移动到 夏海\n  　　　　　 　　　 ^"
    );
}

#[test]
fn missing_destination() {
    assert_eq!(
        first_error("御林步兵 移动到", Lang::En),
        "line 1, column 9: expected an area name (e.g. Winterfell), but the line ends here\n  御林步兵 移动到\n  　　　　 　　　^"
    );
}

#[test]
fn wrong_unit_letter() {
    assert_eq!(
        first_error("石圣堂2X移动到兰尼斯港", Lang::Zh),
        "第1行第5列：这里应为军种 (F 步兵, K 骑士, S 战舰, E 攻城车, A 弓箭手)，但写的是“X”\n  石圣堂2X移动到兰尼斯港\n  　　　 ^"
    );
}

#[test]
fn unknown_leader() {
    assert_eq!(
        first_error("派克岛2K 移动到 海疆城(将领:巴龙)", Lang::En),
        "line 1, column 18: there is no leader called \"巴龙\"; did you mean Balon (巴隆)?\n  派克岛2K 移动到 海疆城(将领:巴龙)\n  　　　   　　　 　　　 　　 ^"
    );
}

#[test]
fn full_width_colon_and_brackets_are_accepted() {
    assert_eq!(one("海疆城守将：小恶魔"), one("海疆城守将:小恶魔"));
    assert_eq!(
        one("派克岛２Ｋ 移动到 海疆城（将领：巴隆）"),
        one("派克岛2K 移动到 海疆城(将领:巴隆)")
    );
}

#[test]
fn unknown_order_type() {
    assert_eq!(
        first_error("临冬城 进攻", Lang::En),
        "line 1, column 5: expected units (e.g. 2F1K, footman, army), an order type (march, defence, support, raid, consolidate power, optionally +1/+2), a one-time order (recruit, supply caravan, forced march, pontoon) or a verb (moves to, forced march to, raids, supports, transports), found \"进攻\"\n  临冬城 进攻\n  　　　 ^"
    );
}

#[test]
fn wrong_special_bonus() {
    assert_eq!(
        first_error("临冬城 防守+1", Lang::Zh),
        "第1行第7列：没有“防守+1”这种命令；特殊命令是“防守+2”\n  临冬城 防守+1\n  　　　 　　^"
    );
}

#[test]
fn one_bad_line_never_hides_the_others() {
    let mail = "临冬城 行军+1\n临冬成 防守\n\n> 引用的旧邮件 临冬城 行军\n白港 支援\n卡霍城 进攻\n--\n签名 不是命令";
    let p = parse_submission(mail, names());
    assert_eq!(
        p.items.iter().map(|e| e.line).collect::<Vec<_>>(),
        vec![1, 5]
    );
    assert_eq!(
        p.errors
            .iter()
            .map(|e| (e.line, e.column))
            .collect::<Vec<_>>(),
        vec![(2, 1), (6, 5)]
    );
}

#[test]
fn every_bad_name_of_a_line_is_reported() {
    let p = parse_submission("临冬成 支援 海怪家 防守 海疆成", names());
    let cols: Vec<usize> = p.errors.iter().map(|e| e.column).collect();
    assert_eq!(cols, vec![1, 8, 15]);
}

#[test]
fn limits_of_size_and_lines() {
    let big = "临冬城 行军\n".repeat(MAX_BYTES / 10);
    assert!(matches!(
        parse_submission(&big, names()).errors[0].kind,
        ErrorKind::TooLarge { .. }
    ));
    let many = "\n".repeat(MAX_LINES + 1);
    let p = parse_submission(&many, names());
    assert_eq!(
        p.errors[0].message(Lang::En),
        format!("the mail has too many lines: at most {MAX_LINES}")
    );
    let long = format!("临冬城 行军{}", " ".repeat(2000));
    assert!(matches!(
        parse_submission(&long, names()).errors[0].kind,
        ErrorKind::LineTooLong { .. }
    ));
}

// ------------------------------------------------------------------ other plan items

#[test]
fn plan_items_beyond_marches() {
    let it = check("拒绝 红狮 的支援", "拒绝 红狮 的支援");
    assert_eq!(
        it,
        Item::Refusal {
            house: house("兰尼斯特"),
            from: None,
            battle: None
        }
    );
    let it = check(
        "拒绝红狮家族从兰尼斯港的支援在河湾地",
        "拒绝 红狮 从 兰尼斯港 的支援 在 河湾地",
    );
    assert_eq!(
        it,
        one("refuse Lannister support from Lannisport at The Reach")
    );
    let it = check("阵亡顺序: 步兵 骑士", "阵亡顺序: 步兵 > 骑士");
    assert_eq!(
        it,
        Item::Casualties(vec![UnitKind::Footman, UnitKind::Knight])
    );
    let it = check("撤退: 临冬城 > 白港", "撤退: 临冬城 > 白港");
    assert_eq!(
        it,
        Item::Retreat {
            from: None,
            to: vec![area("临冬城"), area("白港")]
        }
    );
    let it = check("白港 修建防御工事", "修建防御工事: 白港");
    assert_eq!(it, one("巩固统治收益转为防御工事: 白港"));
    assert_eq!(it, Item::Fortify(area("白港")));
    let it = check("瓦雷利亚钢剑: 临冬城", "瓦雷利亚钢剑: 临冬城部队");
    assert_eq!(it, Item::Sword(units("临冬城", UnitSel::All)));
    let it = check("阿莎取消: 奔流城, 卡林湾", "阿莎取消: 奔流城, 卡林湾");
    assert_eq!(
        it,
        Item::Cancels {
            leader: leader("阿莎"),
            targets: vec![area("奔流城"), area("卡林湾")]
        }
    );
    assert_eq!(one("Asha cancels: Riverrun, Moat Cailin"), it);
    let it = check("临冬城 不支援 卡霍城", "临冬城 不支援 卡霍城");
    assert_eq!(
        it,
        Item::NoSupport {
            from: area("临冬城"),
            battle: area("卡霍城")
        }
    );
    let it = check(
        "临冬城部队 移动到 卡霍城 留下势力标志",
        "临冬城部队 移动到 卡霍城(放置势力标志)。",
    );
    assert!(march(&it).leave_token);
    assert_eq!(
        one("Winterfell army moves to Karhold (leave power token)"),
        it
    );
    let it = check(
        "如果卡霍城失守,临冬城1K 移动到 卡霍城;否则,临冬城1K 移动到 白港",
        "如果卡霍城失守,则临冬城1K 移动到 卡霍城;否则,临冬城1K 移动到 白港。",
    );
    assert_eq!(
        step(&it).alternatives[1].condition,
        Some(Condition::Otherwise)
    );
}

// ------------------------------------------------------------------ event phase and mid-round

#[test]
fn event_phase_submissions() {
    let it = check("裁军: 白港 1F, 临冬城1K", "裁军: 白港1F, 临冬城1K");
    assert!(matches!(it, Item::Disband(ref v) if v.len() == 2));
    check("征兵: 临冬城 1K", "征兵: 临冬城1K");
    let it = check("临冬城 1F升级为骑士", "征兵: 临冬城1F 升级为 骑士");
    assert_eq!(
        it,
        Item::Muster(vec![Muster::Upgrade {
            area: area("临冬城"),
            units: [1, 0, 0, 0, 0],
            into: UnitKind::Knight
        }])
    );
    let it = check("白港 1S 到 狭海 > 颤抖海", "征兵: 白港1S 到 狭海 > 颤抖海");
    assert_eq!(
        it,
        Item::Muster(vec![Muster::Recruit {
            area: area("白港"),
            units: [0, 0, 1, 0, 0],
            to: vec![area("狭海"), area("颤抖海")],
        }])
    );
    let bid = Item::Bid {
        iron_throne: 3,
        fiefdoms: 1,
        kings_court: 0,
    };
    assert_eq!(
        check("铁王座 3 封邑 1 御前会议 0", "铁王座 3 封邑 1 御前会议 0"),
        bid
    );
    assert_eq!(one("出价: 3 1 0"), bid);
    assert_eq!(one("御前会议 0, 铁王座 3, 封邑 1"), bid);
    assert_eq!(one("Iron Throne: 3, Fiefdoms: 1, King's Court: 0"), bid);
    assert_eq!(check("野人: 2", "野人: 2"), Item::WildlingBid(2));
    assert_eq!(
        check("奖励: 召回 艾德", "奖励: 召回 艾德"),
        Item::Reward(Reward::Recall(leader("艾德")))
    );
    check("奖励: 升级 临冬城1F, 白港1F", "奖励: 升级 临冬城1F, 白港1F");
    check("奖励: 征兵 临冬城 1K", "奖励: 征兵 临冬城1K");
    check("奖励: 休养 罗柏", "奖励: 休养 罗柏");
    assert_eq!(
        check("奖励: 夺取 铁王座", "奖励: 夺取 铁王座"),
        Item::Reward(Reward::Capture(Track::IronThrone))
    );
    let it = check("建造港口: 星坠城 东夏海", "建造港口: 星坠城 到 东夏海");
    assert_eq!(
        it,
        Item::BuildPort {
            area: area("星坠城"),
            coast: Some(area("东夏海"))
        }
    );
    assert_eq!(one("build port at Starfall on East Summer Sea"), it);
    let it = check("撤退 临冬城 到 卡霍城", "撤退: 临冬城 到 卡霍城");
    assert_eq!(
        it,
        Item::Retreat {
            from: Some(area("临冬城")),
            to: vec![area("卡霍城")]
        }
    );
    let it = check("平局: 红狮 > 白狼", "平局: 红狮 > 白狼");
    assert_eq!(
        it,
        Item::TieBreak {
            track: None,
            wildlings: false,
            order: vec![house("红狮"), house("白狼")]
        }
    );
    check(
        "平局 铁王座: 红狮 > 白狼 > 海怪",
        "平局 铁王座: 红狮 > 白狼 > 海怪",
    );
}

#[test]
fn bids_must_name_each_track_once() {
    let p = parse_submission("铁王座 3 封邑 1 铁王座 0", names());
    assert_eq!(p.errors[0].kind.describe(Lang::Zh), "“铁王座”出价写了两次");
    let p = parse_submission("铁王座 3 封邑 1", names());
    assert_eq!(
        p.errors[0].kind.describe(Lang::En),
        "the King's Court bid is missing"
    );
}

#[test]
fn account_lines_and_ignored_lines() {
    let mail = "密码: Hunter２ 2\nsecret:  x y \nHELP\n状态\nhistory\nWAIT\nNOWAIT\n\n> 临冬城 行军\n[黄鹿提交:]\n";
    let p = parse_submission(mail, names());
    assert!(p.errors.is_empty(), "{}", p.error_report(Lang::En));
    let items: Vec<Item<Resolved>> = p.items.into_iter().map(|e| e.item).collect();
    assert_eq!(
        items,
        vec![
            Item::Account(Account::Password("Hunter２ 2".into())),
            Item::Account(Account::Password("x y".into())),
            Item::Account(Account::Help),
            Item::Account(Account::Status),
            Item::Account(Account::History),
            Item::Account(Account::Wait),
            Item::Account(Account::NoWait),
        ]
    );
}

// ------------------------------------------------------------------ names are data

#[test]
fn every_area_name_and_alias_reads_as_one_place() {
    for (id, zh, en) in names().areas.entries() {
        for n in [zh, en] {
            let it = one(&format!("{n} 防守"));
            assert_eq!(placement(&it).0, id, "{n}");
            let it = one(&format!("{n}2K 移动到 {n}"));
            assert_eq!(march(&it).to, id, "{n}");
        }
    }
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(map_path()).unwrap()).unwrap();
    for a in json["areas"].as_array().unwrap() {
        for alias in a["aliases_zh"]
            .as_array()
            .unwrap()
            .iter()
            .chain(a["aliases_en"].as_array().unwrap())
        {
            let alias = alias.as_str().unwrap();
            let it = one(&format!("{alias}军团 突袭 {alias}"));
            assert!(matches!(it, Item::Step(_)), "{alias}");
        }
    }
    for (_, zh, en) in names().houses.entries() {
        one(&format!("卡林湾 支援 {zh}家族 防守 海疆城"));
        one(&format!("Moat Cailin supports {en} defending Seagard"));
    }
    for (_, zh, en) in names().leaders.entries() {
        one(&format!("临冬城2K 移动到 卡霍城(将领:{zh};防守:{en})"));
    }
}
