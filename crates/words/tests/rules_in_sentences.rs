//! A rule reference read by a player stands in a parenthesis after the clause it backs, never
//! inside the clause: `…, units over the supply limit are disbanded in board order (rule:
//! default disbanding at a Supply event)`, not `…, the rule: default disbanding at a Supply
//! event default disbanding`. Checked on the sentences that cite a ruling for a default, as a
//! player reads them in Simplified, Traditional and English.

mod kit;

use kit::start;
use maester_board::Lang;
use maester_rules::Step;
use maester_rules::event_phase::events::{Category, EventCard};
use maester_rules::log_events::{DisbandReason, EconomyEvent, SpendReason};
use maester_rules::state::Track;
use maester_words::asks::default_text;
use maester_words::cite::for_player;
use maester_words::economy::Describe;
use maester_words::hant::to_traditional;

/// Every place a ruling's words start in `text` (`规则:`, `規則:`, `rule: `), with what comes
/// right before it; a reference in a parenthesis follows `(` or a `;` of the same parenthesis.
fn spliced(text: &str) -> Vec<String> {
    let mut bad = Vec::new();
    for mark in ["规则:", "規則:", "rule: "] {
        for (at, _) in text.match_indices(mark) {
            let before = text[..at].trim_end();
            let ok = before.ends_with('(') || before.ends_with('（') || before.ends_with(';');
            if !ok {
                let from = before.char_indices().rev().nth(15).map_or(0, |(i, _)| i);
                bad.push(format!(
                    "…{}",
                    &text[from..(at + mark.len()).min(text.len())]
                ));
            }
        }
    }
    bad
}

/// The texts a player reads: Simplified, Traditional, English.
fn as_read(zh: &str, en: &str) -> Vec<String> {
    let zh = for_player(zh, Lang::Zh);
    vec![to_traditional(&zh), zh, for_player(en, Lang::En)]
}

fn assert_natural(texts: &[String]) {
    for t in texts {
        let bad = spliced(t);
        assert!(
            bad.is_empty(),
            "a reference inside the sentence: {bad:?} in {t}"
        );
        for wrong in [
            "按规则",
            "按規則",
            "the rule:",
            "默认解散默认",
            "edge cases default",
            "的特殊情况默认",
            "silent: 0",
        ] {
            assert!(!t.contains(wrong), "{wrong:?} in {t}");
        }
    }
}

#[test]
fn the_defaults_of_a_silent_house_cite_their_rulings_after_each_clause() {
    let w = start();
    let h = w.h("tyrell");
    for step in [
        Step::Placement,
        Step::Raven,
        Step::Plan,
        Step::Events,
        Step::EventsAnswers,
        Step::Retreat,
    ] {
        let texts = as_read(
            &default_text(&w.b, step, h, Lang::Zh),
            &default_text(&w.b, step, h, Lang::En),
        );
        assert_natural(&texts);
    }
    let events = as_read(
        &default_text(&w.b, Step::Events, h, Lang::Zh),
        &default_text(&w.b, Step::Events, h, Lang::En),
    );
    assert!(
        events[1].contains("超出补给上限的部队按地图顺序裁撤(规则:补给事件的默认解散)"),
        "{}",
        events[1]
    );
    assert!(
        events[2].contains(
            "units over the supply limit are disbanded in board order (rule: default disbanding at a Supply event)"
        ),
        "{}",
        events[2]
    );
    let answers = as_read(
        &default_text(&w.b, Step::EventsAnswers, h, Lang::Zh),
        &default_text(&w.b, Step::EventsAnswers, h, Lang::En),
    );
    assert!(
        answers[2].contains("the wildling penalty takes its default form (rule: "),
        "{}",
        answers[2]
    );
}

#[test]
fn the_log_of_defaults_cites_its_rulings_in_parentheses() {
    use EconomyEvent::*;
    let w = start();
    let (h, h2) = (w.h("baratheon"), w.h("lannister"));
    let a = w.a("dragonstone");
    let mut events = vec![
        ClashBids {
            house: h,
            throne: 0,
            fiefdoms: 0,
            court: 0,
            default: true,
        },
        WildlingBid {
            house: h,
            bid: 0,
            default: true,
        },
        TrackDropped {
            house: h,
            track: Track::Fiefdoms,
            from: 1,
            default: true,
        },
        EventChosen {
            category: Category::Economic,
            by: Some(h2),
            card: EventCard::Supply,
            default: true,
        },
        PowerSpent {
            house: h,
            n: 1,
            why: SpendReason::Fortification,
        },
    ];
    for default in [true, false] {
        events.push(WildlingRewardTo {
            house: h,
            tie_by: Some(h2),
            default,
        });
        events.push(WildlingWorst {
            house: h,
            tie_by: Some(h2),
            default,
        });
    }
    for reason in [
        DisbandReason::SupplyDefault,
        DisbandReason::SupplyDefaultInvalid,
        DisbandReason::SupplyHouseLeft,
        DisbandReason::WildlingsDefault,
    ] {
        events.push(Disbanded {
            house: h,
            area: a,
            unit: maester_board::UnitKind::Footman,
            reason,
        });
    }
    for e in &events {
        let texts = as_read(&e.describe(&w.b, Lang::Zh), &e.describe(&w.b, Lang::En));
        assert_natural(&texts);
    }
    let silent = as_read(
        &events[0].describe(&w.b, Lang::Zh),
        &events[0].describe(&w.b, Lang::En),
    );
    assert!(
        silent[0].ends_with("(未提交:出價0;規則:未提交或遲交按默認處理)"),
        "{}",
        silent[0]
    );
    assert!(
        silent[2].ends_with(
            "(not sent: bids of 0; rule: a missing or late submission takes the defaults)"
        ),
        "{}",
        silent[2]
    );
}
