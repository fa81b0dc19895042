//! The standings page's charts: one inline SVG line chart per measure (castles, power in hand,
//! supply), one series per house in its colour on the map, a legend naming the houses and the
//! figures as a table. No script, no external file: the chart scales to its box (its
//! `viewBox` is 440 units wide and every label 12 units, so ≥ 10 px on a 400-px screen) and
//! stops growing at 640 px on a desktop.

use crate::chronicle::{Measure, Point};
use crate::html::{esc, table};
use maester_board::{Board, HouseId, Lang};
use maester_map::palette;
use maester_words::chronicle::{self as w, Heading};

/// The chart's width in its own units.
pub const WIDTH: f64 = 440.0;
/// Its height.
pub const HEIGHT: f64 = 250.0;
/// The labels' size in the chart's units.
pub const LABEL: f64 = 12.0;
const LEFT: f64 = 34.0;
const RIGHT: f64 = 14.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 30.0;

/// A house's marker: its shape, so that lines of equal values stay apart by more than colour.
fn marker(i: usize, x: f64, y: f64, colour: &str) -> String {
    let r = 3.5;
    match i % 4 {
        0 => format!("<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r}\" fill=\"{colour}\"/>"),
        1 => format!(
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{}\" height=\"{}\" fill=\"{colour}\"/>",
            x - r,
            y - r,
            2.0 * r,
            2.0 * r
        ),
        2 => format!(
            "<path d=\"M{x:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}Z\" fill=\"{colour}\"/>",
            y - r - 1.0,
            x + r + 1.0,
            y + r,
            x - r - 1.0,
            y + r
        ),
        _ => format!(
            "<path d=\"M{x:.1} {:.1}L{:.1} {y:.1}L{x:.1} {:.1}L{:.1} {y:.1}Z\" fill=\"{colour}\"/>",
            y - r - 1.0,
            x + r + 1.0,
            y + r + 1.0,
            x - r - 1.0
        ),
    }
}

/// The step between the vertical axis' labels for values up to `max`.
fn tick(max: u8) -> u8 {
    match max {
        0..=8 => 1,
        9..=16 => 2,
        _ => 5,
    }
}

/// The label of a point on the horizontal axis.
fn round_label(round: u8, lang: Lang) -> String {
    if round == 0 {
        w::heading(Heading::Start, lang).to_string()
    } else {
        round.to_string()
    }
}

/// One chart: `measure` of every house at every point.
pub fn chart(board: &Board, points: &[Point], measure: Measure, lang: Lang) -> String {
    let houses: Vec<HouseId> = points
        .first()
        .map(|p| p.houses.iter().map(|(h, _)| *h).collect())
        .unwrap_or_default();
    let value = |p: &Point, h: HouseId| {
        p.houses
            .iter()
            .find(|(x, _)| *x == h)
            .map(|(_, f)| measure.of(f))
    };
    let max = points
        .iter()
        .flat_map(|p| p.houses.iter().map(|(_, f)| measure.of(f)))
        .max()
        .unwrap_or(0);
    let step = tick(max);
    let top = max.div_ceil(step).max(1) * step;
    let (x0, x1) = (LEFT, WIDTH - RIGHT);
    let (y0, y1) = (HEIGHT - BOTTOM, TOP);
    let n = points.len();
    let x = |i: usize| {
        if n <= 1 {
            (x0 + x1) / 2.0
        } else {
            x0 + (x1 - x0) * i as f64 / (n - 1) as f64
        }
    };
    let y = |v: u8| y0 - (y0 - y1) * f64::from(v) / f64::from(top);
    // Houses of equal values would hide each other: each series is drawn a little apart, less
    // than a value's step (the figures' table and `data-values` give the exact values).
    let unit = (y0 - y1) / f64::from(top);
    let count = houses.len().max(1) as f64;
    let gap = (unit / (count + 1.0)).min(3.0);
    let shift = |k: usize| (k as f64 - (count - 1.0) / 2.0) * gap;
    let stroke = gap.clamp(1.5, 2.5);
    let title = w::heading(measure.heading(), lang);
    let mut s = format!(
        "<svg class=\"chart\" id=\"chart-{key}\" data-measure=\"{key}\" \
         xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" \
         role=\"img\" aria-label=\"{alt}\" font-size=\"{LABEL}\" \
         font-family=\"system-ui, sans-serif\">\n<title>{alt}</title>\n\
         <rect x=\"0\" y=\"0\" width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"#fffdf8\"/>\n",
        key = measure.key(),
        alt = esc(&w::chart_alt(title, lang)),
    );
    // The grid and the vertical axis' labels.
    let mut v = 0u8;
    while v <= top {
        s.push_str(&format!(
            "<line x1=\"{x0}\" y1=\"{yy:.1}\" x2=\"{x1}\" y2=\"{yy:.1}\" stroke=\"#d8cfbf\" stroke-width=\"1\"/>\
             <text x=\"{tx}\" y=\"{ty:.1}\" text-anchor=\"end\" fill=\"#444\">{v}</text>\n",
            yy = y(v),
            tx = x0 - 6.0,
            ty = y(v) + LABEL / 3.0,
        ));
        v = v.saturating_add(step);
        if v == u8::MAX {
            break;
        }
    }
    // The horizontal axis: the start and the rounds.
    for (i, p) in points.iter().enumerate() {
        s.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#444\">{}</text>\n",
            x(i),
            HEIGHT - BOTTOM + LABEL + 6.0,
            esc(&round_label(p.round, lang))
        ));
    }
    for (k, h) in houses.iter().enumerate() {
        let colour = palette::house(board, *h).hex();
        let values: Vec<(usize, u8)> = points
            .iter()
            .enumerate()
            .filter_map(|(i, p)| value(p, *h).map(|v| (i, v)))
            .collect();
        let list: Vec<String> = values.iter().map(|(_, v)| v.to_string()).collect();
        let line: Vec<String> = values
            .iter()
            .map(|(i, v)| format!("{:.1},{:.1}", x(*i), y(*v) - shift(k)))
            .collect();
        s.push_str(&format!(
            "<g class=\"series\" data-house=\"{key}\" data-values=\"{vals}\">\
             <title>{name}</title>\
             <polyline points=\"{pts}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{stroke:.1}\" \
             stroke-linejoin=\"round\"/>",
            key = esc(&board.house(*h).key),
            vals = list.join(","),
            name = esc(board.house(*h).name(lang)),
            pts = line.join(" "),
        ));
        for (i, v) in &values {
            s.push_str(&marker(k, x(*i), y(*v) - shift(k), &colour));
        }
        s.push_str("</g>\n");
    }
    s.push_str("</svg>\n");
    s
}

