//! The map picture of a stored game (`maester map`), and which game a command means.

use super::{Daemon, games};
use crate::board::Lang;
use crate::error::Error;

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

/// The picture of a game's current state: PNG bytes, or the SVG document when `svg`. The
/// state alone is drawn (the arrows of a step are in the report mails, which hold its log).
pub fn current_map(
    d: &Daemon,
    game: Option<&str>,
    lang: Lang,
    svg: bool,
) -> Result<Vec<u8>, Error> {
    let id = game_id(d, game)?;
    let g = games::load(d, &id)?;
    let deadline = g.row.deadline.map(|t| g.at(t, lang)).unwrap_or_default();
    let input = crate::map::MapInput {
        board: &g.board,
        state: &g.state,
        log: &[],
        lang,
        deadline: &deadline,
    };
    if svg {
        Ok(crate::map::svg(&input).into_bytes())
    } else {
        Ok(crate::map::png(&input)?)
    }
}
