//! 004:L1702: the Raven holder may change one order. His `无` is his decision to keep them:
//! the close says so, and he is not among the houses that took the defaults; a silent holder
//! still is.

use crate::*;
use maester_board::{Board, Order, OrderType};
use maester_rules::GameState;

fn board() -> Board {
    match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn the_holders_pass_keeps_his_orders_by_his_decision_004_l1702() {
    let b = board();
    let s = GameState::new_game(&b);
    let lannister = b
        .house_by_key("lannister")
        .unwrap_or_else(|| panic!("no lannister"));
    let stark = b
        .house_by_key("stark")
        .unwrap_or_else(|| panic!("no stark"));
    let lp = b
        .area_by_key("lannisport")
        .unwrap_or_else(|| panic!("no lannisport"));
    let march = Order {
        kind: OrderType::March,
        special: false,
    };
    let placed = Submission::Placement(Orders::from(Placement {
        orders: vec![(lp, march)],
        ..Default::default()
    }));
    let raven = close_step(&b, &s, &[(lannister, placed)]).state;
    assert_eq!(raven.step, Step::Raven);
    let kept = Submission::RavenKept;
    assert_eq!(kept.step(), Step::Raven);
    assert!(check(&b, &raven, lannister, &kept).is_ok());
    assert!(check(&b, &raven, stark, &kept).is_err(), "not the holder");
    let out = close_step(&b, &raven, &[(lannister, kept)]);
    assert_eq!(out.state.step, Step::Plan);
    assert_eq!(out.state.area(lp).order, Some(march));
    assert_eq!(out.raven_kept, Some(lannister));
    assert!(out.raven.is_none());
    assert!(out.silent().is_empty(), "{:?}", out.silent());
    let silent = close_step(&b, &raven, &[]);
    assert_eq!(silent.raven_kept, None);
    assert_eq!(silent.silent(), [(Step::Raven, lannister)]);
}
