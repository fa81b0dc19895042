//! 战斗力 What each unit is worth in one battle, in context (004:L282–L306, A-11, A-12): the
//! unit values of `military/strength.rs` with the leader's set values, the fortification −1,
//! knights countering archers in the field, and rain on supports.

use crate::military::battle::support::Supporter;
use crate::military::ctx::Ctx;
use crate::military::strength::{attack_value, defence_value, hard};
use crate::model::log::Defender;
use crate::model::state::Unit;
use maester_board::{AreaId, UnitKind};

/// What a unit is worth in this battle, per side (0 attacker, 1 defender), with the modifier
/// order of A-11: (1) base, (2) leader set values, (3) fortification −1, (4) knights counter
/// archers, (6) rain.
pub(super) struct Valuation {
    hard: bool,
    fortified: bool,
    /// Archers of this side count 0: the other side has knights in the field and this one none
    /// (004:L306, A-12).
    zero: [bool; 2],
    rains: bool,
}

impl Valuation {
    pub(super) fn new(
        ctx: &Ctx,
        to: AreaId,
        defender: Defender,
        defenders: &[Unit],
        moving: &[Unit],
    ) -> Self {
        let hard_area = hard(ctx, to);
        let fortified = ctx.state.area(to).fortification.is_some();
        // Knights counter archers in the field (004:L306, A-12), after step a).
        let has_knight = |us: &[Unit]| us.iter().any(|u| u.kind == UnitKind::Knight && !u.routed);
        let field = ctx.board.area(to).is_land() && !hard_area && defender != Defender::Neutral;
        let zero = [
            field && has_knight(defenders) && !has_knight(moving),
            field && has_knight(moving) && !has_knight(defenders),
        ];
        Valuation {
            hard: hard_area,
            fortified,
            zero,
            rains: ctx.mods.rains_of_autumn,
        }
    }

    pub(super) fn fortified(&self) -> bool {
        self.fortified
    }

    /// One unit of `side`, fighting or `supporting`, with the set values `set` of its leader.
    pub(super) fn unit(
        &self,
        k: UnitKind,
        side: usize,
        supporting: bool,
        set: &[(UnitKind, i32)],
    ) -> i32 {
        let mut v = if side == 0 {
            attack_value(k, self.hard, false)
        } else {
            defence_value(k, self.hard)
        };
        if !supporting && let Some((_, s)) = set.iter().find(|(x, _)| *x == k) {
            v = *s;
        }
        if side == 0 && self.fortified && k == UnitKind::Knight {
            v -= 1;
        }
        if self.zero[side] && k == UnitKind::Archer {
            v = 0;
        }
        if supporting && self.rains && matches!(k, UnitKind::Footman | UnitKind::Archer) {
            v = 0;
        }
        v
    }

    /// A supporting area's units for `side`; its ships count 0 against Salladhor.
    pub(super) fn support(&self, s: &Supporter, side: usize, salladhor: bool) -> i32 {
        s.units
            .iter()
            .map(|u| {
                if salladhor && u.kind == UnitKind::Ship {
                    0
                } else {
                    self.unit(u.kind, side, true, &[])
                }
            })
            .sum()
    }
}
