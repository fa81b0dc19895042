//! 事件阶段记录 The log of the rest of the round (events, supply, mustering, bids, wildlings,
//! building, leaders' rest and rewards, end of game). Every entry says what happened and the rule
//! it followed, in Chinese and English. (Kept apart from `log.rs`; the lead unifies them.)

use super::bidding::track_name;
use super::build::BuildError;
use super::endgame::{GameResult, WinHow};
use super::events::{Category, EventCard};
use super::muster::MusterError;
use super::state::Track;
use super::wildlings::PenaltyKind;
use crate::board::{AreaId, Board, HouseId, Lang, LeaderId, UnitKind};
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

fn unit(k: UnitKind, lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => k.name_zh(),
        Lang::En => k.name_en(),
    }
}

fn houses(board: &Board, v: &[HouseId], lang: Lang) -> String {
    v.iter()
        .map(|h| board.house(*h).name(lang).to_string())
        .collect::<Vec<_>>()
        .join(if lang == Lang::Zh { "、" } else { ", " })
}

impl EconomyEvent {
    /// The sentence for the report.
    pub fn describe(&self, board: &Board, lang: Lang) -> String {
        use EconomyEvent::*;
        let zh = lang == Lang::Zh;
        let h = |x: &HouseId| board.house(*x).name(lang).to_string();
        let a = |x: &AreaId| board.area(*x).name(lang).to_string();
        let l = |x: &LeaderId| board.leader(*x).name(lang).to_string();
        let t = |x: &Track| track_name(*x, lang);
        let king = |x: &Option<HouseId>| x.map(|k| h(&k)).unwrap_or_default();
        match self {
            EventsDrawn { round } if zh => format!("第{round}回合的事件已随机生成(附录1, A-70)"),
            EventsDrawn { round } => {
                format!("the events of round {round} are drawn (Appendix 1, A-70)")
            }
            WinterIsComing { category } if zh => format!(
                "{}出现凛冬将至:本类事件重新开始周期(004:L2445, A-70)",
                category.name(lang)
            ),
            WinterIsComing { category } => format!(
                "Winter is Coming in the {}: its cycle starts again (004:L2445, A-70)",
                category.name(lang)
            ),
            EventAnnounced {
                round,
                category,
                card,
            } if zh => format!(
                "第{round}回合{}:{}(004:L2387)",
                category.name(lang),
                card.describe(lang)
            ),
            EventAnnounced {
                round,
                category,
                card,
            } => format!(
                "round {round} {}: {} (004:L2387)",
                category.name(lang),
                card.describe(lang)
            ),
            WildlingPenaltyAnnounced { penalty } if zh => format!(
                "野人入侵若获胜,损失为:{}(004:L1128)",
                penalty.describe(lang)
            ),
            WildlingPenaltyAnnounced { penalty } => format!(
                "if the wildlings win: {} (004:L1128)",
                penalty.describe(lang)
            ),
            Postponed { category } if zh => format!(
                "盛夏之末:本回合没有{},推迟到以后发生(004:L2437)",
                category.name(lang)
            ),
            Postponed { category } => format!(
                "Last Days of Summer: no {} this round, it is postponed (004:L2437)",
                category.name(lang)
            ),
            WildlingsRise {
                cause,
                by,
                from,
                to,
            } if zh => format!(
                "{}:野人战斗力+{by},{from}→{to}(上限12,004:L1141, A-69)",
                cause.name(lang)
            ),
            WildlingsRise {
                cause,
                by,
                from,
                to,
            } => format!(
                "{}: wildlings +{by}, {from} → {to} (cap 12, 004:L1141, A-69)",
                cause.name(lang)
            ),
            EventChosen {
                category,
                by,
                card,
                default: false,
            } if zh => format!(
                "{}选择了{}:{}(004:L2640–L2644)",
                king(by),
                category.name(lang),
                card.name(lang)
            ),
            EventChosen {
                category,
                by,
                card,
                default: false,
            } => format!(
                "{} chose the {}: {} (004:L2640–L2644)",
                king(by),
                category.name(lang),
                card.name(lang)
            ),
            EventChosen {
                category, by, card, ..
            } if zh => format!(
                "{}未作选择,{}按默认为{}(A-26:取004:L2640–L2644所列的第一项)",
                king(by),
                category.name(lang),
                card.name(lang)
            ),
            EventChosen {
                category, by, card, ..
            } => format!(
                "{} did not choose; the {} is {} by default (A-26: the first option 004:L2640–L2644 lists)",
                king(by),
                category.name(lang),
                card.name(lang)
            ),
            PowerGained {
                house,
                gained,
                lost_to_cap,
                ..
            } if zh => {
                let cap = if *lost_to_cap > 0 {
                    format!(",另有{lost_to_cap}个因20个上限作废(A-73)")
                } else {
                    String::new()
                };
                format!("{}获得{gained}个势力标志(权力游戏,004:L902){cap}", h(house))
            }
            PowerGained {
                house,
                gained,
                lost_to_cap,
                ..
            } => {
                let cap = if *lost_to_cap > 0 {
                    format!("; {lost_to_cap} more lost to the cap of 20 (A-73)")
                } else {
                    String::new()
                };
                format!(
                    "{} gains {gained} power tokens (Game of Thrones, 004:L902){cap}",
                    h(house)
                )
            }
            PowerSpent { house, n, why } => {
                let (wz, we) = match why {
                    SpendReason::ClashOfKings => {
                        ("诸王争霸出价,004:L1155", "Clash of Kings bids, 004:L1155")
                    }
                    SpendReason::Wildlings => ("抵御野人出价,004:L1110", "wildling bid, 004:L1110"),
                    SpendReason::Port => ("建造临时港口,004:L1036", "temporary port, 004:L1036"),
                    SpendReason::Fortification => (
                        "交回上回合巩固统治收益换取防御工事,A-58",
                        "last round's consolidate income paid back for a fortification, A-58",
                    ),
                    SpendReason::Melisandre => (
                        "红袍女的战胜奖励,004:L2463",
                        "Melisandre's reward, 004:L2463",
                    ),
                };
                if zh {
                    format!("{}花费{n}个势力标志({wz})", h(house))
                } else {
                    format!("{} spends {n} power tokens ({we})", h(house))
                }
            }
            CaravanBarrels {
                house,
                area,
                from,
                to,
            } if zh => format!(
                "补给车:{}在{}的补给车生效,有效木桶数{from}→{to}(004:L2580)",
                h(house),
                a(area)
            ),
            CaravanBarrels {
                house,
                area,
                from,
                to,
            } => format!(
                "Supply Caravan: {}'s caravan in {} takes effect, effective barrels {from} → {to} (004:L2580)",
                h(house),
                a(area)
            ),
            SupplyRecount {
                house,
                before,
                after,
            } if zh => format!(
                "补给结算:{}的有效木桶数{before}→{after}(004:L644)",
                h(house)
            ),
            SupplyRecount {
                house,
                before,
                after,
            } => format!(
                "Supply: {}'s effective barrels {before} → {after} (004:L644)",
                h(house)
            ),
            Disbanded {
                house,
                area,
                unit: u,
                reason,
            } => {
                let (wz, we) = match reason {
                    DisbandReason::Supply => (
                        "补给结算,玩家选择,004:L652",
                        "Supply, the player's choice, 004:L652",
                    ),
                    DisbandReason::SupplyDefault => (
                        "补给结算,玩家未选择,按A-57默认裁撤",
                        "Supply, the player was silent: default of A-57",
                    ),
                    DisbandReason::SupplyDefaultInvalid => (
                        "补给结算,玩家的选择无效,按A-57默认裁撤",
                        "Supply, the player's choice was invalid: default of A-57",
                    ),
                    DisbandReason::Wildlings => {
                        ("野人入侵的损失,004:L1130", "wildling penalty, 004:L1130")
                    }
                    DisbandReason::WildlingsDefault => (
                        "野人入侵的损失,按A-66默认",
                        "wildling penalty, default of A-66",
                    ),
                    DisbandReason::KnightCannotDowngrade => (
                        "步兵和弓箭手已达上限,骑士无法降级而解散,004:L1131",
                        "footmen and archers at their caps, the knight is disbanded, 004:L1131",
                    ),
                };
                if zh {
                    format!("{}在{}裁撤1个{}({wz})", h(house), a(area), unit(*u, lang))
                } else {
                    format!(
                        "{} disbands a {} in {} ({we})",
                        h(house),
                        unit(*u, lang),
                        a(area)
                    )
                }
            }
            FortificationDissolved { house, area } if zh => format!(
                "{}在{}的最后一支陆军离开,防御工事解体(004:L1094)",
                h(house),
                a(area)
            ),
            FortificationDissolved { house, area } => format!(
                "{}'s last land unit left {}: its fortification dissolves (004:L1094)",
                h(house),
                a(area)
            ),
            PortShipsLost { house, port, ships } if zh => format!(
                "{}失去港口所在省份,{}中的{ships}艘战舰被摧毁(004:L1062)",
                h(house),
                a(port)
            ),
            PortShipsLost { house, port, ships } => format!(
                "{} lost the province, so its {ships} ships in {} are destroyed (004:L1062)",
                h(house),
                a(port)
            ),
            PortDestroyed { port } if zh => format!("{}随省份失守而被摧毁(004:L1062)", a(port)),
            PortDestroyed { port } => format!(
                "{} is destroyed with the loss of its province (004:L1062)",
                a(port)
            ),
            ThroneIncome {
                house,
                crowns,
                ports,
            } if zh => format!(
                "权力游戏:{}的领土有{crowns}个王冠,{ports}个通商港口(004:L902)",
                h(house)
            ),
            ThroneIncome {
                house,
                crowns,
                ports,
            } => format!(
                "Game of Thrones: {} holds {crowns} crowns and {ports} trading ports (004:L902)",
                h(house)
            ),
            Mustered {
                house,
                castle,
                area,
                unit: u,
            } if zh => format!(
                "{}用{}的征兵点数在{}征募1个{}(004:L745、L755)",
                h(house),
                a(castle),
                a(area),
                unit(*u, lang)
            ),
            Mustered {
                house,
                castle,
                area,
                unit: u,
            } => format!(
                "{} musters a {} in {} with {}'s points (004:L745, L755)",
                h(house),
                unit(*u, lang),
                a(area),
                a(castle)
            ),
            Upgraded {
                house,
                area,
                from,
                to,
            } if zh => format!(
                "{}在{}把1个{}升级为{}(004:L739、L1118)",
                h(house),
                a(area),
                unit(*from, lang),
                unit(*to, lang)
            ),
            Upgraded {
                house,
                area,
                from,
                to,
            } => format!(
                "{} upgrades a {} in {} to a {} (004:L739, L1118)",
                h(house),
                unit(*from, lang),
                a(area),
                unit(*to, lang)
            ),
            MusterSkipped {
                house,
                castle,
                why: MusterSkip::Points,
            } if zh => format!(
                "{}在{}的征兵点数不足,该项不执行(004:L751)",
                h(house),
                a(castle)
            ),
            MusterSkipped {
                house,
                castle,
                why: MusterSkip::Points,
            } => format!(
                "{} has no points left at {}: item not carried out (004:L751)",
                h(house),
                a(castle)
            ),
            MusterSkipped {
                house,
                castle,
                why: MusterSkip::Rule(e),
            } if zh => format!(
                "{}在{}的征兵未执行,点数作废:{}",
                h(house),
                a(castle),
                e.message(board, lang)
            ),
            MusterSkipped {
                house,
                castle,
                why: MusterSkip::Rule(e),
            } => format!(
                "{}'s muster at {} is not carried out and its points are lost: {}",
                h(house),
                a(castle),
                e.message(board, lang)
            ),
            BidReduced { house, from, to } if zh => {
                format!("{}的出价{from}超过手中势力标志,减为{to}(A-64)", h(house))
            }
            BidReduced { house, from, to } => format!(
                "{}'s bid of {from} exceeds its tokens in hand and is cut to {to} (A-64)",
                h(house)
            ),
            ClashBids {
                house,
                throne,
                fiefdoms,
                court,
                default,
            } => {
                let d = match (default, zh) {
                    (true, true) => "(未提交,按A-26出价0)",
                    (true, false) => " (silent: 0, A-26)",
                    (false, true) => "(004:L1155)",
                    (false, false) => " (004:L1155)",
                };
                if zh {
                    format!(
                        "{}出价:铁王座{throne},封邑{fiefdoms},御前会议{court}{d}",
                        h(house)
                    )
                } else {
                    format!(
                        "{} bids: Iron Throne {throne}, Fiefdoms {fiefdoms}, King's Court {court}{d}",
                        h(house)
                    )
                }
            }
            TieBroken {
                track,
                houses: v,
                by,
                default: false,
            } if zh => format!(
                "{}出价相同的{}由{}裁决顺位(004:L1157)",
                t(track),
                houses(board, v, lang),
                king(by)
            ),
            TieBroken {
                track,
                houses: v,
                by,
                default: false,
            } => format!(
                "{} ordered the tie of {} on the {} (004:L1157)",
                king(by),
                houses(board, v, lang),
                t(track)
            ),
            TieBroken {
                track,
                houses: v,
                by,
                ..
            } if zh => format!(
                "{}出价相同的{}:{}未裁决,保持原有相对顺序(A-65)",
                t(track),
                houses(board, v, lang),
                king(by)
            ),
            TieBroken {
                track,
                houses: v,
                by,
                ..
            } => format!(
                "tie of {} on the {}: {} did not decide, they keep their previous order (A-65)",
                houses(board, v, lang),
                t(track),
                king(by)
            ),
            TrackSet { track, order } if zh => format!(
                "新的{}排名:{}(004:L1155)",
                t(track),
                houses(board, order, lang)
            ),
            TrackSet { track, order } => format!(
                "new {} order: {} (004:L1155)",
                t(track),
                houses(board, order, lang)
            ),
            WildlingBid {
                house,
                bid,
                default,
            } => {
                let d = match (default, zh) {
                    (true, true) => "(未提交,按A-26出价0)",
                    (true, false) => " (silent: 0, A-26)",
                    (false, true) => "(004:L1106)",
                    (false, false) => " (004:L1106)",
                };
                if zh {
                    format!("{}抵御野人出价{bid}{d}", h(house))
                } else {
                    format!("{} bids {bid} against the wildlings{d}", h(house))
                }
            }
            WildlingOutcome {
                strength,
                total,
                watch_won: true,
            } if zh => format!("出价合计{total}≥野人战斗力{strength}:守夜人军团获胜(004:L1108)"),
            WildlingOutcome {
                strength,
                total,
                watch_won: true,
            } => format!(
                "bids total {total} ≥ wildling strength {strength}: the Night's Watch wins (004:L1108)"
            ),
            WildlingOutcome {
                strength, total, ..
            } if zh => format!("出价合计{total}<野人战斗力{strength}:野人获胜(004:L1108)"),
            WildlingOutcome {
                strength, total, ..
            } => format!(
                "bids total {total} < wildling strength {strength}: the wildlings win (004:L1108)"
            ),
            WildlingsReset if zh => "野人入侵之后,野人战斗力归0(004:L1139)".into(),
            WildlingsReset => {
                "after the attack the wildling strength returns to 0 (004:L1139)".into()
            }
            WildlingRewardTo {
                house,
                tie_by,
                default,
            } => tie_text(zh, &h(house), tie_by.map(|k| h(&k)), *default, true),
            WildlingWorst {
                house,
                tie_by,
                default,
            } => tie_text(zh, &h(house), tie_by.map(|k| h(&k)), *default, false),
            WildlingRewardLapsed { house } if zh => {
                format!("{}没有选择有效的守夜人奖励,奖励作废(A-26)", h(house))
            }
            WildlingRewardLapsed { house } => format!(
                "{} chose no valid Night's Watch reward; it lapses (A-26)",
                h(house)
            ),
            WildlingPenalty { penalty } if zh => format!("野人获胜:{}", penalty.describe(lang)),
            WildlingPenalty { penalty } => format!("the wildlings win: {}", penalty.describe(lang)),
            SpecialOrdersBanned { round } if zh => {
                format!("第{round}回合所有玩家不能使用特殊军事命令(004:L1132)")
            }
            SpecialOrdersBanned { round } => {
                format!("nobody may use special orders in round {round} (004:L1132)")
            }
            Downgraded { house, area, to } if zh => format!(
                "{}在{}把1个骑士降级为{}(004:L1131)",
                h(house),
                a(area),
                unit(*to, lang)
            ),
            Downgraded { house, area, to } => format!(
                "{} downgrades a knight in {} to a {} (004:L1131)",
                h(house),
                a(area),
                unit(*to, lang)
            ),
            TrackDropped {
                house,
                track,
                from,
                default,
            } => {
                let d = match (default, zh) {
                    (true, true) => "(未选择,按A-66默认)",
                    (true, false) => " (no choice: default of A-66)",
                    _ => "",
                };
                if zh {
                    format!(
                        "{}在{}的排名从第{from}名降为最后一名(004:L1132){d}",
                        h(house),
                        t(track)
                    )
                } else {
                    format!(
                        "{} drops from rank {from} to last on the {} (004:L1132){d}",
                        h(house),
                        t(track)
                    )
                }
            }
            LeaderRests { leader, round } if zh => {
                format!("{}在第{round}回合参加了战斗,转去休养(004:L2119)", l(leader))
            }
            LeaderRests { leader, round } => format!(
                "{} fought in round {round} and goes to rest (004:L2119)",
                l(leader)
            ),
            LeaderReturns { leader, why } => {
                let (wz, we) = match why {
                    ReturnReason::ShortOfLeaders => (
                        "可用将领不足3人,已休养满一回合,004:L2122, A-51",
                        "fewer than 3 available and rested a full round, 004:L2122, A-51",
                    ),
                    ReturnReason::ShortAfterMelisandre => (
                        "红袍女使可用将领不足3人,004:L2124",
                        "Melisandre left fewer than 3 available, 004:L2124",
                    ),
                    ReturnReason::Wildlings => {
                        ("守夜人奖励,004:L1116", "Night's Watch reward, 004:L1116")
                    }
                    ReturnReason::Luwin => {
                        ("鲁温的战胜奖励,004:L1861", "Luwin's reward, 004:L1861")
                    }
                };
                if zh {
                    format!("{}结束休养,回到军中({wz})", l(leader))
                } else {
                    format!("{} returns from rest ({we})", l(leader))
                }
            }
            RewardLapsed { house, leader } if zh => format!(
                "{}的{}战胜奖励未被有效使用,作废(A-52, A-26)",
                h(house),
                l(leader)
            ),
            RewardLapsed { house, leader } => format!(
                "{}'s reward of {} was not validly claimed and lapses (A-52, A-26)",
                h(house),
                l(leader)
            ),
            SentToRest { by, leader } if zh => {
                format!("{}的战胜奖励:{}被强制休养(004:L1825)", l(by), l(leader))
            }
            SentToRest { by, leader } => format!(
                "{}'s reward: {} is sent to rest (004:L1825)",
                l(by),
                l(leader)
            ),
            DoranSeized { house, from, track } if zh => format!(
                "道朗的战胜奖励:{}与{}交换{}排名,持有至下次诸王争霸(A-53)",
                h(house),
                h(from),
                t(track)
            ),
            DoranSeized { house, from, track } => format!(
                "Doran's reward: {} takes {}'s place on the {} until the next Clash of Kings (A-53)",
                h(house),
                h(from),
                t(track)
            ),
            DoranThroneTieBreak { house } if zh => format!(
                "本回合发生诸王争霸,道朗的奖励作废,但{}行使上一任维斯特洛之王的铁王座平局裁决权(004:L2001, A-53)",
                h(house)
            ),
            DoranThroneTieBreak { house } => format!(
                "Clash of Kings this round: Doran's reward lapses, but {} orders the Iron Throne ties as the previous King would (004:L2001, A-53)",
                h(house)
            ),
            PortBuilt {
                house,
                port,
                sea,
                cost,
            } if zh => format!(
                "{}花费{cost}个势力标志建成{},面向{}(004:L1036, A-60)",
                h(house),
                a(port),
                a(sea)
            ),
            PortBuilt {
                house,
                port,
                sea,
                cost,
            } => format!(
                "{} builds {} facing {} for {cost} tokens (004:L1036, A-60)",
                h(house),
                a(port),
                a(sea)
            ),
            PortDemolished { house, port } if zh => {
                format!("{}拆除了{}(004:L1060)", h(house), a(port))
            }
            PortDemolished { house, port } => {
                format!("{} pulls down {} (004:L1060)", h(house), a(port))
            }
            FortificationBuilt { house, area, paid } if zh => format!(
                "{}交回{paid}个势力标志,在{}建成防御工事(004:L1076, A-58)",
                h(house),
                a(area)
            ),
            FortificationBuilt { house, area, paid } => format!(
                "{} pays back {paid} tokens and fortifies {} (004:L1076, A-58)",
                h(house),
                a(area)
            ),
            BuildRefused { house, why } if zh => {
                format!("{}的建造未执行:{}", h(house), why.message(board, lang))
            }
            BuildRefused { house, why } => format!(
                "{}'s building is refused: {}",
                h(house),
                why.message(board, lang)
            ),
            Standing {
                house,
                castles,
                barrels,
                tokens,
            } if zh => format!(
                "{}:城市和要塞{castles},有效木桶{barrels},手中势力标志{tokens}(004:L257–L259)",
                h(house)
            ),
            Standing {
                house,
                castles,
                barrels,
                tokens,
            } => format!(
                "{}: {castles} castles, {barrels} effective barrels, {tokens} tokens in hand (004:L257–L259)",
                h(house)
            ),
            ExtraRound { houses: v } if zh => format!(
                "{}仍然平局,加赛一个回合(004:L260, A-75)",
                houses(board, v, lang)
            ),
            ExtraRound { houses: v } => format!(
                "{} are still tied: one extra round is played (004:L260, A-75)",
                houses(board, v, lang)
            ),
            GameOver {
                result: GameResult::Draw { houses: v },
            } if zh => format!(
                "加赛回合后{}仍然平局,游戏以平局结束(004:L261)",
                houses(board, v, lang)
            ),
            GameOver {
                result: GameResult::Draw { houses: v },
            } => format!(
                "after the extra round {} are still tied: the game is a draw (004:L261)",
                houses(board, v, lang)
            ),
            GameOver {
                result:
                    GameResult::Won {
                        house,
                        castles,
                        how,
                    },
            } => {
                let (wz, we) = match how {
                    WinHow::SixCastles => (
                        "占领6座要塞和城市,立即获胜,004:L266",
                        "six castles, an immediate win, 004:L266",
                    ),
                    WinHow::Castles => ("城市和要塞最多,004:L257", "most castles, 004:L257"),
                    WinHow::Barrels => (
                        "城市和要塞并列,有效木桶数最多,004:L258",
                        "tied on castles, most effective barrels, 004:L258",
                    ),
                    WinHow::Tokens => (
                        "城市和要塞、木桶并列,手中势力标志最多,004:L259",
                        "tied on castles and barrels, most tokens in hand, 004:L259",
                    ),
                };
                if zh {
                    format!("{}以{castles}座城市和要塞获胜({wz})", h(house))
                } else {
                    format!("{} wins with {castles} castles ({we})", h(house))
                }
            }
            HouseNeutral { house } if zh => format!(
                "{}的玩家退出且没有替补,该家族转为中立家族,部队留在原地不再执行命令(004:L492, A-21)",
                h(house)
            ),
            HouseNeutral { house } => format!(
                "{}'s player left with no substitute: the house turns neutral, its units stay and take no more orders (004:L492, A-21)",
                h(house)
            ),
            PlayerSubstituted { house } if zh => format!("{}由替补玩家接手(004:L492)", h(house)),
            PlayerSubstituted { house } => {
                format!("a substitute player takes over {} (004:L492)", h(house))
            }
        }
    }
}

