//! Event-phase, Raven and retreat submissions: checking them against the open step, and turning
//! the houses' submissions into the rules' `EventPhaseInput`.

use super::expect::{open_questions, stored_input};
use super::muster_problem::muster_problem;
use super::problems::{EventProblem, Part};
use super::ties::{TieKind, tie_lines, tie_target};
use super::{EventAnswers, EventOrders, RetreatChoice};
use maester_board::{AreaId, Board, HouseId, UnitKind};
use maester_rules::armies::muster;
use maester_rules::event_phase::build::{self, BuildWindow};
use maester_rules::event_phase::economy;
use maester_rules::event_phase::events::{self, Category, EventCard, current};
use maester_rules::event_phase::rewards;
use maester_rules::event_phase::wildlings::{self, PenaltyChoice, PenaltyKind, WildlingError};
use maester_rules::event_phase::{self, EventPhaseInput, Question};
use maester_rules::{GameState, Track, event_phase::bidding};

/// Check a first-window submission against this round's events and the state now.
pub fn check_events(
    board: &Board,
    state: &GameState,
    house: HouseId,
    o: &EventOrders,
) -> Vec<EventProblem> {
    let mut errs = Vec::new();
    let Some(ev) = current(state).filter(|e| e.round == state.round) else {
        errs.push(EventProblem::NotThisRound(Part::Clash));
        return errs;
    };
    if !events::pending_choices(state).is_empty() {
        return check_choosing(state, house, o);
    }
    if !o.choices.is_empty() {
        errs.push(late_choice(state));
    }
    let economic = ev.effective(Category::Economic);
    if let Some(d) = &o.disband {
        if economic != Some(EventCard::Supply) {
            errs.push(EventProblem::NotThisRound(Part::Disband));
        } else if let Err(e) = economy::check_disbanding(board, state, house, d) {
            errs.extend(e.into_iter().map(EventProblem::Supply));
        }
    }
    if let Some(m) = &o.muster {
        if economic != Some(EventCard::Muster) {
            errs.push(EventProblem::NotThisRound(Part::Muster));
        } else {
            let budget = muster::points(board, state, house);
            let ports = muster::ports_now(board, state);
            if let Err(e) = muster::check(board, state, house, m, &budget, &ports) {
                errs.extend(
                    e.into_iter()
                        .map(|e| muster_problem(board, state, house, m, e)),
                );
            }
        }
    }
    if let Some(b) = &o.clash {
        if ev.effective(Category::Political) != Some(EventCard::ClashOfKings) {
            errs.push(EventProblem::NotThisRound(Part::Clash));
        } else if let Err(e) = bidding::check(state, house, b) {
            errs.push(EventProblem::Bid(Part::Clash, e));
        }
    }
    if let Some(n) = o.wildling_bid {
        if ev.effective(Category::Military) != Some(EventCard::WildlingAttack) {
            errs.push(EventProblem::NotThisRound(Part::WildlingBid));
        } else {
            let budget = wildlings::BidBudget::of(board, state, house, o.clash.as_ref());
            if let Err(e) = wildlings::check_bid(state, house, n, budget) {
                errs.push(EventProblem::Bid(Part::WildlingBid, e));
            }
        }
    }
    errs.extend(
        rewards::check_all(board, state, house, &o.claims)
            .into_iter()
            .map(EventProblem::Reward),
    );
    if o.build != Default::default()
        && let Err(e) = build::check(board, state, house, &o.build, BuildWindow::EventPhase)
    {
        errs.extend(e.into_iter().map(EventProblem::Build));
    }
    if errs.is_empty()
        && let Some(e) = super::budget::over_budget(board, state, house, o)
    {
        errs.push(e);
    }
    errs
}

