//! Why a submission is refused, in words: one sentence per reason of each rule error (the
//! rules' and the game's error enums are data; this module turns them into Chinese and
//! English, each with the rule it follows).

use maester_board::{Board, Lang};

mod bidding;
mod build;
mod events;
mod muster;
mod one_time;
mod placement;
mod plan;
mod problems;
pub(crate) use problems::{part_en, part_zh};
mod rewards;
mod supply;
mod wildlings;

/// A rule reference as the language writes it: the lines of one rulebook reference are joined
/// by "、" in Chinese and by ", " in English (the rules give them the English way); a FAQ answer
/// after them keeps its ", " ("004:L1076, A-58").
fn cite(rule: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => rule.replace(", L", "、L"),
        Lang::En => rule.to_string(),
    }
}

/// A rule error as a sentence for the player.
pub trait RuleText {
    /// A sentence for the player.
    fn message(&self, board: &Board, lang: Lang) -> String;
}
