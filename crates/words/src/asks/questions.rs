//! The questions of the second event window as the asked house reads them, and the sentence
//! for a default taken on a silent player's behalf, with its rule.

use super::{area, house, list, reward_text, track_name, units_line, zh};
use maester_board::{Board, HouseId, Lang, UnitKind};
use maester_rules::event_phase::Question;
use maester_rules::event_phase::wildlings::{self, PenaltyKind};
use maester_rules::{GameState, Step};

/// A question of the second event window, as the asked house reads it.
pub fn question_text(board: &Board, state: &GameState, q: &Question, lang: Lang) -> String {
    let z = zh(lang);
    let names = |v: &[HouseId]| list(v.iter().map(|h| house(board, *h, lang)).collect(), lang);
    match q {
        Question::MusterRevision(b) => {
            let c = area(board, b.castle, lang);
            if z {
                format!(
                    "你在{c}征募的战舰被铁王座排名更高的家族占了位置,可以用{}点重新征兵(004:L769,A-62),例如「征兵: {c} 1F」。不回复则点数作废。",
                    b.points
                )
            } else {
                format!(
                    "A ship you mustered at {c} lost its place to a house higher on the Iron Throne; you may spend {} again (004:L769, A-62), e.g. \"muster: {c} 1F\". Without an answer the points are lost.",
                    crate::plural::count_en(b.points, "point")
                )
            }
        }
        Question::ClashTie(t) => {
            let tr = track_name(t.track, lang);
            let order: Vec<String> = t.houses.iter().map(|h| house(board, *h, lang)).collect();
            if z {
                format!(
                    "诸王争霸{tr}出价{}的平局:{},由你裁决顺序(004:L1157),例如:\n  平局 {tr}: {}\n不回复则保持原来的相对顺序(A-65)。",
                    t.bid,
                    names(&t.houses),
                    order.join(" > ")
                )
            } else {
                format!(
                    "Clash of Kings tie on {tr} at {}: {}; you order them (004:L1157), e.g.:\n  tie {tr}: {}\nWithout an answer they keep their previous relative order (A-65).",
                    t.bid,
                    names(&t.houses),
                    order.join(" > ")
                )
            }
        }
        Question::WildlingTie { houses, reward, .. } => {
            let first = houses
                .first()
                .map(|h| house(board, *h, lang))
                .unwrap_or_default();
            let rest: Vec<String> = houses
                .iter()
                .skip(1)
                .map(|h| house(board, *h, lang))
                .collect();
            let ex = format!("{first} > {}", rest.join(" > "));
            match (reward, z) {
                (true, true) => format!(
                    "野人出价最高的平局:{},由你(国王)选出得到奖励的一家,写在第一位(004:L1122),例如:\n  平局 野人: {ex}\n不回复则给铁王座排名最高者(A-65)。",
                    names(houses)
                ),
                (true, false) => format!(
                    "Tie for the highest wildling bid: {}; you, the King, name the house that gets the reward, first (004:L1122), e.g.:\n  tie wildlings: {ex}\nWithout an answer the highest on the Iron Throne gets it (A-65).",
                    names(houses)
                ),
                (false, true) => format!(
                    "野人出价最低的平局:{},由你(国王)选出受重罚的一家,写在第一位(004:L1126),例如:\n  平局 野人: {ex}\n不回复则为铁王座排名最低者(A-65)。",
                    names(houses)
                ),
                (false, false) => format!(
                    "Tie for the lowest wildling bid: {}; you, the King, name the house that suffers more, first (004:L1126), e.g.:\n  tie wildlings: {ex}\nWithout an answer the lowest on the Iron Throne does (A-65).",
                    names(houses)
                ),
            }
        }
        Question::WildlingReward(h) => reward_text(board, state, *h, lang, false),
        Question::WildlingPenalty {
            house: h,
            penalty,
            worst,
        } => {
            let due = wildlings::disband_due(board, state, *h, *worst);
            let d = wildlings::default_penalty_disband(board, state, *h, due);
            let ex = units_line(board, &d, lang);
            match (penalty, z) {
                (PenaltyKind::Disband, true) => format!(
                    "野人获胜:你要裁掉价值{due}点征兵点数的部队(004:L1130),例如(也是不回复时的默认,A-66):\n  裁军: {ex}"
                ),
                (PenaltyKind::Disband, false) => format!(
                    "The wildlings won: disband units worth {due} mustering points (004:L1130), e.g. (also the default without an answer, A-66):\n  disband: {ex}"
                ),
                (PenaltyKind::DowngradeKnights, _) => {
                    let knights = state.unit_count(*h, UnitKind::Knight);
                    let n = if *worst { knights } else { knights.min(2) };
                    let at = board
                        .area_ids()
                        .find(|a| {
                            state.occupant(*a) == Some(*h)
                                && state
                                    .area(*a)
                                    .units
                                    .iter()
                                    .any(|u| u.kind == UnitKind::Knight)
                        })
                        .map(|a| area(board, a, lang))
                        .unwrap_or_default();
                    if z {
                        format!(
                            "野人获胜:你要把{n}个骑士降级为步兵或弓箭手(004:L1131),例如:\n  降级: {at} 1K 为 弓箭手\n不回复则降为步兵,步兵已满则降为弓箭手,都满则裁掉(A-66)。"
                        )
                    } else {
                        format!(
                            "The wildlings won: downgrade {} to footmen or archers (004:L1131), e.g.:\n  downgrade: {at} 1K to archer\nWithout an answer they become footmen, archers when footmen are at their cap, and are disbanded when both are (A-66).",
                            crate::plural::count_en(n as i64, "knight")
                        )
                    }
                }
                (PenaltyKind::NoSpecialOrders, _) => {
                    let best: Vec<String> = wildlings::best_tracks(state, *h)
                        .into_iter()
                        .map(|t| track_name(t, lang).to_string())
                        .collect();
                    let first = best.first().cloned().unwrap_or_default();
                    if z {
                        format!(
                            "野人获胜,你是出价最低者:你排名最高的领域降为最后一名(004:L1132)。你在{}并列最高,请选择一个,例如:\n  降级领域: {first}\n不回复则取默认(A-66)。",
                            list(best, lang)
                        )
                    } else {
                        format!(
                            "The wildlings won and you bid least: your best track drops to last (004:L1132). Your best rank is shared by {}; choose one, e.g.:\n  drop track: {first}\nWithout an answer the default applies (A-66).",
                            list(best, lang)
                        )
                    }
                }
            }
        }
    }
}

