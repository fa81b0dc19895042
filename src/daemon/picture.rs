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
/// arrows and battles of the last closed step (its log, stored with the snapshot). With a
/// house (its key, or its name in any language), that house's own picture: its theatre, the
/// one its report shows first; without, the whole board.
pub fn current_map(
    d: &Daemon,
    game: Option<&str>,
    language: MailLanguage,
    svg: bool,
    house: Option<&str>,
) -> Result<Vec<u8>, Error> {
    let lang = language.lang;
    let id = game_id(d, game)?;
    let g = loaded::load(d, &id)?;
    let house = match house {
        Some(h) => Some(house_named(&g, h)?),
        None => None,
    };
    let deadline = g.row.deadline.map(|t| g.at(t, lang)).unwrap_or_default();
    let log = last_step_log(d, &id, g.seq)?;
    let input = crate::map::MapInput {
        board: &g.board,
        state: &g.state,
        log: &log,
        lang,
        script: crate::words::hant::Script::of(language.traditional()),
        deadline: &deadline,
        reported: "",
        reported_round: 0,
    };
    Ok(match (svg, house) {
        (true, None) => crate::map::svg(&input).into_bytes(),
        (true, Some(h)) => crate::map::house_svg(&input, h).into_bytes(),
        (false, None) => crate::map::png(&input)?,
        (false, Some(h)) => crate::map::paint(&input)?.house_png(&input, h)?,
    })
}

/// A house named by its key (`stark`) or its name in either language (`白狼`, `Stark`).
fn house_named(g: &super::loaded::Loaded, name: &str) -> Result<crate::board::HouseId, Error> {
    if let Some(h) = g.board.house_by_key(name) {
        return Ok(h);
    }
    if let crate::lang::names::Lookup::Found(h) = g.names.houses.lookup(name) {
        return Ok(h);
    }
    let known: Vec<String> = g.board.houses.iter().map(|h| h.key.clone()).collect();
    Err(Error::Refused(format!(
        "--house {name}: no such house; use one of {}",
        known.join(", ")
    )))
}
