//! The forms taught where they are needed: the few lines each prompt adds to what a house is
//! asked (leaders in the plan, `无` where nothing is required, `帮助` for the whole guide),
//! and the warning of an accepted plan that deploys no leader. Examples are written by the
//! order language's echo from the house's own areas and leaders, so they read back as typed.

use maester_board::{AreaId, Board, HouseId, Lang, LeaderId, OrderType};
use maester_lang::ast::{
    Action, Alternative, Item, LeaderChoice, March, Step as LStep, UnitRef, UnitSel,
};
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

/// An area of the house with units, preferring one with a march order, and a land area next
/// to it (for a march example).
fn march_pair(board: &Board, state: &GameState, h: HouseId) -> Option<(AreaId, Option<AreaId>)> {
    let own: Vec<AreaId> = board
        .area_ids()
        .filter(|a| state.occupant(*a) == Some(h) && board.area(*a).is_land())
        .collect();
    let from = own
        .iter()
        .find(|a| state.area(**a).order.map(|o| o.kind) == Some(OrderType::March))
        .or(own.first())
        .copied()?;
    let to = state
        .neighbours(board, from)
        .into_iter()
        .find(|b| board.area(*b).is_land());
    Some((from, to))
}

/// Two example lines deploying `leader`: a march leader and a defence leader, in the canonical
/// spelling of the language.
fn leader_lines(
    board: &Board,
    state: &GameState,
    h: HouseId,
    leader: LeaderId,
    lang: Lang,
) -> Vec<String> {
    let names = maester_lang::Names::from_board(board);
    let echo = |i: &Item<maester_lang::Resolved>| maester_lang::echo::echo_item(i, &names, lang);
    let Some((from, to)) = march_pair(board, state, h) else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    if let Some(to) = to {
        let step = LStep {
            number: None,
            alternatives: vec![Alternative {
                condition: None,
                actions: vec![(
                    Action::March(March {
                        units: UnitRef {
                            area: from,
                            units: UnitSel::All,
                        },
                        to,
                        forced: false,
                        special: false,
                        leader: Some(LeaderChoice::Named(leader)),
                        defender: None,
                        leave_token: false,
                    }),
                    None,
                )],
            }],
        };
        lines.push(echo(&Item::Step(step)));
    }
    lines.push(echo(&Item::Defender {
        area: from,
        leader,
        substitute: None,
    }));
    lines
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
    let lines = leader_lines(board, state, h, first, lang);
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
        let lines = leader_lines(board, state, h, *first, lang);
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
        out.push(crate::guide::ask_for_help(lang).to_string());
    }
    out.join("\n")
}
