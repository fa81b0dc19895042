//! 未执行的要求 What a plan asked for and could not be carried out, with why: a power token to
//! leave behind (004:L912–L916, A-35), a fortification without its consolidate order
//! (004:L1080), the sword given to an army that fought no battle (004:L1737) or only neutral
//! forces (004:L2260), support from routed units (004:L2323); in the event phase, a knight's
//! downgrade into a unit at its cap.

use super::common::W;
use crate::Spelling;
use maester_board::{AreaId, Board, HouseId, Lang};
use maester_rules::log::{Event, Unfulfilled};

/// The sentence of an event of this chapter, `None` for another chapter's event.
pub(super) fn text(w: &W, e: &Event) -> Option<String> {
    let Event::NotCarriedOut { house, area, why } = e else {
        return None;
    };
    Some(sentence(w.b, w.l, *house, *area, why))
}

/// The sentence for a request not carried out, in the military log or the event phase's.
pub(crate) fn sentence(
    board: &Board,
    lang: Lang,
    house: HouseId,
    area: AreaId,
    why: &Unfulfilled,
) -> String {
    let w = W { b: board, l: lang };
    let (h, a, rule) = (w.h(house), w.a(area), why.rule());
    if w.zh() {
        let what = match why {
            Unfulfilled::TokenNoneInHand => {
                format!("要求在{a}留下势力标志,但部队离开时手中没有势力标志")
            }
            Unfulfilled::TokenUnitsStayed => {
                format!("要求在{a}留下势力标志,但{a}仍有本家族部队,标志留在手中")
            }
            Unfulfilled::TokenNotMoved => {
                format!("要求在{a}留下势力标志,但部队没有成功离开{a},标志留在手中")
            }
            Unfulfilled::TokenAtSea => format!("要求在{a}留下势力标志,但海域不能放置势力标志"),
            Unfulfilled::FortifyNoOrder => {
                format!("要求在{a}修建防御工事,但{a}的巩固统治命令已不存在,未修建")
            }
            Unfulfilled::SwordUnused => {
                format!("把瓦雷利亚钢剑指定给{a}的部队,但该部队本回合没有直接参战,钢剑未使用")
            }
            Unfulfilled::SwordAgainstNeutral => {
                format!(
                    "把瓦雷利亚钢剑指定给{a}的部队,该部队参战了,但进攻中立家族不能使用瓦雷利亚钢剑,钢剑未使用"
                )
            }
            Unfulfilled::SupportRouted => {
                format!("在{a}的支援命令:{a}的部队都是败兵,不提供支援")
            }
            Unfulfilled::RaidNoTarget => {
                format!("在{a}的突袭命令:执行方案没有给出突袭目标,未执行")
            }
            Unfulfilled::MarchNotInPlan => {
                format!("在{a}的行军命令:执行方案中没有这一步,部队原地不动")
            }
            Unfulfilled::DowngradeAtCap(k) => format!(
                "要求把{a}的骑士降级为{},但{}已全部在场,整个选择作废,按默认方式降级",
                k.name_zh(),
                k.name_zh()
            ),
        };
        format!("未执行:{h}{what}({rule})。")
    } else {
        let what = match why {
            Unfulfilled::TokenNoneInHand => format!(
                "a power token to leave in {a}, but no token was in hand when the units left"
            ),
            Unfulfilled::TokenUnitsStayed => format!(
                "a power token to leave in {a}, but units of the house are still there; the token stays in hand"
            ),
            Unfulfilled::TokenNotMoved => format!(
                "a power token to leave in {a}, but the units did not leave {a}; the token stays in hand"
            ),
            Unfulfilled::TokenAtSea => {
                format!("a power token to leave in {a}, but tokens are never put on a sea")
            }
            Unfulfilled::FortifyNoOrder => format!(
                "a fortification in {a}, but the consolidate order there is gone; nothing was built"
            ),
            Unfulfilled::SwordUnused => format!(
                "the sword for the army in {a}, but that army fought no battle of its own; the sword was not used"
            ),
            Unfulfilled::SwordAgainstNeutral => format!(
                "the sword for the army in {a}: that army fought, but the sword is never used against neutral forces; the sword was not used"
            ),
            Unfulfilled::SupportRouted => {
                format!("support from {a}, but every unit there is routed and gives no support")
            }
            Unfulfilled::RaidNoTarget => {
                format!("a raid from {a}, but the plan gives it no target; it is not executed")
            }
            Unfulfilled::MarchNotInPlan => {
                format!("a march from {a}, but the plan has no step for it; its units stay")
            }
            Unfulfilled::DowngradeAtCap(k) => format!(
                "the knight in {a} downgraded to a {}, but every {} is already on the map; the whole choice gives way to the defaults",
                k.name_en(),
                k.name_en()
            ),
        };
        format!("Not carried out: {h} asked for {what} ({rule}).")
    }
}
