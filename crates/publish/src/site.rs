//! A game's static web site: `index.html` (the game, the open step and its deadline, the
//! latest map, the standings; at the end the game's summary), one page per closed step (its
//! public report and map, links to the steps before and after), `history.html`,
//! `standings.html` (the chronicle's charts: castles, power and supply per round),
//! `feed.xml` (Atom) and `style.css`. Plain HTML
//! and CSS, no script; every link is relative, so any static host (or a folder opened from
//! disk) serves it. The pictures are named here and drawn by [`picture`]; the shell writes the
//! files.

pub use crate::game::{File, Site, page_name, picture_name, theatre_name};
use crate::html::{esc, report, standings, tracks};
use crate::report::{Step, public};
use maester_board::{Board, Lang};
use maester_rules::Step as RuleStep;
use maester_words::chronicle::{self as chronicle_words, Heading};
use maester_words::hant::Script;
use maester_words::publish::{self as w, Label};

/// The standings page's name.
pub const STANDINGS: &str = "standings.html";

/// The standings page: the chronicle's charts, and the summary once the game is over.
fn standings_page(site: &Site<'_>, steps: &[Step], summary: &[(String, Vec<String>)]) -> String {
    let points = crate::chronicle::points(site.board, steps);
    let body = crate::standings::body(site.board, &points, summary, site.lang);
    let title = chronicle_words::heading(Heading::StandingsPage, site.lang);
    page(site, &format!("{title} · {}", site.game), &body)
}

/// A step's map picture: the state after it, its marches and battles as arrows.
pub fn picture(
    board: &Board,
    step: &Step,
    lang: Lang,
    script: Script,
) -> Result<Vec<u8>, maester_map::MapError> {
    let reported = reported(step, lang);
    maester_map::png(&map_input(board, step, (lang, script), &reported))
}

/// The step the picture reports, as its panel names it (as the report's picture does).
fn reported(step: &Step, lang: Lang) -> String {
    step.closed_steps()
        .last()
        .map(|s| maester_words::instructions::step_name(*s, lang))
        .unwrap_or_default()
}

/// What the map draws of a step: the state after it, its events, its deadline.
fn map_input<'a>(
    board: &'a Board,
    step: &'a Step,
    (lang, script): (Lang, Script),
    reported: &'a str,
) -> maester_map::MapInput<'a> {
    maester_map::MapInput {
        board,
        state: &step.after,
        log: &step.events,
        lang,
        script,
        deadline: &step.deadline,
        reported,
        reported_round: step.round(),
    }
}

/// A step's pictures for its page: the whole board ([`picture_name`]) and each house's
/// theatre ([`theatre_name`]: its areas and their neighbours, 440 px wide, so that its names
/// are at least 9 px on a 400-px phone), all cut from one painting.
pub fn pictures(
    board: &Board,
    step: &Step,
    lang: Lang,
    script: Script,
) -> Result<Vec<(String, Vec<u8>)>, maester_map::MapError> {
    let reported = reported(step, lang);
    let input = map_input(board, step, (lang, script), &reported);
    let painted = maester_map::paint(&input)?;
    let houses: Vec<_> = board.house_ids().collect();
    let (whole, theatres) = painted.theatre_pngs(&input, &houses);
    let mut out = vec![(picture_name(step), whole?)];
    for (h, png) in houses.iter().zip(theatres) {
        out.push((theatre_name(step, &board.house(*h).key), png?));
    }
    Ok(out)
}

/// The stylesheet: readable from a phone (400 px) to a desktop, tables scroll in their box.
pub const STYLE: &str = include_str!("style.css");

/// Every page of the site (not the pictures: see [`picture_name`] and [`picture`]), `steps` the
/// closed steps in the game's line of history, oldest first.
pub fn pages(site: &Site<'_>, steps: &[Step]) -> Vec<File> {
    // The end-of-game summary (empty while the game goes on): on the front page, the
    // standings page and the final step's page.
    let summary = crate::chronicle::summary(site.board, steps, site.lang);
    let mut files = vec![
        File {
            name: "style.css".into(),
            bytes: STYLE.as_bytes().to_vec(),
        },
        file(site, "index.html", index(site, steps, &summary)),
        file(site, "history.html", history(site, steps)),
        file(site, STANDINGS, standings_page(site, steps, &summary)),
        file(site, "feed.xml", crate::feed::atom(site, steps)),
    ];
    for (i, step) in steps.iter().enumerate() {
        let prev = i.checked_sub(1).and_then(|j| steps.get(j));
        let next = steps.get(i + 1);
        files.push(file(
            site,
            &page_name(step),
            step_page(
                site,
                step,
                (prev, next),
                if next.is_none() { &summary } else { &[] },
            ),
        ));
    }
    files
}

