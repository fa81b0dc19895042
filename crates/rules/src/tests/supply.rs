//! 补给 Supply (表五, 004:L518–L661): the supply table's armies and the supply limit against the
//! event phase's default disbanding.

use crate::GameState;
use crate::armies::supply::{fits, within_limit_at};
use maester_board::Board;

#[test]
fn t08_supply_table_three_barrels_allows_one_army_of_three_and_three_of_two() {
    let b = match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    assert!(fits(&b, 3, &[3, 2, 2, 2]));
    assert!(!fits(&b, 3, &[3, 3]));
    assert!(!fits(&b, 3, &[3, 2, 2, 2, 2]));
    assert!(fits(&b, 0, &[2, 2]));
    assert!(!fits(&b, 0, &[3]));
    assert!(fits(&b, 6, &[4, 3, 2, 2, 2]));
    assert!(fits(&b, 1, &[]), "single units need no supply");
}

/// a house has something to disband at a Supply event exactly when its armies do not
/// fit the new barrels, for every supply level and a growing army.
#[test]
fn a57_within_limit_at_is_an_empty_default_disbanding() {
    use crate::Unit;
    use crate::event_phase::economy;
    use maester_board::UnitKind;
    let b = match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    let mut s = GameState::new_game(&b);
    let (Some(h), Some(a)) = (b.house_by_key("stark"), b.area_by_key("winterfell")) else {
        panic!("stark, winterfell");
    };
    let mut seen = [false; 2];
    for _ in 0..4 {
        for barrels in 0..=7u8 {
            let empty = economy::default_disbanding(&b, &s, h, barrels).is_empty();
            assert_eq!(within_limit_at(&b, &s, h, barrels), empty, "{barrels}");
            seen[empty as usize] = true;
        }
        s.area_mut(a).units.push(Unit::new(UnitKind::Footman));
    }
    assert_eq!(seen, [true, true]);
}
