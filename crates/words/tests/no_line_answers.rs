//! An error no line of the mail counts toward still says what it can: armies still over the
//! supply limit with no disbanding line name the areas over it, their sizes and what the
//! supply track allows, say that the mail has no disbanding line, and give a disbanding line to
//! copy — which the order language reads and the check accepts. Every other error kind about a
//! part or an area the mail has no line of says which line is missing.

use maester_board::{Board, Lang};
use maester_game::{EventProblem, Part, SubmissionError};
use maester_lang::submit::{ErrorLine, parse_mail};
use maester_rules::GameState;
use maester_rules::event_phase::economy::{DisbandPlan, SupplyError, check_disbanding};
use maester_rules::planning::plan_check::PlanError;
use maester_words::check::check;
use maester_words::refusals::{disband_line, submission_errors};

fn board() -> Board {
    match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    }
}

/// Round 2's event phase open with a Supply event, Stark's armies in Winterfell (K F F) and
/// White Harbor (F F F): one unit over his supply limit of 3 and 2 (one barrel).
fn stark_over_supply(b: &Board) -> GameState {
    use maester_board::UnitKind::{Footman, Knight};
    use maester_rules::event_phase::events::{self, EventCard};
    use maester_rules::state::Unit;
    let mut s = GameState::new_game(b);
    events::start_game(b, &mut s, "mail", Default::default());
    let cards = [
        EventCard::Supply,
        EventCard::ClashOfKings,
        EventCard::SeaOfStorms,
    ];
    events::fix_next_round(&mut s, 2, cards, None);
    let mut s = maester_game::close_step(b, &s, &[]).state;
    for (key, units) in [
        ("winterfell", vec![Knight, Footman, Footman]),
        ("white-harbor", vec![Footman, Footman, Footman]),
    ] {
        let Some(a) = b.area_by_key(key) else {
            panic!("no {key}")
        };
        s.area_mut(a).units = units.into_iter().map(Unit::new).collect::<Vec<_>>().into();
    }
    s
}

/// The rules' own refusal of disbanding nothing while over the limit.
fn still_over(b: &Board, s: &GameState) -> SupplyError {
    let Some(stark) = b.house_by_key("stark") else {
        panic!("no stark")
    };
    match check_disbanding(b, s, stark, &DisbandPlan::default()) {
        Err(mut e) if !e.is_empty() => e.remove(0),
        other => panic!("not refused: {other:?}"),
    }
}

/// The answer's errors for `error` about a mail with this text.
fn errors(
    b: &Board,
    s: &GameState,
    error: SubmissionError,
    mail: &str,
    lang: Lang,
) -> Vec<ErrorLine> {
    let parsed = parse_mail(b, s, mail, lang);
    submission_errors(b, &error, lang, &parsed)
}

#[test]
fn armies_over_the_supply_limit_with_no_disband_line_name_the_areas_and_give_a_line_to_copy() {
    let b = board();
    let s = stark_over_supply(&b);
    let e = still_over(&b, &s);
    assert!(matches!(e, SupplyError::StillOver { .. }), "{e:?}");
    let mail = "密码: stark-s\n出价: 1 1 0\n";
    let err = SubmissionError::Event(vec![EventProblem::Supply(e.clone())]);
    let answer = errors(&b, &s, err, mail, Lang::Zh);
    assert_eq!(answer.len(), 1, "{answer:?}");
    let a = &answer[0];
    assert_eq!(a.line, 0, "no line counts toward it");
    // Which army is over, its size, and what the track allows.
    assert!(a.message.contains("白港(3个单位)"), "{}", a.message);
    assert!(a.message.contains("临冬城 3"), "{}", a.message);
    assert!(a.message.contains("3、2"), "{}", a.message);
    // The mail has no disbanding line; a line to copy.
    assert!(a.fix.contains("这封邮件没有裁军行"), "{}", a.fix);
    let SupplyError::StillOver { still, .. } = &e else {
        panic!("{e:?}")
    };
    let line = match disband_line(&b, still, Lang::Zh) {
        Some(l) => l,
        None => panic!("no line suggested"),
    };
    assert!(a.fix.contains(&line), "{} / {line}", a.fix);
    assert_eq!(line, "裁军: 白港1F");
    // The suggested line, sent back, is read by the order language and accepted.
    let again = format!("{mail}{line}\n");
    let r = match check(&b, s, "stark", None, &again, Lang::Zh) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    assert!(r.valid, "{:?}", r.errors);
    assert!(r.echo.iter().any(|l| l.contains("白港1F")), "{:?}", r.echo);
}

