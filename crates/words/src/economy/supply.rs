//! 补给 The sentences of the Supply event: effective barrels recounted (004:L644), the Supply
//! Caravan (004:L2580) and units disbanded outside battle (004:L652, L1130, L1131, A-57, A-66).

use super::{DisbandReason, EconomyEvent, Words, unit};

/// The sentence of an entry of this chapter, `None` for another chapter's entry.
pub(super) fn text(e: &EconomyEvent, w: &Words) -> Option<String> {
    use EconomyEvent::*;
    let lang = w.lang;
    let zh = lang == maester_board::Lang::Zh;
    Some(match e {
        CaravanBarrels {
            house,
            area,
            from,
            to,
        } if zh => format!(
            "补给车:{}在{}的补给车生效,有效木桶数{from}→{to}(004:L2580)",
            w.h(house),
            w.a(area)
        ),
        CaravanBarrels {
            house,
            area,
            from,
            to,
        } => format!(
            "Supply Caravan: {}'s caravan in {} takes effect, effective barrels {from} → {to} (004:L2580)",
            w.h(house),
            w.a(area)
        ),
        SupplyRecount {
            house,
            before,
            after,
        } if zh => format!(
            "补给结算:{}的有效木桶数{before}→{after}(004:L644)",
            w.h(house)
        ),
        SupplyRecount {
            house,
            before,
            after,
        } => format!(
            "Supply: {}'s effective barrels {before} → {after} (004:L644)",
            w.h(house)
        ),
        Disbanded {
            house,
            area,
            unit: u,
            reason,
        } => {
            let (wz, we) = match reason {
                DisbandReason::Supply => (
                    "补给结算,玩家选择,004:L652",
                    "Supply, the player's choice, 004:L652",
                ),
                DisbandReason::SupplyDefault => (
                    "补给结算,玩家未选择,取默认裁法;A-57",
                    "Supply, the player chose nothing: the default; A-57",
                ),
                DisbandReason::SupplyHouseLeft => (
                    "补给结算,中立家族没有玩家选择,取默认裁法;004:L650, A-57",
                    "Supply, a neutral house with no player to choose: the default; 004:L650, A-57",
                ),
                DisbandReason::SupplyDefaultInvalid => (
                    "补给结算,玩家的选择无效,取默认裁法;A-57",
                    "Supply, the player's choice was invalid: the default; A-57",
                ),
                DisbandReason::Wildlings => {
                    ("野人入侵的损失,004:L1130", "wildling penalty, 004:L1130")
                }
                DisbandReason::WildlingsDefault => (
                    "野人入侵的损失,取默认;A-66",
                    "wildling penalty, the default; A-66",
                ),
                DisbandReason::KnightCannotDowngrade => (
                    "步兵和弓箭手已达上限,骑士无法降级而解散,004:L1131",
                    "footmen and archers at their caps, the knight is disbanded, 004:L1131",
                ),
            };
            if zh {
                format!(
                    "{}在{}裁撤1个{}({wz})",
                    w.h(house),
                    w.a(area),
                    unit(*u, lang)
                )
            } else {
                format!(
                    "{} disbands a {} in {} ({we})",
                    w.h(house),
                    unit(*u, lang),
                    w.a(area)
                )
            }
        }
        _ => return None,
    })
}
