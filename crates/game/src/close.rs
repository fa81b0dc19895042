//! Closing steps: the open step with the houses' latest submissions, then every following step
//! that needs no waiting (nobody has anything to send, or — with early closing — everybody has
//! sent already), through the end of the round into the next one.

use super::expect::{expected, open_questions, raven_holder};
use super::input::{assign_choices, first_window, retreat_answers, second_window};
use super::{EventAnswers, EventOrders, RetreatChoice, Submission};
use maester_board::{AreaId, Board, HouseId, Order};
use maester_rules::event_phase::build::{self, BuildPlan, BuildWindow};
use maester_rules::event_phase::{
    self, AdvanceNotice, EventPhaseOutcome, Question, round_modifiers,
};
use maester_rules::log::Event;
use maester_rules::log_events::EconomyEvent;
use maester_rules::modifiers::Settings;
use maester_rules::optional::one_time::PlacedOneTime;
use maester_rules::orders::{Placement, Plan};
use maester_rules::round::endgame::{self, GameResult, RoundEnd, WinHow};
use maester_rules::{
    GameState, Step, event_phase::economy, event_phase::events, military::retreat,
    planning::placement, planning::plan_check, round::rest,
};

/// How steps are closed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The game's rule settings.
    pub settings: Settings,
    /// A following step whose houses have all sent already closes at once too.
    pub early_close: bool,
    /// Stop when the round ends (the next round's first step open), even if nobody has to be
    /// waited for there: a scenario plays one round (an empty board would play on to the end).
    pub stop_at_round_end: bool,
}

/// One step closed by a call, with the houses that were asked and sent nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Closed {
    /// Its round.
    pub round: u8,
    /// The step.
    pub step: Step,
    /// Houses that had something to send and did not: they got the defaults.
    pub silent: Vec<HouseId>,
}

/// The result of closing a step (and the steps that followed it at once).
#[derive(Clone, Debug)]
pub struct StepOutcome {
    /// The new state (the next step open).
    pub state: GameState,
    /// The step that was closed first (the one whose deadline passed).
    pub closed: Step,
    /// Round of that step.
    pub round: u8,
    /// Every step closed, in order.
    pub steps: Vec<Closed>,
    /// Orders revealed when placement closes, by house.
    pub revealed: Vec<(HouseId, AreaId, Order)>,
    /// One-time orders revealed with them (optional rule, 004:L2619).
    pub revealed_one_time: Vec<(AreaId, PlacedOneTime)>,
    /// The Raven holder's change: house, area, old order, new order.
    pub raven: Option<(HouseId, AreaId, Order, Order)>,
    /// The military log (plan and retreat steps).
    pub log: Vec<Event>,
    /// The event-phase and end-of-round log.
    pub economy: Vec<EconomyEvent>,
    /// When the second event window opens: the first window's results as they stand with every
    /// answer at its default (published before the answers, 附录1).
    pub provisional: Vec<EconomyEvent>,
    /// Secret notices about the next round, each for its house only.
    pub notices: Vec<AdvanceNotice>,
    /// The open questions when the second event window opens.
    pub questions: Vec<Question>,
    /// The result, once the game is over.
    pub result: Option<GameResult>,
    /// The houses that have something to send in the step left open ([`expected`] of `state`;
    /// empty once the game is over).
    pub expected: Vec<HouseId>,
    /// The first window's resolution (of the input stored in the state's event window), reused
    /// when the second window changes nothing.
    cached: Option<Box<EventPhaseOutcome>>,
}

impl StepOutcome {
    /// Every (step, house) that took the defaults.
    pub fn silent(&self) -> Vec<(Step, HouseId)> {
        self.steps
            .iter()
            .flat_map(|c| c.silent.iter().map(move |h| (c.step, *h)))
            .collect()
    }
}

/// Close the open step with the latest valid submission of each house, default settings.
pub fn close_step(board: &Board, state: &GameState, subs: &[(HouseId, Submission)]) -> StepOutcome {
    close_steps(board, state, subs, Options::default())
}

