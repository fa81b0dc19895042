//! Refused orders quote their lines: an error about one area quotes the line that names it, a
//! count or limit error quotes every line that counts toward the limit, the fix is said where
//! there is one, and the lines no error is about are called fine. Each mail is written as a
//! player writes it (the secret first, one order a line).

use maester_board::{Board, Lang};
use maester_lang::submit::ErrorLine;
use maester_rules::GameState;
use maester_words::check::{CheckReport, check};

fn board() -> Board {
    match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    }
}

/// `house`'s orders checked in placement of the first round.
fn placement(house: &str, text: &str, lang: Lang) -> CheckReport {
    let b = board();
    let s = GameState::new_game(&b);
    match check(&b, s, house, Some("placement"), text, lang) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    }
}

/// Every line an error quotes: (number, text).
fn quoted(e: &ErrorLine) -> Vec<(usize, String)> {
    std::iter::once((e.line, e.text.clone()))
        .chain(e.also.iter().map(|q| (q.line, q.text.clone())))
        .collect()
}

fn the_error(r: &CheckReport) -> &ErrorLine {
    assert!(!r.valid, "refused");
    assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
    &r.errors[0]
}

#[test]
fn too_many_special_orders_quote_every_special_line_and_say_how_many_to_remove() {
    // Greyjoy is last on the King's Court: no special order at all (004:L1196).
    let mail = "密码: greyjoy-s\n派克岛 行军+1\n灰水望 防守\n铁民湾 支援+1\n派克岛港口 突袭\n";
    let r = placement("greyjoy", mail, Lang::Zh);
    let e = the_error(&r);
    assert_eq!(
        quoted(e),
        vec![
            (2, "派克岛 行军+1".to_string()),
            (4, "铁民湾 支援+1".to_string())
        ]
    );
    assert!(e.message.contains("御前会议第6名"), "{}", e.message);
    assert!(e.fix.contains("去掉2条特殊命令"), "{}", e.fix);
}

#[test]
fn two_march_plus_orders_quote_both_lines_and_suggest_removing_one() {
    let mail =
        "secret: stark-s\nWinterfell march+1\nWhite Harbor march+1\nThe Shivering Sea support\n";
    let r = placement("stark", mail, Lang::En);
    let e = the_error(&r);
    assert_eq!(
        quoted(e),
        vec![
            (2, "Winterfell march+1".to_string()),
            (3, "White Harbor march+1".to_string())
        ]
    );
    assert_eq!(e.fix, "remove 1 march+1 order.");
}

#[test]
fn more_normal_marches_than_the_limit_quote_each_march_line() {
    let mail = "密码: stark-s\n临冬城 行军\n白港 行军\n颤抖海 行军\n";
    let r = placement("stark", mail, Lang::Zh);
    let e = the_error(&r);
    assert_eq!(
        quoted(e),
        vec![
            (2, "临冬城 行军".to_string()),
            (3, "白港 行军".to_string()),
            (4, "颤抖海 行军".to_string())
        ]
    );
    assert!(e.message.contains("最多2个"), "{}", e.message);
    assert_eq!(e.fix, "去掉1条普通行军命令。");
}

#[test]
fn an_order_where_the_house_has_no_units_quotes_its_line() {
    let mail = "密码: stark-s\n临冬城 防守\n卡霍城 行军\n";
    let r = placement("stark", mail, Lang::Zh);
    let e = the_error(&r);
    assert_eq!(quoted(e), vec![(3, "卡霍城 行军".to_string())]);
    assert_eq!(e.fix, "去掉这一行。");
}

#[test]
fn the_answer_says_which_lines_were_fine() {
    let b = board();
    let s = GameState::new_game(&b);
    let mail = "密码: stark-s\n临冬城 行军\n白港 行军\n颤抖海 行军\n";
    let parsed = maester_lang::submit::parse_mail(&b, &s, mail, Lang::Zh);
    let r = placement("stark", mail, Lang::Zh);
    // The three marches are all about the one limit: no line is fine.
    assert_eq!(
        maester_words::refusals::fine_lines(Lang::Zh, &parsed, &r.errors),
        ""
    );
    let mail = "密码: stark-s\n临冬城 防守\n卡霍城 行军\n颤抖海 支援\n白港 巩固统治\n";
    let parsed = maester_lang::submit::parse_mail(&b, &s, mail, Lang::Zh);
    let r = placement("stark", mail, Lang::Zh);
    assert_eq!(
        maester_words::refusals::fine_lines(Lang::Zh, &parsed, &r.errors),
        "第2、4、5行没有问题。"
    );
    let mail = "secret: stark-s\nWinterfell defence\nKarhold march\nThe Shivering Sea support\nWhite Harbor consolidate\n";
    let parsed = maester_lang::submit::parse_mail(&b, &s, mail, Lang::En);
    let r = placement("stark", mail, Lang::En);
    assert_eq!(
        maester_words::refusals::fine_lines(Lang::En, &parsed, &r.errors),
        "Lines 2, 4 and 5 are fine."
    );
}

/// Round 2's event phase open with a Supply event, Stark's armies in Winterfell and White
/// Harbor three units each: one unit over his supply limit of 3 and 2 (one barrel).
fn stark_over_supply(b: &Board) -> GameState {
    use maester_board::UnitKind::{Footman, Knight};
    use maester_rules::event_phase::events::{self, EventCard};
    use maester_rules::state::Unit;
    let mut s = GameState::new_game(b);
    events::start_game(b, &mut s, "mail", Default::default());
    let cards = [
        EventCard::Supply,
        EventCard::ClashOfKings,
        EventCard::SeaOfStorms,
    ];
    events::fix_next_round(&mut s, 2, cards, None);
    let mut s = maester_game::close_step(b, &s, &[]).state;
    for (key, units) in [
        ("winterfell", vec![Knight, Footman, Footman]),
        ("white-harbor", vec![Footman, Footman, Footman]),
    ] {
        let Some(a) = b.area_by_key(key) else {
            panic!("no {key}")
        };
        s.area_mut(a).units = units.into_iter().map(Unit::new).collect::<Vec<_>>().into();
    }
    s
}

#[test]
fn disbanding_more_than_the_supply_limit_needs_quotes_every_disband_line() {
    let b = board();
    let s = stark_over_supply(&b);
    let mail = "密码: stark-s\n裁军: 白港 1F\n出价: 1 1 0\n裁军: 临冬城 1F\n";
    let r = match check(&b, s, "stark", None, mail, Lang::Zh) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    let e = the_error(&r);
    assert_eq!(
        quoted(e),
        vec![
            (2, "裁军: 白港 1F".to_string()),
            (4, "裁军: 临冬城 1F".to_string())
        ]
    );
    assert!(e.fix.contains("只裁减1个单位"), "{}", e.fix);
}
