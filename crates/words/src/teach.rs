//! The forms taught where they are needed: the few lines each prompt adds to what a house is
//! asked (leaders in the plan, `无` where nothing is required, `帮助` for the whole guide),
//! and the warning of an accepted plan that deploys no leader. Examples are written by the
//! order language's echo from the house's own areas and leaders, so they read back as typed.

use maester_board::{AreaId, Board, HouseId, Lang, LeaderId};
use maester_rules::orders::Plan;
use maester_rules::{GameState, LeaderStatus, Step};

/// The house's leaders free to be deployed this round (not resting), in board order.
pub fn available_leaders(state: &GameState, h: HouseId) -> Vec<LeaderId> {
    state
        .house(h)
        .leaders
        .iter()
        .filter(|(_, s)| matches!(s, LeaderStatus::Available))
        .map(|(l, _)| *l)
        .collect()
}

/// Whether a plan deploys any leader: a march leader or a conquered area's defender, a
/// defence leader, a substitute, a district, a leader placed along.
pub fn deploys_a_leader(plan: &Plan) -> bool {
    let l = &plan.leaders;
    if !(l.defence.is_empty()
        && l.substitutes.is_empty()
        && l.districts.is_empty()
        && l.placed.is_empty())
    {
        return true;
    }
    plan.marches
        .iter()
        .flat_map(|s| &s.alternatives)
        .flat_map(|a| std::iter::once(&a.action).chain(&a.fallback))
        .flat_map(|m| &m.moves)
        .any(|mv| !mv.leader.is_empty() || mv.defender.is_some())
}

/// What the leader examples are checked against: in the placement step, the plan that follows
/// the placement example the prompt shows ([`crate::offer::Offer::placement_orders`]); in the
/// Raven and plan steps, the house's own revealed orders.
fn plan_offer<'a>(
    board: &'a Board,
    state: &GameState,
    h: HouseId,
    lang: Lang,
) -> crate::offer::Offer<'a> {
    if state.step == Step::Placement {
        let orders =
            crate::offer::Offer::new(board, state, h, Step::Placement, lang).placement_orders();
        crate::offer::Offer::after_placing(board, state, h, &orders, lang)
    } else {
        crate::offer::Offer::new(board, state, h, Step::Plan, lang)
    }
}

/// Example lines deploying `leader`, each accepted by the intake's check: a march leader on
/// one of the house's own marches (`prefer`: a march of the plan sent, from and to), and a
/// defence leader.
fn leader_lines(
    offer: &crate::offer::Offer,
    leader: LeaderId,
    prefer: Option<(AreaId, AreaId)>,
) -> Vec<String> {
    let mut lines = Vec::new();
    let own = prefer
        .map(|(from, to)| offer.march_line(from, to, false, Some(leader)))
        .filter(|l| offer.accepts(std::slice::from_ref(l)))
        .or_else(|| offer.march(false, Some(leader)).map(|(_, _, l)| l));
    lines.extend(own);
    lines.extend(offer.defender(leader));
    lines
}

/// One line deploying the house's first free leader on its own march (or as a defender), as
/// the intake accepts it in the plan; `None` when it has no free leader or no such line.
pub fn leader_example(board: &Board, state: &GameState, h: HouseId, lang: Lang) -> Option<String> {
    let first = *available_leaders(state, h).first()?;
    leader_lines(&plan_offer(board, state, h, lang), first, None)
        .into_iter()
        .next()
}

fn names_of(board: &Board, leaders: &[LeaderId], lang: Lang) -> String {
    let v: Vec<&str> = leaders
        .iter()
        .map(|l| board.leader(*l).name(lang))
        .collect();
    v.join(if lang == Lang::Zh { "、" } else { ", " })
}

/// The warning of an accepted plan that deploys no leader, naming one of the house's
/// available leaders; `None` when it deploys one or the house has none free.
pub fn no_leader_warning(
    board: &Board,
    state: &GameState,
    h: HouseId,
    plan: &Plan,
    lang: Lang,
) -> Option<String> {
    if deploys_a_leader(plan) {
        return None;
    }
    let free = available_leaders(state, h);
    let first = *free.first()?;
    let mine = plan
        .marches
        .iter()
        .flat_map(|s| &s.alternatives)
        .find_map(|a| a.action.moves.first().map(|m| (a.action.from, m.to)));
    let offer = crate::offer::Offer::new(board, state, h, Step::Plan, lang);
    let lines = leader_lines(&offer, first, mine);
    if lines.is_empty() {
        return None;
    }
    let ex = lines
        .iter()
        .map(|l| format!("「{}」", l.trim_end_matches(['。', '.'])))
        .collect::<Vec<_>>()
        .join(if lang == Lang::Zh { "或" } else { " or " });
    let all = names_of(board, &free, lang);
    Some(match lang {
        Lang::Zh => format!("未派出将领:你的战斗将没有将领参战;写法如 {ex}。你可用的将领:{all}。"),
        Lang::En => format!(
            "No leader deployed: your battles will be fought without one; write e.g. {}. Your leaders free this round: {all}.",
            ex.replace(['「', '」'], "\"")
        ),
    })
}

/// The lines a prompt adds to what a house is asked in the open step: how to deploy leaders
/// (the plan, and the placement before it), `无` where nothing is required of the house, and
/// where the whole guide is.
pub fn prompt_lines(board: &Board, state: &GameState, h: HouseId, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let mut out: Vec<String> = Vec::new();
    let free = available_leaders(state, h);
    let plan_next = matches!(state.step, Step::Plan | Step::Raven | Step::Placement);
    if plan_next && let Some(first) = free.first() {
        let lines = leader_lines(&plan_offer(board, state, h, lang), *first, None);
        if !lines.is_empty() {
            let head = match (state.step, zh) {
                (Step::Placement, true) => {
                    "命令公布后的执行方案里还要派出将领(每回合重新派,不派则战斗中没有将领),例如:"
                }
                (_, true) => {
                    "派出将领(每回合重新派,不派则战斗中没有将领):行军将领写在行军后面的括号里,守将单独一行,例如:"
                }
                (Step::Placement, false) => {
                    "Once the orders are revealed, your plan also deploys your leaders (anew each round; without one a battle has none), e.g.:"
                }
                (_, false) => {
                    "Deploy your leaders (anew each round; without one a battle has none): a march leader in brackets after the march, a defender on a line of its own, e.g.:"
                }
            };
            out.push(head.to_string());
            out.extend(lines.into_iter().map(|l| format!("  {l}")));
            out.push(if zh {
                format!("你可用的将领:{}。", names_of(board, &free, lang))
            } else {
                format!(
                    "Your leaders free this round: {}.",
                    names_of(board, &free, lang)
                )
            });
        }
    }
    if state.step != Step::Finished {
        out.push(
            if zh {
                "不发送任何内容时回复「无」(按默认处理)。"
            } else {
                "To send nothing this step, reply \"pass\" (the defaults apply)."
            }
            .to_string(),
        );
        out.push(ask_for_help(lang).to_string());
    }
    out.join("\n")
}

/// "Write 帮助 for the whole guide": the closing line of a prompt.
pub fn ask_for_help(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "回复只写「帮助」的邮件,可以收到这一步的全部写法。",
        Lang::En => "Reply with just \"help\" to get every form of this step.",
    }
}
