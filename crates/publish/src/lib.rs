//! The campaign's public record: a closed step's public report as a forum post (`post`) and a
//! game's static web site (`site`, `feed`), built from the steps the store keeps (the states,
//! the military log and the close's public `record`) with the report's own sentences from
//! `maester-words`; the chronicle of the whole game (`chronicle`: figures per round, battles,
//! the end-of-game summary) and its charts (`standings`). Pure: no store, no files, no clock; the shell reads the store, draws the
//! pictures through [`site::picture`] and writes the files.
//!
//! Public means public: nothing here reads a secret, an address, a house's private notice or a
//! submission of a step still open; a [`record::Record`] holds only what every house's report
//! of the step said to all of them.

pub mod chronicle;
pub mod feed;
pub mod game;
pub mod html;
pub mod machine;
pub mod post;
pub mod receipt;
pub mod record;
pub mod report;
pub mod silence;
pub mod site;
pub mod standings;
pub mod verify;

pub use post::{Format, Picture, post};
pub use record::{ClosedStep, PlanLines, Record, StoredLog, Submitted, Used};
pub use report::{Public, Step, public, receipt_lines};
pub use site::{File, Site, pages};
