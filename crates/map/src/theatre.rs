//! The picture a house sees first: its own theatre, a piece of the board around the areas it
//! holds, fights in or waits to retreat from, with their neighbours, 440 px wide so that shown
//! on a 400-px phone screen every text of it is at least 9 px high (the smallest text of the
//! map is 10 px). A band above it names the reader's house, the step reported and the next
//! deadline; the house's areas are outlined in its colour. The pixels are cut from the whole
//! picture (painted once per language and script, its board layer cached), so each house's
//! picture costs a crop, a small overlay and an encoding.

use crate::MapInput;
use crate::arrows::BattleBox;
use crate::board_layer::Rect;
use crate::draw::{Anchor, Font, Svg};
use crate::layout::{Layout, MAP_H, MAP_W, Pt};
use crate::palette::{self, INK, PANEL, Rgb};
use maester_board::{AreaId, HouseId, Lang};
use maester_rules::log::{Defender, Event};
use maester_words::Spelling;
use maester_words::map_labels::map_labels;

/// Width of a house's picture.
pub const HOUSE_W: f64 = 440.0;
/// Height of the band above it.
pub const BAND_H: f64 = 58.0;
const MIN_H: f64 = 420.0;
const MAX_H: f64 = 760.0;

/// The piece of the map canvas a house's picture shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Crop {
    /// Left.
    pub x: f64,
    /// Top.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

/// The areas a house is concerned with: it holds them (units, token, control), fought in or
/// from them this step, or a force of it waits to retreat from them.
pub fn own_areas(input: &MapInput<'_>, house: HouseId) -> Vec<AreaId> {
    let (board, state) = (input.board, input.state);
    let mut own: Vec<AreaId> = board
        .area_ids()
        .filter(|a| {
            let st = state.area(*a);
            (st.house == Some(house) && !st.units.is_empty())
                || st.token == Some(house)
                || state.controller(board, *a) == Some(house)
        })
        .collect();
    own.extend(
        state
            .pending_retreats
            .iter()
            .filter(|p| p.house == house)
            .map(|p| p.from),
    );
    for e in input.log {
        match e {
            Event::Battle(r) if r.attacker == house => own.extend([r.from, r.area]),
            Event::Battle(r) if r.defender == Defender::House(house) => own.push(r.area),
            _ => {}
        }
    }
    if own.is_empty() {
        own.push(board.house(house).home_seat);
    }
    own.sort();
    own.dedup();
    own
}

/// The box around points: min and max corners.
fn bounds(pts: &[Pt]) -> Option<(Pt, Pt)> {
    let first = *pts.first()?;
    Some(pts.iter().fold((first, first), |(lo, hi), p| {
        (
            (lo.0.min(p.0), lo.1.min(p.1)),
            (hi.0.max(p.0), hi.1.max(p.1)),
        )
    }))
}

/// Where a span of `len` starts: centred on `want` (the middle of the house's areas and their
/// neighbours) but moved to keep the house's own `[lo, hi]` inside it when they fit, centred on
/// its own areas when they do not; always inside `[0, max]`.
fn place(want: f64, len: f64, (lo, hi): (f64, f64), max: f64) -> f64 {
    let start = if hi - lo + 20.0 <= len {
        (want - len / 2.0).min(lo - 10.0).max(hi + 10.0 - len)
    } else {
        (lo + hi) / 2.0 - len / 2.0
    };
    start.clamp(0.0, (max - len).max(0.0))
}

/// What every house's picture of one close shares: the battle boxes, and what a house's
/// outline must not cross (names, chips, battle boxes). Made once per picture painted.
pub struct Shared {
    /// The battle boxes, where the whole picture draws them.
    pub boxes: Vec<BattleBox>,
    /// Names, chips and battle boxes.
    clear: Vec<Rect>,
}

