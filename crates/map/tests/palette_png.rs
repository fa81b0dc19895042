//! The pictures a report carries are palette (indexed) PNGs (issue 40): on the crowded military
//! step, in Simplified, Traditional and English, the whole board and the largest house picture
//! together stay under 210 KB (a report with both, base64 in the mail, under 300 KB), the same
//! size in pixels as before (names drawn at the same size), and the decoded picture is the
//! painted one: nearly every pixel exact, the others antialiased edges moved to a near colour.

mod crowded;

use crowded::crowded;
use maester_board::{Board, Lang};
use maester_map::{MapInput, Script};
use resvg::tiny_skia::Pixmap;

const READINGS: [(Lang, Script); 3] = [
    (Lang::Zh, Script::Simplified),
    (Lang::Zh, Script::Traditional),
    (Lang::En, Script::Simplified),
];

/// The PNG's colour type byte (IHDR): 3 is indexed.
fn colour_type(png: &[u8]) -> Option<u8> {
    (png.get(12..16)? == b"IHDR").then(|| png.get(25).copied())?
}

fn width(png: &[u8]) -> Option<u32> {
    let b = png.get(16..20)?;
    Some(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
}

#[test]
fn a_report_s_two_pictures_are_palette_pngs_under_210_kb() {
    let board = Board::default_board().expect("the default board loads");
    let (state, log) = crowded(&board);
    for (lang, script) in READINGS {
        let input = MapInput {
            board: &board,
            state: &state,
            log: &log,
            lang,
            script,
            deadline: "2026-12-31 21:00 (Asia/Shanghai)",
            reported: "",
            reported_round: 1,
        };
        let painted = maester_map::paint(&input).expect("paints");
        let whole = painted.png().expect("encodes");
        assert_eq!(colour_type(&whole), Some(3), "{lang:?}: indexed");
        assert_eq!(width(&whole), Some(maester_map::width()));
        assert_eq!(
            painted.png().expect("encodes"),
            whole,
            "the same picture gives the same bytes"
        );
        let mut largest = 0;
        for h in board.house_ids() {
            let own = painted.house_png(&input, h).expect("encodes");
            assert_eq!(colour_type(&own), Some(3), "{lang:?}: indexed");
            assert_eq!(width(&own), Some(440));
            largest = largest.max(own.len());
        }
        eprintln!(
            "{lang:?}: board {} bytes, largest house {largest} bytes",
            whole.len()
        );
        assert!(
            whole.len() + largest < 210 * 1024,
            "{lang:?}: board {} bytes + house {largest} bytes",
            whole.len()
        );
    }
}

#[test]
fn the_palette_png_decodes_to_the_painted_picture_but_for_edge_shades() {
    let board = Board::default_board().expect("the default board loads");
    let (state, log) = crowded(&board);
    let input = MapInput {
        board: &board,
        state: &state,
        log: &log,
        lang: Lang::Zh,
        script: Script::Simplified,
        deadline: "",
        reported: "",
        reported_round: 0,
    };
    let painted = maester_map::svg_to_pixmap(&maester_map::svg(&input)).expect("renders");
    let png = maester_map::encode::png(&painted).expect("encodes");
    let decoded = Pixmap::decode_png(&png).expect("decodes");
    assert_eq!(
        (decoded.width(), decoded.height()),
        (painted.width(), painted.height())
    );
    let (mut exact, mut near, mut sum) = (0usize, 0usize, 0u64);
    for (p, q) in painted.pixels().iter().zip(decoded.pixels()) {
        let d = [
            p.red().abs_diff(q.red()),
            p.green().abs_diff(q.green()),
            p.blue().abs_diff(q.blue()),
        ]
        .into_iter()
        .max()
        .unwrap_or(0);
        exact += usize::from(d == 0);
        near += usize::from(d <= 16);
        sum += u64::from(d);
    }
    let n = painted.pixels().len();
    eprintln!(
        "exact {:.4}, within 16 {:.5}, mean {:.4}",
        exact as f64 / n as f64,
        near as f64 / n as f64,
        sum as f64 / n as f64
    );
    assert!(exact * 100 >= n * 95, "{exact} of {n} pixels exact");
    assert!(near * 10000 >= n * 9995, "{near} of {n} pixels within 16");
    assert!(
        sum < n as u64 / 4,
        "mean difference {}",
        sum as f64 / n as f64
    );
}
