//! The syntax tree of a submission, in two stages that share one shape:
//! [`Syntax`] (names as written, with their position) and [`Resolved`] (names replaced by the
//! board's ids). Every line gives at most one [`Item`].

use maester_board::{AreaId, HouseId, LeaderId, Order, UnitKind};
use maester_rules::event_phase::events::EventCard;
use std::fmt::Debug;

/// A value with the place in the original text it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// 1-based line in the mail.
    pub line: usize,
    /// 1-based column (in characters) in the original line.
    pub column: usize,
}

/// The stage of a tree: what a name is.
pub trait Stage: Clone + Debug + PartialEq {
    /// An area (区域).
    type Area: Clone + Debug + PartialEq;
    /// A house (家族).
    type House: Clone + Debug + PartialEq;
    /// A leader (将领).
    type Leader: Clone + Debug + PartialEq;
}

/// Names as the player wrote them (after normalisation), with their position.
#[derive(Clone, Debug, PartialEq)]
pub struct Syntax;
impl Stage for Syntax {
    type Area = Spanned<String>;
    type House = Spanned<String>;
    type Leader = Spanned<String>;
}

/// Names resolved to the board's ids.
#[derive(Clone, Debug, PartialEq)]
pub struct Resolved;
impl Stage for Resolved {
    type Area = AreaId;
    type House = HouseId;
    type Leader = LeaderId;
}

/// Which units of an area an order means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitSel {
    /// A bare area, `军团`, `部队` or `舰队`: all units there.
    All,
    /// `步兵`, `骑士`, …: all units of that kind there.
    Kind(UnitKind),
    /// `2F1K`: exactly these units; indexed by [`UnitKind::index`].
    Counts([u8; 5]),
}

/// An area and which of its units: `御林步兵`, `河湾地军团`, `石圣堂2F`, `奔流城`.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitRef<S: Stage> {
    /// Where the units stand.
    pub area: S::Area,
    /// Which units.
    pub units: UnitSel,
}

/// A step label: `1)` is `{major: 1, minor: None}`, `1-2)` is `{major: 1, minor: Some(2)}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StepNo {
    /// The step.
    pub major: u16,
    /// The alternative within the step.
    pub minor: Option<u16>,
}

/// A comparison in a garrison-strength condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmp {
    /// 大于 / greater than.
    Greater,
    /// 小于 / less than.
    Less,
}

/// A condition a player may put on a step (§1.16, A-30…A-32).
#[derive(Clone, Debug, PartialEq)]
pub enum Predicate<S: Stage> {
    /// `X失守` / `X已经失守` (`fallen: true`), `X未失守` (`fallen: false`).
    Fallen {
        /// The area.
        area: S::Area,
        /// Whether the condition is "has fallen" (else "has not fallen").
        fallen: bool,
    },
    /// `X有其他家族的部队` (`present: true`), `X没有其他家族的部队` (`present: false`).
    ForeignUnits {
        /// The area.
        area: S::Area,
        /// Whether the condition is "there are" (else "there are none").
        present: bool,
    },
    /// `第一步执行的是1-1`: which alternative a previous step executed.
    StepTaken(StepNo),
    /// `X驻军战斗力大于5`: the static defence of the destination.
    Garrison {
        /// The area.
        area: S::Area,
        /// The comparison.
        cmp: Cmp,
        /// The value compared with.
        value: u8,
    },
    /// `X家族在本回合没有攻击我` (`attacked: false`) or `…攻击了我` (`attacked: true`).
    AttackedMe {
        /// The house.
        house: S::House,
        /// Whether the condition is "has attacked me".
        attacked: bool,
    },
}

/// A condition as written: predicates joined by 且 / 并且 / and and by 或 / 或者 / or, with 且
/// binding first (`A且B或C` is "(A and B) or C"); a single predicate is one group of one.
#[derive(Clone, Debug, PartialEq)]
pub struct Cond<S: Stage> {
    /// The groups joined by "or"; each group's predicates are joined by "and". Never empty.
    pub any: Vec<Vec<Predicate<S>>>,
}

impl<S: Stage> Cond<S> {
    /// A condition of one predicate.
    pub fn one(p: Predicate<S>) -> Self {
        Cond { any: vec![vec![p]] }
    }
}

/// Who leads a march: a named leader, or a choice by condition (004:L2085).
#[derive(Clone, Debug, PartialEq)]
pub enum LeaderChoice<S: Stage> {
    /// `(将领:巴隆)` or `(巴隆)`.
    Named(S::Leader),
    /// `(如果海疆城驻军战斗力大于5,行军将领为阿莎;否则,将领为巴隆。)`.
    Conditional {
        /// The condition.
        condition: Cond<S>,
        /// The leader if it holds.
        then: S::Leader,
        /// The leader otherwise.
        otherwise: S::Leader,
    },
}