impl Shared {
    /// What the pictures of this input share.
    pub fn of(input: &MapInput<'_>, layout: &Layout) -> Shared {
        let blocks = crate::chips::blocks(input, layout);
        let mut scratch = Svg::transparent(MAP_W, MAP_H);
        let boxes = crate::arrows::battle_boxes(&mut scratch, input, layout, &blocks);
        let mut clear: Vec<Rect> = boxes.iter().map(|b| b.rect).collect();
        clear.extend(blocks.iter().map(crate::chips::Block::rect));
        clear.extend(
            input
                .board
                .area_ids()
                .filter_map(|a| crate::board_layer::label_box(input, layout, a)),
        );
        Shared { boxes, clear }
    }
}

/// The house's theatre: its areas and their neighbours, as much of them as a 440-px-wide
/// piece shows, its own areas first.
pub fn theatre(input: &MapInput<'_>, layout: &Layout, house: HouseId) -> Crop {
    theatre_among(input, layout, house, &Shared::of(input, layout).boxes)
}

/// [`theatre`] with the battle boxes already placed: the boxes of the house's own battles lie
/// inside it, and any other box it would cut at an edge is taken in whole or left out by
/// moving the piece a little (or making it taller), never losing the house's own areas.
pub fn theatre_among(
    input: &MapInput<'_>,
    layout: &Layout,
    house: HouseId,
    boxes: &[BattleBox],
) -> Crop {
    let board = input.board;
    let mut own = own_areas(input, house);
    // Each area by its name's box and its units point.
    let points = |a: &AreaId| -> Vec<Pt> {
        let mut p: Vec<Pt> = layout.spots(*a).map(|s| vec![s.units]).unwrap_or_default();
        if let Some((lo, hi)) = crate::board_layer::label_box(input, layout, *a) {
            p.extend([lo, hi]);
        }
        p
    };
    let width_of = |areas: &[AreaId]| {
        bounds(&areas.iter().flat_map(points).collect::<Vec<_>>())
            .map(|(lo, hi)| hi.0 - lo.0)
            .unwrap_or(0.0)
    };
    // When the house's areas are too wide for the piece, its land comes first (its fleets
    // at the board's edges are on the whole board that follows).
    if width_of(&own) + 20.0 > HOUSE_W {
        let land: Vec<AreaId> = own
            .iter()
            .copied()
            .filter(|a| !board.area(*a).is_sea())
            .collect();
        if !land.is_empty() {
            own = land;
        }
    }
    let mut core: Vec<Pt> = own.iter().flat_map(points).collect();
    // The boxes of its own battles belong with its areas (when they fit with them).
    let with_boxes: Vec<Pt> = core
        .iter()
        .copied()
        .chain(
            boxes
                .iter()
                .filter(|b| b.fought(house))
                .flat_map(|b| [b.rect.0, b.rect.1]),
        )
        .collect();
    if bounds(&with_boxes).is_some_and(|(lo, hi)| hi.0 - lo.0 + 20.0 <= HOUSE_W) {
        core = with_boxes;
    }
    let wide: Vec<Pt> = own
        .iter()
        .flat_map(|a| board.area(*a).adjacent.iter().copied().chain([*a]))
        .filter_map(|a| layout.spots(a).map(|s| s.label))
        .chain(core.iter().copied())
        .collect();
    let Some((clo, chi)) = bounds(&core) else {
        return Crop {
            x: (MAP_W - HOUSE_W) / 2.0,
            y: 0.0,
            w: HOUSE_W,
            h: MIN_H,
        };
    };
    let (wlo, whi) = bounds(&wide).unwrap_or((clo, chi));
    let w = HOUSE_W.min(MAP_W);
    let h = (whi.1 - wlo.1 + 60.0)
        .max(chi.1 - clo.1 + 40.0)
        .clamp(MIN_H, MAX_H);
    // Across, centred on the house's own areas (the piece is narrow); down, on them and their
    // neighbours.
    let x = place((clo.0 + chi.0) / 2.0, w, (clo.0, chi.0), MAP_W);
    let y = place((wlo.1 + whi.1) / 2.0, h, (clo.1, chi.1), MAP_H);
    uncut(Crop { x, y, w, h }, (clo, chi), boxes)
}

/// The span of a rectangle along one axis (0: across, 1: down).
fn span(r: Rect, axis: usize) -> (f64, f64) {
    if axis == 0 {
        (r.0.0, r.1.0)
    } else {
        (r.0.1, r.1.1)
    }
}

