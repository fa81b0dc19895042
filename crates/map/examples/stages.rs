//! Where the time of one picture goes: building the SVG, parsing and laying it out, painting,
//! encoding the PNG (`cargo run --release -p maester-map --example stages`; `-- hant` for the
//! picture in Traditional characters).

use maester_board::{Board, Lang};
use maester_map::MapInput;
use resvg::{tiny_skia, usvg};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let board = Board::default_board()?;
    let state = maester_rules::GameState::new_game(&board);
    let input = MapInput {
        board: &board,
        state: &state,
        log: &[],
        lang: Lang::Zh,
        script: if std::env::args().any(|a| a == "hant") {
            maester_map::Script::Traditional
        } else {
            maester_map::Script::Simplified
        },
        deadline: "",
        reported: "",
        reported_round: 0,
    };
    maester_map::png(&input)?;
    let opt = maester_map::options();
    for _ in 0..3 {
        let t = Instant::now();
        let svg = maester_map::svg(&input);
        let t_svg = t.elapsed();
        let t = Instant::now();
        let tree = usvg::Tree::from_str(&svg, &opt)?;
        let t_tree = t.elapsed();
        let t = Instant::now();
        let mut pm = tiny_skia::Pixmap::new(741, maester_map::height(&board)).ok_or("pixmap")?;
        resvg::render(&tree, tiny_skia::Transform::default(), &mut pm.as_mut());
        let t_paint = t.elapsed();
        let t = Instant::now();
        let png = maester_map::png(&input)?;
        let t_png = t.elapsed();
        println!(
            "svg {:?} | parse+layout {:?} | paint {:?} | whole png() {:?} ({} KB)",
            t_svg,
            t_tree,
            t_paint,
            t_png,
            png.len() / 1024
        );
    }
    Ok(())
}
