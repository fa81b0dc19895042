//! Errors a player can fix: where (line, column, the line's text), what was expected in words,
//! and the closest valid names. Messages exist in Chinese and English.

use super::ast::{StepNo, Track};
use crate::vocab::{Named, Spelling};
use maester_board::OrderType;
use maester_rules::event_phase::events::EventCard;
use std::fmt::Write as _;

/// A problem found while reading a line: the original column and what is wrong.
pub type Problem = (usize, ErrorKind);

/// The language of messages and of the echo: the project's one language switch.
pub use maester_board::Lang;

/// What kind of name could not be resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NameKind {
    /// An area (区域).
    Area,
    /// A house (家族).
    House,
    /// A leader (将领).
    Leader,
}

/// A valid name offered as a suggestion, in both languages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    /// Canonical Chinese name.
    pub zh: String,
    /// Canonical English name.
    pub en: String,
}

/// Something the parser would have accepted at the error position, in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Expected {
    /// An area name.
    Area,
    /// A house name.
    House,
    /// A leader name.
    Leader,
    /// Units after an area: `2F1K`, `步兵`, `军团`.
    Units,
    /// A unit type.
    UnitKind,
    /// An order type with optional bonus.
    OrderType,
    /// The bonus of a special order.
    OrderBonus,
    /// A one-time order.
    OneTime,
    /// A condition.
    Predicate,
    /// A number.
    Number,
    /// A step label such as `1-1`.
    StepRef,
    /// An influence track.
    Track,
    /// A verb of the plan (移动到, 突袭, 支援, 运输, …).
    Verb,
    /// An action of the plan (a march, raid, support or transport).
    Action,
    /// A reward choice.
    Reward,
    /// A fixed word (Chinese, English).
    Word(&'static str, &'static str),
    /// The end of the line.
    EndOfLine,
}

impl Expected {
    /// The phrase for this expectation.
    pub fn phrase(self, lang: Lang) -> String {
        let (zh, en): (&str, &str) = match self {
            Expected::Area => ("区域名 (如 临冬城)", "an area name (e.g. Winterfell)"),
            Expected::House => ("家族名 (如 白狼、史塔克)", "a house name (e.g. Stark)"),
            Expected::Leader => ("将领名 (如 艾德)", "a leader's name (e.g. Eddard)"),
            Expected::Units => (
                "部队 (如 2F1K、步兵、军团)",
                "units (e.g. 2F1K, footman, army)",
            ),
            Expected::UnitKind => (
                "军种 (F 步兵, K 骑士, S 战舰, E 攻城车, A 弓箭手)",
                "a unit type (F footman, K knight, S ship, E siege engine, A archer)",
            ),
            Expected::OrderType => (
                "命令种类 (行军、防守、支援、突袭、巩固统治，可加 +1/+2)",
                "an order type (march, defence, support, raid, consolidate power, optionally +1/+2)",
            ),
            Expected::OrderBonus => (
                "特殊命令加成 (+1 或 防守+2)",
                "a special-order bonus (+1, or +2 for defence)",
            ),
            Expected::OneTime => (
                "一次性命令 (招募、补给车、强行军、浮桥)",
                "a one-time order (recruit, supply caravan, forced march, pontoon)",
            ),
            Expected::Predicate => (
                "条件 (如 X失守、X未失守、X有其他家族的部队、X驻军战斗力大于5)",
                "a condition (e.g. X has fallen, X is held, X has foreign units, garrison of X > 5)",
            ),
            Expected::Number => ("数字", "a number"),
            Expected::StepRef => ("步骤编号 (如 1-1)", "a step label (e.g. 1-1)"),
            Expected::Track => (
                "势力轨道 (铁王座、封邑、御前会议)",
                "a track (Iron Throne, Fiefdoms, King's Court)",
            ),
            Expected::Verb => (
                "动词 (移动到、强行军到、突袭、支援、运输)",
                "a verb (moves to, forced march to, raids, supports, transports)",
            ),
            Expected::Action => (
                "一条命令 (如 临冬城2F 移动到 卡霍城)",
                "an action (e.g. Winterfell 2F moves to Karhold)",
            ),
            Expected::Reward => (
                "奖励 (召回、休养、升级、征兵、夺取)",
                "a reward (recall, rest, upgrade, muster, capture)",
            ),
            Expected::Word(zh, en) => {
                return match lang {
                    Lang::Zh => format!("“{zh}”"),
                    Lang::En => format!("\"{en}\""),
                };
            }
            Expected::EndOfLine => ("行尾", "the end of the line"),
        };
        match lang {
            Lang::Zh => zh.to_string(),
            Lang::En => en.to_string(),
        }
    }
}

