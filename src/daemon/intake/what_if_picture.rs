//! A what-if answer's picture: the sender's own theatre (`map::Painted::house_png`, the one a
//! report shows first) of the position after the tried phase, with its arrows and battle boxes,
//! inline in an HTML alternative of the answer's text. No picture (a painting error): the
//! answer is its text alone.

use crate::board::{HouseId, Lang};
use crate::daemon::letters::{self, Letter, Reader};
use crate::daemon::loaded::Loaded;
use crate::error::Error;
use crate::mail::{HtmlBody, InlineImage};
use crate::rules::GameState;
use crate::rules::log::Event;
use crate::store::OutKind;

/// What was tried, for its picture.
pub(super) struct Tried<'a> {
    pub state: &'a GameState,
    pub log: &'a [Event],
    pub house: HouseId,
}

/// The house's own picture of the tried position, as PNG bytes; `None` when it cannot be
/// painted.
fn own_png(g: &Loaded, t: &Tried, lang: Lang, to: &Reader) -> Option<Vec<u8>> {
    let deadline = g.deadline_text(lang);
    let reported = crate::words::what_if::picture_label(lang);
    let input = crate::map::MapInput {
        board: &g.board,
        state: t.state,
        log: t.log,
        lang,
        script: to.script,
        deadline: &deadline,
        reported,
        reported_round: g.state.round,
    };
    let painted = crate::map::paint(&input)
        .map_err(|e| tracing::warn!(game = %g.row.id, "a what-if's map not drawn: {e}"))
        .ok()?;
    painted
        .house_png(&input, t.house)
        .map_err(|e| tracing::warn!(game = %g.row.id, "a what-if's map not drawn: {e}"))
        .ok()
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The answer with its text and, when a tried phase is given and can be painted, the house's
/// own picture inline.
#[allow(clippy::too_many_arguments)] // the answer's parts, each used once
pub(super) fn answer(
    d: &crate::daemon::Daemon,
    g: &Loaded,
    to: &Reader,
    (subject, text): (String, String),
    tried: Option<Tried>,
    lang: Lang,
    id_seed: &str,
    reply_to: Option<(&str, &[String])>,
) -> Result<Letter, Error> {
    let html = tried.and_then(|t| own_png(g, &t, lang, to)).map(|png| {
        let cid = format!("what-if-map@{}", d.sender.domain);
        HtmlBody {
            html: format!(
                "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head><body>\n\
                 <pre style=\"white-space: pre-wrap\">{}</pre>\n\
                 <p><img src=\"cid:{cid}\" alt=\"{}\"></p>\n</body></html>\n",
                escape(&text),
                escape(crate::words::what_if::picture_label(lang)),
            ),
            images: vec![InlineImage {
                content_id: cid,
                content_type: "image/png".into(),
                bytes: png,
            }],
        }
    });
    letters::build(
        &d.sender,
        to,
        (subject, text),
        (html, Vec::new()),
        id_seed,
        reply_to,
        OutKind::Answer,
    )
}
