//! A step's public report as a ready-to-paste forum post: BBCode in the subset the common
//! Chinese forum software reads (PHPWind, Discuz!, phpBB: `[b] [color] [size] [img] [url]
//! [quote] [table][tr][td]`), or Markdown. One post stays under [`LIMIT`] characters; a longer
//! report is split between sections (a long section between its lines) into numbered parts.

use crate::report::Public;
use maester_board::Lang;
use maester_words::hant::Script;
use maester_words::publish::{self as w, Label};

/// The longest post, in characters (the common forums' limit is 10,000).
pub const LIMIT: usize = 10_000;

/// The markup of a post.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// BBCode.
    Bbcode,
    /// Markdown.
    Markdown,
}

/// Where the post's map picture is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picture {
    /// At this address (the site's `base_url` and the picture's file name).
    Url(String),
    /// In this file, to be attached to the post by hand.
    File(String),
    /// No picture.
    None,
}

/// A block of the post: a head, items and a tail; a block too long for one post is split
/// between its items, each piece with the head and the tail again.
struct Block {
    head: String,
    items: Vec<String>,
    tail: String,
}

impl Block {
    fn text(head: String) -> Block {
        Block {
            head,
            items: Vec::new(),
            tail: String::new(),
        }
    }

    fn len(&self, items: &[String]) -> usize {
        self.head.chars().count()
            + self.tail.chars().count()
            + items.iter().map(|i| i.chars().count() + 1).sum::<usize>()
    }

    fn render(&self, items: &[String]) -> String {
        format!("{}{}{}", self.head, items.join("\n"), self.tail)
    }
}

/// The post of a step's public report, in parts of at most [`LIMIT`] characters each (one part
/// when it fits), in the reader's script.
pub fn post(
    p: &Public,
    picture: &Picture,
    format: Format,
    lang: Lang,
    script: Script,
) -> Vec<String> {
    let m = Markup(format);
    let mut blocks = vec![Block::text(m.title(&p.title))];
    match picture {
        Picture::Url(u) => blocks.push(Block::text(match crate::html::safe_url(u) {
            Some(u) => m.image(&u, w::label(Label::Map, lang)),
            // Not an http(s) address: named as text, never linked.
            None => m.bold(u),
        })),
        Picture::File(f) => blocks.push(Block::text(m.bold(&w::attach_picture(f, lang)))),
        Picture::None => {}
    }
    if let Some(c) = &p.correction {
        blocks.push(Block::text(m.bold(c)));
    }
    if p.older {
        blocks.push(Block::text(m.plain(w::older_record(lang))));
    }
    if !p.revealed.is_empty() {
        let rows = p.revealed.iter().map(|(h, o)| vec![m.bold(h), m.plain(o)]);
        let head = columns(&[Label::House, Label::Orders], lang);
        blocks.push(m.table(w::label(Label::Revealed, lang), Some(head), rows.collect()));
    }
    if !p.plans.is_empty() {
        let rows = p
            .plans
            .iter()
            .map(|(h, l)| vec![m.bold(h), m.cell_lines(l)]);
        let head = columns(&[Label::House, Label::Plan], lang);
        blocks.push(m.table(w::label(Label::Plans, lang), Some(head), rows.collect()));
    }
    for (label, lines, numbered) in [
        (Label::Adjudication, &p.events, true),
        (Label::Economy, &p.economy, true),
        (Label::Provisional, &p.provisional, true),
        (Label::Defaults, &p.defaults, false),
        (Label::Receipts, &p.receipts, false),
        (Label::ControlChanges, &p.control_changes, false),
    ] {
        if !lines.is_empty() {
            blocks.push(m.list(w::label(label, lang), lines, numbered));
        }
    }
    let tracks = p.tracks.iter().map(|(t, h)| vec![m.bold(t), m.plain(h)]);
    let head = columns(&[Label::Tracks, Label::Standings], lang);
    blocks.push(m.table(w::label(Label::Tracks, lang), Some(head), tracks.collect()));
    let head: Vec<String> = [
        Label::House,
        Label::Power,
        Label::PowerOnMap,
        Label::Supply,
        Label::Castles,
    ]
    .iter()
    .map(|l| w::label(*l, lang).to_string())
    .collect();
    let rows = p.houses.iter().map(|h| {
        vec![
            m.bold(&h.name),
            h.power.to_string(),
            h.power_on_map.to_string(),
            h.barrels.to_string(),
            h.castles.to_string(),
        ]
    });
    blocks.push(m.table(w::label(Label::Standings, lang), Some(head), rows.collect()));
    blocks.push(Block::text(m.plain(&w::wildlings(p.wildlings, lang))));
    if !p.seats.is_empty() {
        let head = maester_words::seats::wanted_heading(lang);
        blocks.push(m.list(head, &p.seats, false));
    }
    let mut end = m.bold(&p.end);
    if !p.asked.is_empty() {
        // House names come from the GM's board file: escaped as every other text.
        end = format!("{end}\n{}", m.plain(&p.asked));
    }
    blocks.push(Block::text(end));
    if !p.summary.is_empty() {
        let summary = maester_words::chronicle::Heading::Summary;
        blocks.push(Block::text(
            m.title(maester_words::chronicle::heading(summary, lang)),
        ));
        for (heading, lines) in &p.summary {
            blocks.push(m.list(heading, lines, false));
        }
    }
    blocks.push(Block::text(m.plain(w::footer(lang))));
    let parts = split(&blocks, &p.title, &m, lang);
    parts.into_iter().map(|s| script.write(&s)).collect()
}