/// The sentence for a house that sent nothing in a step it was asked to send in.
pub fn default_text(board: &Board, step: Step, h: HouseId, lang: Lang) -> String {
    let n = house(board, h, lang);
    match (step, lang) {
        (Step::Placement, Lang::Zh) => format!("{n}没有提交命令:本回合不布置任何命令(A-26)。"),
        (Step::Placement, Lang::En) => format!("{n} sent no orders: no orders this round (A-26)."),
        (Step::Plan, Lang::Zh) => {
            format!("{n}没有提交执行方案:不执行行军和突袭,支援、防守和巩固统治自动生效(A-26)。")
        }
        (Step::Plan, Lang::En) => format!(
            "{n} sent no plan: no marches or raids; support, defence and consolidation work by themselves (A-26)."
        ),
        (Step::Raven, Lang::Zh) => format!("{n}(信鸦持有者)没有修改命令(004:L1704)。"),
        (Step::Raven, Lang::En) => format!("{n} (the Raven holder) changed no order (004:L1704)."),
        (Step::Retreat, Lang::Zh) => {
            format!("{n}没有选择撤退区域:按地图顺序撤到第一个可选区域(A-48)。")
        }
        (Step::Retreat, Lang::En) => format!(
            "{n} chose no retreat area: the first possible area in board order was taken (A-48)."
        ),
        (Step::Events, Lang::Zh) => {
            format!(
                "{n}没有提交事件阶段的内容:出价为0,不征兵,超出补给上限的部队按地图顺序裁撤(A-57),战胜奖励作废(A-26)。"
            )
        }
        (Step::Events, Lang::En) => format!(
            "{n} sent nothing for the event phase: bids of 0, no mustering, units over the supply limit are disbanded in board order (A-57), rewards lapse (A-26)."
        ),
        (Step::EventsAnswers, Lang::Zh) => format!(
            "{n}没有回答:平局保持原来的相对顺序(A-65),野人惩罚取默认的一种(A-66),奖励作废(A-26)。"
        ),
        (Step::EventsAnswers, Lang::En) => format!(
            "{n} did not answer: ties keep their previous order (A-65), the wildling penalty takes its default form (A-66), a reward lapses (A-26)."
        ),
        (Step::Finished, _) => String::new(),
    }
}
