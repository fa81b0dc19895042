//! The step's movements as arrows: marches (solid), raids (dashed), retreats (dotted), each in
//! the colour of its house; an attack that lost stops half-way at a bar (repulsed); and every
//! battle as a box naming both sides (house colours), both totals, the leaders that fought,
//! the casualties and the outcome.

use crate::MapInput;
use crate::board_layer::{Rect, label_box};
use crate::chips::{Block, spot};
use crate::draw::{Anchor, Font, Svg, text_width};
use crate::layout::free_spot;
use crate::layout::{Layout, MAP_H, MAP_W, Pt};
use crate::palette::{self, INK, Rgb, WHITE};
use maester_board::{AreaId, Board, HouseId, Lang};
use maester_rules::log::{BattleReport, Defender, Event};
use maester_words::map_labels::map_labels;

/// A battle box's text size and line height.
const BOX_FONT: f64 = 11.0;
const BOX_LINE: f64 = 14.0;

#[derive(Clone, Copy, PartialEq)]
enum Style {
    March,
    Raid,
    Retreat,
    Repulsed,
}

/// Every arrow of the log (under the units); returns the segments drawn.
pub fn draw(
    svg: &mut Svg,
    input: &MapInput<'_>,
    layout: &Layout,
    blocks: &[Block],
) -> Vec<(Pt, Pt)> {
    let board = input.board;
    let mut segments = Vec::new();
    let at = |a: AreaId| spot(blocks, input, layout, a);
    for e in input.log {
        let (house, from, to, style) = match e {
            Event::Moved {
                house, from, to, ..
            } => (*house, *from, *to, Style::March),
            Event::Raided {
                house,
                from,
                target,
                ..
            } => (*house, *from, *target, Style::Raid),
            Event::Retreated {
                house, from, to, ..
            } => (*house, *from, *to, Style::Retreat),
            Event::Battle(r) => {
                let style = if r.attacker_won {
                    Style::March
                } else {
                    Style::Repulsed
                };
                (r.attacker, r.from, r.area, style)
            }
            _ => continue,
        };
        if let (Some(a), Some(b)) = (at(from), at(to)) {
            segments.extend(arrow(svg, a, b, palette::house(board, house), style));
        }
    }
    segments
}

/// The lines of a battle's box: the sides and totals, the leaders (when one fought), the
/// outcome with the casualties.
fn box_lines(board: &Board, lang: Lang, r: &BattleReport) -> (String, Option<String>, String) {
    let l = map_labels(lang);
    let defender = match r.defender {
        Defender::House(h) => board.house(h).name(lang).to_string(),
        Defender::Neutral => l.neutral.to_string(),
    };
    let sides = format!(
        "{} {} : {} {}",
        board.house(r.attacker).name(lang),
        r.attack_total,
        r.defence_total,
        defender
    );
    let leader = |x: Option<maester_board::LeaderId>| match x {
        Some(id) => {
            let ld = board.leader(id);
            match lang {
                Lang::Zh => ld.short_zh.clone(),
                Lang::En => ld.name_en.clone(),
            }
        }
        None => "—".to_string(),
    };
    let leaders = (r.attacker_leader.is_some() || r.defender_leader.is_some()).then(|| {
        format!(
            "{} / {}",
            leader(r.attacker_leader),
            leader(r.defender_leader)
        )
    });
    let mut outcome = if r.attacker_won {
        l.attacker_won.to_string()
    } else {
        l.defender_won.to_string()
    };
    if r.casualties > 0 {
        outcome = format!("{outcome} · {}", l.casualties(r.casualties));
    }
    (sides, leaders, outcome)
}

/// A battle box drawn: where, and the houses that fought (a house's picture keeps its own
/// battles' boxes whole).
#[derive(Clone, Copy, Debug)]
pub struct BattleBox {
    /// The box.
    pub rect: Rect,
    /// The attacker.
    pub attacker: HouseId,
    /// The defending house (none: a neutral garrison).
    pub defender: Option<HouseId>,
    /// Its battle: the index of its event in the log.
    pub battle: usize,
}

