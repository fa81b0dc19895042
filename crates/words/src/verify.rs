//! `maester verify` in words: what each check of a game's public record found, one line per
//! check, and the first mismatch quoted (round, step, house, what differs). The checks
//! themselves are in `maester-publish` (`verify`); these are only their sentences and the data
//! they are said from.

use maester_board::{Board, HouseId, Lang};
use maester_rules::Step;

/// One check of the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// The seed against the SHA-256 committed in the first mail.
    Seed,
    /// Every listed receipt against the published submission's text.
    Receipts,
    /// Every draw of the event phase re-derived from the seed.
    Draws,
    /// Every close replayed from the published submissions.
    Replay,
}

/// What a check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It holds, over `count` items (receipts, closes).
    Held {
        /// How many were checked.
        count: usize,
    },
    /// The seed is not revealed yet (the game runs): nothing to check it with.
    NotRevealed,
    /// The replay agreed for `checked` closes, then the GM changed the state before the close
    /// of `round`/`step` (a replay cannot go on from a state nobody published).
    Stopped {
        /// Closes that agreed.
        checked: usize,
        /// The round of the close after the change.
        round: u8,
        /// Its first step.
        step: Option<Step>,
    },
    /// The first mismatch.
    Failed(Mismatch),
}

impl Verdict {
    /// Whether the check did not fail.
    pub fn ok(&self) -> bool {
        !matches!(self, Verdict::Failed(_))
    }
}

/// Where a check failed and what differs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The round.
    pub round: u8,
    /// The step (none: the seed).
    pub step: Option<Step>,
    /// The house (none when no house is concerned).
    pub house: Option<HouseId>,
    /// What differs.
    pub what: Differs,
}

/// What differs, published against computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Differs {
    /// The seed's SHA-256.
    SeedHash {
        /// Published (the commitment).
        published: String,
        /// Of the published seed.
        computed: String,
    },
    /// A receipt.
    Receipt {
        /// As listed.
        listed: String,
        /// Of the published submission.
        computed: String,
    },
    /// A listed receipt whose submission the record does not carry.
    NoText {
        /// As listed.
        listed: String,
    },
    /// A published submission's text does not read as the submission the replay uses.
    Reading {
        /// The text, its lines joined by ` / `.
        text: String,
    },
    /// An event-phase log entry (a draw, a bid, what became of it), as JSON.
    Draw {
        /// Published.
        published: String,
        /// Replayed.
        replayed: String,
    },
    /// An area of the outcome: its units, their house, its power token or garrison (none:
    /// nothing there).
    Area {
        /// The area's key.
        area: String,
        /// Published.
        published: Option<AreaSaid>,
        /// Replayed.
        replayed: Option<AreaSaid>,
    },
    /// A part of the outcome.
    Field {
        /// Which part.
        field: Field,
        /// Published.
        published: String,
        /// Replayed.
        replayed: String,
    },
}

/// What stands in an area, as a mismatch quotes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AreaSaid {
    /// The house of the units (key).
    pub house: Option<String>,
    /// The units' codes (`F`, `K`, `S`, `T`; `*` routed).
    pub units: Vec<String>,
    /// The house of the power token (key).
    pub token: Option<String>,
    /// A neutral garrison's strength.
    pub neutral: Option<u8>,
}

/// A part of a close's outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// The steps closed.
    Steps,
    /// The round open after it.
    Round,
    /// The step open after it.
    OpenStep,
    /// The winner.
    Winner,
    /// The wildlings' strength.
    Wildlings,
    /// A track (0: Iron Throne, 1: Fiefdoms, 2: King's Court).
    Track(usize),
    /// The houses' list.
    Houses,
    /// Power tokens in hand.
    Power,
    /// Supply.
    Supply,
    /// Castles held.
    Castles,
}

/// The record's first line: the game and the commitment, for the reader to compare with his
/// welcome mail.
pub fn header(game: &str, seed_sha256: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => {
            format!("核对游戏 {game} 的公开记录(种子的SHA-256:{seed_sha256},请与欢迎邮件中的对照)")
        }
        Lang::En => format!(
            "Checking the public record of game {game} (SHA-256 of the seed: {seed_sha256}; compare it with your welcome mail)"
        ),
    }
}

fn name(c: Check, lang: Lang) -> &'static str {
    match (c, lang) {
        (Check::Seed, Lang::Zh) => "种子",
        (Check::Seed, Lang::En) => "seed",
        (Check::Receipts, Lang::Zh) => "回执",
        (Check::Receipts, Lang::En) => "receipts",
        (Check::Draws, Lang::Zh) => "抽取",
        (Check::Draws, Lang::En) => "draws",
        (Check::Replay, Lang::Zh) => "重放",
        (Check::Replay, Lang::En) => "replay",
    }
}

