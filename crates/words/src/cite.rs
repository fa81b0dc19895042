//! Rule references a reader can use. The rules cite the rulebook by line (`004:L1196`) and the
//! rulings of record by number (`A-65`); the GM reads them as they are, a player cannot open
//! those documents, so he reads the chapter and a few words of the rule instead:
//! `(004:L912)` → `(§四 占领省份)`, `(A-35)` → `(规则:行军后留下势力标志)`. The table is
//! `data/citations.toml` (compiled in); [`citation`] renders one reference, [`for_player`]
//! rewrites every reference in a text.

use maester_board::Lang;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// Who reads the reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    /// A player: chapters and a few words.
    Player,
    /// The GM: the exact lines and rulings.
    Gm,
}

#[derive(Deserialize)]
struct Words {
    zh: String,
    en: String,
}

#[derive(Deserialize)]
struct Section {
    from: u32,
    to: u32,
    zh: String,
    en: String,
}

#[derive(Deserialize)]
struct Table {
    section: Vec<Section>,
    decision: BTreeMap<String, Words>,
}

fn table() -> Option<&'static Table> {
    static TABLE: OnceLock<Option<Table>> = OnceLock::new();
    TABLE
        .get_or_init(|| toml::from_str(include_str!("../data/citations.toml")).ok())
        .as_ref()
}

/// One reference of a citation: a rulebook line (or range) or a ruling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ref {
    /// Rulebook lines `from..=to`.
    Lines(u32, u32),
    /// A ruling of record (`A-35`, `T-13`).
    Ruling(String),
}

/// The chapter of a rulebook line: the narrowest section holding it.
fn section(line: u32, lang: Lang) -> Option<&'static str> {
    table()?
        .section
        .iter()
        .filter(|s| s.from <= line && line <= s.to)
        .min_by_key(|s| s.to - s.from)
        .map(|s| match lang {
            Lang::Zh => s.zh.as_str(),
            Lang::En => s.en.as_str(),
        })
}

/// Whether a reference is in the table (a test walks every reference of the code).
pub fn resolves(r: &Ref) -> bool {
    match r {
        Ref::Lines(a, b) => section(*a, Lang::Zh).is_some() && section(*b, Lang::Zh).is_some(),
        Ref::Ruling(k) => table().is_some_and(|t| t.decision.contains_key(k)),
    }
}

/// The references of one citation text (`004:L1076, A-58`, `004:L1227、L1232`,
/// `004:L2734–L2755`); `None` when it is not one.
pub fn parse(text: &str) -> Option<Vec<Ref>> {
    let mut out = Vec::new();
    for part in text.split([',', '、', '\u{ff0c}']).map(str::trim) {
        let line = part.strip_prefix("004:").unwrap_or(part);
        if let Some(l) = line.strip_prefix('L') {
            let (a, b) = match l.split_once(['–', '-']) {
                Some((a, b)) => (a, b.trim_start_matches('L')),
                None => (l, l),
            };
            out.push(Ref::Lines(a.parse().ok()?, b.parse().ok()?));
        } else if is_ruling(part) {
            out.push(Ref::Ruling(part.to_string()));
        } else {
            return None;
        }
    }
    (!out.is_empty()).then_some(out)
}

fn is_ruling(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 4
        && matches!(b[0], b'A' | b'T')
        && b[1] == b'-'
        && b[2..].iter().all(u8::is_ascii_digit)
}

/// A citation for its reader: the GM's exactly as the rules give it (lines joined with "、" in
/// Chinese); a player's as chapters and rulings in words, each once
/// (`§五 行军;规则:行军后留下势力标志`). A reference missing from the table is kept as it is.
pub fn citation(rule: &str, lang: Lang, reader: Reader) -> String {
    let gm = match lang {
        Lang::Zh => rule.replace(", L", "、L"),
        Lang::En => rule.to_string(),
    };
    if reader == Reader::Gm {
        return gm;
    }
    let Some(refs) = parse(rule) else {
        return gm;
    };
    let mut words: Vec<String> = Vec::new();
    for r in &refs {
        let w = match r {
            Ref::Lines(a, _) => section(*a, lang).map(str::to_string),
            Ref::Ruling(k) => table().and_then(|t| t.decision.get(k)).map(|d| match lang {
                Lang::Zh => format!("规则:{}", d.zh),
                Lang::En => format!("rule: {}", d.en),
            }),
        };
        let w = w.unwrap_or_else(|| match r {
            Ref::Lines(a, _) => format!("004:L{a}"),
            Ref::Ruling(k) => k.clone(),
        });
        if !words.contains(&w) {
            words.push(w);
        }
    }
    // The rule's words first, then the chapter.
    words.sort_by_key(|w| w.starts_with('§') || w.starts_with("附录") || w.starts_with("Appendix"));
    words.join(match lang {
        Lang::Zh => ";",
        Lang::En => "; ",
    })
}

