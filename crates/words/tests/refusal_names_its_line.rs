//! A refusal names the line that is wrong: in a mail of several muster lines, an error about
//! one castle quotes the line naming it, not the part's first line, and says what would be
//! legal there (004:L747).

mod kit;

use kit::start;
use maester_board::{Lang, UnitKind};
use maester_game as game;
use maester_rules::event_phase::events::{self, EventCard};
use maester_rules::{GameState, Step, Unit};
use maester_words::check::check;

/// Round 2's Mustering event; Martell at the lowest supply (armies of 2 and 2) holding
/// Sunspear 2, Salt Shore 2 and an empty Yronwood: a new land unit in Sunspear breaks supply,
/// one in Yronwood does not.
fn martell_mustering() -> (kit::W, GameState) {
    let w = start();
    let m = w.h("martell");
    let (salt, yronwood) = (w.a("salt-shore"), w.a("yronwood"));
    let mut s = GameState::new_game(&w.b);
    events::start_game(&w.b, &mut s, "mail", Default::default());
    events::fix_next_round(
        &mut s,
        2,
        [
            EventCard::Muster,
            EventCard::GameOfThrones { wildlings: false },
            EventCard::SeaOfStorms,
        ],
        None,
    );
    s.house_mut(m).barrels = 0;
    s.area_mut(salt).units.push(Unit::new(UnitKind::Footman));
    let mut s = game::close_step(&w.b, &s, &[]).state;
    s.area_mut(yronwood).neutral = None;
    s.area_mut(yronwood).token = Some(m);
    assert_eq!((s.round, s.step), (2, Step::Events));
    (w, s)
}

#[test]
fn a_muster_over_supply_on_the_third_muster_line_names_that_line_004_l747() {
    let (w, s) = martell_mustering();
    for lang in [Lang::Zh, Lang::En] {
        let n = |k: &str| w.b.area(w.a(k)).name(lang).to_string();
        let (sunspear, yronwood) = (n("sunspear"), n("yronwood"));
        let text = match lang {
            Lang::Zh => format!(
                "密码: x\n征兵: {sunspear} 1F升级为骑士\n征兵: {yronwood} 1F\n征兵: {sunspear} 1F"
            ),
            Lang::En => format!(
                "secret: x\nmuster: {sunspear} 1F upgrade to knight\nmuster: {yronwood} 1F\nmuster: {sunspear} 1F"
            ),
        };
        let r =
            check(&w.b, s.clone(), "martell", None, &text, lang).unwrap_or_else(|e| panic!("{e}"));
        assert!(!r.valid);
        assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
        let e = &r.errors[0];
        assert_eq!(e.line, 4, "the line recruiting in {sunspear}: {e:?}");
        assert!(e.also.is_empty(), "{e:?}");
        assert!(e.message.contains(&sunspear), "{e:?}");
        // What would be legal there instead.
        let upgrade = match lang {
            Lang::Zh => "升级",
            Lang::En => "upgrade",
        };
        assert!(e.message.contains(upgrade), "{e:?}");
    }
}

#[test]
fn a_muster_at_a_castle_not_held_names_its_own_line_004_l920() {
    let (w, s) = martell_mustering();
    let lang = Lang::Zh;
    let n = |k: &str| w.b.area(w.a(k)).name(lang).to_string();
    let text = format!(
        "征兵: {} 1F升级为骑士\n征兵: {} 1F\n征兵: {} 1F",
        n("sunspear"),
        n("yronwood"),
        n("highgarden")
    );
    let r = check(&w.b, s, "martell", None, &text, lang).unwrap_or_else(|e| panic!("{e}"));
    assert!(!r.valid);
    let e = r
        .errors
        .iter()
        .find(|e| e.message.contains(&n("highgarden")))
        .unwrap_or_else(|| panic!("{:?}", r.errors));
    assert_eq!(e.line, 3, "{e:?}");
}

#[test]
fn points_over_a_castle_quote_only_that_castles_lines_004_l674() {
    let (w, s) = martell_mustering();
    let lang = Lang::Zh;
    let n = |k: &str| w.b.area(w.a(k)).name(lang).to_string();
    // Yronwood (a city: 1 point) is asked for 2 on lines 2 and 3; Sunspear's line is fine.
    let text = format!(
        "征兵: {} 1F升级为骑士\n征兵: {} 1S\n征兵: {} 1F",
        n("sunspear"),
        n("yronwood"),
        n("yronwood")
    );
    let r = check(&w.b, s, "martell", None, &text, lang).unwrap_or_else(|e| panic!("{e}"));
    assert!(!r.valid);
    for e in &r.errors {
        assert_ne!(e.line, 1, "the Sunspear line is fine: {:?}", r.errors);
        assert!(e.also.iter().all(|q| q.line != 1), "{:?}", r.errors);
    }
}

#[test]
fn a_resting_leader_names_the_line_that_names_him_004_l2118() {
    use maester_board::{Order, OrderType};
    use maester_rules::state::LeaderStatus;
    let w = start();
    let mut s = GameState::new_game(&w.b);
    let (stark, winterfell) = (w.h("stark"), w.a("winterfell"));
    s.area_mut(winterfell).order = Some(Order {
        kind: OrderType::March,
        special: false,
    });
    s.step = Step::Plan;
    let robb = w.l("Robb Stark");
    for (l, st) in s.house_mut(stark).leaders.iter_mut() {
        if *l == robb {
            *st = LeaderStatus::Resting { since: 1 };
        }
    }
    let text = "1) 临冬城军团 移动到 卡林湾 (行军将领: 艾德)\n临冬城守将: 罗柏";
    let r = check(&w.b, s, "stark", None, text, Lang::Zh).unwrap_or_else(|e| panic!("{e}"));
    assert!(!r.valid);
    let e = r
        .errors
        .iter()
        .find(|e| e.message.contains("罗柏"))
        .unwrap_or_else(|| panic!("{:?}", r.errors));
    assert_eq!(e.line, 2, "{e:?}");
}

#[test]
fn muster_lines_in_a_round_without_mustering_are_all_named() {
    let w = start();
    let mut s = GameState::new_game(&w.b);
    events::start_game(&w.b, &mut s, "mail", Default::default());
    events::fix_next_round(
        &mut s,
        2,
        [
            EventCard::Supply,
            EventCard::ClashOfKings,
            EventCard::SeaOfStorms,
        ],
        None,
    );
    let s = game::close_step(&w.b, &s, &[]).state;
    assert_eq!((s.round, s.step), (2, Step::Events));
    let text = "出价: 1 1 1\n征兵: 阳戟城 1F\n征兵: 阳戟城 1S";
    let r = check(&w.b, s, "martell", None, text, Lang::Zh).unwrap_or_else(|e| panic!("{e}"));
    assert!(!r.valid);
    let e = r
        .errors
        .iter()
        .find(|e| e.line == 2)
        .unwrap_or_else(|| panic!("{:?}", r.errors));
    assert!(e.also.iter().any(|q| q.line == 3), "{e:?}");
    assert!(
        r.errors.iter().all(|e| e.line != 1),
        "the bid is fine: {:?}",
        r.errors
    );
}
