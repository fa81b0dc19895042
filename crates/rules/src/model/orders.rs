//! 命令 The typed submissions the rules consume: order placement and execution plans.
//!
//! The order language (the `maester-lang` crate) turns a player's text into these; the rules never see text.
//! A plan is a list of **steps**; each step is an ordered list of **alternatives** with an
//! optional condition and optional fallbacks. Everything a player may decide in the
//! execution-plan phase (004:L1718–L1762, §1.24 of the digest) has a typed place here.

use maester_board::{AreaId, HouseId, LeaderId, Order, UnitKind};
use serde::{Deserialize, Serialize};

/// 布置军事命令: the orders one house places, one per area (A-25: areas may stay empty).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    /// Area and order.
    pub orders: Vec<(AreaId, Order)>,
    /// One-time orders beside them (optional rule, 004:L2504; at most one a round).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub one_time: Vec<(AreaId, super::one_time::OneTimeOrder)>,
}

/// 信鸦: the Raven holder changes one of his placed orders to another type (004:L1704).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RavenChange {
    /// The area whose order changes.
    pub area: AreaId,
    /// The new order.
    pub order: Order,
}

/// Which units of an area a march line moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnitSelection {
    /// A bare area, `军团`, `部队` or `舰队`: every unit there.
    All,
    /// `步兵`, `骑士`, … without a count: every unit of that kind.
    Kind(UnitKind),
    /// `2F1K`: exactly these units.
    Exact(Vec<(UnitKind, u8)>),
}

/// A condition on a step, a leader choice, a support or a transport (004:L1290–L1331, A-30…A-32).
/// "Me" is always the house whose plan holds the condition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Condition {
    /// `X失守`: X was mine at the start of the round and another house now holds it.
    Fallen(AreaId),
    /// `X有其他家族的部队`: another house's (or a neutral's) units are in X.
    ForeignUnits(AreaId),
    /// `第一步执行的是1-1`: step `step` (1-based) executed its alternative `alternative`
    /// (1-based).
    StepWas {
        /// Step number, 1-based.
        step: u8,
        /// Alternative number, 1-based.
        alternative: u8,
    },
    /// `X驻军战斗力大于n`: the static defence of X's holder is greater than `n`.
    GarrisonAbove {
        /// The area.
        area: AreaId,
        /// The threshold.
        n: u8,
    },
    /// `X家族在本回合没有攻击我` negated: X has attacked one of my areas so far.
    AttackedBy(HouseId),
    /// Negation (`未失守`, `没有攻击我`, `否则`).
    Not(Box<Condition>),
    /// All of these.
    All(Vec<Condition>),
    /// Any of these.
    Any(Vec<Condition>),
}

impl Condition {
    /// `X未失守`.
    pub fn not_fallen(a: AreaId) -> Condition {
        Condition::Not(Box::new(Condition::Fallen(a)))
    }
    /// `X家族在本回合没有攻击我`.
    pub fn not_attacked_by(h: HouseId) -> Condition {
        Condition::Not(Box::new(Condition::AttackedBy(h)))
    }
}

/// A value chosen by condition: the first pick whose condition holds is taken (004:L2069).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pick<T> {
    /// When this pick applies (`None`: always).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
    /// The value.
    pub value: T,
}

impl<T> Pick<T> {
    /// An unconditional pick.
    pub fn always(value: T) -> Pick<T> {
        Pick { when: None, value }
    }
}

/// One destination of a march (a split march has several).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarchMove {
    /// Which units go.
    pub units: UnitSelection,
    /// Where to.
    pub to: AreaId,
    /// 行军将领: the march leader, possibly chosen by conditions (one per direction, 004:L2033).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leader: Vec<Pick<LeaderId>>,
    /// `防守:阿莎`: a second leader travelling along who defends the new area (004:L2042).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender: Option<LeaderId>,
}

impl MarchMove {
    /// A move of some units without leaders.
    pub fn new(units: UnitSelection, to: AreaId) -> MarchMove {
        MarchMove {
            units,
            to,
            leader: Vec::new(),
            defender: None,
        }
    }
}

/// One march (行军) action: every line of one area that shares a step number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarchStep {
    /// The area with the march order.
    pub from: AreaId,
    /// Its moves, executed together.
    pub moves: Vec<MarchMove>,
    /// 放置势力标志: leave a power token in `from` if it ends up empty.
    pub leave_token: bool,
    /// 强行军 (optional rule, 004:L2591, A-78): `from` holds the forced march and these units
    /// of the house are gathered into it from the areas around, in one step; `moves` is empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gather: Vec<(AreaId, UnitSelection)>,
}

impl MarchStep {
    /// Whether this is a forced march.
    pub fn is_forced(&self) -> bool {
        !self.gather.is_empty()
    }
}

/// One raid (突袭) step: one target, or two for 突袭+1 (same slot).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RaidStep {
    /// The area with the raid order.
    pub from: AreaId,
    /// Targets.
    pub targets: Vec<AreaId>,
}

