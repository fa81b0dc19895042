//! The answer to a what-if (`试算` / `what if`): a player's orders tried against what he
//! assumes of the others, answered to him alone. Every sentence of it lives here; the shell
//! hands the data (the tried log, the houses, the errors) and sends the text.

use crate::economy::Describe;
use crate::log::units;
use maester_board::{AreaId, Board, HouseId, Lang, Order};
use maester_lang::what_if::AssumeError;
use maester_rules::log::Event;
use maester_rules::log_events::EconomyEvent;
use maester_rules::{GameState, Step};

/// The subject of the answer: `Re: [game] 试算` / `Re: [game] what if`.
pub fn subject(lang: Lang, game: &str) -> String {
    match lang {
        Lang::Zh => format!("Re: [{game}] 试算"),
        Lang::En => format!("Re: [{game}] what if"),
    }
}

/// The answer's first line: nothing was submitted.
pub fn nothing_submitted(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "这只是试算:什么也没有提交,你的命令和方案仍是原来那份(没有就是还没交)。",
        Lang::En => {
            "This is only a what-if: nothing was submitted; your orders and plan on file are unchanged (if you sent none, you still have to)."
        }
    }
}

/// The greeting line, before the first line.
pub fn greeting(player: &str, house: &str, round: u8, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{player}({house}),第{round}轮的试算结果如下。"),
        Lang::En => format!("{player} ({house}), your what-if for round {round}:"),
    }
}

/// A what-if in a step that has no military phase ahead of it.
pub fn not_in_step(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "试算只能在布置命令、信鸦和执行方案三个阶段进行;现在不是这三个阶段,没有试算。",
        Lang::En => {
            "A what-if can be asked only in the placement, Raven and plan steps; the open step is none of them, so nothing was tried."
        }
    }
}

/// The house has asked all the what-ifs a step allows.
pub fn limit_reached(limit: u32, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("这一阶段你已试算了{limit}次,达到上限;下一阶段可以再试。没有试算。"),
        Lang::En => format!(
            "You have asked {limit} what-ifs in this step, the most it allows; you may ask again in the next step. Nothing was tried."
        ),
    }
}

/// The mail's errors, before the lines: nothing was tried.
pub fn errors_head(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "以下各行有误,没有试算。改正后再发一次“试算”即可:",
        Lang::En => {
            "These lines have errors, so nothing was tried. Fix them and send the what-if again:"
        }
    }
}

/// One error line: its line number, its text, what is wrong.
pub fn error_line(line: usize, text: &str, message: &str, lang: Lang) -> String {
    match (lang, line) {
        (Lang::Zh, 0) => format!("  {message}"),
        (Lang::En, 0) => format!("  {message}"),
        (Lang::Zh, _) => format!("  第{line}行「{}」:{message}", text.trim()),
        (Lang::En, _) => format!("  line {line} \"{}\": {message}", text.trim()),
    }
}

/// The lines that are no orders and were ignored (line, text), as the order answers list them;
/// nothing when there are none.
pub fn ignored(lines: &[(usize, String)], lang: Lang) -> Vec<String> {
    if lines.is_empty() {
        return Vec::new();
    }
    let mut out = vec![String::new()];
    out.push(match lang {
        Lang::Zh => "以下几行不是命令,已忽略:".to_string(),
        Lang::En => "These lines are no orders and were ignored:".to_string(),
    });
    out.extend(lines.iter().map(|(n, t)| match lang {
        Lang::Zh => format!("  第{n}行:{}", t.trim()),
        Lang::En => format!("  line {n}: {}", t.trim()),
    }));
    out
}

/// Why a what-if line was not read (an `假设` / `assume` line, a look at the deck), as a
/// sentence.
pub fn assume_error(e: &AssumeError, lang: Lang) -> String {
    match (e, lang) {
        (AssumeError::UnknownHouse(n), Lang::Zh) => {
            format!("没有叫“{n}”的家族;写法是“假设 家族名: 命令或方案”。")
        }
        (AssumeError::UnknownHouse(n), Lang::En) => {
            format!("no house is called \"{n}\"; write \"assume <house>: <orders or plan>\".")
        }
        (AssumeError::OwnHouse, Lang::Zh) => "这是你自己的家族:你的命令直接写,不用“假设”。".into(),
        (AssumeError::OwnHouse, Lang::En) => {
            "this is your own house: write your own lines without \"assume\".".into()
        }
        (AssumeError::Empty, Lang::Zh) => "冒号后面没有命令或方案。".into(),
        (AssumeError::Empty, Lang::En) => "nothing follows the colon.".into(),
        (AssumeError::LooksAtDeck, Lang::Zh) => {
            "试算不能查看牌堆:野人牌和事件牌都不公开,试算只用公开的局面和你写的行。要真正查看,请照常发送(不写“试算”)。".into()
        }
        (AssumeError::LooksAtDeck, Lang::En) => {
            "a what-if cannot look at the deck: the wildling and event cards are not public, and a what-if uses only the public position and your lines. To look for real, send it as usual (without \"what if\").".into()
        }
    }
}

