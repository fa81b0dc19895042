//! The game itself: pure, deterministic rules. State + submissions (+ a seed) → new state + a
//! log that explains every step. No IO, no clock, no randomness that is not handed in.

pub mod battle;
pub mod consolidate;
pub mod log;
pub mod march;
pub mod military;
pub mod orders;
pub mod placement;
pub mod raid;
pub mod retreat;
pub mod state;
pub mod supply;

pub use state::{AreaState, GameState, HouseState, LeaderStatus, Step, Track, Unit};
#[cfg(test)]
mod tests;
