//! Shared helpers of the order-language tests: the real board names (the reference map and the
//! leader roster of rules-spec §1.5.2), id look-ups and the echo round-trip check.
#![allow(dead_code)]

use maester::board::{AreaId, HouseId, LeaderId, Order, OrderType, UnitKind};
use maester::lang::ast::*;
use maester::lang::echo::echo_item;
use maester::lang::names::Lookup;
use maester::lang::{Lang, LeaderNames, Names, parse_submission};
use std::path::PathBuf;
use std::sync::OnceLock;

/// The 42 leaders of rules-spec §1.5.2: 简称, English short name, full names.
pub const LEADERS: &[(&str, &str, &[&str])] = &[
    (
        "史坦尼斯",
        "Stannis",
        &["史坦尼斯•拜拉席恩", "Stannis Baratheon"],
    ),
    ("洋葱骑士", "Davos", &["戴佛斯•席渥斯", "Davos Seaworth"]),
    ("蓝礼", "Renly", &["蓝礼•拜拉席恩", "Renly Baratheon"]),
    ("亚赛尔", "Axell", &["亚赛尔•佛罗伦", "Axell Florent"]),
    (
        "艾利斯特",
        "Alester",
        &["艾利斯特•佛罗伦", "Alester Florent"],
    ),
    ("红袍女", "Melisandre", &["梅丽珊卓夫人", "梅丽珊卓"]),
    ("桑恩", "Salladhor", &["萨拉多•桑恩", "Salladhor Saan"]),
    ("艾德", "Eddard", &["艾德•史塔克", "Eddard Stark", "Ned"]),
    ("罗柏", "Robb", &["罗柏•史塔克", "Robb Stark"]),
    ("大琼恩", "Greatjon", &["琼恩•安柏", "Greatjon Umber"]),
    (
        "罗德利克",
        "Rodrik",
        &["罗德利克•凯索", "Rodrik Cassel", "Rodrick Cassel"],
    ),
    ("梅姬", "Maege", &["梅姬•莫尔蒙", "Maege Mormont"]),
    ("凯特琳", "Catelyn", &["凯特琳•史塔克", "Catelyn Stark"]),
    ("鲁温", "Luwin", &["Maester Luwin"]),
    ("泰温", "Tywin", &["泰温•兰尼斯特", "Tywin Lannister"]),
    ("詹姆", "Jaime", &["詹姆•兰尼斯特", "Jaime Lannister"]),
    (
        "小恶魔",
        "Tyrion",
        &["提利昂•兰尼斯特", "提利昂", "Tyrion Lannister"],
    ),
    (
        "兰尼斯特队长",
        "Lannister Captain",
        &["兰尼斯特家族卫队长", "House Lannister Captain"],
    ),
    ("凯冯", "Kevan", &["凯冯•兰尼斯特", "Kevan Lannister"]),
    ("瑟曦", "Cersei", &["瑟曦•兰尼斯特", "Cersei Lannister"]),
    ("山羊", "Vargo", &["瓦格•霍特", "Vargo Hoat"]),
    ("梅斯", "Mace", &["梅斯•提利尔", "Mace Tyrell"]),
    ("勇敢者", "Garlan", &["加兰•提利尔", "Garlan Tyrell"]),
    ("百花骑士", "Loras", &["洛拉斯•提利尔", "Loras Tyrell"]),
    ("玛格丽", "Margaery", &["玛格丽•提利尔", "Margaery Tyrell"]),
    (
        "提利尔队长",
        "Tyrell Captain",
        &["提利尔家族卫队长", "House Tyrell Captain"],
    ),
    ("荆棘女王", "Olenna", &["奥莲娜夫人", "Queen of Thorns"]),
    ("布蕾妮", "Brienne", &["塔斯的布蕾妮", "Brienne of Tarth"]),
    ("鸦眼", "Euron", &["攸伦•葛雷乔伊", "Euron Crow's Eye"]),
    ("阿莎", "Asha", &["阿莎•葛雷乔伊", "Asha Greyjoy"]),
    ("席恩", "Theon", &["席恩•葛雷乔伊", "Theon Greyjoy"]),
    (
        "黑潮岛队长",
        "Blacktyde Captain",
        &["黑潮岛家族卫队长", "House Blacktyde Captain"],
    ),
    ("湿发", "Aeron", &["伊伦•葛雷乔伊", "Aeron Damphair"]),
    ("巴隆", "Balon", &["巴隆•葛雷乔伊", "Balon Greyjoy"]),
    (
        "维克塔",
        "Victarion",
        &["维克塔利昂•葛雷乔伊", "Victarion Greyjoy"],
    ),
    (
        "红毒蛇",
        "Red Viper",
        &["奥柏伦•马泰尔亲王", "The Red Viper", "Oberyn"],
    ),
    ("何塔", "Hotah", &["阿利欧•何塔", "Areo Hotah"]),
    ("奥芭娅", "Obara", &["奥芭娅•沙德", "Obara Sand"]),
    ("娜梅利亚", "Nymeria", &["娜梅利亚•沙德", "Nymeria Sand"]),
    ("艾拉莉亚", "Ellaria", &["艾拉莉亚•沙德", "Ellaria Sand"]),
    ("道朗", "Doran", &["道朗•马泰尔", "Doran Martell"]),
    ("亚莲恩", "Arianne", &["亚莲恩•马泰尔", "Arianne Martell"]),
];

