//! 征兵 The sentences of mustering: units mustered and upgraded, items not carried out
//! (004:L739–L755).

use super::{EconomyEvent, MusterSkip, Words, unit};
use crate::rule_text::RuleText;

/// The sentence of an entry of this chapter, `None` for another chapter's entry.
pub(super) fn text(e: &EconomyEvent, w: &Words) -> Option<String> {
    use EconomyEvent::*;
    let (board, lang) = (w.board, w.lang);
    let zh = lang == maester_board::Lang::Zh;
    Some(match e {
        Mustered {
            house,
            castle,
            area,
            unit: u,
        } if zh => format!(
            "{}用{}的征兵点数在{}征募1个{}(004:L745、L755)",
            w.h(house),
            w.a(castle),
            w.a(area),
            unit(*u, lang)
        ),
        Mustered {
            house,
            castle,
            area,
            unit: u,
        } => format!(
            "{} musters a {} in {} with {}'s points (004:L745, L755)",
            w.h(house),
            unit(*u, lang),
            w.a(area),
            w.a(castle)
        ),
        Upgraded {
            house,
            area,
            from,
            to,
        } if zh => format!(
            "{}在{}把1个{}升级为{}(004:L739、L1118)",
            w.h(house),
            w.a(area),
            unit(*from, lang),
            unit(*to, lang)
        ),
        Upgraded {
            house,
            area,
            from,
            to,
        } => format!(
            "{} upgrades a {} in {} to a {} (004:L739, L1118)",
            w.h(house),
            unit(*from, lang),
            w.a(area),
            unit(*to, lang)
        ),
        MusterSkipped {
            house,
            castle,
            why: MusterSkip::Points,
        } if zh => format!(
            "{}在{}的征兵点数不足,该项不执行(004:L751)",
            w.h(house),
            w.a(castle)
        ),
        MusterSkipped {
            house,
            castle,
            why: MusterSkip::Points,
        } => format!(
            "{} has no points left at {}: item not carried out (004:L751)",
            w.h(house),
            w.a(castle)
        ),
        MusterSkipped {
            house,
            castle,
            why: MusterSkip::Rule(e),
        } if zh => format!(
            "{}在{}的征兵未执行,点数作废:{}",
            w.h(house),
            w.a(castle),
            e.message(board, lang)
        ),
        MusterSkipped {
            house,
            castle,
            why: MusterSkip::Rule(e),
        } => format!(
            "{}'s muster at {} is not carried out and its points are lost: {}",
            w.h(house),
            w.a(castle),
            e.message(board, lang)
        ),
        MusterSkipped {
            house,
            castle,
            why: MusterSkip::Blocked(e),
        } if zh => format!(
            "{}在{}征募的战舰未执行:{};该海域已被铁王座排名更高的家族占据,这些点数可以重新征兵(004:L769,A-62)",
            w.h(house),
            w.a(castle),
            e.message(board, lang)
        ),
        MusterSkipped {
            house,
            castle,
            why: MusterSkip::Blocked(e),
        } => format!(
            "{}'s ship mustered at {} is not carried out: {}; a house higher on the Iron Throne took the sea first, so its points may be mustered again (004:L769, A-62)",
            w.h(house),
            w.a(castle),
            e.message(board, lang)
        ),
        _ => return None,
    })
}
