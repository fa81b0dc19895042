//! The board itself: the areas in their holders' colours, the borders, names, castles,
//! fortifications, ports, power tokens, revealed orders and the units.

use crate::MapInput;
use crate::draw::{Anchor, Font, Svg, text_width};
use crate::layout::{Layout, Pt};
use crate::palette::{self, INK, Rgb, WHITE};
use maester_board::{AreaId, AreaKind, Castle, Lang, UnitKind};
use maester_rules::log::Event;
use maester_words::Spelling;
use maester_words::map_labels::unit_mark;

/// The fill of every area by index (what the cells are painted with).
pub fn fills(input: &MapInput<'_>) -> Vec<Rgb> {
    input
        .board
        .areas
        .iter()
        .map(|a| {
            palette::area_fill(
                input.board,
                a.kind,
                input.state.controller(input.board, a.id),
            )
        })
        .collect()
}

/// The cells and the borders between areas (coasts drawn stronger).
pub fn cells(svg: &mut Svg, input: &MapInput<'_>, layout: &Layout, fill: &[Rgb]) {
    area_fills(svg, input, layout, fill);
    borders(svg, input, layout);
}

/// The cells, each in its area's fill (what changes with the state).
pub fn area_fills(svg: &mut Svg, input: &MapInput<'_>, layout: &Layout, fill: &[Rgb]) {
    for a in &input.board.areas {
        let polys: Vec<&[Pt]> = layout
            .cells
            .iter()
            .filter(|c| c.area == a.id)
            .map(|c| c.corners.as_slice())
            .collect();
        if !polys.is_empty() {
            svg.polygons(&polys, fill[a.id.index()]);
        }
    }
}

/// The borders between areas, coasts drawn stronger (the board alone: never changes).
pub fn borders(svg: &mut Svg, input: &MapInput<'_>, layout: &Layout) {
    let board = input.board;
    for (i, c) in layout.cells.iter().enumerate() {
        for e in &c.edges {
            let Some(j) = e.across else { continue };
            let other = layout.cells[j].area;
            if j < i || other == c.area {
                continue;
            }
            let coast = board.area(c.area).is_sea() != board.area(other).is_sea();
            if coast {
                svg.line(e.a, e.b, Rgb(0x4a, 0x5a, 0x6a), 2.2, None);
            } else {
                svg.line(e.a, e.b, Rgb(0x6f, 0x66, 0x58), 0.9, None);
            }
        }
    }
}

/// A box on the picture: top-left and bottom-right corners.
pub use crate::layout::Rect;

/// The box an area's name takes, its castle mark included (`None`: a port, which has no name
/// drawn, or an area the layout does not place).
pub fn label_box(input: &MapInput<'_>, layout: &Layout, a: AreaId) -> Option<Rect> {
    let s = layout.spots(a)?;
    let area = input.board.area(a);
    if area.kind == AreaKind::Port {
        return None;
    }
    let (lines, size, width) = name_lines(area.name(input.lang), input.lang);
    let half_w = width / 2.0 + 12.0;
    let top = s.label.1 - (lines.len() as f64 - 1.0) * size * 0.55 - size * 0.7;
    let wave = if area.is_sea() { 4.0 } else { 0.0 };
    let bottom = top + lines.len() as f64 * size * 1.1 + size * 0.2 + wave;
    Some(((s.label.0 - half_w, top), (s.label.0 + half_w, bottom)))
}

/// Where an area's units are drawn: its measured units point (moved under the name when the
/// two would overlap), or, for a built temporary port, a point between its province and its sea.
pub fn anchor(input: &MapInput<'_>, layout: &Layout, a: AreaId) -> Option<Pt> {
    if let Some(s) = layout.spots(a) {
        let area = input.board.area(a);
        if area.is_port() {
            return Some(s.units);
        }
        let (lines, size, width) = name_lines(area.name(input.lang), input.lang);
        let half_w = width / 2.0 + 24.0;
        let half_h = lines.len() as f64 * size * 0.55 + 10.0;
        let (dx, dy) = (s.units.0 - s.label.0, s.units.1 - s.label.1);
        if dx.abs() < half_w && dy.abs() < half_h {
            let y = if dy >= 0.0 {
                s.label.1 + half_h + 1.0
            } else {
                s.label.1 - half_h - 1.0
            };
            return Some((s.units.0, y));
        }
        return Some(s.units);
    }
    let area = input.board.area(a);
    let province = layout.spots(area.port_of?)?.units;
    let sea = layout.spots(input.state.area(a).port_built?)?.units;
    Some((
        province.0 + (sea.0 - province.0) * 0.35,
        province.1 + (sea.1 - province.1) * 0.35,
    ))
}

