//! maester: a play-by-email referee for A Game of Thrones: The Board Game.

pub mod board;
pub mod config;
pub mod daemon;
pub mod demo;
pub mod error;
pub mod game;
pub mod lang;
pub mod out;
pub mod rules;
pub mod scenario;
pub mod schedule;
pub mod sim;
pub mod words;

/// Mail transports and MIME (the `maester-mail` crate).
pub use maester_mail as mail;
/// The SQLite store (the `maester-store` crate).
pub use maester_store as store;
