//! maester: a play-by-email referee for A Game of Thrones: The Board Game.

pub mod bench_intake;
pub mod bench_prefill;
pub mod bench_store;
pub mod config;
pub mod daemon;
pub mod demo;
pub mod error;
pub mod out;
pub mod robot_players;
pub mod schedule;
pub mod verify;

/// The board as data (the `maester-board` crate).
pub use maester_board as board;
/// Writing a file into a folder others may write (the `maester-files` crate).
pub use maester_files as files;
/// The round as steps (the `maester-game` crate).
pub use maester_game as game;
/// The adjudication suite and the simulator (the `maester-harness` crate).
pub use maester_harness::{scenario, sim};
/// The order language (the `maester-lang` crate).
pub use maester_lang as lang;
/// Mail transports and MIME (the `maester-mail` crate).
pub use maester_mail as mail;
/// The map picture (the `maester-map` crate).
pub use maester_map as map;
/// The public record: forum posts and the static site (the `maester-publish` crate).
pub use maester_publish as publish;
/// The rules (the `maester-rules` crate).
pub use maester_rules as rules;
/// The SQLite store (the `maester-store` crate).
pub use maester_store as store;
/// Every player-facing sentence (the `maester-words` crate).
pub use maester_words as words;
