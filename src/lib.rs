//! maester: a play-by-email referee for A Game of Thrones: The Board Game.

pub mod board;
pub mod lang;
