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
pub mod chips;
pub mod draw;
pub mod encode;
pub mod layers;
pub mod layout;
pub mod palette;
pub mod panel;
pub mod theatre;

use maester_board::{Board, HouseId, Lang};
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
    /// The name of the step the picture reports, the one just closed (empty: the panel names
    /// the step now open).
    pub reported: &'a str,
    /// The round of the step reported (0: the state's round).
    pub reported_round: u8,
}

impl MapInput<'_> {
    /// The round the picture names: the reported step's, else the state's.
    pub fn round(&self) -> u8 {
        if self.reported_round > 0 {
            self.reported_round
        } else {
            self.state.round
        }
    }
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
    top(&mut s, input, layout);
    panel::draw(&mut s, input);
    s.finish()
}

/// What the state and the log put over the board's names: fortifications, ports, tokens,
/// orders (those not carried out struck through), arrows, units, battle boxes.
pub(crate) fn top(s: &mut draw::Svg, input: &MapInput<'_>, layout: &Layout) {
    board_layer::fortifications(s, input, layout);
    board_layer::ports(s, input, layout);
    let blocks = chips::blocks(input, layout);
    let mut taken: Vec<board_layer::Rect> = input
        .board
        .area_ids()
        .filter_map(|a| board_layer::label_box(input, layout, a))
        .chain(blocks.iter().map(chips::Block::rect))
        .collect();
    board_layer::tokens_and_orders(s, input, layout, &mut taken);
    board_layer::not_done(s, input, layout, &mut taken);
    let segments = arrows::draw(s, input, layout, &blocks);
    board_layer::names_over(s, input, layout, &segments);
    chips::draw(s, &blocks);
    arrows::battle_boxes(s, input, layout, &blocks);
}

/// The picture as PNG bytes, painted in layers (the board's own layer made once, [`layers`]).
pub fn png(input: &MapInput<'_>) -> Result<Vec<u8>, MapError> {
    let layout = Layout::of(input.board);
    encode_png(&layers::pixmap(input, &layout)?)
}

/// The whole picture painted once (per language and script), from which the whole board's
/// PNG and every house's picture ([`theatre`]) are made.
pub struct Painted {
    pixmap: tiny_skia::Pixmap,
    layout: Layout,
    /// What every house's picture of it shares (battle boxes, what outlines avoid): made
    /// once, not once per house.
    shared: theatre::Shared,
}

/// A picture made by a worker: its place in the order asked, and it.
type Made = (usize, Result<Vec<u8>, MapError>);

/// The whole board's PNG and each house's picture, in the order asked.
pub type Pictures = (Result<Vec<u8>, MapError>, Vec<Result<Vec<u8>, MapError>>);

/// Paint the whole picture (its board layer from the kept one, [`layers`]).
pub fn paint(input: &MapInput<'_>) -> Result<Painted, MapError> {
    let layout = Layout::of(input.board);
    let pixmap = layers::pixmap(input, &layout)?;
    let shared = theatre::Shared::of(input, &layout);
    Ok(Painted {
        pixmap,
        layout,
        shared,
    })
}

impl Painted {
    /// The whole board as PNG bytes.
    pub fn png(&self) -> Result<Vec<u8>, MapError> {
        encode_png(&self.pixmap)
    }

    /// A house's own picture as PNG bytes: its theatre cut from the whole picture, its areas
    /// outlined and the band above (`input` must be the one the picture was painted from).
    pub fn house_png(&self, input: &MapInput<'_>, house: HouseId) -> Result<Vec<u8>, MapError> {
        self.theatre(input, house, true)
    }

    /// The whole board's PNG and each house's picture ([`Painted::house_png`]), encoded on
    /// the machine's cores at once (each picture alone is a crop, an overlay and an encoding:
    /// nothing is shared but the painted pixels, read only).
    pub fn pngs(&self, input: &MapInput<'_>, houses: &[HouseId]) -> Pictures {
        self.all(input, houses, true)
    }

    /// [`Painted::pngs`] with each house's theatre for the public site
    /// ([`Painted::theatre_png`]).
    pub fn theatre_pngs(&self, input: &MapInput<'_>, houses: &[HouseId]) -> Pictures {
        self.all(input, houses, false)
    }

