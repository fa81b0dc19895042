//! The adjudication tests of the rules, one file per chapter of the rulebook, each test named
//! after the rule it checks; `kit` and `kit_events` are the helpers they share
//! (`kit_events::start` also serves the unit tests inside the rule files).

mod kit;
pub(super) mod kit_events;

mod abilities;
mod battle;
mod bidding;
mod build;
mod consolidate_sword;
mod economy;
mod endgame;
mod events;
mod house_left;
mod leaders;
mod marches;
mod military;
mod muster;
mod one_time;
mod phase;
mod raids_placement;
mod rest;
mod retreats;
mod siege_per_army;
mod sim_gaps;
mod supply;
mod support_transport;
mod wildling_budget;
