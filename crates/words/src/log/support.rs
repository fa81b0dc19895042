//! 支援 / 海运 Support and transport in words: support refused or withheld (A-38, 004:L1398) and
//! armies carried by another house's ships (004:L1595, A-42).

use super::common::W;
use maester_rules::log::Event;

/// The sentence of an event of this chapter, `None` for another chapter's event.
pub(super) fn text(w: &W, e: &Event) -> Option<String> {
    let zh = w.zh();
    Some(match e {
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
        _ => return None,
    })
}
