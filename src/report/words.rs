//! The log in words: every event of a resolution as a sentence a careful GM would write, in
//! Chinese or English, with the rule it follows.

use crate::board::{AreaId, Board, HouseId, Lang, UnitKind};
use crate::rules::log::{
    BattleReport, Defender, Event, Loss, RetreatRule, Skip, Term, TermKind, TieBreak,
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
            (None, _) => String::new(),
        };
        if self.zh() {
            format!(
                "战斗:{}从{}进攻{}({})。进攻方:{}。防守方:{}。{}获胜{}。",
                self.h(r.attacker),
                self.a(r.from),
                self.a(r.area),
                def,
                self.terms(&r.attack, r.attack_total),
                self.terms(&r.defence, r.defence_total),
                winner,
                tie
            )
        } else {
            format!(
                "Battle: {} attacks {} from {} (defended by {}). Attacker: {}. Defender: {}. {} wins{}.",
                self.h(r.attacker),
                self.a(r.area),
                self.a(r.from),
                def,
                self.terms(&r.attack, r.attack_total),
                self.terms(&r.defence, r.defence_total),
                winner,
                tie
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
