//! The board as a picture: an SVG built from the board, the state and the log of the step just
//! closed, rasterised to PNG with resvg. The picture is public (the same for every house); it
//! is drawn in the mail's language, Chinese in the reader's script (Simplified or Traditional,
//! converted by `maester_words::hant`), with the font subset shipped in `fonts/` (OFL, see
//! `fonts/OFL.txt`; it holds both scripts' forms of every word the map draws), so a machine with no fonts installed draws the same picture; names the
//! subset lacks (an edited board) fall back to the system's fonts.
//!
//! Pure apart from rasterising: no store, no mail, no clock. The fonts are loaded once per
//! process.

pub mod arrows;
pub mod board_layer;
pub mod draw;
pub mod layers;
pub mod layout;
pub mod palette;
pub mod panel;

use maester_board::{Board, Lang};
use maester_rules::GameState;
use maester_rules::log::Event;
use resvg::{tiny_skia, usvg};
use std::sync::{Arc, OnceLock};

pub use layout::Layout;
pub use maester_words::hant::Script;

/// The shipped font subset (Noto Sans CJK SC, renamed; `tools/map_font_subset.py`): the
/// Simplified and Traditional forms of every Chinese word the map draws.
pub const FONT: &[u8] = include_bytes!("../fonts/map-sans.otf");

/// What a picture shows.
#[derive(Clone, Copy)]
pub struct MapInput<'a> {
    /// The board.
    pub board: &'a Board,
    /// The state to draw (after the step).
    pub state: &'a GameState,
    /// The step's military log (marches, raids, battles, retreats become arrows).
    pub log: &'a [Event],
    /// The language of every word on it.
    pub lang: Lang,
    /// The script of its Chinese words (Traditional for the seats that read it; the picture
    /// is made once per language and script).
    pub script: Script,
    /// The next deadline as the mail writes it (empty: none shown).
    pub deadline: &'a str,
}

/// Why a picture could not be made.
#[derive(Debug)]
pub enum MapError {
    /// The SVG did not parse (a defect of this crate).
    Svg(String),
    /// The pixmap could not be made or encoded.
    Raster(String),
}

impl std::fmt::Display for MapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MapError::Svg(e) => write!(f, "map SVG: {e}"),
            MapError::Raster(e) => write!(f, "map PNG: {e}"),
        }
    }
}

impl std::error::Error for MapError {}

/// Width of the picture in pixels.
pub fn width() -> u32 {
    layout::MAP_W as u32
}

/// Height of the picture for a board (the map and the panel under it).
pub fn height(board: &Board) -> u32 {
    (layout::MAP_H + panel::height(board.houses.len())).ceil() as u32
}

/// The picture as an SVG document.
pub fn svg(input: &MapInput<'_>) -> String {
    let layout = Layout::of(input.board);
    svg_with(input, &layout)
}

/// The picture as an SVG document, with a layout already made for this board.
pub fn svg_with(input: &MapInput<'_>, layout: &Layout) -> String {
    let h = height(input.board) as f64;
    let mut s = draw::Svg::new(layout::MAP_W, h, palette::SEA).in_script(input.script);
    let fills = board_layer::fills(input);
    board_layer::cells(&mut s, input, layout, &fills);
    board_layer::names(&mut s, input, layout);
    board_layer::fortifications(&mut s, input, layout);
    board_layer::ports(&mut s, input, layout);
    board_layer::tokens_and_orders(&mut s, input, layout);
    arrows::draw(&mut s, input, layout);
    board_layer::units(&mut s, input, layout);
    panel::draw(&mut s, input);
    s.finish()
}

/// The picture as PNG bytes, painted in layers (the board's own layer made once, [`layers`]).
pub fn png(input: &MapInput<'_>) -> Result<Vec<u8>, MapError> {
    let layout = Layout::of(input.board);
    encode_rgb(&layers::pixmap(input, &layout)?)
}

/// The font database: the shipped subset first (and as the generic sans-serif), then the
/// system's fonts for anything it lacks. Made once.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(FONT.to_vec());
        db.load_system_fonts();
        db.set_sans_serif_family(draw::FAMILY);
        Arc::new(db)
    })
    .clone()
}

/// The options the picture is parsed with: the fonts of [`fonts`], the subset as default family.
pub fn options() -> usvg::Options<'static> {
    usvg::Options {
        font_family: draw::FAMILY.to_string(),
        fontdb: fonts(),
        ..usvg::Options::default()
    }
}

/// Rasterise an SVG document made by [`svg`].
pub fn svg_to_png(svg: &str) -> Result<Vec<u8>, MapError> {
    let opt = options();
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| MapError::Svg(e.to_string()))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| MapError::Raster("empty picture".into()))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    encode_rgb(&pixmap)
}

/// The picture as an RGB PNG: the picture is opaque (its background covers it), so the alpha
/// channel is dropped, and the fast deflate setting is used (a third of the time of the
/// default for a few percent more bytes).
fn encode_rgb(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, MapError> {
    let mut rgb: Vec<u8> = Vec::with_capacity(pixmap.data().len() / 4 * 3);
    for p in pixmap.data().chunks_exact(4) {
        rgb.extend_from_slice(&p[..3]);
    }
    let mut out = Vec::with_capacity(rgb.len() / 4);
    let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Fast);
    // One filter for every row instead of trying each per row (the picture is mostly flat
    // colour: "up" suits it, at a fifth of the encoding time).
    enc.set_filter(png::Filter::Sub);
    let mut w = enc
        .write_header()
        .map_err(|e| MapError::Raster(e.to_string()))?;
    w.write_image_data(&rgb)
        .map_err(|e| MapError::Raster(e.to_string()))?;
    w.finish().map_err(|e| MapError::Raster(e.to_string()))?;
    Ok(out)
}
