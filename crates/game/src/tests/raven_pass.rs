//! The Raven holder's "no change" (`Submission::Raven(None)`, what `无` / `pass` reads as in the
//! Raven step): a submission of the Raven step like a change, so the step counts him as sent and
//! closes early; closed with it, the step does exactly what it does when he sends nothing.

use super::board;
use crate::*;
use maester_board::{Board, Order, OrderType};
use maester_rules::GameState;
use maester_rules::orders::RavenChange;

fn key(b: &Board, k: &str) -> (HouseId, AreaId) {
    match (b.house_by_key(k), b.area_by_key("lannisport")) {
        (Some(h), Some(a)) => (h, a),
        _ => panic!("no house {k} or no Lannisport"),
    }
}

fn order(kind: OrderType) -> Order {
    Order {
        kind,
        special: false,
    }
}

/// A new game's placement step, and Lannister's placement: a march in Lannisport (`lp`).
fn placed(b: &Board, lp: AreaId) -> (GameState, Submission) {
    let placed = Submission::Placement(Orders::from(Placement {
        orders: vec![(lp, order(OrderType::March))],
        ..Default::default()
    }));
    (GameState::new_game(b), placed)
}

/// The Raven step open, Lannister (the Raven holder of a new game) with a march in Lannisport.
fn raven_step(b: &Board) -> (GameState, HouseId, AreaId) {
    let (lannister, lp) = key(b, "lannister");
    let (s, placed) = placed(b, lp);
    let out = close_step(b, &s, &[(lannister, placed)]);
    assert_eq!(out.state.step, Step::Raven);
    assert_eq!(expected(b, &out.state), [lannister]);
    (out.state, lannister, lp)
}

fn early(b: &Board, s: &GameState, subs: &[(HouseId, Submission)]) -> StepOutcome {
    close_steps(
        b,
        s,
        subs,
        Options {
            early_close: true,
            ..Default::default()
        },
    )
}

#[test]
fn no_change_is_the_holders_raven_submission_and_closes_like_his_silence() {
    let b = board();
    let (s, lannister, lp) = raven_step(&b);
    let pass = Submission::Raven(None);
    assert_eq!(pass.step(), Step::Raven);
    assert!(check(&b, &s, lannister, &pass).is_ok());
    let stark = b.house_by_key("stark").unwrap_or_else(|| panic!("stark"));
    assert!(
        check(&b, &s, stark, &pass).is_err(),
        "only the Raven holder answers the Raven step"
    );

    let silent = close_step(&b, &s, &[]);
    let passed = close_step(&b, &s, &[(lannister, pass.clone())]);
    // The same state and log as silence: the orders stand, no change is reported.
    assert_eq!(passed.state, silent.state);
    assert_eq!(passed.raven, None);
    assert_eq!(passed.log, silent.log);
    assert_eq!(passed.state.area(lp).order, Some(order(OrderType::March)));
    assert_eq!(passed.state.step, Step::Plan);
    // But he sent: he is not one who took the default.
    assert_eq!(silent.steps[0].silent, [lannister]);
    assert!(passed.steps[0].silent.is_empty(), "{:?}", passed.steps);
}

#[test]
fn no_change_counts_for_the_early_close_and_replaces_or_is_replaced_by_a_change() {
    let b = board();
    let (s, lannister, lp) = raven_step(&b);
    let change = Submission::Raven(Some(RavenChange {
        area: lp,
        order: order(OrderType::Defence),
    }));
    let pass = Submission::Raven(None);
    // Closing placement with early closing: the Raven step that follows closes in the same
    // call when the holder has sent for it — his pass counts as sent, as a change would.
    let (placement, placed) = placed(&b, lp);
    let keys = |o: &StepOutcome| o.steps.iter().map(|c| c.step).collect::<Vec<_>>();
    let waiting = early(&b, &placement, &[(lannister, placed.clone())]);
    assert_eq!(keys(&waiting), [Step::Placement]);
    assert_eq!(
        waiting.expected,
        [lannister],
        "the Raven step waits for its holder"
    );
    let passed = early(
        &b,
        &placement,
        &[(lannister, placed), (lannister, pass.clone())],
    );
    assert_eq!(keys(&passed), [Step::Placement, Step::Raven]);
    assert!(passed.steps[1].silent.is_empty());
    assert_eq!(passed.state.area(lp).order, Some(order(OrderType::March)));
    assert_eq!(
        passed.state.step,
        Step::Plan,
        "the plan waits for the plans"
    );
    assert_eq!(s.step, Step::Raven);

    // The later submission of the step counts: a change after a pass is carried out …
    let out = close_step(
        &b,
        &s,
        &[(lannister, pass.clone()), (lannister, change.clone())],
    );
    assert_eq!(out.state.area(lp).order, Some(order(OrderType::Defence)));
    assert!(out.raven.is_some());
    // … and a pass after a change takes it back.
    let out = close_step(&b, &s, &[(lannister, change), (lannister, pass)]);
    assert_eq!(out.state.area(lp).order, Some(order(OrderType::March)));
    assert_eq!(out.raven, None);
}

#[test]
fn a_stored_change_reads_as_before_and_no_change_is_null() {
    let b = board();
    let (_, _, lp) = raven_step(&b);
    let change = Submission::Raven(Some(RavenChange {
        area: lp,
        order: order(OrderType::Defence),
    }));
    let json = match serde_json::to_value(&change) {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    };
    // The form stored before the pass existed: an object under "Raven".
    assert!(json["Raven"].is_object(), "{json}");
    let old = serde_json::json!({ "Raven": { "area": json["Raven"]["area"], "order": json["Raven"]["order"] } });
    match serde_json::from_value::<Submission>(old) {
        Ok(s) => assert_eq!(s, change),
        Err(e) => panic!("{e}"),
    }
    let pass = serde_json::json!({ "Raven": null });
    match serde_json::from_value::<Submission>(pass) {
        Ok(s) => assert_eq!(s, Submission::Raven(None)),
        Err(e) => panic!("{e}"),
    }
}

/// 004:L492: a Raven holder whose player left (his house neutral) carries out no more orders,
/// so nobody changes an order this round: the Raven does not pass to the next on King's Court
/// (a neutral house keeps its ranks, A-21), and a change sent by another house is refused.
#[test]
fn a_raven_holder_who_left_changes_nothing_and_the_raven_passes_to_nobody_004_l492() {
    let b = board();
    let (stark, _) = key(&b, "stark");
    let (lannister, lp) = key(&b, "lannister");
    let (mut s, placed) = placed(&b, lp);
    // Stark first on King's Court, Lannister second; Stark's player leaves.
    let court = &mut s.tracks[Track::KingsCourt as usize];
    court.retain(|h| *h != stark);
    court.insert(0, stark);
    s.house_mut(stark).neutral = true;
    assert_eq!(raven_holder(&s), None);
    let out = close_step(&b, &s, &[(lannister, placed)]);
    // No Raven step waits on anyone: the plans are asked next.
    assert_eq!(out.state.step, Step::Plan);
    let mut raven = out.state.clone();
    raven.step = Step::Raven;
    let change = Submission::Raven(Some(RavenChange {
        area: lp,
        order: order(OrderType::Defence),
    }));
    assert!(matches!(
        check(&b, &raven, lannister, &change),
        Err(SubmissionError::Placement(e)) if e == vec![PlacementError::NotRavenHolder]
    ));
}
