//! The game itself: pure, deterministic rules. State + submissions (+ a seed) → new state + a
//! log that explains every step. No IO, no clock, no randomness that is not handed in.

pub mod armies;
pub mod event_phase;
pub mod military;
pub mod model;
pub mod optional;
pub mod planning;
pub mod round;

pub use model::{log, log_events, modifiers, orders, rng, state, units};
pub use state::{AreaState, GameState, HouseState, LeaderStatus, Step, Track, Unit, Units};
#[cfg(test)]
mod tests;
