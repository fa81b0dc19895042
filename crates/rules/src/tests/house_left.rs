//! A house whose player left with no substitute is neutral: its units stay where they are and
//! it carries out no more orders (004:L492, A-21). Tests of what that means in the event phase,
//! and of the reasons the military log gives when it is fought (004:L2257–L2268).

use super::kit::{battle, t};
use super::kit_events::{W, empty};
use crate::armies::muster::{self, MusterAction, MusterError, MusterItem, MusterPlan};
use crate::event_phase::wildlings::{self, PenaltyKind};
use crate::model::log::{Event, Loss, Unfulfilled};
use maester_board::OrderType;
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

#[test]
fn l2266_beaten_units_of_a_house_that_has_left_are_destroyed_because_neutrals_never_retreat() {
    let mut t = t();
    // Karhold beside Stark's own empty Winterfell: an area to retreat into, were Stark a player.
    t.put("stark", "karhold", "F");
    t.s.house_mut(t.h("stark")).neutral = true;
    t.put("lannister", "castle-black", "FF");
    t.order("castle-black", OrderType::March, false);
    t.march("lannister", "castle-black", "karhold");
    let (s, log) = t.run();
    assert!(battle(&log).attacker_won);
    assert_eq!(t.units(&s, "winterfell"), "");
    let st = t.h("stark");
    let whys: Vec<Loss> = log
        .iter()
        .filter_map(|e| match e {
            Event::Destroyed { house, why, .. } if *house == st => Some(*why),
            _ => None,
        })
        .collect();
    assert_eq!(whys, vec![Loss::NeutralNoRetreat]);
}

#[test]
fn l2260_a_sword_given_to_an_army_that_fought_a_house_that_has_left_is_unused_for_that_reason() {
    let mut t = t();
    // Greyjoy is first on Fiefdoms at the start: it holds the sword.
    t.put("stark", "moat-cailin", "F");
    t.s.house_mut(t.h("stark")).neutral = true;
    t.put("greyjoy", "greywater-watch", "FF");
    t.order("greywater-watch", OrderType::March, false);
    t.march("greyjoy", "greywater-watch", "moat-cailin");
    let gw = t.a("greywater-watch");
    t.plan("greyjoy").sword = Some(gw);
    let (_, log) = t.run();
    let b = battle(&log);
    assert_eq!(
        (b.attack_total, b.defence_total),
        (2, 2),
        "no sword against neutrals"
    );
    assert!(b.attacker_won, "a tie goes to the attacker (004:L2264)");
    let whys: Vec<Unfulfilled> = log
        .iter()
        .filter_map(|e| match e {
            Event::NotCarriedOut { why, .. } => Some(*why),
            _ => None,
        })
        .collect();
    assert_eq!(whys, vec![Unfulfilled::SwordAgainstNeutral]);
    assert_eq!(Unfulfilled::SwordAgainstNeutral.rule(), "004:L2260, L1744");
}

/// A player leaves mid-round, after the orders were placed and the plan sent (004:L492): the
/// house carries out no more orders. Its march stays home, and its defence order no longer
/// counts: it is fought as a neutral force, a tie going to the attacker (004:L2264).
#[test]
fn l492_a_player_leaving_mid_round_leaves_his_placed_orders_and_plan_unexecuted() {
    use crate::round::endgame::{Leaving, player_leaves};
    let mut t = t();
    t.put("stark", "winterfell", "FF");
    t.order("winterfell", OrderType::March, false);
    t.march("stark", "winterfell", "moat-cailin");
    t.put("stark", "karhold", "F");
    t.order("karhold", OrderType::Defence, false);
    t.put("lannister", "castle-black", "F");
    t.order("castle-black", OrderType::March, false);
    t.march("lannister", "castle-black", "karhold");
    // Before the player leaves: Stark marches, and Karhold defends with 1 + 1 against 1.
    let (s, log) = t.run();
    assert_eq!(t.units(&s, "moat-cailin"), "FF");
    assert!(!battle(&log).attacker_won);
    // The player leaves after placing orders and sending the plan.
    let (left, _) = player_leaves(&t.s, t.h("stark"), Leaving::Neutral);
    t.s = left;
    let (s, log) = t.run();
    assert_eq!(
        t.units(&s, "winterfell"),
        "FF",
        "its march is not carried out"
    );
    assert_eq!(t.units(&s, "moat-cailin"), "");
    let b = battle(&log);
    assert_eq!(
        (b.attack_total, b.defence_total),
        (1, 1),
        "no defence order"
    );
    assert!(
        b.attacker_won,
        "a tie against neutral forces goes to the attacker"
    );
    assert_eq!(t.holder(&s, "karhold").as_deref(), Some("lannister"));
}

#[test]
fn l492_the_engine_refuses_orders_placed_by_a_house_that_has_left() {
    use crate::model::orders::Placement;
    use crate::planning::placement::{self, PlacementError};
    use maester_board::Order;
    let mut w = empty();
    w.put("stark", "winterfell", "FF");
    let st = w.h("stark");
    let p = Placement {
        orders: vec![(
            w.a("winterfell"),
            Order {
                kind: OrderType::Defence,
                special: false,
            },
        )],
        ..Default::default()
    };
    assert!(placement::check(&w.b, &w.s, st, &p).is_empty());
    left(&mut w, "stark");
    assert_eq!(
        placement::check(&w.b, &w.s, st, &p),
        vec![PlacementError::HouseLeft]
    );
    assert_eq!(PlacementError::HouseLeft.rule(), "004:L492");
}

/// docs/rulings.md "004:L650 with L492": bound by Supply, with no player to choose — a list
/// handed in for it is refused and the default of A-57 applies.
#[test]
fn l650_a_house_that_has_left_is_bound_by_supply_with_the_default_disbanding() {
    use crate::event_phase::economy::{self, DisbandPlan, SupplyError};
    use crate::model::log_events::{DisbandReason, EconomyEvent};
    let mut w = empty();
    // T-07's position: effective barrels 3, actual 1 (limits [3, 2]).
    w.put("stark", "white-harbor", "KFF");
    w.put("stark", "moat-cailin", "FF");
    w.put("stark", "the-twins", "KK");
    w.put("stark", "the-narrow-sea", "SS");
    w.barrels("stark", 3);
    left(&mut w, "stark");
    let st = w.h("stark");
    let plan = DisbandPlan {
        units: vec![
            (w.a("moat-cailin"), UnitKind::Footman),
            (w.a("the-twins"), UnitKind::Knight),
        ],
    };
    assert_eq!(
        economy::check_disbanding(&w.b, &w.s, st, &plan),
        Err(vec![SupplyError::HouseLeft])
    );
    let (s, log) = economy::resolve_supply(&w.b, &w.s, &[(st, plan)]);
    assert_eq!(s.house(st).barrels, 1);
    assert_eq!(w.codes(&s, "the-twins"), "KK", "the list is not taken");
    assert_eq!(w.codes(&s, "moat-cailin"), "F");
    assert_eq!(w.codes(&s, "the-narrow-sea"), "S");
    assert!(log.iter().any(|e| matches!(
        e,
        EconomyEvent::Disbanded {
            reason: DisbandReason::SupplyHouseLeft,
            ..
        }
    )));
}
