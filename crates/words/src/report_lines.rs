//! Short pieces of a step's report: the revealed orders of a house (one-time orders included),
//! the Raven's change, lists, the subject line.

use crate::{Named, Spelling};
use maester_board::{AreaId, Board, Lang, Order};
use maester_rules::optional::one_time;

/// A revealed one-time order: `高庭 招募(一次性命令)`, `三塔堡 浮桥 到 亲王隘口(一次性命令)`.
pub fn one_time_order(board: &Board, a: AreaId, p: &one_time::PlacedOneTime, lang: Lang) -> String {
    let name = board.area(a).name(lang);
    let bank = one_time::pontoon_bank(board, a, p.bank)
        .filter(|_| p.kind == one_time::OneTimeKind::Pontoon);
    match (lang, bank) {
        (Lang::Zh, Some(b)) => format!(
            "{name} {} 到 {}(一次性命令)",
            p.kind.name(lang),
            board.area(b).name(lang)
        ),
        (Lang::Zh, None) => format!("{name} {}(一次性命令)", p.kind.name(lang)),
        (Lang::En, Some(b)) => format!(
            "{name} {} to {} (one-time order)",
            p.kind.name(lang),
            board.area(b).name(lang)
        ),
        (Lang::En, None) => format!("{name} {} (one-time order)", p.kind.name(lang)),
    }
}

/// A house's revealed orders, or that it has none.
pub fn orders(list: &[String], lang: Lang) -> String {
    match (list.is_empty(), lang) {
        (true, Lang::Zh) => "(无命令)".into(),
        (true, Lang::En) => "(no orders)".into(),
        (false, Lang::Zh) => list.join(";"),
        (false, Lang::En) => list.join("; "),
    }
}

/// The Raven holder changed one order (004:L1704).
pub fn raven_used(house: &str, area: &str, old: Order, new: Order, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!(
            "{house}使用信鸦,把{area}的{}改为{}(004:L1704)。",
            old.name_zh(),
            new.name_zh()
        ),
        Lang::En => format!(
            "{house} used the Raven: {area} {} became {} (004:L1704).",
            old.name_en(),
            new.name_en()
        ),
    }
}

/// A list of names: `A、B` / `A, B`.
pub fn list(items: &[String], lang: Lang) -> String {
    items.join(match lang {
        Lang::Zh => "、",
        Lang::En => ", ",
    })
}

/// The report's subject: the game, the round and the steps it closes.
pub fn subject(game: &str, round: u8, closed: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("[{game}] 第{round}回合 {closed}结果"),
        Lang::En => format!("[{game}] round {round}: {closed} results"),
    }
}

/// The first line of a report re-issued after a rollback: which report it replaces (its round,
/// its step, when it was sent) and the GM's reason.
pub fn correction(round: u32, step: &str, sent: &str, reason: &str, lang: Lang) -> String {
    let reason = reason.trim();
    match (lang, reason.is_empty()) {
        (Lang::Zh, false) => format!(
            "【更正】本报告取代 {sent} 发出的第{round}回合{step}结果报告,那一份作废。原因(GM):{reason}"
        ),
        (Lang::Zh, true) => format!(
            "【更正】本报告取代 {sent} 发出的第{round}回合{step}结果报告,那一份作废(GM回滚了这一步)。"
        ),
        (Lang::En, false) => format!(
            "[Correction] This report replaces the round {round} {step} report sent {sent}; disregard that one. The GM's reason: {reason}"
        ),
        (Lang::En, true) => format!(
            "[Correction] This report replaces the round {round} {step} report sent {sent}; disregard that one (the GM rolled the step back)."
        ),
    }
}

/// A correction's subject: the report's subject marked 更正 / correction.
pub fn correction_subject(subject: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("【更正】{subject}"),
        Lang::En => format!("[Correction] {subject}"),
    }
}
