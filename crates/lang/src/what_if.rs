//! A what-if mail (`试算` / `試算` / `what if`) split before the order language reads it:
//! whether the first line after the secret is the keyword, and which lines are the sender's
//! own and which are `假设 <家族>: …` / `假設 …` / `assume <house>: …` lines for another house.
//! Each part keeps the mail's line numbers (the lines of other parts are left blank), so every
//! error points at the line the player wrote. Pure; never panics on input.

use crate::Names;
use crate::normalize::normalize_line;
use crate::resolve::Context;
use maester_board::HouseId;
use maester_rules::Step;

/// Why a what-if line was not read: an `假设` / `assume` line that names no house to assume,
/// or any line that would look at the deck (`words::what_if` says it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AssumeError {
    /// No house of the game has this name.
    UnknownHouse(String),
    /// The sender's own house: his own lines need no `假设`.
    OwnHouse,
    /// `假设 <家族>:` with nothing after the colon.
    Empty,
    /// A Raven line that would look at the wildling card (or any card of a deck): a what-if
    /// uses only what the sender may know, and the deck is not that.
    LooksAtDeck,
}

/// The keyword of a what-if, in its normal form (Traditional read as Simplified).
fn is_keyword(norm: &str) -> bool {
    let t = norm
        .trim_end_matches([':', '!', '.', '。', ' '])
        .to_lowercase();
    matches!(t.as_str(), "试算" | "what if" | "whatif" | "what-if")
}

/// A secret line (`密码: …`, `password: …`), in its normal form.
fn is_secret_line(norm: &str) -> bool {
    let lower = norm.to_lowercase();
    ["密码", "口令", "password", "secret"].iter().any(|k| {
        lower
            .strip_prefix(k)
            .is_some_and(|rest| rest.trim_start().starts_with(':'))
    })
}

/// A line asking to look at a deck's card (`信鸦: 查看野人牌`, `raven: look at the wildling
/// card`), in its normal form: a what-if never looks at the deck.
fn looks_at_deck(norm: &str) -> bool {
    let lower = norm.to_lowercase();
    let named = [
        "野人牌",
        "牌堆",
        "事件牌",
        "wildling card",
        "the deck",
        "event card",
    ];
    if named.iter().any(|k| lower.contains(k)) {
        return true;
    }
    let raven = lower
        .strip_prefix("信鸦")
        .or_else(|| lower.strip_prefix("raven"));
    raven.is_some_and(|rest| {
        ["牌", "野人", "card", "deck", "wildling"]
            .iter()
            .any(|k| rest.contains(k))
    })
}

/// The lines of a mail as the order language splits them (CR LF or CR alone end a line).
fn split(text: &str) -> Vec<String> {
    text.replace("\r\n", "\n")
        .replace('\r', "\n")
        .split('\n')
        .map(str::to_string)
        .collect()
}

/// Whether a mail's text is a what-if: its first line with something on it, the secret aside, is
/// the keyword. Returns the keyword's 1-based line.
pub fn keyword_line(text: &str) -> Option<usize> {
    for (i, line) in split(text).iter().enumerate() {
        let norm = normalize_line(line).text;
        if norm.is_empty() || is_secret_line(&norm) {
            continue;
        }
        return is_keyword(&norm).then_some(i + 1);
    }
    None
}

/// A what-if's lines, split by house.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Split {
    /// The sender's own lines (the secret and the keyword left blank).
    pub own: String,
    /// Each assumed house with its lines, in the order first named.
    pub assumed: Vec<(HouseId, String)>,
    /// `假设` lines that could not be read: line, its text, why.
    pub errors: Vec<(usize, String, AssumeError)>,
}

/// Where an `假设` / `assume` line's house name and its content are: `(name, content)`.
fn assume_parts(line: &str) -> Option<(String, String)> {
    let norm = normalize_line(line).text;
    let lower = norm.to_lowercase();
    let rest = lower
        .strip_prefix("假设")
        .or_else(|| lower.strip_prefix("假設"))
        .or_else(|| lower.strip_prefix("assume "))?;
    let name = rest.split(':').next().unwrap_or("").trim().to_string();
    let colon = line.find([':', '：'])?;
    let content = line[colon..]
        .char_indices()
        .nth(1)
        .map_or("", |(i, _)| &line[colon + i..])
        .to_string();
    Some((name, content))
}

