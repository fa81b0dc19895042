//! The step report's letter: its context for one house (what the report templates read) and
//! the report composed with its pictures.

use super::{Letter, Reader, Sender, step_name};
use crate::board::{Board, HouseId, Lang};
use crate::error::Error;
use crate::game::StepOutcome;
use crate::mail::{HtmlBody, InlineImage};
use crate::rules::{GameState, Step};
use crate::words::Spelling;
use crate::words::economy::Describe;
use crate::words::event_text::NoticeText;
use crate::words::log as words;
use crate::words::render::Templates;
use crate::words::report_lines;
use crate::words::view::{StateView, view};
use serde::Serialize;

/// Context of a step report for one house.
#[derive(Clone, Debug, Serialize)]
pub struct ReportContext {
    /// Game id.
    pub game: String,
    /// House receiving it.
    pub house: String,
    /// Round of the closed step.
    pub round: u8,
    /// Name of the closed step.
    pub closed: String,
    /// Orders revealed, per house.
    pub revealed: Vec<RevealedOrders>,
    /// The execution plans as executed, per house, when the plan step closed (附录1,
    /// 004:L2743: the GM publishes every house's plan).
    pub plans: Vec<ExecutedPlan>,
    /// The adjudication in words (the Raven change first).
    pub events: Vec<String>,
    /// The event phase and the end of the round in words.
    pub economy: Vec<String>,
    /// The first event window's results before the second window's answers.
    pub provisional: Vec<String>,
    /// Decisions taken for silent players.
    pub defaults: Vec<String>,
    /// What each closed step used of each house asked: its receipt, the GM's submit, or the
    /// defaults (the public record's list, filled by the close).
    pub receipts: Vec<String>,
    /// Map state.
    pub map: StateView,
    /// Map state in groups (house, neutral, left empty), changed areas flagged (the HTML part).
    pub map_groups: Vec<crate::words::map_text::MapGroup>,
    /// The same as text: aligned by display width, changed areas marked.
    pub map_lines: Vec<String>,
    /// Areas whose holder changed in the step.
    pub control_changes: Vec<String>,
    /// Track names in order.
    pub tracks: TrackNames,
    /// Private lines for this house.
    pub private: Vec<String>,
    /// The close that ends the game: its summary (ranking, castles over time, battles,
    /// leaders, the largest battle), one section per heading; empty otherwise.
    pub summary: Vec<SummarySection>,
    /// Winner, if the game ended.
    pub winner: Option<String>,
    /// The result, once the game is over (win or draw).
    pub result: Option<String>,
    /// Next round.
    pub next_round: u8,
    /// Next step name.
    pub next_step: String,
    /// Deadline of the next step.
    pub deadline: String,
    /// What to send next.
    pub instructions: String,
    /// Content-ID of the map picture shown in the HTML part (`None`: no picture).
    pub map_cid: Option<String>,
    /// Content-ID of the reader's own theatre, shown before the whole board (`None`: none).
    pub house_map_cid: Option<String>,
    /// The next step's deadline as a calendar event, attached when the reader's house is asked
    /// something in it (`None`: no attachment).
    #[serde(skip)]
    pub calendar: Option<super::DeadlineEvent>,
    /// The GM's copy only: what each house alone was told (empty in a house's report).
    pub gm_houses: Vec<GmHouse>,
    /// "Your house first": what happened to the reader's house, what it must send next and by
    /// when, its reply template (none in the GM's copy).
    pub yours: Option<crate::words::yours::Block>,
    /// A report re-issued after a rollback: the line saying which report it corrects and why.
    pub correction: Option<String>,
    /// A re-issued report: what the correction changed for the reader's house (its battles,
    /// its areas), one line each; empty otherwise.
    pub correction_changes: Vec<String>,
}

/// One section of the end-of-game summary.
#[derive(Clone, Debug, Serialize)]
pub struct SummarySection {
    /// Its heading.
    pub heading: String,
    /// Its lines.
    pub lines: Vec<String>,
}

impl SummarySection {
    /// The sections of `publish::chronicle::summary`.
    pub fn all(summary: Vec<(String, Vec<String>)>) -> Vec<SummarySection> {
        summary
            .into_iter()
            .map(|(heading, lines)| SummarySection { heading, lines })
            .collect()
    }
}

