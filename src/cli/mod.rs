//! The subcommands of the `maester` binary, one function each; `main.rs` holds the argument
//! definitions (those of `maester gm` are in `gm_args`) and sends each subcommand here.

pub mod check;
pub mod check_mail;
pub mod gm;
pub mod gm_args;
pub mod harness;
pub mod publish;
pub mod service;
pub mod verify;