/// While a chooser card is undecided the window takes only the choice: every other part
/// is refused, and so is a choice that is not the house's or not an option of its card.
fn check_choosing(state: &GameState, house: HouseId, o: &EventOrders) -> Vec<EventProblem> {
    let mut errs = Vec::new();
    let parts = [
        (o.disband.is_some(), Part::Disband),
        (o.muster.is_some(), Part::Muster),
        (o.clash.is_some(), Part::Clash),
        (o.wildling_bid.is_some(), Part::WildlingBid),
        (!o.claims.is_empty(), Part::Claim),
        (o.build != Default::default(), Part::Build),
    ];
    errs.extend(
        parts
            .iter()
            .filter(|(sent, _)| *sent)
            .map(|(_, p)| EventProblem::ChoiceFirst(*p)),
    );
    if let Err(e) = assign_choices(state, house, &o.choices) {
        errs.extend(e);
    }
    errs
}

/// Why a choice sent while no chooser card waits is refused: the round's chooser card was
/// decided already, or the round has none.
fn late_choice(state: &GameState) -> EventProblem {
    current(state)
        .filter(|e| e.round == state.round)
        .and_then(|e| {
            Category::ALL.into_iter().find_map(|c| {
                let d = e.draw(c);
                d.chosen
                    .filter(|_| d.card.is_chooser())
                    .map(|chosen| EventProblem::AlreadyChosen {
                        card: d.card,
                        chosen,
                    })
            })
        })
        .unwrap_or(EventProblem::NotThisRound(Part::Choice))
}

/// The categories a house's choices go to: each named event to the first of the house's
/// undecided chooser cards (category order) that allows it and has no choice yet.
pub fn assign_choices(
    state: &GameState,
    house: HouseId,
    choices: &[EventCard],
) -> Result<Vec<(Category, EventCard)>, Vec<EventProblem>> {
    let pending = events::pending_choices(state);
    let card = |c: Category| {
        current(state)
            .map(|e| e.draw(c).card)
            .unwrap_or(EventCard::LastDaysOfSummer)
    };
    let mine: Vec<Category> = pending
        .iter()
        .filter(|(_, h)| *h == Some(house))
        .map(|(c, _)| *c)
        .collect();
    if !choices.is_empty() && mine.is_empty() {
        if pending.is_empty() {
            return Err(vec![late_choice(state)]);
        }
        let cards = pending.iter().map(|(c, h)| (card(*c), *h)).collect();
        return Err(vec![EventProblem::NotTheChooser { cards }]);
    }
    let mut out: Vec<(Category, EventCard)> = Vec::new();
    let mut errs = Vec::new();
    for named in choices {
        let free = |c: &Category| !out.iter().any(|(x, _)| x == c);
        match mine
            .iter()
            .find(|c| free(c) && card(**c).choices().contains(named))
        {
            Some(c) => out.push((*c, *named)),
            None => {
                let c = mine.iter().find(|c| free(c)).or(mine.first());
                if let Some(c) = c {
                    errs.push(EventProblem::NotAnOption {
                        card: card(*c),
                        named: *named,
                    });
                }
            }
        }
    }
    if errs.is_empty() { Ok(out) } else { Err(errs) }
}

/// Check a second-window submission against the questions of the first window.
pub fn check_answers(
    board: &Board,
    state: &GameState,
    house: HouseId,
    a: &EventAnswers,
) -> Vec<EventProblem> {
    check_answers_with(board, state, house, a, &open_questions(board, state))
}

