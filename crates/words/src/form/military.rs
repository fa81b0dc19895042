//! The forms of the military steps: placing orders (each area with the orders its units may
//! take this round), the Raven's one change, the plan (each march with the areas it reaches and
//! a leader slot, each raid with the orders it can remove, a defender slot in every area an
//! enemy's revealed march can reach), and retreats.

use super::{Blank, Form, FormLine, Limit, list, one_blank, optional_word, split, zh};
use crate::Spelling;
use crate::offer::Offer;
use maester_board::{AreaId, Board, HouseId, Lang, LeaderId, Order, OrderType, UnitKind};
use maester_rules::{GameState, Step, Track};

fn units_code(state: &GameState, a: AreaId) -> String {
    let kinds: Vec<UnitKind> = state.area(a).units.iter().map(|u| u.kind).collect();
    crate::log::codes(&kinds)
}

/// Placement: one line per area with units, its blank offering every order the intake accepts
/// there alone; the per-kind limits and the special orders' limit stated and carried.
pub(super) fn placement(board: &Board, state: &GameState, h: HouseId, lang: Lang, f: &mut Form) {
    let offer = Offer::new(board, state, h, Step::Placement, lang);
    let z = zh(lang);
    let mut normal: Vec<(OrderType, String)> = Vec::new();
    let mut special: Vec<String> = Vec::new();
    for a in offer.held() {
        let name = board.area(a).name(lang).to_string();
        let mut candidates: Vec<(String, String)> = Vec::new();
        for kind in OrderType::ALL {
            for sp in [false, true] {
                let line = offer.placement_line(a, Order { kind, special: sp });
                if !offer.accepts(std::slice::from_ref(&line)) {
                    continue;
                }
                let Some(choice) = line.strip_prefix(&name).map(|c| c.trim_start().to_string())
                else {
                    continue;
                };
                if sp {
                    if !special.contains(&choice) {
                        special.push(choice.clone());
                    }
                } else if !normal.iter().any(|(_, c)| *c == choice) {
                    normal.push((kind, choice.clone()));
                }
                candidates.push((choice, line));
            }
        }
        let hint = if z {
            format!("{}:{}", units_code(state, a), "{}")
        } else {
            format!("{}: {}", units_code(state, a), "{}")
        };
        if let Some(mut l) = one_blank(candidates, String::new(), false) {
            l.hint = hint.replace("{}", &list(&l.blanks[0].choices, lang));
            l.area = Some(a);
            f.lines.push(l);
        }
    }
    let slots: Vec<(usize, usize)> = (0..f.lines.len()).map(|i| (i, 0)).collect();
    let mut limits_said: Vec<String> = Vec::new();
    for kind in OrderType::ALL {
        let choices: Vec<String> = normal
            .iter()
            .filter(|(k, _)| *k == kind)
            .map(|(_, c)| c.clone())
            .collect();
        let max = board.rules.order_limit(kind) as usize;
        if choices.is_empty() || max >= f.lines.len() {
            continue;
        }
        limits_said.push(format!("{} {max}", choices[0]));
        f.limits.push(Limit::AtMost {
            slots: slots.clone(),
            choices,
            max,
        });
    }
    let rank = state.rank(Track::KingsCourt, h);
    let allowed = board.rules.special_orders(rank) as usize;
    if !special.is_empty() {
        f.limits.push(Limit::Distinct(slots.clone()));
        f.limits.push(Limit::AtMost {
            slots,
            choices: special.clone(),
            max: allowed,
        });
    }
    f.notes.push(match (z, limits_said.is_empty()) {
        (true, false) => format!("每种普通命令最多:{}。", limits_said.join("、")),
        (false, false) => format!("At most, of each normal order: {}.", limits_said.join(", ")),
        _ => String::new(),
    });
    if !special.is_empty() {
        f.notes.push(if z {
            format!("带 + 的特殊命令:你在御前会议排第{rank}名,最多用{allowed}个,每种一个。")
        } else {
            format!(
                "Special orders (with +): King's Court rank {rank}, at most {allowed}, each kind once."
            )
        });
    }
    f.notes.push(if z {
        "不放命令的区域:整行删去(或保留 ___)。".into()
    } else {
        "An area you leave without an order: delete its line (or leave the ___).".into()
    });
    f.notes.retain(|n| !n.is_empty());
}

