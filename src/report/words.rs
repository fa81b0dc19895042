//! The log in words: every event of a resolution as a sentence a careful GM would write, in
//! Chinese or English, with the rule it follows.

use crate::board::{AreaId, Board, HouseId, Lang, LeaderId, UnitKind};
use crate::rules::log::{
    AbilityEffect, BattleReport, Defender, Event, FortifyProblem, LeaderProblem, Loss, RetreatRule,
    Skip, Term, TermKind, TieBreak,
};

/// Units as words: `骑士×1 步兵×2` / `1 knight, 2 footmen`.
pub fn units(kinds: &[UnitKind], lang: Lang) -> String {
    let mut out = Vec::new();
    for k in UnitKind::ALL {
        let n = kinds.iter().filter(|x| **x == k).count();
        if n == 0 {
            continue;
        }
        out.push(match lang {
            Lang::Zh => format!("{}×{}", k.name_zh(), n),
            Lang::En => {
                let name = k.name_en();
                if n == 1 {
                    format!("1 {name}")
                } else if name == "footman" {
                    format!("{n} footmen")
                } else {
                    format!("{n} {name}s")
                }
            }
        });
    }
    if out.is_empty() {
        return match lang {
            Lang::Zh => "无".into(),
            Lang::En => "none".into(),
        };
    }
    match lang {
        Lang::Zh => out.join(" "),
        Lang::En => out.join(", "),
    }
}

/// Units in the rulebook's code notation: `1K2F`.
pub fn codes(kinds: &[UnitKind]) -> String {
    let mut s = String::new();
    for k in UnitKind::ALL {
        let n = kinds.iter().filter(|x| **x == k).count();
        if n > 0 {
            s.push_str(&format!("{n}{}", k.code()));
        }
    }
    s
}

struct W<'a> {
    b: &'a Board,
    l: Lang,
}

