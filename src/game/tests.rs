//! The step machine: sequence, skipped steps, defaults.

use super::*;
use crate::board::{Board, Order, OrderType};
use crate::rules::GameState;

fn board() -> Board {
    match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn placement_closes_into_raven_and_reveals_orders_silent_houses_get_none_a26() {
    let b = board();
    let s = GameState::new_game(&b);
    let stark = b.house_by_key("stark").unwrap_or(HouseId(0));
    let wf = b.area_by_key("winterfell").unwrap_or(AreaId(0));
    let sub = Submission::Placement(Placement {
        orders: vec![(
            wf,
            Order {
                kind: OrderType::March,
                special: true,
            },
        )],
    });
    assert!(check(&b, &s, stark, &sub).is_ok());
    let out = close_step(&b, &s, &[(stark, sub)]);
    // The Raven holder (Lannister) placed nothing: the Raven step needs nobody and closes at once.
    assert_eq!(out.state.step, Step::Plan);
    assert_eq!(out.revealed.len(), 1);
    assert_eq!(out.silent().len(), 5);
    let out2 = close_step(&b, &out.state, &[]);
    assert_eq!((out2.state.round, out2.state.step), (2, Step::Placement));
    assert!(out2.state.areas.iter().all(|a| a.order.is_none()));
}