/// Names and castles (the board alone: they never change).
pub fn names(svg: &mut Svg, input: &MapInput<'_>, layout: &Layout) {
    let (board, lang) = (input.board, input.lang);
    for a in board.areas.iter().filter(|a| a.kind != AreaKind::Port) {
        let Some(s) = layout.spots(a.id) else {
            continue;
        };
        let (lines, size, width) = name_lines(a.name(lang), lang);
        let top = name_text(svg, input, a.id, s.label);
        if a.is_sea() {
            // A wave under a sea's name: water, whatever colour its holder gives it.
            let y = top + (lines.len() as f64 - 1.0) * size * 1.1 + size * 0.75;
            wave(svg, (s.label.0 - width / 2.0, y), width);
        }
        let left = (s.label.0 - width / 2.0 - 8.0, s.label.1);
        match a.castle {
            Some(Castle::Stronghold) => {
                svg.rect(
                    left.0 - 5.5,
                    left.1 - 5.5,
                    11.0,
                    11.0,
                    1.0,
                    WHITE,
                    Some((INK, 1.2)),
                    false,
                );
                svg.rect(left.0 - 2.5, left.1 - 2.5, 5.0, 5.0, 0.5, INK, None, false);
            }
            Some(Castle::City) => svg.rect(
                left.0 - 4.5,
                left.1 - 4.5,
                9.0,
                9.0,
                1.0,
                WHITE,
                Some((INK, 1.2)),
                false,
            ),
            None => {}
        }
    }
}

/// An area's name, centred on `at`, with its halo; returns the centre of its first line.
fn name_text(svg: &mut Svg, input: &MapInput<'_>, a: AreaId, at: Pt) -> f64 {
    let area = input.board.area(a);
    let (lines, size, _) = name_lines(area.name(input.lang), input.lang);
    let colour = if area.is_sea() { SEA_INK } else { INK };
    let font = Font {
        size,
        fill: colour,
        bold: area.castle.is_some(),
        halo: Some(Rgb(0xfb, 0xf8, 0xf0)),
    };
    let top = at.1 - (lines.len() as f64 - 1.0) * size * 0.55;
    for (k, l) in lines.iter().enumerate() {
        svg.text(at.0, top + k as f64 * size * 1.1, l, font, Anchor::Middle);
    }
    top
}

/// The names an arrow of the step crosses, written again over the arrows (the names lie in
/// the board layer, under them), so that no arrow hides a name.
pub fn names_over(svg: &mut Svg, input: &MapInput<'_>, layout: &Layout, segments: &[(Pt, Pt)]) {
    for a in input.board.area_ids() {
        let (Some(r), Some(s)) = (label_box(input, layout, a), layout.spots(a)) else {
            continue;
        };
        if segments.iter().any(|(p, q)| crosses(*p, *q, r)) {
            name_text(svg, input, a, s.label);
        }
    }
}

/// Whether the segment from `p` to `q` passes through the box `r` (sampled every 2 px).
pub fn crosses(p: Pt, q: Pt, r: Rect) -> bool {
    let len = ((q.0 - p.0).powi(2) + (q.1 - p.1).powi(2)).sqrt();
    let n = (len / 2.0).ceil().max(1.0) as usize;
    (0..=n).any(|k| {
        let t = k as f64 / n as f64;
        let (x, y) = (p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t);
        x >= r.0.0 && x <= r.1.0 && y >= r.0.1 && y <= r.1.1
    })
}