fn file(site: &Site<'_>, name: &str, text: String) -> File {
    File {
        name: name.to_string(),
        bytes: site.script.write(&text).into_bytes(),
    }
}

/// The language tag of the pages.
fn lang_tag(site: &Site<'_>) -> &'static str {
    match (site.lang, site.script.is_traditional()) {
        (Lang::En, _) => "en",
        (Lang::Zh, true) => "zh-Hant",
        (Lang::Zh, false) => "zh-Hans",
    }
}

/// A page around its body: the head, the site's name and its links.
fn page(site: &Site<'_>, title: &str, body: &str) -> String {
    let name = w::site_title(site.game, site.lang);
    format!(
        "<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<link rel=\"stylesheet\" href=\"style.css\">\n\
         <link rel=\"alternate\" type=\"application/atom+xml\" href=\"feed.xml\" title=\"{name}\">\n\
         </head>\n<body>\n<header><a class=\"site\" href=\"index.html\">{name}</a>\n<nav>\
         <a href=\"index.html\">{home}</a> <a href=\"history.html\">{hist}</a> \
         <a href=\"{STANDINGS}\">{chart}</a> <a href=\"feed.xml\">{feed}</a></nav></header>\n<main>\n{body}</main>\n\
         <footer>{footer}</footer>\n</body>\n</html>\n",
        lang = lang_tag(site),
        title = esc(title),
        name = esc(&name),
        home = esc(w::label(Label::Home, site.lang)),
        hist = esc(w::label(Label::History, site.lang)),
        feed = esc(w::label(Label::Feed, site.lang)),
        chart = esc(chronicle_words::heading(Heading::StandingsPage, site.lang)),
        footer = esc(w::footer(site.lang)),
    )
}

/// A map picture linking to its step's page.
fn figure(board: &Board, step: &Step, title: &str) -> String {
    format!(
        "<figure><a href=\"{}\"><img src=\"{}\" alt=\"{}\" width=\"{}\" height=\"{}\"></a></figure>\n",
        esc(&page_name(step)),
        esc(&picture_name(step)),
        esc(title),
        maester_map::width(),
        maester_map::height(board),
    )
}

/// The board by theatre (each house's piece, readable on a phone), the whole board a link.
fn theatres(site: &Site<'_>, step: &Step) -> String {
    let lang = site.lang;
    let mut out = format!(
        "<section class=\"theatres\">\n<p class=\"whole\"><a href=\"{}\">{}</a></p>\n",
        esc(&picture_name(step)),
        esc(w::label(Label::WholeBoard, lang))
    );
    for h in site.board.house_ids() {
        let house = site.board.house(h);
        let name = theatre_name(step, &house.key);
        out.push_str(&format!(
            "<figure><a href=\"{0}\"><img src=\"{0}\" alt=\"{1}\" width=\"{2}\"></a>\
             <figcaption>{1}</figcaption></figure>\n",
            esc(&name),
            esc(&w::theatre_of(house.name(lang), lang)),
            maester_map::theatre::HOUSE_W,
        ));
    }
    out.push_str("</section>\n");
    out
}

/// The front page.
fn index(site: &Site<'_>, steps: &[Step], summary: &[(String, Vec<String>)]) -> String {
    let lang = site.lang;
    let s = site.current;
    let mut body = format!("<h1>{}</h1>\n", esc(&w::site_title(site.game, lang)));
    let open = if s.step == RuleStep::Finished {
        String::new()
    } else {
        w::next_step(
            s.round,
            &maester_words::instructions::step_name(s.step, lang),
            site.deadline,
            lang,
        )
    };
    match steps.last() {
        Some(last) => {
            let p = public(site.board, site.game, last, lang);
            body.push_str(&format!(
                "<p class=\"end\"><b>{}</b></p>\n",
                esc(if open.is_empty() { &p.end } else { &open })
            ));
            body.push_str(&format!(
                "<h2>{}: <a href=\"{}\">{}</a></h2>\n",
                esc(w::label(Label::Latest, lang)),
                esc(&page_name(last)),
                esc(&p.short)
            ));
            body.push_str(&figure(site.board, last, &p.title));
        }
        None => {
            body.push_str(&format!("<p class=\"end\"><b>{}</b></p>\n", esc(&open)));
            body.push_str(&format!(
                "<p>{}</p>\n",
                esc(w::label(Label::NothingYet, lang))
            ));
        }
    }
    if !site.seats.is_empty() {
        let items: String = site
            .seats
            .iter()
            .map(|l| format!("<li>{}</li>\n", esc(l)))
            .collect();
        body.push_str(&format!(
            "<section class=\"seats\">\n<h2>{}</h2>\n<ul>\n{items}</ul>\n</section>\n",
            esc(maester_words::seats::wanted_heading(lang))
        ));
    }
    let v = maester_words::view::view(site.board, s, lang);
    let houses: Vec<_> = v.houses.into_iter().filter(|h| !h.neutral).collect();
    body.push_str(&format!(
        "<h2>{}</h2>\n{}",
        esc(w::label(Label::Standings, lang)),
        standings(&houses, lang)
    ));
    let track = |i: usize| {
        s.tracks[i]
            .iter()
            .map(|h| site.board.house(*h).name(lang).to_string())
            .collect::<Vec<_>>()
            .join(" > ")
    };
    let rows = vec![
        (w::label(Label::IronThrone, lang).to_string(), track(0)),
        (w::label(Label::Fiefdoms, lang).to_string(), track(1)),
        (w::label(Label::KingsCourt, lang).to_string(), track(2)),
    ];
    body.push_str(&format!(
        "<h2>{}</h2>\n{}<p>{}</p>\n",
        esc(w::label(Label::Tracks, lang)),
        tracks(&rows, lang),
        esc(&w::wildlings(v.wildlings, lang)),
    ));
    body.push_str(&crate::standings::sections(summary, lang));
    if let Some(seed) = site.seed {
        body.push_str(&format!(
            "<p class=\"seed\">{}</p>\n",
            esc(&w::seed(seed, lang))
        ));
    }
    page(site, &w::site_title(site.game, lang), &body)
}

/// The history: every closed step, newest first.
fn history(site: &Site<'_>, steps: &[Step]) -> String {
    let lang = site.lang;
    let title = w::label(Label::History, lang);
    let mut body = format!("<h1>{}</h1>\n", esc(title));
    if steps.is_empty() {
        body.push_str(&format!(
            "<p>{}</p>\n",
            esc(w::label(Label::NothingYet, lang))
        ));
    } else {
        body.push_str("<ol reversed class=\"history\">\n");
        for step in steps.iter().rev() {
            let p = public(site.board, site.game, step, lang);
            body.push_str(&format!(
                "<li><a href=\"{}\">{}</a> <small>{}</small></li>\n",
                esc(&page_name(step)),
                esc(&p.short),
                step.closed_at.format("%Y-%m-%d %H:%M UTC")
            ));
        }
        body.push_str("</ol>\n");
    }
    page(site, &format!("{title} · {}", site.game), &body)
}

/// One closed step's page.
fn step_page(
    site: &Site<'_>,
    step: &Step,
    (prev, next): (Option<&Step>, Option<&Step>),
    summary: &[(String, Vec<String>)],
) -> String {
    let lang = site.lang;
    let p = public(site.board, site.game, step, lang);
    let link = |s: Option<&Step>, label: Label, class: &str| match s {
        Some(s) => format!(
            "<a class=\"{class}\" href=\"{}\">{}</a>",
            esc(&page_name(s)),
            esc(w::label(label, lang))
        ),
        None => String::new(),
    };
    let nav = format!(
        "<nav class=\"steps\">{}{}</nav>\n",
        link(prev, Label::Previous, "prev"),
        link(next, Label::Next, "next")
    );
    let mut body = format!("<h1>{}</h1>\n{nav}", esc(&p.title));
    body.push_str(&theatres(site, step));
    body.push_str(&report(&p, lang));
    body.push_str(&crate::standings::sections(summary, lang));
    if step.after.step == RuleStep::Finished
        && let Some(seed) = site.seed
    {
        body.push_str(&format!(
            "<p class=\"seed\">{}</p>\n",
            esc(&w::seed(seed, lang))
        ));
    }
    body.push_str(&nav);
    page(site, &p.title, &body)
}
