//! The shell of `maester verify`: reads a game's `record.json` (the site folder the daemon
//! writes, or the file itself), runs the pure checks of `maester-publish::verify`, and says one
//! line per check in the reader's language. Needs no config, no store, no secret: only the
//! public record, which carries the seed once the game is over.
//!
//! Exit codes: 0 every check holds (a finished game); 1 a check fails (its line quotes the
//! first mismatch); 2 the record cannot be read (missing, garbled, another format); 3 the game
//! is not over: the seed is not revealed yet, so nothing could be checked against it (and
//! nothing failed).

use crate::board::{Board, Lang};
use crate::publish::machine::{FILE, FORMAT, MachineRecord};
use crate::words::verify as w;
use std::path::Path;

/// What `maester verify` found: its lines and its exit code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// One line per check, the header first and a summary last.
    pub lines: Vec<String>,
    /// The exit code (see the module's description).
    pub code: u8,
}

/// Every check hold.
pub const HOLDS: u8 = 0;
/// A check failed.
pub const FAILS: u8 = 1;
/// The record cannot be read.
pub const UNREADABLE: u8 = 2;
/// The game is not over: the seed is not revealed yet.
pub const NOT_OVER: u8 = 3;

/// Checks the record at `path` (a folder holding `record.json`, or the file), the lines in
/// `lang`.
pub fn verify(path: &Path, lang: Lang) -> Verified {
    let unreadable = |why: String| Verified {
        lines: vec![w::unreadable(&path.display().to_string(), &why, lang)],
        code: UNREADABLE,
    };
    let file = if path.is_dir() {
        path.join(FILE)
    } else {
        path.to_path_buf()
    };
    let bytes = match std::fs::read(&file) {
        Ok(b) => b,
        Err(e) => return unreadable(format!("{}: {e}", file.display())),
    };
    let rec: MachineRecord = match serde_json::from_slice(&bytes) {
        Ok(r) => r,
        Err(e) => return unreadable(format!("{}: {e}", file.display())),
    };
    if rec.format != FORMAT {
        return unreadable(format!(
            "{}: format {} (this maester reads {FORMAT})",
            file.display(),
            rec.format
        ));
    }
    let board = match &rec.board {
        Some(toml) => Board::from_toml(toml),
        None => Board::default_board(),
    };
    let board = match board {
        Ok(b) => b,
        Err(e) => return unreadable(format!("board: {e}")),
    };
    // The checks are pure, but a record is input: a panic in them is a refusal, not a crash.
    let checks = match std::panic::catch_unwind(|| crate::publish::verify::verify(&board, &rec)) {
        Ok(c) => c,
        Err(_) => return unreadable("the record does not fit its board".into()),
    };
    let mut lines = vec![w::header(&rec.game, &rec.seed_sha256, lang)];
    lines.extend(checks.iter().map(|(c, v)| w::line(&board, *c, v, lang)));
    let holds = crate::publish::verify::all_hold(&checks);
    let revealed = rec.seed.is_some();
    lines.push(w::summary(holds, revealed, lang));
    let code = match (holds, revealed) {
        (false, _) => FAILS,
        (true, true) => HOLDS,
        (true, false) => NOT_OVER,
    };
    Verified { lines, code }
}