/// Whether the span `[s, s + len]` cuts `(b0, b1)`: they overlap and it is not inside.
fn cuts(s: f64, len: f64, (b0, b1): (f64, f64)) -> bool {
    let e = s + len;
    b0 < e && s < b1 && (b0 < s || b1 > e)
}

/// The crop moved, made taller or shorter so that no battle box is cut at its edge,
/// when that keeps the core `(lo, hi)` inside it and the crop inside the map; the smallest
/// such change.
fn uncut(mut c: Crop, (lo, hi): (Pt, Pt), boxes: &[BattleBox]) -> Crop {
    for _ in 0..3 {
        for axis in [0, 1] {
            let (s, len) = if axis == 0 { (c.x, c.w) } else { (c.y, c.h) };
            let (max, core) = if axis == 0 {
                (MAP_W, (lo.0, hi.0))
            } else {
                (MAP_H, (lo.1, hi.1))
            };
            // The boxes that meet the crop across the other axis.
            let (o0, olen) = if axis == 0 { (c.y, c.h) } else { (c.x, c.w) };
            let meets = |b: &BattleBox| {
                let (b0, b1) = span(b.rect, 1 - axis);
                b0 < o0 + olen && o0 < b1
            };
            let spans: Vec<(f64, f64)> = boxes
                .iter()
                .filter(|b| meets(b))
                .map(|b| span(b.rect, axis))
                .collect();
            let Some(&cut) = spans.iter().find(|b| cuts(s, len, **b)) else {
                continue;
            };
            let mut tries = vec![
                (cut.0 - 3.0, len),
                (cut.1 + 3.0 - len, len),
                (cut.1 + 1.0, len),
                (cut.0 - 1.0 - len, len),
            ];
            // Taller to take it in, shorter to leave it out (always 440 px wide: what is
            // still cut is drawn again inside, [`overlay_with`]).
            if axis == 1 {
                tries.push((s, cut.1 + 3.0 - s));
                tries.push((cut.0 - 3.0, s + len - cut.0 + 3.0));
                tries.push((s, cut.0 - 1.0 - s));
                tries.push((cut.1 + 1.0, s + len - cut.1 - 1.0));
            }
            let core_fits = core.1 - core.0 <= len;
            let good = |&(s2, len2): &(f64, f64)| {
                s2 >= 0.0
                    && s2 + len2 <= max
                    && (axis == 0 || (MIN_H..=MAX_H).contains(&len2))
                    && (!core_fits || (core.0 >= s2 && core.1 <= s2 + len2))
                    && !spans.iter().any(|b| cuts(s2, len2, *b))
            };
            let best = tries.into_iter().filter(good).min_by(|a, b| {
                let moved = |t: &(f64, f64)| (t.0 - s).abs() + (t.0 + t.1 - s - len).abs();
                moved(a).total_cmp(&moved(b))
            });
            if let Some((s2, len2)) = best {
                if axis == 0 {
                    c.x = s2;
                } else {
                    (c.y, c.h) = (s2, len2);
                }
            }
        }
    }
    c
}

/// What is drawn over the house's piece: its areas outlined, and the band above.
pub fn overlay(svg: &mut Svg, input: &MapInput<'_>, layout: &Layout, house: HouseId, c: Crop) {
    overlay_with(
        svg,
        input,
        layout,
        house,
        c,
        &Shared::of(input, layout),
        true,
    );
}