impl W<'_> {
    fn a(&self, a: AreaId) -> &str {
        self.b.area(a).name(self.l)
    }
    fn h(&self, h: HouseId) -> &str {
        self.b.house(h).name(self.l)
    }
    fn zh(&self) -> bool {
        self.l == Lang::Zh
    }
    fn ld(&self, l: LeaderId) -> &str {
        self.b.leader(l).name(self.l)
    }
    fn hs(&self, hs: &[HouseId]) -> String {
        let v: Vec<&str> = hs.iter().map(|h| self.h(*h)).collect();
        v.join(if self.zh() { "、" } else { ", " })
    }
    fn areas(&self, xs: &[AreaId]) -> String {
        let v: Vec<&str> = xs.iter().map(|a| self.a(*a)).collect();
        v.join(if self.zh() { "、" } else { ", " })
    }
    fn unit(&self, k: UnitKind) -> &'static str {
        if self.zh() { k.name_zh() } else { k.name_en() }
    }
    fn ability(&self, l: LeaderId, e: &AbilityEffect) -> String {
        let who = self.ld(l);
        match (e, self.zh()) {
            (AbilityEffect::SetValue(k, v), true) => format!(
                "{who}的特长:所率{}的战斗力为{v}(不包括支援部队,A-11)",
                self.unit(*k)
            ),
            (AbilityEffect::SetValue(k, v), false) => format!(
                "{who}'s ability: the {}s he leads count {v} (not supporters, A-11)",
                self.unit(*k)
            ),
            (AbilityEffect::Killed(h, a, k), true) => format!(
                "{who}的特长:立即歼灭{}在{}的1个{}(不计入阵亡,A-14/A-15)",
                self.h(*h),
                self.a(*a),
                self.unit(*k)
            ),
            (AbilityEffect::Killed(h, a, k), false) => format!(
                "{who}'s ability kills one {} of {} in {} at once (not a casualty, A-14/A-15)",
                self.unit(*k),
                self.h(*h),
                self.a(*a)
            ),
            (AbilityEffect::Upgraded(a, k), true) => format!(
                "{who}的特长:{}的1个{}升级为骑士(A-16)",
                self.a(*a),
                self.unit(*k)
            ),
            (AbilityEffect::Upgraded(a, k), false) => format!(
                "{who}'s ability upgrades one {} in {} to a knight (A-16)",
                self.unit(*k),
                self.a(*a)
            ),
            (AbilityEffect::IgnoredSupport(a), true) => format!(
                "{who}的特长:无视对方来自{}的支援(支援+1仍然有效)",
                self.a(*a)
            ),
            (AbilityEffect::IgnoredSupport(a), false) => format!(
                "{who}'s ability ignores the enemy's support from {} (a support+1 bonus still counts)",
                self.a(*a)
            ),
            (AbilityEffect::CancelledDefence(a), true) => format!(
                "{who}的特长:撤销{}的防守命令,本回合不再有效(A-17)",
                self.a(*a)
            ),
            (AbilityEffect::CancelledDefence(a), false) => format!(
                "{who}'s ability cancels the defence order in {} for the rest of the round (A-17)",
                self.a(*a)
            ),
            (AbilityEffect::Blocked(o), true) => {
                format!("{who}的特长:{}的特殊能力无效(A-13)", self.ld(*o))
            }
            (AbilityEffect::Blocked(o), false) => {
                format!(
                    "{who}'s ability: {}'s special ability does not work (A-13)",
                    self.ld(*o)
                )
            }
            (AbilityEffect::ZeroedLeader(o), true) => {
                format!("{who}的特长:{}的战斗力降为0", self.ld(*o))
            }
            (AbilityEffect::ZeroedLeader(o), false) => {
                format!("{who}'s ability: {}'s combat strength is 0", self.ld(*o))
            }
            (AbilityEffect::ZeroedShips, true) => {
                format!("{who}的特长:敌方支援战舰的战斗力降为0(支援+1仍然有效)")
            }
            (AbilityEffect::ZeroedShips, false) => format!(
                "{who}'s ability: the enemy's supporting ships count 0 (a support+1 bonus still counts)"
            ),
            (AbilityEffect::DoubledDefence, true) => format!("{who}的特长:防守命令效果加倍"),
            (AbilityEffect::DoubledDefence, false) => {
                format!("{who}'s ability doubles the defence order")
            }
            (AbilityEffect::Tokens(n), true) => format!("{who}战胜,获得{n}个势力标志"),
            (AbilityEffect::Tokens(n), false) => format!("{who} wins: {n} power tokens"),
            (AbilityEffect::CancelledOrder(h, a, o), true) => format!(
                "{who}战胜,立即取消{}在{}的{}命令(A-18)",
                self.h(*h),
                self.a(*a),
                o.name_zh()
            ),
            (AbilityEffect::CancelledOrder(h, a, o), false) => format!(
                "{who} wins and cancels {}'s {} order in {} at once (A-18)",
                self.h(*h),
                o.name_en(),
                self.a(*a)
            ),
            (AbilityEffect::Reward, true) => {
                format!("{who}战胜,可在下一回合事件阶段领取奖励(A-52)")
            }
            (AbilityEffect::Reward, false) => {
                format!("{who} wins: the reward is claimed in the next round's event phase (A-52)")
            }
            (AbilityEffect::NoEffect, true) => format!("{who}的特长没有可作用的对象"),
            (AbilityEffect::NoEffect, false) => format!("{who}'s ability has nothing to act on"),
        }
    }
    fn term(&self, t: &Term) -> String {
        let what = match (&t.what, self.zh()) {
            (TermKind::Units(k), true) => format!("参战部队({})", units(k, self.l)),
            (TermKind::Units(k), false) => format!("fighting units ({})", units(k, self.l)),
            (TermKind::Support(h, a, k), true) => {
                format!("{}在{}的支援({})", self.h(*h), self.a(*a), units(k, self.l))
            }
            (TermKind::Support(h, a, k), false) => {
                format!(
                    "support of {} from {} ({})",
                    self.h(*h),
                    self.a(*a),
                    units(k, self.l)
                )
            }
            (TermKind::SupportBonus(a), true) => format!("{}的支援+1", self.a(*a)),
            (TermKind::SupportBonus(a), false) => format!("support+1 in {}", self.a(*a)),
            (TermKind::DefenceOrder, true) => "防守命令".into(),
            (TermKind::DefenceOrder, false) => "defence order".into(),
            (TermKind::MarchBonus, true) => "行军+1".into(),
            (TermKind::MarchBonus, false) => "march+1".into(),
            (TermKind::Castle, true) => "城堡/要塞(A-09)".into(),
            (TermKind::Castle, false) => "castle (A-09)".into(),
            (TermKind::Fortification, true) => "防御工事(004:L1090)".into(),
            (TermKind::Fortification, false) => "fortification (004:L1090)".into(),
            (TermKind::HomeSeat, true) => "主城(A-10)".into(),
            (TermKind::HomeSeat, false) => "home seat (A-10)".into(),
            (TermKind::Neutral, true) => "中立守军(004:L2262)".into(),
            (TermKind::Neutral, false) => "neutral garrison (004:L2262)".into(),
            (TermKind::Leader(l), true) => format!("将领{}", self.ld(*l)),
            (TermKind::Leader(l), false) => format!("leader {}", self.ld(*l)),
            (TermKind::Sword, true) => "瓦雷利亚钢剑(004:L1732)".into(),
            (TermKind::Sword, false) => "Valyrian steel sword (004:L1732)".into(),
            (TermKind::Transported, true) => "跨家族海运(004:L1595)".into(),
            (TermKind::Transported, false) => "carried by another house (004:L1595)".into(),
        };
        format!("{what} {}", t.value)
    }
    fn terms(&self, ts: &[Term], total: i32) -> String {
        let parts: Vec<String> = ts.iter().map(|t| self.term(t)).collect();
        format!("{} = {}", parts.join(" + "), total)
    }
    fn battle(&self, r: &BattleReport) -> String {
        let def = match r.defender {
            Defender::House(h) => self.h(h).to_string(),
            Defender::Neutral => {
                if self.zh() {
                    "中立守军".into()
                } else {
                    "The neutral garrison".into()
                }
            }
        };
        let winner = if r.attacker_won {
            self.h(r.attacker).to_string()
        } else {
            def.clone()
        };
        let tie = match (r.tie, self.zh()) {
            (Some(TieBreak::Fiefdoms(h)), true) => {
                format!("(平局,{}封邑排名较高,004:L2234)", self.h(h))
            }
            (Some(TieBreak::Fiefdoms(h)), false) => {
                format!(" (a tie: {} is higher on Fiefdoms, 004:L2234)", self.h(h))
            }
            (Some(TieBreak::AttackerVsNeutral), true) => {
                "(平局,进攻中立家族时平局算进攻方胜,004:L2264)".into()
            }
            (Some(TieBreak::AttackerVsNeutral), false) => {
                " (a tie against a neutral goes to the attacker, 004:L2264)".into()
            }
            (Some(TieBreak::Empty), true) => "(守军已被全部歼灭,不必比较战斗力,A-14)".into(),
            (Some(TieBreak::Empty), false) => " (no defender was left: no comparison, A-14)".into(),
            (None, _) => String::new(),
        };
        let cas = match (r.casualties, self.zh()) {
            (0, _) => String::new(),
            (n, true) => format!("败方阵亡{n}支部队(004:L2242)。"),
            (n, false) => format!(" The loser suffers {n} casualties (004:L2242)."),
        };
        if self.zh() {
            format!(
                "战斗:{}从{}进攻{}({})。进攻方:{}。防守方:{}。{}获胜{}。{}",
                self.h(r.attacker),
                self.a(r.from),
                self.a(r.area),
                def,
                self.terms(&r.attack, r.attack_total),
                self.terms(&r.defence, r.defence_total),
                winner,
                tie,
                cas
            )
        } else {
            format!(
                "Battle: {} attacks {} from {} (defended by {}). Attacker: {}. Defender: {}. {} wins{}.{}",
                self.h(r.attacker),
                self.a(r.area),
                self.a(r.from),
                def,
                self.terms(&r.attack, r.attack_total),
                self.terms(&r.defence, r.defence_total),
                winner,
                tie,
                cas
            )
        }
    }
    fn skip(&self, why: &Skip) -> String {
        match (why, self.zh()) {
            (Skip::OrderGone, true) => "该命令已不存在(被突袭或失守)".into(),
            (Skip::OrderGone, false) => "the order is gone (raided or the area was lost)".into(),
            (Skip::NoUnits, true) => "该区域已没有本家族部队".into(),
            (Skip::NoUnits, false) => "no units of the house are left there".into(),
            (Skip::NotReachable(a), true) => format!("无法到达{}", self.a(*a)),
            (Skip::NotReachable(a), false) => {
                format!("{} cannot be reached from there", self.a(*a))
            }
            (Skip::NothingToRaid(a), true) => format!("{}没有可被突袭的命令(A-40)", self.a(*a)),
            (Skip::NothingToRaid(a), false) => {
                format!("{} holds no order a raid can remove (A-40)", self.a(*a))
            }
            (Skip::UnitsMissing, true) => "指定的部队不在那里".into(),
            (Skip::UnitsMissing, false) => "the units named are not there".into(),
            (Skip::Supply(a), true) => format!("进入{}会超出补给上限(004:L633)", self.a(*a)),
            (Skip::Supply(a), false) => format!(
                "entering {} would break the supply limit (004:L633)",
                self.a(*a)
            ),
            (Skip::SecondAttack(a), true) => format!(
                "同一军团一回合只能进攻一次,取消进攻{}(004:L1259)",
                self.a(*a)
            ),
            (Skip::SecondAttack(a), false) => format!(
                "an army attacks once a round; the attack on {} is cancelled (004:L1259)",
                self.a(*a)
            ),
            (Skip::WrongTerrain(a), true) => {
                format!("陆军不能下海,战舰不能上岸:{}(004:L1234)", self.a(*a))
            }
            (Skip::WrongTerrain(a), false) => format!(
                "land units cannot go to sea nor ships ashore: {} (004:L1234)",
                self.a(*a)
            ),
            (Skip::SiegeCannotRaid, true) => "攻城车不能突袭(004:L1441)".into(),
            (Skip::SiegeCannotRaid, false) => "siege engines cannot raid (004:L1441)".into(),
            (Skip::PortFull(a), true) => format!("{}已满(最多3艘战舰,004:L638)", self.a(*a)),
            (Skip::PortFull(a), false) => {
                format!("{} is full (3 ships at most, 004:L638)", self.a(*a))
            }
            (Skip::ChainBroken(a), true) => format!(
                "没有通往{}的完整海运链,或有家族没有提交运输命令(004:L1586)",
                self.a(*a)
            ),
            (Skip::ChainBroken(a), false) => format!(
                "no unbroken transport chain to {}, or a carrier sent no transport order (004:L1586)",
                self.a(*a)
            ),
            (Skip::EventBan, true) => "本回合的事件禁止执行该命令(A-45)".into(),
            (Skip::EventBan, false) => "the event in force forbids it this round (A-45)".into(),
            (Skip::Routed, true) => "败兵不能执行任何命令(004:L2323)".into(),
            (Skip::Routed, false) => "routed units carry out no orders (004:L2323)".into(),
        }
    }
    fn loss(&self, why: Loss) -> &'static str {
        match (why, self.zh()) {
            (Loss::Casualty, true) => "阵亡",
            (Loss::Casualty, false) => "casualties",
            (Loss::SiegeEngine, true) => "战败的攻城车被摧毁(004:L2245)",
            (Loss::SiegeEngine, false) => {
                "siege engines of a beaten force are destroyed (004:L2245)"
            }
            (Loss::UncoveredArcher, true) => "没有步兵或骑士掩护的弓箭手被消灭(004:L2248)",
            (Loss::UncoveredArcher, false) => {
                "archers without a footman or knight to cover them are lost (004:L2248)"
            }
            (Loss::NoRetreat, true) => "无处可退,全部解散(004:L2296)",
            (Loss::NoRetreat, false) => "no area to retreat into: disbanded (004:L2296)",
            (Loss::RetreatSupply, true) => "撤退后超出补给,解散撤退部队(004:L2310)",
            (Loss::RetreatSupply, false) => {
                "the retreat would break supply: retreating units disbanded (004:L2310)"
            }
            (Loss::RoutedAgain, true) => "败兵再次战败,被消灭(004:L2334)",
            (Loss::RoutedAgain, false) => "routed units beaten again are destroyed (004:L2334)",
            (Loss::Ability, true) => "被将领特长歼灭,不计入阵亡(A-14/A-15)",
            (Loss::Ability, false) => "killed by a leader's ability, not a casualty (A-14/A-15)",
            (Loss::PortTaken, true) => "港口失守,战舰无法撤出也无法被俘获(004:L1056, A-61)",
            (Loss::PortTaken, false) => {
                "the port was taken and its ships could neither withdraw nor be captured (004:L1056, A-61)"
            }
        }
    }
    fn rule(&self, r: RetreatRule) -> &'static str {
        match (r, self.zh()) {
            (RetreatRule::AttackerReturns, true) => "进攻方退回出发地(004:L2280)",
            (RetreatRule::AttackerReturns, false) => {
                "attackers return where they came from (004:L2280)"
            }
            (RetreatRule::Supply, true) => "唯一不需要因补给解散部队的区域(规则a)",
            (RetreatRule::Supply, false) => "the only area with no supply loss (rule a)",
            (RetreatRule::PlayerList, true) => "玩家指定的撤退顺序(规则c)",
            (RetreatRule::PlayerList, false) => "the player's retreat list (rule c)",
            (RetreatRule::OutOfReach, true) => "其他玩家的行军攻击不到的区域(规则d, A-47)",
            (RetreatRule::OutOfReach, false) => {
                "out of reach of other houses' marches (rule d, A-47)"
            }
            (RetreatRule::NotInOwnWay, true) => "不妨碍本家族后续行军的区域(规则e, A-47)",
            (RetreatRule::NotInOwnWay, false) => {
                "not in the way of the house's own marches (rule e, A-47)"
            }
            (RetreatRule::BoardOrder, true) => "多个区域同样合适,按地图顺序取第一个(规则f, A-48)",
            (RetreatRule::BoardOrder, false) => {
                "several areas fit equally: the first in board order (rule f, A-48)"
            }
            (RetreatRule::PlayerChoice, true) => "玩家在战斗阶段后的选择(规则f, 004:L2346)",
            (RetreatRule::PlayerChoice, false) => {
                "the player's choice after the phase (rule f, 004:L2346)"
            }
            (RetreatRule::Only, true) => "唯一可退的区域",
            (RetreatRule::Only, false) => "the only possible area",
        }
    }
}