/// Close the open step with the latest valid submission of each house.
pub fn close_step_with(
    board: &Board,
    state: &GameState,
    subs: &[(HouseId, Submission)],
    settings: &Settings,
) -> StepOutcome {
    close_steps(
        board,
        state,
        subs,
        Options {
            settings: *settings,
            ..Options::default()
        },
    )
}

fn latest(subs: &[(HouseId, Submission)], h: HouseId, step: Step) -> Option<&Submission> {
    subs.iter()
        .rev()
        .find(|(x, s)| *x == h && s.step() == step)
        .map(|(_, s)| s)
}

fn has_sent(subs: &[(HouseId, Submission)], h: HouseId, step: Step) -> bool {
    latest(subs, h, step).is_some()
        || (step == Step::Raven && latest(subs, h, Step::Plan).is_some())
}

/// Close the open step, then every step after it that needs no waiting. `subs` are the
/// submissions of the open round (any of its steps; each step uses its own).
pub fn close_steps(
    board: &Board,
    state: &GameState,
    subs: &[(HouseId, Submission)],
    opts: Options,
) -> StepOutcome {
    close_steps_owned(board, state.clone(), subs, opts)
}

/// [`close_steps`] taking the state by value (no copy of it when the caller has no further use
/// for it, as in the simulator).
pub fn close_steps_owned(
    board: &Board,
    state: GameState,
    subs: &[(HouseId, Submission)],
    opts: Options,
) -> StepOutcome {
    let exp = expected(board, &state);
    close_steps_expected(board, state, subs, opts, exp)
}

/// [`close_steps_owned`] with `exp` the houses that have something to send in the open step,
/// i.e. [`expected`] of `state`, which the caller already has (the simulator takes it from the
/// previous call's [`StepOutcome::expected`]).
pub fn close_steps_expected(
    board: &Board,
    state: GameState,
    subs: &[(HouseId, Submission)],
    opts: Options,
    exp: Vec<HouseId>,
) -> StepOutcome {
    let mut out = StepOutcome {
        closed: state.step,
        round: state.round,
        steps: Vec::new(),
        revealed: Vec::new(),
        revealed_one_time: Vec::new(),
        raven: None,
        log: Vec::new(),
        economy: Vec::new(),
        provisional: Vec::new(),
        notices: Vec::new(),
        questions: Vec::new(),
        result: None,
        expected: Vec::new(),
        cached: None,
        state,
    };
    let mut subs = subs;
    let mut first = true;
    let mut exp = Some(exp);
    while out.state.step != Step::Finished {
        let exp = match exp.take() {
            Some(e) => e,
            None => expected(board, &out.state),
        };
        let view = visible(&out.state, subs);
        if !first {
            let step = out.state.step;
            let ready = exp.is_empty()
                || (opts.early_close && exp.iter().all(|h| has_sent(&view, *h, step)));
            if !ready {
                out.expected = exp;
                break;
            }
        }
        first = false;
        let round = out.state.round;
        close_one(board, &mut out, &view, opts, exp);
        if out.state.round != round {
            subs = &[];
            if opts.stop_at_round_end {
                out.expected = expected(board, &out.state);
                break;
            }
        }
    }
    if out.state.step == Step::EventsAnswers {
        out.questions = open_questions(board, &out.state).into_owned();
    }
    out.cached = None;
    out
}

/// The submissions the open step reads. The `events` step asks twice when a chooser card of
/// the round is undecided: first its chooser for the choice, then the houses the events concern;
/// each part reads only its own mails (a choice is refused in the second part, anything else in
/// the first).
/// Outside the `events` step the submissions are read as they are, without a copy.
fn visible<'a>(
    state: &GameState,
    subs: &'a [(HouseId, Submission)],
) -> std::borrow::Cow<'a, [(HouseId, Submission)]> {
    if state.step != Step::Events {
        return std::borrow::Cow::Borrowed(subs);
    }
    let choosing = !events::pending_choices(state).is_empty();
    let read = |s: &Submission| match s {
        Submission::Events(o) => o.choices.is_empty() != choosing,
        _ => true,
    };
    // Without a chooser card every mail of the step is read: no copy.
    if subs.iter().all(|(_, s)| read(s)) {
        return std::borrow::Cow::Borrowed(subs);
    }
    std::borrow::Cow::Owned(subs.iter().filter(|(_, s)| read(s)).cloned().collect())
}