/// A march, or a forced march (`强行军到`, one-time order).
#[derive(Clone, Debug, PartialEq)]
pub struct March<S: Stage> {
    /// The marching units.
    pub units: UnitRef<S>,
    /// The destination.
    pub to: S::Area,
    /// `强行军到`: a forced march (the order stands in `to`, 004:L2601).
    pub forced: bool,
    /// The `(行军+1)` annotation.
    pub special: bool,
    /// The march leader (`将领:`).
    pub leader: Option<LeaderChoice<S>>,
    /// The leader who defends the conquered area instead (`防守:`).
    pub defender: Option<S::Leader>,
    /// `(放置势力标志)`: leave a power token in the vacated area.
    pub leave_token: bool,
}

/// What a cross-house support supports.
#[derive(Clone, Debug, PartialEq)]
pub enum SupportTarget<S: Stage> {
    /// `支援 奔流城部队 移动到 海疆城`: the attack of these units on an area.
    Attack {
        /// The attacking units.
        units: UnitRef<S>,
        /// The attacked area.
        to: S::Area,
    },
    /// `支援 海怪家族 防守 海疆城`: a house's defence of an area; `支援 君临 防守 君临`: a
    /// neutral garrison's (004:L1369, named by its place, 004:L202).
    Defence {
        /// The defending side.
        side: Side<S>,
        /// The defended area.
        area: S::Area,
    },
}

/// The defending side a support names. The parser reads a name; the resolver makes it a house,
/// or a neutral garrison when the name is no house but the place of one.
#[derive(Clone, Debug, PartialEq)]
pub enum Side<S: Stage> {
    /// A house (`海怪家族`).
    House(S::House),
    /// The neutral garrison of this area (`君临`, `艾林`).
    Neutral(S::Area),
}

/// One action of a step.
#[derive(Clone, Debug, PartialEq)]
pub enum Action<S: Stage> {
    /// `御林步兵 移动到 君临城`, `赫伦堡2F 强行军到 奔流城`.
    March(March<S>),
    /// `狭海战舰 突袭 五指半岛`; two targets for Raid+1.
    Raid {
        /// The raiding units.
        units: UnitRef<S>,
        /// The raided areas (one, or two for Raid+1).
        targets: Vec<S::Area>,
    },
    /// `卡林湾 支援 …`; the source may be omitted.
    Support {
        /// The supporting area, if named.
        from: Option<S::Area>,
        /// What is supported.
        target: SupportTarget<S>,
    },
    /// `东夏海 和 西夏海 运输 龙石岛军团 移动到 菲林特之指`.
    Transport {
        /// The transporting seas of the submitter.
        seas: Vec<S::Area>,
        /// The transported units.
        units: UnitRef<S>,
        /// The destination.
        to: S::Area,
    },
}

/// When an alternative of a step applies.
#[derive(Clone, Debug, PartialEq)]
pub enum Condition<S: Stage> {
    /// `如果 <cond>,(则)`, or the trailing `(仅当 <cond> 时执行这条命令。…)`.
    If(Cond<S>),
    /// `否则,`: when no earlier alternative of the line applied.
    Otherwise,
}

/// `…,如果 <pred> 导致该命令不能被执行,则 <action>`.
#[derive(Clone, Debug, PartialEq)]
pub struct Fallback<S: Stage> {
    /// The cause that makes the action impossible.
    pub because: Cond<S>,
    /// What to do instead.
    pub then: Action<S>,
}

/// One alternative of a step: its actions are carried out together (the parts of a split
/// march, `;`-separated without a condition).
#[derive(Clone, Debug, PartialEq)]
pub struct Alternative<S: Stage> {
    /// When it applies (none: always).
    pub condition: Option<Condition<S>>,
    /// The actions, each with its fallback.
    pub actions: Vec<(Action<S>, Option<Fallback<S>>)>,
}

/// One line of the plan: an optional label (`1)`, `1-1)`) and its alternatives; the first
/// alternative whose condition holds is executed (§1.16 c, A-29).
#[derive(Clone, Debug, PartialEq)]
pub struct Step<S: Stage> {
    /// The label, if any.
    pub number: Option<StepNo>,
    /// The alternatives, in order.
    pub alternatives: Vec<Alternative<S>>,
}

