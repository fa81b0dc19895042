//! The nouns of the economy kept in the game state between phases: the deck in play,
//! consolidate income, disbanding, the deferred victory rewards and the end of the game.
//! The rules that use them are in `economy`, `rewards` and `endgame`.

use super::events::EventDeck;
use super::units::Track;
use maester_board::{AreaId, HouseId, LeaderId, UnitKind};
use serde::{Deserialize, Serialize};

/// What the rest of the round keeps in the game state (one field, `GameState::economy`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EconomyState {
    /// The event bags and draws (None until [`super::events::start_game`]). Shared between
    /// copies of the state until one of them draws (`Arc::make_mut`): the rules copy the state
    /// for every sub-step, and the deck changes only when events are drawn or chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<std::sync::Arc<EventDeck>>,
    /// Wildling penalty 3 was suffered in this round: no special orders (004:L1132).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub special_orders_banned: Option<u8>,
    /// Leader victory rewards waiting for the next event phase.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending_rewards: Vec<PendingReward>,
    /// Successful consolidate-power incomes of the last military phase, which may be converted
    /// into fortifications in this event phase (004:L1076, A-58). The military phase fills it
    /// with [`record_consolidation`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cp_income: Vec<CpIncome>,
    /// Round 11 is being played because round 10 ended in a tie (004:L260, A-75).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub extra_round: bool,
    /// The result once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
}

/// One successful consolidate power of the last military phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CpIncome {
    /// The house.
    pub house: HouseId,
    /// The province.
    pub area: AreaId,
    /// The round of the military phase.
    pub round: u8,
    /// Tokens it gave (1 + crowns, before the cap).
    pub income: u8,
}

/// A house's choice of units to disband at a Supply event (one entry per unit).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisbandPlan {
    /// Area and kind of each unit to disband.
    pub units: Vec<(AreaId, UnitKind)>,
}

/// Which deferred reward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RewardKind {
    /// 红袍女 Melisandre.
    Melisandre,
    /// 鲁温 Luwin.
    Luwin,
    /// 道朗 Doran.
    Doran,
}

/// A reward won in a military phase, to be claimed in the next event phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingReward {
    /// The house.
    pub house: HouseId,
    /// The winning leader.
    pub leader: LeaderId,
    /// Which reward.
    pub kind: RewardKind,
    /// The round of the win(s).
    pub round: u8,
    /// The houses the leader beat that round (several wins still give one reward, 004:L1825).
    pub beaten: Vec<HouseId>,
}

/// A claim in the event phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RewardClaim {
    /// Send this available leader of a beaten house to rest (pay 1 token).
    Melisandre(LeaderId),
    /// Recall this resting leader of the house.
    Luwin(LeaderId),
    /// Seize this track's first place from the beaten house holding it.
    Doran(Track),
}

/// What decided a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WinHow {
    /// Six castles, at any moment (004:L266).
    SixCastles,
    /// Most castles after the last round (004:L257).
    Castles,
    /// Tied on castles, most effective barrels (004:L258).
    Barrels,
    /// Tied on castles and barrels, most tokens in hand (004:L259).
    Tokens,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameResult {
    /// One house won.
    Won {
        /// The winner.
        house: HouseId,
        /// Its castles.
        castles: u8,
        /// What decided it.
        how: WinHow,
    },
    /// Still tied after the extra round (004:L261).
    Draw {
        /// The houses sharing first place.
        houses: Vec<HouseId>,
    },
}

/// One house's standing for the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// The house.
    pub house: HouseId,
    /// Castles (cities and strongholds) controlled.
    pub castles: u8,
    /// Effective barrels, the level in force, not capped at 6.
    pub barrels: u8,
    /// Tokens in hand, not those on the map (004:L259).
    pub tokens: u8,
}
