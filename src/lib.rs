//! maester: a play-by-email referee for A Game of Thrones: The Board Game.

pub mod board;
pub mod config;
pub mod daemon;
pub mod demo;
pub mod game;
pub mod lang;
pub mod mail;
pub mod out;
pub mod report;
pub mod rules;
pub mod scenario;
pub mod schedule;
pub mod sim;
pub mod store;