/// Close the choosing part of the `events` step: each undecided chooser card becomes its
/// holder's choice, or the default when he sent none (004:L2640–L2644, A-26); the step stays
/// open for the chosen events' own submissions.
/// Returns whether every card is decided now (else the step closes as a whole, with the
/// undecided cards left to `event_phase::resolve`).
fn close_choices(board: &Board, out: &mut StepOutcome, subs: &[(HouseId, Submission)]) -> bool {
    for (c, holder) in events::pending_choices(&out.state) {
        let picked = holder.and_then(|h| match latest(subs, h, Step::Events) {
            Some(Submission::Events(o)) => assign_choices(&out.state, h, &o.choices)
                .ok()
                .and_then(|v| v.into_iter().find(|(x, _)| *x == c).map(|(_, e)| e)),
            _ => None,
        });
        let done = events::choose(board, &mut out.state, c, holder, picked)
            .or_else(|_| events::choose(board, &mut out.state, c, holder, None));
        if let Ok(l) = done {
            out.economy.extend(l);
        }
    }
    events::pending_choices(&out.state).is_empty()
}

/// Add a log to another, moving it when the other is still empty (no copy, no growing).
fn append<T>(to: &mut Vec<T>, log: Vec<T>) {
    if to.is_empty() {
        *to = log;
    } else {
        to.extend(log);
    }
}

fn close_one(
    board: &Board,
    out: &mut StepOutcome,
    subs: &[(HouseId, Submission)],
    opts: Options,
    exp: Vec<HouseId>,
) {
    let step = out.state.step;
    let round = out.state.round;
    let mut silent: Vec<HouseId> = exp
        .iter()
        .copied()
        .filter(|h| latest(subs, *h, step).is_none())
        .collect();
    match step {
        Step::Finished => {}
        Step::Events
            if !events::pending_choices(&out.state).is_empty()
                && close_choices(board, out, subs) =>
        {
            // The default is named in the log with its rule; the report lists no other default.
            silent.clear();
        }
        Step::Events => close_first_window(board, out, subs),
        Step::EventsAnswers => close_answers(board, out, subs),
        Step::Placement => close_placement(board, out, subs),
        Step::Raven => {
            silent.retain(|h| latest(subs, *h, Step::Plan).is_none());
            let holder = raven_holder(&out.state);
            // The holder's latest Raven submission; `None` (no change) leaves the orders as
            // they are, exactly as his silence does.
            if let Some(h) = holder
                && let Some(Submission::Raven(Some(change))) = latest(subs, h, step)
                && let Ok((s, old)) =
                    placement::raven(board, &out.state, h, *change, &round_modifiers(&out.state))
            {
                out.state = s;
                out.raven = Some((h, change.area, old, change.order));
            }
            out.state.step = Step::Plan;
        }
        Step::Plan => close_plan(board, out, subs, opts, &exp, &mut silent),
        Step::Retreat => {
            let mine: Vec<(HouseId, Vec<RetreatChoice>)> = board
                .house_ids()
                .filter_map(|h| match latest(subs, h, step) {
                    Some(Submission::Retreat(v)) => Some((h, v.clone())),
                    _ => None,
                })
                .collect();
            let answers = retreat_answers(&out.state, &mine);
            settle(board, out, &answers);
            end_round(board, out);
        }
    }
    silent.sort();
    out.steps.push(Closed {
        round,
        step,
        silent,
    });
}

/// The event phase's first window: the orders kept, the provisional resolution and its
/// questions.
fn close_first_window(board: &Board, out: &mut StepOutcome, subs: &[(HouseId, Submission)]) {
    let step = Step::Events;
    let mine: Vec<(HouseId, &EventOrders)> = board
        .house_ids()
        .filter_map(|h| match latest(subs, h, step) {
            Some(Submission::Events(o)) => Some((h, o)),
            _ => None,
        })
        .collect();
    let input = first_window(board, &out.state, &mine);
    let mut questions = Vec::new();
    if let Ok(mut o) = event_phase::resolve(board, &out.state, &input) {
        // The log is published as provisional; a reuse of the resolution in the same
        // call takes it back from there.
        out.provisional = std::mem::take(&mut o.log);
        questions = o.questions.clone();
        out.cached = Some(Box::new(o));
    }
    out.state.event_window = Some(Box::new(event_phase::EventWindow { input, questions }));
    out.state.step = Step::EventsAnswers;
}

