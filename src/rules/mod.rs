//! The game itself: pure, deterministic rules. State + submissions (+ a seed) → new state + a
//! log that explains every step. No IO, no clock, no randomness that is not handed in.

pub mod abilities;
pub mod battle;
pub mod casualties;
pub mod conditions;
pub mod consolidate;
pub mod leaders;
pub mod log;
pub mod march;
pub mod military;
pub mod modifiers;
pub mod orders;
pub mod placement;
pub mod plan_check;
pub mod ports;
pub mod raid;
pub mod retreat;
pub mod state;
pub mod supply;
pub mod support;
pub mod sword;
pub mod transport;

pub use state::{AreaState, GameState, HouseState, LeaderStatus, Step, Track, Unit};
#[cfg(test)]
mod testkit;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_battle;
#[cfg(test)]
mod tests_consolidate_sword;
#[cfg(test)]
mod tests_leaders;
#[cfg(test)]
mod tests_marches;
#[cfg(test)]
mod tests_raids_placement;
#[cfg(test)]
mod tests_retreats;
#[cfg(test)]
mod tests_support_transport;
