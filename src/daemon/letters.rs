//! Building the mails maester sends: answers to players and step reports, rendered from the
//! templates and composed as RFC 5322 bytes with a deterministic Message-ID (so a retry after a
//! crash queues the same mail once).

use crate::board::{Board, HouseId, Lang};
use crate::game::StepOutcome;
use crate::mail::{Mailbox, OutgoingMail, compose, new_message_id};
use crate::report::render::Templates;
use crate::report::view::{StateView, view};
use crate::report::words;
use crate::rules::GameState;
use serde::Serialize;

/// Who sends: the referee's mailbox and Message-ID domain.
#[derive(Clone, Debug)]
pub struct Sender {
    /// From mailbox.
    pub from: Mailbox,
    /// Message-ID domain.
    pub domain: String,
}

/// A mail ready to queue.
#[derive(Clone, Debug)]
pub struct Letter {
    /// Message-ID (bare).
    pub message_id: String,
    /// Recipients.
    pub to: Vec<String>,
    /// Subject.
    pub subject: String,
    /// Raw bytes.
    pub raw: Vec<u8>,
}

/// One error line of a reply.
#[derive(Clone, Debug, Serialize)]
pub struct ErrorLine {
    /// 1-based line in the player's text (0: the mail as a whole).
    pub line: usize,
    /// 1-based column, 0 when not known.
    pub column: usize,
    /// The line's text.
    pub text: String,
    /// What is wrong and how to fix it.
    pub message: String,
}

/// Everything a reply says.
#[derive(Clone, Debug, Serialize)]
pub struct ReplyContext {
    /// Player's name.
    pub player: String,
    /// House name.
    pub house: String,
    /// Game id.
    pub game: String,
    /// Round.
    pub round: u8,
    /// Step name.
    pub step: String,
    /// Accepted?
    pub accepted: bool,
    /// Canonical echo lines.
    pub echo: Vec<String>,
    /// It replaced an earlier submission.
    pub replaced: bool,
    /// Errors.
    pub errors: Vec<ErrorLine>,
    /// Extra information (help, status …).
    pub info: String,
    /// Deadline text.
    pub deadline: String,
}

/// Compose a letter; the Message-ID is derived from `id_seed`.
pub fn letter(
    sender: &Sender,
    to: &Mailbox,
    subject: String,
    text: String,
    id_seed: &str,
    reply_to: Option<(&str, &[String])>,
) -> Result<Letter, String> {
    let message_id = new_message_id(&sender.domain, id_seed.as_bytes());
    let (in_reply_to, references) = match reply_to {
        Some((id, refs)) => {
            let mut r = refs.to_vec();
            r.push(id.to_string());
            (Some(id.to_string()), r)
        }
        None => (None, Vec::new()),
    };
    let mail = OutgoingMail {
        message_id: message_id.clone(),
        from: sender.from.clone(),
        to: vec![to.clone()],
        subject: subject.clone(),
        text,
        in_reply_to,
        references,
        auto_submitted: true,
        attachments: Vec::new(),
    };
    let raw = compose(&mail).map_err(|e| e.to_string())?;
    Ok(Letter {
        message_id,
        to: vec![to.addr.clone()],
        subject,
        raw,
    })
}

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
    /// The adjudication in words.
    pub events: Vec<String>,
    /// Decisions taken for silent players.
    pub defaults: Vec<String>,
    /// Map state.
    pub map: StateView,
    /// Track names in order.
    pub tracks: TrackNames,
    /// Private lines for this house.
    pub private: Vec<String>,
    /// Winner, if the game ended.
    pub winner: Option<String>,
    /// Next round.
    pub next_round: u8,
    /// Next step name.
    pub next_step: String,
    /// Deadline of the next step.
    pub deadline: String,
    /// What to send next.
    pub instructions: String,
}

