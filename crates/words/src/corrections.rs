//! A GM's correction of the state, as the players read it: one line per area, house, track,
//! leader or counter that differs, `before → after`; and what a corrected close changed for
//! one house against the close it replaces (its battles, its areas).

use crate::log::units;
use maester_board::{AreaId, Board, HouseId, Lang};
use maester_rules::GameState;
use maester_rules::log::{BattleReport, Defender};
use maester_rules::state::LeaderStatus;

fn area_side(board: &Board, s: &GameState, a: AreaId, lang: Lang) -> String {
    let st = s.area(a);
    let mut parts = Vec::new();
    let kinds: Vec<_> = st.units.as_slice().iter().map(|u| u.kind).collect();
    if let Some(h) = st.house {
        let who = board.house(h).name(lang);
        parts.push(if kinds.is_empty() {
            who.to_string()
        } else {
            format!("{who} {}", units(&kinds, lang))
        });
    }
    if let Some(t) = st.token {
        let who = board.house(t).name(lang);
        parts.push(match lang {
            Lang::Zh => format!("{who}势力标志"),
            Lang::En => format!("{who} power token"),
        });
    }
    if let Some(f) = st.fortification {
        let who = board.house(f).name(lang);
        parts.push(match lang {
            Lang::Zh => format!("{who}要塞"),
            Lang::En => format!("{who} fortification"),
        });
    }
    if let Some(n) = st.neutral {
        parts.push(match lang {
            Lang::Zh => format!("中立守军{n}"),
            Lang::En => format!("neutral garrison {n}"),
        });
    }
    if parts.is_empty() {
        return match lang {
            Lang::Zh => "空".into(),
            Lang::En => "empty".into(),
        };
    }
    parts.join(match lang {
        Lang::Zh => "、",
        Lang::En => ", ",
    })
}

fn track_text(board: &Board, t: &[HouseId], lang: Lang) -> String {
    t.iter()
        .map(|h| board.house(*h).name(lang))
        .collect::<Vec<_>>()
        .join(" > ")
}

fn leader_text(status: LeaderStatus, lang: Lang) -> String {
    match (status, lang) {
        (LeaderStatus::Available, Lang::Zh) => "可用".into(),
        (LeaderStatus::Available, Lang::En) => "available".into(),
        (LeaderStatus::Resting { since }, Lang::Zh) => format!("休养(自第{since}回合)"),
        (LeaderStatus::Resting { since }, Lang::En) => format!("resting (since round {since})"),
    }
}

/// Every difference between `before` and `after`, one line each, board order.
pub fn state_changes(
    board: &Board,
    before: &GameState,
    after: &GameState,
    lang: Lang,
) -> Vec<String> {
    let mut out = Vec::new();
    for (i, area) in board.areas.iter().enumerate() {
        let a = AreaId(i as u16);
        let (x, y) = (
            area_side(board, before, a, lang),
            area_side(board, after, a, lang),
        );
        if x != y {
            out.push(format!("{}: {x} → {y}", area.name(lang)));
        }
    }
    for (i, house) in board.houses.iter().enumerate() {
        let h = HouseId(i as u8);
        let (x, y) = (before.house(h), after.house(h));
        let name = house.name(lang);
        if x.power != y.power {
            out.push(match lang {
                Lang::Zh => format!("{name}手中势力标志: {} → {}", x.power, y.power),
                Lang::En => format!("{name} power tokens in hand: {} → {}", x.power, y.power),
            });
        }
        if x.barrels != y.barrels {
            out.push(match lang {
                Lang::Zh => format!("{name}木桶(补给): {} → {}", x.barrels, y.barrels),
                Lang::En => format!("{name} supply: {} → {}", x.barrels, y.barrels),
            });
        }
        for ((l, a), (_, b)) in x.leaders.iter().zip(y.leaders.iter()) {
            if a != b {
                out.push(format!(
                    "{}: {} → {}",
                    board.leader(*l).name(lang),
                    leader_text(*a, lang),
                    leader_text(*b, lang)
                ));
            }
        }
    }
    let names = match lang {
        Lang::Zh => ["铁王座", "封邑", "御前会议"],
        Lang::En => ["Iron Throne", "Fiefdoms", "King's Court"],
    };
    for (i, name) in names.iter().enumerate() {
        let (x, y) = (before.tracks[i].as_slice(), after.tracks[i].as_slice());
        if x != y {
            out.push(format!(
                "{name}: {} → {}",
                track_text(board, x, lang),
                track_text(board, y, lang)
            ));
        }
    }
    if before.wildlings != after.wildlings {
        out.push(match lang {
            Lang::Zh => format!("野人威胁: {} → {}", before.wildlings, after.wildlings),
            Lang::En => format!(
                "Wildling threat: {} → {}",
                before.wildlings, after.wildlings
            ),
        });
    }
    out
}

