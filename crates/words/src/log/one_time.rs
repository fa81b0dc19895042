//! The one-time orders of the optional rule in words (004:L2489–L2624).

use super::common::{codes, units};
use crate::Named;
use crate::economy::Describe;
use maester_board::{AreaId, Board, HouseId, Lang, UnitKind};
use maester_rules::log_events::EconomyEvent;
use maester_rules::optional::one_time::{OneTimeEvent, OneTimeKind, Waste};

/// The board and the language every sentence of this file is written with.
struct Say<'a> {
    board: &'a Board,
    lang: Lang,
    zh: bool,
}

impl Say<'_> {
    fn h(&self, x: &HouseId) -> String {
        self.board.house(*x).name(self.lang).to_string()
    }

    fn a(&self, x: &AreaId) -> String {
        self.board.area(*x).name(self.lang).to_string()
    }

    fn k(&self, kind: &OneTimeKind) -> &'static str {
        kind.name(self.lang)
    }
}

/// One one-time event as a sentence.
pub fn describe(board: &Board, lang: Lang, e: &OneTimeEvent) -> String {
    let s = Say {
        board,
        lang,
        zh: lang == Lang::Zh,
    };
    match e {
        OneTimeEvent::Raided {
            house,
            from,
            target,
            victim,
            kind,
            plunder,
        } => raided(&s, (house, from), (victim, target), kind, *plunder),
        OneTimeEvent::Cancelled {
            by,
            victim,
            area,
            kind,
        } => cancelled(&s, by, victim, area, kind),
        OneTimeEvent::Wasted {
            house,
            area,
            kind,
            why,
        } => wasted(&s, house, area, kind, why),
        OneTimeEvent::Caravan {
            house,
            area,
            barrels,
        } => caravan(&s, house, area, *barrels),
        OneTimeEvent::Recruited { house, area, log } => recruited(&s, house, area, log),
        OneTimeEvent::ForcedMarch { house, area, from } => forced_march(&s, house, area, from),
    }
}

/// A raid (the raider and where from, the victim and its area) that also removed a one-time
/// order, with the plunder if any.
fn raided(
    s: &Say,
    (house, from): (&HouseId, &AreaId),
    (victim, target): (&HouseId, &AreaId),
    kind: &OneTimeKind,
    plunder: u8,
) -> String {
    match (s.zh, plunder) {
        (true, 0) => format!(
            "突袭:{}从{}突袭{},一并移除{}的一次性命令{}(004:L2549, A-40)。",
            s.h(house),
            s.a(from),
            s.a(target),
            s.h(victim),
            s.k(kind)
        ),
        (true, n) => format!(
            "突袭:{}从{}突袭{},一并移除{}的一次性命令{},再掠夺{n}个势力标志(004:L2528, T-13)。",
            s.h(house),
            s.a(from),
            s.a(target),
            s.h(victim),
            s.k(kind)
        ),
        (false, 0) => format!(
            "Raid: {} raids {} from {}, also removing {}'s one-time order {} (004:L2549, A-40).",
            s.h(house),
            s.a(target),
            s.a(from),
            s.h(victim),
            s.k(kind)
        ),
        (false, n) => format!(
            "Raid: {} raids {} from {}, also removing {}'s one-time order {} and plundering {n} more power token (004:L2528, T-13).",
            s.h(house),
            s.a(target),
            s.a(from),
            s.h(victim),
            s.k(kind)
        ),
    }
}

/// Asha cancelled a one-time order.
fn cancelled(s: &Say, by: &HouseId, victim: &HouseId, area: &AreaId, kind: &OneTimeKind) -> String {
    if s.zh {
        format!(
            "阿莎:{}取消{}在{}的一次性命令{}(004:L2530, A-18)。",
            s.h(by),
            s.h(victim),
            s.a(area),
            s.k(kind)
        )
    } else {
        format!(
            "Asha: {} cancels {}'s one-time order {} in {} (004:L2530, A-18).",
            s.h(by),
            s.h(victim),
            s.k(kind),
            s.a(area)
        )
    }
}

