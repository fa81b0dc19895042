//! 事件阶段记录 The log of the rest of the round (events, supply, mustering, bids, wildlings,
//! building, leaders' rest and rewards, end of game): the entries (`EconomyEvent` and the
//! reasons it carries), as data. Their sentences, in Chinese and English with the rule each
//! follows, are `maester_words::economy` (one rulebook chapter per file).

use super::economy::GameResult;
use super::errors::{BuildError, MusterError};
use super::events::{Category, EventCard, PenaltyKind};
use super::units::Track;
use maester_board::{AreaId, HouseId, LeaderId, UnitKind};
use serde::{Deserialize, Serialize};

/// Why a unit was disbanded outside battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DisbandReason {
    /// The player's choice at a Supply event (004:L652).
    Supply,
    /// The player was silent at a Supply event: default of A-57.
    SupplyDefault,
    /// The player's choice was not valid: default of A-57.
    SupplyDefaultInvalid,
    /// A house that has left is bound by Supply but has no player to choose: default of A-57
    /// (004:L650, L492).
    SupplyHouseLeft,
    /// The player's choice after a lost wildling attack (004:L1130).
    Wildlings,
    /// Default after a lost wildling attack.
    WildlingsDefault,
    /// A knight that could not be downgraded: F and A at their caps (004:L1131).
    KnightCannotDowngrade,
}

/// Why tokens were gained.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GainReason {
    /// Game of Thrones income (004:L902).
    GameOfThrones,
}

/// Why tokens were spent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SpendReason {
    /// Clash of Kings bids (004:L1155).
    ClashOfKings,
    /// Wildling bid (004:L1110).
    Wildlings,
    /// A temporary port (004:L1036).
    Port,
    /// Last round's consolidate income paid back for a fortification.
    Fortification,
    /// Melisandre's reward (004:L2463).
    Melisandre,
}

/// Why a resting leader came back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReturnReason {
    /// Fewer than 3 available at a round's end (004:L2122, A-51).
    ShortOfLeaders,
    /// Fewer than 3 available after Melisandre's reward (004:L2124).
    ShortAfterMelisandre,
    /// The wildling reward (004:L1116).
    Wildlings,
    /// Luwin's reward (004:L1861).
    Luwin,
}

/// Why a muster item was not carried out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MusterSkip {
    /// Not enough points left at that castle.
    Points,
    /// A rule forbids it now.
    Rule(MusterError),
    /// A ship whose sea a house higher on the Iron Throne took first: its points may be
    /// mustered again in the second window (004:L769, A-62).
    Blocked(MusterError),
}

/// One entry of the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum EconomyEvent {
    EventsDrawn {
        round: u8,
    },
    WinterIsComing {
        category: Category,
    },
    EventAnnounced {
        round: u8,
        category: Category,
        card: EventCard,
    },
    WildlingPenaltyAnnounced {
        penalty: PenaltyKind,
    },
    Postponed {
        category: Category,
    },
    WildlingsRise {
        cause: EventCard,
        by: u8,
        from: u8,
        to: u8,
    },
    EventChosen {
        category: Category,
        by: Option<HouseId>,
        card: EventCard,
        default: bool,
    },
    PowerGained {
        house: HouseId,
        gained: u8,
        lost_to_cap: u8,
        why: GainReason,
    },
    PowerSpent {
        house: HouseId,
        n: u8,
        why: SpendReason,
    },
    SupplyRecount {
        house: HouseId,
        before: u8,
        after: u8,
    },
    /// Last round's Supply Caravan raises the effective barrels (optional rule, 004:L2580).
    CaravanBarrels {
        house: HouseId,
        area: AreaId,
        from: u8,
        to: u8,
    },
    Disbanded {
        house: HouseId,
        area: AreaId,
        unit: UnitKind,
        reason: DisbandReason,
    },
    FortificationDissolved {
        house: HouseId,
        area: AreaId,
    },
    PortShipsLost {
        house: HouseId,
        port: AreaId,
        ships: u8,
    },
    PortDestroyed {
        port: AreaId,
    },
    ThroneIncome {
        house: HouseId,
        crowns: u8,
        ports: u8,
    },
    Mustered {
        house: HouseId,
        castle: AreaId,
        area: AreaId,
        unit: UnitKind,
    },
    Upgraded {
        house: HouseId,
        area: AreaId,
        from: UnitKind,
        to: UnitKind,
    },
    MusterSkipped {
        house: HouseId,
        castle: AreaId,
        why: MusterSkip,
    },
    BidReduced {
        house: HouseId,
        from: u8,
        to: u8,
    },
    ClashBids {
        house: HouseId,
        throne: u8,
        fiefdoms: u8,
        court: u8,
        default: bool,
    },
    TieBroken {
        track: Track,
        houses: Vec<HouseId>,
        by: Option<HouseId>,
        default: bool,
    },
    TrackSet {
        track: Track,
        order: Vec<HouseId>,
    },
    WildlingBid {
        house: HouseId,
        bid: u8,
        default: bool,
    },
    WildlingOutcome {
        strength: u8,
        total: u32,
        watch_won: bool,
    },
    WildlingsReset,
    WildlingRewardTo {
        house: HouseId,
        tie_by: Option<HouseId>,
        default: bool,
    },
    WildlingWorst {
        house: HouseId,
        tie_by: Option<HouseId>,
        default: bool,
    },
    WildlingRewardLapsed {
        house: HouseId,
    },
    WildlingPenalty {
        penalty: PenaltyKind,
    },
    SpecialOrdersBanned {
        round: u8,
    },
    Downgraded {
        house: HouseId,
        area: AreaId,
        to: UnitKind,
    },
    TrackDropped {
        house: HouseId,
        track: Track,
        from: u8,
        default: bool,
    },
    LeaderRests {
        leader: LeaderId,
        round: u8,
    },
    LeaderReturns {
        leader: LeaderId,
        why: ReturnReason,
    },
    RewardLapsed {
        house: HouseId,
        leader: LeaderId,
    },
    SentToRest {
        by: LeaderId,
        leader: LeaderId,
    },
    DoranSeized {
        house: HouseId,
        from: HouseId,
        track: Track,
    },
    DoranThroneTieBreak {
        house: HouseId,
    },
    PortBuilt {
        house: HouseId,
        port: AreaId,
        sea: AreaId,
        cost: u8,
    },
    PortDemolished {
        house: HouseId,
        port: AreaId,
    },
    FortificationBuilt {
        house: HouseId,
        area: AreaId,
        paid: u8,
    },
    BuildRefused {
        house: HouseId,
        why: BuildError,
    },
    /// A request of the house's answer that could not be carried out, and why (as
    /// `Event::NotCarriedOut` in the military log).
    NotCarriedOut {
        house: HouseId,
        area: AreaId,
        why: super::unfulfilled::Unfulfilled,
    },
    Standing {
        house: HouseId,
        castles: u8,
        barrels: u8,
        tokens: u8,
    },
    ExtraRound {
        houses: Vec<HouseId>,
    },
    GameOver {
        result: GameResult,
    },
    HouseNeutral {
        house: HouseId,
    },
    PlayerSubstituted {
        house: HouseId,
    },
}