/// The event phase's second window: the answers, and the phase resolved with both windows.
fn close_answers(board: &Board, out: &mut StepOutcome, subs: &[(HouseId, Submission)]) {
    let step = Step::EventsAnswers;
    let mine: Vec<(HouseId, &EventAnswers)> = board
        .house_ids()
        .filter_map(|h| match latest(subs, h, step) {
            Some(Submission::Answers(a)) => Some((h, a)),
            _ => None,
        })
        .collect();
    let (input, made) = second_window(board, &out.state, &mine);
    let provisional = std::mem::take(&mut out.provisional);
    // A resolution already made with exactly this input is reused: the first window's
    // (nothing answered changed it) or the one the answers' decisions needed.
    let first = out.state.event_window.as_ref().map(|w| &w.input);
    let done = match (out.cached.take(), made) {
        (Some(c), _) if first == Some(&input) => {
            let mut o = *c;
            o.log = provisional;
            Ok(o)
        }
        (_, Some((i, o))) if i == input => Ok(o),
        _ => event_phase::resolve(board, &out.state, &input),
    };
    if let Ok(o) = done {
        out.state = o.state;
        append(&mut out.economy, o.log);
        out.notices = o.notices;
    }
    out.state.event_window = None;
    out.state.step = Step::Placement;
    solo(board, out);
}

/// The execution plans: the military phase, the economy after it, the end of the round (or a
/// retreat step when a beaten force has a choice). A house whose plan fails its check is silent.
fn close_plan(
    board: &Board,
    out: &mut StepOutcome,
    subs: &[(HouseId, Submission)],
    opts: Options,
    exp: &[HouseId],
    silent: &mut Vec<HouseId>,
) {
    let step = Step::Plan;
    let mut plans = Vec::new();
    for h in board.house_ids() {
        match latest(subs, h, step) {
            Some(Submission::Plan(p)) if plan_check::check(board, &out.state, h, p).is_empty() => {
                plans.push(Plan::clone(p))
            }
            _ => {
                if exp.contains(&h) && !silent.contains(&h) {
                    silent.push(h);
                }
                plans.push(Plan::default());
            }
        }
    }
    let mods = round_modifiers(&out.state);
    let r = maester_rules::military::resolve_owned(
        board,
        out.state.take(),
        plans,
        &mods,
        opts.settings,
    );
    let mut s = r.state;
    economy::after_military(board, &mut s, &r.log);
    let l = rest::end_of_round_in(board, &mut s, &r.fought);
    append(&mut out.log, r.log);
    out.state = s;
    out.economy.extend(l);
    // A retreat choice waits unless the phase already ended the game (six castles).
    if out.state.winner.is_none()
        && out
            .state
            .pending_retreats
            .iter()
            .any(|p| p.candidates.len() > 1)
    {
        out.state.step = Step::Retreat;
    } else {
        settle(board, out, &[]);
        end_round(board, out);
    }
}

