//! The PNG painted in three layers, the middle one made once per process: the ground (the
//! sea and every area in its holder's colour) changes with the state; the board layer (the
//! borders, the names and the castles) depends on the board and the language only, so it is
//! rasterised once and kept as a pixmap; the top (fortifications, ports, tokens, orders,
//! arrows, units, the panel) is drawn again for each picture. Painting the kept layer over
//! the ground and the top over both gives the picture [`crate::svg`] describes in one document.

use crate::draw::Svg;
use crate::layout::{self, Layout};
use crate::{MapError, MapInput, board_layer, height, options, palette, panel, width};
use resvg::{tiny_skia, usvg};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

/// Board layers kept: one per board, language and script a process draws (a daemon with an
/// edited board in one game and both languages, Chinese in both scripts, keeps six).
const KEPT: usize = 8;

/// The painted pixels of a rasterised layer (most of the board layer is transparent): byte
/// offset in the picture and premultiplied RGBA.
type Painted = Vec<(usize, [u8; 4])>;

/// A rasterised board layer, with the document it was made from (the key).
struct Kept {
    hash: u64,
    svg: String,
    painted: Arc<Painted>,
}

fn kept() -> &'static Mutex<Vec<Kept>> {
    static K: OnceLock<Mutex<Vec<Kept>>> = OnceLock::new();
    K.get_or_init(|| Mutex::new(Vec::new()))
}

/// The board layer's document: borders, names, castles.
pub fn board_svg(input: &MapInput<'_>, layout: &Layout) -> String {
    let mut s = Svg::transparent(layout::MAP_W, height(input.board) as f64).in_script(input.script);
    board_layer::borders(&mut s, input, layout);
    board_layer::names(&mut s, input, layout);
    s.finish()
}

/// The ground's document: the sea and the areas' fills.
fn ground_svg(input: &MapInput<'_>, layout: &Layout) -> String {
    let mut s =
        Svg::new(layout::MAP_W, height(input.board) as f64, palette::SEA).in_script(input.script);
    let fills = board_layer::fills(input);
    board_layer::area_fills(&mut s, input, layout, &fills);
    s.finish()
}

/// The top's document: what the state and the log put over the board.
fn top_svg(input: &MapInput<'_>, layout: &Layout) -> String {
    let mut s = Svg::transparent(layout::MAP_W, height(input.board) as f64).in_script(input.script);
    crate::top(&mut s, input, layout);
    panel::draw(&mut s, input);
    s.finish()
}

fn tree(svg: &str) -> Result<usvg::Tree, MapError> {
    usvg::Tree::from_str(svg, &options()).map_err(|e| MapError::Svg(e.to_string()))
}

fn paint(svg: &str, pixmap: &mut tiny_skia::Pixmap) -> Result<(), MapError> {
    resvg::render(
        &tree(svg)?,
        tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    Ok(())
}

fn blank(input: &MapInput<'_>) -> Result<tiny_skia::Pixmap, MapError> {
    tiny_skia::Pixmap::new(width(), height(input.board))
        .ok_or_else(|| MapError::Raster("empty picture".into()))
}

/// The board layer rasterised: the kept one when this document was rasterised before.
fn board_pixels(input: &MapInput<'_>, layout: &Layout) -> Result<Arc<Painted>, MapError> {
    let svg = board_svg(input, layout);
    let mut h = DefaultHasher::new();
    svg.hash(&mut h);
    let hash = h.finish();
    if let Ok(k) = kept().lock()
        && let Some(found) = k.iter().find(|k| k.hash == hash && k.svg == svg)
    {
        return Ok(found.painted.clone());
    }
    let mut p = blank(input)?;
    paint(&svg, &mut p)?;
    let painted: Painted = p
        .data()
        .chunks_exact(4)
        .enumerate()
        .filter(|(_, px)| px[3] > 0)
        .map(|(i, px)| (i * 4, [px[0], px[1], px[2], px[3]]))
        .collect();
    let painted = Arc::new(painted);
    if let Ok(mut k) = kept().lock() {
        if k.len() >= KEPT {
            k.remove(0);
        }
        k.push(Kept {
            hash,
            svg,
            painted: painted.clone(),
        });
    }
    Ok(painted)
}

/// Paint premultiplied pixels over a picture (source over).
fn over(base: &mut tiny_skia::Pixmap, painted: &Painted) {
    let data = base.data_mut();
    for (at, src) in painted {
        let Some(dst) = data.get_mut(*at..*at + 4) else {
            continue;
        };
        let keep = 255 - u32::from(src[3]);
        for (d, s) in dst.iter_mut().zip(src) {
            let v = u32::from(*s) + (u32::from(*d) * keep + 127) / 255;
            *d = v.min(255) as u8;
        }
    }
}

/// The picture painted layer by layer (see the module's text).
pub fn pixmap(input: &MapInput<'_>, layout: &Layout) -> Result<tiny_skia::Pixmap, MapError> {
    let ground = ground_svg(input, layout);
    let mut p = blank(input)?;
    paint(&ground, &mut p)?;
    let board = board_pixels(input, layout)?;
    over(&mut p, &board);
    paint(&top_svg(input, layout), &mut p)?;
    Ok(p)
}