/// A one-time order (optional rule, §1.29.1).
#[derive(Clone, Debug, PartialEq)]
pub enum OneTime<S: Stage> {
    /// 招募 Recruit.
    Recruit,
    /// 补给车 Supply Caravan.
    SupplyCaravan,
    /// 强行军 Forced March.
    ForcedMarch,
    /// 浮桥 Pontoon, with the bank it reaches when named.
    Pontoon(Option<S::Area>),
}

/// `临冬城 行军+1`, `三塔堡 浮桥 亲王隘口`.
#[derive(Clone, Debug, PartialEq)]
pub struct Placement<S: Stage> {
    /// The area.
    pub area: S::Area,
    /// The normal or special order.
    pub order: Option<Order>,
    /// The one-time order.
    pub one_time: Option<OneTime<S>>,
}

/// One item of a muster plan.
#[derive(Clone, Debug, PartialEq)]
pub enum Muster<S: Stage> {
    /// `临冬城 1K`, `白港 1S 到 狭海 > 颤抖海` (ships: ranked seas or a port).
    Recruit {
        /// The castle area.
        area: S::Area,
        /// The new units.
        units: [u8; 5],
        /// Where ships go, best first (empty: the castle's area).
        to: Vec<S::Area>,
    },
    /// `临冬城 1F升级为骑士`.
    Upgrade {
        /// The area of the units.
        area: S::Area,
        /// The units upgraded.
        units: [u8; 5],
        /// What they become.
        into: UnitKind,
    },
}

/// Knights of one area downgraded by the wildling penalty.
#[derive(Clone, Debug, PartialEq)]
pub struct Downgrade<S: Stage> {
    /// The area.
    pub area: S::Area,
    /// How many knights (1 when not written).
    pub knights: u8,
    /// What they become (footmen when not written).
    pub into: Option<UnitKind>,
}

/// The three influence tracks: the rules' own type.
pub use maester_rules::state::Track;

/// A reward choice (wildling victory, Luwin, Melisandre, Doran).
#[derive(Clone, Debug, PartialEq)]
pub enum Reward<S: Stage> {
    /// `奖励: 召回 艾德`: bring a resting leader back.
    Recall(S::Leader),
    /// `奖励: 休养 罗柏`: send an opposing leader to rest (Melisandre).
    Rest(S::Leader),
    /// `奖励: 升级 临冬城1F, 白港1F`: upgrade footmen/archers to knights.
    Upgrade(Vec<UnitRef<S>>),
    /// `奖励: 征兵 临冬城 1K`: muster in one area.
    Muster(Vec<Muster<S>>),
    /// `奖励: 夺取 铁王座`: Doran's capture.
    Capture(Track),
}

/// A mail-account command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Account {
    /// `密码: xxxx` / `secret: xxxx`: the secret exactly as written in the original line.
    Password(String),
    /// `HELP` / `帮助`.
    Help,
    /// `STATUS` / `状态`.
    Status,
    /// `HISTORY` / `历史`.
    History,
    /// `WAIT` / `等待`.
    Wait,
    /// `NOWAIT` / `不等待`.
    NoWait,
    /// `无` / `pass`: nothing to send this step; the house takes the step's defaults.
    Pass,
    /// `请假: 12月20日 到 12月27日` / `absent: 2026-12-20 to 2026-12-27`: first and last day.
    Absent(Day, Day),
}

/// A calendar day as a player writes it; checked (and given a year) by the shell, which knows
/// the game's time zone and today.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Day {
    /// The year, when written.
    pub year: Option<i32>,
    /// 1–12 when valid (not checked here).
    pub month: u32,
    /// 1–31 when valid (not checked here).
    pub day: u32,
}

impl Day {
    /// Reads `2026-12-20`, `2026/12/20`, `2026年12月20日`, `12月20日`, `12-20`.
    pub fn parse(text: &str) -> Option<Day> {
        let parts: Vec<&str> = text
            .split(['-', '/', '年', '月', '日', '号'])
            .filter(|p| !p.is_empty())
            .collect();
        let num = |s: &str| s.parse::<u32>().ok();
        match parts.as_slice() {
            [y, m, d] => Some(Day {
                year: Some(y.parse().ok()?),
                month: num(m)?,
                day: num(d)?,
            }),
            [m, d] => Some(Day {
                year: None,
                month: num(m)?,
                day: num(d)?,
            }),
            _ => None,
        }
    }
}

