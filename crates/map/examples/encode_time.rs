//! The time and size of the PNG encodings of the crowded step's pictures, side by side in one
//! run: the palette PNG the reports carry and the RGB PNG of before (issue 40)
//! (`cargo run --release -p maester-map --example encode_time`).

use maester_board::{Board, HouseId, Lang};
use maester_map::{Layout, MapInput, Script};
use resvg::tiny_skia::Pixmap;
use std::time::Instant;

fn rgb_png(p: &Pixmap) -> Vec<u8> {
    let rgb: Vec<u8> = p
        .data()
        .chunks_exact(4)
        .flat_map(|c| [c[0], c[1], c[2]])
        .collect();
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, p.width(), p.height());
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Fast);
    enc.set_filter(png::Filter::Adaptive);
    if let Ok(mut w) = enc.write_header() {
        let _ = w.write_image_data(&rgb);
    }
    out
}

fn best(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[0]
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let board = Board::default_board()?;
    let text = include_str!("../tests/fixtures/crowded_step.toml");
    let (state, plans) = maester_harness::scenario::bench::position(&board, text)?;
    let r = maester_rules::military::resolve(&board, &state, &plans);
    let input = MapInput {
        board: &board,
        state: &r.state,
        log: &r.log,
        lang: Lang::Zh,
        script: Script::Simplified,
        deadline: "2026-12-31 21:00 (Asia/Shanghai)",
        reported: "执行方案",
        reported_round: 1,
    };
    let layout = Layout::of(&board);
    let whole = maester_map::layers::pixmap(&input, &layout)?;
    // `pal N` / `rgb N` / `close N`: only that, N times (for `perf stat -e instructions:u`,
    // which a loaded machine does not change; subtract a run with N = 0).
    let args: Vec<String> = std::env::args().collect();
    if let (Some(mode), Some(n)) = (args.get(1), args.get(2).and_then(|n| n.parse::<u32>().ok())) {
        for _ in 0..n {
            match mode.as_str() {
                "pal" => drop(maester_map::encode::png(&whole)?),
                "rgb" => drop(rgb_png(&whole)),
                _ => {
                    let painted = maester_map::paint(&input)?;
                    drop(painted.png()?);
                    for h in board.house_ids().collect::<Vec<HouseId>>() {
                        drop(painted.house_png(&input, h)?);
                    }
                }
            }
        }
        return Ok(());
    }
    let (mut paint, mut pal, mut rgb, mut all) = (vec![], vec![], vec![], vec![]);
    let (mut pal_bytes, mut rgb_bytes) = (0, 0);
    for _ in 0..15 {
        let t = Instant::now();
        let _ = maester_map::layers::pixmap(&input, &layout)?;
        paint.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        pal_bytes = maester_map::encode::png(&whole)?.len();
        pal.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        rgb_bytes = rgb_png(&whole).len();
        rgb.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        let painted = maester_map::paint(&input)?;
        let _ = painted.png()?;
        for h in board.house_ids().collect::<Vec<HouseId>>() {
            let _ = painted.house_png(&input, h)?;
        }
        all.push(t.elapsed().as_secs_f64() * 1e3);
    }
    println!(
        "whole board: paint {:.1} ms; palette PNG {:.1} ms ({} KB); RGB PNG {:.1} ms ({} KB); \
         every picture of a close (paint, board, six houses, palette) {:.1} ms",
        best(paint),
        best(pal),
        pal_bytes / 1024,
        best(rgb),
        rgb_bytes / 1024,
        best(all)
    );
    Ok(())
}
