//! The order language: what players write in their mails, in Chinese (Simplified or
//! Traditional) or English, read into a typed tree.
//!
//! * [`normalize`]: full-width/half-width, spaces, Traditional → Simplified, with a column map;
//! * [`grammar`]: the PEG (pest) grammar, `grammar/*.pest`, one file per concept;
//! * [`parse`]: pest pairs → [`ast::Item<ast::Syntax>`] (names as written, with positions);
//! * [`names`]: [`names::NameIndex`] — names are data, resolved with suggestions;
//! * [`resolve`]: → [`ast::Item<ast::Resolved>`] (board ids);
//! * [`errors`]: errors in words, in Chinese and English;
//! * [`echo`]: the canonical spelling of a resolved item; parsing it gives the item back.
//!
//! Entry points: [`parse_submission`] (resolved) and [`parse_syntax`] (names unresolved).
//! A mail is read line by line, so one bad line never hides the errors of the others.

pub mod ast;
pub mod echo;
pub mod errors;
pub mod grammar;
pub mod names;
pub mod normalize;
pub mod parse;
pub mod resolve;

pub use ast::{Entry, Item, Resolved, Syntax};
pub use errors::{ErrorKind, Lang, LangError};
pub use names::{LeaderNames, NameIndex, Names};

/// The largest mail accepted, in bytes.
pub const MAX_BYTES: usize = 64 * 1024;
/// The most lines accepted in one mail.
pub const MAX_LINES: usize = 2000;
/// The longest line accepted, in characters.
pub const MAX_LINE_CHARS: usize = 2000;

/// A mail read with names unresolved.
#[derive(Clone, Debug, PartialEq)]
pub struct SyntaxSubmission {
    /// The items, in mail order.
    pub items: Vec<Entry<Item<Syntax>>>,
    /// One error per bad line (or per bad name).
    pub errors: Vec<LangError>,
}

/// A mail read and resolved against a board's names.
#[derive(Clone, Debug, PartialEq)]
pub struct ParsedSubmission {
    /// The items whose line parsed and whose names all resolved, in mail order.
    pub items: Vec<Entry<Item<Resolved>>>,
    /// Every error, in mail order.
    pub errors: Vec<LangError>,
}

/// The lines of a mail that carry something: `(line number, original text)`. Blank lines and
/// quoted lines (`>`) are skipped; a signature line (`--`) ends the submission.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .take_while(|(_, l)| l.trim_end() != "--")
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with(['>', '＞']))
}

fn whole_mail_error(kind: ErrorKind) -> LangError {
    LangError {
        line: 0,
        column: 0,
        text: String::new(),
        kind,
    }
}

/// Read a mail without resolving names.
pub fn parse_syntax(text: &str) -> SyntaxSubmission {
    let mut out = SyntaxSubmission {
        items: Vec::new(),
        errors: Vec::new(),
    };
    if text.len() > MAX_BYTES {
        out.errors
            .push(whole_mail_error(ErrorKind::TooLarge { limit: MAX_BYTES }));
        return out;
    }
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    if text.split('\n').count() > MAX_LINES {
        out.errors.push(whole_mail_error(ErrorKind::TooManyLines {
            limit: MAX_LINES,
        }));
        return out;
    }
    for (line, original) in lines(&text) {
        let error = |column, kind| LangError {
            line,
            column,
            text: original.to_string(),
            kind,
        };
        if original.chars().count() > MAX_LINE_CHARS {
            out.errors.push(error(
                MAX_LINE_CHARS + 1,
                ErrorKind::LineTooLong {
                    limit: MAX_LINE_CHARS,
                },
            ));
            continue;
        }
        let norm = normalize::normalize_line(original);
        if norm.text.is_empty() {
            continue;
        }
        let parsed = std::panic::catch_unwind(|| parse::parse_line(&norm, original, line))
            .unwrap_or(Err((1, ErrorKind::Internal)));
        match parsed {
            Ok(Some(item)) => out.items.push(Entry { line, item }),
            Ok(None) => {}
            Err((column, kind)) => out.errors.push(error(column, kind)),
        }
    }
    out
}

/// Read a mail and resolve every name against `names`.
pub fn parse_submission(text: &str, names: &Names) -> ParsedSubmission {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let syntax = parse_syntax(&text);
    let mut out = ParsedSubmission {
        items: Vec::new(),
        errors: syntax.errors,
    };
    let original: Vec<&str> = text.split('\n').collect();
    for Entry { line, item } in syntax.items {
        match resolve::resolve_item(&item, names) {
            Ok(item) => out.items.push(Entry { line, item }),
            Err(problems) => {
                let text = original
                    .get(line - 1)
                    .map_or("", |l| l.trim_end_matches('\r'));
                out.errors
                    .extend(problems.into_iter().map(|(column, kind)| LangError {
                        line,
                        column,
                        text: text.to_string(),
                        kind,
                    }));
            }
        }
    }
    out.errors.sort_by_key(|e| (e.line, e.column));
    out
}

impl ParsedSubmission {
    /// The orders as understood, one canonical line per item.
    pub fn echo(&self, names: &Names, lang: Lang) -> String {
        self.items
            .iter()
            .map(|e| echo::echo_item(&e.item, names, lang))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Every error message, separated by blank lines.
    pub fn error_report(&self, lang: Lang) -> String {
        self.errors
            .iter()
            .map(|e| e.message(lang))
            .collect::<Vec<_>>()
            .join("\n\n")
    }
}