/// A table's column heads.
fn columns(labels: &[Label], lang: Lang) -> Vec<String> {
    labels
        .iter()
        .map(|l| w::label(*l, lang).to_string())
        .collect()
}

/// The blocks joined into posts of at most [`LIMIT`] characters, numbered when several.
fn split(blocks: &[Block], title: &str, m: &Markup, lang: Lang) -> Vec<String> {
    // Room for the part's heading ("title (part 12 of 12)") and the blank lines between blocks.
    let heading = m.title(&w::part(title, 99, 99, lang)).chars().count() + 4;
    let room = LIMIT - heading;
    let mut pieces: Vec<String> = Vec::new();
    for b in blocks {
        if b.len(&b.items) <= room {
            pieces.push(b.render(&b.items));
            continue;
        }
        let mut chunk: Vec<String> = Vec::new();
        for item in &b.items {
            for bit in hard_split(item, room.saturating_sub(b.len(&[])).max(1)) {
                let mut with = chunk.clone();
                with.push(bit.clone());
                if b.len(&with) > room && !chunk.is_empty() {
                    pieces.push(b.render(&chunk));
                    chunk = vec![bit];
                } else {
                    chunk = with;
                }
            }
        }
        if !chunk.is_empty() {
            pieces.push(b.render(&chunk));
        }
    }
    let mut parts: Vec<String> = Vec::new();
    let mut cur = String::new();
    for piece in pieces {
        let len = cur.chars().count() + piece.chars().count() + 2;
        if !cur.is_empty() && len > room {
            parts.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push_str("\n\n");
        }
        cur.push_str(&piece);
    }
    if !cur.is_empty() {
        parts.push(cur);
    }
    let n = parts.len();
    if n <= 1 {
        return parts;
    }
    parts
        .into_iter()
        .enumerate()
        .map(|(i, body)| {
            if i == 0 {
                // The first part opens with the title: number it instead.
                let first = m.title(title);
                let rest = body.strip_prefix(&first).unwrap_or(&body);
                format!("{}{}", m.title(&w::part(title, 1, n, lang)), rest)
            } else {
                format!("{}\n\n{body}", m.title(&w::part(title, i + 1, n, lang)))
            }
        })
        .collect()
}

/// `s` cut into pieces of at most `max` characters (an item longer than a post).
fn hard_split(s: &str, max: usize) -> Vec<String> {
    let chars: Vec<char> = s.chars().collect();
    if chars.len() <= max {
        return vec![s.to_string()];
    }
    chars.chunks(max).map(|c| c.iter().collect()).collect()
}

/// The markup of one format.
struct Markup(Format);

impl Markup {
    fn title(&self, t: &str) -> String {
        match self.0 {
            Format::Bbcode => format!("[size=5][b]{}[/b][/size]", bb(t)),
            Format::Markdown => format!("# {}", md(t)),
        }
    }

