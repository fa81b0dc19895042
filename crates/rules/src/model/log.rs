//! 裁决记录 The structured log of a resolution: every raid, move, battle term, casualty and
//! retreat, with the rule it follows. Reports render it in words.

use maester_board::{AreaId, HouseId, LeaderId, Order, UnitKind};
use serde::{Deserialize, Serialize};

pub use super::unfulfilled::Unfulfilled;

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
    /// A leader's combat strength (004:L2009; 0 under Balon).
    Leader(LeaderId),
    /// 瓦雷利亚钢剑 +1 (004:L1733).
    Sword,
    /// Arrived by another house's ships: −1 (004:L1595).
    Transported,
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
    /// The attacker's leader, if one fought.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker_leader: Option<LeaderId>,
    /// The defender's leader, if one fought.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender_leader: Option<LeaderId>,
    /// Casualties of the loser (winner leader's attack − loser leader's defence, 004:L2242).
    #[serde(default)]
    pub casualties: u8,
}

/// How a tied battle was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TieBreak {
    /// The house higher on Fiefdoms won (004:L2233).
    Fiefdoms(HouseId),
    /// Ties against neutrals go to the attacker (004:L2264).
    AttackerVsNeutral,
    /// Loras killed the last defender: no comparison.
    Empty,
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
    /// The army there would hold a second siege engine (004:L636, L1246).
    TwoSieges(AreaId),
    /// A transport chain is broken or the transport was not agreed by every house (004:L1569, L1587).
    ChainBroken(AreaId),
    /// The event in force forbids it (风暴之海, 惊涛骇浪, A-45).
    EventBan,
    /// Routed units carry out no orders (004:L2323).
    Routed,
}

/// What a leader's special ability did (004:L1764–L2003, A-13…A-22).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AbilityEffect {
    /// 罗柏 / 山羊 / 维克塔: the led units of this kind count this much.
    SetValue(UnitKind, u8),
    /// 百花骑士 / 亚莲恩: an enemy unit killed in this area (not a casualty).
    Killed(HouseId, AreaId, UnitKind),
    /// 艾拉莉亚 / 蓝礼: a unit upgraded to a knight in this area.
    Upgraded(AreaId, UnitKind),
    /// 瑟曦: the support from this area is ignored.
    IgnoredSupport(AreaId),
    /// 布蕾妮: the defence order in this area is cancelled for the round.
    CancelledDefence(AreaId),
    /// 荆棘女王: this enemy leader's ability does not work.
    Blocked(LeaderId),
    /// 巴隆: this enemy leader's combat strength is 0.
    ZeroedLeader(LeaderId),
    /// 桑恩: the enemy's supporting ships count 0.
    ZeroedShips,
    /// 凯特琳: the defence order counts double.
    DoubledDefence,
    /// 詹姆: power tokens gained (after the cap of 20).
    Tokens(u8),
    /// 阿莎: an order of another house cancelled in this area.
    CancelledOrder(HouseId, AreaId, Order),
    /// 红袍女 / 鲁温 / 道朗: a reward to claim in the next event phase.
    Reward,
    /// The ability had nothing to act on.
    NoEffect,
}

/// Why a leader named in a plan takes no part (deployment rules 004:L1772–L1786).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LeaderProblem {
    /// Not this house's leader.
    NotOwn,
    /// Resting (休养).
    Resting,
    /// Deployed in two places; the first one counts.
    TwoPlaces,
    /// The house had no units there at the start of the round.
    NoUnits,
    /// A district of areas that are not adjacent, not both held at the start, or a third one.
    BadDistrict,
}

/// Why a military district ended (004:L2102–L2105): what became of one of its two areas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DistrictEnd {
    /// All the house's units marched out of it (004:L2104).
    Emptied,
    /// Another house took it (004:L2105).
    Taken(HouseId),
}

/// Where a district's leader is once the district ended (004:L2104–L2105).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AfterDistrict {
    /// He defends the district's other area, still the house's.
    Defends(AreaId),
    /// Both areas are lost: he went with the army beaten last, into this area (`None`: that
    /// army had no area to retreat into).
    Retreated(Option<AreaId>),
}

