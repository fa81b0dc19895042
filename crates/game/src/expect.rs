//! Who has something to send in the open step. A step nobody needs is closed at once; a report
//! tells only these houses what to send.

use maester_board::{Board, HouseId, UnitKind};
use maester_rules::event_phase::build::BuildWindow;
use maester_rules::event_phase::events::{self, Category, EventCard, current};
use maester_rules::event_phase::wildlings::PenaltyKind;
use maester_rules::event_phase::{self, EventPhaseInput, Question};
use maester_rules::{
    GameState, Step, Track, armies::muster, armies::supply, event_phase::wildlings,
};
use std::borrow::Cow;

/// The Raven holder (King's Court rank 1), if he still plays.
pub fn raven_holder(state: &GameState) -> Option<HouseId> {
    state.tracks[Track::KingsCourt as usize]
        .first()
        .copied()
        .filter(|h| !state.house(*h).neutral)
}

fn playing(board: &Board, state: &GameState) -> Vec<HouseId> {
    board
        .house_ids()
        .filter(|h| !state.house(*h).neutral)
        .collect()
}

/// The playing houses with units in an area `wanted` accepts, in board order (one pass over
/// the map).
fn with_units(
    board: &Board,
    state: &GameState,
    wanted: impl Fn(&maester_rules::AreaState) -> bool,
) -> Vec<HouseId> {
    let houses = board.houses.len();
    // One slot more for areas that count for nobody: marked without a branch, then ignored.
    let mut found = vec![false; houses + 1];
    for a in &state.areas {
        let counts = !a.units.is_empty() & wanted(a);
        let i = a.house.map_or(houses, |h| h.index().min(houses));
        found[[houses, i][usize::from(counts)]] = true;
    }
    board
        .house_ids()
        .filter(|h| found[h.index()] && !state.house(*h).neutral)
        .collect()
}

/// The questions of the second event window, as the first window's submissions leave them
/// (every answer still at its default): borrowed from the open window.
pub fn open_questions<'a>(board: &Board, state: &'a GameState) -> Cow<'a, [Question]> {
    match &state.event_window {
        Some(w) => Cow::Borrowed(&w.questions),
        None => Cow::Owned(
            event_phase::resolve(board, state, &EventPhaseInput::default())
                .map(|o| o.questions)
                .unwrap_or_default(),
        ),
    }
}

/// Whether a house is asked a question it can answer in the language (the others take their
/// default without being asked).
pub fn asked_of(board: &Board, state: &GameState, q: &Question) -> Vec<HouseId> {
    match q {
        Question::MusterRevision(b) => vec![b.house],
        Question::ClashTie(t) => t.decider.into_iter().collect(),
        Question::WildlingTie { king, .. } => king.iter().copied().collect(),
        Question::WildlingReward(h) => vec![*h],
        Question::WildlingPenalty {
            house,
            penalty: PenaltyKind::Disband,
            worst,
        } if wildlings::disband_due(board, state, *house, *worst) > 0 => vec![*house],
        Question::WildlingPenalty {
            house,
            penalty: PenaltyKind::DowngradeKnights,
            ..
        } if state.unit_count(*house, UnitKind::Knight) > 0 => vec![*house],
        Question::WildlingPenalty {
            house,
            penalty: PenaltyKind::NoSpecialOrders,
            worst: true,
        } if wildlings::best_tracks(state, *house).len() > 1 => vec![*house],
        Question::WildlingPenalty { .. } => Vec::new(),
    }
}

/// The houses asked a question of the new King besides the King by the default order: those
/// tied with him for first place on the Iron Throne, who may become King by the old King's
/// ordering sent in the same window (004:L1157).
pub fn if_king(qs: &[Question], q: &Question) -> Vec<HouseId> {
    let king = match q {
        Question::ClashTie(t) if t.track != Track::IronThrone => t.decider,
        Question::WildlingTie { king, .. } => *king,
        _ => return Vec::new(),
    };
    let mut v = super::ties::kings_to_be(qs, king);
    v.retain(|h| Some(*h) != king);
    v
}