/// Why a line was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The line does not follow the grammar.
    Syntax {
        /// What would have been accepted at the error position.
        expected: Vec<Expected>,
        /// The text found there (up to the next space), if any.
        found: Option<String>,
    },
    /// A name that matches nothing.
    UnknownName {
        /// Area, house or leader.
        kind: NameKind,
        /// The name as written.
        name: String,
        /// The closest valid names, best first.
        suggestions: Vec<Suggestion>,
    },
    /// A name that matches several (e.g. `夏海`, A-05).
    AmbiguousName {
        /// Area, house or leader.
        kind: NameKind,
        /// The name as written.
        name: String,
        /// The names it could mean.
        candidates: Vec<Suggestion>,
    },
    /// `防守+1`, `行军+2`: the special order has another bonus.
    WrongBonus {
        /// The order type.
        order: OrderType,
        /// The bonus written.
        given: u8,
    },
    /// `0F`: a unit count of zero.
    ZeroCount,
    /// Something given twice where once is allowed (e.g. two march leaders).
    Duplicate {
        /// What, in Chinese.
        zh: &'static str,
        /// What, in English.
        en: &'static str,
    },
    /// A bid names a track twice.
    DuplicateTrack(Track),
    /// A bid leaves a track out.
    MissingTrack(Track),
    /// `第二步执行的是1-1`: the step named and the label disagree.
    StepMismatch {
        /// The step number in words.
        said: u16,
        /// The label.
        label: StepNo,
    },
    /// `支援 君临 防守 鹰巢城`: a neutral garrison defends only its own place (004:L202).
    NeutralElsewhere {
        /// The neutral, by its place.
        neutral: Suggestion,
        /// The area named as defended.
        area: Suggestion,
    },
    /// `支援 河湾地 防守 河湾地`: an area without a neutral garrison where a house is wanted.
    AreaNotHouse {
        /// The area named.
        area: Suggestion,
    },
    /// 004:L1390-style arithmetic (`2F(2)+1K(2)1F(1)=5`), not an order.
    Arithmetic,
    /// 004:L761: building a port and mustering a ship into it in the same phase.
    PortThenMuster,
    /// `选择: X` names no event a chooser card can become (004:L2640–L2644).
    UnknownEvent {
        /// What was written.
        found: String,
    },
    /// The parser failed on this line (a bug in maester, caught so that the mail goes on).
    Internal,
    /// The mail is larger than the limit.
    TooLarge {
        /// The limit in bytes.
        limit: usize,
    },
    /// The mail has more lines than the limit.
    TooManyLines {
        /// The limit.
        limit: usize,
    },
    /// One line is longer than the limit.
    LineTooLong {
        /// The limit in characters.
        limit: usize,
    },
}

/// An error at a place in the mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LangError {
    /// 1-based line (0 for errors about the whole mail).
    pub line: usize,
    /// 1-based column in characters of the original line.
    pub column: usize,
    /// The original line.
    pub text: String,
    /// What is wrong.
    pub kind: ErrorKind,
}

fn join(items: &[String], lang: Lang) -> String {
    let (sep, last) = match lang {
        Lang::Zh => ("、", "或"),
        Lang::En => (", ", " or "),
    };
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{}{}{}", items[..n - 1].join(sep), last, items[n - 1]),
    }
}

fn suggestion(s: &Suggestion, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{} ({})", s.zh, s.en),
        Lang::En => format!("{} ({})", s.en, s.zh),
    }
}

