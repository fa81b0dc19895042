//! 野人入侵 The sentences of a wildling attack: bids, the outcome, the reward and the
//! penalties (004:L1106–L1141, A-65, A-66).

use super::{EconomyEvent, Words, unit};
use crate::event_text::PenaltyText;

/// The sentence of an entry of this chapter, `None` for another chapter's entry.
pub(super) fn text(e: &EconomyEvent, w: &Words) -> Option<String> {
    use EconomyEvent::*;
    let lang = w.lang;
    let zh = lang == maester_board::Lang::Zh;
    Some(match e {
        WildlingBid {
            house,
            bid,
            default,
        } => {
            let d = match (default, zh) {
                (true, true) => "(未提交:出价0;A-26)",
                (true, false) => " (not sent: a bid of 0; A-26)",
                (false, true) => "(004:L1106)",
                (false, false) => " (004:L1106)",
            };
            if zh {
                format!("{}抵御野人出价{bid}{d}", w.h(house))
            } else {
                format!("{} bids {bid} against the wildlings{d}", w.h(house))
            }
        }
        WildlingOutcome {
            strength,
            total,
            watch_won: true,
        } if zh => format!("出价合计{total}≥野人战斗力{strength}:守夜人军团获胜(004:L1108)"),
        WildlingOutcome {
            strength,
            total,
            watch_won: true,
        } => format!(
            "bids total {total} ≥ wildling strength {strength}: the Night's Watch wins (004:L1108)"
        ),
        WildlingOutcome {
            strength, total, ..
        } if zh => format!("出价合计{total}<野人战斗力{strength}:野人获胜(004:L1108)"),
        WildlingOutcome {
            strength, total, ..
        } => format!(
            "bids total {total} < wildling strength {strength}: the wildlings win (004:L1108)"
        ),
        WildlingsReset if zh => "野人入侵之后,野人战斗力归0(004:L1139)".into(),
        WildlingsReset => "after the attack the wildling strength returns to 0 (004:L1139)".into(),
        WildlingRewardTo {
            house,
            tie_by,
            default,
        } => tie_text(zh, &w.h(house), tie_by.map(|k| w.h(&k)), *default, true),
        WildlingWorst {
            house,
            tie_by,
            default,
        } => tie_text(zh, &w.h(house), tie_by.map(|k| w.h(&k)), *default, false),
        WildlingRewardLapsed { house } if zh => {
            format!("{}没有选择有效的守夜人奖励,奖励作废(A-26)", w.h(house))
        }
        WildlingRewardLapsed { house } => format!(
            "{} chose no valid Night's Watch reward; it lapses (A-26)",
            w.h(house)
        ),
        WildlingPenalty { penalty } if zh => format!("野人获胜:{}", penalty.describe(lang)),
        WildlingPenalty { penalty } => format!("the wildlings win: {}", penalty.describe(lang)),
        SpecialOrdersBanned { round } if zh => {
            format!("第{round}回合所有玩家不能使用特殊军事命令(004:L1132)")
        }
        SpecialOrdersBanned { round } => {
            format!("nobody may use special orders in round {round} (004:L1132)")
        }
        Downgraded { house, area, to } if zh => format!(
            "{}在{}把1个骑士降级为{}(004:L1131)",
            w.h(house),
            w.a(area),
            unit(*to, lang)
        ),
        Downgraded { house, area, to } => format!(
            "{} downgrades a knight in {} to a {} (004:L1131)",
            w.h(house),
            w.a(area),
            unit(*to, lang)
        ),
        TrackDropped {
            house,
            track,
            from,
            default,
        } => {
            let d = match (default, zh) {
                (true, true) => "(未选择:取默认;A-66)",
                (true, false) => " (no choice: the default; A-66)",
                _ => "",
            };
            if zh {
                format!(
                    "{}在{}的排名从第{from}名降为最后一名(004:L1132){d}",
                    w.h(house),
                    w.t(track)
                )
            } else {
                format!(
                    "{} drops from rank {from} to last on the {} (004:L1132){d}",
                    w.h(house),
                    w.t(track)
                )
            }
        }
        _ => return None,
    })
}

fn tie_text(zh: bool, house: &str, king: Option<String>, default: bool, reward: bool) -> String {
    match (king, default, reward, zh) {
        (None, _, true, true) => format!("{house}出价最高,获得守夜人奖励(004:L1114)"),
        (None, _, true, false) => {
            format!("{house} bid most and takes the Night's Watch reward (004:L1114)")
        }
        (None, _, false, true) => format!("{house}出价最少,蒙受额外损失(004:L1126)"),
        (None, _, false, false) => format!("{house} bid least and suffers more (004:L1126)"),
        (Some(k), false, true, true) => {
            format!("出价最高者并列,维斯特洛之王{k}指定{house}获得奖励(004:L1122)")
        }
        (Some(k), false, true, false) => {
            format!("highest bids tied; the King, {k}, names {house} for the reward (004:L1122)")
        }
        (Some(k), false, false, true) => {
            format!("出价最少者并列,维斯特洛之王{k}指定{house}蒙受额外损失(004:L1126)")
        }
        (Some(k), false, false, false) => {
            format!("lowest bids tied; the King, {k}, names {house} to suffer more (004:L1126)")
        }
        (Some(k), true, true, true) => {
            format!("出价最高者并列,{k}未裁决,由铁王座排名最高的{house}获得奖励(A-65)")
        }
        (Some(k), true, true, false) => format!(
            "highest bids tied and {k} did not decide: {house}, highest on the Iron Throne, takes the reward (A-65)"
        ),
        (Some(k), true, false, true) => {
            format!("出价最少者并列,{k}未裁决,由铁王座排名最低的{house}蒙受额外损失(A-65)")
        }
        (Some(k), true, false, false) => format!(
            "lowest bids tied and {k} did not decide: {house}, lowest on the Iron Throne, suffers more (A-65)"
        ),
    }
}