/// One close as a correction compares it: the state after it and its military log.
#[derive(Clone, Copy)]
pub struct CloseSeen<'a> {
    /// The state after the close.
    pub after: &'a GameState,
    /// Its military log.
    pub log: &'a [maester_rules::log::Event],
}

fn battles_of(log: &[maester_rules::log::Event], h: HouseId) -> Vec<&BattleReport> {
    log.iter()
        .filter_map(|e| match e {
            maester_rules::log::Event::Battle(b)
                if b.attacker == h || b.defender == Defender::House(h) =>
            {
                Some(b)
            }
            _ => None,
        })
        .collect()
}

fn winner(board: &Board, b: &BattleReport, lang: Lang) -> String {
    match (b.attacker_won, b.defender, lang) {
        (true, _, _) => board.house(b.attacker).name(lang).to_string(),
        (false, Defender::House(d), _) => board.house(d).name(lang).to_string(),
        (false, Defender::Neutral, Lang::Zh) => "中立守军".into(),
        (false, Defender::Neutral, Lang::En) => "the neutral garrison".into(),
    }
}

/// What the corrected close `new` changed for house `h` against the close `old` it replaces,
/// one line each: a battle of the house that no longer happens, one whose winner changed, a
/// battle new in the correction, an area the house held after the old close and no longer
/// holds, or holds now and did not; one line saying nothing of the house's changed when
/// nothing did.
pub fn what_changed(
    board: &Board,
    h: HouseId,
    old: CloseSeen<'_>,
    new: CloseSeen<'_>,
    lang: Lang,
) -> Vec<String> {
    let zh = lang == Lang::Zh;
    let mut out = Vec::new();
    let (was, now) = (battles_of(old.log, h), battles_of(new.log, h));
    let same = |a: &BattleReport, b: &BattleReport| a.area == b.area && a.attacker == b.attacker;
    for b in &was {
        let area = board.area(b.area).name(lang);
        let w = winner(board, b, lang);
        match now.iter().find(|n| same(b, n)) {
            None => out.push(if zh {
                format!("{area}之战取消:更正后不再发生(更正前{w}获胜)。")
            } else {
                format!(
                    "The battle of {area} is cancelled: it no longer happens (before the correction {w} won)."
                )
            }),
            Some(n) if n.attacker_won != b.attacker_won => {
                let nw = winner(board, n, lang);
                out.push(if zh {
                    format!("{area}之战结果改变:现在{nw}获胜(更正前{w}获胜)。")
                } else {
                    format!(
                        "The battle of {area} has a new result: {nw} wins now (before the correction {w} won)."
                    )
                })
            }
            Some(_) => {}
        }
    }
    for n in now.iter().filter(|n| !was.iter().any(|b| same(b, n))) {
        let area = board.area(n.area).name(lang);
        let nw = winner(board, n, lang);
        out.push(if zh {
            format!("{area}之战是更正后新增的:{nw}获胜。")
        } else {
            format!("The battle of {area} is new in the correction: {nw} wins.")
        });
    }
    for a in board.areas.iter().filter(|a| !a.is_port()) {
        let (x, y) = (
            old.after.controller(board, a.id) == Some(h),
            new.after.controller(board, a.id) == Some(h),
        );
        let name = a.name(lang);
        match (x, y) {
            (true, false) => out.push(if zh {
                format!("{name}:更正前归你,更正后不再归你。")
            } else {
                format!("{name} was yours before the correction; it no longer is.")
            }),
            (false, true) => out.push(if zh {
                format!("{name}:更正后归你(更正前不归你)。")
            } else {
                format!("{name} is yours after the correction (it was not before).")
            }),
            _ => {}
        }
    }
    if out.is_empty() {
        out.push(
            if zh {
                "这次更正没有改变你的战斗和你控制的区域。"
            } else {
                "The correction changed none of your battles and none of the areas you hold."
            }
            .into(),
        );
    }
    out
}
