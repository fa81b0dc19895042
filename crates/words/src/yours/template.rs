//! The reply template of the "your house first" block: the lines a house writes in the open
//! step, prefilled with its own areas, units and leaders, `___` where the player chooses; and
//! the notes a player needs to fill it (its units, its leaders available, the neighbours of a
//! marching army). Built from what the game asks of the house (`game::expected`, the muster
//! points, the default disbanding): nothing is offered to a house that is not asked.

use crate::Spelling;
use maester_board::{AreaId, Board, HouseId, Lang, OrderType};
use maester_game as game;
use maester_rules::armies::muster;
use maester_rules::event_phase::economy;
use maester_rules::event_phase::events::{self, Category, EventCard, current};
use maester_rules::{GameState, LeaderStatus, Step};

/// The blank a player fills.
pub const BLANK: &str = "___";

/// A reply template: the lines to send and what helps fill them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Template {
    /// The lines to send, the secret's line first (empty: nothing to prefill).
    pub lines: Vec<String>,
    /// What the player needs to fill them in (units, leaders, neighbours).
    pub notes: Vec<String>,
}

fn zh(lang: Lang) -> bool {
    lang == Lang::Zh
}

fn list(v: &[String], lang: Lang) -> String {
    v.join(if zh(lang) { "、" } else { ", " })
}

fn own_areas(board: &Board, state: &GameState, h: HouseId) -> Vec<AreaId> {
    board
        .area_ids()
        .filter(|a| state.occupant(*a) == Some(h) && !state.area(*a).units.is_empty())
        .collect()
}

fn units_code(state: &GameState, a: AreaId) -> String {
    let kinds: Vec<_> = state.area(a).units.iter().map(|u| u.kind).collect();
    crate::log::codes(&kinds)
}

/// The house's leaders available, by name.
fn leaders(board: &Board, state: &GameState, h: HouseId, lang: Lang) -> Vec<String> {
    state
        .house(h)
        .leaders
        .iter()
        .filter(|(_, s)| *s == LeaderStatus::Available)
        .map(|(l, _)| board.leader(*l).name(lang).to_string())
        .collect()
}

/// The template of `h` for the open step of `state`; empty when it sends nothing.
pub fn template(board: &Board, state: &GameState, h: HouseId, lang: Lang) -> Template {
    if !game::expected(board, state).contains(&h) {
        return Template::default();
    }
    let z = zh(lang);
    let mut t = Template::default();
    match state.step {
        Step::Placement => placement(board, state, h, lang, &mut t),
        Step::Plan => plan(board, state, h, lang, &mut t),
        Step::Raven => {
            let orders: Vec<String> = board
                .area_ids()
                .filter(|a| state.occupant(*a) == Some(h))
                .filter_map(|a| {
                    let o = state.area(a).order?;
                    let name = board.area(a).name(lang);
                    Some(if z {
                        format!("{name} {}", o.name_zh())
                    } else {
                        format!("{name} {}", o.name_en())
                    })
                })
                .collect();
            t.notes.push(if z {
                format!("你的命令:{}", list(&orders, lang))
            } else {
                format!("Your orders: {}", list(&orders, lang))
            });
            t.lines.push(format!(
                "{} {BLANK} {BLANK}",
                if z { "信鸦:" } else { "raven:" }
            ));
        }
        Step::Retreat => {
            for p in state
                .pending_retreats
                .iter()
                .filter(|p| p.house == h && p.candidates.len() > 1)
            {
                let from = board.area(p.from).name(lang);
                let c: Vec<String> = p
                    .candidates
                    .iter()
                    .map(|a| board.area(*a).name(lang).to_string())
                    .collect();
                t.lines.push(if z {
                    format!("撤退 {from} 到 {BLANK}")
                } else {
                    format!("retreat {from} to {BLANK}")
                });
                t.notes.push(if z {
                    format!("{from}的败军可撤往:{}", list(&c, lang))
                } else {
                    format!("From {from} it may retreat to: {}", list(&c, lang))
                });
            }
        }
        Step::Events => events_lines(board, state, h, lang, &mut t),
        Step::EventsAnswers => answers_lines(board, state, h, lang, &mut t),
        Step::Finished => {}
    }
    if !t.lines.is_empty() {
        let secret = if z {
            "密码: 你的密码"
        } else {
            "secret: your-secret"
        };
        t.lines.insert(0, secret.to_string());
    }
    t
}