/// Split a what-if mail (`keyword` is its keyword's line) into the sender's lines and each
/// assumed house's. The signature (`--`) or an end line ends the assumptions as it ends
/// the orders.
pub fn split_mail(text: &str, keyword: usize, names: &Names, sender: HouseId) -> Split {
    let lines = split(text);
    let blank = || vec![String::new(); lines.len()];
    let mut own = blank();
    let mut assumed: Vec<(HouseId, Vec<String>)> = Vec::new();
    let mut errors = Vec::new();
    let mut ended = false;
    for (i, line) in lines.iter().enumerate() {
        let n = i + 1;
        let norm = normalize_line(line).text;
        if n <= keyword && (n == keyword || is_secret_line(&norm)) {
            continue;
        }
        ended = ended || line.trim_end() == "--" || matches!(norm.as_str(), "结束" | "end");
        let parts = (!ended && !line.trim_start().starts_with(['>', '＞']))
            .then(|| assume_parts(line))
            .flatten();
        let deck = !ended && !line.trim_start().starts_with(['>', '＞']) && {
            let content = parts.as_ref().map_or(line.as_str(), |(_, c)| c.as_str());
            looks_at_deck(&normalize_line(content).text)
        };
        if deck {
            errors.push((n, line.trim_end().to_string(), AssumeError::LooksAtDeck));
            continue;
        }
        let Some((name, content)) = parts else {
            own[i] = line.clone();
            continue;
        };
        let house = names.houses.exact(&name);
        let why = match house {
            None => Some(AssumeError::UnknownHouse(name)),
            Some(h) if h == sender => Some(AssumeError::OwnHouse),
            Some(_) if content.trim().is_empty() => Some(AssumeError::Empty),
            Some(_) => None,
        };
        if let Some(why) = why {
            errors.push((n, line.trim_end().to_string(), why));
            continue;
        }
        let Some(h) = house else { continue };
        match assumed.iter_mut().find(|(x, _)| *x == h) {
            Some((_, v)) => v[i] = content,
            None => {
                let mut v = blank();
                v[i] = content;
                assumed.push((h, v));
            }
        }
    }
    Split {
        own: own.join("\n"),
        assumed: assumed
            .into_iter()
            .map(|(h, v)| (h, v.join("\n")))
            .collect(),
        errors,
    }
}

/// The mail's line `n` (1-based) as written, "" past its end.
pub fn line_of(text: &str, n: usize) -> String {
    split(text)
        .get(n.wrapping_sub(1))
        .map(|l| l.trim_end().to_string())
        .unwrap_or_default()
}

/// The lines of one part (the sender's own or an assumed house's) that belong to the open step
/// itself and are read on the current position before any plan: in the placement step the
/// orders and the building lines, in the Raven step the holder's change — and with them any
/// other line that is no plan line, so that it is answered as the open step answers it, and
/// every line that does not read at all (its error is the same in any step, and so it is
/// answered with the open step's errors, all at once). The other lines are plan lines, read
/// once the orders are on the map. In the plan step every line is a plan line: none. 1-based
/// line numbers of `text`.
pub fn step_lines(text: &str, names: &Names, context: &Context, step: Step) -> Vec<usize> {
    if !matches!(step, Step::Placement | Step::Raven) {
        return Vec::new();
    }
    let parsed = crate::parse_submission_in(text, names, context);
    let own = parsed.items.iter().filter(|e| {
        matches!(e.item, crate::Item::Placement(_))
            || crate::submit::items::part_of(step, &e.item).is_some()
            || !crate::submit::is_plan_item(&e.item)
    });
    let mut lines: Vec<usize> = own
        .map(|e| e.line)
        .chain(parsed.errors.iter().map(|e| e.line))
        .collect();
    lines.sort_unstable();
    lines.dedup();
    lines
}