/// One house's private part, as the GM's copy shows it.
#[derive(Clone, Debug, Serialize)]
pub struct GmHouse {
    /// The house and its player.
    pub heading: String,
    /// The lines only this house was sent (none: the template says it was sent nothing).
    pub private: Vec<String>,
}

/// One house's revealed orders.
#[derive(Clone, Debug, Serialize)]
pub struct RevealedOrders {
    /// House name.
    pub house: String,
    /// Orders as text.
    pub orders: String,
}

/// One house's execution plan as executed, line by line.
#[derive(Clone, Debug, Serialize)]
pub struct ExecutedPlan {
    /// House name.
    pub house: String,
    /// The plan's lines (the canonical echo in the reader's language).
    pub lines: Vec<String>,
}

/// The three tracks as names, joined.
#[derive(Clone, Debug, Serialize)]
pub struct TrackNames {
    /// Iron Throne.
    pub iron_throne: String,
    /// Fiefdoms.
    pub fiefdoms: String,
    /// King's Court.
    pub kings_court: String,
}

impl ReportContext {
    /// What the next step asks of the reader is on file already (a plan sent early): the block
    /// says so and offers no empty template.
    pub fn next_on_file(&mut self, round: u8, next: Step, deadline: &str, lang: Lang) {
        if let Some(y) = self.yours.as_mut() {
            y.next = crate::words::yours::next_line_on_file(
                round,
                &step_name(next, lang),
                deadline,
                lang,
            );
            y.template.clear();
            y.notes.clear();
        }
    }
}

/// Build the report context of a closed step (and the steps closed with it) for one house.
pub fn report_context(
    board: &Board,
    game: &str,
    before: Option<&GameState>,
    out: &StepOutcome,
    house: HouseId,
    lang: Lang,
    deadline: &str,
) -> ReportContext {
    let state: &GameState = &out.state;
    let zh = lang == Lang::Zh;
    let mut revealed: Vec<RevealedOrders> = Vec::new();
    let placement_closed = out.steps.iter().any(|c| c.step == Step::Placement);
    for h in board.house_ids().filter(|_| placement_closed) {
        let list: Vec<String> = out
            .revealed
            .iter()
            .filter(|(x, _, _)| *x == h)
            .map(|(_, a, o)| {
                let name = board.area(*a).name(lang);
                if zh {
                    format!("{} {}", name, o.name_zh())
                } else {
                    format!("{} {}", name, o.name_en())
                }
            })
            .chain(
                out.revealed_one_time
                    .iter()
                    .filter(|(_, p)| p.house == h)
                    .map(|(a, p)| report_lines::one_time_order(board, *a, p, lang)),
            )
            .collect();
        revealed.push(RevealedOrders {
            house: board.house(h).name(lang).to_string(),
            orders: report_lines::orders(&list, lang),
        });
    }
    let events = words::adjudication(board, lang, out.raven, &out.log);
    let mut economy: Vec<String> = out
        .economy
        .iter()
        .map(|e| e.describe(board, lang))
        .collect();
    // With the optional rules the drawn rounds are announced to everyone (004:L2632, T-50).
    economy.extend(crate::words::event_text::preview_of(
        state,
        &out.economy,
        lang,
    ));
    let provisional: Vec<String> = out
        .provisional
        .iter()
        .map(|e| e.describe(board, lang))
        .collect();
    let mut private: Vec<String> = Vec::new();
    for n in out.notices.iter().filter(|n| n.house == house) {
        private.push(n.describe(lang));
    }
    let defaults = out
        .silent()
        .into_iter()
        .map(|(step, h)| crate::words::asks::default_text(board, step, h, lang))
        .collect();
    let names = |i: usize| -> String {
        state.tracks[i]
            .iter()
            .map(|h| board.house(*h).name(lang).to_string())
            .collect::<Vec<_>>()
            .join(" > ")
    };
    let closed: Vec<String> = out.steps.iter().map(|c| step_name(c.step, lang)).collect();
    let map_groups = crate::words::map_text::state_groups(board, before, state, lang);
    let silent = out.silent();
    let closed_view = crate::words::yours::Closed {
        board,
        before,
        after: state,
        log: &out.log,
        economy: &out.economy,
        provisional: &out.provisional,
        silent: &silent,
    };
    let yours = crate::words::yours::block(&closed_view, house, deadline, lang);
    ReportContext {
        game: game.to_string(),
        house: board.house(house).name(lang).to_string(),
        round: out.round,
        closed: report_lines::list(&closed, lang),
        revealed,
        plans: Vec::new(),
        events,
        economy,
        provisional,
        defaults,
        receipts: Vec::new(),
        map: view(board, state, lang),
        map_lines: crate::words::map_text::state_lines(&map_groups),
        map_groups,
        control_changes: before
            .map(|b| crate::words::map_text::control_changes(board, b, state, lang))
            .unwrap_or_default(),
        tracks: TrackNames {
            iron_throne: names(0),
            fiefdoms: names(1),
            kings_court: names(2),
        },
        private,
        summary: Vec::new(),
        winner: state.winner.map(|h| board.house(h).name(lang).to_string()),
        result: out
            .result
            .as_ref()
            .or(state.economy.result.as_ref())
            .map(|r| {
                crate::rules::log_events::EconomyEvent::GameOver { result: r.clone() }
                    .describe(board, lang)
            }),
        next_round: state.round,
        next_step: step_name(state.step, lang),
        deadline: deadline.to_string(),
        instructions: crate::words::asks::what_to_send(board, state, house, lang),
        map_cid: None,
        house_map_cid: None,
        calendar: None,
        gm_houses: Vec::new(),
        yours: Some(yours),
        correction: None,
        correction_changes: Vec::new(),
    }
}

