//! The simulator's invariants see an army of two siege engines (004:L636).

use maester_board::{Board, UnitKind};
use maester_rules::GameState;
use maester_rules::state::Unit;

#[test]
fn an_army_with_two_siege_engines_breaks_an_invariant_004_l636() {
    let b = match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    let mut s = GameState::new_game(&b);
    let Some(wf) = b.area_by_key("winterfell") else {
        panic!("winterfell");
    };
    assert!(
        maester_harness::sim::invariants(&b, &s).is_empty(),
        "the start holds"
    );
    s.area_mut(wf).units.push(Unit::new(UnitKind::Siege));
    assert!(
        maester_harness::sim::invariants(&b, &s).is_empty(),
        "one is fine"
    );
    s.area_mut(wf).units.push(Unit::new(UnitKind::Siege));
    let v = maester_harness::sim::invariants(&b, &s);
    assert!(v.iter().any(|x| x.contains("siege engine")), "{v:?}");
}
