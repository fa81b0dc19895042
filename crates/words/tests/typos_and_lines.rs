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