/// `text` with every rule reference in it rewritten for a player (see [`citation`]). A
/// reference is a run of `004:Lnnnn`, `Lnnnn` (after one of those), `A-nn` and `T-nn` joined
/// by ", ", "、" or ",".
pub fn for_player(text: &str, lang: Lang) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = next_start(rest) {
        out.push_str(&rest[..start]);
        let run = &rest[start..];
        let len = run_len(run);
        out.push_str(&citation(&run[..len], lang, Reader::Player));
        rest = &run[len..];
    }
    out.push_str(rest);
    without_repeats(&out)
}

/// Two citations side by side that read the same for a player (`(§四 港口)(§四 港口)`, two
/// lines of one chapter) are said once.
fn without_repeats(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find(['(', '\u{ff08}']) {
        let close_char = if rest[open..].starts_with('(') {
            ')'
        } else {
            '\u{ff09}'
        };
        let Some(len) = rest[open..]
            .find(close_char)
            .map(|i| i + close_char.len_utf8())
        else {
            break;
        };
        let group = &rest[open..open + len];
        out.push_str(&rest[..open + len]);
        rest = &rest[open + len..];
        loop {
            let spaced = rest.strip_prefix(' ').unwrap_or(rest);
            match spaced.strip_prefix(group) {
                Some(after) => rest = after,
                None => break,
            }
        }
    }
    out.push_str(rest);
    out
}

/// Where the next reference starts: `004:L` followed by a digit, or `A-`/`T-` with two digits
/// not inside a word.
fn next_start(s: &str) -> Option<usize> {
    let mut prev: Option<char> = None;
    for (i, c) in s.char_indices() {
        let boundary = prev.is_none_or(|p| !p.is_ascii_alphanumeric() && p != '-');
        if boundary && token_len(&s[i..]) > 0 {
            return Some(i);
        }
        prev = Some(c);
    }
    None
}

/// The length of one reference token at the start of `s` (0: none). `004:L1691`, `004:L1691–L1693`,
/// `L1693` (only inside a run), `A-35`, `T-13`.
fn token_len(s: &str) -> usize {
    let digits = |t: &str| t.bytes().take_while(u8::is_ascii_digit).count();
    if let Some(t) = s.strip_prefix("004:L") {
        let n = digits(t);
        if n == 0 {
            return 0;
        }
        return 5 + n + range_len(&t[n..]);
    }
    let b = s.as_bytes();
    if b.len() >= 4
        && matches!(b[0], b'A' | b'T')
        && b[1] == b'-'
        && b[2].is_ascii_digit()
        && b[3].is_ascii_digit()
        && b.get(4).is_none_or(|c| !c.is_ascii_alphanumeric())
    {
        return 4;
    }
    0
}

/// `–L1693` / `-1693` after a line: its length (0: none).
fn range_len(s: &str) -> usize {
    for dash in ["–", "-"] {
        if let Some(t) = s.strip_prefix(dash) {
            let t2 = t.strip_prefix('L').unwrap_or(t);
            let n = t2.bytes().take_while(u8::is_ascii_digit).count();
            if n > 0 {
                return dash.len() + (t.len() - t2.len()) + n;
            }
        }
    }
    0
}

/// The length of a run of references joined by separators at the start of `s`.
fn run_len(s: &str) -> usize {
    let mut len = token_len(s);
    loop {
        let rest = &s[len..];
        let sep = [", ", "、", "\u{ff0c}", ","]
            .iter()
            .find(|p| rest.starts_with(**p))
            .map_or(0, |p| p.len());
        if sep == 0 {
            return len;
        }
        let after = &rest[sep..];
        let t = match after.strip_prefix('L') {
            Some(l) if l.starts_with(|c: char| c.is_ascii_digit()) => {
                let n = l.bytes().take_while(u8::is_ascii_digit).count();
                1 + n + range_len(&l[n..])
            }
            _ => token_len(after),
        };
        if t == 0 {
            return len;
        }
        len += sep + t;
    }
}

/// Every reference in a text (for the test that checks each one resolves).
pub fn references_in(text: &str) -> Vec<Ref> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = next_start(rest) {
        let run = &rest[start..];
        let len = run_len(run);
        out.extend(parse(&run[..len]).unwrap_or_default());
        rest = &run[len..];
    }
    out
}