/// [`check_answers`] with the open questions already known.
fn check_answers_with(
    board: &Board,
    state: &GameState,
    house: HouseId,
    a: &EventAnswers,
    qs: &[Question],
) -> Vec<EventProblem> {
    let mut errs = Vec::new();
    for (label, order) in tie_lines(a) {
        match tie_target(qs, house, label, order) {
            Err(e) => errs.push(e),
            Ok((_, tied)) => {
                if let Some(h) = order.iter().find(|h| !tied.contains(h)) {
                    errs.push(EventProblem::NotTied(*h));
                }
            }
        }
    }
    // The ports that exist, for a reward or a muster revision only (most answers have neither).
    let ports = || muster::ports_now(board, state);
    if let Some(r) = &a.reward {
        let may = qs.iter().any(|q| match q {
            Question::WildlingReward(h) => *h == house,
            Question::WildlingTie {
                houses,
                reward: true,
                ..
            } => houses.contains(&house),
            _ => false,
        });
        if !may {
            errs.push(EventProblem::NotAsked(Part::Reward));
        } else if let Err(e) = wildlings::check_reward(board, state, house, r, &ports()) {
            errs.push(EventProblem::Wildling(Part::Reward, e));
        }
    }
    if let Some(p) = &a.penalty
        && let Err(e) = check_penalty(board, state, house, p, qs)
    {
        errs.push(e);
    }
    if let Some(m) = &a.muster {
        let budget: Vec<(AreaId, u8)> = qs
            .iter()
            .filter_map(|q| match q {
                Question::MusterRevision(b) if b.house == house => Some((b.castle, b.points)),
                _ => None,
            })
            .collect();
        if budget.is_empty() {
            errs.push(EventProblem::NotAsked(Part::Muster));
        } else if let Err(e) = muster::check(board, state, house, m, &budget, &ports()) {
            errs.extend(
                e.into_iter()
                    .map(|e| muster_problem(board, state, house, m, e)),
            );
        }
    }
    errs
}

/// A penalty choice against the question the house was asked. A house tied for the lowest bid
/// learns whether it suffers more only from the King's tie-break, sent in the same window
/// (004:L1126, L1157): its choice is accepted when it fits either outcome, and the penalty
/// applies it once the tie is decided if it fits the outcome (A-66 defaults otherwise).
fn check_penalty(
    board: &Board,
    state: &GameState,
    house: HouseId,
    p: &PenaltyChoice,
    qs: &[Question],
) -> Result<(), EventProblem> {
    let asked = qs.iter().find_map(|q| match q {
        Question::WildlingPenalty {
            house: h,
            penalty,
            worst,
        } if *h == house => Some((*penalty, *worst)),
        _ => None,
    });
    let tied = qs.iter().any(|q| {
        matches!(q, Question::WildlingTie { houses, reward: false, .. } if houses.contains(&house))
    });
    let Some((kind, worst)) = asked else {
        return Err(EventProblem::NotAsked(Part::Penalty));
    };
    let outcomes: Vec<bool> = if tied {
        vec![worst, !worst]
    } else {
        vec![worst]
    };
    let one = |worst: bool| -> Option<Result<(), WildlingError>> {
        match (kind, p) {
            (PenaltyKind::Disband, PenaltyChoice::Disband(units)) => {
                Some(check_penalty_disband(board, state, house, worst, units))
            }
            (PenaltyKind::DowngradeKnights, PenaltyChoice::Downgrade(v)) => {
                Some(check_downgrade(board, state, house, worst, v))
            }
            (PenaltyKind::NoSpecialOrders, PenaltyChoice::Track(t)) if worst => {
                Some(if wildlings::best_tracks(state, house).contains(t) {
                    Ok(())
                } else {
                    Err(WildlingError::NotBestTrack(*t))
                })
            }
            _ => None,
        }
    };
    let results: Vec<Result<(), WildlingError>> = outcomes.iter().filter_map(|w| one(*w)).collect();
    if results.is_empty() {
        return Err(EventProblem::NotAsked(Part::Penalty));
    }
    if results.iter().any(|r| r.is_ok()) {
        return Ok(());
    }
    let first = results.into_iter().find_map(|r| r.err());
    let e = match (first, tied, p) {
        (Some(WildlingError::WrongPoints { listed, .. }), true, PenaltyChoice::Disband(_)) => {
            WildlingError::WrongPointsTied {
                lowest: wildlings::disband_due(board, state, house, true),
                other: wildlings::disband_due(board, state, house, false),
                listed,
            }
        }
        (Some(e), _, _) => e,
        (None, _, _) => return Ok(()),
    };
    Err(EventProblem::Wildling(Part::Penalty, e))
}

