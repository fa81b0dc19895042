//! English sentences count naturally: "1 castle", "2 castles", never "1 castles".

mod kit;

use kit::start;
use maester_board::Lang;
use maester_rules::log_events::EconomyEvent;
use maester_words::economy::Describe;
use maester_words::log::count_en;

#[test]
fn english_counts_are_singular_for_one_and_plural_otherwise() {
    assert_eq!(count_en(1u8, "power token"), "1 power token");
    assert_eq!(count_en(0u8, "power token"), "0 power tokens");
    assert_eq!(count_en(3u8, "castle"), "3 castles");
    let w = start();
    let one = EconomyEvent::Standing {
        house: w.h("stark"),
        castles: 1,
        barrels: 1,
        tokens: 1,
    }
    .describe(&w.b, Lang::En);
    assert!(
        one.contains("1 castle, 1 effective barrel, 1 token in hand"),
        "{one}"
    );
    let two = EconomyEvent::Standing {
        house: w.h("stark"),
        castles: 2,
        barrels: 0,
        tokens: 5,
    }
    .describe(&w.b, Lang::En);
    assert!(
        two.contains("2 castles, 0 effective barrels, 5 tokens in hand"),
        "{two}"
    );
}

#[test]
fn a_fortification_paid_with_one_token_and_one_ship_lost_are_singular() {
    let w = start();
    let paid = EconomyEvent::FortificationBuilt {
        house: w.h("stark"),
        area: w.a("winterfell"),
        paid: 1,
    }
    .describe(&w.b, Lang::En);
    assert!(paid.contains("pays back 1 token and fortifies"), "{paid}");
    let lost = EconomyEvent::PortShipsLost {
        house: w.h("stark"),
        port: w.a("winterfell"),
        ships: 1,
    }
    .describe(&w.b, Lang::En);
    assert!(
        lost.contains("its 1 ship in Winterfell is destroyed"),
        "{lost}"
    );
}

#[test]
fn a_request_not_carried_out_is_said_once_in_the_house_block() {
    use maester_rules::GameState;
    use maester_rules::log::{Event, Unfulfilled};
    use maester_words::yours::{Closed, happened};
    let w = start();
    let state = GameState::new_game(&w.b);
    let h = w.h("greyjoy");
    let bay = w.a("ironmans-bay");
    let log = vec![Event::NotCarriedOut {
        house: h,
        area: bay,
        why: Unfulfilled::RaidNoTarget,
    }];
    for lang in [Lang::En, Lang::Zh] {
        let c = Closed {
            board: &w.b,
            before: None,
            after: &state,
            log: &log,
            economy: &[],
            provisional: &[],
            silent: &[],
        };
        let lines = happened(&c, h, lang);
        let line = lines
            .iter()
            .find(|l| l.contains(w.b.area(bay).name(lang)))
            .unwrap_or_else(|| panic!("no line for the raid: {lines:?}"));
        for prefix in ["Not carried out: ", "未执行:"] {
            assert!(line.matches(prefix).count() <= 1, "said twice: {line}");
        }
        assert!(
            line.starts_with("Not carried out: ") || line.starts_with("未执行:"),
            "{line}"
        );
    }
}

/// No English text of the crate counts a noun with "(s)": a count agrees with its number
/// (`plural::count_en`).
#[test]
fn no_noun_is_counted_with_an_s_in_parentheses() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    let mut files = 0;
    let mut dirs = vec![root.join("src")];
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&p) else {
                continue;
            };
            files += 1;
            for (i, line) in text.lines().enumerate() {
                let code = line.trim_start();
                if code.starts_with("//") {
                    continue;
                }
                // `unit(s)` inside a string (an odd number of quotes before it), not a call
                // like `width(s)` in the code.
                let counted = line.match_indices("(s)").any(|(at, _)| {
                    line[..at].ends_with(|c: char| c.is_ascii_alphabetic())
                        && line[..at].matches('"').count() % 2 == 1
                });
                if counted {
                    found.push(format!("{}:{}: {}", p.display(), i + 1, code));
                }
            }
        }
    }
    assert!(files > 40, "the scan reads the sources: {files} files");
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn one_day_one_order_and_one_token_are_singular() {
    use maester_rules::planning::placement::PlacementError;
    use maester_words::deadlines::{absence_over_cap, outage_text};
    use maester_words::rule_text::RuleText;
    let w = start();
    assert_eq!(outage_text(24, Lang::En), "1 day");
    assert_eq!(outage_text(26, Lang::En), "1 day 2 h");
    assert_eq!(outage_text(48, Lang::En), "2 days");
    let cap = absence_over_cap(1, 0, 1, Lang::En);
    assert!(
        cap.starts_with("An absence of 1 day is over the limit: 1 day per player"),
        "{cap}"
    );
    let one = PlacementError::TooMany(maester_board::OrderType::March, 1).message(&w.b, Lang::En);
    assert!(
        one.starts_with("at most 1 normal march order a round"),
        "{one}"
    );
}
