//! Tests of the step machine: `steps` for the sequence of a round, `budget` for a mail's tokens
//! as a whole, `choice` for the chooser events of the optional rules, `new_king` for the
//! ties the new King decides (004:L1157), `sent_bids` for the bids of a house that sent its event
//! mail, `tie_lines` for a tie line read by its houses (004:L1163), `raven_pass` for the
//! Raven holder's `无` (no change).

mod budget;
mod choice;
mod new_king;
mod raven_pass;
mod sent_bids;
mod steps;
mod tie_lines;
