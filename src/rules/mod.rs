//! The game itself: pure, deterministic rules. State + submissions (+ a seed) → new state + a
//! log that explains every step. No IO, no clock, no randomness that is not handed in.

pub mod state;

pub use state::{AreaState, GameState, HouseState, LeaderStatus, Step, Track, Unit};
