//! The nouns of the one-time orders (an optional rule, 004:L2489–L2624): the kinds, the orders
//! as placed, what each house has used, and what the log records of them. The checks and
//! effects are in `rules::one_time`.

use super::log_events::EconomyEvent;
use maester_board::{AreaId, HouseId};
use serde::{Deserialize, Serialize};

/// The four one-time orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OneTimeKind {
    /// 招募: muster from the area's castle after consolidate power (004:L2563).
    Recruit,
    /// 补给车: the area's barrels join the effective barrels from the next round (004:L2576).
    SupplyCaravan,
    /// 强行军: gather own units from the surrounding areas in one step (004:L2591).
    ForcedMarch,
    /// 浮桥: a bridge over the river for this round (004:L2609).
    Pontoon,
}

/// A one-time order as a house places it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OneTimeOrder {
    /// Which one.
    pub kind: OneTimeKind,
    /// For a pontoon: the bank it reaches (needed where the board offers several, 004:L2611).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank: Option<AreaId>,
}

/// A one-time order standing on the map this round (public after the reveal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacedOneTime {
    /// The house that placed it.
    pub house: HouseId,
    /// Which one.
    pub kind: OneTimeKind,
    /// For a pontoon: the bank it reaches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank: Option<AreaId>,
}

/// One use of a one-time order (it counts as used once placed, 004:L2518).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Used {
    /// The house.
    pub house: HouseId,
    /// The order.
    pub kind: OneTimeKind,
    /// The round it was placed in.
    pub round: u8,
}

/// A caravan's barrels waiting for the next round (004:L2580: "效果从下回合才开始").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingCaravan {
    /// The house.
    pub house: HouseId,
    /// The province.
    pub area: AreaId,
    /// Its barrels.
    pub barrels: u8,
}

/// The optional rule's state in a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OneTimeState {
    /// The game uses the optional rules of 004 §七 (one-time orders, event preview, chooser
    /// events).
    #[serde(default)]
    pub enabled: bool,
    /// Every one-time order placed so far.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub used: Vec<Used>,
    /// Caravan barrels to add at the start of the next round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub caravans: Vec<PendingCaravan>,
    /// Per house, the provinces its effective barrels were counted from at the last Supply
    /// reconciliation or the start of the game. A house without an entry (a position set
    /// up by hand) counts every province as new.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub basis: Vec<(HouseId, Vec<AreaId>)>,
}

/// What became of a one-time order (the log of the military phase).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OneTimeEvent {
    /// A raid removed it (with the area's other raidable order, A-40); `plunder` tokens for a
    /// consolidate-type one (004:L2528).
    Raided {
        /// The raiding house.
        house: HouseId,
        /// Its area.
        from: AreaId,
        /// The raided area.
        target: AreaId,
        /// The owner.
        victim: HouseId,
        /// The order.
        kind: OneTimeKind,
        /// Tokens plundered for it (1 for a consolidate-type order, else 0).
        plunder: u8,
    },
    /// Asha's victory removed it (A-18, 004:L2530).
    Cancelled {
        /// Asha's house.
        by: HouseId,
        /// The owner.
        victim: HouseId,
        /// The area.
        area: AreaId,
        /// The order.
        kind: OneTimeKind,
    },
    /// Nothing came of it; it still counts as used (004:L2518).
    Wasted {
        /// The owner.
        house: HouseId,
        /// The area.
        area: AreaId,
        /// The order.
        kind: OneTimeKind,
        /// Why.
        why: Waste,
    },
    /// 补给车: the province's barrels count from the next round (004:L2576–L2582, A-79).
    Caravan {
        /// The house.
        house: HouseId,
        /// The province.
        area: AreaId,
        /// Barrels added from the next round (0: already counted, A-79).
        barrels: u8,
    },
    /// 招募: mustering from the area's castle after consolidate power (004:L2563, A-80).
    Recruited {
        /// The house.
        house: HouseId,
        /// The province.
        area: AreaId,
        /// The mustering, in the words of a Mustering event.
        log: Vec<EconomyEvent>,
    },
    /// 强行军: units gathered in one step (004:L2591, A-78).
    ForcedMarch {
        /// The house.
        house: HouseId,
        /// The area with the order.
        area: AreaId,
        /// Where units came from, and which.
        from: Vec<(AreaId, Vec<maester_board::UnitKind>)>,
    },
}

/// Why a one-time order came to nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Waste {
    /// The area was without the house's units at some moment of the phase (004:L2569).
    AreaLeft,
    /// A forced march whose area was emptied before it ran, or that gathered nobody.
    NothingGathered,
    /// Recruit without a muster plan, or with none of it possible.
    NoRecruitPlan,
}

impl OneTimeState {
    /// Whether the rule is off and nothing was ever recorded (not written into the state).
    pub fn is_off(&self) -> bool {
        *self == OneTimeState::default()
    }
}
