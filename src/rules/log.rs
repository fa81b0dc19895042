//! 裁决记录 The structured log of a resolution: every raid, move, battle term, casualty and
//! retreat, with the rule it follows. Reports render it in words.

use crate::board::{AreaId, HouseId, Order, UnitKind};
use serde::{Deserialize, Serialize};

/// One term of a battle total.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Term {
    /// What it is.
    pub what: TermKind,
    /// Its value.
    pub value: i32,
}

/// The kinds of battle terms (004:L2227 b/c, A-09, A-10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TermKind {
    /// Units fighting directly, with their kinds.
    Units(Vec<UnitKind>),
    /// Support from an area (house, area, units).
    Support(HouseId, AreaId, Vec<UnitKind>),
    /// 支援+1 bonus of a supporting area.
    SupportBonus(AreaId),
    /// Defence order +1 / +2.
    DefenceOrder,
    /// 行军+1.
    MarchBonus,
    /// City or stronghold +1 for defenders.
    Castle,
    /// Fortification +1 where there is no castle (004:L1090).
    Fortification,
    /// Home seat +1.
    HomeSeat,
    /// A neutral garrison's printed strength (it includes its castle, 004:L2262).
    Neutral,
}

/// The other side of a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Defender {
    /// A house.
    House(HouseId),
    /// A neutral garrison.
    Neutral,
}

/// A battle, with every term of both totals.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleReport {
    /// Where.
    pub area: AreaId,
    /// Attacking house.
    pub attacker: HouseId,
    /// Area the attack came from.
    pub from: AreaId,
    /// Defending side.
    pub defender: Defender,
    /// Attacker's terms.
    pub attack: Vec<Term>,
    /// Defender's terms.
    pub defence: Vec<Term>,
    /// Attacker total.
    pub attack_total: i32,
    /// Defender total.
    pub defence_total: i32,
    /// Whether the attacker won.
    pub attacker_won: bool,
    /// How a tie was broken, if it was one.
    pub tie: Option<TieBreak>,
}

/// How a tied battle was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TieBreak {
    /// The house higher on Fiefdoms won (004:L2234).
    Fiefdoms(HouseId),
    /// Ties against neutrals go to the attacker (004:L2264).
    AttackerVsNeutral,
}

/// Why something did not happen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Skip {
    /// The order is no longer there (raided, lost, beaten).
    OrderGone,
    /// No units of the house left in the area.
    NoUnits,
    /// The target is not reachable from there.
    NotReachable(AreaId),
    /// The target has no raid, support or consolidate order of another house.
    NothingToRaid(AreaId),
    /// The units named are not there.
    UnitsMissing,
    /// The move would break the supply limit (004:L633).
    Supply(AreaId),
    /// The army already attacked this round (004:L1259).
    SecondAttack(AreaId),
    /// Ships may only enter seas and own ports; land units only land (004:L1234).
    WrongTerrain(AreaId),
    /// Siege engines cannot raid (004:L1441).
    SiegeCannotRaid,
    /// A port is full (004:L638).
    PortFull(AreaId),
}

/// One entry of the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A raid removed an order.
    Raided {
        /// Raiding house.
        house: HouseId,
        /// From.
        from: AreaId,
        /// Target.
        target: AreaId,
        /// Owner of the removed order.
        victim: HouseId,
        /// The removed order.
        order: Order,
        /// +1 power token plundered (a consolidate order was removed).
        plunder: bool,
    },
    /// A raid or march was not executed; the next one moves up.
    Skipped {
        /// House.
        house: HouseId,
        /// Area of the order.
        from: AreaId,
        /// The order type (raid or march).
        order: Order,
        /// Why.
        why: Skip,
    },
    /// Units moved without a battle.
    Moved {
        /// House.
        house: HouseId,
        /// From.
        from: AreaId,
        /// To.
        to: AreaId,
        /// Units.
        units: Vec<UnitKind>,
    },
    /// A power token was removed by another house entering the province.
    TokenRemoved {
        /// Owner of the token.
        house: HouseId,
        /// Area.
        area: AreaId,
    },
    /// A power token was left in an area the house marched out of (004:L912).
    TokenPlaced {
        /// House.
        house: HouseId,
        /// Area.
        area: AreaId,
    },
    /// A battle.
    Battle(BattleReport),
    /// Units lost: casualties, siege engines, uncovered archers, failed retreats.
    Destroyed {
        /// House.
        house: HouseId,
        /// Area.
        area: AreaId,
        /// Units.
        units: Vec<UnitKind>,
        /// Why.
        why: Loss,
    },
    /// Beaten units retreat.
    Retreated {
        /// House.
        house: HouseId,
        /// From.
        from: AreaId,
        /// To.
        to: AreaId,
        /// Units.
        units: Vec<UnitKind>,
        /// The rule that chose the area.
        rule: RetreatRule,
    },
    /// A neutral garrison was destroyed.
    NeutralBeaten {
        /// Area.
        area: AreaId,
    },
    /// Consolidate power income.
    Consolidated {
        /// House.
        house: HouseId,
        /// Area.
        area: AreaId,
        /// Tokens gained.
        gained: u8,
        /// Tokens lost to the cap of 20.
        capped: u8,
    },
    /// A consolidate order gave nothing.
    ConsolidateFailed {
        /// House.
        house: HouseId,
        /// Area.
        area: AreaId,
    },
    /// A fortification dissolved.
    FortificationGone {
        /// Area.
        area: AreaId,
    },
    /// A house holds enough castles to win (004:L266).
    Victory {
        /// House.
        house: HouseId,
        /// Castles held.
        castles: u8,
    },
}

/// Why units were destroyed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Loss {
    /// 阵亡 casualties (winner's attack − loser's defence).
    Casualty,
    /// Siege engines of a beaten force (004:L2245).
    SiegeEngine,
    /// Archers without a footman or knight to cover them (004:L2248).
    UncoveredArcher,
    /// No area to retreat into (004:L2296).
    NoRetreat,
    /// Retreat would break supply (004:L2310).
    RetreatSupply,
    /// Routed units beaten again cannot retreat (004:L2334).
    RoutedAgain,
}

/// Which retreat rule chose the area (004:L2300, 11/5 amendment).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RetreatRule {
    /// Attackers go back where they came from.
    AttackerReturns,
    /// a) the only area where no unit is lost to supply.
    Supply,
    /// c) the player's ranked list.
    PlayerList,
    /// d) out of reach of other houses' remaining marches.
    OutOfReach,
    /// e) not in the way of own later marches.
    NotInOwnWay,
    /// f) several remain: the first in board order (A-48 fallback).
    BoardOrder,
    /// Only one area was possible.
    Only,
}
