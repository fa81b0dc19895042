//! `verify`'s checks on records built here from a game closed step by step with the rules:
//! a record of silent steps holds; the replay stops (and says where) at a close after a GM's
//! change of the state; without the seed nothing is checked against it, but a listed receipt
//! whose text is missing is refused already; nonsense in a well-formed record is refused, not
//! a panic.

use maester_board::{Board, HouseId};
use maester_game::{Options, close_steps};
use maester_publish::machine::{Close, FORMAT, MachineRecord, Start, first_state, outcome};
use maester_publish::record::{ClosedStep, Submitted, Used};
use maester_publish::verify::{all_hold, seed_sha256, verify};
use maester_rules::Step;
use maester_rules::modifiers::Settings;
use maester_words::verify::{Check, Differs, Verdict};

const SEED: &str = "checks";

fn board() -> Board {
    Board::default_board().unwrap_or_else(|e| panic!("{e}"))
}

fn start() -> Start {
    Start {
        rules: Settings::default(),
        one_time_orders: false,
        winter_is_coming: 0.1,
        early_close: false,
    }
}

/// A record of `n` closes where every house stays silent.
fn silent_record(board: &Board, n: usize) -> MachineRecord {
    silent_record_from(board, n, start())
}

/// [`silent_record`] of a game started with `start`.
fn silent_record_from(board: &Board, n: usize, start: Start) -> MachineRecord {
    let mut state = first_state(board, SEED, &start);
    let opts = Options {
        settings: start.rules,
        early_close: start.early_close,
        ..Options::default()
    };
    let mut closes = Vec::new();
    for i in 0..n {
        let out = close_steps(board, &state, &[], opts);
        closes.push(Close {
            seq: i as i64 + 1,
            round: out.round,
            steps: out
                .steps
                .iter()
                .map(|c| ClosedStep {
                    step: c.step,
                    silent: c.silent.clone(),
                    used: Vec::new(),
                })
                .collect(),
            submitted: Vec::new(),
            economy: out.economy.clone(),
            gm_changed_before: false,
            outcome: outcome(board, &out.state),
        });
        state = out.state;
    }
    MachineRecord {
        format: FORMAT,
        game: "vc".into(),
        seed_sha256: seed_sha256(SEED),
        seed: Some(SEED.into()),
        board: None,
        start,
        finished: true,
        closes,
    }
}

fn verdict(checks: &[(Check, Verdict)], c: Check) -> Verdict {
    checks
        .iter()
        .find(|(x, _)| *x == c)
        .map(|(_, v)| v.clone())
        .unwrap_or_else(|| panic!("no {c:?} check"))
}

#[test]
fn a_record_of_silent_steps_replays_and_every_check_holds() {
    let b = board();
    let rec = silent_record(&b, 6);
    assert!(
        rec.closes.iter().any(|c| !c.economy.is_empty()),
        "an event phase was replayed"
    );
    let checks = verify(&b, &rec);
    assert!(all_hold(&checks), "{checks:#?}");
    assert_eq!(verdict(&checks, Check::Replay), Verdict::Held { count: 6 });
    assert_eq!(
        verdict(&checks, Check::Receipts),
        Verdict::Held { count: 0 }
    );
}

#[test]
fn a_game_with_the_optional_rules_replays_from_its_own_start() {
    let b = board();
    let rules = Settings {
        one_time_orders: true,
        ..Settings::default()
    };
    let with = Start {
        rules,
        one_time_orders: true,
        winter_is_coming: 1.0,
        early_close: true,
    };
    let rec = silent_record_from(&b, 6, with);
    let checks = verify(&b, &rec);
    assert!(all_hold(&checks), "{checks:#?}");
    // Replayed without them, the same record does not hold.
    let mut other = rec.clone();
    other.start = start();
    assert!(
        !all_hold(&verify(&b, &other)),
        "the start is part of the record"
    );
}

#[test]
fn the_replay_stops_at_a_close_after_a_gm_change_and_says_where() {
    let b = board();
    let mut rec = silent_record(&b, 4);
    rec.closes[2].gm_changed_before = true;
    let round = rec.closes[2].round;
    let checks = verify(&b, &rec);
    let Verdict::Stopped {
        checked, round: r, ..
    } = verdict(&checks, Check::Replay)
    else {
        panic!("{checks:#?}");
    };
    assert_eq!((checked, r), (2, round));
    assert!(
        all_hold(&checks),
        "a GM's change is no failure: {checks:#?}"
    );
}

#[test]
fn without_the_seed_nothing_is_checked_against_it_but_a_missing_text_is_refused() {
    let b = board();
    let mut rec = silent_record(&b, 2);
    rec.seed = None;
    rec.finished = false;
    let checks = verify(&b, &rec);
    assert!(
        checks.iter().all(|(_, v)| *v == Verdict::NotRevealed),
        "{checks:#?}"
    );
    rec.closes[0].steps[0].used.push(Used {
        house: HouseId(0),
        receipt: Some("ABCD-EFGH".into()),
    });
    let checks = verify(&b, &rec);
    let Verdict::Failed(m) = verdict(&checks, Check::Receipts) else {
        panic!("{checks:#?}");
    };
    assert_eq!(m.house, Some(HouseId(0)));
    assert!(matches!(m.what, Differs::NoText { .. }), "{m:?}");
}

#[test]
fn a_house_or_a_submission_the_board_does_not_have_is_refused_not_a_panic() {
    let b = board();
    let mut rec = silent_record(&b, 2);
    let step = rec.closes[0].steps[0].step;
    rec.closes[0].steps[0].used.push(Used {
        house: HouseId(200),
        receipt: Some("ABCD-EFGH".into()),
    });
    rec.closes[0].submitted.push(Submitted {
        house: HouseId(200),
        round: 1,
        step,
        text: "无".into(),
        submission: maester_game::Submission::Raven(None),
        mail: true,
    });
    let checks = verify(&b, &rec);
    assert!(!all_hold(&checks), "{checks:#?}");
    for (c, v) in &checks {
        // Every line can be said.
        let _ = maester_words::verify::line(&b, *c, v, maester_board::Lang::En);
    }
    assert_eq!(step, Step::Placement);
}