/// One house's revealed orders.
#[derive(Clone, Debug, Serialize)]
pub struct RevealedOrders {
    /// House name.
    pub house: String,
    /// Orders as text.
    pub orders: String,
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

/// What a house must send in a step, in words.
pub fn instructions(step: crate::rules::Step, lang: Lang) -> String {
    use crate::rules::Step;
    match (step, lang) {
        (Step::Placement, Lang::Zh) => "请回复本邮件,写明密码和每个区域的命令,每行一个,例如:\n  密码: 你的密码\n  临冬城 行军+1\n  白港 支援".into(),
        (Step::Placement, Lang::En) => "Reply with your secret and one order per area, one per line, e.g.:\n  secret: your-secret\n  Winterfell march+1\n  White Harbor support".into(),
        (Step::Plan, Lang::Zh) => "请回复本邮件,写明密码和执行方案:突袭目标和行军目的地,按优先顺序编号,例如:\n  密码: 你的密码\n  1) 临冬城军团 移动到 卡林湾\n  狭海战舰 突袭 五指半岛".into(),
        (Step::Plan, Lang::En) => "Reply with your secret and your plan: raid targets and march destinations, numbered by priority, e.g.:\n  secret: your-secret\n  1) Winterfell army move to Moat Cailin\n  The Narrow Sea ships raid The Fingers".into(),
        (Step::Finished, _) => String::new(),
    }
}

/// Step name in a language.
pub fn step_name(step: crate::rules::Step, lang: Lang) -> String {
    match lang {
        Lang::Zh => step.name_zh().to_string(),
        Lang::En => step.name_en().to_string(),
    }
}

/// Build the report context of a closed step for one house.
pub fn report_context(
    board: &Board,
    game: &str,
    out: &StepOutcome,
    house: HouseId,
    lang: Lang,
    deadline: &str,
) -> ReportContext {
    let state: &GameState = &out.state;
    let mut revealed: Vec<RevealedOrders> = Vec::new();
    for h in board.house_ids() {
        let list: Vec<String> = out
            .revealed
            .iter()
            .filter(|(x, _, _)| *x == h)
            .map(|(_, a, o)| {
                let name = board.area(*a).name(lang);
                match lang {
                    Lang::Zh => format!("{} {}", name, o.name_zh()),
                    Lang::En => format!("{} {}", name, o.name_en()),
                }
            })
            .collect();
        if out.closed == crate::rules::Step::Placement {
            let sep = if lang == Lang::Zh { ";" } else { "; " };
            let none = if lang == Lang::Zh {
                "(无命令)"
            } else {
                "(no orders)"
            };
            revealed.push(RevealedOrders {
                house: board.house(h).name(lang).to_string(),
                orders: if list.is_empty() {
                    none.to_string()
                } else {
                    list.join(sep)
                },
            });
        }
    }
    let events = out
        .log
        .iter()
        .map(|e| words::event(board, lang, e))
        .collect();
    let defaults = out
        .silent
        .iter()
        .map(|h| {
            let name = board.house(*h).name(lang);
            match (out.closed, lang) {
                (crate::rules::Step::Placement, Lang::Zh) => format!("{name}没有提交命令:本回合不布置任何命令(A-26)。"),
                (crate::rules::Step::Placement, Lang::En) => format!("{name} sent no orders: no orders this round (A-26)."),
                (_, Lang::Zh) => format!("{name}没有提交执行方案:不执行行军和突袭,支援、防守和巩固统治自动生效(A-26)。"),
                (_, Lang::En) => format!("{name} sent no plan: no marches or raids; support, defence and consolidation work by themselves (A-26)."),
            }
        })
        .collect();
    let names = |i: usize| -> String {
        let sep = " > ";
        state.tracks[i]
            .iter()
            .map(|h| board.house(*h).name(lang).to_string())
            .collect::<Vec<_>>()
            .join(sep)
    };
    ReportContext {
        game: game.to_string(),
        house: board.house(house).name(lang).to_string(),
        round: out.round,
        closed: step_name(out.closed, lang),
        revealed,
        events,
        defaults,
        map: view(board, state, lang),
        tracks: TrackNames {
            iron_throne: names(0),
            fiefdoms: names(1),
            kings_court: names(2),
        },
        private: Vec::new(),
        winner: state.winner.map(|h| board.house(h).name(lang).to_string()),
        next_round: state.round,
        next_step: step_name(state.step, lang),
        deadline: deadline.to_string(),
        instructions: instructions(state.step, lang),
    }
}

/// Render and compose a report letter.
pub fn report_letter(
    templates: &Templates,
    sender: &Sender,
    to: &Mailbox,
    ctx: &ReportContext,
    lang: Lang,
    id_seed: &str,
) -> Result<Letter, String> {
    let text = templates.render("report", lang, ctx)?;
    let subject = match lang {
        Lang::Zh => format!("[{}] 第{}回合 {}结果", ctx.game, ctx.round, ctx.closed),
        Lang::En => format!("[{}] round {}: {} results", ctx.game, ctx.round, ctx.closed),
    };
    letter(sender, to, subject, text, id_seed, None)
}
