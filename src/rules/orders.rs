//! 命令 The typed submissions the rules consume: order placement and execution plans.
//!
//! The order language (`crate::lang`) turns a player's text into these; the rules never see text.

use crate::board::{AreaId, Order, UnitKind};
use serde::{Deserialize, Serialize};

/// 布置军事命令: the orders one house places, one per area (A-25: areas may stay empty).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    /// Area and order.
    pub orders: Vec<(AreaId, Order)>,
}

/// Which units of an area a march line moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnitSelection {
    /// A bare area, `军团`, `部队` or `舰队`: every unit there.
    All,
    /// `步兵`, `骑士`, … without a count: every unit of that kind.
    Kind(UnitKind),
    /// `2F1K`: exactly these units.
    Exact(Vec<(UnitKind, u8)>),
}

/// One destination of a march (a split march has several).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarchMove {
    /// Which units go.
    pub units: UnitSelection,
    /// Where to.
    pub to: AreaId,
}

/// One march (行军) step: every line of one area that shares a step number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarchStep {
    /// The area with the march order.
    pub from: AreaId,
    /// Its moves, executed together.
    pub moves: Vec<MarchMove>,
    /// 放置势力标志: leave a power token in `from` if it ends up empty.
    pub leave_token: bool,
}

/// One raid (突袭) step: one target, or two for 突袭+1 (same slot).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RaidStep {
    /// The area with the raid order.
    pub from: AreaId,
    /// Targets.
    pub targets: Vec<AreaId>,
}

/// 制定执行方案: one house's execution plan.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// Raids in the player's priority order.
    pub raids: Vec<RaidStep>,
    /// Marches in the player's priority order.
    pub marches: Vec<MarchStep>,
    /// Ranked retreat destinations (004:L2300 c).
    pub retreat: Vec<AreaId>,
}
