//! The game itself: pure, deterministic rules. State + submissions (+ a seed) → new state + a
//! log that explains every step. No IO, no clock, no randomness that is not handed in.
//!
//! The folders follow the rulebook, from the ground up; a folder imports only from the folders
//! listed before it (the driver of a phase may use the chapters beside it):
//! - `model/`: the nouns — state, units, orders and plans, the log, the round's modifiers, the
//!   seeded random numbers, and the nouns of each phase. It imports no phase.
//! - `armies/`: supply and mustering, standing rules that every phase checks.
//! - `round/`: the end of a round (leaders' rest, the end of the game).
//! - `optional/`: the variant's optional one-time orders.
//! - `planning/`: order placement (with the Raven) and the execution-plan check.
//! - `military/`: the combat phase (raids, marches, battles, retreats, consolidate power).
//! - `event_phase/`: the event phase and its chapters.
//!
//! Other crates name a rule by its folder and chapter (`maester_rules::armies::muster::check`,
//! `maester_rules::military::resolve`) and a noun by its module at the root
//! (`maester_rules::state::GameState`, the most used also as `maester_rules::GameState`). The
//! files that only the crate itself uses are private.

pub mod armies;
pub mod event_phase;
pub mod military;
mod model;
pub mod optional;
pub mod planning;
pub mod round;

pub use model::{log, log_events, modifiers, orders, rng, state, units};
pub use state::{AreaState, GameState, HouseState, LeaderStatus, Step, Track, Unit, Units};
#[cfg(test)]
mod tests;
