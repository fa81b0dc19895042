//! Where things go on the 741×1378 canvas: the measured points of each area (label, units,
//! order, power token; `data/area-positions.json`) and the cells drawn around them. The cells are
//! the Voronoi cells of those points (every point of the canvas belongs to the area of the
//! nearest measured point), so each area's own points always lie inside its own colour.

use maester_board::{AreaId, AreaKind, Board};
use serde::Deserialize;
use std::collections::HashMap;

/// The measured points, compiled in.
const POSITIONS_JSON: &str = include_str!("../data/area-positions.json");

/// Width of the map canvas.
pub const MAP_W: f64 = 741.0;
/// Height of the map canvas.
pub const MAP_H: f64 = 1378.0;

/// A point on the canvas.
pub type Pt = (f64, f64);

/// The measured points of one area.
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct Spots {
    /// Centre of the name.
    pub label: Pt,
    /// Centre of the units.
    pub units: Pt,
    /// Centre of the order token.
    pub order: Pt,
    /// Centre of the power token.
    pub token: Pt,
}

#[derive(Deserialize)]
struct File {
    areas: HashMap<String, Spots>,
}

/// One edge of a cell: its two ends and the seed on the other side (`None`: the canvas edge).
#[derive(Clone, Copy, Debug)]
pub struct Edge {
    /// Start.
    pub a: Pt,
    /// End.
    pub b: Pt,
    /// Seed across the edge.
    pub across: Option<usize>,
}

/// The cell of one seed point.
#[derive(Clone, Debug)]
pub struct Cell {
    /// The area the seed belongs to.
    pub area: AreaId,
    /// The polygon's corners, in order.
    pub corners: Vec<Pt>,
    /// Its edges (`edges[i]` runs from `corners[i]` to `corners[i + 1]`).
    pub edges: Vec<Edge>,
}

/// The layout of a board: the spots of each area that has them, and the cells.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Spots by area index (`None`: the area is not on the picture, e.g. a temporary port site
    /// or an area an edited board added).
    pub spots: Vec<Option<Spots>>,
    /// The cells of land and sea areas.
    pub cells: Vec<Cell>,
}

impl Layout {
    /// The layout of a board: areas are matched to the measured points by their key.
    pub fn of(board: &Board) -> Layout {
        let file: File = serde_json::from_str(POSITIONS_JSON).unwrap_or(File {
            areas: HashMap::new(),
        });
        let spots: Vec<Option<Spots>> = board
            .areas
            .iter()
            .map(|a| file.areas.get(&a.key).copied())
            .collect();
        let mut seeds: Vec<(Pt, AreaId)> = Vec::new();
        for a in board.areas.iter().filter(|a| a.kind != AreaKind::Port) {
            if let Some(s) = spots[a.id.index()] {
                for p in [s.label, s.units, s.order, s.token] {
                    if !seeds.iter().any(|(q, _)| same(*q, p)) {
                        seeds.push((p, a.id));
                    }
                }
            }
        }
        let cells = (0..seeds.len()).map(|i| cell(&seeds, i)).collect();
        Layout { spots, cells }
    }

    /// The spots of an area, if it is on the picture.
    pub fn spots(&self, a: AreaId) -> Option<&Spots> {
        self.spots.get(a.index()).and_then(|s| s.as_ref())
    }
}

fn same(p: Pt, q: Pt) -> bool {
    (p.0 - q.0).abs() < 0.5 && (p.1 - q.1).abs() < 0.5
}

/// The Voronoi cell of seed `i`: the canvas cut by the bisector with every other seed.
fn cell(seeds: &[(Pt, AreaId)], i: usize) -> Cell {
    let (p, area) = seeds[i];
    let mut corners = vec![(0.0, 0.0), (MAP_W, 0.0), (MAP_W, MAP_H), (0.0, MAP_H)];
    let mut across: Vec<Option<usize>> = vec![None; 4];
    for (j, (q, _)) in seeds.iter().enumerate() {
        if j == i {
            continue;
        }
        (corners, across) = clip(&corners, &across, p, *q, j);
        if corners.len() < 3 {
            break;
        }
    }
    let n = corners.len();
    let edges = (0..n)
        .map(|k| Edge {
            a: corners[k],
            b: corners[(k + 1) % n],
            across: across[k],
        })
        .collect();
    Cell {
        area,
        corners,
        edges,
    }
}

/// Keep the part of a convex polygon nearer to `p` than to `q`; the new edge is `j`'s.
fn clip(
    corners: &[Pt],
    across: &[Option<usize>],
    p: Pt,
    q: Pt,
    j: usize,
) -> (Vec<Pt>, Vec<Option<usize>>) {
    let m = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
    let d = (q.0 - p.0, q.1 - p.1);
    let side = |v: Pt| (v.0 - m.0) * d.0 + (v.1 - m.1) * d.1;
    let n = corners.len();
    let mut out = Vec::with_capacity(n + 1);
    let mut out_across = Vec::with_capacity(n + 1);
    for k in 0..n {
        let (a, b) = (corners[k], corners[(k + 1) % n]);
        let (sa, sb) = (side(a), side(b));
        let a_in = sa <= 0.0;
        let b_in = sb <= 0.0;
        if a_in {
            out.push(a);
            // The edge a→b, or its part up to the cut, keeps its neighbour.
            out_across.push(across[k]);
        }
        if a_in != b_in {
            let t = sa / (sa - sb);
            let x = (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1));
            out.push(x);
            // From a kept corner the cut point starts the cut edge; from a dropped one it
            // starts what is left of edge a→b.
            out_across.push(if a_in { Some(j) } else { across[k] });
        }
    }
    (out, out_across)
}

/// A box on the canvas: its top-left and bottom-right corners.
pub type Rect = (Pt, Pt);

/// The box of `size` centred on `c`.
pub fn at(c: Pt, (w, h): (f64, f64)) -> Rect {
    (
        (c.0 - w / 2.0, c.1 - h / 2.0),
        (c.0 + w / 2.0, c.1 + h / 2.0),
    )
}

/// How much two boxes overlap (area).
pub fn overlap(a: Rect, b: Rect) -> f64 {
    let x = (a.1.0.min(b.1.0) - a.0.0.max(b.0.0)).max(0.0);
    let y = (a.1.1.min(b.1.1) - a.0.1.max(b.0.1)).max(0.0);
    x * y
}

/// The point nearest `want`, on rings around it, where a box of `size` covers none of
/// `taken` and stays on the map; the least covering one when none is free.
pub fn free_spot(want: Pt, size: (f64, f64), taken: &[Rect]) -> Pt {
    let covered = |c: Pt| -> f64 {
        let r = at(c, size);
        let off = (r.0.0.min(0.0)).abs()
            + (r.0.1.min(0.0)).abs()
            + (r.1.0 - MAP_W).max(0.0)
            + (r.1.1 - MAP_H).max(0.0);
        taken.iter().map(|o| overlap(r, *o)).sum::<f64>() + off * 100.0
    };
    let mut best = (covered(want), want);
    if best.0 == 0.0 {
        return want;
    }
    for ring in 1..=8 {
        let d = ring as f64 * 6.0;
        for k in 0..16 {
            let t = k as f64 * std::f64::consts::PI / 8.0;
            // Wider than high: boxes move more easily sideways than up and down.
            let p = (want.0 + d * 1.6 * t.cos(), want.1 + d * t.sin());
            let c = covered(p);
            if c == 0.0 {
                return p;
            }
            if c < best.0 {
                best = (c, p);
            }
        }
    }
    best.1
}
