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
mod testkit;
#[cfg(test)]
mod testkit_events;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_abilities;
#[cfg(test)]
mod tests_battle;
#[cfg(test)]
mod tests_bidding;
#[cfg(test)]
mod tests_build;
#[cfg(test)]
mod tests_consolidate_sword;
#[cfg(test)]
mod tests_economy;
#[cfg(test)]
mod tests_endgame;
#[cfg(test)]
mod tests_events;
#[cfg(test)]
mod tests_leaders;
#[cfg(test)]
mod tests_log_events;
#[cfg(test)]
mod tests_marches;
#[cfg(test)]
mod tests_muster;
#[cfg(test)]
mod tests_one_time;
#[cfg(test)]
mod tests_phase;
#[cfg(test)]
mod tests_raids_placement;
#[cfg(test)]
mod tests_rest;
#[cfg(test)]
mod tests_retreats;
#[cfg(test)]
mod tests_sim_gaps;
#[cfg(test)]
mod tests_support_transport;
