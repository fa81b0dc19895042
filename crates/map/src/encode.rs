//! The painted picture as a palette (indexed) PNG. The map is drawn in a few flat colours
//! (the fills, the houses' colours, ink and white, [`crate::palette`]); only the antialiased
//! edges of lines and letters add more. The 256 colours kept are first the flat ones (each at
//! least 1 in [`FLAT`] of the pixels), then the most frequent of the others that are far enough
//! from those already kept (so the shades of one edge do not take every place), then the most
//! frequent of the rest; every other colour (an edge pixel) takes the nearest kept one. One byte
//! a pixel instead of three, and long runs of one index, make the file a quarter of the RGB one,
//! with the same size in pixels, so names keep the size they are drawn at. The pixels are read
//! as runs of one colour, and the few colours that make most of the picture are counted and
//! looked up in small direct-mapped tables before the hash maps.

use crate::MapError;
use resvg::tiny_skia;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Colours of a palette PNG.
const KEPT: usize = 256;

/// A colour of at least this share of the picture's pixels (1 in `FLAT`) is a flat colour (a
/// fill, ink, a house's colour) and is kept whatever its neighbours.
const FLAT: usize = 4000;

/// The least squared distance (weighted as the eye is, [`Kept::nearest`]) from the colours
/// already kept for a colour of the second pass: closer shades are left to the third.
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

/// A colour packed as [`pixels`] packs it: red in the low byte.
fn rgb(c: u32) -> [u8; 3] {
    [c as u8, (c >> 8) as u8, (c >> 16) as u8]
}

/// The picture's pixels as packed RGB, red in the low byte (the picture is opaque: its
/// background covers it, so the alpha byte is dropped).
fn pixels(pixmap: &tiny_skia::Pixmap) -> impl Iterator<Item = u32> + '_ {
    pixmap
        .data()
        .chunks_exact(4)
        .map(|p| u32::from_le_bytes([p[0], p[1], p[2], 0]))
}

/// The picture as runs of one colour: (colour, length).
fn runs(pixmap: &tiny_skia::Pixmap) -> Vec<(u32, u32)> {
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(pixmap.data().len() / 64);
    for p in pixels(pixmap) {
        match out.last_mut() {
            Some((c, n)) if *c == p => *n += 1,
            _ => out.push((p, 1)),
        }
    }
    out
}

/// Colours of the second pass looked at: the most frequent of the others (rarer shades are
/// single edge pixels; looking at them all would cost more than the rest of the encoding).
const CANDIDATES: usize = 2048;

/// The colours kept so far, by channel, so that the distance to all of them is computed in
/// one loop the compiler vectorises.
struct Kept {
    colours: Vec<u32>,
    r: Vec<i32>,
    g: Vec<i32>,
    b: Vec<i32>,
}

impl Kept {
    fn new() -> Kept {
        Kept {
            colours: Vec::with_capacity(KEPT),
            r: Vec::with_capacity(KEPT),
            g: Vec::with_capacity(KEPT),
            b: Vec::with_capacity(KEPT),
        }
    }

    fn push(&mut self, c: u32) {
        let [r, g, b] = rgb(c);
        self.colours.push(c);
        self.r.push(i32::from(r));
        self.g.push(i32::from(g));
        self.b.push(i32::from(b));
    }

    /// The nearest kept colour: its index and squared distance, weighted as the eye is (green
    /// most, blue least).
    fn nearest(&self, c: u32) -> (usize, i32) {
        let [r, g, b] = rgb(c).map(i32::from);
        let mut best = (0usize, i32::MAX);
        let d = self
            .r
            .iter()
            .zip(&self.g)
            .zip(&self.b)
            .map(|((kr, kg), kb)| {
                let (dr, dg, db) = (kr - r, kg - g, kb - b);
                3 * dr * dr + 4 * dg * dg + 2 * db * db
            });
        for (i, d) in d.enumerate() {
            if d < best.1 {
                best = (i, d);
            }
        }
        best
    }
}

/// The colours kept (see the module's text), most frequent first.
fn choose(counts: &Colours<u32>, pixels: usize) -> Kept {
    let mut by_count: Vec<(u32, u32)> = counts.iter().map(|(c, n)| (*c, *n)).collect();
    // Ties broken by the colour, so the same picture always gives the same bytes.
    by_count.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let flat = (pixels / FLAT).max(1) as u32;
    let mut kept = Kept::new();
    let mut rest = by_count.iter().map(|(c, _)| *c).peekable();
    for (c, n) in &by_count {
        if *n < flat || kept.colours.len() == KEPT {
            break;
        }
        kept.push(*c);
        rest.next();
    }
    let mut left = Vec::new();
    for c in rest.take(CANDIDATES) {
        if kept.colours.len() == KEPT {
            break;
        }
        if kept.colours.is_empty() || kept.nearest(c).1 >= SPREAD as i32 {
            kept.push(c);
        } else {
            left.push(c);
        }
    }
    for c in left {
        if kept.colours.len() == KEPT {
            break;
        }
        kept.push(c);
    }
    kept
}

