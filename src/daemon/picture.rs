//! The map picture of a stored game (`maester map`), and which game a command means.

use super::{Daemon, loaded};
use crate::config::MailLanguage;
use crate::error::Error;
use crate::rules::log::Event;

/// The game a command means: the one named, or the only game of the store.
pub fn game_id(d: &Daemon, game: Option<&str>) -> Result<String, Error> {
    if let Some(g) = game {
        return Ok(g.to_string());
    }
    let all = d.store.games()?;
    match all.as_slice() {
        [one] => Ok(one.id.clone()),
        [] => Err(Error::NotFound("a game (run `maester new-game`)".into())),
        _ => {
            let ids: Vec<String> = all.iter().map(|g| g.id.clone()).collect();
            Err(Error::Config(format!(
                "several games ({}): choose one with --game",
                ids.join(", ")
            )))
        }
    }
}

/// The log of the step whose close wrote the game's newest snapshot, as stored beside it: the
/// marches, raids, retreats and battles the picture draws as arrows. Empty when the newest
/// snapshot is the game's start or a GM's change (its log is a note, not events), or when a log
/// stored by an older version no longer reads.
fn last_step_log(d: &Daemon, id: &str, seq: i64) -> Result<Vec<Event>, Error> {
    let Some(snap) = d.store.snapshot(id, seq)? else {
        return Ok(Vec::new());
    };
    Ok(crate::publish::record::events_of(&snap.log))
}

/// The picture of a game's current state: PNG bytes, or the SVG document when `svg`, with the
/// arrows and battles of the last closed step (its log, stored with the snapshot).
pub fn current_map(
    d: &Daemon,
    game: Option<&str>,
    language: MailLanguage,
    svg: bool,
) -> Result<Vec<u8>, Error> {
    let lang = language.lang;
    let id = game_id(d, game)?;
    let g = loaded::load(d, &id)?;
    let deadline = g.row.deadline.map(|t| g.at(t, lang)).unwrap_or_default();
    let log = last_step_log(d, &id, g.seq)?;
    let input = crate::map::MapInput {
        board: &g.board,
        state: &g.state,
        log: &log,
        lang,
        script: crate::words::hant::Script::of(language.traditional()),
        deadline: &deadline,
    };
    if svg {
        Ok(crate::map::svg(&input).into_bytes())
    } else {
        Ok(crate::map::png(&input)?)
    }
}
