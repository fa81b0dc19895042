//! The one-time orders of the optional rule in words (004:L2489–L2624).

use super::common::{codes, units};
use crate::Named;
use crate::board::{Board, Lang};
use crate::economy::Describe;
use crate::rules::one_time::{OneTimeEvent, Waste};

/// One one-time event as a sentence.
pub fn describe(board: &Board, lang: Lang, e: &OneTimeEvent) -> String {
    let zh = lang == Lang::Zh;
    let h = |x: &crate::board::HouseId| board.house(*x).name(lang).to_string();
    let a = |x: &crate::board::AreaId| board.area(*x).name(lang).to_string();
    match e {
        OneTimeEvent::Raided {
            house,
            from,
            target,
            victim,
            kind,
            plunder,
        } => match (zh, *plunder) {
            (true, 0) => format!(
                "突袭:{}从{}突袭{},一并移除{}的一次性命令{}(004:L2545, A-40)。",
                h(house),
                a(from),
                a(target),
                h(victim),
                kind.name(lang)
            ),
            (true, n) => format!(
                "突袭:{}从{}突袭{},一并移除{}的一次性命令{},再掠夺{n}个势力标志(004:L2528, T-13)。",
                h(house),
                a(from),
                a(target),
                h(victim),
                kind.name(lang)
            ),
            (false, 0) => format!(
                "Raid: {} raids {} from {}, also removing {}'s one-time order {} (004:L2545, A-40).",
                h(house),
                a(target),
                a(from),
                h(victim),
                kind.name(lang)
            ),
            (false, n) => format!(
                "Raid: {} raids {} from {}, also removing {}'s one-time order {} and plundering {n} more power token (004:L2528, T-13).",
                h(house),
                a(target),
                a(from),
                h(victim),
                kind.name(lang)
            ),
        },
        OneTimeEvent::Cancelled {
            by,
            victim,
            area,
            kind,
        } if zh => format!(
            "阿莎:{}取消{}在{}的一次性命令{}(004:L2530, A-18)。",
            h(by),
            h(victim),
            a(area),
            kind.name(lang)
        ),
        OneTimeEvent::Cancelled {
            by,
            victim,
            area,
            kind,
        } => format!(
            "Asha: {} cancels {}'s one-time order {} in {} (004:L2530, A-18).",
            h(by),
            h(victim),
            kind.name(lang),
            a(area)
        ),
        OneTimeEvent::Wasted {
            house,
            area,
            kind,
            why,
        } => {
            let (zh_why, en_why) = match why {
                Waste::AreaLeft => (
                    "本回合军事阶段中该区域曾没有本家族的部队(004:L2568)",
                    "the area was without the house's units at some moment of the phase (004:L2568)",
                ),
                Waste::NothingGathered => (
                    "执行前该区域已没有本家族的部队(004:L2597, A-78)",
                    "the area was emptied before it ran (004:L2597, A-78)",
                ),
                Waste::NoRecruitPlan => (
                    "执行方案中没有招募计划(004:L2620)",
                    "the plan has no recruit plan (004:L2620)",
                ),
            };
            if zh {
                format!(
                    "一次性命令:{}在{}的{}作废,{};仍视为已经使用(004:L2518)。",
                    h(house),
                    a(area),
                    kind.name(lang),
                    zh_why
                )
            } else {
                format!(
                    "One-time order: {}'s {} in {} comes to nothing, {}; it still counts as used (004:L2518).",
                    h(house),
                    kind.name(lang),
                    a(area),
                    en_why
                )
            }
        }
        OneTimeEvent::Caravan {
            house,
            area,
            barrels: 0,
        } if zh => format!(
            "补给车:{}的有效木桶数已经计入{}的木桶,补给车没有增加(A-79)。",
            h(house),
            a(area)
        ),
        OneTimeEvent::Caravan {
            house,
            area,
            barrels: 0,
        } => format!(
            "Supply Caravan: {}'s effective barrels already count {}; the caravan adds nothing (A-79).",
            h(house),
            a(area)
        ),
        OneTimeEvent::Caravan {
            house,
            area,
            barrels,
        } if zh => format!(
            "补给车:{}在{}的补给车成功,下回合开始时有效木桶数+{barrels}(004:L2576–L2580)。",
            h(house),
            a(area)
        ),
        OneTimeEvent::Caravan {
            house,
            area,
            barrels,
        } => format!(
            "Supply Caravan: {}'s caravan in {} succeeds: +{barrels} effective barrels from the start of next round (004:L2576–L2580).",
            h(house),
            a(area)
        ),
        OneTimeEvent::Recruited { house, area, log } => {
            let parts: Vec<String> = log.iter().map(|e| e.describe(board, lang)).collect();
            if zh {
                format!(
                    "招募:{}从{}征兵(004:L2558, A-80):{}。",
                    h(house),
                    a(area),
                    if parts.is_empty() {
                        "没有征到部队".to_string()
                    } else {
                        parts.join(";")
                    }
                )
            } else {
                format!(
                    "Recruit: {} musters from {} (004:L2558, A-80): {}.",
                    h(house),
                    a(area),
                    if parts.is_empty() {
                        "nothing mustered".to_string()
                    } else {
                        parts.join("; ")
                    }
                )
            }
        }
        OneTimeEvent::ForcedMarch { house, area, from } => {
            let list: Vec<String> = from
                .iter()
                .map(|(x, u)| {
                    if zh {
                        format!("{}{}", a(x), codes(u))
                    } else {
                        format!("{} from {}", units(u, lang), a(x))
                    }
                })
                .collect();
            if zh {
                format!(
                    "强行军:{}把{}集结到{}(004:L2591, A-78)。",
                    h(house),
                    list.join("、"),
                    a(area)
                )
            } else {
                format!(
                    "Forced March: {} gathers {} into {} (004:L2591, A-78).",
                    h(house),
                    list.join(", "),
                    a(area)
                )
            }
        }
    }
}
