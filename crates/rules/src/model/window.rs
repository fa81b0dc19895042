//! The input of the event phase: what each house answers while the phase's window is open
//! (bids, ties, building, mustering, disbanding, wildling penalties and rewards) and the open
//! window kept in the game state. The phase itself is `rules::event_phase`.

use super::economy::{DisbandPlan, RewardClaim};
use super::events::{Category, EventCard, PenaltyKind};
use super::units::Track;
use maester_board::{AreaId, HouseId, LeaderId, UnitKind};
use serde::{Deserialize, Serialize};

/// Everything the houses send in an event phase. Missing entries take the defaults of A-26.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventPhaseInput {
    /// Chooser events (optional rule): the holder's choice per category.
    pub choices: Vec<(HouseId, Category, EventCard)>,
    /// Leader victory rewards claimed (Melisandre, Luwin, Doran).
    pub claims: Vec<(HouseId, RewardClaim)>,
    /// Ports and fortifications.
    pub build: Vec<(HouseId, BuildPlan)>,
    /// Disbanding at a Supply event.
    pub disband: Vec<(HouseId, DisbandPlan)>,
    /// Muster plans at a Mustering event.
    pub muster: Vec<(HouseId, MusterPlan)>,
    /// Clash of Kings bids.
    pub clash: Vec<(HouseId, ClashBid)>,
    /// Wildling bids.
    pub wildling_bids: Vec<(HouseId, u8)>,
    /// Second window: replacement muster plans of houses whose ships were blocked.
    pub muster_replacements: Vec<(HouseId, MusterPlan)>,
    /// Second window: the Kings' orderings of tied bids (004:L1157).
    pub clash_ties: TieDecisions,
    /// Second window: the King's pick among tied highest (or lowest) wildling bidders.
    pub wildling_king_pick: Option<HouseId>,
    /// Second window: the Night's Watch reward chosen by the highest bidder.
    pub wildling_reward: Option<WildlingReward>,
    /// Second window: the houses' choices for the wildling penalty.
    pub wildling_penalty: Vec<(HouseId, PenaltyChoice)>,
}

/// The first window of an event phase while the second is open: what the houses sent, and the
/// questions it raises with every answer at its default.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventWindow {
    /// The first window's submissions.
    pub input: EventPhaseInput,
    /// The questions of the second window.
    pub questions: Vec<Question>,
}

/// A question for the second window.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Question {
    /// A house may send a replacement for a ship blocked in a sea conflict (004:L769, A-62).
    MusterRevision(Blocked),
    /// A King orders houses with equal bids (004:L1157).
    ClashTie(Tie),
    /// The King names one of the tied highest (`reward`) or lowest wildling bidders (004:L1122,
    /// L1126).
    WildlingTie {
        /// The King.
        king: Option<HouseId>,
        /// The tied houses.
        houses: Vec<HouseId>,
        /// Highest (reward) or lowest (penalty).
        reward: bool,
    },
    /// The highest bidder chooses a Night's Watch reward (004:L1114).
    WildlingReward(HouseId),
    /// A house chooses how it suffers the penalty (004:L1128).
    WildlingPenalty {
        /// The house.
        house: HouseId,
        /// The penalty.
        penalty: PenaltyKind,
        /// Whether it is the lowest bidder, who suffers more.
        worst: bool,
    },
}

/// A house's three bids.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClashBid {
    /// 铁王座 Iron Throne.
    pub throne: u8,
    /// 封邑 Fiefdoms.
    pub fiefdoms: u8,
    /// 御前会议 King's Court.
    pub court: u8,
}

/// A group of houses with equal bids on a track, which a King orders.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tie {
    /// The track.
    pub track: Track,
    /// The bid they share.
    pub bid: u8,
    /// The tied houses, in the default order (their previous relative order, A-65).
    pub houses: Vec<HouseId>,
    /// Who orders them: the previous King on the Iron Throne, the new King on the others
    /// (004:L1157), or Martell holding Doran's captured throne.
    pub decider: Option<HouseId>,
}

/// The Kings' orderings of tied houses, one list per track (houses earlier in a list rank
/// higher among the tied ones; houses not named keep the default order after the named).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TieDecisions {
    /// Iron Throne, Fiefdoms, King's Court.
    pub orders: [Option<Vec<HouseId>>; 3],
}

/// Build a temporary port in a province, facing a sea (needed where the site has several).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PortBuild {
    /// The province.
    pub province: AreaId,
    /// The sea its port faces.
    pub sea: Option<AreaId>,
}

/// What a house builds in one window.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuildPlan {
    /// Temporary ports, priced in the order written.
    pub ports: Vec<PortBuild>,
    /// Own empty temporary ports to pull down (gone at the end of the phase, 004:L1060).
    pub demolish: Vec<AreaId>,
    /// Provinces where last round's consolidate income becomes a fortification.
    pub fortify: Vec<AreaId>,
}

/// One mustering action, paid from one castle's points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MusterAction {
    /// A new land unit (F, A, K or E) in the castle's province (004:L745).
    Unit(UnitKind),
    /// Upgrade an F or A standing in the castle's province to K or E for 1 point (004:L739).
    Upgrade {
        /// F or A.
        from: UnitKind,
        /// K or E.
        to: UnitKind,
    },
    /// A new ship, placed in the first of these areas that can take it: seas adjacent to the
    /// castle's province, or the castle's own port (004:L755–L758, A-62).
    Ship(Vec<AreaId>),
}

/// One item of a muster plan.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MusterItem {
    /// The castle province whose points pay.
    pub castle: AreaId,
    /// What it does.
    pub action: MusterAction,
}

/// A house's muster plan, in the order it was written.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MusterPlan {
    /// The items.
    pub items: Vec<MusterItem>,
}

/// Points freed by a ship blocked in a sea conflict: the house may send a replacement plan
/// limited to them (004:L769–L773, A-62).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Blocked {
    /// The house.
    pub house: HouseId,
    /// The castle whose points are free.
    pub castle: AreaId,
    /// The points.
    pub points: u8,
}

/// The Night's Watch reward the highest bidder chooses (004:L1116–L1119, A-67).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WildlingReward {
    /// Bring one of his resting leaders back.
    RecallLeader(LeaderId),
    /// Upgrade up to two footmen or archers, anywhere, to knights (within the knight cap).
    Knights(Vec<(AreaId, UnitKind)>),
    /// Muster at once in one castle province he controls, with its points (all items name it).
    Muster(MusterPlan),
}

/// A house's choice for the penalty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PenaltyChoice {
    /// Units to disband (one entry per unit), worth exactly the points due.
    Disband(Vec<(AreaId, UnitKind)>),
    /// Knights to downgrade: the area and the new kind (F or A), one entry per knight.
    Downgrade(Vec<(AreaId, UnitKind)>),
    /// The track that drops when the house's best rank is shared by several tracks.
    Track(Track),
}