/// The Raven holder: one line per revealed order of his, offering the orders it may become;
/// one of them is sent, or `无`.
pub(super) fn raven(board: &Board, state: &GameState, h: HouseId, lang: Lang, f: &mut Form) {
    let offer = Offer::new(board, state, h, Step::Raven, lang);
    let mut lines: Vec<usize> = Vec::new();
    for a in offer.held() {
        if state.area(a).order.is_none() {
            continue;
        }
        let name = board.area(a).name(lang).to_string();
        let mut candidates: Vec<(String, String)> = Vec::new();
        for kind in OrderType::ALL {
            for sp in [false, true] {
                let line = offer.raven_line(a, Order { kind, special: sp });
                if !offer.accepts(std::slice::from_ref(&line)) {
                    continue;
                }
                let Some(i) = line.find(&name) else {
                    continue;
                };
                let choice = line[i + name.len()..].trim_start().to_string();
                candidates.push((choice, line));
            }
        }
        if let Some(mut l) = one_blank(candidates, String::new(), true) {
            let now = state
                .area(a)
                .order
                .map(|o| if zh(lang) { o.name_zh() } else { o.name_en() })
                .unwrap_or_default();
            l.hint = if zh(lang) {
                format!("现为{now};可改为:{}", list(&l.blanks[0].choices, lang))
            } else {
                format!(
                    "now {now}; may become: {}",
                    list(&l.blanks[0].choices, lang)
                )
            };
            l.area = Some(a);
            lines.push(f.lines.len());
            f.lines.push(l);
        }
    }
    if !lines.is_empty() {
        f.limits.push(Limit::OneOf(lines));
        f.notes.push(if zh(lang) {
            "信鸦只改一条命令:留下一行,删去其余;不改就只回复「无」。".into()
        } else {
            "The Raven changes one order: keep one line, delete the others; to change none, reply just \"pass\".".into()
        });
    }
}

