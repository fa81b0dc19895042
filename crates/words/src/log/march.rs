//! 行军 A march in words: units moved, power tokens removed or left behind (004:L912, L918), a
//! home seat returning to its house (004:L945) and the immediate win (004:L266).

use super::{W, units};
use maester_rules::log::Event;

/// The sentence of an event of this chapter, `None` for another chapter's event.
pub(super) fn text(w: &W, e: &Event) -> Option<String> {
    let zh = w.zh();
    let lang = w.l;
    Some(match e {
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
        _ => return None,
    })
}