/// The second event window: a line per question put to `h`, prefilled with the order its
/// question gives as the example (the default); what each question means is below.
fn answers_lines(board: &Board, state: &GameState, h: HouseId, lang: Lang, t: &mut Template) {
    let asked = crate::asks::what_is_asked(board, state, h, lang);
    t.lines.extend(examples(&asked));
    if !t.lines.is_empty() {
        t.notes.push(if zh(lang) {
            "每一行是一个问题的回答,按你的决定改写顺序;每个问题的说明见下方「写法」。".into()
        } else {
            "Each line answers one question: reorder it as you decide; each question is explained under \"How to write it\" below.".into()
        });
    }
}

/// The example answers of the questions' text: its indented lines, and the answers quoted in a
/// sentence (「奖励: 召回 将领」, "reward: recall a leader") that hold a colon — one line each,
/// so that the player keeps the one he chooses.
fn examples(asked: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in asked.lines() {
        if line.starts_with("  ") && !line.trim().is_empty() {
            out.push(line.trim().to_string());
            continue;
        }
        for (open, close) in [('「', '」'), ('"', '"')] {
            let mut rest = line;
            while let Some(i) = rest.find(open) {
                let after = &rest[i + open.len_utf8()..];
                let Some(j) = after.find(close) else {
                    break;
                };
                let quoted = &after[..j];
                if quoted.contains(':') || quoted.contains(':') {
                    out.push(quoted.trim().to_string());
                }
                rest = &after[j + close.len_utf8()..];
            }
        }
    }
    out
}

fn placement(board: &Board, state: &GameState, h: HouseId, lang: Lang, t: &mut Template) {
    let own = own_areas(board, state, h);
    let units: Vec<String> = own
        .iter()
        .map(|a| format!("{} {}", board.area(*a).name(lang), units_code(state, *a)))
        .collect();
    t.notes.push(if zh(lang) {
        format!("你的部队:{}", list(&units, lang))
    } else {
        format!("Your units: {}", list(&units, lang))
    });
    for a in own {
        t.lines
            .push(format!("{} {BLANK}", board.area(a).name(lang)));
    }
}

fn plan(board: &Board, state: &GameState, h: HouseId, lang: Lang, t: &mut Template) {
    let z = zh(lang);
    let mut n = 0;
    for a in board.area_ids().filter(|a| state.occupant(*a) == Some(h)) {
        let Some(order) = state.area(a).order else {
            continue;
        };
        let name = board.area(a).name(lang);
        let units = if z {
            format!("{name}部队")
        } else {
            format!("{name} units")
        };
        match order.kind {
            OrderType::March => {
                n += 1;
                t.lines.push(if z {
                    format!("{n}) {units} 移动到 {BLANK}(将领: {BLANK})")
                } else {
                    format!("{n}) {units} move to {BLANK} (leader: {BLANK})")
                });
                let land = board.area(a).is_land();
                let near: Vec<String> = state
                    .neighbours(board, a)
                    .into_iter()
                    .filter(|b| board.area(*b).is_land() == land && !board.area(*b).is_port())
                    .map(|b| board.area(b).name(lang).to_string())
                    .collect();
                t.notes.push(if near.is_empty() {
                    if z {
                        format!(
                            "{name}({}):没有相邻的同类区域,只能由战舰运输",
                            units_code(state, a)
                        )
                    } else {
                        format!(
                            "{name} ({}): no neighbour of its kind; it moves only by ship",
                            units_code(state, a)
                        )
                    }
                } else if z {
                    format!(
                        "{name}({}) 相邻:{}",
                        units_code(state, a),
                        list(&near, lang)
                    )
                } else {
                    format!(
                        "{name} ({}) borders: {}",
                        units_code(state, a),
                        list(&near, lang)
                    )
                });
            }
            OrderType::Raid => {
                t.lines.push(if z {
                    format!("{units} 突袭 {BLANK}")
                } else {
                    format!("{units} raid {BLANK}")
                });
            }
            _ => {}
        }
    }
    if n > 0 {
        let l = leaders(board, state, h, lang);
        t.notes.push(match (l.is_empty(), z) {
            (false, true) => format!(
                "可用将领:{}(每支行军部队一名;不派将领就删去括号)",
                list(&l, lang)
            ),
            (false, false) => format!(
                "Leaders available: {} (one per marching army; to send none, delete the brackets)",
                list(&l, lang)
            ),
            (true, true) => "你没有可用的将领:删去括号。".into(),
            (true, false) => "You have no leader available: delete the brackets.".into(),
        });
    }
}