/// One alternative of a step: a condition, the action, and what to do if the action cannot be
/// executed (`如果…导致该命令不能被执行,则…`, 004:L1300).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Alternative<A> {
    /// Condition (`None`: always).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
    /// The action.
    pub action: A,
    /// Tried in order when the action is not executable.
    #[serde(default = "Vec::new", skip_serializing_if = "Vec::is_empty")]
    pub fallback: Vec<A>,
}

/// A numbered step (`1)`, or `1-1) 1-2)` alternatives, A-29). The first alternative whose
/// condition holds and which can be executed runs; if none runs, the next step moves up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step<A> {
    /// Alternatives in the order written.
    pub alternatives: Vec<Alternative<A>>,
}

impl<A> Step<A> {
    /// A step with one unconditional action.
    pub fn single(action: A) -> Step<A> {
        Step {
            alternatives: vec![Alternative {
                when: None,
                action,
                fallback: Vec::new(),
            }],
        }
    }
}

impl From<MarchStep> for Step<MarchStep> {
    fn from(m: MarchStep) -> Self {
        Step::single(m)
    }
}

/// A side in a battle, as a supporter names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Party {
    /// A house.
    House(HouseId),
    /// The neutral garrison (004:L1369).
    Neutral,
}

/// What a cross-house support line supports (004:L1403–L1414).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SupportTarget {
    /// `支援 奔流城部队 移动到 海疆城`: the march from `from` into `to`.
    Attack {
        /// The mover's origin.
        from: AreaId,
        /// The attacked area.
        to: AreaId,
    },
    /// `支援 海怪家族 防守 海疆城`: the defence of `area` by `party`.
    Defence {
        /// The defending side.
        party: Party,
        /// The defended area.
        area: AreaId,
    },
}

/// A cross-house support line. Own supports are automatic and need no line (004:L1396).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrossSupport {
    /// The supporting area; `None`: every area of mine with a support order next to the battle
    ///
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<AreaId>,
    /// Condition, checked when the support would apply (004:L1421).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
    /// What is supported.
    pub target: SupportTarget,
}

/// `拒绝…的支援`: refuse another house's support, optionally narrowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    /// The supporting house refused.
    pub house: HouseId,
    /// Only support from this area.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<AreaId>,
    /// Only in the battle for this area.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle: Option<AreaId>,
}

/// `石圣堂 不支援 黑水河`: the support order in `from` gives no support in the battle for
/// `battle`, though it would apply there (own support is automatic unless withheld, 004:L1398).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Withheld {
    /// The area of the house's support order.
    pub from: AreaId,
    /// The battle area it stays out of.
    pub battle: AreaId,
}

/// `破船湾 运输 龙石岛军团 移动到 菲林特之指`: this house's ships carry another house's march
/// (004:L1566–L1582, A-42).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transport {
    /// The seas of mine that carry it (empty: any of mine).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seas: Vec<AreaId>,
    /// The carried march's origin.
    pub from: AreaId,
    /// The carried march's destination.
    pub to: AreaId,
    /// Condition, checked when the march executes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
}

/// `海疆城守将:小恶魔`: the defence leader of an area, possibly chosen by conditions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DefenceLeader {
    /// The area.
    pub area: AreaId,
    /// The leader (first pick whose condition holds).
    pub leader: Vec<Pick<LeaderId>>,
}

/// 军区: two adjacent areas held at the start of the round with one defence leader (004:L2090).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct District {
    /// The two areas.
    pub areas: [AreaId; 2],
    /// The district's defence leader.
    pub leader: LeaderId,
}

/// 替补: the leader who takes over the task left when a leader given two tasks did one
/// (004:L2064).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Substitute {
    /// The area.
    pub area: AreaId,
    /// The substitute.
    pub leader: LeaderId,
}

/// Leader deployment besides march leaders (which sit on the march moves).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderPlan {
    /// Defence leaders of areas already held.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub defence: Vec<DefenceLeader>,
    /// Substitutes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub substitutes: Vec<Substitute>,
    /// Military districts (at most two).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub districts: Vec<District>,
    /// Leaders placed in an area with no task (they may ride along, 004:L1781).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub placed: Vec<(LeaderId, AreaId)>,
}

/// Unit choices the player made in advance (004:L1724 item 4, footnotes of Loras/Arianne,
/// Ellaria/Renly A-16).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitPrefs {
    /// Casualties in this order (then the default footmen, knights).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub casualties: Vec<UnitKind>,
    /// Which of my units Loras kills (footman or archer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loras_victim: Option<UnitKind>,
    /// Which of my units Arianne kills, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arianne_victim: Vec<UnitKind>,
    /// Which unit Ellaria or Renly upgrades (footman or archer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upgrade: Option<UnitKind>,
}

