//! A close's pictures encoded on several cores at once (`Painted::pngs`) are byte for byte the
//! ones made one after the other: the whole board and each house's own picture, in order.

mod crowded;

use crowded::crowded;
use maester_board::{Board, HouseId, Lang};
use maester_map::{MapInput, Script};

#[test]
fn pictures_made_at_once_are_the_ones_made_one_by_one() {
    let board = Board::default_board().expect("the default board loads");
    let (state, log) = crowded(&board);
    let input = MapInput {
        board: &board,
        state: &state,
        log: &log,
        lang: Lang::Zh,
        script: Script::Simplified,
        deadline: "2026-12-31 21:00 (Asia/Shanghai)",
        reported: "",
        reported_round: 1,
    };
    let painted = maester_map::paint(&input).expect("paints");
    let houses: Vec<HouseId> = board.house_ids().collect();
    let (whole, own) = painted.pngs(&input, &houses);
    assert_eq!(whole.expect("the board"), painted.png().expect("the board"));
    assert_eq!(own.len(), houses.len());
    for (h, png) in houses.iter().zip(own) {
        assert_eq!(
            png.expect("the house's"),
            painted.house_png(&input, *h).expect("the house's"),
            "{}",
            board.house(*h).key
        );
    }
    // No house: the board alone.
    let (whole, none) = painted.pngs(&input, &[]);
    assert!(whole.is_ok() && none.is_empty());
}
