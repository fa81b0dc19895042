//! 事件阶段 One event phase from start to end (附录1, 004:L2384–L2467): the submissions of both
//! windows in, the new state, the log, the questions of the second window, and the secret notices
//! about the next round out.
//!
//! Order of resolution (004:L2389, A-63, A-64): deferred leader rewards (Doran's capture matters
//! to a Clash of Kings) → building (fortifications are published before mustering, A-63) →
//! economic → political → military event. Tokens are therefore taken in that order; a bid that no
//! longer fits the hand is cut. The function is pure and deterministic: called after the
//! first window with no second-window answers it tells what must be asked; called again with the
//! answers it gives the final result.

use super::bidding::{self};
use super::build::{self, BuildWindow};
use super::economy::{self};
use super::events;
use super::events::{Category, EventCard, EventError, chooser_of, current};
use super::model::log_events::EconomyEvent;
use super::model::modifiers::RoundModifiers;
use super::model::state::GameState;
pub use super::model::window::{EventPhaseInput, EventWindow, Question};
use super::muster::{self};
use super::rewards::{self};
use super::wildlings::{self, PenaltyKind};
use crate::board::{Board, HouseId};
use serde::{Deserialize, Serialize};

/// What an event phase gives.
#[derive(Clone, Debug)]
pub struct EventPhaseOutcome {
    /// The state at the end of the event phase (next round drawn).
    pub state: GameState,
    /// The public log, in order.
    pub log: Vec<EconomyEvent>,
    /// What the second window asks (answered or not: a silent answer took its default).
    pub questions: Vec<Question>,
    /// Secret notices about the next round's events.
    pub notices: Vec<AdvanceNotice>,
}

/// Resolve the event phase of `state.round` (after [`events::begin_round`] announced it).
pub fn resolve(
    board: &Board,
    state: &GameState,
    input: &EventPhaseInput,
) -> Result<EventPhaseOutcome, EventError> {
    let Some(ev) = current(state).filter(|e| e.round == state.round).cloned() else {
        return Err(EventError::NotDrawn(state.round));
    };
    let mut s = state.clone();
    let mut log = Vec::new();
    let mut questions = Vec::new();
    // Chooser events are decided first: they say which events take place.
    for c in Category::ALL {
        if ev.draw(c).card.is_chooser() && ev.draw(c).chosen.is_none() {
            let holder = chooser_of(&s, c);
            let pick = input
                .choices
                .iter()
                .find(|(h, cat, _)| *cat == c && Some(*h) == holder)
                .map(|x| x.2);
            let l = events::choose(board, &mut s, c, holder, pick)
                .or_else(|_| events::choose(board, &mut s, c, holder, None))?;
            log.extend(l);
        }
    }
    let Some(ev) = current(&s).cloned() else {
        return Err(EventError::NotDrawn(state.round));
    };
    let ports_ready = muster::ports_now(board, &s);
    let clash = ev.has(EventCard::ClashOfKings);
    // No reward waiting: nothing to claim, lapse or clear (and no copy of the state).
    let mut throne_decider = None;
    if !s.economy.pending_rewards.is_empty() {
        let claims = rewards::resolve(board, &s, &input.claims, clash);
        s = claims.state;
        log.extend(claims.log);
        throne_decider = claims.throne_decider;
    }
    // Without a plan building nothing happens (no copy of the state).
    if input.build.iter().any(|(_, p)| !p.is_empty()) {
        log.extend(build::resolve_in(
            board,
            &mut s,
            &input.build,
            BuildWindow::EventPhase,
        ));
    }
    match ev.effective(Category::Economic) {
        Some(EventCard::Supply) => {
            log.extend(economy::resolve_supply_in(board, &mut s, &input.disband));
        }
        Some(EventCard::Muster) => {
            let (l, blocked) = muster::resolve_in(board, &mut s, &input.muster, &ports_ready);
            log.extend(l);
            let mut reps = Vec::new();
            for b in &blocked {
                questions.push(Question::MusterRevision(*b));
                if let Some((_, p)) = input
                    .muster_replacements
                    .iter()
                    .find(|(h, _)| *h == b.house)
                {
                    let budget: Vec<_> = blocked
                        .iter()
                        .filter(|x| x.house == b.house)
                        .map(|x| (x.castle, x.points))
                        .collect();
                    if !reps
                        .iter()
                        .any(|(h, _, _): &muster::BudgetedPlan| *h == b.house)
                    {
                        reps.push((b.house, p.clone(), merge(budget)));
                    }
                }
            }
            if !reps.is_empty() {
                let (l, _) = muster::resolve_with_budget_in(board, &mut s, &reps, &ports_ready);
                log.extend(l);
            }
        }
        _ => {}
    }
    match ev.effective(Category::Political) {
        Some(EventCard::GameOfThrones { .. }) => {
            log.extend(economy::resolve_game_of_thrones_in(board, &mut s));
        }
        Some(EventCard::ClashOfKings) => {
            // The ties are those of the bids as they count (cut to the hand; a silent or
            // neutral house bids nothing), read before any power is spent.
            let (l, ties) =
                bidding::resolve_in(&mut s, &input.clash, &input.clash_ties, throne_decider);
            questions.extend(ties.into_iter().map(Question::ClashTie));
            log.extend(l);
        }
        _ => {}
    }
    if ev.effective(Category::Military) == Some(EventCard::WildlingAttack) {
        let (r, l) = wildlings::resolve_attack_in(&mut s, &input.wildling_bids);
        log.extend(l);
        let king = s.throne_order().first().copied();
        if r.watch_won {
            if r.highest.len() > 1 {
                questions.push(Question::WildlingTie {
                    king,
                    houses: r.highest.clone(),
                    reward: true,
                });
            }
            if let Some(h) =
                wildlings::king_pick(&s, &r.highest, input.wildling_king_pick, true, &mut log)
            {
                questions.push(Question::WildlingReward(h));
                log.extend(wildlings::apply_reward_in(
                    board,
                    &mut s,
                    h,
                    input.wildling_reward.as_ref(),
                    &ports_ready,
                ));
            }
        } else {
            if r.lowest.len() > 1 {
                questions.push(Question::WildlingTie {
                    king,
                    houses: r.lowest.clone(),
                    reward: false,
                });
            }
            let worst =
                wildlings::king_pick(&s, &r.lowest, input.wildling_king_pick, false, &mut log);
            let penalty = ev.wildling_penalty.unwrap_or(PenaltyKind::Disband);
            for &h in s.throne_order() {
                questions.push(Question::WildlingPenalty {
                    house: h,
                    penalty,
                    worst: Some(h) == worst,
                });
            }
            log.extend(wildlings::apply_penalty_in(
                board,
                &mut s,
                penalty,
                worst,
                &input.wildling_penalty,
            ));
        }
    }
    log.extend(events::end_event_phase(board, &mut s)?);
    let notices = advance_notices(&s);
    Ok(EventPhaseOutcome {
        state: s,
        log,
        questions,
        notices,
    })
}

