//! A closed step's public report in words: what every house's report of the step says to all
//! of them (the revealed orders, the executed plans, the adjudication, the event phase, the
//! defaults, the control changes, the tracks and the houses), made of the report's own
//! sentences from `maester-words`, with the rule references as a player reads them. Nothing a
//! house alone was told, nothing of what a house is asked to send.

use crate::record::{ClosedStep, Record};
use chrono::{DateTime, Utc};
use maester_board::{Board, Lang};
use maester_rules::log::Event;
use maester_rules::log_events::EconomyEvent;
use maester_rules::{GameState, Step as RuleStep};
use maester_words::economy::Describe;
use maester_words::publish::{self as w, Label};
use maester_words::view::{HouseView, view};
use maester_words::{Spelling, cite, report_lines};

/// One closed step as the store keeps it: the states around it, its military log, its public
/// record (none for a close stored by an older maester) and when it closed.
#[derive(Clone, Debug)]
pub struct Step {
    /// The snapshot the close wrote.
    pub seq: i64,
    /// The state the close started from (none when the store no longer has it).
    pub before: Option<GameState>,
    /// The state after it.
    pub after: GameState,
    /// Its military log.
    pub events: Vec<Event>,
    /// Its public record.
    pub record: Option<Record>,
    /// The next step's deadline in words, in the reader's language (empty: none).
    pub deadline: String,
    /// When it closed.
    pub closed_at: DateTime<Utc>,
    /// The close re-ran a step a GM rolled back: the line naming the earlier version it
    /// replaces (`report_lines::correction`, in the reader's language); none otherwise.
    pub correction: Option<String>,
}

impl Step {
    /// The round of the first step the close closed.
    pub fn round(&self) -> u8 {
        match (&self.record, &self.before) {
            (Some(r), _) => r.round,
            (None, Some(b)) => b.round,
            (None, None) => self.after.round,
        }
    }

    /// The steps the close closed.
    pub fn closed_steps(&self) -> Vec<RuleStep> {
        match (&self.record, &self.before) {
            (Some(r), _) => r.steps.iter().map(|c| c.step).collect(),
            (None, Some(b)) => vec![b.step],
            (None, None) => Vec::new(),
        }
    }

    /// The stable name of its page and picture: `r3-plan-17` (round, first step, snapshot).
    pub fn slug(&self) -> String {
        let step = self
            .closed_steps()
            .first()
            .map(|s| s.key())
            .unwrap_or("step");
        format!("r{}-{}-{}", self.round(), step, self.seq)
    }
}

/// A step's public report in words.
#[derive(Clone, Debug)]
pub struct Public {
    /// The title: the game, the round and the steps closed.
    pub title: String,
    /// The round and the steps closed, short.
    pub short: String,
    /// The orders revealed, per house (house, orders).
    pub revealed: Vec<(String, String)>,
    /// The executed plans, per house.
    pub plans: Vec<(String, Vec<String>)>,
    /// The adjudication (the Raven's change first; every battle with both sides' totals and
    /// leaders, then what became of them).
    pub events: Vec<String>,
    /// The event phase and the end of the round.
    pub economy: Vec<String>,
    /// The first window's provisional results.
    pub provisional: Vec<String>,
    /// Decisions taken for silent players.
    pub defaults: Vec<String>,
    /// What each closed step used of each house asked: its receipt, the GM's submit, or the
    /// defaults (empty in a close of an older maester).
    pub receipts: Vec<String>,
    /// Areas whose holder changed.
    pub control_changes: Vec<String>,
    /// The three tracks (label, houses in order).
    pub tracks: Vec<(String, String)>,
    /// The houses (power, supply, castles).
    pub houses: Vec<HouseView>,
    /// The wildlings' strength.
    pub wildlings: u8,
    /// The end: the result, or the next step and its deadline.
    pub end: String,
    /// Who is asked to send something in the next step.
    pub asked: String,
    /// The close was stored by an older maester: only the adjudication and the map remain.
    pub older: bool,
    /// A corrected step: the line naming the earlier version it replaces (the title is
    /// marked 【更正】 / [Correction] too).
    pub correction: Option<String>,
    /// The final step: the game's summary (`chronicle::summary`: sections of a heading and
    /// lines), which needs the whole line of steps, so the caller fills it; empty otherwise.
    pub summary: Vec<(String, Vec<String>)>,
    /// The seats that want a substitute, and how to apply (`words::seats::wanted`): set by
    /// the shell for the newest step only; empty from [`public`].
    pub seats: Vec<String>,
}

