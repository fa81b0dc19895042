//! 裁决用例 Adjudication scenarios: a position, each house's orders and plan written in the
//! players' own order language, and the expected result. `maester scenario PATH…` runs them.
//! The format is documented in `docs/scenarios.md`.

pub mod bench;
mod cards;
mod edit;
mod expect;
mod format;
mod history;
mod play;
mod run;
mod setup;

pub use edit::Edit;
pub use format::Outcome;
pub use format::{Scenario, ScenarioError};
pub use run::{prepare, run_file, run_paths};
