//! 计算一场战斗 A battle in words: both totals term by term, the winner and the tie-break, the
//! casualties (计算阵亡, 004:L2214–L2266), units lost and why, the Valyrian steel sword
//! (004:L1732–L1742).

use super::{W, units};
use maester_rules::log::{BattleReport, Defender, Event, Loss, Term, TermKind, TieBreak};

/// The sentence of an event of this chapter, `None` for another chapter's event.
pub(super) fn text(w: &W, e: &Event) -> Option<String> {
    let zh = w.zh();
    let lang = w.l;
    Some(match e {
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
        Event::Sword {
            house,
            area,
            assigned,
        } => match (zh, assigned) {
            (true, true) => format!(
                "{}在{}的战斗中使用了指定的瓦雷利亚钢剑,战斗力+1(004:L1733, A-23)。",
                w.h(*house),
                w.a(*area)
            ),
            (true, false) => format!(
                "{}在{}的战斗中差1点战斗力就可以获胜,自动使用瓦雷利亚钢剑,战斗力+1(004:L1741, A-24)。",
                w.h(*house),
                w.a(*area)
            ),
            (false, true) => format!(
                "{} uses the Valyrian steel sword as assigned in the battle for {}: +1 (004:L1733, A-23).",
                w.h(*house),
                w.a(*area)
            ),
            (false, false) => format!(
                "{} is one point short in the battle for {}: the Valyrian steel sword is used automatically, +1 (004:L1741, A-24).",
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
        _ => return None,
    })
}

impl W<'_> {
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
            (TermKind::Sword, true) => "瓦雷利亚钢剑(004:L1733)".into(),
            (TermKind::Sword, false) => "Valyrian steel sword (004:L1733)".into(),
            (TermKind::Transported, true) => "跨家族海运(004:L1595)".into(),
            (TermKind::Transported, false) => "carried by another house (004:L1595)".into(),
        };
        format!("{what} {}", t.value)
    }
    fn terms(&self, ts: &[Term], total: i32) -> String {
        let parts: Vec<String> = ts.iter().map(|t| self.term(t)).collect();
        format!("{} = {}", parts.join(" + "), total)
    }
    /// A battle decided before it began: the attacker's leader destroyed every defender by his
    /// ability (Loras), the area is taken without a comparison — one clause, one rule.
    fn taken_without_combat(&self, r: &BattleReport, def: &str) -> String {
        let (att, area, from) = (self.h(r.attacker), self.a(r.area), self.a(r.from));
        match (r.attacker_leader, self.zh()) {
            (Some(l), true) => format!(
                "战斗:{att}从{from}进攻{area}({def}):{}的特长在战斗前歼灭了全部守军,{att}不经战斗占领{area}(A-14)。",
                self.ld(l)
            ),
            (None, true) => format!(
                "战斗:{att}从{from}进攻{area}({def}):守军在战斗前已全部被歼灭,{att}不经战斗占领{area}(A-14)。"
            ),
            (Some(l), false) => format!(
                "Battle: {att} attacks {area} from {from} (defended by {def}): {}'s ability destroyed every defender before the battle, so {att} takes {area} without a fight (A-14).",
                self.ld(l)
            ),
            (None, false) => format!(
                "Battle: {att} attacks {area} from {from} (defended by {def}): every defender was destroyed before the battle, so {att} takes {area} without a fight (A-14)."
            ),
        }
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
        if r.tie == Some(TieBreak::Empty) {
            return self.taken_without_combat(r, &def);
        }
        let winner = if r.attacker_won {
            self.h(r.attacker).to_string()
        } else {
            def.clone()
        };
        let tie = match (r.tie, self.zh()) {
            (Some(TieBreak::Fiefdoms(h)), true) => {
                format!("(平局,{}封邑排名较高,004:L2233)", self.h(h))
            }
            (Some(TieBreak::Fiefdoms(h)), false) => {
                format!(" (a tie: {} is higher on Fiefdoms, 004:L2233)", self.h(h))
            }
            (Some(TieBreak::AttackerVsNeutral), true) => {
                "(平局,进攻中立家族时平局算进攻方胜,004:L2264)".into()
            }
            (Some(TieBreak::AttackerVsNeutral), false) => {
                " (a tie against a neutral goes to the attacker, 004:L2264)".into()
            }
            (Some(TieBreak::Empty) | None, _) => String::new(),
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
    fn loss(&self, why: Loss) -> &'static str {
        match (why, self.zh()) {
            (Loss::Casualty, true) => "阵亡",
            (Loss::Casualty, false) => "casualties",
            (Loss::SiegeEngine, true) => "战败的攻城车被摧毁(004:L2245)",
            (Loss::SiegeEngine, false) => {
                "siege engines of a beaten force are destroyed (004:L2245)"
            }
            (Loss::UncoveredArcher, true) => "没有步兵或骑士掩护的弓箭手被消灭(004:L2250)",
            (Loss::UncoveredArcher, false) => {
                "archers without a footman or knight to cover them are lost (004:L2250)"
            }
            (Loss::NoRetreat, true) => "无处可退,全部解散(004:L2294)",
            (Loss::NoRetreat, false) => "no area to retreat into: disbanded (004:L2294)",
            (Loss::NeutralNoRetreat, true) => "中立家族的部队战败后不能撤退,被消灭(004:L2266)",
            (Loss::NeutralNoRetreat, false) => {
                "neutral forces never retreat: the beaten units are destroyed (004:L2266)"
            }
            (Loss::RetreatSupply, true) => "撤退后超出补给,解散撤退部队(004:L2307)",
            (Loss::RetreatSupply, false) => {
                "the retreat would break supply: retreating units disbanded (004:L2307)"
            }
            (Loss::RoutedAgain, true) => "败兵再次战败,被消灭(004:L2334)",
            (Loss::RoutedAgain, false) => "routed units beaten again are destroyed (004:L2334)",
            // The ability's own line, just before, names the leader and cites his rule.
            (Loss::Ability, true) => "被将领特长歼灭,不计入阵亡",
            (Loss::Ability, false) => "killed by a leader's ability, not a casualty",
            (Loss::PortTaken, true) => "港口失守,战舰无法撤出也无法被俘获(004:L1056, A-61)",
            (Loss::PortTaken, false) => {
                "the port was taken and its ships could neither withdraw nor be captured (004:L1056, A-61)"
            }
        }
    }
}
