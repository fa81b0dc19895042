//! The painted picture as a palette (indexed) PNG. The map is drawn in a few flat colours
//! (the fills, the houses' colours, ink and white, [`crate::palette`]); only the antialiased
//! edges of lines and letters add more. The 256 colours kept are the most frequent ones, each
//! far enough from those already kept that a wash of edge shades cannot crowd out a fill, then
//! the most frequent of the rest; every other colour (an edge pixel) takes the nearest kept one.
//! One byte a pixel instead of three, and long runs of one index, make the file a third of the
//! RGB one or less, with the same size in pixels, so names keep the size they are drawn at.

use crate::MapError;
use resvg::tiny_skia;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Colours of a palette PNG.
const KEPT: usize = 256;

/// A colour of at least this share of the picture's pixels (1 in `FLAT`) is a flat colour (a
/// fill, ink, a house's colour) and is kept whatever its neighbours.
const FLAT: usize = 4000;

/// The least squared distance (weighted, [`distance`]) between two colours kept in the first
/// pass: shades closer than this to a kept colour are left to the second pass.
const SPREAD: u32 = 6 * 6 * 9;

/// A hasher for colours packed in a `u32` (one multiply; the standard one is several times
/// slower on a million pixels).
#[derive(Default)]
struct ColourHasher(u64);

impl Hasher for ColourHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.0 = u64::from(n).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 16;
    }
}

type Colours<V> = HashMap<u32, V, BuildHasherDefault<ColourHasher>>;

fn rgb(c: u32) -> [u8; 3] {
    [(c >> 16) as u8, (c >> 8) as u8, c as u8]
}

/// Squared distance, weighted as the eye is (green most, blue least).
fn distance(a: u32, b: u32) -> u32 {
    let (a, b) = (rgb(a), rgb(b));
    let d = |i: usize| (i32::from(a[i]) - i32::from(b[i])).unsigned_abs();
    3 * d(0) * d(0) + 4 * d(1) * d(1) + 2 * d(2) * d(2)
}

/// The picture's pixels as packed RGB (the picture is opaque: its background covers it).
fn pixels(pixmap: &tiny_skia::Pixmap) -> Vec<u32> {
    pixmap
        .data()
        .chunks_exact(4)
        .map(|p| u32::from(p[0]) << 16 | u32::from(p[1]) << 8 | u32::from(p[2]))
        .collect()
}

/// The colours kept (see the module's text), most frequent first.
fn choose(counts: &Colours<u32>, pixels: usize) -> Vec<u32> {
    let mut by_count: Vec<(u32, u32)> = counts.iter().map(|(c, n)| (*c, *n)).collect();
    // Ties broken by the colour, so the same picture always gives the same bytes.
    by_count.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let flat = (pixels / FLAT).max(1) as u32;
    let mut kept: Vec<u32> = by_count
        .iter()
        .take_while(|(_, n)| *n >= flat)
        .take(KEPT)
        .map(|(c, _)| *c)
        .collect();
    let rest = &by_count[kept.len()..];
    let mut left = Vec::new();
    for (c, _) in rest {
        if kept.len() == KEPT {
            break;
        }
        if kept.iter().all(|k| distance(*k, *c) >= SPREAD) {
            kept.push(*c);
        } else {
            left.push(*c);
        }
    }
    let room = KEPT - kept.len();
    kept.extend(left.into_iter().take(room));
    kept
}

/// The nearest kept colour's index.
fn nearest(kept: &[u32], c: u32) -> u8 {
    let mut best = (u32::MAX, 0usize);
    for (i, k) in kept.iter().enumerate() {
        let d = distance(*k, c);
        if d < best.0 {
            best = (d, i);
        }
    }
    best.1 as u8
}

/// Each pixel's palette index, and the palette (RGB triples).
fn indexed(px: &[u32]) -> (Vec<u8>, Vec<u8>) {
    let mut counts: Colours<u32> = Colours::default();
    let mut last = None;
    let mut run = 0u32;
    for &p in px {
        if last == Some(p) {
            run += 1;
            continue;
        }
        if let Some(l) = last {
            *counts.entry(l).or_insert(0) += run;
        }
        last = Some(p);
        run = 1;
    }
    if let Some(l) = last {
        *counts.entry(l).or_insert(0) += run;
    }
    let kept = choose(&counts, px.len());
    let mut index: Colours<u8> = kept
        .iter()
        .enumerate()
        .map(|(i, c)| (*c, i as u8))
        .collect();
    let mut out = Vec::with_capacity(px.len());
    let mut prev: Option<(u32, u8)> = None;
    for &p in px {
        let i = match prev {
            Some((c, i)) if c == p => i,
            _ => *index.entry(p).or_insert_with(|| nearest(&kept, p)),
        };
        prev = Some((p, i));
        out.push(i);
    }
    let palette = kept.iter().flat_map(|c| rgb(*c)).collect();
    (out, palette)
}

/// The picture as a palette PNG (see the module's text).
pub fn png(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, MapError> {
    let (data, palette) = indexed(&pixels(pixmap));
    let mut out = Vec::with_capacity(data.len() / 8);
    let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(palette);
    enc.set_compression(png::Compression::Balanced);
    enc.set_filter(png::Filter::NoFilter);
    let mut w = enc
        .write_header()
        .map_err(|e| MapError::Raster(e.to_string()))?;
    w.write_image_data(&data)
        .map_err(|e| MapError::Raster(e.to_string()))?;
    w.finish().map_err(|e| MapError::Raster(e.to_string()))?;
    Ok(out)
}
