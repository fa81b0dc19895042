//! The pest parser of the order language. The grammar lives in `grammar/*.pest`, one file per
//! concept; pest_derive concatenates them. `Rule` (one variant per grammar rule) is generated;
//! the rules are documented in the grammar files.
#![allow(missing_docs)]

use pest_derive::Parser;

/// The generated PEG parser; `Rule::line` parses one normalised line.
#[derive(Parser)]
#[grammar = "../../grammar/lexicon.pest"]
#[grammar = "../../grammar/placement.pest"]
#[grammar = "../../grammar/plan.pest"]
#[grammar = "../../grammar/events.pest"]
#[grammar = "../../grammar/submission.pest"]
pub struct OrderParser;

#[cfg(test)]
mod tests {
    use super::*;
    use pest::Parser;

    #[test]
    fn names_stop_in_front_of_keywords_and_units() {
        let line = OrderParser::parse(Rule::line, "派克岛2K1F 移动到 海疆城").unwrap();
        let places: Vec<&str> = line
            .flatten()
            .filter(|p| p.as_rule() == Rule::place)
            .map(|p| p.as_str())
            .collect();
        assert_eq!(places, ["派克岛", "海疆城"]);
        let line =
            OrderParser::parse(Rule::line, "Searoad Marches marches to The Stony Shore").unwrap();
        let places: Vec<&str> = line
            .flatten()
            .filter(|p| p.as_rule() == Rule::place)
            .map(|p| p.as_str())
            .collect();
        assert_eq!(places, ["Searoad Marches", "The Stony Shore"]);
    }
}
