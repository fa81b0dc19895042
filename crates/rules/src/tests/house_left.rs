//! A house whose player left with no substitute is neutral: its units stay where they are and
//! it carries out no more orders (004:L492, A-21). Tests of what that means in the event phase.

use super::kit_events::{W, empty};
use crate::armies::muster::{self, MusterAction, MusterError, MusterItem, MusterPlan};
use crate::event_phase::wildlings::{self, PenaltyKind};
use maester_board::{HouseId, UnitKind};

fn left(w: &mut W, house: &str) {
    let h = w.h(house);
    w.s.house_mut(h).neutral = true;
}

fn bids(w: &W) -> Vec<(HouseId, u8)> {
    vec![
        (w.h("baratheon"), 3),
        (w.h("lannister"), 2),
        (w.h("stark"), 2),
        (w.h("martell"), 1),
    ]
}

#[test]
fn l1126_a_house_that_has_left_is_not_the_lowest_bidder_the_silent_player_is() {
    let mut w = empty();
    left(&mut w, "tyrell");
    w.s.wildlings = 9;
    let (_, r, _) = wildlings::resolve_attack(&w.s, &bids(&w));
    assert!(!r.watch_won);
    // Greyjoy (silent, 0) is the only lowest-bidding player: no tie for the King.
    assert_eq!(r.lowest, vec![w.h("greyjoy")]);
    // Its bid of 0 is still listed, as a neutral house's.
    assert!(r.bids.contains(&(w.h("tyrell"), 0)));
}

#[test]
fn l1126_a_house_that_has_left_is_never_the_highest_bidder_either() {
    let mut w = empty();
    left(&mut w, "tyrell");
    w.s.wildlings = 0;
    let none: Vec<(HouseId, u8)> = Vec::new();
    let (_, r, _) = wildlings::resolve_attack(&w.s, &none);
    assert!(r.watch_won);
    assert!(!r.highest.contains(&w.h("tyrell")));
    assert_eq!(r.highest.len(), 5);
}

#[test]
fn l492_l1130_the_units_of_a_house_that_has_left_stay_through_the_wildling_penalty() {
    let mut w = empty();
    w.put("tyrell", "highgarden", "FF");
    w.put("tyrell", "the-reach", "K");
    w.put("greyjoy", "pyke", "FFFF");
    left(&mut w, "tyrell");
    let gj = w.h("greyjoy");
    let (s, _) = wildlings::apply_penalty(&w.b, &w.s, PenaltyKind::Disband, Some(gj), &[]);
    assert_eq!(w.codes(&s, "highgarden"), "FF");
    assert_eq!(w.codes(&s, "the-reach"), "K");
    assert_eq!(w.codes(&s, "pyke"), "", "the lowest bidder loses 4 points");
    // Even named the worst by a caller, a house that has left loses nothing.
    let ty = w.h("tyrell");
    let (s, _) = wildlings::apply_penalty(&w.b, &w.s, PenaltyKind::DowngradeKnights, Some(ty), &[]);
    assert_eq!(w.codes(&s, "the-reach"), "K");
}

fn one_footman(w: &W) -> MusterPlan {
    MusterPlan {
        items: vec![MusterItem {
            castle: w.a("winterfell"),
            action: MusterAction::Unit(UnitKind::Footman),
        }],
    }
}

#[test]
fn l492_the_engine_refuses_mustering_by_a_house_that_has_left() {
    let mut w = empty();
    w.put("stark", "winterfell", "FF");
    let st = w.h("stark");
    let plan = one_footman(&w);
    let budget = muster::points(&w.b, &w.s, st);
    let ports = muster::ports_now(&w.b, &w.s);
    assert_eq!(
        muster::check(&w.b, &w.s, st, &plan, &budget, &ports),
        Ok(())
    );
    left(&mut w, "stark");
    let e = muster::check(&w.b, &w.s, st, &plan, &budget, &ports);
    assert_eq!(e, Err(vec![MusterError::HouseLeft]));
    assert_eq!(MusterError::HouseLeft.rule(), "004:L492");
    assert!(!muster::is_valid(&w.b, &w.s, st, &plan, &budget, &ports));
}

#[test]
fn l492_a_muster_plan_handed_in_for_a_house_that_has_left_is_not_carried_out() {
    let mut w = empty();
    w.put("stark", "winterfell", "FF");
    left(&mut w, "stark");
    let plan = one_footman(&w);
    let out = muster::resolve(&w.b, &w.s, &[(w.h("stark"), plan)], &[]);
    assert_eq!(w.codes(&out.state, "winterfell"), "FF");
    assert!(out.log.is_empty());
}