impl BattleBox {
    /// Whether the house fought in this battle.
    pub fn fought(&self, house: HouseId) -> bool {
        self.attacker == house || self.defender == Some(house)
    }
}

/// The battle boxes (over the units): each at the first point near the middle of its attack
/// that covers no area's name, no units and no other box, and inside the map. Returns the
/// boxes drawn.
pub fn battle_boxes(
    svg: &mut Svg,
    input: &MapInput<'_>,
    layout: &Layout,
    blocks: &[Block],
) -> Vec<BattleBox> {
    let mut drawn = Vec::new();
    let board = input.board;
    let mut taken: Vec<Rect> = board
        .area_ids()
        .filter_map(|a| label_box(input, layout, a))
        .chain(blocks.iter().map(Block::rect))
        .collect();
    let (size, line_h) = (BOX_FONT, BOX_LINE);
    for (i, e) in input.log.iter().enumerate() {
        let Event::Battle(r) = e else { continue };
        let (Some(a), Some(b)) = (
            spot(blocks, input, layout, r.from),
            spot(blocks, input, layout, r.area),
        ) else {
            continue;
        };
        let (sides, leaders, outcome) = box_lines(board, input.lang, r);
        let lines: Vec<&str> = [Some(sides.as_str()), leaders.as_deref(), Some(&outcome)]
            .into_iter()
            .flatten()
            .collect();
        let w = lines
            .iter()
            .map(|t| text_width(t, size))
            .fold(0.0, f64::max)
            + 34.0;
        let h = lines.len() as f64 * line_h + 8.0;
        let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        let c = free_spot(mid, (w + 4.0, h + 4.0), &taken);
        // Inside the map whatever the crowd (the search only prefers it).
        let c = (
            c.0.clamp(w / 2.0 + 2.0, (MAP_W - w / 2.0 - 2.0).max(w / 2.0 + 2.0)),
            c.1.clamp(h / 2.0 + 2.0, (MAP_H - h / 2.0 - 2.0).max(h / 2.0 + 2.0)),
        );
        let rect = (
            (c.0 - w / 2.0, c.1 - h / 2.0),
            (c.0 + w / 2.0, c.1 + h / 2.0),
        );
        taken.push(rect);
        let defender = defending_house(r);
        drawn.push(BattleBox {
            rect,
            attacker: r.attacker,
            defender,
            battle: i,
        });
        draw_box(svg, input, r, rect, false);
    }
    drawn
}

fn defending_house(r: &BattleReport) -> Option<HouseId> {
    match r.defender {
        Defender::House(h) => Some(h),
        Defender::Neutral => None,
    }
}

/// Draw the box of battle `b` (as [`battle_boxes`] placed it) at `rect` instead: a house's
/// picture redraws a box its edge would cut inside it, over the cut one.
pub fn redraw_box(svg: &mut Svg, input: &MapInput<'_>, b: &BattleBox, rect: Rect) {
    if let Some(Event::Battle(r)) = input.log.get(b.battle) {
        draw_box(svg, input, r, rect, true);
    }
}