/// The houses that have something to send in the open step, in board order.
pub fn expected(board: &Board, state: &GameState) -> Vec<HouseId> {
    let mut v: Vec<HouseId> = match state.step {
        Step::Finished => Vec::new(),
        Step::Placement => with_units(board, state, |_| true),
        // The Raven changes normal and special orders only, not one-time orders (004:L2619).
        Step::Raven => {
            let with_orders = with_units(board, state, |a| a.order.is_some());
            raven_holder(state)
                .filter(|h| with_orders.contains(h))
                .into_iter()
                .collect()
        }
        // Orders on the map: normal or special ones, and one-time orders.
        Step::Plan => with_units(board, state, |a| a.order.is_some() || a.one_time.is_some()),
        Step::Retreat => state
            .pending_retreats
            .iter()
            .filter(|p| p.candidates.len() > 1)
            .map(|p| p.house)
            .collect(),
        Step::Events => events_window(board, state),
        Step::EventsAnswers => {
            let qs = open_questions(board, state);
            let mut v: Vec<HouseId> = qs.iter().flat_map(|q| asked_of(board, state, q)).collect();
            // The houses that may become King decide the new King's ties (004:L1157).
            for q in qs.iter() {
                v.extend(if_king(&qs, q));
            }
            // Tied highest wildling bidders may each be the one the King names: all are asked.
            for q in qs.iter() {
                if let Question::WildlingTie {
                    houses,
                    reward: true,
                    ..
                } = q
                {
                    v.extend(houses.iter().copied());
                }
            }
            v
        }
    };
    v.retain(|h| !state.house(*h).neutral);
    v.sort();
    v.dedup();
    v
}

/// Who sends in the first event window: while a chooser card of the round is undecided, its
/// chooser alone; then what this round's events require, plus leader rewards to claim and last
/// round's consolidate income to convert (004:L2451–L2465).
fn events_window(board: &Board, state: &GameState) -> Vec<HouseId> {
    let Some(ev) = current(state).filter(|e| e.round == state.round) else {
        return Vec::new();
    };
    let choosing = events::pending_choices(state);
    if !choosing.is_empty() {
        // First the chooser cards (004:L2640–L2644): only their holders are asked.
        return choosing.into_iter().filter_map(|(_, h)| h).collect();
    }
    let mut v = Vec::new();
    let mustering = ev.effective(Category::Economic) == Some(EventCard::Muster);
    let ports = if mustering {
        muster::ports_now(board, state)
    } else {
        Vec::new()
    };
    for h in playing(board, state) {
        let power = state.house(h).power;
        // The cheap reasons first: the Mustering check (every castle's items) only for a house
        // not already asked for another.
        let bids = ev.effective(Category::Political) == Some(EventCard::ClashOfKings)
            || ev.effective(Category::Military) == Some(EventCard::WildlingAttack);
        let need = (bids && power > 0)
            || state
                .economy
                .pending_rewards
                .iter()
                .any(|r| r.house == h && r.round.saturating_add(1) == state.round)
            // Only a conversion the rules would accept: none where a fortification stands.
            || !super::options::fortify_options(board, state, h, BuildWindow::EventPhase)
                .is_empty()
            || match ev.effective(Category::Economic) {
                // Something to disband exactly when the default disbanding is not empty.
                Some(EventCard::Supply) => {
                    !supply::within_limit_at(board, state, h, state.barrels_controlled(board, h))
                }
                // Asked only when some castle can muster something (points, supply, caps).
                Some(EventCard::Muster) => {
                    super::options::can_muster_with(board, state, h, &ports)
                }
                _ => false,
            };
        if need {
            v.push(h);
        }
    }
    v
}

/// The input the first window leaves for the second, borrowed from the open window.
pub(crate) fn stored_input(state: &GameState) -> Cow<'_, EventPhaseInput> {
    match &state.event_window {
        Some(w) => Cow::Borrowed(&w.input),
        None => Cow::Owned(EventPhaseInput::default()),
    }
}
