//! 战斗力 The strength of one unit in a battle (004:L282–L306, T-01): its value attacking or
//! defending, in an area that is hard (city, stronghold or fortification) or not, and the knight's
//! −1 against a fortification (004:L1090).

use crate::military::ctx::Ctx;
use maester_board::{AreaId, UnitKind};

/// Whether a battle area counts as hard (city, stronghold or fortification): siege engines 4,
/// archers defend at 2, no knight-versus-archer counter (004:L282–L306).
pub fn hard(ctx: &Ctx, area: AreaId) -> bool {
    ctx.board.area(area).castle.is_some() || ctx.state.area(area).fortification.is_some()
}

/// Value of one unit attacking (or supporting an attack) into `area` (004:L282, T-01).
pub fn attack_value(kind: UnitKind, hard: bool, fortified: bool) -> i32 {
    match kind {
        UnitKind::Footman | UnitKind::Ship | UnitKind::Archer => 1,
        // 004:L1090: each attacking or supporting knight −1 against a fortification.
        UnitKind::Knight => {
            if fortified {
                1
            } else {
                2
            }
        }
        UnitKind::Siege => {
            if hard {
                4
            } else {
                0
            }
        }
    }
}

/// Value of one unit defending (or supporting a defence) of `area` (004:L282, T-01).
pub fn defence_value(kind: UnitKind, hard: bool) -> i32 {
    match kind {
        UnitKind::Footman | UnitKind::Ship => 1,
        UnitKind::Knight => 2,
        UnitKind::Siege => 0,
        UnitKind::Archer => {
            if hard {
                2
            } else {
                1
            }
        }
    }
}