fn kind_word(kind: NameKind, lang: Lang) -> &'static str {
    match (kind, lang) {
        (NameKind::Area, Lang::Zh) => "区域",
        (NameKind::House, Lang::Zh) => "家族",
        (NameKind::Leader, Lang::Zh) => "将领",
        (NameKind::Area, Lang::En) => "area",
        (NameKind::House, Lang::En) => "house",
        (NameKind::Leader, Lang::En) => "leader",
    }
}

fn track_name(t: Track, lang: Lang) -> &'static str {
    t.name(lang)
}

impl ErrorKind {
    /// What is wrong, in words, without the position.
    pub fn describe(&self, lang: Lang) -> String {
        use ErrorKind::*;
        let zh = lang == Lang::Zh;
        match self {
            Syntax { expected, found } => {
                let phrases: Vec<String> = expected.iter().map(|e| e.phrase(lang)).collect();
                let want = if phrases.is_empty() {
                    if zh { "一条有效的命令".to_string() } else { "a valid order".to_string() }
                } else {
                    join(&phrases, lang)
                };
                let said = match (found, zh) {
                    (Some(f), true) => format!("这里应为{want}，但写的是“{f}”"),
                    (None, true) => format!("这里应为{want}，但这一行已经结束"),
                    (Some(f), false) => format!("expected {want}, found \"{f}\""),
                    (None, false) => format!("expected {want}, but the line ends here"),
                };
                // A misspelt keyword: the word the parser stopped at, close to one it knows.
                let first = found.as_deref().and_then(|f| {
                    f.split(|c: char| c.is_whitespace() || ",，:：;；。、".contains(c))
                        .find(|w| !w.is_empty())
                });
                // The suggestion keeps the rest of what was written (`征冰: 高庭 1F` →
                // `征兵: 高庭 1F`, `形军+1` → `行军+1`).
                let fixed = first.zip(found.as_deref()).and_then(|(w, f)| {
                    crate::keywords::closest(w).map(|k| crate::keywords::corrected(f, w, k))
                });
                match (fixed, zh) {
                    (Some(k), true) => format!("{said}；你是不是指“{k}”？"),
                    (Some(k), false) => format!("{said}; did you mean \"{k}\"?"),
                    (None, _) => said,
                }
            }
            UnknownName { kind, name, suggestions } => {
                let k = kind_word(*kind, lang);
                let list: Vec<String> = suggestions.iter().map(|s| suggestion(s, lang)).collect();
                match (zh, list.is_empty()) {
                    (true, true) => format!("没有名为“{name}”的{k}"),
                    (true, false) => format!("没有名为“{name}”的{k}；你是不是指 {}？", join(&list, lang)),
                    (false, true) => format!("there is no {k} called \"{name}\""),
                    (false, false) => format!("there is no {k} called \"{name}\"; did you mean {}?", join(&list, lang)),
                }
            }
            AmbiguousName { kind, name, candidates } => {
                let k = kind_word(*kind, lang);
                let list: Vec<String> = candidates.iter().map(|s| suggestion(s, lang)).collect();
                if zh {
                    format!("“{name}”可以指多个{k}：{}；请写全名", join(&list, lang))
                } else {
                    format!("\"{name}\" could be more than one {k}: {}; please write the full name", join(&list, lang))
                }
            }
            WrongBonus { order, given } => {
                let right = maester_board::Order { kind: *order, special: true };
                if zh {
                    format!("没有“{}+{given}”这种命令；特殊命令是“{}”", order.name_zh(), right.name_zh())
                } else {
                    format!("there is no order \"{}+{given}\"; the special order is \"{}\"", order.name_en(), right.name_en())
                }
            }
            ZeroCount => (if zh { "部队数量不能为0" } else { "a unit count cannot be 0" }).to_string(),
            Duplicate { zh: w, en } => {
                if zh { format!("{w}只能写一次") } else { format!("{en} can be given only once") }
            }
            DuplicateTrack(t) => {
                if zh { format!("“{}”出价写了两次", track_name(*t, lang)) } else { format!("the {} bid is given twice", track_name(*t, lang)) }
            }
            MissingTrack(t) => {
                if zh { format!("缺少“{}”的出价", track_name(*t, lang)) } else { format!("the {} bid is missing", track_name(*t, lang)) }
            }
            StepMismatch { said, label } => {
                let l = match label.minor {
                    Some(m) => format!("{}-{m}", label.major),
                    None => label.major.to_string(),
                };
                if zh { format!("第{said}步不可能执行{l}") } else { format!("step {said} cannot have executed {l}") }
            }
            NeutralElsewhere { neutral, area } => {
                if zh {
                    format!("{}的中立守军只防守{}，不能防守{}；请写“支援 {} 防守 {}”", neutral.zh, neutral.zh, area.zh, neutral.zh, neutral.zh)
                } else {
                    format!("the neutral garrison of {} defends only {}, not {}; write \"support {} defending {}\"", neutral.en, neutral.en, area.en, neutral.en, neutral.en)
                }
            }
            AreaNotHouse { area } => {
                if zh {
                    format!("“{}”是区域，不是家族；请写防守它的家族 (如 白狼)，只有中立守军按地名称呼", area.zh)
                } else {
                    format!("\"{}\" is an area, not a house; name the house defending it (e.g. Stark) — only a neutral garrison is named by its place", area.en)
                }
            }
            Arithmetic => (if zh {
                "这是战斗力算式，不是命令"
            } else {
                "this is a strength calculation, not an order"
            })
            .to_string(),
            PortThenMuster => (if zh {
                "不能在建造港口的同一阶段向这个港口征兵 (规则 004:L761)；请分两个阶段提交"
            } else {
                "a port cannot receive ships mustered in the phase it is built (rule 004:L761); submit the muster in a later phase"
            })
            .to_string(),
            UnknownEvent { found } => {
                let mut names: Vec<String> = Vec::new();
                for card in [EventCard::ThroneOfBlades, EventCard::DarkWings, EventCard::PunishTheGuilty] {
                    for c in card.choices() {
                        let n = c.name(lang).to_string();
                        if !names.contains(&n) {
                            names.push(n);
                        }
                    }
                }
                if zh {
                    format!("没有名为“{found}”的可选事件；可以选择的事件：{}(004:L2640–L2644)", join(&names, lang))
                } else {
                    format!("there is no event \"{found}\" to choose; the events a chooser may name: {} (004:L2640–L2644)", join(&names, lang))
                }
            }
            Internal => (if zh {
                "程序无法读取这一行 (这是 maester 的错误)；请换一种写法并报告管理员"
            } else {
                "maester could not read this line (a bug in maester); please rephrase it and tell the GM"
            })
            .to_string(),
            TooLarge { limit } => {
                if zh { format!("邮件太长：最多 {limit} 字节") } else { format!("the mail is too long: at most {limit} bytes") }
            }
            TooManyLines { limit } => {
                if zh { format!("邮件行数太多：最多 {limit} 行") } else { format!("the mail has too many lines: at most {limit}") }
            }
            LineTooLong { limit } => {
                if zh { format!("这一行太长：最多 {limit} 个字符") } else { format!("this line is too long: at most {limit} characters") }
            }
        }
    }
}

impl LangError {
    /// The full message: position, the line, a caret under the column, and what is wrong.
    pub fn message(&self, lang: Lang) -> String {
        let mut out = String::new();
        if self.line == 0 {
            let _ = write!(out, "{}", self.kind.describe(lang));
            return out;
        }
        let _ = match lang {
            Lang::Zh => writeln!(
                out,
                "第{}行第{}列：{}",
                self.line,
                self.column,
                self.kind.describe(lang)
            ),
            Lang::En => writeln!(
                out,
                "line {}, column {}: {}",
                self.line,
                self.column,
                self.kind.describe(lang)
            ),
        };
        let _ = writeln!(out, "  {}", self.text);
        let pad: String = self
            .text
            .chars()
            .take(self.column.saturating_sub(1))
            .map(|c| if c.is_ascii() { ' ' } else { '\u{3000}' })
            .collect();
        let _ = write!(out, "  {pad}^");
        out
    }
}
