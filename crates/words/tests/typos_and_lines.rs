//! Typos and names: a misspelt keyword is answered with the keyword it most likely means, a
//! leader's unique given name is read without a question, and every refusal names its line
//! (the Rough Seas refusal too, A-45).

mod kit;

use kit::start;
use maester_board::{Lang, Order, OrderType};
use maester_rules::event_phase::events::{self, EventCard};
use maester_rules::{GameState, Step};
use maester_words::check::check;

#[test]
fn a_misspelt_keyword_is_answered_with_the_keyword() {
    let w = start();
    let s = GameState::new_game(&w.b);
    let en = check(
        &w.b,
        s.clone(),
        "tyrell",
        None,
        "Highgarden marhc",
        Lang::En,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(!en.valid);
    assert_eq!(en.errors[0].line, 1);
    assert!(
        en.errors[0].message.contains("did you mean \"march\"?"),
        "{:?}",
        en.errors
    );
    let zh = check(&w.b, s.clone(), "stark", None, "临冬城 行君", Lang::Zh)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        zh.errors[0].message.contains("你是不是指“行军”"),
        "{:?}",
        zh.errors
    );
    // Traditional input reads the same.
    let hant =
        check(&w.b, s, "stark", None, "臨冬城 行君", Lang::Zh).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        hant.errors[0].message.contains("你是不是指“行军”"),
        "{:?}",
        hant.errors
    );
}

#[test]
fn a_unique_given_name_names_its_leader_without_a_question() {
    let w = start();
    let mut s = GameState::new_game(&w.b);
    let lannisport = w.a("lannisport");
    s.area_mut(lannisport).order = Some(Order {
        kind: OrderType::March,
        special: false,
    });
    s.step = Step::Plan;
    for (text, lang) in [
        (
            "1) Lannisport army move to Stoney Sept (march leader: Tywin)",
            Lang::En,
        ),
        ("1) 兰尼斯港军团 移动到 石圣堂 (行军将领: Tywin)", Lang::Zh),
    ] {
        let r =
            check(&w.b, s.clone(), "lannister", None, text, lang).unwrap_or_else(|e| panic!("{e}"));
        assert!(r.valid, "{text}: {:?}", r.errors);
        let full = w.b.leader(w.l("Tywin Lannister")).name(lang).to_string();
        assert!(r.echo.iter().any(|e| e.contains(&full)), "{:?}", r.echo);
        // The answer says who was understood.
        let parsed = maester_lang::submit::parse_mail(&w.b, &s, text, lang);
        assert!(
            parsed.notes.iter().any(|n| n.contains("Tywin Lannister")),
            "{:?}",
            parsed.notes
        );
    }
}

#[test]
fn the_rough_seas_refusal_names_its_line_a_45() {
    let w = start();
    let mut s = GameState::new_game(&w.b);
    events::start_game(&w.b, &mut s, "rough", Default::default());
    events::fix_next_round(
        &mut s,
        2,
        [
            EventCard::Supply,
            EventCard::GameOfThrones { wildlings: false },
            EventCard::RoughSeas,
        ],
        None,
    );
    let s = maester_game::close_step(&w.b, &s, &[]).state;
    assert_eq!((s.round, s.step), (2, Step::Placement));
    for (text, lang) in [
        ("临冬城 行军\n颤抖海 支援", Lang::Zh),
        ("Winterfell march\nThe Shivering Sea support", Lang::En),
    ] {
        let r = check(&w.b, s.clone(), "stark", None, text, lang).unwrap_or_else(|e| panic!("{e}"));
        assert!(!r.valid);
        let rough = r
            .errors
            .iter()
            .find(|e| {
                e.message.contains("A-45")
                    || e.message.contains("惊涛骇浪")
                    || e.message.contains("Rough")
            })
            .unwrap_or_else(|| panic!("{:?}", r.errors));
        assert_eq!(rough.line, 2, "{rough:?}");
    }
}

#[test]
fn a_misspelt_keyword_is_suggested_with_the_rest_of_its_line() {
    let w = start();
    let s = GameState::new_game(&w.b);
    let r = check(&w.b, s.clone(), "tyrell", None, "高庭 形军+1", Lang::Zh)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        r.errors[0].message.contains("你是不是指“行军+1”"),
        "{:?}",
        r.errors
    );
    let r =
        check(&w.b, s, "tyrell", None, "征冰: 高庭 1F", Lang::Zh).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        r.errors[0].message.contains("你是不是指“征兵: 高庭 1F”"),
        "{:?}",
        r.errors
    );
}

