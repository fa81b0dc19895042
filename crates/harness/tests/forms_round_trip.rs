//! Issue 39: a player who only fills in the forms his mails carry. Whole games are played by
//! six such players, every step, in Simplified, Traditional and English: a form filled with any
//! of its listed choices is read and accepted, except where a limit spanning lines that the form
//! states refuses it (the supply limit of several castles' musters).

use maester_board::Board;
use maester_harness::sim::forms::{Script, play};

fn board() -> Board {
    Board::default_board().expect("the built-in board loads")
}

fn games(script: Script, seeds: std::ops::Range<u64>) {
    let b = board();
    let (mut sent, mut accepted, mut stated, mut battles) = (0, 0, 0, 0);
    let mut refused: Vec<String> = Vec::new();
    let mut missing: Vec<String> = Vec::new();
    for seed in seeds {
        let (end, r) = play(&b, seed, script);
        assert_eq!(
            end.step,
            maester_rules::Step::Finished,
            "game {seed} ({script:?}) finished"
        );
        sent += r.sent;
        accepted += r.accepted;
        stated += r.refused_by_stated_rules;
        refused.extend(r.refused);
        battles += r.battles;
        missing.extend(r.leader_slots_missing);
    }
    eprintln!(
        "{script:?}: {sent} forms sent, {accepted} accepted, {stated} refused by a stated cross-line limit, {} refused otherwise; {battles} battles, {} sides without a leader slot",
        refused.len(),
        missing.len()
    );
    assert!(battles > 0, "whole games have battles");
    assert!(
        missing.is_empty(),
        "a side with a free leader was offered no leader slot: {missing:#?}"
    );
    assert!(
        refused.is_empty(),
        "{} filled forms refused, e.g.:\n{}",
        refused.len(),
        refused
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
    assert!(sent > 100, "whole games send many forms ({sent})");
    assert!(
        accepted * 100 >= sent * 95,
        "at least 95 % of first tries accepted: {accepted} of {sent}"
    );
}

#[test]
fn simplified_forms_filled_with_listed_choices_are_accepted() {
    games(Script::Simplified, 0..2);
}

#[test]
fn traditional_forms_filled_with_listed_choices_are_accepted() {
    games(Script::Traditional, 10..12);
}

#[test]
fn english_forms_filled_with_listed_choices_are_accepted() {
    games(Script::English, 20..22);
}
