//! A GM's correction of the state, as the players read it: one line per area, house, track,
//! leader or counter that differs, `before → after`.

use crate::log::units;
use maester_board::{AreaId, Board, HouseId, Lang};
use maester_rules::GameState;
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