/// One submission item (one line).
#[derive(Clone, Debug, PartialEq)]
pub enum Item<S: Stage> {
    /// Order placement.
    Placement(Placement<S>),
    /// A step of the execution plan.
    Step(Step<S>),
    /// `信鸦: 临冬城 防守`: the Raven holder's change of one revealed order (004:L1704).
    Raven(Placement<S>),
    /// `降级: 临冬城 1K 为 弓箭手`: knights downgraded by the wildling penalty (004:L1131).
    Downgrade(Vec<Downgrade<S>>),
    /// `降级领域: 铁王座`: the track that drops for the lowest wildling bidder (004:L1132).
    DropTrack(Track),
    /// `海疆城守将:小恶魔`, `临冬城守将:罗柏(替补:艾德)`.
    Defender {
        /// The defended area.
        area: S::Area,
        /// The defence leader.
        leader: S::Leader,
        /// The substitute who takes over the remaining task.
        substitute: Option<S::Leader>,
    },
    /// `军区:临冬城+白港 守将:艾德`.
    District {
        /// The two areas.
        areas: [S::Area; 2],
        /// The district defence leader.
        leader: S::Leader,
    },
    /// `拒绝 红狮 的支援`, optionally narrowed.
    Refusal {
        /// The refused house.
        house: S::House,
        /// Only support from this area.
        from: Option<S::Area>,
        /// Only support in the battle for this area.
        battle: Option<S::Area>,
    },
    /// `临冬城 不支援 卡霍城`: own automatic support withheld from one battle.
    NoSupport {
        /// The supporting area.
        from: S::Area,
        /// The battle area.
        battle: S::Area,
    },
    /// `阵亡顺序: 步兵 骑士`: casualty preference.
    Casualties(Vec<UnitKind>),
    /// `撤退: 临冬城 > 白港` (ranked preference), `撤退 临冬城 到 卡霍城` (from an area).
    Retreat {
        /// The retreating area, if named.
        from: Option<S::Area>,
        /// The destinations, best first.
        to: Vec<S::Area>,
    },
    /// `白港 修建防御工事` / `巩固统治收益转为防御工事: 白港`.
    Fortify(S::Area),
    /// `瓦雷利亚钢剑: 临冬城`.
    Sword(UnitRef<S>),
    /// `阿莎取消: 奔流城, 卡林湾`: a leader's ranked list of orders to cancel.
    Cancels {
        /// The leader whose ability it is.
        leader: S::Leader,
        /// The areas whose orders are cancelled, in priority order.
        targets: Vec<S::Area>,
    },
    /// `裁军: 白港 1F`.
    Disband(Vec<UnitRef<S>>),
    /// `征兵: 临冬城 1K`, `临冬城 1F升级为骑士`, `白港 1S 到 狭海 > 颤抖海`.
    Muster(Vec<Muster<S>>),
    /// `铁王座 3 封邑 1 御前会议 0` / `出价: 3 1 0`.
    Bid {
        /// Iron Throne bid.
        iron_throne: u16,
        /// Fiefdoms bid.
        fiefdoms: u16,
        /// King's Court bid.
        kings_court: u16,
    },
    /// `野人: 2`.
    WildlingBid(u16),
    /// `奖励: …`.
    Reward(Reward<S>),
    /// `在海疆城建造港口`, `建造港口: 星坠城 东夏海`.
    BuildPort {
        /// The province.
        area: S::Area,
        /// The coast, where several are possible.
        coast: Option<S::Area>,
    },
    /// `摧毁港口: 卡林湾`: pull down one's own empty temporary port, named by its province or
    /// by the port (004:L1060).
    DemolishPort(S::Area),
    /// `摧毁俘虏的战舰`: ships captured in a natural port are destroyed (004:L1054, A-61).
    DestroyCapturedShips,
    /// `蓝礼升级: 弓箭手`, `洛拉斯歼灭: 弓箭手`: the player's unit choice in a leader's ability.
    LeaderPick {
        /// The leader named.
        leader: S::Leader,
        /// Whether the line says who is killed (else who is upgraded).
        kill: bool,
        /// The unit kinds, first choice first.
        kinds: Vec<UnitKind>,
    },
    /// `平局: 红狮 > 白狼`, optionally for one track or for the wildling tie.
    TieBreak {
        /// The track, if named.
        track: Option<Track>,
        /// `平局 野人:`: the wildling tie (004:L1163).
        wildlings: bool,
        /// The tied houses, first = higher.
        order: Vec<S::House>,
    },
    /// `选择: 征兵`: the event a chooser card becomes (optional rule, 004:L2640–L2644).
    Choose(EventCard),
    /// `密码: …`, `HELP`, `STATUS`, …
    Account(Account),
}

/// An item with the line it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry<T> {
    /// 1-based line in the mail.
    pub line: usize,
    /// The item.
    pub item: T,
}