fn events_lines(board: &Board, state: &GameState, h: HouseId, lang: Lang, t: &mut Template) {
    let z = zh(lang);
    let Some(ev) = current(state).filter(|e| e.round == state.round) else {
        return;
    };
    if !events::pending_choices(state).is_empty() {
        return;
    }
    let power = state.house(h).power;
    match ev.effective(Category::Economic) {
        Some(EventCard::Supply) => {
            let d =
                economy::default_disbanding(board, state, h, state.barrels_controlled(board, h));
            if !d.is_empty() {
                let ex: Vec<String> = d
                    .iter()
                    .map(|(a, k)| format!("{} 1{}", board.area(*a).name(lang), k.code()))
                    .collect();
                t.lines.push(format!(
                    "{} {}",
                    if z { "裁军:" } else { "disband:" },
                    ex.join(", ")
                ));
                t.notes.push(if z {
                    format!("需要裁掉{}个单位(模板中是默认裁法,可以改)", d.len())
                } else {
                    format!(
                        "Disband {} (the template holds the default; change it if you like)",
                        crate::plural::count_en(d.len() as i64, "unit")
                    )
                });
            }
        }
        Some(EventCard::Muster) => {
            let pts: Vec<(AreaId, u8)> = muster::points(board, state, h)
                .into_iter()
                .filter(|(_, p)| *p > 0)
                .collect();
            for (c, p) in &pts {
                let c = board.area(*c).name(lang);
                t.lines.push(format!(
                    "{} {c} {BLANK}",
                    if z { "征兵:" } else { "muster:" }
                ));
                t.notes.push(if z {
                    format!("{c}:征兵点数 {p}(写法如 1F)")
                } else {
                    format!(
                        "{c}: {} (written like 1F)",
                        crate::plural::count_en(*p, "muster point")
                    )
                });
            }
        }
        _ => {}
    }
    if ev.effective(Category::Political) == Some(EventCard::ClashOfKings) && power > 0 {
        t.lines.push(format!(
            "{} {BLANK} {BLANK} {BLANK}",
            if z { "出价:" } else { "bid:" }
        ));
        let wild = ev.effective(Category::Military) == Some(EventCard::WildlingAttack);
        let also = crate::asks::spent_too(wild, lang);
        t.notes.push(if z {
            format!("出价依次为铁王座、封邑、御前会议,合计不超过手中的{power}个势力标志{also}")
        } else {
            format!(
                "Bids on the Iron Throne, Fiefdoms and King's Court, in that order, at most your {} in all{also}",
                crate::plural::count_en(power, "token")
            )
        });
    }
    if ev.effective(Category::Military) == Some(EventCard::WildlingAttack) && power > 0 {
        t.lines.push(format!(
            "{} {BLANK}",
            if z { "野人:" } else { "wildlings:" }
        ));
        let have = power as u32
            + maester_rules::event_phase::wildlings::BidBudget::of(board, state, h, None).income
                as u32;
        t.notes.push(if z {
            format!("野人出价:不超过你届时的{have}个势力标志,减去诸王争霸出价和建造港口、防御工事的费用")
        } else {
            format!(
                "Wildling bid: at most the {} you will have, less the Clash of Kings bids and the cost of any port or fortification",
                crate::plural::count_en(have as i64, "token")
            )
        });
    }
}
