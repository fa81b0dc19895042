//! The game itself: pure, deterministic rules. State + submissions (+ a seed) → new state + a
//! log that explains every step. No IO, no clock, no randomness that is not handed in.

pub mod abilities;
pub mod battle;
pub mod bidding;
pub mod build;
pub mod casualties;
pub mod conditions;
pub mod consolidate;
pub mod economy;
pub mod endgame;
pub mod event_phase;
pub mod events;
pub mod forced_march;
pub mod leaders;
pub mod log;
pub mod log_events;
pub mod march;
pub mod military;
pub mod modifiers;
pub mod muster;
pub mod one_time;
pub mod orders;
pub mod placement;
pub mod plan_check;
pub mod ports;
pub mod raid;
pub mod rest;
pub mod retreat;
pub mod rewards;
pub mod rng;
pub mod state;
pub mod supply;
pub mod support;
pub mod sword;
pub mod transport;
pub mod units;
pub mod wildlings;

pub use state::{AreaState, GameState, HouseState, LeaderStatus, Step, Track, Unit, Units};
#[cfg(test)]
mod tests;
