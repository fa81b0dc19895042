//! The subcommands of the `maester` binary, one function each; `main.rs` holds the argument
//! definitions and sends each subcommand here.

pub mod check;
pub mod gm;
pub mod harness;
pub mod service;
