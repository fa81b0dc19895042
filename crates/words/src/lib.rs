//! Every sentence a player or the GM reads, in Chinese and English: the log of a resolution
//! in words (`log`), what each house is asked in a step (`asks`, `instructions`), the map state
//! (`view`, also the stable `status --json` view) and the mail texts rendered from
//! `templates/` with minijinja (`render`). Pure: reads the board, the state and the log, does
//! no IO (the templates are compiled in or handed over by the shell).

pub mod answers;
pub mod asks;
pub mod calendar;
pub mod catch_up;
pub mod check;
pub mod chronicle;
pub mod cite;
pub mod corrections;
pub mod deadlines;
pub mod economy;
pub mod event_text;
pub mod form;
pub mod gm_alerts;
pub mod gm_copy;
pub mod gm_mail;
pub mod gm_refusals;
pub mod gm_results;
pub mod guide;
pub mod hant;
pub mod instructions;
pub mod late_mail;
pub mod log;
pub mod mail_ops;
pub mod map_labels;
pub mod map_text;
pub mod notices;
pub mod offer;
pub mod plural;
pub mod publish;
pub mod receipts;
pub mod refusals;
pub mod render;
pub mod report_lines;
pub mod report_text;
pub mod rule_text;
pub mod seats;
pub mod silence;
pub mod status_text;
pub mod teach;
pub mod verify;
pub mod view;
pub mod welcome;
pub mod what_if;
pub mod whole_mail;
pub mod yours;

pub use maester_lang::vocab::{Named, Spelling};