/// The legend: each house's marker and line in its colour, and its name.
pub fn legend(board: &Board, points: &[Point], lang: Lang) -> String {
    let mut s = String::from("<ul class=\"legend\">\n");
    for (k, (h, _)) in points
        .first()
        .map(|p| &p.houses[..])
        .unwrap_or(&[])
        .iter()
        .enumerate()
    {
        let colour = palette::house(board, *h).hex();
        s.push_str(&format!(
            "<li><svg viewBox=\"0 0 28 12\" width=\"28\" height=\"12\" aria-hidden=\"true\">\
             <line x1=\"0\" y1=\"6\" x2=\"28\" y2=\"6\" stroke=\"{colour}\" stroke-width=\"2.5\"/>{}</svg> {}</li>\n",
            marker(k, 14.0, 6.0, &colour),
            esc(board.house(*h).name(lang))
        ));
    }
    s.push_str("</ul>\n");
    s
}

/// The figures of a chart as a table: a row per house, a column per point.
pub fn figures(board: &Board, points: &[Point], measure: Measure, lang: Lang) -> String {
    let head: Vec<String> = std::iter::once(w::heading(Heading::Round, lang).to_string())
        .chain(points.iter().map(|p| round_label(p.round, lang)))
        .collect();
    let head: Vec<&str> = head.iter().map(String::as_str).collect();
    let houses: Vec<HouseId> = points
        .first()
        .map(|p| p.houses.iter().map(|(h, _)| *h).collect())
        .unwrap_or_default();
    let rows: Vec<Vec<String>> = houses
        .iter()
        .map(|h| {
            std::iter::once(board.house(*h).name(lang).to_string())
                .chain(points.iter().map(|p| {
                    p.houses
                        .iter()
                        .find(|(x, _)| x == h)
                        .map(|(_, f)| measure.of(f).to_string())
                        .unwrap_or_default()
                }))
                .collect()
        })
        .collect();
    format!(
        "<details><summary>{}</summary>\n{}</details>\n",
        esc(w::figures_caption(lang)),
        table(&head, &rows)
    )
}

/// The body of the standings page: its title, what it shows, a chart, legend and figures per
/// measure, and the end-of-game summary once there is one.
pub fn body(
    board: &Board,
    points: &[Point],
    summary: &[(String, Vec<String>)],
    lang: Lang,
) -> String {
    let mut s = format!(
        "<h1>{}</h1>\n<p>{}</p>\n",
        esc(w::heading(Heading::StandingsPage, lang)),
        esc(w::standings_intro(lang))
    );
    s.push_str(&sections(summary, lang));
    if points.is_empty() {
        s.push_str(&format!("<p>{}</p>\n", esc(w::nothing_yet(lang))));
        return s;
    }
    for m in Measure::ALL {
        s.push_str(&format!(
            "<section>\n<h2>{}</h2>\n<figure class=\"chart\">\n{}{}</figure>\n{}</section>\n",
            esc(w::heading(m.heading(), lang)),
            chart(board, points, m, lang),
            legend(board, points, lang),
            figures(board, points, m, lang)
        ));
    }
    s
}

/// The end-of-game summary as HTML: its heading, then each section's heading and lines.
pub fn sections(summary: &[(String, Vec<String>)], lang: Lang) -> String {
    if summary.is_empty() {
        return String::new();
    }
    let mut s = format!(
        "<section class=\"summary\">\n<h2>{}</h2>\n",
        esc(w::heading(Heading::Summary, lang))
    );
    for (h, lines) in summary {
        s.push_str(&format!("<h3>{}</h3>\n<ul>\n", esc(h)));
        for l in lines {
            s.push_str(&format!("<li>{}</li>\n", esc(l)));
        }
        s.push_str("</ul>\n");
    }
    s.push_str("</section>\n");
    s
}
