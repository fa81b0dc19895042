//! The Atom feed of a game's closed steps (RFC 4287): one entry per step, newest first, its
//! content the step's public report as HTML.

use crate::game::{Site, page_name};
use crate::html::{esc, report};
use crate::report::{Step, public};
use maester_words::publish as w;

/// The feed, with links relative to the feed unless the site's address is known.
pub fn atom(site: &Site<'_>, steps: &[Step]) -> String {
    let lang = site.lang;
    // The site's address comes from the config: made a safe http(s) address and escaped for
    // XML; any other is not used (the links stay relative).
    let base = site
        .base_url
        .and_then(crate::html::safe_url)
        .map(|b| esc(&format!("{}/", b.trim_end_matches('/'))))
        .unwrap_or_default();
    let updated = steps.last().map_or(site.created, |s| s.closed_at);
    let id = |what: &str| format!("urn:maester:{}:{what}", site.game.replace(':', "-"));
    let mut s = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n\
         <title>{}</title>\n<id>{}</id>\n<updated>{}</updated>\n\
         <link rel=\"alternate\" href=\"{base}index.html\"/>\n<author><name>maester</name></author>\n",
        esc(&w::site_title(site.game, lang)),
        esc(&id("feed")),
        updated.to_rfc3339(),
    );
    for step in steps.iter().rev() {
        let p = public(site.board, site.game, step, lang);
        s.push_str(&format!(
            "<entry>\n<title>{}</title>\n<id>{}</id>\n<updated>{}</updated>\n\
             <link rel=\"alternate\" href=\"{base}{}\"/>\n<content type=\"html\">{}</content>\n</entry>\n",
            esc(&p.title),
            esc(&id(&step.seq.to_string())),
            step.closed_at.to_rfc3339(),
            esc(&page_name(step)),
            esc(&report(&p, lang)),
        ));
    }
    s.push_str("</feed>\n");
    s
}