fn tie_text(zh: bool, house: &str, king: Option<String>, default: bool, reward: bool) -> String {
    match (king, default, reward, zh) {
        (None, _, true, true) => format!("{house}出价最高,获得守夜人奖励(004:L1114)"),
        (None, _, true, false) => {
            format!("{house} bid most and takes the Night's Watch reward (004:L1114)")
        }
        (None, _, false, true) => format!("{house}出价最少,蒙受额外损失(004:L1126)"),
        (None, _, false, false) => format!("{house} bid least and suffers more (004:L1126)"),
        (Some(k), false, true, true) => {
            format!("出价最高者并列,维斯特洛之王{k}指定{house}获得奖励(004:L1122)")
        }
        (Some(k), false, true, false) => {
            format!("highest bids tied; the King, {k}, names {house} for the reward (004:L1122)")
        }
        (Some(k), false, false, true) => {
            format!("出价最少者并列,维斯特洛之王{k}指定{house}蒙受额外损失(004:L1126)")
        }
        (Some(k), false, false, false) => {
            format!("lowest bids tied; the King, {k}, names {house} to suffer more (004:L1126)")
        }
        (Some(k), true, true, true) => {
            format!("出价最高者并列,{k}未裁决,按A-65由铁王座排名最高的{house}获得奖励")
        }
        (Some(k), true, true, false) => format!(
            "highest bids tied and {k} did not decide: {house}, highest on the Iron Throne, takes the reward (A-65)"
        ),
        (Some(k), true, false, true) => {
            format!("出价最少者并列,{k}未裁决,按A-65由铁王座排名最低的{house}蒙受额外损失")
        }
        (Some(k), true, false, false) => format!(
            "lowest bids tied and {k} did not decide: {house}, lowest on the Iron Throne, suffers more (A-65)"
        ),
    }
}
