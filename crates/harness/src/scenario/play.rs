//! Playing a scenario's round through the game's step machine (`game::check` and
//! `game::close_steps`, the code the daemon runs): each step's submissions are read from the
//! case as a player mails them, checked like a mail, and the step is closed; a house with nothing
//! written is silent and takes the defaults. The round ends with its end (leaders' rest, the
//! end-of-game check) and the play stops where the next round would begin.

use super::format::Outcome;
use super::format::{Mails, Scenario, ScenarioError, house};
use maester_board::{Board, HouseId, Lang};
use maester_game::{self as game, Options, Submission, SubmissionError};
use maester_lang::submit::{names, parse_mail};
use maester_rules::event_phase::AdvanceNotice;
use maester_rules::log::Event;
use maester_rules::{GameState, Step};
use maester_words::Spelling;
use maester_words::economy::Describe;
use maester_words::log as words;
use maester_words::rule_text::RuleText;
use std::collections::BTreeMap;

/// What a round played gives.
pub struct Played {
    /// The state where the play stopped.
    pub state: GameState,
    /// The military log.
    pub military: Vec<Event>,
    /// The problems of each refused mail of a house (parse and validation), in the order
    /// sent, by house; a house that sent anything has an entry, empty when nothing was refused.
    pub problems: BTreeMap<HouseId, Vec<Vec<String>>>,
    /// The secret notices about the next round (004:L1165, L2448).
    pub notices: Vec<AdvanceNotice>,
    /// The public preview of the coming rounds at the start of the round (004:L2632).
    pub preview: Vec<String>,
}

/// The case's section for the open step, and its name for messages. The `events` step asks the
/// chooser first while a chooser card is undecided (004:L2640–L2644).
fn section<'a>(
    sc: &'a Scenario,
    state: &GameState,
) -> Option<(&'static str, &'a BTreeMap<String, Mails>)> {
    match state.step {
        Step::Events if !maester_rules::event_phase::events::pending_choices(state).is_empty() => {
            Some(("choices", &sc.choices))
        }
        Step::Events => Some(("event_orders", &sc.event_orders)),
        Step::EventsAnswers => Some(("answers", &sc.answers)),
        Step::Placement => Some(("orders", &sc.orders)),
        Step::Raven => Some(("raven", &sc.raven)),
        Step::Plan => Some(("plans", &sc.plans)),
        Step::Retreat => Some(("retreats", &sc.retreats)),
        Step::Finished => None,
    }
}

/// A refused submission in words.
fn refusal(board: &Board, e: &SubmissionError) -> Vec<String> {
    let zh = Lang::Zh;
    match e {
        SubmissionError::WrongStep { open, sent } => vec![format!(
            "现在是{},这份提交属于{}",
            open.name_zh(),
            sent.name_zh()
        )],
        SubmissionError::Placement(v) => v.iter().map(|p| p.message(board, zh)).collect(),
        SubmissionError::Plan(v) => v.iter().map(|p| p.message(board, zh)).collect(),
        SubmissionError::Event(v) => v.iter().map(|p| p.message(board, zh)).collect(),
    }
}

/// Read and check the submissions of the open step, as the daemon reads and checks a mail.
fn submissions(
    board: &Board,
    state: &GameState,
    texts: &BTreeMap<String, Mails>,
    played: &mut Played,
) -> Result<Vec<(HouseId, Submission)>, ScenarioError> {
    let names = names(board);
    let mut subs = Vec::new();
    for (h, mails) in texts {
        let h = house(board, &names, h)?;
        for text in mails.texts() {
            read_one(board, state, h, text, played, &mut subs);
        }
    }
    Ok(subs)
}