/// The pictures of a report: the reader's own theatre (first, when it could be made) and the
/// whole board.
#[derive(Clone, Copy)]
pub struct Pictures<'a> {
    /// The reader's house's own picture.
    pub house: Option<&'a [u8]>,
    /// The whole board.
    pub board: &'a [u8],
}

/// Render and compose a report letter: the text, and with a map picture (PNG) an HTML
/// alternative showing it inline (`cid:`), its tables holding the same content as the text.
pub fn report_letter(
    templates: &Templates,
    sender: &Sender,
    to: &Reader,
    ctx: &ReportContext,
    lang: Lang,
    id_seed: &str,
    pictures: Option<Pictures<'_>>,
) -> Result<Letter, Error> {
    let text = templates
        .render("report", lang, ctx)
        .map_err(Error::Template)?;
    let mut subject = report_lines::subject(&ctx.game, ctx.round, &ctx.closed, lang);
    if ctx.correction.is_some() {
        subject = report_lines::correction_subject(&subject, lang);
    }
    // A player reads rule references as chapters and words; the GM's copy keeps the lines.
    let gm_text = text;
    let text = crate::words::cite::for_player(&gm_text, lang);
    let html = match pictures {
        Some(p) => {
            let cid = format!("map.r{}@{}", ctx.next_round, sender.domain);
            let mut with_map = ctx.clone();
            with_map.map_cid = Some(cid.clone());
            let mut images = Vec::new();
            if let Some(own) = p.house {
                let own_cid = format!("house-map.r{}@{}", ctx.next_round, sender.domain);
                with_map.house_map_cid = Some(own_cid.clone());
                images.push(InlineImage {
                    content_id: own_cid,
                    content_type: "image/png".into(),
                    bytes: own.to_vec(),
                });
            }
            images.push(InlineImage {
                content_id: cid,
                content_type: "image/png".into(),
                bytes: p.board.to_vec(),
            });
            let html = templates
                .render_html("report", lang, &with_map)
                .map_err(Error::Template)?;
            let html = crate::words::cite::for_player(&html, lang);
            Some(HtmlBody { html, images })
        }
        None => None,
    };
    let attachments = ctx
        .calendar
        .iter()
        .map(|e| e.attachment(lang, to.script))
        .collect();
    let mut letter = super::build(
        sender,
        to,
        (subject, text),
        (html, attachments),
        id_seed,
        None,
        crate::store::OutKind::Report,
    )?;
    letter.gm_text = Some(gm_text);
    Ok(letter)
}
