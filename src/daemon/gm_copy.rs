//! The GM's copy of a step report: one mail to `[daemon] gm_address` per closed step, queued in
//! the close's own transaction beside the players' reports. It is the public report with the
//! rule references exactly as the rules give them (`004:L1243`, `A-35`), the map picture inline
//! as in the players' HTML part, and what only each house was told, under the house's name.
//! `[game] gm_copy = false` turns it off.

use super::Daemon;
use super::letters::{self, ExecutedPlan, GmHouse, Letter, ReportContext};
use super::loaded::Loaded;
use crate::board::Lang;
use crate::error::Error;
use crate::game::StepOutcome;
use crate::mail::{Attachment, HtmlBody, InlineImage, Mailbox};
use crate::rules::Step;
use crate::store::House;
use crate::words::event_text::NoticeText;
use crate::words::gm_copy as words;
use crate::words::hant::Script;

/// The GM's address when the game's GM gets a copy of every report.
pub fn address<'a>(d: &'a Daemon, g: &Loaded) -> Option<&'a str> {
    let addr = d.config.daemon.gm_address.as_deref()?.trim();
    (g.cfg.gm_copy && !addr.is_empty()).then_some(addr)
}

/// The Message-ID seed of the GM's copy of the close that writes snapshot `seq`: stable, so a
/// close computed twice queues it once, and `gm resend` finds it.
pub fn id_seed(game: &str, seq: i64) -> String {
    format!("gmcopy:{game}:{seq}")
}

/// What the GM's copy of one close is made of.
pub struct Parts<'a> {
    /// The game.
    pub g: &'a Loaded,
    /// The close's outcome.
    pub out: &'a StepOutcome,
    /// The seats (players' names and addresses).
    pub houses: &'a [House],
    /// The executed plans in the GM's language (empty unless the plan step closed).
    pub plans: Vec<ExecutedPlan>,
    /// The next deadline in words, in the GM's language.
    pub deadline: &'a str,
    /// The map picture in the GM's language and script.
    pub map: Option<&'a [u8]>,
    /// The script the GM reads (the game's: Traditional for a `zh-Hant` game).
    pub script: Script,
    /// The snapshot the close writes.
    pub seq: i64,
    /// The close's public record (the forum post attached).
    pub record: &'a crate::publish::Record,
    /// When it closes.
    pub now: chrono::DateTime<chrono::Utc>,
    /// The correction line when the close re-issues reports after a rollback (the GM's copy
    /// is marked as the players' reports are).
    pub correction: Option<String>,
}

/// The GM's copy of a close, in the game's language.
pub fn letter(d: &Daemon, to: &str, p: Parts<'_>) -> Result<Option<Letter>, Error> {
    let g = p.g;
    let lang = g.cfg.language.lang;
    let Some(first) = g.board.house_ids().next() else {
        return Ok(None);
    };
    let mut ctx = letters::report_context(
        &g.board,
        &g.row.id,
        Some(&g.state),
        p.out,
        first,
        lang,
        p.deadline,
    );
    ctx.house = words::reader(lang);
    let files = forum_files(d, &p, lang);
    ctx.yours = None;
    ctx.correction = p.correction.clone();
    ctx.plans = p.plans;
    ctx.private = Vec::new();
    if p.out.state.step == Step::Finished {
        ctx.private
            .push(crate::words::whole_mail::seed_published(&g.row.seed, lang));
    }
    let asked: Vec<String> = crate::game::expected(&g.board, &p.out.state)
        .into_iter()
        .map(|h| g.board.house(h).name(lang).to_string())
        .collect();
    ctx.instructions = words::asked_next(&asked, lang);
    ctx.gm_houses = private_parts(g, p.out, p.houses, lang);
    let text = g
        .templates
        .render("report", lang, &ctx)
        .map_err(Error::Template)?;
    let mut subject = words::subject(&ctx.game, ctx.round, &ctx.closed, lang);
    if ctx.correction.is_some() {
        subject = crate::words::report_lines::correction_subject(&subject, lang);
    }
    let html = match p.map {
        Some(png) => Some(html(d, g, ctx, png)?),
        None => None,
    };
    let to = letters::Reader {
        mailbox: Mailbox::new("GM".to_string(), to.to_string()),
        script: p.script,
    };
    letters::build(
        &d.sender,
        &to,
        (subject, text),
        (html, files),
        &id_seed(&g.row.id, p.seq),
        None,
        crate::store::OutKind::Report,
    )
    .map(Some)
}

