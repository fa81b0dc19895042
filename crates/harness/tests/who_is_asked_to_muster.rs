//! Who a Mustering asks (issue 40: the step machine asks it at every close of an event
//! window, so it stops at the first legal item): `game::can_muster` says yes exactly when
//! `game::muster_options` offers some castle an item, for every house after every step of
//! whole simulated games (004:L747 supply, points, ports).

use maester_board::Board;

#[test]
fn can_muster_agrees_with_the_muster_options_in_whole_games() {
    let board = Board::default_board().expect("the default board loads");
    let (mut states, mut some, mut none) = (0, 0, 0);
    for game in 0..12 {
        maester_harness::sim::play(&board, 5, game, |s, _, _| {
            states += 1;
            for h in board.house_ids() {
                let offered = maester_game::muster_options(&board, s, h)
                    .iter()
                    .any(|o| !o.items.is_empty());
                assert_eq!(
                    maester_game::can_muster(&board, s, h),
                    offered,
                    "game {game}, round {}, {:?}, {}",
                    s.round,
                    s.step,
                    board.house(h).key
                );
                if offered {
                    some += 1;
                } else {
                    none += 1;
                }
            }
        });
    }
    assert!(some > 100, "{states} states: {some} yes, {none} no");
}