/// The map fact sheet the board data file is generated from (`tools/gen_board.py`).
pub fn map_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/source/westeros-map.json")
}

pub fn names() -> &'static Names {
    static NAMES: OnceLock<Names> = OnceLock::new();
    NAMES.get_or_init(|| {
        let json = std::fs::read_to_string(map_path()).expect("read the map");
        let leaders: Vec<LeaderNames> = LEADERS
            .iter()
            .map(|(zh, en, aliases)| LeaderNames { zh, en, aliases })
            .collect();
        Names::from_map_json(&json, &leaders).expect("names")
    })
}

/// Parse one line that must be valid; return its resolved item.
pub fn one(line: &str) -> Item<Resolved> {
    let p = parse_submission(line, names());
    assert!(p.errors.is_empty(), "{line}\n{}", p.error_report(Lang::En));
    assert_eq!(p.items.len(), 1, "{line}");
    p.items[0].item.clone()
}

pub fn echo(item: &Item<Resolved>, lang: Lang) -> String {
    echo_item(item, names(), lang)
}

/// The line parses, its Chinese echo is `canonical`, and both echoes parse back to the same item.
pub fn check(line: &str, canonical: &str) -> Item<Resolved> {
    let item = one(line);
    assert_eq!(echo(&item, Lang::Zh), canonical, "echo of {line}");
    for lang in [Lang::Zh, Lang::En] {
        let e = echo(&item, lang);
        assert_eq!(one(&e), item, "round trip of {line} through {e}");
    }
    item
}

pub fn area(n: &str) -> AreaId {
    match names().areas.lookup(n) {
        Lookup::Found(id) => id,
        other => panic!("{n}: {other:?}"),
    }
}
pub fn house(n: &str) -> HouseId {
    match names().houses.lookup(n) {
        Lookup::Found(id) => id,
        other => panic!("{n}: {other:?}"),
    }
}
pub fn leader(n: &str) -> LeaderId {
    match names().leaders.lookup(n) {
        Lookup::Found(id) => id,
        other => panic!("{n}: {other:?}"),
    }
}
pub fn counts(pairs: &[(u8, UnitKind)]) -> UnitSel {
    let mut c = [0; 5];
    for (n, k) in pairs {
        c[k.index()] += n;
    }
    UnitSel::Counts(c)
}
pub fn units(a: &str, sel: UnitSel) -> UnitRef<Resolved> {
    UnitRef {
        area: area(a),
        units: sel,
    }
}
pub fn step(item: &Item<Resolved>) -> &Step<Resolved> {
    match item {
        Item::Step(s) => s,
        other => panic!("not a step: {other:?}"),
    }
}
/// The march of the only action of a one-alternative step.
pub fn march(item: &Item<Resolved>) -> &March<Resolved> {
    match &step(item).alternatives[0].actions[0].0 {
        Action::March(m) => m,
        other => panic!("not a march: {other:?}"),
    }
}
pub fn plain_march(from: UnitRef<Resolved>, to: &str) -> March<Resolved> {
    March {
        units: from,
        to: area(to),
        forced: false,
        special: false,
        leader: None,
        defender: None,
        leave_token: false,
    }
}
pub fn placement(item: &Item<Resolved>) -> (AreaId, Option<Order>) {
    match item {
        Item::Placement(p) => (p.area, p.order),
        other => panic!("not a placement: {other:?}"),
    }
}
pub fn order(kind: OrderType, special: bool) -> Option<Order> {
    Some(Order { kind, special })
}

/// The order lines of the rulebook's examples, kept as the project's own corpus.
pub fn corpus_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/order-lines.txt")
}
