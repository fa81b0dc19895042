//! The panel under the map: round, step and next deadline, the three tracks, each house's
//! power tokens, barrels, castles, units and leaders, the wildlings, and a legend.

use crate::MapInput;
use crate::board_layer::chip_text;
use crate::draw::{Anchor, Font, Svg, text_width};
use crate::layout::{MAP_H, MAP_W};
use crate::palette::{self, INK, PANEL, Rgb, WHITE};
use maester_board::{Lang, UnitKind};
use maester_rules::{LeaderStatus, Track};
use maester_words::map_labels::{map_labels, unit_mark};
use maester_words::{Named, Spelling};

const TITLE_H: f64 = 40.0;
const TRACK_H: f64 = 26.0;
const ROW_H: f64 = 24.0;
const LEGEND_H: f64 = 24.0;

/// Height of the panel for a number of houses.
pub fn height(houses: usize) -> f64 {
    TITLE_H
        + 3.0 * TRACK_H
        + 8.0
        + ROW_H * (houses as f64 + 1.0)
        + 8.0
        + 30.0
        + 3.0 * LEGEND_H
        + 12.0
}

/// Draw the panel below the map.
pub fn draw(svg: &mut Svg, input: &MapInput<'_>) {
    let (board, state, lang) = (input.board, input.state, input.lang);
    let labels = map_labels(lang);
    let top = MAP_H;
    svg.rect(
        0.0,
        top,
        MAP_W,
        height(board.houses.len()),
        0.0,
        PANEL,
        None,
        false,
    );
    svg.line((0.0, top + 1.0), (MAP_W, top + 1.0), INK, 2.0, None);
    let step = match lang {
        Lang::Zh => state.step.name_zh(),
        Lang::En => state.step.name_en(),
    };
    // The step this picture reports (the one just closed), else the step now open.
    let mut title = if input.reported.is_empty() {
        format!("{} · {step}", labels.round(state.round))
    } else {
        format!(
            "{} · {}",
            labels.round(input.round()),
            labels.results(input.reported)
        )
    };
    if let Some(w) = state.winner {
        title = format!("{title} · {}: {}", labels.winner, board.house(w).name(lang));
    }
    let bold = |size: f64| Font {
        size,
        fill: INK,
        bold: true,
        halo: None,
    };
    svg.text(12.0, top + 20.0, &title, bold(17.0), Anchor::Start);
    if !input.deadline.is_empty() {
        let d = format!("{} ({step}): {}", labels.deadline, input.deadline);
        svg.text(
            MAP_W - 12.0,
            top + 20.0,
            &d,
            Font::plain(12.0, INK),
            Anchor::End,
        );
    }
    let mut y = top + TITLE_H;
    for t in [Track::IronThrone, Track::Fiefdoms, Track::KingsCourt] {
        svg.text(
            12.0,
            y + TRACK_H / 2.0,
            t.name(lang),
            bold(12.0),
            Anchor::Start,
        );
        let order = &state.tracks[t as usize];
        let n = board.houses.len().max(1) as f64;
        let cw = (MAP_W - 110.0 - 12.0) / n;
        for (k, h) in order.iter().enumerate() {
            let x = 110.0 + k as f64 * cw;
            let c = palette::house(board, *h);
            svg.rect(
                x + 1.0,
                y + 3.0,
                cw - 4.0,
                TRACK_H - 6.0,
                4.0,
                c,
                Some((INK, 1.0)),
                false,
            );
            let ink = if c.is_light() { INK } else { WHITE };
            let text = format!("{} {}", k + 1, board.house(*h).name(lang));
            svg.text(
                x + cw / 2.0 - 1.0,
                y + TRACK_H / 2.0,
                &text,
                Font::plain(11.5, ink),
                Anchor::Middle,
            );
        }
        y += TRACK_H;
    }
    y = houses(svg, input, y + 8.0);
    wildlings(svg, input, y + 8.0);
    legend(svg, lang, y + 38.0);
}