impl DistrictEnd {
    /// The rule it follows.
    pub fn rule(&self) -> &'static str {
        match self {
            DistrictEnd::Emptied => "004:L2104",
            DistrictEnd::Taken(_) => "004:L2105",
        }
    }
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
    /// What became of a one-time order (optional rule, 004:L2489–L2624).
    OneTime(super::one_time::OneTimeEvent),
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
    /// A conditional step chose an alternative.
    StepChosen {
        /// House.
        house: HouseId,
        /// Step number, 1-based.
        step: u8,
        /// Alternative number, 1-based.
        alternative: u8,
        /// Whether the fallback (`如果…不能被执行,则…`) ran.
        fallback: bool,
    },
    /// No alternative of a step could run; the next step moves up (004:L1312, A-28).
    StepSkipped {
        /// House.
        house: HouseId,
        /// Step number, 1-based.
        step: u8,
    },
    /// A march carried by other houses' ships (004:L1567).
    Transported {
        /// Mover.
        house: HouseId,
        /// From.
        from: AreaId,
        /// To.
        to: AreaId,
        /// The carrying houses.
        carriers: Vec<HouseId>,
    },
    /// Support that would have applied was refused.
    SupportRefused {
        /// The refusing house.
        house: HouseId,
        /// The supporting house.
        supporter: HouseId,
        /// The supporting area.
        from: AreaId,
        /// The battle area.
        battle: AreaId,
    },
    /// A support order kept out of one battle by its house's plan (`X 不支援 Y`, 004:L1398).
    SupportWithheld {
        /// The supporting house.
        house: HouseId,
        /// The supporting area.
        from: AreaId,
        /// The battle area.
        battle: AreaId,
    },
    /// A leader's special ability acted.
    Ability {
        /// House.
        house: HouseId,
        /// Leader.
        leader: LeaderId,
        /// Battle area.
        area: AreaId,
        /// What it did.
        effect: AbilityEffect,
    },
    /// A leader named in a plan takes no part.
    LeaderIgnored {
        /// House.
        house: HouseId,
        /// Leader.
        leader: LeaderId,
        /// Why.
        why: LeaderProblem,
    },
    /// A leader's military district ended: one of its areas was emptied or taken
    /// (004:L2102–L2105).
    DistrictEnded {
        /// House.
        house: HouseId,
        /// The district's leader.
        leader: LeaderId,
        /// The area that ended it.
        area: AreaId,
        /// What became of that area.
        why: DistrictEnd,
        /// Where the leader is now.
        after: AfterDistrict,
    },
    /// The sword was used (+1) in a battle (004:L1732–L1744).
    Sword {
        /// House.
        house: HouseId,
        /// Battle area.
        area: AreaId,
        /// Assigned by the plan (else the automatic "one point short" rule, A-24).
        assigned: bool,
    },
    /// The sword's assignment is cancelled: that battle is won without it (004:L1742).
    SwordReassigned {
        /// House.
        house: HouseId,
        /// Battle area.
        area: AreaId,
    },
    /// Ships in a taken natural port become the conqueror's (004:L1054, A-61).
    ShipsCaptured {
        /// Old owner.
        from: HouseId,
        /// Conqueror.
        to: HouseId,
        /// Port.
        port: AreaId,
        /// Ships taken.
        units: Vec<UnitKind>,
    },
    /// A beaten force waits for its player to choose its retreat area (rule f, A-48).
    RetreatPending {
        /// House.
        house: HouseId,
        /// Beaten in.
        from: AreaId,
        /// Units.
        units: Vec<UnitKind>,
        /// The areas left; the first is the fallback.
        candidates: Vec<AreaId>,
    },
    /// A fortification built instead of consolidate income (004:L1069).
    Fortified {
        /// House.
        house: HouseId,
        /// Province.
        area: AreaId,
    },
    /// A fortification request refused; the income is paid instead (004:L1080, A-59).
    FortifyRefused {
        /// House.
        house: HouseId,
        /// Province.
        area: AreaId,
        /// Why.
        why: FortifyProblem,
    },
    /// A conquered home seat nobody holds any more returns to its house (004:L945).
    HomeSeatReverted {
        /// The house it returns to.
        house: HouseId,
        /// Area.
        area: AreaId,
    },
    /// A plan names areas, houses or leaders that do not exist: it is not used.
    PlanRejected {
        /// House.
        house: HouseId,
    },
    /// A request of a house's plan that could not be carried out, and why: every request a
    /// player made is accounted for in the report (附录1, 004:L2734–L2755).
    NotCarriedOut {
        /// House.
        house: HouseId,
        /// The area the request was about.
        area: AreaId,
        /// What was asked and why it was not done.
        why: Unfulfilled,
    },
    /// A house holds enough castles to win (004:L266).
    Victory {
        /// House.
        house: HouseId,
        /// Castles held.
        castles: u8,
    },
}

/// Why a fortification was not built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FortifyProblem {
    /// One fortification per province.
    Exists,
    /// Four per house and round (004:L1080).
    RoundLimit,
    /// Nine on the map (004:L1082).
    MapLimit,
    /// Only footmen or archers build (004:L1078).
    NoFootOrArcher,
}

/// Why units were destroyed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Loss {
    /// 阵亡 casualties (winner's attack − loser's defence).
    Casualty,
    /// Siege engines of a beaten force (004:L2245).
    SiegeEngine,
    /// Archers without a footman or knight to cover them (004:L2250).
    UncoveredArcher,
    /// No area to retreat into (004:L2294).
    NoRetreat,
    /// Beaten forces of a house that has left: neutral forces never retreat (004:L2266, A-21).
    NeutralNoRetreat,
    /// Retreat would break supply (004:L2307).
    RetreatSupply,
    /// Routed units beaten again cannot retreat (004:L2334).
    RoutedAgain,
    /// Killed by a leader's ability (Loras, Arianne).
    Ability,
    /// Ships in a taken port that could neither withdraw nor be captured (004:L1056, A-61).
    PortTaken,
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
    /// f) the player's choice after the phase (004:L2346).
    PlayerChoice,
    /// Only one area was possible.
    Only,
}
