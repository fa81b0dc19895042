//! The reply template of the "your house first" block: the house's form for the open step
//! (`form::form`: one line per decision, `___` where the player chooses, the choices under each
//! line), with the secret's line first, and the notes a player needs to fill it.

use crate::form;
use maester_board::{HouseId, Lang};
use maester_rules::GameState;

/// A reply template: the lines to send and what helps fill them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Template {
    /// The lines to send, the secret's line first (empty: nothing to prefill).
    pub lines: Vec<String>,
    /// What the player needs to fill them in (the limits across lines, leaders).
    pub notes: Vec<String>,
    /// Whether every line is optional: the step requires nothing of the house.
    pub optional_only: bool,
}

/// The template of `h` for the open step of `state`; empty when it has nothing to fill.
pub fn template(
    board: &maester_board::Board,
    state: &GameState,
    h: HouseId,
    lang: Lang,
) -> Template {
    let f = form::form(board, state, h, lang);
    let mut notes = f.notes.clone();
    if f.optional_only && !f.lines.is_empty() {
        notes.insert(0, form::optional_note(lang).to_string());
    }
    Template {
        lines: f.shown(lang),
        notes,
        optional_only: f.optional_only && !f.lines.is_empty(),
    }
}