fn close_placement(board: &Board, out: &mut StepOutcome, subs: &[(HouseId, Submission)]) {
    let mods = round_modifiers(&out.state);
    let mut placements: Vec<(HouseId, Placement)> = Vec::new();
    let mut builds: Vec<(HouseId, BuildPlan)> = Vec::new();
    for h in board.house_ids() {
        if let Some(Submission::Placement(p)) = latest(subs, h, Step::Placement)
            && !out.state.house(h).neutral
            && placement::is_valid(board, &out.state, h, p, &mods)
        {
            placements.push((h, p.placement.clone()));
            if p.build != BuildPlan::default() {
                builds.push((h, p.build.clone()));
            }
        }
    }
    placement::apply(&mut out.state, &placements);
    // Ports and fortifications of this window, ready at the end of it (004:L1709–L1712).
    if !builds.is_empty() {
        let l = build::resolve_in(board, &mut out.state, &builds, BuildWindow::Placement);
        out.economy.extend(l);
    }
    // The orders revealed, house by house in Iron Throne order, each house's in board order
    // (one pass over the map, then a stable sort by the house's rank).
    let mut shown: Vec<(usize, HouseId, AreaId, Order)> = Vec::with_capacity(32);
    for a in board.area_ids() {
        let st = out.state.area(a);
        if let (Some(o), Some(h)) = (st.order, st.house)
            && let Some(rank) = out.state.throne_order().iter().position(|x| *x == h)
        {
            shown.push((rank, h, a, o));
        }
    }
    shown.sort_by_key(|x| x.0);
    out.revealed
        .extend(shown.into_iter().map(|(_, h, a, o)| (h, a, o)));
    for a in board.area_ids() {
        if let Some(p) = out.state.area(a).one_time {
            out.revealed_one_time.push((a, p));
        }
    }
    out.state.step = Step::Raven;
}

fn settle(board: &Board, out: &mut StepOutcome, answers: &[(usize, AreaId)]) {
    if out.state.pending_retreats.is_empty() {
        return;
    }
    let (s, log) = retreat::settle_pending(board, &out.state, answers);
    out.state = s;
    out.log.extend(log);
}

/// A six-castle win at any moment (004:L266).
fn solo(board: &Board, out: &mut StepOutcome) {
    if let Some(h) = out.state.winner
        && out.state.step != Step::Finished
    {
        // The military phase stopped at six castles.
        let castles = out.state.castles(board, h).min(u8::MAX as usize) as u8;
        let result = GameResult::Won {
            house: h,
            castles,
            how: WinHow::SixCastles,
        };
        out.state.step = Step::Finished;
        out.state.economy.result = Some(result.clone());
        out.economy.push(EconomyEvent::GameOver {
            result: result.clone(),
        });
        out.result = Some(result);
        return;
    }
    // Nobody near six castles: nothing to check (and no copy of the state).
    let need = board.rules.castles_to_win as usize;
    let counts = out.state.castle_counts(board);
    if counts
        .iter()
        .zip(&out.state.houses)
        .all(|(n, h)| *n < need || h.neutral)
    {
        return;
    }
    let (s, r, l) = endgame::check_solo(board, &out.state);
    out.state = s;
    out.economy.extend(l);
    if r.is_some() {
        out.result = r;
    }
}

/// The end of a round: the end-of-game check, then the next round's start.
fn end_round(board: &Board, out: &mut StepOutcome) {
    solo(board, out);
    if out.state.step == Step::Finished {
        return;
    }
    if out.state.round < board.rules.rounds {
        // Before the last round only a six-castle win ends the game, checked just above.
        out.state.round = out.state.round.saturating_add(1);
        start_round(board, &mut out.state, &mut out.economy);
        return;
    }
    let (mut s, end, l) = endgame::end_of_round(board, &out.state);
    out.economy.extend(l);
    match end {
        RoundEnd::Over(r) => {
            out.result = Some(r);
            out.state = s;
        }
        RoundEnd::Continue | RoundEnd::ExtraRound(_) => {
            s.round = s.round.saturating_add(1);
            start_round(board, &mut s, &mut out.economy);
            out.state = s;
        }
    }
}

/// Open a round (≥ 2): caravans take effect, its events are announced and the event phase opens. A position without
/// an event deck (a scenario) goes straight to placement.
pub(crate) fn start_round(board: &Board, s: &mut GameState, log: &mut Vec<EconomyEvent>) {
    s.event_window = None;
    s.step = Step::Placement;
    // Last round's Supply Caravans count from now on (004:L2580).
    log.extend(maester_rules::optional::one_time::apply_caravans(board, s));
    if s.economy.deck.is_none() {
        return;
    }
    if let Ok(l) = events::begin_round(board, s) {
        log.extend(l);
        s.step = Step::Events;
    }
}
