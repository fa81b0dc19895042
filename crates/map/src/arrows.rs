//! The step's movements as arrows: marches (solid), raids (dashed), retreats (dotted), each in
//! the colour of its house, and every battle with its totals and who won.

use crate::MapInput;
use crate::board_layer::{Rect, anchor, label_box};
use crate::draw::{Anchor, Font, Svg, text_width};
use crate::layout::{Layout, Pt};
use crate::palette::{self, INK, Rgb, WHITE};
use maester_board::AreaId;
use maester_rules::log::{Defender, Event};
use maester_words::map_labels::map_labels;

#[derive(Clone, Copy, PartialEq)]
enum Style {
    March,
    Raid,
    Retreat,
}

/// Every arrow of the log, then the battle badges on top of them.
pub fn draw(svg: &mut Svg, input: &MapInput<'_>, layout: &Layout) {
    let board = input.board;
    let mut badges = Vec::new();
    for e in input.log {
        match e {
            Event::Moved {
                house, from, to, ..
            } => {
                let c = palette::house(board, *house);
                arrow(svg, input, layout, *from, *to, c, Style::March);
            }
            Event::Raided {
                house,
                from,
                target,
                ..
            } => {
                let c = palette::house(board, *house);
                arrow(svg, input, layout, *from, *target, c, Style::Raid);
            }
            Event::Retreated {
                house, from, to, ..
            } => {
                let c = palette::house(board, *house);
                arrow(svg, input, layout, *from, *to, c, Style::Retreat);
            }
            Event::Battle(r) => {
                let c = palette::house(board, r.attacker);
                if arrow(svg, input, layout, r.from, r.area, c, Style::March).is_some() {
                    badges.push(r);
                }
            }
            _ => {}
        }
    }
    let labels = map_labels(input.lang);
    let names: Vec<Rect> = board
        .area_ids()
        .filter_map(|a| label_box(input, layout, a))
        .collect();
    for r in badges {
        let winner = if r.attacker_won {
            Some(r.attacker)
        } else {
            match r.defender {
                Defender::House(h) => Some(h),
                Defender::Neutral => None,
            }
        };
        let colour = winner
            .map(|h| palette::house(board, h))
            .unwrap_or(palette::NEUTRAL);
        let verdict = if r.attacker_won {
            labels.attacker_won
        } else {
            labels.defender_won
        };
        let text = format!("{}:{} {verdict}", r.attack_total, r.defence_total);
        let size = 10.5;
        let w = text_width(&text, size) + 22.0;
        let Some(at) = badge_spot(input, layout, (r.from, r.area), w, &names) else {
            continue;
        };
        let (x, y) = (at.0 - w / 2.0, at.1 - 9.0);
        svg.rect(x, y, w, 18.0, 9.0, WHITE, Some((colour, 2.5)), false);
        crossed_swords(svg, (x + 9.0, at.1));
        let font = Font {
            size,
            fill: INK,
            bold: true,
            halo: None,
        };
        svg.text(x + 17.0, at.1, &text, font, Anchor::Start);
    }
}

/// Where a battle's badge of width `w` goes on the attack's arrow: the first point, from the
/// middle outwards and then beside the line, where it covers no area's name and neither end's
/// units; when every point covers something, the one that covers least.
fn badge_spot(
    input: &MapInput<'_>,
    layout: &Layout,
    (from, to): (AreaId, AreaId),
    w: f64,
    names: &[Rect],
) -> Option<Pt> {
    let a = anchor(input, layout, from)?;
    let b = anchor(input, layout, to)?;
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (nx, ny) = (-dy / len, dx / len);
    // The unit chips at both ends.
    let chip = |p: Pt| ((p.0 - 32.0, p.1 - 11.0), (p.0 + 32.0, p.1 + 11.0));
    let mut taken: Vec<Rect> = names.to_vec();
    taken.extend([chip(a), chip(b)]);
    let covered = |r: Rect| -> f64 {
        taken
            .iter()
            .map(|o| {
                let x = (r.1.0.min(o.1.0) - r.0.0.max(o.0.0)).max(0.0);
                let y = (r.1.1.min(o.1.1) - r.0.1.max(o.0.1)).max(0.0);
                x * y
            })
            .sum()
    };
    let mut best: Option<(f64, Pt)> = None;
    for off in [0.0, 15.0, -15.0, 26.0, -26.0, 38.0, -38.0] {
        for t in [0.5, 0.42, 0.58, 0.34, 0.66] {
            let p = (a.0 + dx * t + nx * off, a.1 + dy * t + ny * off);
            let c = covered(((p.0 - w / 2.0, p.1 - 9.0), (p.0 + w / 2.0, p.1 + 9.0)));
            if c == 0.0 {
                return Some(p);
            }
            if best.is_none_or(|(least, _)| c < least) {
                best = Some((c, p));
            }
        }
    }
    best.map(|(_, p)| p)
}

fn crossed_swords(svg: &mut Svg, c: Pt) {
    svg.line(
        (c.0 - 4.0, c.1 - 4.0),
        (c.0 + 4.0, c.1 + 4.0),
        INK,
        1.6,
        None,
    );
    svg.line(
        (c.0 + 4.0, c.1 - 4.0),
        (c.0 - 4.0, c.1 + 4.0),
        INK,
        1.6,
        None,
    );
}

/// One arrow; `None` when it is not drawn (its ends unplaced or too close).
fn arrow(
    svg: &mut Svg,
    input: &MapInput<'_>,
    layout: &Layout,
    from: AreaId,
    to: AreaId,
    colour: Rgb,
    style: Style,
) -> Option<()> {
    let a = anchor(input, layout, from)?;
    let b = anchor(input, layout, to)?;
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 30.0 {
        return None;
    }
    let (ux, uy) = (dx / len, dy / len);
    let start = (a.0 + ux * 14.0, a.1 + uy * 14.0);
    let tip = (b.0 - ux * 13.0, b.1 - uy * 13.0);
    let base = (tip.0 - ux * 11.0, tip.1 - uy * 11.0);
    let (width, dash) = match style {
        Style::March => (3.5, None),
        Style::Raid => (3.0, Some("7 4")),
        Style::Retreat => (2.5, Some("1 4")),
    };
    // A contrasting edge under the coloured line keeps it visible on any ground.
    let edge = if colour.is_light() { INK } else { WHITE };
    svg.line(start, base, edge, width + 2.5, dash);
    svg.line(start, base, colour, width, dash);
    let head = [
        tip,
        (base.0 - uy * 6.5, base.1 + ux * 6.5),
        (base.0 + uy * 6.5, base.1 - ux * 6.5),
    ];
    svg.polygon(&head, colour, Some((edge, 1.2)));
    Some(())
}
