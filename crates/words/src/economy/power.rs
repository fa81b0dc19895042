//! 势力标志 The sentences of power tokens gained and spent: Game of Thrones income
//! (权力游戏, 004:L902, A-73) and every payment of tokens (bids, ports, fortifications,
//! Melisandre).

use super::{EconomyEvent, SpendReason, Words};

/// The sentence of an entry of this chapter, `None` for another chapter's entry.
pub(super) fn text(e: &EconomyEvent, w: &Words) -> Option<String> {
    use EconomyEvent::*;
    let lang = w.lang;
    let zh = lang == maester_board::Lang::Zh;
    Some(match e {
        PowerGained {
            house,
            gained,
            lost_to_cap,
            ..
        } if zh => {
            let cap = if *lost_to_cap > 0 {
                format!(",另有{lost_to_cap}个因20个上限作废(A-73)")
            } else {
                String::new()
            };
            format!(
                "{}获得{gained}个势力标志(权力游戏,004:L902){cap}",
                w.h(house)
            )
        }
        PowerGained {
            house,
            gained,
            lost_to_cap,
            ..
        } => {
            let cap = if *lost_to_cap > 0 {
                format!("; {lost_to_cap} more lost to the cap of 20 (A-73)")
            } else {
                String::new()
            };
            format!(
                "{} gains {} (Game of Thrones, 004:L902){cap}",
                w.h(house),
                crate::plural::count_en(*gained, "power token")
            )
        }
        PowerSpent { house, n, why } => {
            let (wz, we) = match why {
                SpendReason::ClashOfKings => {
                    ("诸王争霸出价,004:L1155", "Clash of Kings bids, 004:L1155")
                }
                SpendReason::Wildlings => ("抵御野人出价,004:L1110", "wildling bid, 004:L1110"),
                SpendReason::Port => ("建造临时港口,004:L1036", "temporary port, 004:L1036"),
                SpendReason::Fortification => (
                    "交回上回合巩固统治收益换取防御工事;A-58",
                    "last round's consolidate income paid back for a fortification; A-58",
                ),
                SpendReason::Melisandre => (
                    "红袍女的战胜奖励,004:L2463",
                    "Melisandre's reward, 004:L2463",
                ),
            };
            if zh {
                format!("{}花费{n}个势力标志({wz})", w.h(house))
            } else {
                format!(
                    "{} spends {} ({we})",
                    w.h(house),
                    crate::plural::count_en(*n, "power token")
                )
            }
        }
        ThroneIncome {
            house,
            crowns,
            ports,
        } if zh => format!(
            "权力游戏:{}的领土有{crowns}个王冠,{ports}个通商港口(004:L902)",
            w.h(house)
        ),
        ThroneIncome {
            house,
            crowns,
            ports,
        } => format!(
            "Game of Thrones: {} holds {crowns} crowns and {ports} trading ports (004:L902)",
            w.h(house)
        ),
        _ => return None,
    })
}
