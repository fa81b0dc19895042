//! Reports and answers: the log in words, the map state, and the mail texts rendered from
//! `templates/` with minijinja (Simplified Chinese by default, English available).

pub mod render;
pub mod view;
pub mod words;
