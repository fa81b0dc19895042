//! The forms of the event steps: the default disbanding to a Supply event (prefilled), a line
//! per muster point of each castle offering only what the castle can muster within its points
//! and the supply limit, the bids with their maximum, and the second window's answers — each
//! reward, tie and penalty line exactly as the intake reads it.

use super::{Blank, Form, FormLine, Limit, list, one_blank, zh};
use crate::asks::options::as_muster;
use crate::offer::Offer;
use maester_board::{AreaId, Board, HouseId, Lang, LeaderId, UnitKind};
use maester_game as game;
use maester_lang::ast::{Item, Reward, UnitRef, UnitSel};
use maester_rules::event_phase::economy;
use maester_rules::event_phase::events::{self, Category, EventCard, current};
use maester_rules::{GameState, LeaderStatus, Step};

/// The numbers `0..=max` as choices.
fn numbers(max: u32) -> Vec<String> {
    (0..=max).map(|n| n.to_string()).collect()
}

/// The event step of `h`.
pub(super) fn events(board: &Board, state: &GameState, h: HouseId, lang: Lang, f: &mut Form) {
    let z = zh(lang);
    let Some(ev) = current(state).filter(|e| e.round == state.round) else {
        return;
    };
    if !events::pending_choices(state).is_empty() {
        return;
    }
    let offer = Offer::new(board, state, h, Step::Events, lang);
    match ev.effective(Category::Economic) {
        Some(EventCard::Supply) => {
            let d =
                economy::default_disbanding(board, state, h, state.barrels_controlled(board, h));
            if !d.is_empty() {
                let ex: Vec<String> = d
                    .iter()
                    .map(|(a, k)| format!("{} 1{}", board.area(*a).name(lang), k.code()))
                    .collect();
                let line = format!("{} {}", if z { "裁军:" } else { "disband:" }, ex.join(", "));
                if offer.accepts(std::slice::from_ref(&line)) {
                    f.lines.push(FormLine::fixed(
                        line,
                        if z {
                            format!("需要裁掉{}个单位:这是默认裁法,可以改成你的部队", d.len())
                        } else {
                            format!(
                                "{} to disband: this is the default; you may name others",
                                crate::plural::count_en(d.len() as i64, "unit")
                            )
                        },
                        false,
                    ));
                }
            }
        }
        Some(EventCard::Muster) => muster(board, state, &offer, lang, f),
        _ => {}
    }
    let power = state.house(h).power as u32;
    let clash = ev.effective(Category::Political) == Some(EventCard::ClashOfKings) && power > 0;
    let wild = ev.effective(Category::Military) == Some(EventCard::WildlingAttack) && power > 0;
    let mut bid_slots: Vec<(usize, usize)> = Vec::new();
    if clash {
        let i = f.lines.len();
        f.lines.push(FormLine {
            parts: vec![
                format!("{} ", if z { "出价:" } else { "bid:" }),
                " ".into(),
                " ".into(),
                String::new(),
            ],
            blanks: vec![
                Blank {
                    choices: numbers(power),
                    optional: false,
                };
                3
            ],
            hint: if z {
                format!("依次为铁王座、封邑、御前会议,各 0–{power},合计不超过{power}")
            } else {
                format!(
                    "Iron Throne, Fiefdoms, King's Court in that order, each 0–{power}, at most {power} in all"
                )
            },
            optional: false,
            area: None,
        });
        bid_slots = vec![(i, 0), (i, 1), (i, 2)];
        f.limits.push(Limit::SumAtMost {
            slots: bid_slots.clone(),
            max: power,
        });
    }
    if wild {
        let have = power
            + maester_rules::event_phase::wildlings::BidBudget::of(board, state, h, None).income
                as u32;
        let i = f.lines.len();
        f.lines.push(FormLine {
            parts: vec![
                format!("{} ", if z { "野人:" } else { "wildlings:" }),
                String::new(),
            ],
            blanks: vec![Blank {
                choices: numbers(have),
                optional: false,
            }],
            hint: if z {
                format!("0–{have}:你届时的{have}个势力标志减去上面的出价")
            } else {
                format!("0–{have}: the {have} tokens you will have, less the bids above")
            },
            optional: false,
            area: None,
        });
        bid_slots.push((i, 0));
        f.limits.push(Limit::SumAtMost {
            slots: bid_slots,
            max: have,
        });
    }
}

/// A line per muster point of each castle, offering every item the castle can muster alone.
fn muster(board: &Board, state: &GameState, offer: &Offer, lang: Lang, f: &mut Form) {
    let z = zh(lang);
    let h = offer.house();
    let mut any = false;
    for o in game::muster_options(board, state, h) {
        let castle = board.area(o.castle).name(lang).to_string();
        let candidates: Vec<(String, String)> = o
            .items
            .iter()
            .map(|it| {
                let full = offer.echo(&Item::Muster(vec![as_muster(it)]));
                (after_castle(&full, &castle), full)
            })
            .filter(|(_, full)| offer.accepts(std::slice::from_ref(full)))
            .collect();
        let Some(mut l) = one_blank(candidates, String::new(), true) else {
            continue;
        };
        // A castle of two points may muster two items: each pair the rules accept together,
        // written after the castle as one choice.
        if o.points > 1 {
            let singles = l.blanks[0].choices.clone();
            let sep = if z { "、" } else { "; " };
            for (i, a) in singles.iter().enumerate() {
                for b in &singles[i..] {
                    let pair = format!("{a}, {b}");
                    let line = format!("{}{pair}{}", l.parts[0], l.parts[1]);
                    if offer.accepts(std::slice::from_ref(&line)) {
                        l.blanks[0].choices.push(pair);
                    }
                }
            }
            l.hint = if z {
                format!("{castle}{}点:{}", o.points, l.blanks[0].choices.join(sep))
            } else {
                format!(
                    "{castle}, {}: {}",
                    crate::plural::count_en(o.points as i64, "point"),
                    l.blanks[0].choices.join(sep)
                )
            };
        } else {
            l.hint = if z {
                format!(
                    "{castle}{}点:{}",
                    o.points,
                    list(&l.blanks[0].choices, lang)
                )
            } else {
                format!(
                    "{castle}, {}: {}",
                    crate::plural::count_en(o.points as i64, "point"),
                    list(&l.blanks[0].choices, lang)
                )
            };
        }
        f.lines.push(l);
        any = true;
    }
    if any {
        f.limits.push(Limit::Rules);
        f.notes.push(if z {
            "征兵(每行可选):每个城堡一行,选一项(两点的城堡可以选两项的组合);所有城堡合计不超过补给上限;不征兵就删去这些行。".into()
        } else {
            "Mustering (each line optional): one line a castle, one choice (a castle of two points may take a pair); all castles together within your supply limit; delete the lines you do not use.".into()
        });
    }
}

