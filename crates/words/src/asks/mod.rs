//! What a house is asked to send in the open step, with examples built from its own position
//! (no names in code: they come from the board), the questions of the second event window, and
//! the sentence for a default taken on a silent player's behalf, with its rule.

use crate::Named;
use crate::event_text::CardText;
use maester_board::{AreaId, Board, HouseId, Lang, UnitKind};
use maester_game as game;
use maester_rules::event_phase::Question;
use maester_rules::event_phase::economy;
use maester_rules::event_phase::events::{self, Category, EventCard, current};
use maester_rules::event_phase::rewards::RewardKind;
use maester_rules::{GameState, LeaderStatus, Step, Track};

pub(crate) mod options;
mod questions;
mod tied_penalty;

pub use questions::{default_text, question_text};

fn zh(lang: Lang) -> bool {
    lang == Lang::Zh
}

fn area(board: &Board, a: AreaId, lang: Lang) -> String {
    board.area(a).name(lang).to_string()
}

fn house(board: &Board, h: HouseId, lang: Lang) -> String {
    board.house(h).name(lang).to_string()
}

fn list(v: Vec<String>, lang: Lang) -> String {
    v.join(if zh(lang) { "、" } else { ", " })
}

fn units_line(board: &Board, units: &[(AreaId, UnitKind)], lang: Lang) -> String {
    units
        .iter()
        .map(|(a, k)| format!("{} 1{}", area(board, *a, lang), k.code()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn track_name(t: Track, lang: Lang) -> &'static str {
    crate::economy::track_name(t, lang)
}

/// What `h` must send in the open step of `state`, with examples, and the forms the step
/// teaches (`teach::prompt_lines`: leaders, `无`, `帮助`).
pub fn what_to_send(board: &Board, state: &GameState, h: HouseId, lang: Lang) -> String {
    let asked = what_is_asked(board, state, h, lang);
    let more = crate::teach::prompt_lines(board, state, h, lang);
    match (asked.is_empty(), more.is_empty()) {
        (_, true) => asked,
        (true, false) => more,
        (false, false) => format!("{asked}\n{more}"),
    }
}

/// What `h` must send in the open step of `state`, with examples; empty if it sends nothing.
pub fn what_is_asked(board: &Board, state: &GameState, h: HouseId, lang: Lang) -> String {
    if !game::expected(board, state).contains(&h) {
        return match (state.step, lang) {
            (Step::Finished, _) => String::new(),
            (Step::Raven, Lang::Zh) => format!(
                "这一步只有信鸦持有者可以修改一条命令;你不需要发送,也可以提前发送执行方案。\n{}",
                plan_example(
                    &crate::offer::Offer::new(board, state, h, Step::Raven, lang),
                    lang
                )
            ),
            (Step::Raven, Lang::En) => format!(
                "Only the Raven holder may change an order now; you need not send anything, or you may send your plan early.\n{}",
                plan_example(
                    &crate::offer::Offer::new(board, state, h, Step::Raven, lang),
                    lang
                )
            ),
            (Step::Events, _) if !events::pending_choices(state).is_empty() => {
                choosing_first(board, state, lang)
            }
            (_, Lang::Zh) => "这一步你不需要发送任何内容。".into(),
            (_, Lang::En) => "You have nothing to send in this step.".into(),
        };
    }
    let mut lines: Vec<String> = Vec::new();
    let z = zh(lang);
    match state.step {
        Step::Finished => return String::new(),
        Step::Placement | Step::Plan => return military_example(board, state, h, lang),
        Step::Raven => {
            let ex = crate::offer::Offer::new(board, state, h, Step::Raven, lang)
                .raven()
                .map(|l| match lang {
                    Lang::Zh => format!(",例如:\n  {l}"),
                    Lang::En => format!(", e.g.:\n  {l}"),
                })
                .unwrap_or_else(|| if z { "。".into() } else { ".".into() });
            lines.push(if z {
                format!("你持有信鸦,可以修改一条自己已公布的命令(004:L1704){ex}\n不修改就回复「无」(或直接发送执行方案)。")
            } else {
                format!("You hold the Raven: you may change one of your revealed orders (004:L1704){ex}\nTo keep your orders, reply \"pass\" (or send your plan instead).")
            });
        }
        Step::Retreat => {
            for p in state
                .pending_retreats
                .iter()
                .filter(|p| p.house == h && p.candidates.len() > 1)
            {
                let c: Vec<String> = p.candidates.iter().map(|a| area(board, *a, lang)).collect();
                let (from, first) = (area(board, p.from, lang), c[0].clone());
                lines.push(if z {
                    format!("你在{from}的败军可以撤退到:{}。例如:\n  撤退 {from} 到 {first}\n不回复则撤到{first}(按地图顺序,A-48)。", list(c, lang))
                } else {
                    format!("Your force beaten in {from} may retreat to: {}. E.g.:\n  retreat {from} to {first}\nWithout an answer it goes to {first} (board order, A-48).", list(c, lang))
                });
            }
        }
        Step::Events => events_asks(board, state, h, lang, &mut lines),
        Step::EventsAnswers => {
            let qs = game::open_questions(board, state);
            // The questions the house decides only if it becomes King, under one heading.
            let mut if_king: Vec<String> = Vec::new();
            for q in qs.iter() {
                let mine = match &q {
                    Question::WildlingTie {
                        houses,
                        reward: true,
                        ..
                    } if houses.contains(&h) => Some(reward_text(board, state, h, lang, true)),
                    _ => None,
                };
                if game::asked_of(board, state, q).contains(&h) {
                    lines.push(question_text(board, state, q, lang));
                    if let Some(n) = tied_penalty_note(board, state, &qs, q, h, lang) {
                        lines.push(n);
                    }
                } else if game::if_king(&qs, q).contains(&h) {
                    if_king.push(question_text(board, state, q, lang));
                } else if let Some(t) = mine {
                    lines.push(t);
                }
            }
            if !if_king.is_empty() {
                lines.push(if z {
                    "如果前任国王把铁王座第一名判给你,你就是新任国王,以下问题由你裁决(004:L1157):"
                } else {
                    "If the old King's ordering of the Iron Throne tie makes you King, you decide the following (004:L1157):"
                }.to_string());
                lines.append(&mut if_king);
            }
        }
    }
    let head = if z {
        "请回复本邮件,写上密码和以下内容,每项一行:"
    } else {
        "Reply with your secret and the following, one item per line:"
    };
    format!("{head}\n{}", lines.join("\n"))
}

/// Placement and plan instructions with an example from the house's own areas and orders, in
/// the language's canonical spelling, each line accepted by the intake's check
/// ([`crate::offer`]).
fn military_example(board: &Board, state: &GameState, h: HouseId, lang: Lang) -> String {
    let secret = if zh(lang) {
        "密码: 你的密码"
    } else {
        "secret: your-secret"
    };
    let offer = crate::offer::Offer::new(board, state, h, state.step, lang);
    if state.step == Step::Placement {
        let ex = offer.placement();
        let head = if zh(lang) {
            "请回复本邮件,写明密码和每个区域的命令,每行一个,例如:"
        } else {
            "Reply with your secret and one order per area, one per line, e.g.:"
        };
        let mut lines = vec![format!("  {secret}")];
        lines.extend(ex.iter().map(|l| format!("  {l}")));
        return format!("{head}\n{}", lines.join("\n"));
    }
    plan_example(&offer, lang)
}

/// How to write the plan, with the house's own march or raid as the example; a house with
/// neither is told its plan has only leaders to deploy.
pub(crate) fn plan_example(offer: &crate::offer::Offer, lang: Lang) -> String {
    let secret = if zh(lang) {
        "密码: 你的密码"
    } else {
        "secret: your-secret"
    };
    let mut lines = vec![format!("  {secret}")];
    if let Some((_, _, l)) = offer.march(true, None) {
        lines.push(format!("  {l}"));
    }
    if let Some(l) = offer.raid() {
        lines.push(format!("  {l}"));
    }
    let marching = offer.marching();
    if lines.len() == 1 && !marching.is_empty() {
        let areas: Vec<String> = marching
            .iter()
            .map(|a| offer.board().area(*a).name(lang).to_string())
            .collect();
        return if zh(lang) {
            format!(
                "请回复本邮件,写明密码和执行方案:你在{}的行军、突袭命令的目的地,按优先顺序编号(写「帮助」可以收到写法)。",
                list(areas, lang)
            )
        } else {
            format!(
                "Reply with your secret and your plan: where your march and raid orders in {} go, numbered by priority (write \"help\" for the forms).",
                list(areas, lang)
            )
        };
    }
    if lines.len() == 1 {
        return if zh(lang) {
            "你没有行军或突袭命令:执行方案里只有派出将领(守将、军区)可写。".into()
        } else {
            "You have no march or raid order: your plan can only deploy leaders (defenders, districts).".into()
        };
    }
    let head = if zh(lang) {
        "请回复本邮件,写明密码和执行方案:突袭目标和行军目的地,按优先顺序编号,例如:"
    } else {
        "Reply with your secret and your plan: raid targets and march destinations, numbered by priority, e.g.:"
    };
    format!("{head}\n{}", lines.join("\n"))
}

/// Who chooses which chooser card first, for the houses that wait (004:L2640–L2644).
fn choosing_first(board: &Board, state: &GameState, lang: Lang) -> String {
    let who: Vec<String> = events::pending_choices(state)
        .into_iter()
        .filter_map(|(c, h)| {
            let card = current(state)?.draw(c).card;
            let h = house(board, h?, lang);
            Some(if zh(lang) {
                format!("{h}选择{}", card.describe(lang))
            } else {
                format!("{h} chooses {}", card.describe(lang))
            })
        })
        .collect();
    if zh(lang) {
        format!(
            "本回合先选择事件:{}(004:L2640–L2644)。选择公布之后,本回合事件需要你发送的内容另行通知;现在不需要发送。",
            list(who, lang)
        )
    } else {
        format!(
            "This round's chooser event is chosen first: {} (004:L2640–L2644). Once the choice is published you are told what the events ask of you; send nothing now.",
            list(who, lang)
        )
    }
}

/// The chooser's question: the options of his card, the form, and the default.
fn choice_asks(state: &GameState, h: HouseId, lang: Lang, lines: &mut Vec<String>) {
    for (c, _) in events::pending_choices(state)
        .into_iter()
        .filter(|(_, x)| *x == Some(h))
    {
        let Some(card) = current(state).map(|e| e.draw(c).card) else {
            continue;
        };
        let first = card
            .choices()
            .first()
            .map(|e| e.name(lang))
            .unwrap_or_default();
        lines.push(if zh(lang) {
            format!(
                "{}:由你选择本回合的{}:{}(004:L2640–L2644),例如:\n  选择: {first}\n不回复则为{first}(A-26)。选择公布之后,再发送该事件需要的内容。",
                card.name(lang),
                c.name(lang),
                card.options_text(lang)
            )
        } else {
            format!(
                "{}: you choose this round's {}: {} (004:L2640–L2644), e.g.:\n  choose: {first}\nWithout an answer it is {first} (A-26). What the chosen event asks is sent once the choice is published.",
                card.name(lang),
                c.name(lang),
                card.options_text(lang)
            )
        });
    }
}

fn events_asks(board: &Board, state: &GameState, h: HouseId, lang: Lang, lines: &mut Vec<String>) {
    let z = zh(lang);
    let Some(ev) = current(state).filter(|e| e.round == state.round) else {
        return;
    };
    if !events::pending_choices(state).is_empty() {
        return choice_asks(state, h, lang, lines);
    }
    let power = state.house(h).power;
    match ev.effective(Category::Economic) {
        Some(EventCard::Supply) => {
            let d =
                economy::default_disbanding(board, state, h, state.barrels_controlled(board, h));
            if !d.is_empty() {
                let ex = units_line(board, &d, lang);
                lines.push(if z {
                    format!("补给结算:你的部队超过新的补给上限,需要裁掉{}个单位,例如(也是不回复时的默认裁法,A-57):\n  裁军: {ex}", d.len())
                } else {
                    format!("Supply: your armies exceed the new limit; disband {}, e.g. (also the default without an answer, A-57):\n  disband: {ex}", crate::plural::count_en(d.len() as i64, "unit"))
                });
            }
        }
        Some(EventCard::Muster) => {
            if let Some(t) = options::muster_text(board, state, h, lang) {
                lines.push(t);
            }
        }
        _ => {}
    }
    let clash = ev.effective(Category::Political) == Some(EventCard::ClashOfKings);
    let wild = ev.effective(Category::Military) == Some(EventCard::WildlingAttack);
    if clash && power > 0 {
        // Within the hand, leaving a token for the wildling example below when there is one:
        // both examples copied together are accepted too.
        let room = if wild { power - 1 } else { power };
        let (a, b) = match room {
            0 => (0, 0),
            1 => (1, 0),
            2 => (1, 1),
            _ => (2, 1),
        };
        let also = spent_too(wild, lang);
        lines.push(if z {
            format!("诸王争霸:依次写铁王座、封邑、御前会议的出价,合计不超过手中的{power}个势力标志{also},例如:\n  出价: {a} {b} 0\n不回复则全部出价0(A-26)。")
        } else {
            format!("Clash of Kings: your bids on the Iron Throne, Fiefdoms and King's Court, at most the {} in your hand in all{also}, e.g.:\n  bid: {a} {b} 0\nWithout an answer you bid 0 everywhere (A-26).", crate::plural::count_en(power, "token"))
        });
    }
    if wild && power > 0 {
        let w = state.wildlings;
        let have = power as u32
            + maester_rules::event_phase::wildlings::BidBudget::of(board, state, h, None).income
                as u32;
        lines.push(if z {
            format!("野人入侵(战斗力{w}):你的出价,最多为你届时的{have}个势力标志,减去这封邮件的诸王争霸出价和建造港口、防御工事的费用(它们先支付),例如:\n  野人: 1\n不回复则出价0(A-26)。")
        } else {
            format!("Wildling attack (strength {w}): your bid, at most the {have} tokens you will have less this mail's Clash of Kings bids and the cost of its ports and fortifications (paid first), e.g.:\n  wildlings: 1\nWithout an answer you bid 0 (A-26).")
        });
    }
    for r in state
        .economy
        .pending_rewards
        .iter()
        .filter(|r| r.house == h && r.round.saturating_add(1) == state.round)
    {
        let ex = match r.kind {
            RewardKind::Melisandre => board
                .leaders
                .iter()
                .find(|l| r.beaten.contains(&l.house))
                .map(|l| {
                    format!(
                        "{} {}",
                        if z { "奖励: 休养" } else { "reward: rest" },
                        l.name(lang)
                    )
                }),
            RewardKind::Luwin => state
                .house(h)
                .leaders
                .iter()
                .find(|(_, s)| matches!(s, LeaderStatus::Resting { .. }))
                .map(|(l, _)| {
                    format!(
                        "{} {}",
                        if z {
                            "奖励: 召回"
                        } else {
                            "reward: recall"
                        },
                        board.leader(*l).name(lang)
                    )
                }),
            RewardKind::Doran => Some(format!(
                "{} {}",
                if z {
                    "奖励: 夺取"
                } else {
                    "reward: capture"
                },
                track_name(Track::IronThrone, lang)
            )),
        };
        let leader = board.leader(r.leader).name(lang);
        lines.push(if z {
            format!("{leader}上一回合的战胜奖励(004:L2461),例如:\n  {}\n不回复则奖励作废(A-26)。", ex.unwrap_or_default())
        } else {
            format!("{leader}'s victory reward of last round (004:L2461), e.g.:\n  {}\nWithout an answer it lapses (A-26).", ex.unwrap_or_default())
        });
    }
    lines.extend(options::build_text(board, state, h, lang));
}

/// What the bids' limit also pays for (004:L2389, A-63, A-64): building, and the wildling bid
/// when there is one.
pub(crate) fn spent_too(wildlings: bool, lang: Lang) -> &'static str {
    match (wildlings, lang) {
        (true, Lang::Zh) => "(连同野人出价和建造港口、防御工事的费用)",
        (false, Lang::Zh) => "(连同建造港口、防御工事的费用)",
        (true, Lang::En) => {
            " (together with the wildling bid and the cost of any port or fortification)"
        }
        (false, Lang::En) => " (together with the cost of any port or fortification)",
    }
}

fn reward_text(board: &Board, state: &GameState, h: HouseId, lang: Lang, if_named: bool) -> String {
    let z = zh(lang);
    let up: Vec<AreaId> = board
        .area_ids()
        .filter(|a| {
            state.occupant(*a) == Some(h)
                && state
                    .area(*a)
                    .units
                    .iter()
                    .any(|u| u.kind == UnitKind::Footman)
        })
        .take(1)
        .collect();
    let ex = up
        .first()
        .map(|a| {
            if z {
                format!("(奖励: 升级 {}1F)", area(board, *a, lang))
            } else {
                format!(" (reward: upgrade {}1F)", area(board, *a, lang))
            }
        })
        .unwrap_or_default();
    let cond = match (if_named, z) {
        (true, true) => "如果国王选中你,",
        (true, false) => "If the King names you, ",
        (false, _) => "",
    };
    if z {
        format!(
            "{cond}你选择守夜人的奖励(004:L1114):召回一名休养的将领(奖励: 召回 <将领>),升级两个步兵或弓箭手{ex},或在一个城堡立即征兵(奖励: 征兵 <城堡> 1F)。不回复则放弃奖励(A-26)。"
        )
    } else {
        format!(
            "{cond}choose the Night's Watch reward (004:L1114): recall a resting leader (reward: recall <leader>), upgrade two footmen or archers{ex}, or muster at once in one castle (reward: muster <castle> 1F). Without an answer the reward lapses (A-26)."
        )
    }
}

/// The note beside a penalty question of a house tied for the lowest wildling bid (004:L1126).
fn tied_penalty_note(
    board: &Board,
    state: &GameState,
    qs: &[Question],
    q: &Question,
    h: HouseId,
    lang: Lang,
) -> Option<String> {
    let Question::WildlingPenalty { penalty, .. } = q else {
        return None;
    };
    let tied = qs.iter().find_map(|x| match x {
        Question::WildlingTie {
            houses,
            reward: false,
            ..
        } if houses.contains(&h) => Some(houses),
        _ => None,
    })?;
    Some(tied_penalty::note(board, state, h, tied, *penalty, lang))
}