/// A name one character off, or the start of a name, that fits exactly one area the house's
/// lines may name is read as it, with a note; otherwise it is refused with suggestions.
#[test]
fn a_name_one_character_off_is_read_as_the_one_area_it_can_be() {
    use maester_lang::ast::Item;
    let w = start();
    let s = GameState::new_game(&w.b);
    let names = maester_lang::submit::names(&w.b);
    for (house, written, key) in [
        ("martell", "伊沦伍德", "yronwood"),
        ("stark", "卡林弯", "moat-cailin"),
        ("martell", "盐海", "salt-shore"),
        ("martell", "阳载城", "sunspear"),
        ("martell", "陽載城", "sunspear"),
        ("stark", "Winterfel", "winterfell"),
    ] {
        let h = Some(w.h(house));
        let text = format!("{written} 行军");
        let lang = if written.is_ascii() {
            Lang::En
        } else {
            Lang::Zh
        };
        let text = if lang == Lang::En {
            format!("{written} march")
        } else {
            text
        };
        let p = maester_lang::submit::parse_mail_as(&w.b, &names, &s, h, &text, lang);
        assert!(p.errors.is_empty(), "{written}: {:?}", p.errors);
        let parsed = maester_lang::parse_submission_in(
            &text,
            &names,
            &maester_lang::submit::context_of(&w.b, &s, h),
        );
        let area = match parsed.items.first().map(|e| &e.item) {
            Some(Item::Placement(p)) => p.area,
            other => panic!("{written}: {other:?}"),
        };
        assert_eq!(area, w.a(key), "{written}");
        let name = w.b.area(w.a(key)).name(lang);
        let note = match lang {
            Lang::Zh => format!("”读作{name}。"),
            Lang::En => format!("\" is read as {name}."),
        };
        assert!(
            p.notes.iter().any(|n| n.ends_with(&note)),
            "{written}: {:?}",
            p.notes
        );
    }
    // Unknown writer: no name is read as another.
    let p = maester_lang::submit::parse_mail_as(&w.b, &names, &s, None, "盐海 行军", Lang::Zh);
    let e = p.errors.first().unwrap_or_else(|| panic!("{:?}", p.notes));
    assert!(e.message.contains("盐海岸"), "{e:?}");
    // 盐海 is one character off 盐海岸 and 狭海: from a house that may name both it is refused
    // with both offered.
    let mut both = s.clone();
    let narrow = w.a("the-narrow-sea");
    both.area_mut(narrow).house = Some(w.h("martell"));
    both.area_mut(narrow)
        .units
        .push(maester_rules::Unit::new(maester_board::UnitKind::Ship));
    let h = Some(w.h("martell"));
    let p = maester_lang::submit::parse_mail_as(&w.b, &names, &both, h, "盐海 行军", Lang::Zh);
    let e = p.errors.first().unwrap_or_else(|| panic!("{:?}", p.notes));
    assert!(
        e.message.contains("盐海岸") && e.message.contains("狭海"),
        "{e:?}"
    );
    // A checked mail says how the name was read.
    let r =
        check(&w.b, s, "martell", None, "阳载城 行军", Lang::Zh).unwrap_or_else(|e| panic!("{e}"));
    assert!(r.valid, "{:?}", r.errors);
    assert!(
        r.notes.iter().any(|n| n.contains("“阳载城”读作阳戟城")),
        "{:?}",
        r.notes
    );
}

#[test]
fn a_leader_one_character_off_is_read_as_the_houses_leader() {
    let w = start();
    let mut s = GameState::new_game(&w.b);
    let winterfell = w.a("winterfell");
    s.area_mut(winterfell).order = Some(Order {
        kind: OrderType::March,
        special: false,
    });
    s.step = Step::Plan;
    let r = check(
        &w.b,
        s,
        "stark",
        None,
        "1) 临冬城军团 移动到 卡林弯 (行军将领: 罗伯)",
        Lang::Zh,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(r.valid, "{:?}", r.errors);
    assert!(r.echo.iter().any(|e| e.contains("罗柏")), "{:?}", r.echo);
    for note in ["“罗伯”读作罗柏。", "“卡林弯”读作卡林湾。"] {
        assert!(r.notes.iter().any(|n| n == note), "{:?}", r.notes);
    }
}