/// One battle's box in `rect` (`moved`: redrawn inside a house's picture).
fn draw_box(svg: &mut Svg, input: &MapInput<'_>, r: &BattleReport, rect: Rect, moved: bool) {
    let board = input.board;
    let (size, line_h) = (BOX_FONT, BOX_LINE);
    let (sides, leaders, outcome) = box_lines(board, input.lang, r);
    let lines: Vec<&str> = [Some(sides.as_str()), leaders.as_deref(), Some(&outcome)]
        .into_iter()
        .flatten()
        .collect();
    let (w, h) = (rect.1.0 - rect.0.0, rect.1.1 - rect.0.1);
    let c = ((rect.0.0 + rect.1.0) / 2.0, (rect.0.1 + rect.1.1) / 2.0);
    let defender = defending_house(r);
    let winner = if r.attacker_won {
        Some(r.attacker)
    } else {
        defender
    };
    let colour = winner
        .map(|h| palette::house(board, h))
        .unwrap_or(palette::NEUTRAL);
    let area = &board.area(r.area).key;
    let outcome_key = if r.attacker_won {
        "attacker"
    } else {
        "defender"
    };
    let mut data = vec![
        ("battle", area.as_str()),
        ("attacker", board.house(r.attacker).key.as_str()),
        ("won", outcome_key),
    ];
    if moved {
        data.push(("moved", "inside"));
    }
    svg.group(&data);
    let (x, y) = (rect.0.0, rect.0.1);
    svg.rect(x, y, w, h, 5.0, WHITE, Some((colour, 2.5)), false);
    // Both sides' colours at the ends of the first line.
    let first = y + 4.0 + line_h / 2.0;
    swatch(svg, (x + 8.0, first), Some(r.attacker), board);
    swatch(svg, (x + w - 8.0, first), defender, board);
    crossed_swords(svg, (x + 8.0, y + h - 4.0 - line_h / 2.0));
    for (k, t) in lines.iter().enumerate() {
        let font = Font {
            size,
            fill: INK,
            bold: k == 0,
            halo: None,
        };
        svg.text(c.0, first + k as f64 * line_h, t, font, Anchor::Middle);
    }
    svg.end_group();
}

fn swatch(svg: &mut Svg, c: Pt, house: Option<HouseId>, board: &Board) {
    let fill = house
        .map(|h| palette::house(board, h))
        .unwrap_or(palette::NEUTRAL);
    svg.rect(
        c.0 - 5.0,
        c.1 - 5.0,
        10.0,
        10.0,
        2.0,
        fill,
        Some((INK, 1.0)),
        false,
    );
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

/// One arrow from `a` to `b` (none when the two are too close to draw one); returns the
/// segment it covers.
fn arrow(svg: &mut Svg, a: Pt, b: Pt, colour: Rgb, style: Style) -> Option<(Pt, Pt)> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 30.0 {
        return None;
    }
    let (ux, uy) = (dx / len, dy / len);
    let start = (a.0 + ux * 14.0, a.1 + uy * 14.0);
    let (width, dash) = match style {
        Style::March | Style::Repulsed => (3.5, None),
        Style::Raid => (3.0, Some("7 4")),
        Style::Retreat => (2.5, Some("1 4")),
    };
    // A contrasting edge under the coloured line keeps it visible on any ground.
    let edge = if colour.is_light() { INK } else { WHITE };
    if style == Style::Repulsed {
        // Half-way, then a bar across: the attack did not get in.
        let end = (a.0 + dx * 0.55, a.1 + dy * 0.55);
        let bar = (
            (end.0 - uy * 8.0, end.1 + ux * 8.0),
            (end.0 + uy * 8.0, end.1 - ux * 8.0),
        );
        svg.line(start, end, edge, width + 2.5, None);
        svg.line(bar.0, bar.1, edge, 6.5, None);
        svg.line(start, end, colour, width, None);
        svg.line(bar.0, bar.1, colour, 4.0, None);
        return Some((start, (end.0 + ux * 4.0, end.1 + uy * 4.0)));
    }
    let tip = (b.0 - ux * 13.0, b.1 - uy * 13.0);
    let base = (tip.0 - ux * 11.0, tip.1 - uy * 11.0);
    svg.line(start, base, edge, width + 2.5, dash);
    svg.line(start, base, colour, width, dash);
    let head = [
        tip,
        (base.0 - uy * 6.5, base.1 + ux * 6.5),
        (base.0 + uy * 6.5, base.1 - ux * 6.5),
    ];
    svg.polygon(&head, colour, Some((edge, 1.2)));
    Some((start, tip))
}
