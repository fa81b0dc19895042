//! The supply check that stops early (`rules::armies::supply::fits_with`) against the plain way of
//! sorting the army sizes (004:L633), over the states of whole simulated games. It lives here,
//! outside the rules, because it needs the simulator.

use maester::board::{AreaId, Board, HouseId};
use maester::rules::GameState;
use maester::rules::armies::supply::{army_sizes_with, fits, fits_with};
use maester::sim;

/// A house's army sizes with the changes applied, worked out area by area the plain way
/// (the reference for the early-stopping scan).
fn plain_sizes(s: &GameState, h: HouseId, delta: &[(AreaId, i32)]) -> Vec<u8> {
    let mut v: Vec<u8> = Vec::new();
    for (i, a) in s.areas.iter().enumerate() {
        let own = a.house == Some(h);
        let changes: Vec<i32> = delta
            .iter()
            .filter(|(x, _)| x.index() == i)
            .map(|(_, n)| *n)
            .collect();
        if !own && changes.is_empty() {
            continue;
        }
        let n = if own { a.units.len() as i32 } else { 0 } + changes.iter().sum::<i32>();
        if n >= 2 {
            v.push(n.min(u8::MAX as i32) as u8);
        }
    }
    v.sort_unstable_by(|a, b| b.cmp(a));
    v
}

/// The early-stopping test says what sorting the army sizes says (004:L633), for every house of
/// every state of whole simulated games, with no change and with random changes of one to
/// four areas (moves in, moves out, repeated areas, other houses' areas).
#[test]
fn supply_test_agrees_with_sorting_the_armies_004_l633() {
    let b = match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    let mut rng = sim::Rng::new(7);
    let (mut checked, mut over) = (0usize, 0usize);
    for game in 0..4 {
        sim::play(&b, 11, game, |s, _, _| {
            for h in b.house_ids() {
                for barrels in [0, s.house(h).barrels, 7] {
                    let mut delta: Vec<(AreaId, i32)> = Vec::new();
                    for round in 0..4 {
                        let sizes = plain_sizes(s, h, &delta);
                        assert_eq!(army_sizes_with(s, h, &delta), sizes, "{delta:?}");
                        let want = fits(&b, barrels, &sizes);
                        assert_eq!(fits_with(&b, barrels, s, h, &delta), want, "{delta:?}");
                        checked += 1;
                        over += usize::from(!want);
                        let a = AreaId(rng.below(b.areas.len()) as u16);
                        let n = rng.below(5) as i32 - 2 + round;
                        delta.push((a, n));
                    }
                }
            }
        });
    }
    assert!(
        checked > 10_000 && over > 1_000,
        "{checked} checked, {over} over"
    );
}
