//! Lines that are no orders at all: a greeting, a thank-you, a name signing the mail. A line
//! that does not parse and names nothing of the game — no area, house, leader, unit or order
//! word, no unit count, no step label — is listed as ignored instead of refusing the mail
//! (njudge's "discarding junk"). A line that names something of the game and does not parse
//! looks like an order and still refuses the mail. A line holding one house or leader name and
//! nothing else (`Stannis`, `—— 白狼`) is a sign-off: no order consists of a name alone.

use super::errors::NameKind;
use super::names::{Names, fold};
use super::normalize::normalize_line;

/// Chinese words of the order language and of the game's nouns (after normalisation, so
/// Traditional spellings are covered). Words players use around their orders (命令, 帮助,
/// 等待) are not in it: `我的命令如下:` is a heading, not an order.
const ZH_WORDS: &[&str] = &[
    "行军",
    "移动",
    "突袭",
    "支援",
    "防守",
    "运输",
    "巩固",
    "守将",
    "将领",
    "招募",
    "补给",
    "浮桥",
    "步兵",
    "骑士",
    "骑兵",
    "战舰",
    "攻城",
    "弓箭",
    "军团",
    "部队",
    "舰队",
    "失守",
    "撤退",
    "阵亡",
    "修建",
    "建造",
    "港口",
    "防御工事",
    "裁军",
    "征兵",
    "出价",
    "铁王座",
    "封邑",
    "御前会议",
    "野人",
    "奖励",
    "平局",
    "密码",
    "口令",
    "取消",
    "军区",
    "钢剑",
    "升级",
    "拒绝",
    "信鸦",
    "势力",
    "请假",
];

/// English words of the order language (whole words, lower case).
const EN_WORDS: &[&str] = &[
    "march",
    "marches",
    "move",
    "moves",
    "moving",
    "raid",
    "raids",
    "support",
    "supports",
    "defend",
    "defends",
    "defence",
    "defense",
    "defender",
    "consolidate",
    "transport",
    "transports",
    "footman",
    "footmen",
    "knight",
    "knights",
    "ship",
    "ships",
    "siege",
    "archer",
    "archers",
    "units",
    "army",
    "fleet",
    "leader",
    "retreat",
    "casualties",
    "fortify",
    "muster",
    "disband",
    "bid",
    "throne",
    "fiefdoms",
    "court",
    "wildlings",
    "wildling",
    "reward",
    "tie",
    "password",
    "secret",
    "recruit",
    "pontoon",
    "caravan",
    "sword",
    "refuse",
    "cancel",
    "cancels",
    "upgrade",
    "build",
    "port",
    "raven",
    "nowait",
    "cp",
    "power",
    "absent",
    "absence",
];

/// The lower-cased ASCII words of a line.
fn en_words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect()
}

/// A digit directly followed by a unit code (`2F`, `1k`), or a step label at the start.
fn has_count_or_step(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    let count = chars.windows(2).any(|w| {
        w[0].is_ascii_digit() && matches!(w[1].to_ascii_uppercase(), 'F' | 'K' | 'S' | 'E' | 'A')
    });
    let step = chars.first().is_some_and(char::is_ascii_digit)
        && chars
            .iter()
            .find(|c| !c.is_ascii_digit() && **c != '-')
            .is_some_and(|c| matches!(c, ')' | '.' | '、'));
    count || step
}

/// Does a folded name key occur in the line? Chinese keys (two characters or more) as a
/// substring of the folded line; English keys as a run of one to four whole words.
fn names_in<'a>(mut keys: impl Iterator<Item = &'a str>, folded: &str, words: &[String]) -> bool {
    keys.any(|k| {
        if k.is_ascii() {
            (1..=4).any(|n| words.windows(n).any(|w| w.concat() == k))
        } else {
            k.chars().count() >= 2 && folded.contains(k)
        }
    })
}

/// The line names an area, house or leader, an order word, a unit count or a step label.
pub fn names_something(line: &str, names: &Names) -> bool {
    let norm = normalize_line(line).text;
    let folded = fold(&norm, NameKind::Area);
    let words = en_words(&norm);
    ZH_WORDS.iter().any(|w| norm.contains(w))
        || words.iter().any(|w| EN_WORDS.contains(&w.as_str()))
        || has_count_or_step(&norm)
        || names_in(names.areas.keys().map(|(k, _)| k), &folded, &words)
        || names_in(names.houses.keys().map(|(k, _)| k), &folded, &words)
        || names_in(names.leaders.keys().map(|(k, _)| k), &folded, &words)
}

/// The line is one house or leader name, possibly with dashes, a tilde or punctuation around
/// it: someone signing the mail.
pub fn is_sign_off(line: &str, names: &Names) -> bool {
    let norm = normalize_line(line).text;
    let bare = norm.trim_matches(|c: char| {
        c.is_whitespace() || c.is_ascii_punctuation() || "—–~。,、!".contains(c)
    });
    if bare.is_empty() {
        return false;
    }
    names.houses.exact(bare).is_some() || names.leaders.exact(bare).is_some()
}

/// A line that is ignored when it does not parse (see the module documentation).
pub fn is_junk(line: &str, names: &Names) -> bool {
    is_sign_off(line, names) || !names_something(line, names)
}
