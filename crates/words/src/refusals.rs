//! A refused submission in the player's words: each error with the lines of the mail it is
//! about (a count or a limit error quotes every line that counts toward it), the change that
//! fixes it where there is one, and which lines were fine. An error about a part of the mail
//! the mail has no line of says so, with a line to copy where there is one (`no_line`). Used
//! by the answer to a mail, by a submission the GM enters and by `maester check`.

use crate::Spelling;
use crate::plural::count_en;
use crate::rule_text::RuleText;
use maester_board::{Board, Lang, Order, OrderType};
use maester_game::{EventProblem, SubmissionError};
use maester_lang::submit::{ErrorLine, ParsedMail, QuotedLine};
use maester_rules::event_phase::bidding::BidError;
use maester_rules::event_phase::economy::SupplyError;
use maester_rules::optional::one_time::OneTimeError;
use maester_rules::planning::placement::PlacementError;

mod no_line;
pub use no_line::disband_line;

/// Every error of a refused submission, each quoting its lines, sorted by line.
pub fn submission_errors(
    board: &Board,
    e: &SubmissionError,
    lang: Lang,
    parsed: &ParsedMail,
) -> Vec<ErrorLine> {
    let mut out: Vec<ErrorLine> = match e {
        SubmissionError::WrongStep { open, sent } => vec![ErrorLine {
            message: crate::whole_mail::wrong_step(*open, *sent, lang),
            ..ErrorLine::default()
        }],
        SubmissionError::Plan(errs) => errs
            .iter()
            .map(|p| {
                let lines = parsed.lines_of_plan_error(p);
                let fix = match (lines.is_empty(), p.area()) {
                    (true, Some(a)) => no_line::naming(board.area(a).name(lang), lang),
                    _ => String::new(),
                };
                quoted(lines, p.message(board, lang), &fix)
            })
            .collect(),
        SubmissionError::Event(errs) => errs
            .iter()
            .map(|p| {
                let lines = parsed.lines_of_event_problem(p);
                let fix = if lines.is_empty() {
                    no_line::of_part(board, p, lang)
                } else {
                    event_fix(p, lang)
                };
                quoted(lines, p.message(board, lang), &fix)
            })
            .collect(),
        SubmissionError::Placement(errs) => errs
            .iter()
            .map(|p| {
                let lines = parsed.lines_of_placement_error(p);
                let fix = placement_fix(p, lines.len(), lang);
                quoted(lines, p.message(board, lang), &fix)
            })
            .collect(),
    };
    out.sort_by_key(|e| e.line);
    out
}

/// An error quoting `lines` (the first as its line, the others after it).
fn quoted(lines: Vec<(usize, String)>, message: String, fix: &str) -> ErrorLine {
    let mut it = lines.into_iter();
    let (line, text) = it.next().unwrap_or_default();
    ErrorLine {
        line,
        column: 0,
        text,
        message,
        also: it.map(|(line, text)| QuotedLine { line, text }).collect(),
        fix: fix.to_string(),
    }
}

/// "remove N … orders" in a language; `what` is already in that language.
fn remove(n: usize, what: &str, lang: Lang) -> String {
    let n = n.max(1);
    match lang {
        Lang::Zh => format!("去掉{n}条{what}命令。"),
        Lang::En => format!("remove {}.", count_en(n as i64, &format!("{what} order"))),
    }
}

fn order_name(o: Order, lang: Lang) -> String {
    match lang {
        Lang::Zh => o.name_zh(),
        Lang::En => o.name_en(),
    }
}

fn normal_name(k: OrderType, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("普通{}", k.name_zh()),
        Lang::En => format!("normal {}", k.name_en()),
    }
}

