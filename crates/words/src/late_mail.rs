//! A mail for a step that has closed: which step closed, what stood for the house there (what
//! it sent, or the default taken), and what the open step expects. Nothing is to be resent:
//! the step is over. And the word for a plan sent early, while the Raven step is open.

use crate::Spelling;
use maester_board::{Board, HouseId, Lang};
use maester_rules::{GameState, Step};

/// Whether a submission for `sent` arriving while `open` is open belongs to a step that has
/// closed: an earlier step of the same round, or the last round's military steps while the
/// event phase is open. A placement sent during the event phase is early (this round's
/// placement is still to come), not late.
pub fn closed(open: Step, sent: Step) -> bool {
    let at = |s: Step| Step::ALL.iter().position(|x| *x == s).unwrap_or(0);
    let event_phase = matches!(open, Step::Events | Step::EventsAnswers);
    (at(sent) < at(open) && sent != Step::Finished)
        || (event_phase && matches!(sent, Step::Raven | Step::Plan | Step::Retreat))
}

/// The round a closed step of `sent` belonged to, `open` being the step open in `round`.
pub fn closed_round(open: Step, sent: Step, round: u8) -> u8 {
    let at = |s: Step| Step::ALL.iter().position(|x| *x == s).unwrap_or(0);
    if at(sent) < at(open) {
        round
    } else {
        round.saturating_sub(1)
    }
}

/// The answer's body for a late mail: the step closed in `round`, what stood for `h` (the
/// canonical lines it sent, or `None`: the default), and the open step's request (`asks`,
/// empty when it has nothing to send) — or, `on_file`, that what it asks (a plan sent early)
/// has come already.
#[allow(clippy::too_many_arguments)]
pub fn closed_step(
    board: &Board,
    state: &GameState,
    h: HouseId,
    sent: Step,
    round: u8,
    stood: Option<&str>,
    on_file: bool,
    lang: Lang,
) -> String {
    let zh = lang == Lang::Zh;
    let name = |s: Step| if zh { s.name_zh() } else { s.name_en() };
    let head = if zh {
        format!(
            "第{round}回合的{}已经结算,这封邮件来得太晚,没有改变任何内容。",
            name(sent)
        )
    } else {
        format!(
            "The {} of round {round} has closed: this mail came too late and changed nothing.",
            name(sent)
        )
    };
    let stood = match stood {
        Some(text) if !text.trim().is_empty() => {
            let lines: String = text.lines().map(|l| format!("    {l}\n")).collect();
            if zh {
                format!("对你生效的是你之前提交的内容:\n{lines}")
            } else {
                format!("What stood for you is what you sent before:\n{lines}")
            }
        }
        _ => {
            let d = crate::asks::default_text(board, sent, h, lang);
            if zh {
                format!("你在这一步没有提交,按默认处理:{d}\n")
            } else {
                format!("You sent nothing in that step; the default was taken: {d}\n")
            }
        }
    };
    let open = state.step;
    let asks = crate::asks::what_to_send(board, state, h, lang);
    let now = match (asks.is_empty(), zh) {
        (_, true) if open == Step::Finished => "游戏已经结束。".to_string(),
        (_, false) if open == Step::Finished => "The game is over.".to_string(),
        (true, true) => format!("现在是{},你不需要发送任何内容。", name(open)),
        (true, false) => format!("The open step is {}; you have nothing to send.", name(open)),
        (false, true) => format!("现在是第{}回合的{}。{asks}", state.round, name(open)),
        (false, false) => format!(
            "The open step is the {} of round {}. {asks}",
            name(open),
            state.round
        ),
    };
    if on_file && open != Step::Finished {
        let kept = if zh {
            format!(
                "现在是第{}回合的{}。你为它提前发送的内容已经收到并保存,不需要再发送;截止前再发一份就会替换它。",
                state.round,
                name(open)
            )
        } else {
            format!(
                "The open step is the {} of round {}. What you sent early for it is on file: nothing more to send; a new one before the deadline replaces it.",
                name(open),
                state.round
            )
        };
        return format!("{head}\n{stood}\n{kept}");
    }
    format!("{head}\n{stood}\n{now}")
}

/// The line an answer adds to a plan sent while the Raven step is open: it is kept as the
/// house's plan, carried out when the plan step closes (the Raven holder's plan means he keeps
/// his orders).
pub fn plan_sent_early(raven_holder: bool, lang: Lang) -> &'static str {
    match (raven_holder, lang) {
        (false, Lang::Zh) => {
            "这是你的执行方案,在信鸦阶段提前收到;执行方案阶段截止时按最后一份执行。"
        }
        (false, Lang::En) => {
            "This is your execution plan, received early during the Raven step; the last one you send before the plan step closes is carried out."
        }
        (true, Lang::Zh) => {
            "这是你的执行方案,不是信鸦修改:你的命令保持不变,执行方案阶段截止时按最后一份执行。"
        }
        (true, Lang::En) => {
            "This is your execution plan, not a Raven change: your orders stay as they are, and the last plan you send before the plan step closes is carried out."
        }
    }
}

/// The line an answer to a plan sent early adds about its deadline: the deadline below is the
/// plan step's, which opens when the Raven step closes.
pub fn plan_step_deadline(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => {
            "执行方案阶段在信鸦阶段结束后开始;下面的截止时间是执行方案阶段的(以信鸦阶段结束时的报告为准)。"
        }
        Lang::En => {
            "The plan step opens when the Raven step closes; the deadline below is the plan step's (the report at the Raven step's close confirms it)."
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{closed, closed_round};
    use maester_rules::Step;

    #[test]
    fn an_earlier_step_of_the_round_or_last_round_s_military_steps_have_closed() {
        assert!(closed(Step::Raven, Step::Placement));
        assert!(closed(Step::Plan, Step::Raven));
        assert!(closed(Step::Events, Step::Plan));
        assert_eq!(closed_round(Step::Events, Step::Plan, 3), 2);
        assert_eq!(closed_round(Step::Raven, Step::Placement, 3), 3);
        // Early, not late: this round's placement is still to come, a plan waits for its step.
        assert!(!closed(Step::Events, Step::Placement));
        assert!(!closed(Step::Placement, Step::Plan));
        assert!(!closed(Step::Plan, Step::Plan));
    }
}
