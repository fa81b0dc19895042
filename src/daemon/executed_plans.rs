//! The executed plans a report shows (the plan step's close): each house's plan as the order
//! language's echo reads it, or that it sent none; computed once per language per close.

use super::letters;
use super::loaded::Loaded;
use crate::board::Lang;
use crate::game::StepOutcome;
use crate::rules::Step;

/// The close's executed plans in `lang` (none unless the plan step closed), read the first time
/// a reader of that language asks for them.
pub(super) fn plans_in(
    plans: &mut Vec<(Lang, Vec<letters::ExecutedPlan>)>,
    g: &Loaded,
    out: &StepOutcome,
    texts: &[(String, String)],
    lang: Lang,
) -> Vec<letters::ExecutedPlan> {
    if !out.steps.iter().any(|c| c.step == Step::Plan) {
        return Vec::new();
    }
    if let Some((_, p)) = plans.iter().find(|(l, _)| *l == lang) {
        return p.clone();
    }
    let p = executed_plans(g, out, texts, lang);
    plans.push((lang, p.clone()));
    p
}

/// Every house's execution plan as it was executed (附录1 publishes them when the plan step
/// closes), in the reader's language: each stored plan read again against the state it was
/// checked with and echoed; a house that was asked and sent none is said to have sent none (its
/// defaults are listed with their rule in the report); a house with nothing to plan is left out.
fn executed_plans(
    g: &Loaded,
    out: &StepOutcome,
    texts: &[(String, String)],
    lang: Lang,
) -> Vec<letters::ExecutedPlan> {
    let silent = out.silent();
    let mut plans = Vec::new();
    // Read as plans whatever step the close started from (the Raven step closes with the plans).
    let mut at_plan = g.state.clone();
    at_plan.step = Step::Plan;
    for hid in g.board.house_ids() {
        if g.state.house(hid).neutral {
            continue;
        }
        let key = g.board.house(hid).key.as_str();
        let lines: Vec<String> = match texts.iter().rev().find(|(h, _)| h == key) {
            Some((_, text)) => {
                let parsed =
                    crate::lang::submit::parse_mail_with(&g.board, &g.names, &at_plan, text, lang);
                if parsed.echo.is_empty() {
                    text.lines().map(str::to_string).collect()
                } else {
                    parsed.echo
                }
            }
            None if silent.contains(&(Step::Plan, hid)) => {
                vec![crate::words::report_text::no_plan_sent(lang)]
            }
            None => continue,
        };
        plans.push(letters::ExecutedPlan {
            house: g.board.house(hid).name(lang).to_string(),
            lines,
        });
    }
    plans
}