/// The fix of a placement error quoting `count` lines, "" when the error has no one fix.
fn placement_fix(e: &PlacementError, count: usize, lang: Lang) -> String {
    let special = |k: OrderType| {
        order_name(
            Order {
                kind: k,
                special: true,
            },
            lang,
        )
    };
    match e {
        PlacementError::TooMany(k, limit) => remove(
            count.saturating_sub(*limit as usize),
            &normal_name(*k, lang),
            lang,
        ),
        PlacementError::TooManySpecial { allowed, .. } => {
            let what = match lang {
                Lang::Zh => "特殊",
                Lang::En => "special",
            };
            let fix = remove(count.saturating_sub(*allowed as usize), what, lang);
            match lang {
                Lang::Zh => format!("{fix}(或把它改成普通命令)"),
                Lang::En => format!("{fix} (or make it a normal order)"),
            }
        }
        PlacementError::SpecialTwice(k) => remove(count.saturating_sub(1), &special(*k), lang),
        PlacementError::NoSpecial => match lang {
            Lang::Zh => "把特殊命令都改成普通命令。".into(),
            Lang::En => "make every special order a normal one.".into(),
        },
        PlacementError::EventBan(k) => match lang {
            Lang::Zh => format!("把这些{}命令改成别的命令。", k.name_zh()),
            Lang::En => format!("give these areas another order than {}.", k.name_en()),
        },
        PlacementError::TwoOrders(_) => match lang {
            Lang::Zh => "这个地区只保留一条命令。".into(),
            Lang::En => "keep one order for this area.".into(),
        },
        PlacementError::NoUnits(_) | PlacementError::RoughSeas(_) => match lang {
            Lang::Zh => "去掉这一行。".into(),
            Lang::En => "remove this line.".into(),
        },
        PlacementError::OneTime(OneTimeError::OnePerRound) => match lang {
            Lang::Zh => format!(
                "只保留一条一次性命令,去掉另外{}条。",
                count.saturating_sub(1)
            ),
            Lang::En => format!(
                "keep one one-time order and remove the other {}.",
                count.saturating_sub(1)
            ),
        },
        _ => String::new(),
    }
}

/// The fix of an event-phase problem, "" when it has no one fix.
fn event_fix(e: &EventProblem, lang: Lang) -> String {
    match (e, lang) {
        (EventProblem::Supply(SupplyError::TooMany { needed, given }), Lang::Zh) => {
            format!("只裁减{needed}个单位,去掉{}个。", given.saturating_sub(*needed))
        }
        (EventProblem::Supply(SupplyError::TooMany { needed, given }), Lang::En) => format!(
            "disband only {}: take {} off the list.",
            count_en(*needed as i64, "unit"),
            given.saturating_sub(*needed)
        ),
        (EventProblem::Supply(SupplyError::StillOver { .. }), Lang::Zh) => {
            "再裁减部队,直到每支军队都在补给上限之内(写成「裁军: 地区 兵种」)。".into()
        }
        (EventProblem::Supply(SupplyError::StillOver { .. }), Lang::En) => {
            "disband more units until every army is within the supply limit (\"disband: area unit\").".into()
        }
        (EventProblem::Bid(_, BidError::OverHand { bid, hand }), Lang::Zh) => format!(
            "出价合计不能超过手中的{hand}个势力标志:减少{}个。",
            bid.saturating_sub(*hand as u32)
        ),
        (EventProblem::Bid(_, BidError::OverHand { bid, hand }), Lang::En) => format!(
            "bid no more than the {} in hand: lower the bids by {}.",
            count_en(*hand as i64, "power token"),
            bid.saturating_sub(*hand as u32)
        ),
        (EventProblem::Bid(_, e @ BidError::OverBudget { .. }), Lang::Zh) => format!(
            "减少出价或不建造,使整封邮件少花{}个势力标志。",
            e.excess()
        ),
        (EventProblem::Bid(_, e @ BidError::OverBudget { .. }), Lang::En) => format!(
            "bid less or build less: the mail must spend {} fewer.",
            count_en(e.excess() as i64, "power token")
        ),
        _ => String::new(),
    }
}

/// "第3、4、7行没有问题。" / "Lines 3, 4 and 7 are fine.": the order lines of a refused mail no
/// error is about; "" when there are none.
pub fn fine_lines(lang: Lang, parsed: &ParsedMail, errors: &[ErrorLine]) -> String {
    let bad = |l: usize| {
        errors
            .iter()
            .any(|e| e.line == l || e.also.iter().any(|q| q.line == l))
    };
    let fine: Vec<String> = parsed
        .order_lines
        .iter()
        .map(|(l, _)| *l)
        .filter(|l| !bad(*l))
        .map(|l| l.to_string())
        .collect();
    match (fine.as_slice(), lang) {
        ([], _) => String::new(),
        (_, Lang::Zh) => format!("第{}行没有问题。", fine.join("、")),
        ([one], Lang::En) => format!("Line {one} is fine."),
        ([init @ .., last], Lang::En) => {
            format!("Lines {} and {last} are fine.", init.join(", "))
        }
    }
}
