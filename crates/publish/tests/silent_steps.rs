//! Silent steps per house, counted from the closes' public record: a run grows with each step
//! closed while the house was silent and ends when a step uses a submission of it.

use maester_board::HouseId;
use maester_publish::record::{ClosedStep, Record, Used};
use maester_publish::silence::{Silence, silences};
use maester_rules::Step;

fn close(silent: &[u8], used: &[u8]) -> Record {
    Record {
        steps: vec![ClosedStep {
            step: Step::Placement,
            silent: silent.iter().map(|h| HouseId(*h)).collect(),
            used: used
                .iter()
                .map(|h| Used {
                    house: HouseId(*h),
                    receipt: None,
                })
                .collect(),
        }],
        ..Record::default()
    }
}

#[test]
fn a_run_of_silent_steps_ends_when_the_house_sends_again() {
    let closes = [
        close(&[0, 1], &[2]),
        close(&[0], &[1, 2]),
        close(&[0, 1], &[2]),
    ];
    let s = silences(&closes);
    assert_eq!(
        s.get(&HouseId(0)).copied(),
        Some(Silence {
            total: 3,
            in_a_row: 3
        })
    );
    assert_eq!(
        s.get(&HouseId(1)).copied(),
        Some(Silence {
            total: 2,
            in_a_row: 1
        })
    );
    assert_eq!(s.get(&HouseId(2)), None);
}

#[test]
fn a_close_that_names_no_submission_ends_no_run() {
    let older = Record {
        steps: vec![ClosedStep {
            step: Step::Plan,
            silent: Vec::new(),
            used: Vec::new(),
        }],
        ..Record::default()
    };
    let closes = [close(&[3], &[]), older, close(&[3], &[])];
    assert_eq!(
        silences(&closes).get(&HouseId(3)).copied(),
        Some(Silence {
            total: 2,
            in_a_row: 2
        })
    );
}
