//! Tests of the step machine: `steps` for the sequence of a round, `choice` for the chooser
//! events of the optional rules.

mod choice;
mod steps;
