//! The PNG is painted in layers, the board's own layer rasterised once and kept: the result
//! looks the same as the whole SVG document rasterised at once, for the first picture of a
//! process and for the later ones that reuse the kept layer (no channel of any pixel off by
//! more than 4 of 255: blending the kept layer rounds a little differently). Compared before
//! encoding: the palette PNG's own fidelity is `palette_png.rs`'s.

use maester_board::{Board, Lang};
use maester_map::{Layout, MapInput};
use resvg::tiny_skia::Pixmap;

/// How many pixels differ by more than `tolerance` in a channel, and the largest difference.
fn differences(a: &Pixmap, b: &Pixmap, tolerance: u8) -> (usize, u8) {
    assert_eq!((a.width(), a.height()), (b.width(), b.height()));
    let mut count = 0;
    let mut worst = 0;
    for (p, q) in a.pixels().iter().zip(b.pixels()) {
        let d = [
            p.red().abs_diff(q.red()),
            p.green().abs_diff(q.green()),
            p.blue().abs_diff(q.blue()),
        ]
        .into_iter()
        .max()
        .unwrap_or(0);
        worst = worst.max(d);
        if d > tolerance {
            count += 1;
        }
    }
    (count, worst)
}

#[test]
fn the_layered_png_looks_like_the_whole_document_rasterised_at_once() {
    let board = Board::default_board().expect("the default board loads");
    let text = maester_harness::scenario::bench::MILITARY_PHASE;
    let (state, plans) =
        maester_harness::scenario::bench::position(&board, text).expect("the bench position");
    let r = maester_rules::military::resolve(&board, &state, &plans);
    for lang in [Lang::Zh, Lang::En] {
        let input = MapInput {
            board: &board,
            state: &r.state,
            log: &r.log,
            lang,
            script: maester_map::Script::Simplified,
            deadline: "2026-11-26 20:00",
            reported: "",
            reported_round: 0,
        };
        let whole = maester_map::svg_to_pixmap(&maester_map::svg(&input)).expect("renders");
        let layout = Layout::of(&board);
        // The first picture makes the kept layer, the second reuses it.
        for _ in 0..2 {
            let layered = maester_map::layers::pixmap(&input, &layout).expect("renders");
            let (count, worst) = differences(&whole, &layered, 4);
            assert_eq!(
                count, 0,
                "{lang:?}: {count} pixels differ, by up to {worst}"
            );
        }
    }
}
