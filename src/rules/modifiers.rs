//! 本回合生效的事件与游戏设置: what changes the military phase of one round — the military
//! event in force (004:L2412–L2454) and pontoons placed — and the per-game settings the military
//! rules read (decisions.md). Passed in explicitly; nothing is read from anywhere global.

use crate::board::{AreaId, HouseId};
use serde::{Deserialize, Serialize};

/// 浮桥: a pontoon placed this round (optional rule, 004:L2600–L2614).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pontoon {
    /// The house that placed it.
    pub house: HouseId,
    /// The river-side province holding the order.
    pub area: AreaId,
    /// The bank it reaches.
    pub bank: AreaId,
}

/// Events and one-round effects in force during this military phase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundModifiers {
    /// 风暴之海 Sea of Storms: no raid orders (004:L1465).
    #[serde(default)]
    pub sea_of_storms: bool,
    /// 群鸦飨宴 Feast for Crows: no consolidate orders (004:L1480).
    #[serde(default)]
    pub feast_for_crows: bool,
    /// 干戈四起 Storm of Swords: no defence orders (004:L1364).
    #[serde(default)]
    pub storm_of_swords: bool,
    /// 秋雨连绵 Rains of Autumn: supporting footmen and archers count 0 (004:L1426).
    #[serde(default)]
    pub rains_of_autumn: bool,
    /// 惊涛骇浪: no orders at sea; sea fleets neither march, support, raid nor transport.
    #[serde(default)]
    pub rough_seas: bool,
    /// 河流封冻: every river can be crossed this round (004:L1623).
    #[serde(default)]
    pub rivers_frozen: bool,
    /// Houses that may place no special order this round (wildling penalty, A-66).
    #[serde(default)]
    pub no_special_orders: Vec<HouseId>,
    /// Pontoons placed this round (only with the optional rule, [`Settings::pontoons`]).
    #[serde(default)]
    pub pontoons: Vec<Pontoon>,
}

/// Per-game settings of the military rules (decisions.md "configurable per game").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// a sword assigned to a battle that is lost even with it is spent (default true).
    #[serde(default = "yes")]
    pub sword_spent_when_lost: bool,
    /// Optional rule of 004 §七: one-time orders, among them pontoons (default off).
    #[serde(default)]
    pub pontoons: bool,
}

fn yes() -> bool {
    true
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            sword_spent_when_lost: true,
            pontoons: false,
        }
    }
}
