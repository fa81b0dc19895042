//! The developer's harness: `scenario` (the adjudication suite, one ruling of the rulebook per
//! case, written in the players' order language; also `maester bench`) and `sim` (whole random
//! games through the step machine, the invariants checked after every step).

// Paths written before the split name the other crates through the crate root.
pub(crate) use maester_board as board;
pub(crate) use maester_game as game;
pub(crate) use maester_lang as lang;
pub(crate) use maester_rules as rules;
pub(crate) use maester_words as words;

pub mod scenario;
pub mod sim;
