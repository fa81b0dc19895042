//! The units on the board: for each area one block of chips — the units standing there (in
//! the house's colour, routed ones — beaten this step — marked), the forces beaten there and waiting to retreat
//! (dashed, marked as waiting: off the board until their player chooses, but still shown in
//! the area they were beaten in), the neutral garrison — placed at the area's units point or,
//! when that would cover a name or another block, at the nearest point that covers nothing.
//! Each chip is a group carrying its area, house and units, so the picture can be checked
//! against the state.

use crate::MapInput;
use crate::board_layer::{anchor, chip_text, label_box};
use crate::draw::{Anchor, Font, Svg, text_width};
use crate::layout::{Layout, Pt, Rect, at, free_spot};
use crate::palette::{self, INK, NEUTRAL, Rgb};
use maester_board::{AreaId, Lang, UnitKind};
use maester_rules::log::Event;
use maester_words::map_labels::map_labels;

/// Height of one chip.
pub const CHIP_H: f64 = 19.0;
/// Height of one chip with the gap under it.
const STEP: f64 = 21.0;
/// The chips' font size.
const SIZE: f64 = 12.0;

/// One chip of a block.
#[derive(Clone, Debug)]
pub struct Chip {
    /// Its text.
    pub text: String,
    /// Its fill.
    pub colour: Rgb,
    /// Dashed border (routed, waiting, neutral).
    pub dashed: bool,
    /// The group's data attributes.
    pub data: Vec<(&'static str, String)>,
}

/// An area's chips, placed.
#[derive(Clone, Debug)]
pub struct Block {
    /// The area.
    pub area: AreaId,
    /// Centre of the block.
    pub centre: Pt,
    /// Width and height.
    pub size: (f64, f64),
    /// The chips, top to bottom.
    pub chips: Vec<Chip>,
}

impl Block {
    /// The box the block takes.
    pub fn rect(&self) -> Rect {
        at(self.centre, self.size)
    }
}

/// The chips of one area, top to bottom.
fn area_chips(input: &MapInput<'_>, a: AreaId) -> Vec<Chip> {
    let (board, lang) = (input.board, input.lang);
    let labels = map_labels(lang);
    let area = board.area(a);
    let st = input.state.area(a);
    let mut chips = Vec::new();
    if let (Some(h), false) = (st.house, st.units.is_empty()) {
        let kinds: Vec<UnitKind> = st.units.iter().map(|u| u.kind).collect();
        // Routed: marked so in the state (mid-phase), or retreated here in this step (the
        // phase's end clears the mark, but they were beaten this round).
        let routed = st.units.iter().any(|u| u.routed)
            || input.log.iter().any(
                |e| matches!(e, Event::Retreated { house, to, .. } if *house == h && *to == a),
            );
        let mut text = chip_text(&kinds, lang);
        if routed {
            text = format!("{text} {}", labels.routed);
        }
        chips.push(Chip {
            data: vec![
                ("area", area.key.clone()),
                ("house", board.house(h).key.clone()),
                ("units", chip_text(&kinds, Lang::En)),
            ],
            text,
            colour: palette::house(board, h),
            dashed: routed,
        });
    } else if let Some(n) = st.neutral {
        let text = match lang {
            Lang::Zh => format!("{}{n}", labels.neutral),
            Lang::En => format!("{} {n}", labels.neutral),
        };
        chips.push(Chip {
            data: vec![("area", area.key.clone()), ("neutral", n.to_string())],
            text,
            colour: NEUTRAL,
            dashed: true,
        });
    }
    for p in input.state.pending_retreats.iter().filter(|p| p.from == a) {
        chips.push(Chip {
            text: format!("{} {}", labels.waiting_retreat, chip_text(&p.units, lang)),
            colour: palette::house(board, p.house),
            dashed: true,
            data: vec![
                ("area", area.key.clone()),
                ("house", board.house(p.house).key.clone()),
                ("units", chip_text(&p.units, Lang::En)),
                ("waiting", "retreat".into()),
            ],
        });
    }
    chips
}

/// Every area's block, placed so that none covers a name or another block where a free
/// point near its own units point exists.
pub fn blocks(input: &MapInput<'_>, layout: &Layout) -> Vec<Block> {
    let names: Vec<Rect> = input
        .board
        .area_ids()
        .filter_map(|a| label_box(input, layout, a))
        .collect();
    let mut placed: Vec<Block> = Vec::new();
    for a in input.board.area_ids() {
        let chips = area_chips(input, a);
        if chips.is_empty() {
            continue;
        }
        let Some(mut want) = anchor(input, layout, a) else {
            continue;
        };
        // Ships in a port sit beside the anchor, not on it.
        if input.board.area(a).is_port() {
            want.1 += 15.0;
        }
        let w = chips
            .iter()
            .map(|c| text_width(&c.text, SIZE) + 10.0)
            .fold(0.0, f64::max);
        let h = chips.len() as f64 * STEP - (STEP - CHIP_H);
        // The block's first chip stays where a single chip would be.
        let want = (want.0, want.1 + (h - CHIP_H) / 2.0);
        let taken: Vec<Rect> = names
            .iter()
            .copied()
            .chain(placed.iter().map(Block::rect))
            .collect();
        let centre = free_spot(want, (w + 2.0, h + 2.0), &taken);
        placed.push(Block {
            area: a,
            centre,
            size: (w, h),
            chips,
        });
    }
    placed
}

/// Where an area's units are drawn (its block's centre), or its anchor when it has none.
pub fn spot(blocks: &[Block], input: &MapInput<'_>, layout: &Layout, a: AreaId) -> Option<Pt> {
    blocks
        .iter()
        .find(|b| b.area == a)
        .map(|b| (b.centre.0, b.centre.1 - (b.size.1 - CHIP_H) / 2.0))
        .or_else(|| anchor(input, layout, a))
}

/// Draw the blocks.
pub fn draw(svg: &mut Svg, blocks: &[Block]) {
    for b in blocks {
        let mut y = b.centre.1 - b.size.1 / 2.0 + CHIP_H / 2.0;
        for c in &b.chips {
            let data: Vec<(&str, &str)> = c.data.iter().map(|(k, v)| (*k, v.as_str())).collect();
            svg.group(&data);
            chip(svg, (b.centre.0, y), &c.text, c.colour, c.dashed);
            svg.end_group();
            y += STEP;
        }
    }
}

fn chip(svg: &mut Svg, at: Pt, text: &str, colour: Rgb, dashed: bool) {
    let w = text_width(text, SIZE) + 10.0;
    svg.rect(
        at.0 - w / 2.0,
        at.1 - CHIP_H / 2.0,
        w,
        CHIP_H,
        4.0,
        colour,
        Some((INK, 1.3)),
        dashed,
    );
    let ink = if colour.is_light() {
        INK
    } else {
        palette::WHITE
    };
    let font = Font {
        size: SIZE,
        fill: ink,
        bold: true,
        halo: None,
    };
    svg.text(at.0, at.1, text, font, Anchor::Middle);
}