/// One check's line.
pub fn line(board: &Board, check: Check, v: &Verdict, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let n = name(check, lang);
    match v {
        Verdict::Held { count } => held(check, *count, lang),
        Verdict::NotRevealed => {
            if zh {
                format!("{n}:种子尚未公布(游戏还没有结束),现在无法核对")
            } else {
                format!("{n}: the seed is not revealed yet (the game is not over); not checked")
            }
        }
        Verdict::Stopped {
            checked,
            round,
            step,
        } => {
            let s = step.map(|s| step_name(s, lang)).unwrap_or_default();
            if zh {
                format!("{n}:前{checked}次结算一致;第{round}回合{s}之前GM修改过局面,此后无法重放")
            } else {
                format!(
                    "{n}: the first {checked} closes agree; the GM changed the state before round {round} {s}, nothing after it can be replayed"
                )
            }
        }
        Verdict::Failed(m) => failed(board, n, m, lang),
    }
}

fn held(check: Check, count: usize, lang: Lang) -> String {
    let n = name(check, lang);
    match (check, lang) {
        (Check::Seed, Lang::Zh) => format!("{n}:与第一封邮件承诺的SHA-256一致"),
        (Check::Seed, Lang::En) => format!("{n}: matches the SHA-256 committed in the first mail"),
        (Check::Receipts, Lang::Zh) => {
            format!("{n}:列出的{count}个回执全部与公开的提交内容相符")
        }
        (Check::Receipts, Lang::En) => {
            format!("{n}: all {count} receipts listed match the published submissions")
        }
        (Check::Draws, Lang::Zh) => {
            format!("{n}:{count}次结算中的每一次抽取都能由种子重新得出")
        }
        (Check::Draws, Lang::En) => {
            format!("{n}: every draw of the {count} closes re-derives from the seed")
        }
        (Check::Replay, Lang::Zh) => {
            format!("{n}:按公开的提交重放{count}次结算,结果(位置、城堡、权力、补给)全部一致")
        }
        (Check::Replay, Lang::En) => format!(
            "{n}: all {count} closes replayed from the published submissions give the published results (positions, castles, power, supply)"
        ),
    }
}

fn step_name(s: Step, lang: Lang) -> String {
    crate::instructions::step_name(s, lang)
}

fn failed(board: &Board, n: &str, m: &Mismatch, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let mut at = Vec::new();
    if m.step.is_some() || m.round > 0 {
        at.push(match (zh, m.step) {
            (true, Some(s)) => format!("第{}回合{}", m.round, step_name(s, lang)),
            (true, None) => format!("第{}回合", m.round),
            (false, Some(s)) => format!("round {} {}", m.round, step_name(s, lang)),
            (false, None) => format!("round {}", m.round),
        });
    }
    if let Some(h) = m.house
        && usize::from(h.0) < board.houses.len()
    {
        at.push(board.house(h).name(lang).to_string());
    }
    let what = differs(board, &m.what, lang);
    let at = at.join(if zh { "," } else { ", " });
    match (zh, at.is_empty()) {
        (true, true) => format!("{n}:不符 — {what}"),
        (true, false) => format!("{n}:不符 — {at}:{what}"),
        (false, true) => format!("{n}: MISMATCH — {what}"),
        (false, false) => format!("{n}: MISMATCH — {at}: {what}"),
    }
}

