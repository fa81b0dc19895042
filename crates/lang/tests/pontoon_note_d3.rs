//! A pontoon across no river is accepted with a note that it does nothing (decision D-3); across
//! a river it needs none.

use maester_board::Board;
use maester_lang::Lang;
use maester_lang::submit::parse_mail;
use maester_rules::state::GameState;

/// A game with the optional one-time orders, Tyrell in Three Towers, placement open.
fn tyrell_in_three_towers() -> (Board, GameState) {
    let b = match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    let mut s = GameState::new_game(&b);
    maester_rules::optional::one_time::enable(&b, &mut s);
    if let (Some(a), Some(h)) = (b.area_by_key("three-towers"), b.house_by_key("tyrell")) {
        s.area_mut(a).house = Some(h);
        s.area_mut(a).units = vec![maester_rules::state::Unit::new(
            maester_board::UnitKind::Footman,
        )]
        .into();
    }
    (b, s)
}

#[test]
fn a_pontoon_across_no_river_is_accepted_with_a_note_d3() {
    let (b, s) = tyrell_in_three_towers();
    let m = parse_mail(&b, &s, "三塔堡 浮桥 到 亲王隘口\n", Lang::Zh);
    assert!(m.errors.is_empty(), "{:?}", m.errors);
    assert!(m.submission.is_some());
    assert_eq!(m.notes.len(), 1, "{:?}", m.notes);
    assert!(m.notes[0].contains("不起作用"), "{}", m.notes[0]);
    // Across the river to Starfall the pontoon does something: no note.
    let m = parse_mail(&b, &s, "三塔堡 浮桥 到 星坠城\n", Lang::Zh);
    assert!(m.errors.is_empty(), "{:?}", m.errors);
    assert!(m.notes.is_empty(), "{:?}", m.notes);
}
