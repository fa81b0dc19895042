//! `maester check`: the daemon's own reading and validation of a submission, for a GM who wants to
//! look at a disputed mail, or a player's tool.

use maester_board::{Board, Lang};
use maester_lang::submit::{ErrorLine, names};
use maester_rules::{GameState, Step};
use serde::Serialize;

/// What `check` found.
#[derive(Debug, Serialize)]
pub struct CheckReport {
    /// Everything parsed and validated.
    pub valid: bool,
    /// House key.
    pub house: String,
    /// Step checked against.
    pub step: String,
    /// The canonical echo.
    pub echo: Vec<String>,
    /// The errors.
    pub errors: Vec<ErrorLine>,
    /// Remarks on accepted lines (an order that has no effect).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl CheckReport {
    /// As text for a terminal.
    pub fn text(&self) -> String {
        let mut s = String::new();
        if self.valid {
            for l in &self.echo {
                s.push_str(l);
                s.push('\n');
            }
            for n in &self.notes {
                s.push_str(&format!("note: {n}\n"));
            }
        } else {
            for e in &self.errors {
                if e.line > 0 {
                    s.push_str(&format!("line {}:{}: {}\n", e.line, e.column, e.text));
                }
                for q in &e.also {
                    s.push_str(&format!("line {}: {}\n", q.line, q.text));
                }
                s.push_str(&format!("    {}\n", e.message));
                if !e.fix.is_empty() {
                    s.push_str(&format!("    fix: {}\n", e.fix));
                }
            }
        }
        s
    }
}

/// Why `maester check` cannot check a text: the house or the phase it names does not exist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckError {
    /// No house by this key or name.
    UnknownHouse(String),
    /// No step by this key.
    UnknownPhase(String),
}

impl std::fmt::Display for CheckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckError::UnknownHouse(h) => write!(f, "unknown house {h:?}"),
            CheckError::UnknownPhase(p) => write!(
                f,
                "unknown phase {p:?}: events, events_answers, placement, raven, plan or retreat"
            ),
        }
    }
}

impl std::error::Error for CheckError {}

/// Parse and validate `text` as `house`'s submission for `phase` (or the open step).
pub fn check(
    board: &Board,
    mut state: GameState,
    house: &str,
    phase: Option<&str>,
    text: &str,
    lang: Lang,
) -> Result<CheckReport, CheckError> {
    let names = names(board);
    let h = board
        .house_by_key(house)
        .or_else(|| match names.houses.lookup(house) {
            maester_lang::names::Lookup::Found(id) => Some(id),
            _ => None,
        })
        .ok_or_else(|| CheckError::UnknownHouse(house.to_string()))?;
    if let Some(p) = phase {
        state.step = match Step::from_key(p) {
            Some(s) if s != Step::Finished => s,
            _ => {
                return Err(CheckError::UnknownPhase(p.to_string()));
            }
        };
    }
    let parsed = maester_lang::submit::parse_mail_as(board, &names, &state, Some(h), text, lang);
    let mut errors = parsed.errors.clone();
    let had_parse_errors = !errors.is_empty();
    {
        match parsed.partial.as_ref().or(parsed.submission.as_ref()) {
            Some(sub) => {
                if let Err(e) = maester_game::check(board, &state, h, sub) {
                    errors.extend(crate::refusals::submission_errors(board, &e, lang, &parsed));
                }
            }
            None if !had_parse_errors && parsed.commands.is_empty() && parsed.secret.is_none() => {
                errors.push(ErrorLine {
                    line: 0,
                    column: 0,
                    text: String::new(),
                    message: match lang {
                        Lang::Zh => "没有命令。".into(),
                        Lang::En => "no orders.".into(),
                    },
                    ..Default::default()
                })
            }
            None => {}
        }
    }
    errors.sort_by_key(|e| e.line);
    Ok(CheckReport {
        valid: errors.is_empty(),
        house: board.house(h).key.clone(),
        step: state.step.key().into(),
        echo: parsed.echo,
        errors,
        notes: parsed.notes,
    })
}
