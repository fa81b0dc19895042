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

/// The Raven holder changed one order (004:L1702).
pub fn raven_used(house: &str, area: &str, old: Order, new: Order, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!(
            "{house}使用信鸦,把{area}的{}改为{}(004:L1702)。",
            old.name_zh(),
            new.name_zh()
        ),
        Lang::En => format!(
            "{house} used the Raven: {area} {} became {} (004:L1702).",
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
