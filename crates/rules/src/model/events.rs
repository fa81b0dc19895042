//! The nouns of the event system (004:L2384–L2465): the cards and their categories, the
//! game's event settings, the round's draws and the deck with its bags, and the wildling
//! penalties. The drawing and resolving are in `rules::events` and `rules::wildlings`.

use super::rng::Rng;
use serde::{Deserialize, Serialize};

/// The three categories that have an event every round (004:L2387).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Category {
    /// 经济事件.
    Economic = 0,
    /// 政治事件.
    Political = 1,
    /// 军事事件.
    Military = 2,
}

/// An event card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EventCard {
    /// 补给结算 Supply.
    Supply,
    /// 征兵 Mustering.
    Muster,
    /// 诸王争霸 Clash of Kings.
    ClashOfKings,
    /// 权力游戏 Game of Thrones; one in each political cycle also gives wildlings +2 (004:L2399).
    GameOfThrones {
        /// This one raises the wildlings by 2.
        wildlings: bool,
    },
    /// 风暴之海: no raids this round.
    SeaOfStorms,
    /// 群鸦飨宴: no consolidate power this round.
    FeastForCrows,
    /// 秋雨连绵: footmen and archers support with 0; wildlings +2.
    RainsOfAutumn,
    /// 干戈四起: no defence orders; wildlings +2.
    StormOfSwords,
    /// 野人入侵 Wildling attack.
    WildlingAttack,
    /// 惊涛骇浪: ships at sea execute no orders; wildlings +2 (round ≥ 6, once a game).
    RoughSeas,
    /// 河流封冻: rivers are ordinary borders this round (round ≥ 6, once a game).
    FrozenRivers,
    /// 盛夏之末: the category's event is postponed; wildlings +2.
    LastDaysOfSummer,
    /// 利刃王座 (optional): the King chooses Mustering, Supply or LDoS; wildlings +1.
    ThroneOfBlades,
    /// 黑翼玄言 (optional): the sword holder chooses Game of Thrones, Clash of Kings or LDoS.
    DarkWings,
    /// 惩恶伐罪 (optional): the Raven holder chooses a military event (not the two new ones) or
    /// LDoS; wildlings +1.
    PunishTheGuilty,
}

/// Settings of a game for the events (decisions.md: configurable per game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventSettings {
    /// Winter is Coming per category and round, in thousandths (A-70; default 100 = 0.1).
    pub wic_per_mille: u16,
    /// Optional rule 预告事件: the events of the next three rounds are public (004:L2632).
    pub preview: bool,
    /// Optional rule: the three chooser events are in the bags (004:L2638).
    pub chooser_events: bool,
}

/// The draw of one category for one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CategoryDraw {
    /// 凛冬将至 happened: the bag was refilled before this draw; the holder is not told the
    /// outcome in advance (004:L2448).
    pub winter: bool,
    /// The card drawn.
    pub card: EventCard,
    /// For a chooser card: what the holder chose (or the default), once decided.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen: Option<EventCard>,
}

/// The events of one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundEvents {
    /// The round.
    pub round: u8,
    /// Economic, political, military.
    pub draws: [CategoryDraw; 3],
    /// The penalty drawn with a wildling attack, announced with it (004:L1128).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wildling_penalty: Option<PenaltyKind>,
}

/// The bags and the draws made so far: everything needed to resume a game exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventDeck {
    /// The generator.
    pub rng: Rng,
    /// The game's settings.
    pub settings: EventSettings,
    /// The cards of the bags, from the board.
    #[serde(default)]
    pub tables: EventBags,
    /// Cards left in each bag (economic, political, military).
    pub bags: [Vec<EventCard>; 3],
    /// 惊涛骇浪 / 河流封冻 already drawn (never again).
    pub once_drawn: Vec<EventCard>,
    /// Rounds drawn but not begun, in round order.
    pub upcoming: Vec<RoundEvents>,
    /// The events of the round in progress (None in round 1).
    pub current: Option<RoundEvents>,
}

/// The cards of the bags as the board's `[events]` table lists them (004:L2392–L2446, A-70).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventBags {
    /// One cycle of each bag: economic, political, military.
    pub cycle: [Vec<EventCard>; 3],
    /// Cards added to the military bag from `late_from` on, each at most once a game.
    pub late: Vec<EventCard>,
    /// First round of the late cards (004:L2406).
    pub late_from: u8,
    /// The optional chooser card of each category (004:L2638).
    pub choosers: Vec<EventCard>,
}

/// The penalty of a lost attack, drawn with the attack (004:L1128–L1132).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PenaltyKind {
    /// Everyone disbands units worth 2 mustering points; the lowest bidder 4.
    Disband,
    /// Everyone downgrades 2 knights; the lowest bidder all of them.
    DowngradeKnights,
    /// No special orders this round; the lowest bidder's best rank drops to last.
    NoSpecialOrders,
}