fn merge(v: Vec<(crate::board::AreaId, u8)>) -> Vec<(crate::board::AreaId, u8)> {
    let mut out: Vec<(crate::board::AreaId, u8)> = Vec::new();
    for (a, p) in v {
        match out.iter_mut().find(|x| x.0 == a) {
            Some(x) => x.1 = x.1.saturating_add(p),
            None => out.push((a, p)),
        }
    }
    out
}

/// What a holder is told about a category of the next round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Foresight {
    /// The card.
    Card(EventCard),
    /// 凛冬将至: the holder cannot foresee this category (004:L2448).
    WinterIsComing,
}

/// A secret notice to a house about the next round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdvanceNotice {
    /// Who is told.
    pub house: HouseId,
    /// The round the notice is about.
    pub round: u8,
    /// The category.
    pub category: Category,
    /// What he learns.
    pub what: Foresight,
}

/// The secret notices for the next round: to the King (economic), the sword holder (political)
/// and the Raven holder (military) as the tracks stand now. None with the preview
/// rule, where the draws are public instead (004:L2632).
pub fn advance_notices(state: &GameState) -> Vec<AdvanceNotice> {
    let Some(deck) = state.economy.deck.as_ref() else {
        return Vec::new();
    };
    if deck.settings.preview {
        return Vec::new();
    }
    let round = state.round.saturating_add(1);
    let Some(next) = deck.upcoming.iter().find(|r| r.round == round) else {
        return Vec::new();
    };
    Category::ALL
        .iter()
        .filter_map(|&c| {
            let house = chooser_of(state, c)?;
            let d = next.draw(c);
            let what = if d.winter {
                Foresight::WinterIsComing
            } else {
                Foresight::Card(d.card)
            };
            Some(AdvanceNotice {
                house,
                round,
                category: c,
                what,
            })
        })
        .collect()
}

/// The public preview (optional rule, 004:L2630): the drawn cards of the coming rounds, a Winter
/// is Coming shown only as such.
pub fn public_preview(state: &GameState) -> Vec<(u8, [Foresight; 3])> {
    let Some(deck) = state.economy.deck.as_ref() else {
        return Vec::new();
    };
    if !deck.settings.preview {
        return Vec::new();
    }
    deck.upcoming
        .iter()
        .map(|r| {
            (
                r.round,
                r.draws.map(|d| {
                    if d.winter {
                        Foresight::WinterIsComing
                    } else {
                        Foresight::Card(d.card)
                    }
                }),
            )
        })
        .collect()
}

/// What the military phase must respect this round because of the events (004:L2409–L2429)
/// and a lost wildling attack (004:L1132), as the military rules take it. Pontoons are added by
/// the placement step.
pub fn round_modifiers(state: &GameState) -> RoundModifiers {
    let mut r = RoundModifiers::default();
    if state.economy.special_orders_banned == Some(state.round) {
        r.no_special_orders = state.throne_order().to_vec();
    }
    if let Some(ev) = current(state).filter(|e| e.round == state.round) {
        match ev.effective(Category::Military) {
            Some(EventCard::SeaOfStorms) => r.sea_of_storms = true,
            Some(EventCard::FeastForCrows) => r.feast_for_crows = true,
            Some(EventCard::StormOfSwords) => r.storm_of_swords = true,
            Some(EventCard::RainsOfAutumn) => r.rains_of_autumn = true,
            Some(EventCard::RoughSeas) => r.rough_seas = true,
            Some(EventCard::FrozenRivers) => r.rivers_frozen = true,
            _ => {}
        }
    }
    r
}
