//! The developer's harness: `scenario` (the adjudication suite, one ruling of the rulebook per
//! case, written in the players' order language; also `maester bench`) and `sim` (whole random
//! games through the step machine, the invariants checked after every step).

pub mod scenario;
pub mod sim;
