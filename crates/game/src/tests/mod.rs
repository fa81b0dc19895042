//! Tests of the step machine: `steps` for the sequence of a round, `choice` for the chooser
//! events of the optional rules, `new_king` for the ties the new King decides (004:L1157), `tie_lines` for a tie line read by
//! its houses (004:L1163), `raven_pass` for the Raven holder's `无` (no change).

mod choice;
mod new_king;
mod raven_pass;
mod steps;
mod tie_lines;
