//! What the site is built for and how its files are named: shared by the pages (`site`) and
//! the feed (`feed`), which link each other's files.

use crate::report::Step;
use chrono::{DateTime, Utc};
use maester_board::{Board, Lang};
use maester_rules::GameState;
use maester_words::hant::Script;

/// The game a site is built for.
pub struct Site<'a> {
    /// The board.
    pub board: &'a Board,
    /// The game's id.
    pub game: &'a str,
    /// The language of every page.
    pub lang: Lang,
    /// The script of its Chinese.
    pub script: Script,
    /// The game's newest state.
    pub current: &'a GameState,
    /// The open step's deadline in words (empty: none).
    pub deadline: &'a str,
    /// The seed, once the game is over (the final report publishes it); `None` before.
    pub seed: Option<&'a str>,
    /// The address the site is served at (absolute links in the feed), if known.
    pub base_url: Option<&'a str>,
    /// When the game was created (the feed's date before any step closed).
    pub created: DateTime<Utc>,
    /// The seats that want a substitute, and how to apply (`words::seats::wanted`), for the
    /// game's page; empty: none.
    pub seats: &'a [String],
}

/// A file of the site: its name in the folder and its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    /// The file's name (no folder).
    pub name: String,
    /// Its content.
    pub bytes: Vec<u8>,
}

/// The name of a step's page.
pub fn page_name(step: &Step) -> String {
    format!("{}.html", step.slug())
}

/// The name of a step's map picture.
pub fn picture_name(step: &Step) -> String {
    format!("{}.png", step.slug())
}

/// The name of a house's theatre picture of a step (the step's page shows the board by
/// theatre, readable on a phone; the whole board is [`picture_name`]).
pub fn theatre_name(step: &Step, house_key: &str) -> String {
    format!("{}.{house_key}.png", step.slug())
}