fn differs(board: &Board, d: &Differs, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match d {
        Differs::SeedHash {
            published,
            computed,
        } => {
            if zh {
                format!("公布的种子的SHA-256为 {computed},与承诺的 {published} 不同")
            } else {
                format!("the published seed's SHA-256 is {computed}, not the committed {published}")
            }
        }
        Differs::Receipt { listed, computed } => {
            if zh {
                format!("列出的回执为 {listed},按公开的提交内容算出的是 {computed}")
            } else {
                format!("receipt {listed} listed, the published submission gives {computed}")
            }
        }
        Differs::NoText { listed } => {
            if zh {
                format!("列出了回执 {listed},记录中却没有这次提交的内容")
            } else {
                format!("receipt {listed} listed, but the record does not carry the submission")
            }
        }
        Differs::Reading { text } => {
            if zh {
                format!("公开的提交内容「{text}」读出来与记录中重放所用的提交不同")
            } else {
                format!(
                    "the published text \"{text}\" does not read as the submission the record replays"
                )
            }
        }
        Differs::Draw {
            published,
            replayed,
        } => {
            if zh {
                format!("公开的是 {published},由种子重放得到的是 {replayed}")
            } else {
                format!("published {published}, the seed gives {replayed}")
            }
        }
        Differs::Area {
            area,
            published,
            replayed,
        } => {
            let name = board
                .area_by_key(area)
                .map(|a| board.area(a).name(lang).to_string())
                .unwrap_or_else(|| area.clone());
            let p = area_said(board, published.as_ref(), lang);
            let r = area_said(board, replayed.as_ref(), lang);
            if zh {
                format!("{name}:公开的是 {p},重放得到的是 {r}")
            } else {
                format!("{name}: published {p}, replayed {r}")
            }
        }
        Differs::Field {
            field,
            published,
            replayed,
        } => {
            let (published, replayed) = match field {
                Field::Winner | Field::Track(_) | Field::Houses => (
                    houses_named(board, published, lang),
                    houses_named(board, replayed, lang),
                ),
                _ => (published.clone(), replayed.clone()),
            };
            let f = field_name(field, lang);
            if zh {
                format!("{f}:公开的是 {published},重放得到的是 {replayed}")
            } else {
                format!("{f}: published {published}, replayed {replayed}")
            }
        }
    }
}

/// A house's name from its key (the key itself when the board has no such house).
fn house_named(board: &Board, key: &str, lang: Lang) -> String {
    board
        .house_by_key(key)
        .map(|h| board.house(h).name(lang).to_string())
        .unwrap_or_else(|| key.to_string())
}

/// Houses' keys joined by ` > ` (a track) or one key, named.
fn houses_named(board: &Board, keys: &str, lang: Lang) -> String {
    keys.split(" > ")
        .map(|k| house_named(board, k, lang))
        .collect::<Vec<_>>()
        .join(" > ")
}

/// What stands in an area, in words.
fn area_said(board: &Board, a: Option<&AreaSaid>, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let mut parts = Vec::new();
    if let Some(a) = a {
        if let Some(h) = &a.house {
            parts.push(format!(
                "{} {}",
                house_named(board, h, lang),
                a.units.join("")
            ));
        }
        if let Some(t) = &a.token {
            let t = house_named(board, t, lang);
            parts.push(if zh {
                format!("{t}的势力标志")
            } else {
                format!("{t}'s power token")
            });
        }
        if let Some(n) = a.neutral {
            parts.push(if zh {
                format!("中立驻军 {n}")
            } else {
                format!("neutral garrison {n}")
            });
        }
    }
    match (parts.is_empty(), zh) {
        (true, true) => "(空)".into(),
        (true, false) => "(nothing)".into(),
        (false, true) => parts.join("、"),
        (false, false) => parts.join(", "),
    }
}

fn field_name(f: &Field, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let pick = |a: &str, b: &str| if zh { a.to_string() } else { b.to_string() };
    match f {
        Field::Steps => pick("结算的步骤", "steps closed"),
        Field::Round => pick("之后的回合", "round after it"),
        Field::OpenStep => pick("之后开放的步骤", "step open after it"),
        Field::Winner => pick("胜者", "winner"),
        Field::Wildlings => pick("野人威胁", "wildlings"),
        Field::Track(0) => pick("铁王座轨道", "Iron Throne track"),
        Field::Track(1) => pick("封地轨道", "Fiefdoms track"),
        Field::Track(_) => pick("国王宫廷轨道", "King's Court track"),
        Field::Houses => pick("家族", "houses"),
        Field::Power => pick("权力标记", "power tokens"),
        Field::Supply => pick("补给", "supply"),
        Field::Castles => pick("城堡数", "castles"),
    }
}

/// The last line: whether every check holds.
pub fn summary(all_hold: bool, finished: bool, lang: Lang) -> String {
    match (all_hold, finished, lang) {
        (true, true, Lang::Zh) => "全部核对通过。".into(),
        (true, true, Lang::En) => "Every check holds.".into(),
        (true, false, Lang::Zh) => {
            "游戏尚未结束:能核对的都相符,其余要等游戏结束公布种子后才能核对。".into()
        }
        (true, false, Lang::En) => {
            "The game is not over: what can be checked holds; the rest waits for the seed, revealed at the end.".into()
        }
        (false, _, Lang::Zh) => "核对未通过:公开记录与种子或规则重放不符。".into(),
        (false, _, Lang::En) => {
            "Verification FAILED: the public record disagrees with the seed or the replay.".into()
        }
    }
}

/// A record that cannot be read: the path and why.
pub fn unreadable(path: &str, why: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("无法读取公开记录 {path}:{why}"),
        Lang::En => format!("cannot read the public record {path}: {why}"),
    }
}