/// The table of houses; returns the y below it.
fn houses(svg: &mut Svg, input: &MapInput<'_>, top: f64) -> f64 {
    let (board, state, lang) = (input.board, input.state, input.lang);
    let labels = map_labels(lang);
    let cols = [12.0, 120.0, 215.0, 270.0, 330.0, 560.0];
    let head = Font::plain(10.5, Rgb(0x5a, 0x52, 0x46));
    let power_head = format!("{} ({})", labels.power, labels.on_map);
    let heads = [
        labels.house,
        power_head.as_str(),
        labels.barrels,
        labels.castles,
        labels.units,
        labels.leaders,
    ];
    for (x, h) in cols.iter().zip(heads) {
        svg.text(*x, top + ROW_H / 2.0, h, head, Anchor::Start);
    }
    let mut y = top + ROW_H;
    for (i, h) in board.houses.iter().enumerate() {
        if i % 2 == 0 {
            svg.rect(
                6.0,
                y,
                MAP_W - 12.0,
                ROW_H,
                3.0,
                Rgb(0xec, 0xe5, 0xd6),
                None,
                false,
            );
        }
        let hs = state.house(h.id);
        let mid = y + ROW_H / 2.0;
        svg.rect(
            cols[0],
            mid - 7.0,
            14.0,
            14.0,
            3.0,
            palette::house(board, h.id),
            Some((INK, 1.0)),
            false,
        );
        let font = Font::plain(12.0, INK);
        svg.text(
            cols[0] + 20.0,
            mid,
            h.name(lang),
            Font { bold: true, ..font },
            Anchor::Start,
        );
        let on_map = state.areas.iter().filter(|a| a.token == Some(h.id)).count();
        svg.text(
            cols[1],
            mid,
            &format!("{} ({on_map})", hs.power),
            font,
            Anchor::Start,
        );
        svg.text(cols[2], mid, &hs.barrels.to_string(), font, Anchor::Start);
        svg.text(
            cols[3],
            mid,
            &state.castles(board, h.id).to_string(),
            font,
            Anchor::Start,
        );
        // Every unit of the house, those waiting to retreat included (they are drawn too).
        let waiting: Vec<UnitKind> = state
            .pending_retreats
            .iter()
            .filter(|p| p.house == h.id)
            .flat_map(|p| p.units.iter().copied())
            .collect();
        let kinds: Vec<UnitKind> = UnitKind::ALL
            .into_iter()
            .flat_map(|k| {
                let n = state.unit_count(h.id, k) + waiting.iter().filter(|w| **w == k).count();
                std::iter::repeat_n(k, n)
            })
            .collect();
        svg.text(cols[4], mid, &chip_text(&kinds, lang), font, Anchor::Start);
        let resting = hs
            .leaders
            .iter()
            .filter(|(_, s)| matches!(s, LeaderStatus::Resting { .. }))
            .count();
        let ready = hs.leaders.len() - resting;
        svg.text(
            cols[5],
            mid,
            &format!("{ready} / {resting}"),
            font,
            Anchor::Start,
        );
        y += ROW_H;
    }
    y
}

fn wildlings(svg: &mut Svg, input: &MapInput<'_>, top: f64) {
    let labels = map_labels(input.lang);
    let max = input.board.rules.wildlings_max.max(1) as f64;
    let w = input.state.wildlings as f64;
    let font = Font {
        size: 12.0,
        fill: INK,
        bold: true,
        halo: None,
    };
    svg.text(12.0, top + 10.0, labels.wildlings, font, Anchor::Start);
    let (x, bw) = (110.0, MAP_W - 110.0 - 60.0);
    svg.rect(x, top + 3.0, bw, 14.0, 7.0, WHITE, Some((INK, 1.0)), false);
    if w > 0.0 {
        let fw = (bw * (w / max)).clamp(14.0, bw);
        svg.rect(
            x,
            top + 3.0,
            fw,
            14.0,
            7.0,
            Rgb(0x5b, 0x7f, 0xa6),
            None,
            false,
        );
    }
    let text = format!(
        "{} / {}",
        input.state.wildlings, input.board.rules.wildlings_max
    );
    svg.text(
        MAP_W - 12.0,
        top + 10.0,
        &text,
        Font::plain(12.0, INK),
        Anchor::End,
    );
}