    fn heading(&self, t: &str) -> String {
        match self.0 {
            Format::Bbcode => format!("[size=4][b][color=#8b1a1a]{}[/color][/b][/size]", bb(t)),
            Format::Markdown => format!("## {}", md(t)),
        }
    }

    fn plain(&self, t: &str) -> String {
        match self.0 {
            Format::Bbcode => bb(t),
            Format::Markdown => md(t),
        }
    }

    fn bold(&self, t: &str) -> String {
        match self.0 {
            Format::Bbcode => format!("[b]{}[/b]", bb(t)),
            Format::Markdown => format!("**{}**", md(t)),
        }
    }

    /// The picture at `url`, an address [`crate::html::safe_url`] made safe.
    fn image(&self, url: &str, alt: &str) -> String {
        match self.0 {
            Format::Bbcode => format!("[url={url}][img]{url}[/img][/url]"),
            Format::Markdown => format!("![{}]({url})", md(alt)),
        }
    }

    /// Several lines in one table cell.
    fn cell_lines(&self, lines: &[String]) -> String {
        match self.0 {
            Format::Bbcode => lines.iter().map(|l| bb(l)).collect::<Vec<_>>().join("\n"),
            Format::Markdown => lines.iter().map(|l| md(l)).collect::<Vec<_>>().join("<br>"),
        }
    }

    fn list(&self, title: &str, lines: &[String], numbered: bool) -> Block {
        let items = lines
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let text = match self.0 {
                    Format::Bbcode => bb(l),
                    Format::Markdown => md(l),
                };
                match (numbered, self.0) {
                    (true, _) => format!("{}. {text}", i + 1),
                    (false, Format::Bbcode) => format!("• {text}"),
                    (false, Format::Markdown) => format!("- {text}"),
                }
            })
            .collect();
        Block {
            head: format!("{}\n", self.heading(title)),
            items,
            tail: String::new(),
        }
    }

    /// A table under a heading; cells are already marked up (plain cells are escaped here).
    fn table(&self, title: &str, head: Option<Vec<String>>, rows: Vec<Vec<String>>) -> Block {
        match self.0 {
            Format::Bbcode => {
                let row = |cells: &[String]| {
                    let tds: String = cells.iter().map(|c| format!("[td]{c}[/td]")).collect();
                    format!("[tr]{tds}[/tr]")
                };
                let mut top = format!("{}\n[table]", self.heading(title));
                if let Some(h) = &head {
                    let bold: Vec<String> = h.iter().map(|c| self.bold(c)).collect();
                    top.push_str(&row(&bold));
                }
                Block {
                    head: format!("{top}\n"),
                    items: rows.iter().map(|r| row(r)).collect(),
                    tail: "\n[/table]".into(),
                }
            }
            Format::Markdown => {
                let row = |cells: &[String]| format!("| {} |", cells.join(" | "));
                let width = rows.first().map_or(2, Vec::len);
                let head = head.unwrap_or_else(|| vec![String::new(); width]);
                let rule = format!("|{}", " --- |".repeat(head.len()));
                Block {
                    head: format!("{}\n\n{}\n{rule}\n", self.heading(title), row(&head)),
                    items: rows.iter().map(|r| row(r)).collect(),
                    tail: String::new(),
                }
            }
        }
    }
}

/// Text safe inside BBCode: a bracket of the text would open a tag; the full-width bracket
/// reads the same. A line break inside one text is a space (a post's lines are its own).
fn bb(t: &str) -> String {
    t.replace('[', "\u{ff3b}")
        .replace(']', "\u{ff3d}")
        .replace(['\r', '\n'], " ")
}

/// Text safe inside Markdown, whatever its source: every character that marks up inside a line
/// is escaped (a bracket escaped, no link or picture can open: `(`, `!` need no escape), a line
/// break is a space (a text cannot start a line of its own), and a text's first character is
/// escaped when it could mark up at the start of a line the post gives it.
fn md(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    for (i, c) in t.chars().enumerate() {
        let c = if matches!(c, '\r' | '\n') { ' ' } else { c };
        if matches!(c, '*' | '_' | '`' | '[' | ']' | '<' | '|' | '\\')
            || (i == 0 && matches!(c, '#' | '>' | '-' | '+' | '='))
        {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
