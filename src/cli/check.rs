//! `maester check`.

use maester::config::Config;
use maester::daemon::{Daemon, games};
use maester::error::Error;
use std::path::{Path, PathBuf};

/// `maester check`: a submission read and validated as the daemon would.
#[allow(clippy::too_many_arguments)]
pub fn check(
    config: &Path,
    house: String,
    phase: Option<String>,
    game: Option<String>,
    state: Option<PathBuf>,
    lang: String,
    json: bool,
    file: String,
) -> Result<(), Error> {
    let lang = if lang == "en" {
        maester::board::Lang::En
    } else {
        maester::board::Lang::Zh
    };
    let text = if file == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
            .map_err(|e| Error::io("standard input", e))?;
        s
    } else {
        std::fs::read_to_string(&file).map_err(|e| Error::Refused(format!("{file}: {e}")))?
    };
    let (board, st) = match (game, state) {
        (Some(g), _) => {
            let d = Daemon::open_existing(Config::load(config)?)?;
            let l = games::load(&d, &g)?;
            (l.board, l.state)
        }
        (None, Some(p)) => {
            let board = maester::board::Board::default_board()?;
            let t = std::fs::read_to_string(&p)
                .map_err(|e| Error::Refused(format!("{}: {e}", p.display())))?;
            let st = serde_json::from_str(&t)
                .map_err(|e| Error::Refused(format!("{}: {e}", p.display())))?;
            (std::sync::Arc::new(board), st)
        }
        (None, None) => {
            let board = maester::board::Board::default_board()?;
            let st = maester::rules::GameState::new_game(&board);
            (std::sync::Arc::new(board), st)
        }
    };
    let report = maester::words::check::check(&board, st, &house, phase.as_deref(), &text, lang)
        .map_err(|e| Error::Refused(e.to_string()))?;
    if json {
        maester::say!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        maester::say_raw!("{}", report.text());
    }
    if report.valid {
        Ok(())
    } else {
        Err(Error::Reported)
    }
}