/// The public report of `step` in `lang`.
pub fn public(board: &Board, game: &str, step: &Step, lang: Lang) -> Public {
    let state = &step.after;
    let closed: Vec<String> = step
        .closed_steps()
        .iter()
        .map(|s| maester_words::instructions::step_name(*s, lang))
        .collect();
    let closed = report_lines::list(&closed, lang);
    let player = |s: String| cite::for_player(&s, lang);
    let empty = Record::default();
    let rec = step.record.as_ref().unwrap_or(&empty);
    let events = maester_words::log::adjudication(board, lang, rec.raven, &step.events);
    let mut economy: Vec<String> = rec
        .economy
        .iter()
        .map(|e| e.describe(board, lang))
        .collect();
    // With the optional rules the drawn rounds are announced to everyone (004:L2632, T-50).
    economy.extend(maester_words::event_text::preview_of(
        state,
        &rec.economy,
        lang,
    ));
    let defaults = rec
        .steps
        .iter()
        .flat_map(|c| c.silent.iter().map(move |h| (c.step, *h)))
        .map(|(s, h)| maester_words::asks::default_text(board, s, h, lang))
        .collect::<Vec<_>>();
    let names = |i: usize| -> String {
        state.tracks[i]
            .iter()
            .map(|h| board.house(*h).name(lang).to_string())
            .collect::<Vec<_>>()
            .join(" > ")
    };
    let v = view(board, state, lang);
    let result = rec
        .result
        .as_ref()
        .or(state.economy.result.as_ref())
        .map(|r| EconomyEvent::GameOver { result: r.clone() }.describe(board, lang));
    let end = match (result, state.winner) {
        (Some(r), _) => r,
        (None, Some(h)) => w::game_over(board.house(h).name(lang), lang),
        (None, None) => w::next_step(
            state.round,
            &maester_words::instructions::step_name(state.step, lang),
            &step.deadline,
            lang,
        ),
    };
    let asked: Vec<String> = if state.step == RuleStep::Finished {
        Vec::new()
    } else {
        maester_game::expected(board, state)
            .into_iter()
            .map(|h| board.house(h).name(lang).to_string())
            .collect()
    };
    Public {
        title: match &step.correction {
            Some(_) => {
                report_lines::correction_subject(&w::title(game, step.round(), &closed, lang), lang)
            }
            None => w::title(game, step.round(), &closed, lang),
        },
        short: w::round_step(step.round(), &closed, lang),
        revealed: revealed(board, rec, lang),
        plans: rec
            .plans
            .iter()
            .map(|p| {
                let lines = if lang == Lang::Zh { &p.zh } else { &p.en };
                (board.house(p.house).name(lang).to_string(), lines.clone())
            })
            .collect(),
        events: events.into_iter().map(player).collect(),
        economy: economy.into_iter().map(player).collect(),
        provisional: rec
            .provisional
            .iter()
            .map(|e| player(e.describe(board, lang)))
            .collect(),
        defaults: defaults.into_iter().map(player).collect(),
        receipts: receipt_lines(board, &rec.steps, &rec.late, lang),
        control_changes: step
            .before
            .as_ref()
            .map(|b| maester_words::map_text::control_changes(board, b, state, lang))
            .unwrap_or_default(),
        tracks: vec![
            (w::label(Label::IronThrone, lang).to_string(), names(0)),
            (w::label(Label::Fiefdoms, lang).to_string(), names(1)),
            (w::label(Label::KingsCourt, lang).to_string(), names(2)),
        ],
        houses: v.houses.into_iter().filter(|h| !h.neutral).collect(),
        wildlings: v.wildlings,
        end,
        asked: if asked.is_empty() {
            String::new()
        } else {
            maester_words::gm_copy::asked_next(&asked, lang)
        },
        older: step.record.is_none(),
        correction: step.correction.clone(),
        summary: Vec::new(),
        seats: Vec::new(),
    }
}

/// The orders revealed, per house, as the report writes them.
fn revealed(board: &Board, rec: &Record, lang: Lang) -> Vec<(String, String)> {
    if !rec.steps.iter().any(|c| c.step == RuleStep::Placement) {
        return Vec::new();
    }
    board
        .house_ids()
        .map(|h| {
            let list: Vec<String> = rec
                .revealed
                .iter()
                .filter(|(x, _, _)| *x == h)
                .map(|(_, a, o)| {
                    let order = if lang == Lang::Zh {
                        o.name_zh()
                    } else {
                        o.name_en()
                    };
                    format!("{} {}", board.area(*a).name(lang), order)
                })
                .chain(
                    rec.revealed_one_time
                        .iter()
                        .filter(|(_, p)| p.house == h)
                        .map(|(a, p)| report_lines::one_time_order(board, *a, p, lang)),
                )
                .collect();
            (
                board.house(h).name(lang).to_string(),
                report_lines::orders(&list, lang),
            )
        })
        .collect()
}

/// The public record's receipts: for each closed step, each house's submission it used (its
/// receipt, or the GM's submit), then each house that sent nothing — `late` when what it sent
/// came after the step closed. A close stored before receipts existed lists none.
pub fn receipt_lines(
    board: &Board,
    steps: &[ClosedStep],
    late: &[(RuleStep, maester_board::HouseId)],
    lang: Lang,
) -> Vec<String> {
    use maester_words::receipts::{Source, used};
    if steps.iter().all(|c| c.used.is_empty()) && late.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for c in steps {
        let step = maester_words::instructions::step_name(c.step, lang);
        for u in &c.used {
            let source = match &u.receipt {
                Some(r) => Source::Mail(r),
                None => Source::Gm,
            };
            out.push(used(board.house(u.house).name(lang), &step, source, lang));
        }
        for h in &c.silent {
            let source = if late.contains(&(c.step, *h)) {
                Source::Late
            } else {
                Source::Silent
            };
            out.push(used(board.house(*h).name(lang), &step, source, lang));
        }
    }
    out
}
