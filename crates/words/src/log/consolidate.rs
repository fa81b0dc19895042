//! 巩固统治 Consolidate power and fortifications in words: tokens gained, income lost to
//! a province taken this round, fortifications built, refused or dissolved
//! (004:L1069–L1094).

use super::common::W;
use maester_rules::log::{Event, FortifyProblem};

/// The sentence of an event of this chapter, `None` for another chapter's event.
pub(super) fn text(w: &W, e: &Event) -> Option<String> {
    let zh = w.zh();
    Some(match e {
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
        Event::Fortified { house, area } => {
            if zh {
                format!(
                    "{}放弃{}的巩固统治收益,建造防御工事(004:L1069)。",
                    w.h(*house),
                    w.a(*area)
                )
            } else {
                format!(
                    "{} gives up its consolidate income in {} and builds a fortification (004:L1069).",
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
        _ => return None,
    })
}