    fn all(&self, input: &MapInput<'_>, houses: &[HouseId], reader: bool) -> Pictures {
        let jobs = houses.len() + 1;
        let one = |k: usize| match k.checked_sub(1).and_then(|i| houses.get(i)) {
            None => self.png(),
            Some(h) => self.theatre(input, *h, reader),
        };
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(jobs);
        let mut out: Vec<Option<Result<Vec<u8>, MapError>>> = (0..jobs).map(|_| None).collect();
        if threads <= 1 {
            for (k, slot) in out.iter_mut().enumerate() {
                *slot = Some(one(k));
            }
        } else {
            let next = std::sync::atomic::AtomicUsize::new(0);
            let done: Vec<Vec<Made>> = std::thread::scope(|s| {
                let workers: Vec<_> = (0..threads)
                    .map(|_| {
                        s.spawn(|| {
                            let mut mine = Vec::new();
                            loop {
                                let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                                if k >= jobs {
                                    return mine;
                                }
                                mine.push((k, one(k)));
                            }
                        })
                    })
                    .collect();
                workers
                    .into_iter()
                    .map(|w| w.join().unwrap_or_default())
                    .collect()
            });
            for (k, r) in done.into_iter().flatten() {
                if let Some(slot) = out.get_mut(k) {
                    *slot = Some(r);
                }
            }
        }
        let mut all = out
            .into_iter()
            .map(|r| r.unwrap_or_else(|| Err(MapError::Raster("a picture not made".into()))));
        let whole = all
            .next()
            .unwrap_or_else(|| Err(MapError::Raster("no picture".into())));
        (whole, all.collect())
    }

    /// A house's theatre for the public site: as [`Painted::house_png`], the band naming the
    /// house (not the reader's "your house").
    pub fn theatre_png(&self, input: &MapInput<'_>, house: HouseId) -> Result<Vec<u8>, MapError> {
        self.theatre(input, house, false)
    }

    fn theatre(
        &self,
        input: &MapInput<'_>,
        house: HouseId,
        reader: bool,
    ) -> Result<Vec<u8>, MapError> {
        let c = theatre::theatre_among(input, &self.layout, house, &self.shared.boxes);
        let (x, y) = (c.x.round() as i64, c.y.round() as i64);
        let (w, h) = (c.w.round() as u32, c.h.round() as u32);
        let band = theatre::BAND_H.round() as u32;
        let mut out = tiny_skia::Pixmap::new(w, h + band)
            .ok_or_else(|| MapError::Raster("empty picture".into()))?;
        let (sw, sh) = (self.pixmap.width() as i64, self.pixmap.height() as i64);
        let src = self.pixmap.data();
        let dst = out.data_mut();
        for row in 0..h as i64 {
            let sy = y + row;
            if sy < 0 || sy >= sh {
                continue;
            }
            let x0 = x.clamp(0, sw);
            let x1 = (x + w as i64).clamp(0, sw);
            let from = ((sy * sw + x0) * 4) as usize..((sy * sw + x1) * 4) as usize;
            let at = (((row + band as i64) * w as i64 + (x0 - x)) * 4) as usize;
            let n = from.len();
            if let (Some(s), Some(d)) = (src.get(from), dst.get_mut(at..at + n)) {
                d.copy_from_slice(s);
            }
        }
        let overlay = theatre::overlay_svg(input, &self.layout, house, c, &self.shared, reader);
        let tree =
            usvg::Tree::from_str(&overlay, &options()).map_err(|e| MapError::Svg(e.to_string()))?;
        let shift = tiny_skia::Transform::from_translate(-(x as f32), -(y as f32) + band as f32);
        resvg::render(&tree, shift, &mut out.as_mut());
        encode_png(&out)
    }
}

/// A house's own picture as an SVG document ([`theatre`]).
pub fn house_svg(input: &MapInput<'_>, house: HouseId) -> String {
    let layout = Layout::of(input.board);
    theatre::house_svg(input, &layout, house)
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
    encode_png(&svg_to_pixmap(svg)?)
}

/// Rasterise an SVG document made by [`svg`], unencoded.
pub fn svg_to_pixmap(svg: &str) -> Result<tiny_skia::Pixmap, MapError> {
    let opt = options();
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| MapError::Svg(e.to_string()))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| MapError::Raster("empty picture".into()))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    Ok(pixmap)
}

/// The picture as PNG bytes: a palette PNG ([`encode`]).
fn encode_png(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, MapError> {
    encode::png(pixmap)
}
