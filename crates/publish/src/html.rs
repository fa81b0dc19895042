//! The HTML of a step's public report, shared by the step pages and the feed: escaped text in
//! plain elements, tables inside a box that scrolls on its own so a page never does.

use crate::report::Public;
use maester_board::Lang;
use maester_words::publish::{self as w, Label};
use maester_words::view::HouseView;

/// Text escaped for HTML (element content and quoted attributes).
pub fn esc(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    for c in t.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// An address safe to link to in any of the record's formats, or `None` when it is not an
/// http(s) address (a `javascript:` or `data:` one, or no address at all): every byte outside
/// the URL's own characters — blanks, quotes, brackets, parentheses, `<`, `>`, a backslash,
/// anything not ASCII — is percent-encoded, so that it can close neither a BBCode tag, a
/// Markdown link nor an HTML or XML attribute (which [`esc`] escapes again).
pub fn safe_url(u: &str) -> Option<String> {
    let u = u.trim();
    let lower = u.to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))?;
    if rest.is_empty() || rest.starts_with('/') {
        return None;
    }
    let mut out = String::with_capacity(u.len());
    for b in u.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~:/?#@$&*+,;=%".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    Some(out)
}

/// A table with a header row; cells are escaped here.
pub fn table(head: &[&str], rows: &[Vec<String>]) -> String {
    let mut s = String::from("<div class=\"table\"><table>\n<thead><tr>");
    for h in head {
        s.push_str(&format!("<th>{}</th>", esc(h)));
    }
    s.push_str("</tr></thead>\n<tbody>\n");
    for r in rows {
        s.push_str("<tr>");
        for (i, c) in r.iter().enumerate() {
            let tag = if i == 0 { "th" } else { "td" };
            s.push_str(&format!("<{tag}>{}</{tag}>", esc(c)));
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</tbody></table></div>\n");
    s
}

/// A section: a heading and a list of sentences.
fn list(title: &str, lines: &[String], numbered: bool) -> String {
    if lines.is_empty() {
        return String::new();
    }
    let tag = if numbered { "ol" } else { "ul" };
    let items: String = lines
        .iter()
        .map(|l| format!("<li>{}</li>\n", esc(l)))
        .collect();
    format!(
        "<section>\n<h2>{}</h2>\n<{tag}>\n{items}</{tag}>\n</section>\n",
        esc(title)
    )
}

/// The houses' standings: power in hand and on the map, supply, castles.
pub fn standings(houses: &[HouseView], lang: Lang) -> String {
    let head = [
        w::label(Label::House, lang),
        w::label(Label::Castles, lang),
        w::label(Label::Power, lang),
        w::label(Label::PowerOnMap, lang),
        w::label(Label::Supply, lang),
    ];
    let rows: Vec<Vec<String>> = houses
        .iter()
        .map(|h| {
            vec![
                h.name.clone(),
                h.castles.to_string(),
                h.power.to_string(),
                h.power_on_map.to_string(),
                h.barrels.to_string(),
            ]
        })
        .collect();
    table(&head, &rows)
}

/// The three tracks.
pub fn tracks(tracks: &[(String, String)], lang: Lang) -> String {
    let rows: Vec<Vec<String>> = tracks
        .iter()
        .map(|(t, h)| vec![t.clone(), h.clone()])
        .collect();
    table(
        &[
            w::label(Label::Tracks, lang),
            w::label(Label::Standings, lang),
        ],
        &rows,
    )
}

/// The body of a step's public report, below its title and map.
pub fn report(p: &Public, lang: Lang) -> String {
    let mut s = String::new();
    if let Some(c) = &p.correction {
        s.push_str(&format!("<p class=\"correction\">{}</p>\n", esc(c)));
    }
    if p.older {
        s.push_str(&format!(
            "<p class=\"note\">{}</p>\n",
            esc(w::older_record(lang))
        ));
    }
    if !p.revealed.is_empty() {
        let rows: Vec<Vec<String>> = p
            .revealed
            .iter()
            .map(|(h, o)| vec![h.clone(), o.clone()])
            .collect();
        s.push_str(&format!(
            "<section>\n<h2>{}</h2>\n{}</section>\n",
            esc(w::label(Label::Revealed, lang)),
            table(
                &[w::label(Label::House, lang), w::label(Label::Orders, lang)],
                &rows
            )
        ));
    }
    if !p.plans.is_empty() {
        s.push_str(&format!(
            "<section>\n<h2>{}</h2>\n",
            esc(w::label(Label::Plans, lang))
        ));
        for (h, lines) in &p.plans {
            let body: Vec<String> = lines.iter().map(|l| esc(l)).collect();
            s.push_str(&format!(
                "<p><b>{}</b><br>\n{}</p>\n",
                esc(h),
                body.join("<br>\n")
            ));
        }
        s.push_str("</section>\n");
    }
    s.push_str(&list(w::label(Label::Adjudication, lang), &p.events, true));
    s.push_str(&list(w::label(Label::Economy, lang), &p.economy, true));
    s.push_str(&list(
        w::label(Label::Provisional, lang),
        &p.provisional,
        true,
    ));
    s.push_str(&list(w::label(Label::Defaults, lang), &p.defaults, false));
    s.push_str(&list(w::label(Label::Receipts, lang), &p.receipts, false));
    s.push_str(&list(
        w::label(Label::ControlChanges, lang),
        &p.control_changes,
        false,
    ));
    s.push_str(&format!(
        "<section>\n<h2>{}</h2>\n{}",
        esc(w::label(Label::Tracks, lang)),
        tracks(&p.tracks, lang)
    ));
    s.push_str(&format!(
        "<h2>{}</h2>\n{}<p>{}</p>\n</section>\n",
        esc(w::label(Label::Standings, lang)),
        standings(&p.houses, lang),
        esc(&w::wildlings(p.wildlings, lang)),
    ));
    s.push_str(&format!("<p class=\"end\"><b>{}</b>", esc(&p.end)));
    if !p.asked.is_empty() {
        s.push_str(&format!("<br>\n{}", esc(&p.asked)));
    }
    s.push_str("</p>\n");
    s
}
