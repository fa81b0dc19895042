//! How a house's what-ifs (`试算` / `what if`) are counted: each one is its mail's outcome,
//! `what-if r<round> <step>: …`, so the count of a step is the count of its house's mails with
//! that outcome. Intake limits a house to `[game] what_if_per_step` of them; `gm who` says how
//! many each house asked, never their content.

use super::Daemon;
use super::loaded::Loaded;
use crate::board::Lang;
use crate::error::Error;
use crate::rules::GameState;

/// How every what-if's outcome begins (asked, refused, over the limit).
pub const OUTCOME: &str = "what-if";

/// The outcome prefix of a house's what-ifs in the open step.
pub fn outcome_prefix(state: &GameState) -> String {
    format!("{OUTCOME} r{} {}:", state.round, state.step.key())
}

/// How many what-ifs a house (its key) asked in the open step.
pub fn asked_in_step(d: &Daemon, g: &Loaded, house: &str) -> Result<u32, Error> {
    Ok(d.store.seat_outcomes_since(
        &g.row.id,
        house,
        &outcome_prefix(&g.state),
        chrono::DateTime::<chrono::Utc>::UNIX_EPOCH,
    )?)
}

/// `gm who`'s lines: each house that asked what-ifs in the open step, and how many.
pub fn who_lines(d: &Daemon, g: &Loaded, lang: Lang) -> Result<Vec<String>, Error> {
    let mut out = Vec::new();
    for h in g.board.house_ids() {
        let key = &g.board.house(h).key;
        let n = asked_in_step(d, g, key)?;
        if n > 0 {
            let name = match lang {
                Lang::Zh => g.board.house(h).name(lang),
                Lang::En => key.as_str(),
            };
            out.push(crate::words::what_if::who_count(name, n, lang));
        }
    }
    Ok(out)
}