#[test]
fn the_english_line_to_copy_parses_back_and_is_accepted() {
    let b = board();
    let s = stark_over_supply(&b);
    let e = still_over(&b, &s);
    let mail = "secret: stark-s\nbid: 1 1 0\n";
    let err = SubmissionError::Event(vec![EventProblem::Supply(e.clone())]);
    let answer = errors(&b, &s, err, mail, Lang::En);
    let a = &answer[0];
    assert!(
        a.message.contains("White Harbor (3 units)"),
        "{}",
        a.message
    );
    assert!(
        a.fix.contains("this mail has no disbanding line"),
        "{}",
        a.fix
    );
    let SupplyError::StillOver { still, .. } = &e else {
        panic!("{e:?}")
    };
    let Some(line) = disband_line(&b, still, Lang::En) else {
        panic!("no line")
    };
    assert!(a.fix.contains(&line), "{} / {line}", a.fix);
    let r = match check(&b, s, "stark", None, &format!("{mail}{line}\n"), Lang::En) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    assert!(r.valid, "{line}: {:?}", r.errors);
}

#[test]
fn every_error_kind_about_a_part_or_an_area_the_mail_has_no_line_of_says_which_line_is_missing() {
    let b = board();
    let s = stark_over_supply(&b);
    let Some(a) = b.area_by_key("winterfell") else {
        panic!("no winterfell")
    };
    let parts = [
        Part::Disband,
        Part::Muster,
        Part::Clash,
        Part::WildlingBid,
        Part::Claim,
        Part::Build,
        Part::Tie,
        Part::Reward,
        Part::Penalty,
        Part::Raven,
        Part::Retreat,
        Part::Choice,
    ];
    let mut kinds: Vec<SubmissionError> = Vec::new();
    for p in parts {
        kinds.push(SubmissionError::Event(vec![EventProblem::NotThisRound(p)]));
        kinds.push(SubmissionError::Event(vec![EventProblem::NotAsked(p)]));
    }
    kinds.push(SubmissionError::Event(vec![EventProblem::Supply(
        SupplyError::TooMany {
            needed: 1,
            given: 2,
        },
    )]));
    kinds.push(SubmissionError::Event(vec![EventProblem::Supply(
        still_over(&b, &s),
    )]));
    kinds.push(SubmissionError::Event(vec![EventProblem::NoRetreat(a)]));
    kinds.push(SubmissionError::Event(vec![EventProblem::NameTheTrack]));
    for e in [
        PlanError::NoOrder(a, maester_board::OrderType::March),
        PlanError::NoShips(a),
        PlanError::NotYours(a),
        PlanError::BadDistrict(a),
        PlanError::TwoAttacks(a),
        PlanError::RaidsPortAndProvince(a, a),
        PlanError::NoNeutral(a),
        PlanError::RecruitElsewhere(a),
    ] {
        kinds.push(SubmissionError::Plan(vec![e]));
    }
    // A mail with no line any of these errors is about.
    let mail = "密码: stark-s\n";
    for k in kinds {
        for lang in [Lang::Zh, Lang::En] {
            for e in errors(&b, &s, k.clone(), mail, lang) {
                assert_eq!(e.line, 0, "{k:?}");
                let says = match lang {
                    Lang::Zh => e.fix.contains("这封邮件没有"),
                    Lang::En => {
                        e.fix.contains("no line of this mail") || e.fix.contains("this mail has no")
                    }
                };
                assert!(says, "{k:?} ({lang:?}): {} / fix: {:?}", e.message, e.fix);
            }
        }
    }
}