fn names(board: &Board, houses: &[HouseId], lang: Lang) -> String {
    let v: Vec<&str> = houses.iter().map(|h| board.house(*h).name(lang)).collect();
    match lang {
        Lang::Zh => v.join("、"),
        Lang::En => v.join(", "),
    }
}

/// Which houses were assumed, and what the others were taken to do.
pub fn assumptions(
    board: &Board,
    step: Step,
    assumed: &[HouseId],
    without: &[HouseId],
    lang: Lang,
) -> Vec<String> {
    let mut out = Vec::new();
    if !assumed.is_empty() {
        out.push(match lang {
            Lang::Zh => format!("按你的假设计算:{}。", names(board, assumed, lang)),
            Lang::En => format!(
                "Tried with your assumptions for: {}.",
                names(board, assumed, lang)
            ),
        });
    }
    if without.is_empty() {
        return out;
    }
    let w = names(board, without, lang);
    out.push(match (step, lang) {
        (Step::Placement, Lang::Zh) => format!("没有假设的家族按没有命令计算:{w}。"),
        (Step::Placement, Lang::En) => {
            format!("Houses you assumed nothing of were taken to place no orders: {w}.")
        }
        (_, Lang::Zh) => format!(
            "没有假设执行方案的家族只按已公开的命令计算,不带方案(其行军和突袭不执行):{w}。"
        ),
        (_, Lang::En) => format!(
            "Houses you assumed no plan of were taken with their revealed orders and no plan (their marches and raids are not carried out): {w}."
        ),
    });
    out
}

/// The Raven holder's change a what-if tried: house, area, old order, new order.
pub type RavenUsed = (HouseId, AreaId, Order, Order);

/// The tried phase in words: the ports and fortifications the placement lines built, the
/// Raven's change, then every event with its rule, each battle with what became of both sides
/// (the report's own sentences, `economy::Describe` and `log::adjudication`).
pub fn adjudication(
    board: &Board,
    built: &[EconomyEvent],
    raven: Option<RavenUsed>,
    log: &[Event],
    lang: Lang,
) -> Vec<String> {
    let mut out = vec![match lang {
        Lang::Zh => "试算的战斗阶段:".to_string(),
        Lang::En => "The military phase, as tried:".to_string(),
    }];
    let mut lines: Vec<String> = built.iter().map(|e| e.describe(board, lang)).collect();
    lines.extend(crate::log::adjudication(board, lang, raven, log));
    if lines.is_empty() {
        out.push(match lang {
            Lang::Zh => "  (什么也没有发生:没有突袭、行军、战斗或巩固权力。)".to_string(),
            Lang::En => {
                "  (nothing happened: no raid, march, battle or consolidation.)".to_string()
            }
        });
    }
    out.extend(lines.into_iter().map(|l| format!("  {l}")));
    out
}

/// The house's own position after the tried phase: each of its areas with its units, and the
/// areas it holds with a power token only.
pub fn own_position(board: &Board, state: &GameState, house: HouseId, lang: Lang) -> Vec<String> {
    let mut out = vec![match lang {
        Lang::Zh => "试算后你的局面:".to_string(),
        Lang::En => "Your position after it:".to_string(),
    }];
    for a in board.area_ids() {
        let st = state.area(a);
        let name = board.area(a).name(lang);
        if st.house == Some(house) && !st.units.is_empty() {
            let kinds: Vec<_> = st.units.iter().map(|u| u.kind).collect();
            out.push(format!("  {name}: {}", units(&kinds, lang)));
        } else if st.token == Some(house) {
            out.push(match lang {
                Lang::Zh => format!("  {name}: 权力标记"),
                Lang::En => format!("  {name}: power token"),
            });
        }
    }
    if out.len() == 1 {
        out.push(match lang {
            Lang::Zh => "  (没有区域)".to_string(),
            Lang::En => "  (no area)".to_string(),
        });
    }
    out
}

/// `gm who`: how many what-ifs a house asked in the open step (never their content).
pub fn who_count(house: &str, n: u32, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("  {house} 本阶段试算 {n} 次"),
        Lang::En => format!(
            "  {house:<10} {} this step",
            crate::plural::count_en(n, "what-if")
        ),
    }
}

/// What the answer's picture reports (its panel's step), and its alternative text. Written
/// with the characters of the map's font subset (`crates/map` checks it).
pub fn picture_label(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "未执行的方案",
        Lang::En => "what if, not carried out",
    }
}

/// The answer's last line.
pub fn closing(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "要真正提交,请照常发送命令或方案(不写“试算”)。",
        Lang::En => "To submit for real, send your orders or plan as usual (without \"what if\").",
    }
}
