//! The chooser's event (optional rule, 004:L2640–L2644): `选择: 征兵` / `選擇: 徵兵` /
//! `choose: Mustering` — every option in Simplified, Traditional and English, the canonical echo
//! and its round trip, and the error for an unknown event that lists the events to choose from.

mod lang_support;

use lang_support::*;
use maester::lang::ast::Item;
use maester::lang::{ErrorKind, Lang, parse_submission};
use maester::rules::event_phase::events::EventCard;

/// Simplified, Traditional, English and the canonical Chinese and English echo of each option.
const FORMS: [(&str, &str, &str, &str, EventCard); 10] = [
    (
        "选择: 征兵",
        "選擇: 徵兵",
        "choose: Mustering",
        "choose: Mustering",
        EventCard::Muster,
    ),
    (
        "选择: 补给结算",
        "選擇: 補給結算",
        "choose: supply",
        "choose: Supply",
        EventCard::Supply,
    ),
    (
        "选择: 盛夏之末",
        "選擇:盛夏之末",
        "Choose: Last Days of Summer",
        "choose: Last Days of Summer",
        EventCard::LastDaysOfSummer,
    ),
    (
        "选择: 权力游戏",
        "選擇: 權力遊戲",
        "choose: game of thrones",
        "choose: Game of Thrones",
        EventCard::GameOfThrones { wildlings: false },
    ),
    (
        "选择: 诸王争霸",
        "選擇: 諸王爭霸",
        "choice: Clash of Kings",
        "choose: Clash of Kings",
        EventCard::ClashOfKings,
    ),
    (
        "选择: 风暴之海",
        "選擇: 風暴之海",
        "choose: Sea of Storms",
        "choose: Sea of Storms",
        EventCard::SeaOfStorms,
    ),
    (
        "选择: 群鸦飨宴",
        "選擇: 群鴉饗宴",
        "choose: A Feast for Crows",
        "choose: Feast for Crows",
        EventCard::FeastForCrows,
    ),
    (
        "选择: 秋雨连绵",
        "選擇: 秋雨連綿",
        "choose: Rains of Autumn",
        "choose: Rains of Autumn",
        EventCard::RainsOfAutumn,
    ),
    (
        "选择: 干戈四起",
        "選擇: 干戈四起",
        "choose: Storm of Swords",
        "choose: Storm of Swords",
        EventCard::StormOfSwords,
    ),
    (
        "选择: 野人入侵",
        "選擇: 野人入侵",
        "choose: Wildling Attack",
        "choose: Wildling Attack",
        EventCard::WildlingAttack,
    ),
];

/// 004:L2640–L2644: each option a chooser card allows reads the same in the three scripts, and
/// its canonical echo in both languages reads back to it.
#[test]
fn every_chooser_option_reads_in_three_scripts_and_round_trips_004_l2640() {
    for (zh, trad, en, canonical_en, card) in FORMS {
        let canonical_zh = zh;
        let item = check(zh, canonical_zh);
        assert_eq!(item, Item::Choose(card), "{zh}");
        assert_eq!(one(trad), item, "{trad}");
        assert_eq!(one(en), item, "{en}");
        assert_eq!(echo(&item, Lang::En), canonical_en);
    }
}

/// The two late military events are read (so that the check can say they are no option,
/// 004:L2644), and their echo round-trips without the English note on the card's name.
#[test]
fn the_late_events_are_read_for_the_check_to_refuse_them_004_l2644() {
    for (text, card) in [
        ("选择: 惊涛骇浪", EventCard::RoughSeas),
        ("選擇: 河流封凍", EventCard::FrozenRivers),
        ("choose: rough seas", EventCard::RoughSeas),
    ] {
        let item = one(text);
        assert_eq!(item, Item::Choose(card));
        for lang in [Lang::Zh, Lang::En] {
            assert_eq!(one(&echo(&item, lang)), item);
        }
    }
}

/// An unknown event is an error that names what was written and lists the events a chooser may
/// name, in the player's language (004:L2640–L2644).
#[test]
fn an_unknown_event_is_answered_with_the_events_to_choose_from_004_l2640() {
    let p = parse_submission("选择: 补给车", names());
    assert_eq!(p.errors.len(), 1);
    assert!(matches!(&p.errors[0].kind, ErrorKind::UnknownEvent { found } if found == "补给车"));
    let zh = p.errors[0].message(Lang::Zh);
    for name in ["征兵", "补给结算", "盛夏之末", "权力游戏", "野人入侵"] {
        assert!(zh.contains(name), "{zh}");
    }
    let en = parse_submission("choose: winter", names()).errors[0].message(Lang::En);
    assert!(
        en.contains("\"winter\"") && en.contains("Mustering"),
        "{en}"
    );
}
