//! 本回合生效的事件与游戏设置: what changes the military phase of one round — the military
//! event in force (004:L2412–L2454) and the wildling ban — and the per-game settings
//! (decisions.md). Passed in explicitly; nothing is read from anywhere global. (Pontoons are
//! one-time orders standing on the map, `AreaState::one_time`.)

use maester_board::HouseId;
use serde::{Deserialize, Serialize};

/// Events and one-round effects in force during this military phase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundModifiers {
    /// 风暴之海 Sea of Storms: no raid orders (004:L1463).
    #[serde(default)]
    pub sea_of_storms: bool,
    /// 群鸦飨宴 Feast for Crows: no consolidate orders (004:L2413).
    #[serde(default)]
    pub feast_for_crows: bool,
    /// 干戈四起 Storm of Swords: no defence orders (004:L1362).
    #[serde(default)]
    pub storm_of_swords: bool,
    /// 秋雨连绵 Rains of Autumn: supporting footmen and archers count 0 (004:L1426).
    #[serde(default)]
    pub rains_of_autumn: bool,
    /// 惊涛骇浪: no orders at sea; sea fleets neither march, support, raid nor transport.
    #[serde(default)]
    pub rough_seas: bool,
    /// 河流封冻: every river can be crossed this round (004:L2429).
    #[serde(default)]
    pub rivers_frozen: bool,
    /// Houses that may place no special order this round (wildling penalty, A-66).
    #[serde(default)]
    pub no_special_orders: Vec<HouseId>,
}

/// Per-game settings, `[game.rules]` of the config (decisions.md "configurable per game").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// a sword assigned to a battle that is lost even with it is spent (default true).
    #[serde(default = "yes")]
    pub sword_spent_when_lost: bool,
    /// The optional rules of 004 §七 (default off): one-time orders — Recruit, Supply Caravan,
    /// Forced March, Pontoon —, and with them, as 004:L2632 and L2638 tie them, the public event
    /// preview and the chooser events. Copied into the game state when the game is created.
    /// (`pontoons`, the older key, means the same: the pontoon is one of the one-time orders.)
    #[serde(default, alias = "pontoons")]
    pub one_time_orders: bool,
    /// a Supply Caravan adds only a province not counted in the effective barrels
    /// (default true); false adds its barrels always.
    #[serde(default = "yes")]
    pub caravan_new_provinces_only: bool,
}

fn yes() -> bool {
    true
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            sword_spent_when_lost: true,
            one_time_orders: false,
            caravan_new_provinces_only: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Settings;

    #[test]
    fn one_switch_for_the_optional_rules_and_the_old_pontoon_key_004_l2632() {
        let s: Settings = match toml::from_str("one_time_orders = true") {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        };
        assert!(s.one_time_orders && s.caravan_new_provinces_only && s.sword_spent_when_lost);
        let old: Settings = match toml::from_str("pontoons = true") {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        };
        assert!(
            old.one_time_orders,
            "the pontoon is one of the one-time orders"
        );
        assert!(
            toml::from_str::<Settings>("one_time_order = true").is_err(),
            "a misspelt key is refused, not ignored"
        );
    }
}