/// The forum post of the close (BBCode, a part per file when it is split) and the picture to
/// upload with it, named as the game's web site names it.
fn forum_files(d: &Daemon, p: &Parts<'_>, lang: Lang) -> Vec<Attachment> {
    let g = p.g;
    let step = crate::publish::Step {
        seq: p.seq,
        before: Some(g.state.clone()),
        after: p.out.state.clone(),
        events: p.out.log.clone(),
        record: Some(p.record.clone()),
        deadline: p.deadline.to_string(),
        closed_at: p.now,
        correction: p.correction.clone(),
    };
    let name = crate::publish::site::picture_name(&step);
    let picture = match (
        p.map,
        d.config.site.as_ref().and_then(|s| s.game_url(&g.row.id)),
    ) {
        (None, _) => crate::publish::Picture::None,
        (Some(_), Some(url)) => crate::publish::Picture::Url(format!("{url}{name}")),
        (Some(_), None) => crate::publish::Picture::File(name.clone()),
    };
    let mut public = crate::publish::public(&g.board, &g.row.id, &step, lang);
    // The close that ends the game: its post carries the game's summary.
    public.summary = super::chronicle::with_close(d, g, step.clone(), lang);
    // The post the GM pastes says which seats want a substitute; a store that cannot say
    // holds no close back.
    public.seats = super::wanted::public_lines(d, g, lang).unwrap_or_else(|e| {
        tracing::warn!(game = %g.row.id, "the wanted seats were not read: {e}");
        Vec::new()
    });
    let parts = crate::publish::post(
        &public,
        &picture,
        crate::publish::Format::Bbcode,
        lang,
        p.script,
    );
    let n = parts.len();
    let slug = step.slug();
    let mut files: Vec<Attachment> = parts
        .into_iter()
        .enumerate()
        .map(|(i, text)| Attachment {
            filename: if n == 1 {
                format!("{slug}-post.txt")
            } else {
                format!("{slug}-post-{}.txt", i + 1)
            },
            content_type: "text/plain; charset=utf-8".into(),
            bytes: text.into_bytes(),
        })
        .collect();
    if let Some(png) = p.map {
        files.push(Attachment {
            filename: name,
            content_type: "image/png".into(),
            bytes: png.to_vec(),
        });
    }
    files
}

/// Every house's private part: its player, and the notices it alone was sent.
fn private_parts(g: &Loaded, out: &StepOutcome, houses: &[House], lang: Lang) -> Vec<GmHouse> {
    let mut parts = Vec::new();
    for hid in g.board.house_ids() {
        if g.state.house(hid).neutral {
            continue;
        }
        let key = g.board.house(hid).key.as_str();
        let name = g.board.house(hid).name(lang);
        let heading = match houses.iter().find(|h| h.house == key) {
            Some(seat) => words::house_heading(name, &seat.player_name, &seat.address, lang),
            None => name.to_string(),
        };
        let private: Vec<String> = out
            .notices
            .iter()
            .filter(|n| n.house == hid)
            .map(|n| n.describe(lang))
            .collect();
        parts.push(GmHouse { heading, private });
    }
    parts
}

/// The HTML part with the map inline, the references left exact.
fn html(d: &Daemon, g: &Loaded, mut ctx: ReportContext, png: &[u8]) -> Result<HtmlBody, Error> {
    let cid = format!("map.gm.r{}@{}", ctx.next_round, d.sender.domain);
    ctx.map_cid = Some(cid.clone());
    let html = g
        .templates
        .render_html("report", g.cfg.language.lang, &ctx)
        .map_err(Error::Template)?;
    Ok(HtmlBody {
        html,
        images: vec![InlineImage {
            content_id: cid,
            content_type: "image/png".into(),
            bytes: png.to_vec(),
        }],
    })
}
