//! 突袭 A raid in words: the order removed and the token plundered (004:L1431–L1463).

use super::common::W;
use crate::Spelling;
use maester_rules::log::Event;

/// The sentence of an event of this chapter, `None` for another chapter's event.
pub(super) fn text(w: &W, e: &Event) -> Option<String> {
    let zh = w.zh();
    Some(match e {
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
                    "突袭:{}从{}突袭{},取消{}的{}命令,掠夺1个势力标志(004:L1441)。",
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
                    "Raid: {} raids {} from {}, removing {}'s {} order and plundering 1 power token (004:L1441).",
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
        _ => return None,
    })
}