/// A wavy line from `start`, `width` long.
fn wave(svg: &mut Svg, start: Pt, width: f64) {
    let n = (width / 8.0).round().max(2.0) as usize;
    let step = width / n as f64;
    let pts: Vec<Pt> = (0..=2 * n)
        .map(|k| {
            let dy = if k % 2 == 0 { 0.0 } else { -2.5 };
            (start.0 + k as f64 * step / 2.0, start.1 + dy)
        })
        .collect();
    svg.polyline(&pts, SEA_INK, 1.3);
}

/// The ink of seas' names and waves.
pub const SEA_INK: Rgb = Rgb(0x1d, 0x3d, 0x5c);

/// The fortifications, a tower in its builder's colour right of the area's name.
pub fn fortifications(svg: &mut Svg, input: &MapInput<'_>, layout: &Layout) {
    let (board, lang) = (input.board, input.lang);
    for a in board.areas.iter().filter(|a| a.kind != AreaKind::Port) {
        let Some(h) = input.state.area(a.id).fortification else {
            continue;
        };
        let Some(s) = layout.spots(a.id) else {
            continue;
        };
        let (_, _, width) = name_lines(a.name(lang), lang);
        let c = (s.label.0 + width / 2.0 + 9.0, s.label.1);
        let tower = [
            (c.0 - 5.0, c.1 + 5.0),
            (c.0 - 5.0, c.1 - 5.0),
            (c.0 - 2.0, c.1 - 5.0),
            (c.0 - 2.0, c.1 - 2.5),
            (c.0 + 2.0, c.1 - 2.5),
            (c.0 + 2.0, c.1 - 5.0),
            (c.0 + 5.0, c.1 - 5.0),
            (c.0 + 5.0, c.1 + 5.0),
        ];
        svg.polygon(&tower, palette::house(board, h), Some((INK, 1.0)));
    }
}

/// An area's name as drawn: its lines, the font size and the width of its widest line.
fn name_lines(name: &str, lang: Lang) -> (Vec<String>, f64, f64) {
    let size = label_size(lang);
    let lines = split_name(name, lang);
    let width = lines
        .iter()
        .map(|l| text_width(l, size))
        .fold(0.0, f64::max);
    (lines, size, width)
}

fn label_size(lang: Lang) -> f64 {
    if lang == Lang::Zh { 11.5 } else { 10.0 }
}

/// An English name longer than 14 characters on two lines, split at the space nearest the
/// middle; Chinese names on one line.
fn split_name(name: &str, lang: Lang) -> Vec<String> {
    if lang == Lang::Zh || name.chars().count() <= 14 {
        return vec![name.to_string()];
    }
    let mid = name.len() / 2;
    let cut = name
        .match_indices(' ')
        .map(|(i, _)| i)
        .min_by_key(|i| i.abs_diff(mid));
    match cut {
        Some(i) => vec![name[..i].to_string(), name[i + 1..].to_string()],
        None => vec![name.to_string()],
    }
}

/// Ports (an anchor ring, filled with the colour of the house whose ships lie there).
pub fn ports(svg: &mut Svg, input: &MapInput<'_>, layout: &Layout) {
    let board = input.board;
    for a in board.areas.iter().filter(|a| a.is_port()) {
        let st = input.state.area(a.id);
        if a.temporary && st.port_built.is_none() {
            continue;
        }
        let Some(spot) = layout
            .spots(a.id)
            .map(|s| s.token)
            .or_else(|| anchor(input, layout, a.id))
        else {
            continue;
        };
        let fill = st.house.map(|h| palette::house(board, h)).unwrap_or(WHITE);
        svg.circle(spot, 7.5, fill, Some((Rgb(0x1d, 0x3d, 0x5c), 1.6)));
        let ink = if fill.is_light() { INK } else { WHITE };
        svg.line(
            (spot.0, spot.1 - 4.5),
            (spot.0, spot.1 + 4.0),
            ink,
            1.3,
            None,
        );
        svg.line(
            (spot.0 - 3.0, spot.1 - 2.0),
            (spot.0 + 3.0, spot.1 - 2.0),
            ink,
            1.3,
            None,
        );
        svg.line(
            (spot.0 - 4.0, spot.1 + 1.5),
            (spot.0, spot.1 + 4.0),
            ink,
            1.3,
            None,
        );
        svg.line(
            (spot.0 + 4.0, spot.1 + 1.5),
            (spot.0, spot.1 + 4.0),
            ink,
            1.3,
            None,
        );
    }
}