fn check_downgrade(
    board: &Board,
    state: &GameState,
    house: HouseId,
    worst: bool,
    v: &[(AreaId, UnitKind)],
) -> Result<(), WildlingError> {
    if !board.has_areas(v.iter().map(|u| u.0)) {
        return Err(WildlingError::UnknownId);
    }
    let knights = state.unit_count(house, UnitKind::Knight);
    let due = if worst { knights } else { knights.min(2) };
    let targets_ok = v
        .iter()
        .all(|(_, k)| matches!(k, UnitKind::Footman | UnitKind::Archer));
    if v.len() != due || !targets_ok {
        return Err(WildlingError::BadDowngrade);
    }
    for (i, &(a, _)) in v.iter().enumerate() {
        let want = v[..=i].iter().filter(|x| x.0 == a).count();
        let have = state
            .area(a)
            .units
            .iter()
            .filter(|u| u.kind == UnitKind::Knight)
            .count();
        if state.occupant(a) != Some(house) || have < want {
            return Err(WildlingError::NoSuchUnit(a, UnitKind::Knight));
        }
    }
    Ok(())
}

fn check_penalty_disband(
    board: &Board,
    state: &GameState,
    house: HouseId,
    worst: bool,
    units: &[(AreaId, UnitKind)],
) -> Result<(), WildlingError> {
    if !board.has_areas(units.iter().map(|u| u.0)) {
        return Err(WildlingError::UnknownId);
    }
    for (i, &(a, k)) in units.iter().enumerate() {
        let want = units[..=i].iter().filter(|x| **x == (a, k)).count();
        let have = state.area(a).units.iter().filter(|u| u.kind == k).count();
        if state.occupant(a) != Some(house) || have < want {
            return Err(WildlingError::NoSuchUnit(a, k));
        }
    }
    let due = wildlings::disband_due(board, state, house, worst);
    let listed: u8 = units
        .iter()
        .map(|u| economy::value(board, u.1))
        .fold(0u8, |s, v| s.saturating_add(v));
    if listed != due {
        return Err(WildlingError::WrongPoints { due, listed });
    }
    Ok(())
}

/// Check retreat choices against the forces waiting for one.
pub fn check_retreats(state: &GameState, house: HouseId, v: &[RetreatChoice]) -> Vec<EventProblem> {
    let mut errs = Vec::new();
    for c in v {
        match state
            .pending_retreats
            .iter()
            .find(|p| p.house == house && p.from == c.from)
        {
            None => errs.push(EventProblem::NoRetreat(c.from)),
            Some(p) if !c.to.iter().any(|a| p.candidates.contains(a)) => {
                errs.push(EventProblem::NotACandidate {
                    from: c.from,
                    candidates: p.candidates.clone(),
                })
            }
            Some(_) => {}
        }
    }
    errs
}

/// The retreat answers for `retreat::settle_pending`: (index of the pending force, area).
pub fn retreat_answers(
    state: &GameState,
    subs: &[(HouseId, Vec<RetreatChoice>)],
) -> Vec<(usize, AreaId)> {
    let mut out = Vec::new();
    for (i, p) in state.pending_retreats.iter().enumerate() {
        let choice = subs
            .iter()
            .filter(|(h, _)| *h == p.house)
            .flat_map(|(_, v)| v.iter())
            .find(|c| c.from == p.from);
        if let Some(a) = choice.and_then(|c| c.to.iter().find(|a| p.candidates.contains(a))) {
            out.push((i, *a));
        }
    }
    out
}

/// The first window's input: every house's valid submission. A house that sent its event mail
/// without a bid (`无`, or only musters) bids 0 by its own mail: its bids are entered as 0, and
/// only a house that sent nothing at all is silent.
pub fn first_window(
    board: &Board,
    state: &GameState,
    subs: &[(HouseId, &EventOrders)],
) -> EventPhaseInput {
    let mut input = EventPhaseInput::default();
    for &(h, o) in subs {
        if !check_events(board, state, h, o).is_empty() {
            continue;
        }
        input.claims.extend(o.claims.iter().map(|c| (h, *c)));
        if o.build != Default::default() {
            input.build.push((h, o.build.clone()));
        }
        if let Some(d) = &o.disband {
            input.disband.push((h, d.clone()));
        }
        if let Some(m) = &o.muster {
            input.muster.push((h, m.clone()));
        }
        input.clash.push((h, o.clash.unwrap_or_default()));
        input.wildling_bids.push((h, o.wildling_bid.unwrap_or(0)));
    }
    input
}

