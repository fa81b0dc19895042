//! 计算撤退 Retreats in words: where beaten units went and by which rule (004:L2272–L2346,
//! ), a choice left to the player, ships captured in a fallen port (004:L1054, A-61).

use super::{W, units};
use maester_rules::log::{Event, RetreatRule};

/// The sentence of an event of this chapter, `None` for another chapter's event.
pub(super) fn text(w: &W, e: &Event) -> Option<String> {
    let zh = w.zh();
    let lang = w.l;
    Some(match e {
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
                    "{}在{}战败的{}可撤退到{},这些区域同样合适;请在战斗阶段结束后选择,否则撤到{}(004:L2303, A-48)。",
                    w.h(*house),
                    w.a(*from),
                    units(u, lang),
                    w.areas(candidates),
                    candidates.first().map(|a| w.a(*a)).unwrap_or("-")
                )
            } else {
                format!(
                    "{}'s {} beaten in {} may retreat to {}, which fit equally: the player chooses after the phase, else {} (004:L2303, A-48).",
                    w.h(*house),
                    units(u, lang),
                    w.a(*from),
                    w.areas(candidates),
                    candidates.first().map(|a| w.a(*a)).unwrap_or("-")
                )
            }
        }
        _ => return None,
    })
}

impl W<'_> {
    fn rule(&self, r: RetreatRule) -> &'static str {
        match (r, self.zh()) {
            (RetreatRule::AttackerReturns, true) => "进攻方退回出发地(004:L2282)",
            (RetreatRule::AttackerReturns, false) => {
                "attackers return where they came from (004:L2282)"
            }
            (RetreatRule::Supply, true) => "唯一不需要因补给解散部队的区域(004:L2298)",
            (RetreatRule::Supply, false) => "the only area with no supply loss (004:L2298)",
            (RetreatRule::PlayerList, true) => "玩家指定的撤退顺序(004:L2300)",
            (RetreatRule::PlayerList, false) => "the player's retreat list (004:L2300)",
            (RetreatRule::OutOfReach, true) => "其他玩家的行军攻击不到的区域(004:L2301, A-47)",
            (RetreatRule::OutOfReach, false) => {
                "out of reach of other houses' marches (004:L2301, A-47)"
            }
            (RetreatRule::NotInOwnWay, true) => "不妨碍本家族后续行军的区域(004:L2302, A-47)",
            (RetreatRule::NotInOwnWay, false) => {
                "not in the way of the house's own marches (004:L2302, A-47)"
            }
            (RetreatRule::BoardOrder, true) => {
                "多个区域同样合适,按地图顺序取第一个(004:L2303, A-48)"
            }
            (RetreatRule::BoardOrder, false) => {
                "several areas fit equally: the first in board order (004:L2303, A-48)"
            }
            (RetreatRule::PlayerChoice, true) => "玩家在战斗阶段后的选择(004:L2303, L2346)",
            (RetreatRule::PlayerChoice, false) => {
                "the player's choice after the phase (004:L2303, L2346)"
            }
            (RetreatRule::Only, true) => "唯一可退的区域",
            (RetreatRule::Only, false) => "the only possible area",
        }
    }
}