/// The legend, three rows: the arrows and boxes; the marks on the board; the units.
fn legend(svg: &mut Svg, lang: Lang, top: f64) {
    let l = map_labels(lang);
    let size = 10.5;
    let font = Font::plain(size, INK);
    let mut y = top + 10.0;
    let mut x = 12.0;
    let grey = Rgb(0x6f, 0x66, 0x58);
    for (text, dash) in [
        (l.legend_march, None),
        (l.legend_raid, Some("7 4")),
        (l.legend_retreat, Some("1 4")),
    ] {
        svg.line((x, y), (x + 26.0, y), grey, 3.0, dash);
        svg.polygon(
            &[(x + 32.0, y), (x + 24.0, y - 5.0), (x + 24.0, y + 5.0)],
            grey,
            None,
        );
        svg.text(x + 36.0, y, text, font, Anchor::Start);
        x += 44.0 + text_width(text, size);
    }
    svg.line((x, y), (x + 18.0, y), grey, 3.0, None);
    svg.line((x + 18.0, y - 7.0), (x + 18.0, y + 7.0), grey, 4.0, None);
    svg.text(x + 25.0, y, l.legend_repulsed, font, Anchor::Start);
    x += 33.0 + text_width(l.legend_repulsed, size);
    svg.rect(x, y - 7.0, 14.0, 14.0, 3.0, WHITE, Some((grey, 2.0)), false);
    svg.line((x + 3.5, y - 3.5), (x + 10.5, y + 3.5), INK, 1.4, None);
    svg.line((x + 10.5, y - 3.5), (x + 3.5, y + 3.5), INK, 1.4, None);
    svg.text(x + 18.0, y, l.legend_battle, font, Anchor::Start);
    y += LEGEND_H;
    x = 12.0;
    svg.circle((x + 7.0, y), 6.5, grey, Some((INK, 1.2)));
    svg.circle((x + 7.0, y), 2.5, WHITE, None);
    svg.text(x + 17.0, y, l.legend_token, font, Anchor::Start);
    x += 25.0 + text_width(l.legend_token, size);
    svg.rect(x, y - 5.5, 11.0, 11.0, 1.0, WHITE, Some((INK, 1.2)), false);
    svg.rect(x + 3.0, y - 2.5, 5.0, 5.0, 0.5, INK, None, false);
    svg.text(x + 15.0, y, l.legend_stronghold, font, Anchor::Start);
    x += 23.0 + text_width(l.legend_stronghold, size);
    svg.rect(x, y - 4.5, 9.0, 9.0, 1.0, WHITE, Some((INK, 1.2)), false);
    svg.text(x + 13.0, y, l.legend_city, font, Anchor::Start);
    x += 21.0 + text_width(l.legend_city, size);
    svg.rect(x, y - 5.0, 10.0, 10.0, 1.0, grey, Some((INK, 1.0)), false);
    svg.text(x + 14.0, y, l.legend_fortification, font, Anchor::Start);
    x += 22.0 + text_width(l.legend_fortification, size);
    let w = text_width(l.legend_not_done, size) * 0.0 + 26.0;
    svg.rect(
        x,
        y - 7.0,
        w,
        14.0,
        7.0,
        Rgb(0xf4, 0xf0, 0xe8),
        Some((grey, 1.5)),
        true,
    );
    svg.line(
        (x + 2.0, y + 5.0),
        (x + w - 2.0, y - 5.0),
        crate::board_layer::NOT_DONE,
        2.0,
        None,
    );
    svg.text(x + w + 4.0, y, l.legend_not_done, font, Anchor::Start);
    y += LEGEND_H;
    // The unit marks, routed units, forces waiting to retreat, neutral garrisons.
    let mut marks: Vec<String> = UnitKind::ALL
        .iter()
        .map(|k| match lang {
            Lang::Zh => format!("{}={}", unit_mark(*k, lang), k.name_zh()),
            Lang::En => format!("{} {}", unit_mark(*k, lang), k.name_en()),
        })
        .collect();
    marks.push(l.legend_routed.to_string());
    let text = marks.join("  ");
    svg.text(12.0, y, &text, font, Anchor::Start);
}