/// 制定执行方案: one house's execution plan.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// Raids in the player's priority order.
    pub raids: Vec<RaidStep>,
    /// March steps in the player's priority order.
    pub marches: Vec<Step<MarchStep>>,
    /// Ranked retreat destinations (004:L2300 c).
    pub retreat: Vec<AreaId>,
    /// Cross-house support given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub supports: Vec<CrossSupport>,
    /// Support refused.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refusals: Vec<Refusal>,
    /// Own support orders withheld from one battle (004:L1398).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub withheld: Vec<Withheld>,
    /// Cross-house transport given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub transports: Vec<Transport>,
    /// Unit choices made in advance (boxed: plans travel inside submissions).
    #[serde(default)]
    pub units: Box<UnitPrefs>,
    /// 巩固统治收益换成防御工事: provinces whose CP income becomes a fortification.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fortify: Vec<AreaId>,
    /// Leader deployment (boxed: plans travel inside submissions).
    #[serde(default)]
    pub leaders: Box<LeaderPlan>,
    /// 瓦雷利亚钢剑: the army (by its area at the start of the round) the sword is assigned to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sword: Option<AreaId>,
    /// 阿莎: areas whose support or consolidate order her victory cancels, first valid first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub asha: Vec<AreaId>,
    /// Destroy ships captured in a natural port instead of taking them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub destroy_captured_ships: bool,
    /// 招募: the muster plan of a Recruit order (optional rule, 004:L2625).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recruit: Option<super::window::MusterPlan>,
}

/// Whether every id a plan names exists on a board with `areas` areas, `houses` houses and
/// `leaders` leaders. Plans come from players: one naming anything else is not used (the
/// resolution logs it and treats the house as silent, A-26).
pub fn ids_valid(plan: &Plan, areas: usize, houses: usize, leaders: usize) -> bool {
    let a = |x: &AreaId| x.index() < areas;
    let h = |x: &HouseId| x.index() < houses;
    let l = |x: &LeaderId| x.index() < leaders;
    fn cond(c: &Condition, a: &dyn Fn(&AreaId) -> bool, h: &dyn Fn(&HouseId) -> bool) -> bool {
        match c {
            Condition::Fallen(x) | Condition::ForeignUnits(x) => a(x),
            Condition::GarrisonAbove { area, .. } => a(area),
            Condition::AttackedBy(x) => h(x),
            Condition::StepWas { .. } => true,
            Condition::Not(c) => cond(c, a, h),
            Condition::All(cs) | Condition::Any(cs) => cs.iter().all(|c| cond(c, a, h)),
        }
    }
    let when = |w: &Option<Condition>| w.as_ref().map(|c| cond(c, &a, &h)).unwrap_or(true);
    let march = |m: &MarchStep| {
        a(&m.from)
            && m.gather.iter().all(|(x, _)| a(x))
            && m.moves.iter().all(|mv| {
                a(&mv.to)
                    && mv.defender.as_ref().map(l).unwrap_or(true)
                    && mv.leader.iter().all(|p| l(&p.value) && when(&p.when))
            })
    };
    let party = |p: &Party| match p {
        Party::House(x) => h(x),
        Party::Neutral => true,
    };
    plan.raids
        .iter()
        .all(|r| a(&r.from) && r.targets.iter().all(a))
        && plan.marches.iter().all(|s| {
            s.alternatives
                .iter()
                .all(|alt| when(&alt.when) && march(&alt.action) && alt.fallback.iter().all(march))
        })
        && plan.retreat.iter().all(a)
        && plan.supports.iter().all(|s| {
            s.from.as_ref().map(a).unwrap_or(true)
                && when(&s.when)
                && match &s.target {
                    SupportTarget::Attack { from, to } => a(from) && a(to),
                    SupportTarget::Defence { party: p, area } => party(p) && a(area),
                }
        })
        && plan.withheld.iter().all(|w| a(&w.from) && a(&w.battle))
        && plan.refusals.iter().all(|r| {
            h(&r.house)
                && r.from.as_ref().map(a).unwrap_or(true)
                && r.battle.as_ref().map(a).unwrap_or(true)
        })
        && plan
            .transports
            .iter()
            .all(|t| t.seas.iter().all(a) && a(&t.from) && a(&t.to) && when(&t.when))
        && plan.fortify.iter().all(a)
        && plan.asha.iter().all(a)
        && plan
            .recruit
            .as_ref()
            .is_none_or(|r| r.items.iter().all(|i| a(&i.castle)))
        && plan.sword.as_ref().map(a).unwrap_or(true)
        && plan
            .leaders
            .defence
            .iter()
            .all(|d| a(&d.area) && d.leader.iter().all(|p| l(&p.value) && when(&p.when)))
        && plan
            .leaders
            .substitutes
            .iter()
            .all(|s| a(&s.area) && l(&s.leader))
        && plan
            .leaders
            .districts
            .iter()
            .all(|d| d.areas.iter().all(a) && l(&d.leader))
        && plan.leaders.placed.iter().all(|(x, y)| l(x) && a(y))
}
