//! `maester check`.

use maester::config::Config;
use maester::daemon::{Daemon, games};
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
) -> Result<(), String> {
    let lang = if lang == "en" {
        maester::board::Lang::En
    } else {
        maester::board::Lang::Zh
    };
    let text = if file == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).map_err(|e| e.to_string())?;
        s
    } else {
        std::fs::read_to_string(&file).map_err(|e| format!("{file}: {e}"))?
    };
    let (board, st) = match (game, state) {
        (Some(g), _) => {
            let d = Daemon::open(Config::load(config)?)?;
            let l = games::load(&d, &g)?;
            (l.board, l.state)
        }
        (None, Some(p)) => {
            let board = maester::board::Board::default_board().map_err(|e| e.to_string())?;
            let t = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            let st = serde_json::from_str(&t).map_err(|e| format!("{}: {e}", p.display()))?;
            (board, st)
        }
        (None, None) => {
            let board = maester::board::Board::default_board().map_err(|e| e.to_string())?;
            let st = maester::rules::GameState::new_game(&board);
            (board, st)
        }
    };
    let report =
        maester::lang::submit::check::check(&board, st, &house, phase.as_deref(), &text, lang)?;
    if json {
        maester::say!(
            "{}",
            serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?
        );
    } else {
        maester::say_raw!("{}", report.text());
    }
    if report.valid {
        Ok(())
    } else {
        Err(String::new())
    }
}