/// Slots of the small direct-mapped tables in front of the hash maps: the few colours that
/// make most of a picture are counted and looked up there, the hash maps see the rest.
const SLOTS: usize = 4096;

fn slot(c: u32) -> usize {
    (c.wrapping_mul(0x9e37_79b1) >> 20) as usize % SLOTS
}

/// How many pixels have each colour.
fn count(runs: &[(u32, u32)]) -> Colours<u32> {
    let mut counts: Colours<u32> = Colours::default();
    // A colour and its count not yet in `counts` (count 0: empty).
    let mut near = vec![(0u32, 0u32); SLOTS];
    for &(p, n) in runs {
        let s = &mut near[slot(p)];
        if s.1 > 0 && s.0 == p {
            s.1 += n;
            continue;
        }
        if s.1 > 0 {
            *counts.entry(s.0).or_insert(0) += s.1;
        }
        *s = (p, n);
    }
    for (c, n) in near {
        if n > 0 {
            *counts.entry(c).or_insert(0) += n;
        }
    }
    counts
}

/// Each pixel's palette index, and the palette (RGB triples).
fn indexed(runs: &[(u32, u32)], pixels: usize) -> (Vec<u8>, Vec<u8>) {
    let kept = choose(&count(runs), pixels);
    let mut index: Colours<u8> = kept
        .colours
        .iter()
        .enumerate()
        .map(|(i, c)| (*c, i as u8))
        .collect();
    // A colour and its index (`None`: empty).
    let mut near: Vec<Option<(u32, u8)>> = vec![None; SLOTS];
    let mut out = Vec::with_capacity(pixels);
    for &(p, n) in runs {
        let s = &mut near[slot(p)];
        let i = match *s {
            Some((c, i)) if c == p => i,
            _ => {
                let i = *index.entry(p).or_insert_with(|| kept.nearest(p).0 as u8);
                *s = Some((p, i));
                i
            }
        };
        out.extend(std::iter::repeat_n(i, n as usize));
    }
    let palette = kept.colours.iter().flat_map(|c| rgb(*c)).collect();
    (out, palette)
}

/// One PNG chunk: length, type, data, and the CRC-32 of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    let len = u32::try_from(data.len()).unwrap_or(u32::MAX);
    out.extend_from_slice(&len.to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = flate2::Crc::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(&crc.sum().to_be_bytes());
}

/// The rows, each behind its filter byte (0: none), compressed as one zlib stream in one call.
/// (An encoder fed row by row clears its whole output buffer at every row: two thirds of a
/// picture's encoding time went to that.)
fn compressed(data: &[u8], width: usize) -> Result<Vec<u8>, MapError> {
    use flate2::{Compress, Compression, FlushCompress, Status};
    let mut rows = Vec::with_capacity(data.len() + data.len() / width.max(1) + 1);
    for row in data.chunks(width.max(1)) {
        rows.push(0u8);
        rows.extend_from_slice(row);
    }
    // zlib level 3: within 5 % of the default level's bytes for two thirds of its time.
    let mut z = Compress::new(Compression::new(3), true);
    let mut out = Vec::with_capacity(rows.len() / 4 + 4096);
    loop {
        let read = usize::try_from(z.total_in()).unwrap_or(usize::MAX);
        let rest = rows.get(read..).unwrap_or_default();
        match z.compress_vec(rest, &mut out, FlushCompress::Finish) {
            Ok(Status::StreamEnd) => return Ok(out),
            Ok(_) => out.reserve(out.capacity().max(4096)),
            Err(e) => return Err(MapError::Raster(e.to_string())),
        }
    }
}

/// The picture as a palette PNG (see the module's text): signature, header, palette, the
/// compressed rows, end.
pub fn png(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, MapError> {
    let runs = runs(pixmap);
    let (data, palette) = indexed(&runs, pixmap.data().len() / 4);
    let idat = compressed(&data, pixmap.width() as usize)?;
    let mut out = Vec::with_capacity(idat.len() + palette.len() + 64);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&pixmap.width().to_be_bytes());
    header.extend_from_slice(&pixmap.height().to_be_bytes());
    // 8 bits an index, colour type 3 (palette), deflate, no filter method beyond 0, no interlace.
    header.extend_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"PLTE", &palette);
    chunk(&mut out, b"IDAT", &idat);
    chunk(&mut out, b"IEND", &[]);
    Ok(out)
}