/// Power tokens and revealed orders.
pub fn tokens_and_orders(
    svg: &mut Svg,
    input: &MapInput<'_>,
    layout: &Layout,
    taken: &mut Vec<Rect>,
) {
    let board = input.board;
    for a in &board.areas {
        let Some(s) = layout.spots(a.id) else {
            continue;
        };
        let st = input.state.area(a.id);
        if let Some(h) = st.token {
            let c = palette::house(board, h);
            svg.circle(s.token, 7.5, c, Some((INK, 1.4)));
            svg.circle(s.token, 3.0, if c.is_light() { INK } else { WHITE }, None);
        }
        if let (Some(o), Some(h)) = (st.order, st.house) {
            let text = match input.lang {
                Lang::Zh => o.name_zh(),
                Lang::En => o.name_en(),
            };
            let size = 10.0;
            let w = text_width(&text, size) + 10.0;
            // At its order point, or the nearest point that covers no name and no units.
            let at = crate::layout::free_spot(s.order, (w + 2.0, 18.0), taken);
            let (x, y) = (at.0 - w / 2.0, at.1 - 8.0);
            taken.push(((x, y), (x + w, y + 16.0)));
            svg.group(&[("order", &a.key)]);
            svg.rect(
                x,
                y,
                w,
                16.0,
                8.0,
                INK,
                Some((palette::house(board, h), 2.0)),
                false,
            );
            svg.text(at.0, at.1, &text, Font::plain(size, WHITE), Anchor::Middle);
            svg.end_group();
        }
    }
}

/// The orders the step did not carry out (skipped, or removed by a raid), struck through in
/// red at their area's order point: a dashed token in the house's colour.
pub fn not_done(svg: &mut Svg, input: &MapInput<'_>, layout: &Layout, taken: &mut Vec<Rect>) {
    let board = input.board;
    for e in input.log {
        let (house, area, order) = match e {
            Event::Skipped {
                house, from, order, ..
            } => (*house, *from, *order),
            Event::Raided {
                victim,
                target,
                order,
                ..
            } => (*victim, *target, *order),
            _ => continue,
        };
        let Some(s) = layout.spots(area) else {
            continue;
        };
        let text = match input.lang {
            Lang::Zh => order.name_zh(),
            Lang::En => order.name_en(),
        };
        let size = 10.0;
        let w = text_width(&text, size) + 10.0;
        let at = crate::layout::free_spot(s.order, (w + 2.0, 18.0), taken);
        let (x, y) = (at.0 - w / 2.0, at.1 - 8.0);
        taken.push(((x, y), (x + w, y + 16.0)));
        svg.group(&[("not-done", &board.area(area).key)]);
        svg.rect(
            x,
            y,
            w,
            16.0,
            8.0,
            Rgb(0xf4, 0xf0, 0xe8),
            Some((palette::house(board, house), 2.0)),
            true,
        );
        svg.text(
            at.0,
            at.1,
            &text,
            Font::plain(size, Rgb(0x6f, 0x66, 0x58)),
            Anchor::Middle,
        );
        svg.line(
            (x + 2.0, at.1 + 6.0),
            (x + w - 2.0, at.1 - 6.0),
            NOT_DONE,
            2.2,
            None,
        );
        svg.end_group();
    }
}

/// The red of an order not carried out.
pub const NOT_DONE: Rgb = Rgb(0xc0, 0x1c, 0x1c);

/// The text of a unit chip: `骑1 步2` / `1K 2F`.
pub fn chip_text(kinds: &[UnitKind], lang: Lang) -> String {
    let mut parts = Vec::new();
    for k in UnitKind::ALL {
        let n = kinds.iter().filter(|x| **x == k).count();
        if n > 0 {
            parts.push(match lang {
                Lang::Zh => format!("{}{n}", unit_mark(k, lang)),
                Lang::En => format!("{n}{}", unit_mark(k, lang)),
            });
        }
    }
    parts.join(" ")
}