/// Add a tie line's houses to a track's ordering (after those already ordered).
fn merge_order(slot: &mut Option<Vec<HouseId>>, order: &[HouseId]) {
    let v = slot.get_or_insert_with(Vec::new);
    for h in order {
        if !v.contains(h) {
            v.push(*h);
        }
    }
}

/// The whole input once the second window closes: the stored first window plus the answers,
/// each taken from the house the question turned out to be for.
/// Also the resolution it made to see the questions as the decisions leave them (with the input
/// it made it with), when it made one: the caller resolving the whole input can reuse it when
/// the input is that one.
pub(crate) fn second_window(
    board: &Board,
    state: &GameState,
    subs: &[(HouseId, &EventAnswers)],
) -> (
    EventPhaseInput,
    Option<(EventPhaseInput, event_phase::EventPhaseOutcome)>,
) {
    let qs = open_questions(board, state);
    let valid: Vec<&(HouseId, &EventAnswers)> = subs
        .iter()
        .filter(|(h, a)| check_answers_with(board, state, *h, a, &qs).is_empty())
        .collect();
    let of = |h: HouseId| valid.iter().find(|(x, _)| *x == h).map(|(_, a)| a);
    let stored = stored_input(state).into_owned();
    let mut input = stored.clone();
    let mut made: Option<(EventPhaseInput, event_phase::EventPhaseOutcome)> = None;
    let mut questions_now = |input: &EventPhaseInput| {
        if *input == stored {
            return qs.clone().into_owned();
        }
        if let Some((i, o)) = &made
            && i == input
        {
            return o.questions.clone();
        }
        match event_phase::resolve(board, state, input) {
            Ok(o) => {
                let q = o.questions.clone();
                made = Some((input.clone(), o));
                q
            }
            Err(_) => Vec::new(),
        }
    };
    // Pass 1: the old King orders the Iron Throne ties.
    for (h, a) in &valid {
        for (label, order) in tie_lines(a) {
            if let Ok((TieKind::Clash(Track::IronThrone), _)) = tie_target(&qs, *h, label, order) {
                merge_order(&mut input.clash_ties.orders[0], order);
            }
        }
    }
    // Pass 2: the King the throne leaves orders the other ties (004:L1157) and picks among
    // the tied wildling bidders (004:L1163); lines of a house that did not become King count
    // for nothing.
    let qs_king = questions_now(&input);
    for (h, a) in &valid {
        for (label, order) in tie_lines(a) {
            match tie_target(&qs_king, *h, label, order) {
                Ok((TieKind::Clash(t), _)) if t != Track::IronThrone => {
                    let is_king = qs_king.iter().any(|q| {
                        matches!(q, Question::ClashTie(x) if x.track == t && x.decider == Some(*h))
                    });
                    if is_king {
                        merge_order(&mut input.clash_ties.orders[t as usize], order);
                    }
                }
                Ok((TieKind::Wildlings, _))
                    if qs_king.iter().any(
                        |q| matches!(q, Question::WildlingTie { king: Some(k), .. } if k == h),
                    ) =>
                {
                    input.wildling_king_pick = order.first().copied();
                }
                _ => {}
            }
        }
    }
    // Pass 3: the questions as the decisions leave them (the same when nothing was decided).
    let qs2 = questions_now(&input);
    for q in &qs2 {
        match q {
            Question::WildlingReward(h) => {
                input.wildling_reward = of(*h).and_then(|a| a.reward.clone());
            }
            Question::WildlingPenalty { house, .. } => {
                if let Some(p) = of(*house).and_then(|a| a.penalty.clone()) {
                    input.wildling_penalty.push((*house, p));
                }
            }
            Question::MusterRevision(b) => {
                if let Some(m) = of(b.house).and_then(|a| a.muster.clone())
                    && !input.muster_replacements.iter().any(|(h, _)| *h == b.house)
                {
                    input.muster_replacements.push((b.house, m));
                }
            }
            _ => {}
        }
    }
    (input, made)
}