/// One event as a sentence.
pub fn event(board: &Board, lang: Lang, e: &Event) -> String {
    let w = W { b: board, l: lang };
    let zh = w.zh();
    match e {
        Event::OneTime(o) => super::words_one_time::describe(board, lang, o),
        Event::Raided {
            house,
            from,
            target,
            victim,
            order,
            plunder,
        } => {
            let o = if zh { order.name_zh() } else { order.name_en() };
            match (zh, plunder) {
                (true, true) => format!(
                    "突袭:{}从{}突袭{},取消{}的{}命令,掠夺1个势力标志(004:L1460)。",
                    w.h(*house),
                    w.a(*from),
                    w.a(*target),
                    w.h(*victim),
                    o
                ),
                (true, false) => format!(
                    "突袭:{}从{}突袭{},取消{}的{}命令。",
                    w.h(*house),
                    w.a(*from),
                    w.a(*target),
                    w.h(*victim),
                    o
                ),
                (false, true) => format!(
                    "Raid: {} raids {} from {}, removing {}'s {} order and plundering 1 power token (004:L1460).",
                    w.h(*house),
                    w.a(*target),
                    w.a(*from),
                    w.h(*victim),
                    o
                ),
                (false, false) => format!(
                    "Raid: {} raids {} from {}, removing {}'s {} order.",
                    w.h(*house),
                    w.a(*target),
                    w.a(*from),
                    w.h(*victim),
                    o
                ),
            }
        }
        Event::Skipped {
            house,
            from,
            order,
            why,
        } => {
            let o = if zh { order.name_zh() } else { order.name_en() };
            if zh {
                format!(
                    "{}在{}的{}命令未执行:{};下一条命令递补(A-28)。",
                    w.h(*house),
                    w.a(*from),
                    o,
                    w.skip(why)
                )
            } else {
                format!(
                    "{}'s {} order in {} is not executed: {}; the next one moves up (A-28).",
                    w.h(*house),
                    o,
                    w.a(*from),
                    w.skip(why)
                )
            }
        }
        Event::Moved {
            house,
            from,
            to,
            units: u,
        } => {
            if zh {
                format!(
                    "行军:{}的{}从{}移动到{}。",
                    w.h(*house),
                    units(u, lang),
                    w.a(*from),
                    w.a(*to)
                )
            } else {
                format!(
                    "March: {} moves {} from {} to {}.",
                    w.h(*house),
                    units(u, lang),
                    w.a(*from),
                    w.a(*to)
                )
            }
        }
        Event::TokenRemoved { house, area } => {
            if zh {
                format!(
                    "{}在{}的势力标志被移除(004:L918)。",
                    w.h(*house),
                    w.a(*area)
                )
            } else {
                format!(
                    "{}'s power token in {} is removed (004:L918).",
                    w.h(*house),
                    w.a(*area)
                )
            }
        }
        Event::TokenPlaced { house, area } => {
            if zh {
                format!("{}在{}留下势力标志(004:L912)。", w.h(*house), w.a(*area))
            } else {
                format!(
                    "{} leaves a power token in {} (004:L912).",
                    w.h(*house),
                    w.a(*area)
                )
            }
        }
        Event::Battle(r) => w.battle(r),
        Event::Destroyed {
            house,
            area,
            units: u,
            why,
        } => {
            if zh {
                format!(
                    "{}在{}损失{}:{}。",
                    w.h(*house),
                    w.a(*area),
                    units(u, lang),
                    w.loss(*why)
                )
            } else {
                format!(
                    "{} loses {} in {}: {}.",
                    w.h(*house),
                    units(u, lang),
                    w.a(*area),
                    w.loss(*why)
                )
            }
        }
        Event::Retreated {
            house,
            from,
            to,
            units: u,
            rule,
        } => {
            if zh {
                format!(
                    "撤退:{}的{}从{}撤退到{}({})。",
                    w.h(*house),
                    units(u, lang),
                    w.a(*from),
                    w.a(*to),
                    w.rule(*rule)
                )
            } else {
                format!(
                    "Retreat: {}'s {} retreat from {} to {} ({}).",
                    w.h(*house),
                    units(u, lang),
                    w.a(*from),
                    w.a(*to),
                    w.rule(*rule)
                )
            }
        }
        Event::NeutralBeaten { area } => {
            if zh {
                format!("{}的中立守军被消灭(004:L2266)。", w.a(*area))
            } else {
                format!(
                    "The neutral garrison of {} is destroyed (004:L2266).",
                    w.a(*area)
                )
            }
        }
        Event::Consolidated {
            house,
            area,
            gained,
            capped,
        } => match (zh, *capped > 0) {
            (true, false) => format!(
                "巩固统治:{}在{}获得{}个势力标志。",
                w.h(*house),
                w.a(*area),
                gained
            ),
            (true, true) => format!(
                "巩固统治:{}在{}获得{}个势力标志(另有{}个超出20个上限作废,A-73)。",
                w.h(*house),
                w.a(*area),
                gained,
                capped
            ),
            (false, false) => format!(
                "Consolidate: {} gains {} power in {}.",
                w.h(*house),
                gained,
                w.a(*area)
            ),
            (false, true) => format!(
                "Consolidate: {} gains {} power in {} ({} lost to the cap of 20, A-73).",
                w.h(*house),
                gained,
                w.a(*area),
                capped
            ),
        },
        Event::ConsolidateFailed { house, area } => {
            if zh {
                format!(
                    "{}在{}的巩固统治无效:该省份本回合曾被占领(A-44)。",
                    w.h(*house),
                    w.a(*area)
                )
            } else {
                format!(
                    "{}'s consolidation in {} gives nothing: the province was taken this round (A-44).",
                    w.h(*house),
                    w.a(*area)
                )
            }
        }
        Event::FortificationGone { area } => {
            if zh {
                format!("{}的防御工事解散(004:L1094)。", w.a(*area))
            } else {
                format!("The fortification in {} dissolves (004:L1094).", w.a(*area))
            }
        }
        Event::StepChosen {
            house,
            step,
            alternative,
            fallback,
        } => match (zh, fallback) {
            (true, false) => format!(
                "{}的第{step}步执行{step}-{alternative}(条件成立的第一个选项,A-29)。",
                w.h(*house)
            ),
            (true, true) => format!(
                "{}的第{step}步:{step}-{alternative}不能执行,改为执行其备选命令(004:L1300)。",
                w.h(*house)
            ),
            (false, false) => format!(
                "{}'s step {step} runs {step}-{alternative} (the first alternative whose condition holds, A-29).",
                w.h(*house)
            ),
            (false, true) => format!(
                "{}'s step {step}: {step}-{alternative} cannot be executed, so its fallback runs (004:L1300).",
                w.h(*house)
            ),
        },
        Event::StepSkipped { house, step } => {
            if zh {
                format!(
                    "{}的第{step}步没有可执行的选项,跳过;下一步递补(004:L1312, A-28)。",
                    w.h(*house)
                )
            } else {
                format!(
                    "{}'s step {step} has no alternative that can run: skipped, the next step moves up (004:L1312, A-28).",
                    w.h(*house)
                )
            }
        }
        Event::Transported {
            house,
            from,
            to,
            carriers,
        } => {
            if zh {
                format!(
                    "海运:{}的部队由{}的战舰从{}运往{},总战斗力−1(004:L1595);这些家族本回合不能再运输其他家族的部队(A-42)。",
                    w.h(*house),
                    w.hs(carriers),
                    w.a(*from),
                    w.a(*to)
                )
            } else {
                format!(
                    "Transport: {}'s units are carried from {} to {} by the ships of {}, total −1 (004:L1595); those houses carry no other foreign army this round (A-42).",
                    w.h(*house),
                    w.a(*from),
                    w.a(*to),
                    w.hs(carriers)
                )
            }
        }
        Event::SupportRefused {
            house,
            supporter,
            from,
            battle,
        } => {
            if zh {
                format!(
                    "{}拒绝了{}从{}对{}战斗的支援(A-38)。",
                    w.h(*house),
                    w.h(*supporter),
                    w.a(*from),
                    w.a(*battle)
                )
            } else {
                format!(
                    "{} refuses {}'s support from {} in the battle for {} (A-38).",
                    w.h(*house),
                    w.h(*supporter),
                    w.a(*from),
                    w.a(*battle)
                )
            }
        }
        Event::SupportWithheld {
            house,
            from,
            battle,
        } => {
            if zh {
                format!(
                    "{}按执行方案,{}的支援不参与{}的战斗(004:L1398)。",
                    w.h(*house),
                    w.a(*from),
                    w.a(*battle)
                )
            } else {
                format!(
                    "As {}'s plan says, its support from {} stays out of the battle for {} (004:L1398).",
                    w.h(*house),
                    w.a(*from),
                    w.a(*battle)
                )
            }
        }
        Event::Ability {
            house,
            leader,
            area,
            effect,
        } => {
            if zh {
                format!(
                    "{}在{}的战斗中:{}。",
                    w.h(*house),
                    w.a(*area),
                    w.ability(*leader, effect)
                )
            } else {
                format!(
                    "{} in the battle for {}: {}.",
                    w.h(*house),
                    w.a(*area),
                    w.ability(*leader, effect)
                )
            }
        }
        Event::LeaderIgnored { house, leader, why } => {
            let r = match (why, zh) {
                (LeaderProblem::NotOwn, true) => "不是本家族的将领",
                (LeaderProblem::NotOwn, false) => "not a leader of the house",
                (LeaderProblem::Resting, true) => "正在休养(004:L2118)",
                (LeaderProblem::Resting, false) => "resting (004:L2118)",
                (LeaderProblem::TwoPlaces, true) => "被部署到两个地方,以第一个为准(004:L1772)",
                (LeaderProblem::TwoPlaces, false) => {
                    "deployed in two places; the first counts (004:L1772)"
                }
                (LeaderProblem::NoUnits, true) => "该区域在本回合开始时没有本家族部队(004:L1774)",
                (LeaderProblem::NoUnits, false) => {
                    "the house had no units there when the round began (004:L1774)"
                }
                (LeaderProblem::BadDistrict, true) => {
                    "军区须是两个相邻且回合开始时都有本家族部队的区域,每家最多两个(004:L2095)"
                }
                (LeaderProblem::BadDistrict, false) => {
                    "a district is two adjacent areas held with units when the round began, two at most (004:L2095)"
                }
            };
            if zh {
                format!("{}的将领{}不参与本回合:{}。", w.h(*house), w.ld(*leader), r)
            } else {
                format!(
                    "{}'s leader {} takes no part this round: {}.",
                    w.h(*house),
                    w.ld(*leader),
                    r
                )
            }
        }
        Event::Sword {
            house,
            area,
            assigned,
        } => match (zh, assigned) {
            (true, true) => format!(
                "{}在{}的战斗中使用了指定的瓦雷利亚钢剑,战斗力+1(004:L1734, A-23)。",
                w.h(*house),
                w.a(*area)
            ),
            (true, false) => format!(
                "{}在{}的战斗中差1点战斗力就可以获胜,自动使用瓦雷利亚钢剑,战斗力+1(004:L1740, A-24)。",
                w.h(*house),
                w.a(*area)
            ),
            (false, true) => format!(
                "{} uses the Valyrian steel sword as assigned in the battle for {}: +1 (004:L1734, A-23).",
                w.h(*house),
                w.a(*area)
            ),
            (false, false) => format!(
                "{} is one point short in the battle for {}: the Valyrian steel sword is used automatically, +1 (004:L1740, A-24).",
                w.h(*house),
                w.a(*area)
            ),
        },
        Event::SwordReassigned { house, area } => {
            if zh {
                format!(
                    "{}不用瓦雷利亚钢剑也能赢得{}的战斗,取消指定;钢剑改用于下一场差1点就能获胜的战斗(004:L1742)。",
                    w.h(*house),
                    w.a(*area)
                )
            } else {
                format!(
                    "{} wins the battle for {} without the sword: the assignment is cancelled and the sword goes to the next battle one point short (004:L1742).",
                    w.h(*house),
                    w.a(*area)
                )
            }
        }
        Event::ShipsCaptured {
            from,
            to,
            port,
            units: u,
        } => {
            if zh {
                format!(
                    "{}失守,{}在港口中的{}无法撤出,被{}俘获(004:L1054, A-61)。",
                    w.a(*port),
                    w.h(*from),
                    units(u, lang),
                    w.h(*to)
                )
            } else {
                format!(
                    "{} falls: {}'s {} there cannot withdraw and are captured by {} (004:L1054, A-61).",
                    w.a(*port),
                    w.h(*from),
                    units(u, lang),
                    w.h(*to)
                )
            }
        }
        Event::RetreatPending {
            house,
            from,
            units: u,
            candidates,
        } => {
            if zh {
                format!(
                    "{}在{}战败的{}可撤退到{},这些区域同样合适;请在战斗阶段结束后选择,否则撤到{}(规则f, A-48)。",
                    w.h(*house),
                    w.a(*from),
                    units(u, lang),
                    w.areas(candidates),
                    candidates.first().map(|a| w.a(*a)).unwrap_or("-")
                )
            } else {
                format!(
                    "{}'s {} beaten in {} may retreat to {}, which fit equally: the player chooses after the phase, else {} (rule f, A-48).",
                    w.h(*house),
                    units(u, lang),
                    w.a(*from),
                    w.areas(candidates),
                    candidates.first().map(|a| w.a(*a)).unwrap_or("-")
                )
            }
        }
        Event::Fortified { house, area } => {
            if zh {
                format!(
                    "{}放弃{}的巩固统治收益,建造防御工事(004:L1070)。",
                    w.h(*house),
                    w.a(*area)
                )
            } else {
                format!(
                    "{} gives up its consolidate income in {} and builds a fortification (004:L1070).",
                    w.h(*house),
                    w.a(*area)
                )
            }
        }
        Event::FortifyRefused { house, area, why } => {
            let r = match (why, zh) {
                (FortifyProblem::Exists, true) => "该省份已有防御工事",
                (FortifyProblem::Exists, false) => "the province already has one",
                (FortifyProblem::RoundLimit, true) => "每回合最多建造4个(004:L1080)",
                (FortifyProblem::RoundLimit, false) => "four a round at most (004:L1080)",
                (FortifyProblem::MapLimit, true) => "地图上最多9个(004:L1082, A-59)",
                (FortifyProblem::MapLimit, false) => "nine on the map at most (004:L1082, A-59)",
                (FortifyProblem::NoFootOrArcher, true) => "只有步兵或弓箭手可以建造(004:L1078)",
                (FortifyProblem::NoFootOrArcher, false) => {
                    "only footmen or archers build (004:L1078)"
                }
            };
            if zh {
                format!(
                    "{}在{}的防御工事未能建造:{};改为获得巩固统治收益。",
                    w.h(*house),
                    w.a(*area),
                    r
                )
            } else {
                format!(
                    "{}'s fortification in {} is not built: {}; the income is paid instead.",
                    w.h(*house),
                    w.a(*area),
                    r
                )
            }
        }
        Event::HomeSeatReverted { house, area } => {
            if zh {
                format!(
                    "{}已无其他家族的部队或势力标志,自动回归{}(004:L945)。",
                    w.a(*area),
                    w.h(*house)
                )
            } else {
                format!(
                    "{} holds no other house's units or token any more and returns to {} (004:L945).",
                    w.a(*area),
                    w.h(*house)
                )
            }
        }
        Event::PlanRejected { house } => {
            if zh {
                format!(
                    "{}的执行方案提到了地图上不存在的区域、家族或将领,本回合按未提交方案处理(A-26)。",
                    w.h(*house)
                )
            } else {
                format!(
                    "{}'s plan names areas, houses or leaders that do not exist: the house is treated as silent this round (A-26).",
                    w.h(*house)
                )
            }
        }
        Event::Victory { house, castles } => {
            if zh {
                format!(
                    "{}控制了{}座城堡和要塞,立即获得胜利(004:L266)!",
                    w.h(*house),
                    castles
                )
            } else {
                format!(
                    "{} holds {} castles and wins the game at once (004:L266)!",
                    w.h(*house),
                    castles
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{LeaderId, Order, OrderType};
    use crate::rules::log::AbilityEffect;

    #[test]
    fn every_military_event_reads_as_a_sentence_in_both_languages() {
        let b = match Board::default_board() {
            Ok(b) => b,
            Err(e) => panic!("{e}"),
        };
        let (h, a, l) = (HouseId(0), AreaId(0), LeaderId(0));
        let o = Order {
            kind: OrderType::Support,
            special: false,
        };
        let mut events = vec![
            Event::StepChosen {
                house: h,
                step: 1,
                alternative: 2,
                fallback: false,
            },
            Event::StepSkipped { house: h, step: 2 },
            Event::Transported {
                house: h,
                from: a,
                to: a,
                carriers: vec![HouseId(1)],
            },
            Event::SupportRefused {
                house: h,
                supporter: HouseId(1),
                from: a,
                battle: a,
            },
            Event::SupportWithheld {
                house: h,
                from: a,
                battle: a,
            },
            Event::LeaderIgnored {
                house: h,
                leader: l,
                why: LeaderProblem::Resting,
            },
            Event::Sword {
                house: h,
                area: a,
                assigned: true,
            },
            Event::SwordReassigned { house: h, area: a },
            Event::ShipsCaptured {
                from: h,
                to: HouseId(1),
                port: a,
                units: vec![UnitKind::Ship],
            },
            Event::RetreatPending {
                house: h,
                from: a,
                units: vec![UnitKind::Footman],
                candidates: vec![a, AreaId(1)],
            },
            Event::Fortified { house: h, area: a },
            Event::FortifyRefused {
                house: h,
                area: a,
                why: FortifyProblem::MapLimit,
            },
            Event::HomeSeatReverted { house: h, area: a },
            Event::PlanRejected { house: h },
        ];
        for effect in [
            AbilityEffect::SetValue(UnitKind::Knight, 3),
            AbilityEffect::Killed(h, a, UnitKind::Footman),
            AbilityEffect::Upgraded(a, UnitKind::Archer),
            AbilityEffect::IgnoredSupport(a),
            AbilityEffect::CancelledDefence(a),
            AbilityEffect::Blocked(l),
            AbilityEffect::ZeroedLeader(l),
            AbilityEffect::ZeroedShips,
            AbilityEffect::DoubledDefence,
            AbilityEffect::Tokens(2),
            AbilityEffect::CancelledOrder(h, a, o),
            AbilityEffect::Reward,
            AbilityEffect::NoEffect,
        ] {
            events.push(Event::Ability {
                house: h,
                leader: l,
                area: a,
                effect,
            });
        }
        for e in &events {
            let zh = event(&b, Lang::Zh, e);
            let en = event(&b, Lang::En, e);
            assert!(zh.ends_with('。') && en.ends_with('.'), "{zh} / {en}");
            assert!(!zh.contains('{') && !en.contains('{'), "{zh} / {en}");
            assert!(!zh.is_ascii(), "{zh}");
        }
    }
}
