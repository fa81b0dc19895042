//! maester: a play-by-email referee for A Game of Thrones: The Board Game.

pub mod config;
pub mod daemon;
pub mod demo;
pub mod error;
pub mod lang;
pub mod out;
pub mod scenario;
pub mod schedule;
pub mod sim;
pub mod words;

/// The board as data (the `maester-board` crate).
pub use maester_board as board;
/// The round as steps (the `maester-game` crate).
pub use maester_game as game;
/// Mail transports and MIME (the `maester-mail` crate).
pub use maester_mail as mail;
/// The rules (the `maester-rules` crate).
pub use maester_rules as rules;
/// The SQLite store (the `maester-store` crate).
pub use maester_store as store;
