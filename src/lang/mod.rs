//! The order language: grammar, syntax tree, name resolution, errors and canonical echo.

pub mod grammar;
pub mod ast;
pub mod errors;
pub mod normalize;
pub mod parse;