/// One mail: parsed, checked, kept when valid.
fn read_one(
    board: &Board,
    state: &GameState,
    h: HouseId,
    text: &str,
    played: &mut Played,
    subs: &mut Vec<(HouseId, Submission)>,
) {
    {
        let parsed = parse_mail(board, state, text, Lang::Zh);
        let mut problems: Vec<String> = parsed
            .errors
            .iter()
            .map(|e| format!("line {}: {}", e.line, e.message))
            .collect();
        let mut valid = true;
        if let Some(sub) = parsed.partial.as_ref().or(parsed.submission.as_ref())
            && let Err(e) = game::check(board, state, h, sub)
        {
            problems.extend(refusal(board, &e));
            valid = false;
        }
        if parsed.submission.is_none() && parsed.errors.is_empty() && !text.trim().is_empty() {
            problems.push(format!("nothing for {} in this text", state.step.name_zh()));
        }
        let refused = played.problems.entry(h).or_default();
        if !problems.is_empty() {
            refused.push(problems);
        }
        if let Some(sub) = parsed.submission.filter(|_| valid) {
            subs.push((h, sub));
        }
    }
}

/// Play the case's round from its start to its end.
pub fn play(board: &Board, sc: &Scenario, out: &mut Outcome) -> Result<Played, ScenarioError> {
    let names = names(board);
    let mut state = sc.position(board, &names)?;
    if sc.has_event_phase() {
        let (s, log) = sc.begin_events(board, state)?;
        state = s;
        out.log
            .extend(log.iter().map(|e| e.describe(board, Lang::Zh)));
    } else {
        for (what, texts) in [
            ("choices", &sc.choices),
            ("event_orders", &sc.event_orders),
            ("answers", &sc.answers),
        ] {
            if !texts.is_empty() {
                return Err(ScenarioError(format!(
                    "[{what}] needs the round's events: set [setup] events"
                )));
            }
        }
    }
    let mut played = Played {
        state: state.clone(),
        military: Vec::new(),
        problems: BTreeMap::new(),
        notices: Vec::new(),
        preview: super::history::preview(&state),
    };
    let round = state.round;
    let mut used: Vec<&'static str> = Vec::new();
    // Each pass closes the open step and the steps after it that nobody has to wait for.
    for _ in 0..Step::ALL.len() * 2 {
        if state.step == Step::Finished || state.round != round {
            break;
        }
        if !matches!(state.step, Step::Events | Step::EventsAnswers)
            && let Some(deck) = state.economy.deck.as_mut().map(std::sync::Arc::make_mut)
        {
            // The next round's events are not part of the case: without them the round's end
            // opens the next round at its placement, where the play stops.
            deck.upcoming.clear();
        }
        let subs = match section(sc, &state) {
            Some((what, texts)) => {
                used.push(what);
                submissions(board, &state, texts, &mut played)?
            }
            None => Vec::new(),
        };
        let o = game::close_steps(
            board,
            &state,
            &subs,
            Options {
                settings: sc.setup.rules,
                stop_at_round_end: true,
                ..Options::default()
            },
        );
        out.log
            .extend(o.log.iter().map(|e| words::event(board, Lang::Zh, e)));
        out.log
            .extend(o.economy.iter().map(|e| e.describe(board, Lang::Zh)));
        for (step, h) in o.silent() {
            out.log.push(format!(
                "({}未提交{},按默认处理)",
                board.house(h).name(Lang::Zh),
                step.name_zh()
            ));
        }
        played.military.extend(o.log);
        played.notices.extend(o.notices);
        state = o.state;
    }
    let sections = [
        ("choices", &sc.choices, Step::Events),
        ("event_orders", &sc.event_orders, Step::Events),
        ("answers", &sc.answers, Step::EventsAnswers),
        ("orders", &sc.orders, Step::Placement),
        ("raven", &sc.raven, Step::Raven),
        ("plans", &sc.plans, Step::Plan),
        ("retreats", &sc.retreats, Step::Retreat),
    ];
    for (what, texts, step) in sections {
        if !texts.is_empty() && !used.contains(&what) {
            out.failures.push(format!(
                "[{what}] was never asked for: the round did not stop at the {} step",
                step.key()
            ));
        }
    }
    played.state = state;
    Ok(played)
}