/// [`overlay`] with what the pictures share already made; `reader`: the band says "your
/// house" (a player's report), else it names the house alone (the public site's theatres).
pub fn overlay_with(
    svg: &mut Svg,
    input: &MapInput<'_>,
    layout: &Layout,
    house: HouseId,
    c: Crop,
    shared: &Shared,
    reader: bool,
) {
    let (board, lang) = (input.board, input.lang);
    let colour = palette::house(board, house);
    let own: Vec<AreaId> = board
        .area_ids()
        .filter(|a| input.state.controller(board, *a) == Some(house))
        .collect();
    // The outline leaves out the edges that would cross a name, a chip or a battle box (it
    // is painted over them).
    let clear = &shared.clear;
    for cell in layout.cells.iter().filter(|c| own.contains(&c.area)) {
        for e in &cell.edges {
            let inside = e
                .across
                .is_some_and(|j| own.contains(&layout.cells[j].area));
            let covers = clear
                .iter()
                .any(|r| crate::board_layer::crosses(e.a, e.b, *r));
            if !inside && !covers {
                svg.line(e.a, e.b, colour, 3.5, Some("9 4"));
            }
        }
    }
    // A battle box the piece's edge still cuts (another house's battle where its own areas
    // leave no room) is drawn again whole inside the edge, over the cut one.
    for b in &shared.boxes {
        let r = b.rect;
        let (w, h) = (r.1.0 - r.0.0, r.1.1 - r.0.1);
        if cuts(c.x, c.w, (r.0.0, r.1.0)) && r.0.1 < c.y + c.h && c.y < r.1.1
            || cuts(c.y, c.h, (r.0.1, r.1.1)) && r.0.0 < c.x + c.w && c.x < r.1.0
        {
            let inset = 1.25;
            let x =
                r.0.0
                    .clamp(c.x + inset, (c.x + c.w - inset - w).max(c.x + inset));
            let y =
                r.0.1
                    .clamp(c.y + inset, (c.y + c.h - inset - h).max(c.y + inset));
            crate::arrows::redraw_box(svg, input, b, ((x, y), (x + w, y + h)));
        }
    }
    let l = map_labels(lang);
    let top = c.y - BAND_H;
    svg.rect(c.x, top, c.w, BAND_H, 0.0, PANEL, None, false);
    svg.rect(c.x, top, 8.0, BAND_H, 0.0, colour, None, false);
    svg.line((c.x, c.y), (c.x + c.w, c.y), INK, 2.0, None);
    let bold = Font {
        size: 15.0,
        fill: INK,
        bold: true,
        halo: None,
    };
    let name = board.house(house).name(lang);
    let x = c.x + 16.0;
    let who = if reader {
        format!("{}: {name}", l.your_house)
    } else {
        name.to_string()
    };
    svg.text(x, top + 12.0, &who, bold, Anchor::Start);
    let step = match lang {
        Lang::Zh => input.state.step.name_zh(),
        Lang::En => input.state.step.name_en(),
    };
    let what = if input.reported.is_empty() {
        format!("{} · {step}", l.round(input.state.round))
    } else {
        format!("{} · {}", l.round(input.round()), l.results(input.reported))
    };
    svg.text(x, top + 30.0, &what, Font::plain(12.5, INK), Anchor::Start);
    if !input.deadline.is_empty() {
        let d = format!("{} ({step}): {}", l.deadline, input.deadline);
        svg.text(
            x,
            top + 47.0,
            &d,
            Font::plain(11.0, Rgb(0x4a, 0x42, 0x36)),
            Anchor::Start,
        );
    }
}

/// The house's picture as an SVG document: the map (without the panel) seen through its
/// theatre, with the overlay.
pub fn house_svg(input: &MapInput<'_>, layout: &Layout, house: HouseId) -> String {
    let shared = Shared::of(input, layout);
    let c = theatre_among(input, layout, house, &shared.boxes);
    let mut s = Svg::viewed(
        (c.x, c.y - BAND_H, c.w, c.h + BAND_H),
        (MAP_W, MAP_H),
        palette::SEA,
    )
    .in_script(input.script);
    let fills = crate::board_layer::fills(input);
    crate::board_layer::cells(&mut s, input, layout, &fills);
    crate::board_layer::names(&mut s, input, layout);
    crate::top(&mut s, input, layout);
    overlay_with(&mut s, input, layout, house, c, &shared, true);
    s.finish()
}

/// The overlay alone, as a transparent document of the canvas's size.
pub fn overlay_svg(
    input: &MapInput<'_>,
    layout: &Layout,
    house: HouseId,
    c: Crop,
    shared: &Shared,
    reader: bool,
) -> String {
    let mut s = Svg::transparent(MAP_W, MAP_H).in_script(input.script);
    overlay_with(&mut s, input, layout, house, c, shared, reader);
    s.finish()
}
