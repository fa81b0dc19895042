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

/// The answers to `to` since `since` the hourly answer cap holds an answer to a mail with
/// this outcome against: a what-if's answer counts only the what-ifs' answers, any other
/// answer (`wrong`: to a wrong secret, counted apart by the guard already) every other answer
/// but the what-ifs'. So asking what-ifs never holds back the answer to the real orders.
pub fn answers_counted(
    d: &Daemon,
    to: &str,
    since: chrono::DateTime<chrono::Utc>,
    outcome: &str,
    wrong: bool,
) -> Result<u32, Error> {
    let what_ifs = d.store.answers_to_since_prefixed(to, since, OUTCOME)?;
    if outcome.starts_with(OUTCOME) {
        return Ok(what_ifs);
    }
    let n = d.store.answers_to_since_split(to, since, wrong)?;
    Ok(if wrong { n } else { n.saturating_sub(what_ifs) })
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
