//! 巩固统治 Consolidate power (004:L833–L892, L1468–L1480, L2338): after all battles, a province
//! whose consolidate order still stands and which was never taken this round gives 1 + its crowns.

use super::log::Event;
use super::military::Ctx;
use super::state::GameState;
use crate::board::{Board, HouseId, OrderType};

/// Add power tokens to a house's hand, respecting the cap on tokens owned. Returns the
/// number lost to the cap.
pub fn gain_power(board: &Board, state: &mut GameState, house: HouseId, n: u8) -> u8 {
    let owned = state.power_owned(house);
    let room = (board.rules.max_power as u32)
        .saturating_sub(owned)
        .min(n as u32) as u8;
    state.house_mut(house).power += room;
    n - room
}

/// Collect consolidate-power income.
pub fn resolve(ctx: &mut Ctx) {
    for a in ctx.board.area_ids().collect::<Vec<_>>() {
        let Some(order) = ctx.order(a) else { continue };
        if order.kind != OrderType::Consolidate {
            continue;
        }
        let Some(house) = ctx.state.occupant(a) else {
            continue;
        };
        if ctx.taken[a.index()] {
            ctx.log.push(Event::ConsolidateFailed { house, area: a });
            continue;
        }
        let n = 1 + ctx.board.area(a).crowns;
        let capped = gain_power(ctx.board, &mut ctx.state, house, n);
        ctx.log.push(Event::Consolidated {
            house,
            area: a,
            gained: n - capped,
            capped,
        });
    }
}
