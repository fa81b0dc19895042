//! 将领的休养 The sentences of leaders' rest and victory rewards (战胜奖励): resting, returning,
//! rewards claimed or lapsed (004:L2119–L2124, L2463, L1825, L1861, A-51–A-53).

use super::{EconomyEvent, ReturnReason, Words};

/// The sentence of an entry of this chapter, `None` for another chapter's entry.
pub(super) fn text(e: &EconomyEvent, w: &Words) -> Option<String> {
    use EconomyEvent::*;
    let lang = w.lang;
    let zh = lang == maester_board::Lang::Zh;
    Some(match e {
        LeaderRests { leader, round } if zh => {
            format!(
                "{}在第{round}回合参加了战斗,转去休养(004:L2119)",
                w.l(leader)
            )
        }
        LeaderRests { leader, round } => format!(
            "{} fought in round {round} and goes to rest (004:L2119)",
            w.l(leader)
        ),
        LeaderReturns { leader, why } => {
            let (wz, we) = match why {
                ReturnReason::ShortOfLeaders => (
                    "可用将领不足3人,已休养满一回合,004:L2122, A-51",
                    "fewer than 3 available and rested a full round, 004:L2122, A-51",
                ),
                ReturnReason::ShortAfterMelisandre => (
                    "红袍女使可用将领不足3人,004:L2124",
                    "Melisandre left fewer than 3 available, 004:L2124",
                ),
                ReturnReason::Wildlings => {
                    ("守夜人奖励,004:L1116", "Night's Watch reward, 004:L1116")
                }
                ReturnReason::Luwin => ("鲁温的战胜奖励,004:L1861", "Luwin's reward, 004:L1861"),
            };
            if zh {
                format!("{}结束休养,回到军中({wz})", w.l(leader))
            } else {
                format!("{} returns from rest ({we})", w.l(leader))
            }
        }
        RewardLapsed { house, leader } if zh => format!(
            "{}的{}战胜奖励未被有效使用,作废(A-52, A-26)",
            w.h(house),
            w.l(leader)
        ),
        RewardLapsed { house, leader } => format!(
            "{}'s reward of {} was not validly claimed and lapses (A-52, A-26)",
            w.h(house),
            w.l(leader)
        ),
        SentToRest { by, leader } if zh => {
            format!("{}的战胜奖励:{}被强制休养(004:L1825)", w.l(by), w.l(leader))
        }
        SentToRest { by, leader } => format!(
            "{}'s reward: {} is sent to rest (004:L1825)",
            w.l(by),
            w.l(leader)
        ),
        DoranSeized { house, from, track } if zh => format!(
            "道朗的战胜奖励:{}与{}交换{}排名,持有至下次诸王争霸(A-53)",
            w.h(house),
            w.h(from),
            w.t(track)
        ),
        DoranSeized { house, from, track } => format!(
            "Doran's reward: {} takes {}'s place on the {} until the next Clash of Kings (A-53)",
            w.h(house),
            w.h(from),
            w.t(track)
        ),
        DoranThroneTieBreak { house } if zh => format!(
            "本回合发生诸王争霸,道朗的奖励作废,但{}行使上一任维斯特洛之王的铁王座平局裁决权(004:L2001, A-53)",
            w.h(house)
        ),
        DoranThroneTieBreak { house } => format!(
            "Clash of Kings this round: Doran's reward lapses, but {} orders the Iron Throne ties as the previous King would (004:L2001, A-53)",
            w.h(house)
        ),
        _ => return None,
    })
}