/// The areas a revealed march of another house can reach: its neighbours of its kind, and for
/// an army the coasts its own ships carry it to (004:L1551, transport by a chain of its ships).
fn reachable_by_enemies(board: &Board, state: &GameState, h: HouseId) -> Vec<AreaId> {
    let mut out: Vec<AreaId> = Vec::new();
    for e in board.area_ids() {
        let st = state.area(e);
        let Some(enemy) = st.house.filter(|x| *x != h) else {
            continue;
        };
        if st.units.is_empty() || st.order.map(|o| o.kind) != Some(OrderType::March) {
            continue;
        }
        let land = board.area(e).is_land();
        for b in state.neighbours(board, e) {
            if board.area(b).is_land() == land && !board.area(b).is_port() {
                out.push(b);
            }
        }
        if !land {
            continue;
        }
        out.extend(by_own_ships(board, state, enemy, e));
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The plan: each march with where it may go and a leader slot, each raid with its targets, a
/// defender slot where an enemy march can reach; leaders are used once.
pub(super) fn plan(offer: &Offer, lang: Lang, f: &mut Form) {
    let board = offer.board();
    let state = offer.state();
    let h = offer.house();
    let z = zh(lang);
    let free = crate::teach::available_leaders(state, h);
    let leader_name = |l: LeaderId| offer.names().leaders.name(l, lang).to_string();
    let mut leader_slots: Vec<(usize, usize)> = Vec::new();
    let mut n: u16 = 0;
    for a in offer.held() {
        let Some(order) = state.area(a).order else {
            continue;
        };
        let name = board.area(a).name(lang).to_string();
        match order.kind {
            OrderType::March => {
                if let Some(mut l) = march_line(offer, a, n + 1, &free, lang) {
                    l.area = Some(a);
                    n += 1;
                    if l.blanks.len() == 2 {
                        leader_slots.push((f.lines.len(), 1));
                    }
                    f.lines.push(l);
                } else {
                    f.notes.push(if z {
                        format!(
                            "{name}({}):无处可去,这条行军不能执行。",
                            units_code(state, a)
                        )
                    } else {
                        format!(
                            "{name} ({}): nowhere to go; this march cannot be carried out.",
                            units_code(state, a)
                        )
                    });
                }
            }
            OrderType::Raid => {
                let candidates: Vec<(String, String)> =
                    crate::offer::raid_targets(board, state, h, a)
                        .into_iter()
                        .map(|t| (board.area(t).name(lang).to_string(), offer.raid_line(a, t)))
                        .filter(|(_, l)| offer.accepts(std::slice::from_ref(l)))
                        .collect();
                match one_blank(candidates, String::new(), false) {
                    Some(mut l) => {
                        l.area = Some(a);
                        l.hint = if z {
                            format!("可突袭:{}", list(&l.blanks[0].choices, lang))
                        } else {
                            format!("may raid: {}", list(&l.blanks[0].choices, lang))
                        };
                        f.lines.push(l);
                    }
                    None => f.notes.push(if z {
                        format!("{name}的突袭:相邻区域没有可以移除的命令,这条突袭不会执行。")
                    } else {
                        format!(
                            "The raid from {name}: no neighbouring order it can remove; it will not be carried out."
                        )
                    }),
                }
            }
            _ => {}
        }
    }
    let threatened = reachable_by_enemies(board, state, h);
    if !free.is_empty() {
        for a in offer.held() {
            if !threatened.contains(&a) {
                continue;
            }
            let candidates: Vec<(String, String)> = free
                .iter()
                .map(|l| (leader_name(*l), offer.defender_line(a, *l)))
                .filter(|(_, line)| offer.accepts(std::slice::from_ref(line)))
                .collect();
            if let Some(mut l) = one_blank(candidates, String::new(), true) {
                l.blanks[0].optional = true;
                l.hint = if z {
                    format!(
                        "{}:敌军的行军可以到达这里;守将可选:{}",
                        optional_word(lang),
                        list(&l.blanks[0].choices, lang)
                    )
                } else {
                    format!(
                        "{}: an enemy march can reach this area; defender: {}",
                        optional_word(lang),
                        list(&l.blanks[0].choices, lang)
                    )
                };
                l.area = Some(a);
                leader_slots.push((f.lines.len(), 0));
                f.lines.push(l);
            }
        }
    }
    if leader_slots.len() > 1 {
        f.limits.push(Limit::Distinct(leader_slots));
    }
    if !free.is_empty() && !f.lines.is_empty() {
        let names: Vec<String> = free.iter().map(|l| leader_name(*l)).collect();
        f.notes.push(if z {
            format!(
                "你可用的将领:{}。每名将领只能派一次;不派将领就保留 ___(或删去括号)。",
                list(&names, lang)
            )
        } else {
            format!(
                "Your leaders free this round: {}. Each goes once; for none, leave the ___ (or delete the brackets).",
                list(&names, lang)
            )
        });
    }
}

/// The march of `from` as step `n`: a blank for where it goes and, when the house has a free
/// leader, one for who leads it (optional).
fn march_line(
    offer: &Offer,
    from: AreaId,
    n: u16,
    free: &[LeaderId],
    lang: Lang,
) -> Option<FormLine> {
    let board = offer.board();
    let state = offer.state();
    let land = board.area(from).is_land();
    let mut near: Vec<AreaId> = state
        .neighbours(board, from)
        .into_iter()
        .filter(|b| board.area(*b).is_land() == land && !board.area(*b).is_port())
        .collect();
    if land {
        near.extend(by_own_ships(board, state, offer.house(), from));
        near.sort_unstable();
        near.dedup();
        near.retain(|b| *b != from);
    }
    let dests: Vec<AreaId> = near
        .into_iter()
        .filter(|b| {
            let line = offer.march_line_numbered(from, *b, Some(n), None);
            offer.accepts(std::slice::from_ref(&line))
        })
        .collect();
    let first = *dests.first()?;
    let name = |a: AreaId| offer.names().areas.name(a, lang).to_string();
    let leader_name = |l: LeaderId| offer.names().leaders.name(l, lang).to_string();
    let leaders: Vec<LeaderId> = free
        .iter()
        .copied()
        .filter(|l| {
            let line = offer.march_line_numbered(from, first, Some(n), Some(*l));
            offer.accepts(std::slice::from_ref(&line))
        })
        .collect();
    let z = zh(lang);
    let Some(&l0) = leaders.first() else {
        let candidates = dests
            .iter()
            .map(|d| (name(*d), offer.march_line_numbered(from, *d, Some(n), None)))
            .collect();
        let mut l = one_blank(candidates, String::new(), false)?;
        l.hint = if z {
            format!("可到达:{}", list(&l.blanks[0].choices, lang))
        } else {
            format!("may go to: {}", list(&l.blanks[0].choices, lang))
        };
        return Some(l);
    };
    let full = offer.march_line_numbered(from, first, Some(n), Some(l0));
    let (before_leader, after) = split(&full, &leader_name(l0))?;
    let (p0, p1) = split(&before_leader, &name(first))?;
    let mut dest_choices: Vec<String> = Vec::new();
    for d in &dests {
        let expect = offer.march_line_numbered(from, *d, Some(n), Some(l0));
        if format!("{p0}{}{p1}{}{after}", name(*d), leader_name(l0)) == expect {
            dest_choices.push(name(*d));
        }
    }
    let mut leader_choices: Vec<String> = Vec::new();
    for l in &leaders {
        let expect = offer.march_line_numbered(from, first, Some(n), Some(*l));
        if format!("{p0}{}{p1}{}{after}", name(first), leader_name(*l)) == expect {
            leader_choices.push(leader_name(*l));
        }
    }
    let hint = if z {
        format!(
            "可到达:{};将领({}):{}",
            list(&dest_choices, lang),
            optional_word(lang),
            list(&leader_choices, lang)
        )
    } else {
        format!(
            "may go to: {}; leader ({}): {}",
            list(&dest_choices, lang),
            optional_word(lang),
            list(&leader_choices, lang)
        )
    };
    Some(FormLine {
        parts: vec![p0, p1, after],
        blanks: vec![
            Blank {
                choices: dest_choices,
                optional: false,
            },
            Blank {
                choices: leader_choices,
                optional: true,
            },
        ],
        hint,
        optional: false,
        area: None,
    })
}

/// The land areas an army in `from` reaches by a chain of the house's own ships (004:L1551).
fn by_own_ships(board: &Board, state: &GameState, h: HouseId, from: AreaId) -> Vec<AreaId> {
    let mut seas: Vec<AreaId> = Vec::new();
    let mut frontier = vec![from];
    while let Some(x) = frontier.pop() {
        for s in state.neighbours(board, x) {
            let st = state.area(s);
            if board.area(s).is_sea()
                && !seas.contains(&s)
                && st.house == Some(h)
                && !st.units.is_empty()
            {
                seas.push(s);
                frontier.push(s);
            }
        }
    }
    let mut out: Vec<AreaId> = Vec::new();
    for s in seas {
        out.extend(
            state
                .neighbours(board, s)
                .into_iter()
                .filter(|b| board.area(*b).is_land() && !board.area(*b).is_port()),
        );
    }
    out
}

/// Retreats: for each beaten force of the house with a choice, where it may go.
pub(super) fn retreat(board: &Board, state: &GameState, h: HouseId, lang: Lang, f: &mut Form) {
    let offer = Offer::new(board, state, h, Step::Retreat, lang);
    for p in state
        .pending_retreats
        .iter()
        .filter(|p| p.house == h && p.candidates.len() > 1)
    {
        let from = board.area(p.from).name(lang).to_string();
        let candidates: Vec<(String, String)> = p
            .candidates
            .iter()
            .map(|a| {
                let to = board.area(*a).name(lang).to_string();
                let line = if zh(lang) {
                    format!("撤退 {from} 到 {to}")
                } else {
                    format!("retreat {from} to {to}")
                };
                (to, line)
            })
            .filter(|(_, l)| offer.accepts(std::slice::from_ref(l)))
            .collect();
        if let Some(mut l) = one_blank(candidates, String::new(), false) {
            l.hint = if zh(lang) {
                format!(
                    "可撤往:{}(不回复则撤到{})",
                    list(&l.blanks[0].choices, lang),
                    l.blanks[0].choices[0]
                )
            } else {
                format!(
                    "may retreat to: {} (without an answer: {})",
                    list(&l.blanks[0].choices, lang),
                    l.blanks[0].choices[0]
                )
            };
            l.area = Some(p.from);
            f.lines.push(l);
        }
    }
}