/// A one-time order that came to nothing, and why.
fn wasted(s: &Say, house: &HouseId, area: &AreaId, kind: &OneTimeKind, why: &Waste) -> String {
    let (zh_why, en_why) = match why {
        Waste::AreaLeft => (
            "本回合军事阶段中该区域曾没有本家族的部队(004:L2569)",
            "the area was without the house's units at some moment of the phase (004:L2569)",
        ),
        Waste::NothingGathered => (
            "执行前该区域已没有本家族的部队(004:L2598, A-78)",
            "the area was emptied before it ran (004:L2598, A-78)",
        ),
        Waste::NoRecruitPlan => (
            "执行方案中没有招募计划(004:L2625)",
            "the plan has no recruit plan (004:L2625)",
        ),
    };
    if s.zh {
        format!(
            "一次性命令:{}在{}的{}作废,{};仍视为已经使用(004:L2518)。",
            s.h(house),
            s.a(area),
            s.k(kind),
            zh_why
        )
    } else {
        format!(
            "One-time order: {}'s {} in {} comes to nothing, {}; it still counts as used (004:L2518).",
            s.h(house),
            s.k(kind),
            s.a(area),
            en_why
        )
    }
}

/// A supply caravan: the barrels it adds from next round, or nothing.
fn caravan(s: &Say, house: &HouseId, area: &AreaId, barrels: u8) -> String {
    match (s.zh, barrels) {
        (true, 0) => format!(
            "补给车:{}的有效木桶数已经计入{}的木桶,补给车没有增加(A-79)。",
            s.h(house),
            s.a(area)
        ),
        (false, 0) => format!(
            "Supply Caravan: {}'s effective barrels already count {}; the caravan adds nothing (A-79).",
            s.h(house),
            s.a(area)
        ),
        (true, _) => format!(
            "补给车:{}在{}的补给车成功,下回合开始时有效木桶数+{barrels}(004:L2576–L2580)。",
            s.h(house),
            s.a(area)
        ),
        (false, _) => format!(
            "Supply Caravan: {}'s caravan in {} succeeds: +{barrels} effective barrels from the start of next round (004:L2576–L2580).",
            s.h(house),
            s.a(area)
        ),
    }
}

/// A recruit order and what it mustered.
fn recruited(s: &Say, house: &HouseId, area: &AreaId, log: &[EconomyEvent]) -> String {
    let parts: Vec<String> = log.iter().map(|e| e.describe(s.board, s.lang)).collect();
    if s.zh {
        format!(
            "招募:{}从{}征兵(004:L2563, A-80):{}。",
            s.h(house),
            s.a(area),
            if parts.is_empty() {
                "没有征到部队".to_string()
            } else {
                parts.join(";")
            }
        )
    } else {
        format!(
            "Recruit: {} musters from {} (004:L2563, A-80): {}.",
            s.h(house),
            s.a(area),
            if parts.is_empty() {
                "nothing mustered".to_string()
            } else {
                parts.join("; ")
            }
        )
    }
}

/// A forced march and the units it gathered, area by area.
fn forced_march(
    s: &Say,
    house: &HouseId,
    area: &AreaId,
    from: &[(AreaId, Vec<UnitKind>)],
) -> String {
    let list: Vec<String> = from
        .iter()
        .map(|(x, u)| {
            if s.zh {
                format!("{}{}", s.a(x), codes(u))
            } else {
                format!("{} from {}", units(u, s.lang), s.a(x))
            }
        })
        .collect();
    if s.zh {
        format!(
            "强行军:{}把{}集结到{}(004:L2591, A-78)。",
            s.h(house),
            list.join("、"),
            s.a(area)
        )
    } else {
        format!(
            "Forced March: {} gathers {} into {} (004:L2591, A-78).",
            s.h(house),
            list.join(", "),
            s.a(area)
        )
    }
}
