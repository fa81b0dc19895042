//! The nouns of the game, at the bottom of the rules: the state and its units, the orders and
//! plans, the log, the round's modifiers and the seeded random numbers. Nothing here imports a
//! phase module; the phases import these.

pub mod economy;
pub mod errors;
pub mod events;
pub mod log;
pub mod log_events;
pub mod modifiers;
pub mod one_time;
pub mod orders;
pub mod rng;
pub mod state;
pub mod unfulfilled;
pub mod units;
pub mod window;
