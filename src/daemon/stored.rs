//! The stored form of a game state: a versioned envelope around the rules' state,
//! `{"format": N, "state": …}`. The rules may reshape `GameState` freely; what a running game
//! wrote stays readable because each stored format is decoded by the code for that format.
//!
//! - format 0: the bare `GameState` JSON written before the envelope existed (databases of
//!   schema 1; `tests/fixtures/v1-running-game.sqlite` is one);
//! - format 1: the envelope around today's `GameState`.
//!
//! A state change that alters the serialised form adds format N+1 and a conversion from N.

use crate::rules::GameState;
use serde_json::{Value, json};
use std::fmt;

/// The format this build writes.
pub const STATE_FORMAT: u64 = 1;

/// A stored state this build cannot read.
#[derive(Debug)]
pub enum StoredStateError {
    /// Written by a newer maester.
    TooNew(u64),
    /// Not a state of the format it claims.
    Unreadable {
        /// The format read.
        format: u64,
        /// What did not match.
        detail: String,
    },
}

impl fmt::Display for StoredStateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoredStateError::TooNew(n) => write!(
                f,
                "the stored state has format {n}, newer than this maester reads ({STATE_FORMAT}); \
                 upgrade maester"
            ),
            StoredStateError::Unreadable { format, detail } => {
                write!(
                    f,
                    "the stored state (format {format}) cannot be read: {detail}"
                )
            }
        }
    }
}

impl std::error::Error for StoredStateError {}

/// The stored form of a state (the current format).
pub fn encode(state: &GameState) -> Result<Value, serde_json::Error> {
    Ok(json!({ "format": STATE_FORMAT, "state": serde_json::to_value(state)? }))
}

/// A state from its stored form, whichever format this build knows.
pub fn decode(stored: Value) -> Result<GameState, StoredStateError> {
    let format = match stored.get("format") {
        None => 0,
        Some(v) => v.as_u64().ok_or(StoredStateError::Unreadable {
            format: 0,
            detail: format!("format {v} is not a number"),
        })?,
    };
    let unreadable = |e: serde_json::Error| StoredStateError::Unreadable {
        format,
        detail: e.to_string(),
    };
    match format {
        0 => serde_json::from_value(stored).map_err(unreadable),
        1 => {
            let Value::Object(mut envelope) = stored else {
                return Err(StoredStateError::Unreadable {
                    format,
                    detail: "not an object".into(),
                });
            };
            let state = envelope.remove("state").unwrap_or(Value::Null);
            serde_json::from_value(state).map_err(unreadable)
        }
        n => Err(StoredStateError::TooNew(n)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    fn state() -> GameState {
        let board = Board::default_board().expect("the default board loads");
        GameState::new_game(&board)
    }

    #[test]
    fn a_state_round_trips_through_the_current_format() {
        let s = state();
        let stored = encode(&s).expect("encodes");
        assert_eq!(stored["format"], STATE_FORMAT);
        let back = decode(stored).expect("decodes");
        assert_eq!(
            serde_json::to_value(&back).ok(),
            serde_json::to_value(&s).ok()
        );
    }

    #[test]
    fn a_bare_state_of_format_0_still_reads() {
        let s = state();
        let bare = serde_json::to_value(&s).expect("serialises");
        let back = decode(bare).expect("format 0 decodes");
        assert_eq!(back.round, s.round);
        assert_eq!(back.step, s.step);
    }

    #[test]
    fn a_newer_or_broken_format_is_a_clear_error() {
        let e = decode(json!({"format": 99, "state": {}})).err();
        assert!(matches!(e, Some(StoredStateError::TooNew(99))), "{e:?}");
        let e = decode(json!({"format": 1, "state": {"round": "x"}})).err();
        assert!(
            matches!(e, Some(StoredStateError::Unreadable { format: 1, .. })),
            "{e:?}"
        );
        let e = decode(json!({"format": "one"})).err();
        assert!(e.is_some());
    }
}
