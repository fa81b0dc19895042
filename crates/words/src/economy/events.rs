//! 事件 The sentences of the event cards themselves: the round's events drawn and announced,
//! Winter is Coming, Last Days of Summer, the wildlings rising, the King's choice of an optional
//! event (004:L2384–L2445, L2638, A-70).

use super::{EconomyEvent, Words};
use crate::Named;
use crate::event_text::{CardText, PenaltyText};

/// The sentence of an entry of this chapter, `None` for another chapter's entry.
pub(super) fn text(e: &EconomyEvent, w: &Words) -> Option<String> {
    use EconomyEvent::*;
    let lang = w.lang;
    let zh = lang == maester_board::Lang::Zh;
    Some(match e {
        EventsDrawn { round } if zh => format!("第{round}回合的事件已随机生成(附录1, A-70)"),
        EventsDrawn { round } => {
            format!("the events of round {round} are drawn (Appendix 1, A-70)")
        }
        WinterIsComing { category } if zh => format!(
            "{}出现凛冬将至:本类事件重新开始周期(004:L2445, A-70)",
            category.name(lang)
        ),
        WinterIsComing { category } => format!(
            "Winter is Coming in the {}: its cycle starts again (004:L2445, A-70)",
            category.name(lang)
        ),
        EventAnnounced {
            round,
            category,
            card,
        } if zh => format!(
            "第{round}回合{}:{}(004:L2387)",
            category.name(lang),
            card.describe(lang)
        ),
        EventAnnounced {
            round,
            category,
            card,
        } => format!(
            "round {round} {}: {} (004:L2387)",
            category.name(lang),
            card.describe(lang)
        ),
        WildlingPenaltyAnnounced { penalty } if zh => format!(
            "野人入侵若获胜,损失为:{}(004:L1128)",
            penalty.describe(lang)
        ),
        WildlingPenaltyAnnounced { penalty } => format!(
            "if the wildlings win: {} (004:L1128)",
            penalty.describe(lang)
        ),
        Postponed { category } if zh => format!(
            "盛夏之末:本回合没有{},推迟到以后发生(004:L2437)",
            category.name(lang)
        ),
        Postponed { category } => format!(
            "Last Days of Summer: no {} this round, it is postponed (004:L2437)",
            category.name(lang)
        ),
        WildlingsRise {
            cause,
            by,
            from,
            to,
        } if zh => format!(
            "{}:野人战斗力+{by},{from}→{to}(上限12,004:L1141, A-69)",
            cause.name(lang)
        ),
        WildlingsRise {
            cause,
            by,
            from,
            to,
        } => format!(
            "{}: wildlings +{by}, {from} → {to} (cap 12, 004:L1141, A-69)",
            cause.name(lang)
        ),
        EventChosen {
            category,
            by,
            card,
            default: false,
        } if zh => format!(
            "{}选择了{}:{}(004:L2640–L2644)",
            w.king(by),
            category.name(lang),
            card.name(lang)
        ),
        EventChosen {
            category,
            by,
            card,
            default: false,
        } => format!(
            "{} chose the {}: {} (004:L2640–L2644)",
            w.king(by),
            category.name(lang),
            card.name(lang)
        ),
        EventChosen {
            category, by, card, ..
        } if zh => format!(
            "{}未作选择,{}默认为所列的第一项:{}(A-26;004:L2640–L2644)",
            w.king(by),
            category.name(lang),
            card.name(lang)
        ),
        EventChosen {
            category, by, card, ..
        } => format!(
            "{} did not choose; the {} is by default the first option listed, {} (A-26; 004:L2640–L2644)",
            w.king(by),
            category.name(lang),
            card.name(lang)
        ),
        _ => return None,
    })
}
