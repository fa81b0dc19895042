//! The sentences of rule errors and log entries whose data the rules' and the game's own tests
//! check: here, that the words name the place, the card and the rule.

mod kit;

use kit::start;
use maester_board::{Lang, UnitKind};
use maester_game::EventProblem;
use maester_rules::armies::muster::MusterError;
use maester_rules::event_phase::build::BuildError;
use maester_rules::event_phase::events::EventCard;
use maester_rules::log_events::{DisbandReason, EconomyEvent};
use maester_rules::round::endgame::{GameResult, WinHow};
use maester_words::economy::Describe;
use maester_words::rule_text::RuleText;

#[test]
fn d6_a_port_on_the_wrong_sea_names_the_seas_it_may_face() {
    let w = start();
    let e = BuildError::SeaNotOnCoast {
        province: w.a("highgarden"),
        sea: w.a("sunset-sea"),
        options: vec![w.a("west-summer-sea"), w.a("redwyne-straights")],
    };
    assert!(e.message(&w.b, Lang::Zh).contains("西夏海"));
    assert!(e.message(&w.b, Lang::En).contains("West Summer Sea"));
}

#[test]
fn the_knight_cap_cites_004_l749() {
    let w = start();
    let e = MusterError::Cap(UnitKind::Knight, 4);
    assert!(e.message(&w.b, Lang::Zh).contains("004:L749"));
}

#[test]
fn a_default_disbanding_cites_a_57() {
    let w = start();
    let e = EconomyEvent::Disbanded {
        house: w.h("stark"),
        area: w.a("winterfell"),
        unit: UnitKind::Footman,
        reason: DisbandReason::SupplyDefault,
    };
    assert!(e.describe(&w.b, Lang::Zh).contains("A-57"));
}

#[test]
fn six_castles_cite_004_l266() {
    let w = start();
    let e = EconomyEvent::GameOver {
        result: GameResult::Won {
            house: w.h("stark"),
            castles: 6,
            how: WinHow::SixCastles,
        },
    };
    assert!(e.describe(&w.b, Lang::Zh).contains("004:L266"));
}

#[test]
fn a_choice_too_late_says_what_the_card_became() {
    let w = start();
    let text = EventProblem::AlreadyChosen {
        card: EventCard::ThroneOfBlades,
        chosen: EventCard::Muster,
    }
    .message(&w.b, Lang::Zh);
    assert!(text.contains("已经选定") && text.contains("征兵"), "{text}");
}
