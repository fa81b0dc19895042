//! One siege engine per army (004:L636, L1246): a march that would make an army of two siege
//! engines is not carried out, and the log says why (the way a march beyond supply is, L633).

use super::kit::*;
use crate::model::log::{Event, Skip};
use maester_board::OrderType;

fn two_sieges_skipped(log: &[Event]) -> bool {
    log.iter().any(|e| {
        matches!(
            e,
            Event::Skipped {
                why: Skip::TwoSieges(_),
                ..
            }
        )
    })
}

#[test]
fn march_of_a_siege_engine_into_an_army_with_one_is_not_carried_out_004_l636() {
    let mut t = fresh();
    let h = t.h("lannister");
    t.s.house_mut(h).barrels = 6;
    t.put("lannister", "lannisport", "KE");
    t.put("lannister", "stoney-sept", "E");
    t.order("stoney-sept", OrderType::March, false);
    t.split("lannister", "stoney-sept", &[("lannisport", "1E")]);
    let (s, log) = t.run();
    assert!(two_sieges_skipped(&log), "{log:?}");
    assert_eq!(t.units(&s, "lannisport"), "EK");
    assert_eq!(t.units(&s, "stoney-sept"), "E");
}

#[test]
fn march_of_a_siege_engine_into_an_army_without_one_goes_004_l1246() {
    let mut t = fresh();
    let h = t.h("lannister");
    t.s.house_mut(h).barrels = 6;
    t.put("lannister", "lannisport", "KF");
    t.put("lannister", "stoney-sept", "E");
    t.order("stoney-sept", OrderType::March, false);
    t.split("lannister", "stoney-sept", &[("lannisport", "1E")]);
    let (s, log) = t.run();
    assert!(!two_sieges_skipped(&log), "{log:?}");
    assert_eq!(t.units(&s, "lannisport"), "EFK");
}

#[test]
fn the_second_of_two_marches_bringing_a_siege_engine_is_not_carried_out_004_l636() {
    // Two armies each with a siege engine march into the same own area: the second does not.
    let mut t = fresh();
    let h = t.h("lannister");
    t.s.house_mut(h).barrels = 6;
    t.put("lannister", "lannisport", "F");
    t.put("lannister", "stoney-sept", "KE");
    t.put("lannister", "searoad-marches", "FE");
    t.order("stoney-sept", OrderType::March, false);
    t.order("searoad-marches", OrderType::March, false);
    t.split("lannister", "stoney-sept", &[("lannisport", "1K1E")]);
    t.split("lannister", "searoad-marches", &[("lannisport", "1F1E")]);
    let (s, log) = t.run();
    assert!(two_sieges_skipped(&log), "{log:?}");
    assert_eq!(
        crate::military::moves::sieges(&s.area(t.a("lannisport")).units),
        1
    );
}