/// What a muster line says after its keyword and castle (`1F`, `1F 升级为骑士`, `1S 到 海域`).
fn after_castle(full: &str, castle: &str) -> String {
    let body = full
        .split_once(": ")
        .or_else(|| full.split_once(':'))
        .map_or(full, |(_, r)| r);
    body.strip_prefix(castle)
        .map_or(body, str::trim_start)
        .to_string()
}

/// The second event window: each question put to `h`, as lines the intake reads.
pub(super) fn answers(board: &Board, state: &GameState, h: HouseId, lang: Lang, f: &mut Form) {
    let offer = Offer::new(board, state, h, Step::EventsAnswers, lang);
    let asked = crate::asks::what_is_asked(board, state, h, lang);
    use maester_rules::event_phase::Question;
    // The reward, chosen by its winner or, where the King names him among the tied, by each
    // of them beforehand.
    let reward = game::open_questions(board, state).iter().any(|q| match q {
        Question::WildlingReward(x) => *x == h,
        Question::WildlingTie {
            houses,
            reward: true,
            ..
        } => houses.contains(&h),
        _ => false,
    });
    if reward {
        reward_line(board, state, &offer, lang, f);
    }
    let reward_kw = if zh(lang) { "奖励" } else { "reward" };
    for line in examples(&asked) {
        if reward && line.to_lowercase().starts_with(reward_kw) {
            continue;
        }
        if f.lines.iter().any(|l| l.text() == line) {
            continue;
        }
        if offer.accepts(std::slice::from_ref(&line)) {
            f.lines.push(FormLine::fixed(
                line,
                if zh(lang) {
                    "按你的决定改写(说明见下方)".into()
                } else {
                    "rewrite it as you decide (explained below)".into()
                },
                false,
            ));
        }
    }
}

/// The Night's Watch reward: one blank offering every reward the intake accepts for `h`.
fn reward_line(board: &Board, state: &GameState, offer: &Offer, lang: Lang, f: &mut Form) {
    let h = offer.house();
    let mut items: Vec<Reward<maester_lang::Resolved>> = Vec::new();
    let resting: Vec<LeaderId> = state
        .house(h)
        .leaders
        .iter()
        .filter(|(_, s)| matches!(s, LeaderStatus::Resting { .. }))
        .map(|(l, _)| *l)
        .collect();
    items.extend(resting.into_iter().map(Reward::Recall));
    let infantry: Vec<(AreaId, UnitKind)> = board
        .area_ids()
        .filter(|a| state.occupant(*a) == Some(h))
        .flat_map(|a| {
            state
                .area(a)
                .units
                .iter()
                .filter(|u| matches!(u.kind, UnitKind::Footman | UnitKind::Archer))
                .map(move |u| (a, u.kind))
                .collect::<Vec<_>>()
        })
        .collect();
    let unit = |(a, k): (AreaId, UnitKind)| {
        let mut c = [0u8; 5];
        c[k.index()] = 1;
        UnitRef {
            area: a,
            units: UnitSel::Counts(c),
        }
    };
    if infantry.len() >= 2 {
        items.push(Reward::Upgrade(vec![unit(infantry[0]), unit(infantry[1])]));
    }
    for it in infantry.iter().take(3) {
        items.push(Reward::Upgrade(vec![unit(*it)]));
    }
    for o in game::muster_options(board, state, h) {
        for it in o.items.iter() {
            items.push(Reward::Muster(vec![as_muster(it)]));
        }
    }
    let kw = if zh(lang) { "奖励: " } else { "reward: " };
    let candidates: Vec<(String, String)> = items
        .into_iter()
        .map(|r| offer.echo(&Item::Reward(r)))
        .filter(|full| offer.accepts(std::slice::from_ref(full)))
        .filter_map(|full| Some((full.strip_prefix(kw)?.to_string(), full)))
        .collect();
    if let Some(mut l) = one_blank(candidates, String::new(), true) {
        l.hint = if zh(lang) {
            format!(
                "守夜人的奖励,选一项:{};不回复则放弃",
                list(&l.blanks[0].choices, lang)
            )
        } else {
            format!(
                "the Night's Watch reward, one of: {}; without an answer it lapses",
                list(&l.blanks[0].choices, lang)
            )
        };
        f.lines.push(l);
    }
}

/// The example answers of the questions' text: its indented lines, and the answers quoted in a
/// sentence (「平局: 红狮 > 白狼」) that hold a colon — one line each.
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
