//! 事件阶段 One event phase from start to end (附录1, 004:L2384–L2465): the submissions of both
//! windows in, the new state, the log, the questions of the second window, and the secret notices
//! about the next round out.
//!
//! Order of resolution (004:L2389, A-63, A-64): deferred leader rewards (Doran's capture matters
//! to a Clash of Kings) → building (fortifications are published before mustering, A-63) →
//! economic → political → military event. Tokens are therefore taken in that order; a bid that no
//! longer fits the hand is cut. The function is pure and deterministic: called after the
//! first window with no second-window answers it tells what must be asked; called again with the
//! answers it gives the final result.
//!
//! The folder holds the event phase's chapters: the events and their deck (`events`), the
//! economy of the phase (Supply, Game of Thrones income), the Clash of Kings (`bidding`), the
//! wildlings, building ports and fortifications, and the leaders' victory rewards; this file
//! runs them in the order above.

pub mod bidding;
pub mod build;
pub mod economy;
pub mod events;
pub mod rewards;
pub mod wildlings;

use crate::armies::muster;
use crate::model::log_events::EconomyEvent;
use crate::model::modifiers::RoundModifiers;
use crate::model::state::GameState;
pub use crate::model::window::{EventPhaseInput, EventWindow, Question};
use build::BuildWindow;
use events::{Category, EventCard, EventError, RoundEvents, chooser_of, current};
use maester_board::{Board, HouseId};
use serde::{Deserialize, Serialize};
use wildlings::PenaltyKind;

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
    let mut p = Phase {
        board,
        input,
        s: state.clone(),
        log: Vec::new(),
        questions: Vec::new(),
    };
    // Chooser events are decided first: they say which events take place.
    p.choosers(&ev)?;
    let Some(ev) = current(&p.s).cloned() else {
        return Err(EventError::NotDrawn(state.round));
    };
    let ports_ready = muster::ports_now(board, &p.s);
    let throne_decider = p.rewards_and_building(ev.has(EventCard::ClashOfKings));
    p.economic(&ev, &ports_ready);
    p.political(&ev, throne_decider);
    if ev.effective(Category::Military) == Some(EventCard::WildlingAttack) {
        p.wildling_attack(&ev, &ports_ready);
    }
    let Phase {
        mut s,
        mut log,
        questions,
        ..
    } = p;
    log.extend(events::end_event_phase(board, &mut s)?);
    let notices = advance_notices(&s);
    Ok(EventPhaseOutcome {
        state: s,
        log,
        questions,
        notices,
    })
}

/// The event phase under way: the state being changed, the log and the questions so far.
struct Phase<'a> {
    board: &'a Board,
    input: &'a EventPhaseInput,
    s: GameState,
    log: Vec<EconomyEvent>,
    questions: Vec<Question>,
}

impl Phase<'_> {
    /// Each undecided chooser card is decided by its chooser's pick (a pick that does not fit
    /// counts as none).
    fn choosers(&mut self, ev: &RoundEvents) -> Result<(), EventError> {
        let (board, input) = (self.board, self.input);
        for c in Category::ALL {
            if ev.draw(c).card.is_chooser() && ev.draw(c).chosen.is_none() {
                let holder = chooser_of(&self.s, c);
                let pick = input
                    .choices
                    .iter()
                    .find(|(h, cat, _)| *cat == c && Some(*h) == holder)
                    .map(|x| x.2);
                let l = events::choose(board, &mut self.s, c, holder, pick)
                    .or_else(|_| events::choose(board, &mut self.s, c, holder, None))?;
                self.log.extend(l);
            }
        }
        Ok(())
    }

    /// Deferred leader rewards, then building. Returns who decides the throne's ties
    /// when a reward changed them.
    fn rewards_and_building(&mut self, clash: bool) -> Option<HouseId> {
        let (board, input) = (self.board, self.input);
        // No reward waiting: nothing to claim, lapse or clear (and no copy of the state).
        let mut throne_decider = None;
        if !self.s.economy.pending_rewards.is_empty() {
            let claims = rewards::resolve(board, &self.s, &input.claims, clash);
            self.s = claims.state;
            self.log.extend(claims.log);
            throne_decider = claims.throne_decider;
        }
        // Without a plan building nothing happens (no copy of the state).
        if input.build.iter().any(|(_, p)| !p.is_empty()) {
            self.log.extend(build::resolve_in(
                board,
                &mut self.s,
                &input.build,
                BuildWindow::EventPhase,
            ));
        }
        throne_decider
    }

    /// The economic event: supply, or mustering with the revisions of blocked ships.
    fn economic(&mut self, ev: &RoundEvents, ports_ready: &[maester_board::AreaId]) {
        let (board, input) = (self.board, self.input);
        match ev.effective(Category::Economic) {
            Some(EventCard::Supply) => {
                self.log.extend(economy::resolve_supply_in(
                    board,
                    &mut self.s,
                    &input.disband,
                ));
            }
            Some(EventCard::Muster) => {
                let (l, blocked) =
                    muster::resolve_in(board, &mut self.s, &input.muster, ports_ready);
                self.log.extend(l);
                let reps = self.muster_revisions(&blocked);
                if !reps.is_empty() {
                    let (l, _) =
                        muster::resolve_with_budget_in(board, &mut self.s, &reps, ports_ready);
                    self.log.extend(l);
                }
            }
            _ => {}
        }
    }

    /// Each blocked ship is asked about; a house that answered musters its replacement plan
    /// with the points of all its blocked ships, castle by castle.
    fn muster_revisions(&mut self, blocked: &[muster::Blocked]) -> Vec<muster::BudgetedPlan> {
        let mut reps = Vec::new();
        for b in blocked {
            self.questions.push(Question::MusterRevision(*b));
            if let Some((_, p)) = self
                .input
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
        reps
    }

    /// The political event: a Game of Thrones, or a Clash of Kings with its ties.
    fn political(&mut self, ev: &RoundEvents, throne_decider: Option<HouseId>) {
        let input = self.input;
        match ev.effective(Category::Political) {
            Some(EventCard::GameOfThrones { .. }) => {
                self.log
                    .extend(economy::resolve_game_of_thrones_in(self.board, &mut self.s));
            }
            Some(EventCard::ClashOfKings) => {
                // The ties are those of the bids as they count (cut to the hand; a silent or
                // neutral house bids nothing), read before any power is spent.
                let (l, ties) = bidding::resolve_in(
                    &mut self.s,
                    &input.clash,
                    &input.clash_ties,
                    throne_decider,
                );
                self.questions
                    .extend(ties.into_iter().map(Question::ClashTie));
                self.log.extend(l);
            }
            _ => {}
        }
    }

    /// A wildling attack: the bids, then the reward of the highest bidder or the penalty.
    fn wildling_attack(&mut self, ev: &RoundEvents, ports_ready: &[maester_board::AreaId]) {
        let (r, l) = wildlings::resolve_attack_in(&mut self.s, &self.input.wildling_bids);
        self.log.extend(l);
        let king = self.s.throne_order().first().copied();
        if r.watch_won {
            self.wildling_reward(king, &r.highest, ports_ready);
        } else {
            let penalty = ev.wildling_penalty.unwrap_or(PenaltyKind::Disband);
            self.wildling_penalty(king, &r.lowest, penalty);
        }
    }

    /// The Night's Watch won: the king breaks a tie for the highest bid; the winner's reward.
    fn wildling_reward(
        &mut self,
        king: Option<HouseId>,
        highest: &[HouseId],
        ports_ready: &[maester_board::AreaId],
    ) {
        let input = self.input;
        if highest.len() > 1 {
            self.questions.push(Question::WildlingTie {
                king,
                houses: highest.to_vec(),
                reward: true,
            });
        }
        if let Some(h) = wildlings::king_pick(
            &self.s,
            highest,
            input.wildling_king_pick,
            true,
            &mut self.log,
        ) {
            self.questions.push(Question::WildlingReward(h));
            self.log.extend(wildlings::apply_reward_in(
                self.board,
                &mut self.s,
                h,
                input.wildling_reward.as_ref(),
                ports_ready,
            ));
        }
    }

    /// The wildlings won: the king breaks a tie for the lowest bid; every house is asked about
    /// the penalty, the lowest bidder's one being the worst.
    fn wildling_penalty(
        &mut self,
        king: Option<HouseId>,
        lowest: &[HouseId],
        penalty: PenaltyKind,
    ) {
        let input = self.input;
        if lowest.len() > 1 {
            self.questions.push(Question::WildlingTie {
                king,
                houses: lowest.to_vec(),
                reward: false,
            });
        }
        let worst = wildlings::king_pick(
            &self.s,
            lowest,
            input.wildling_king_pick,
            false,
            &mut self.log,
        );
        for &h in self.s.throne_order() {
            self.questions.push(Question::WildlingPenalty {
                house: h,
                penalty,
                worst: Some(h) == worst,
            });
        }
        self.log.extend(wildlings::apply_penalty_in(
            self.board,
            &mut self.s,
            penalty,
            worst,
            &input.wildling_penalty,
        ));
    }
}

fn merge(v: Vec<(maester_board::AreaId, u8)>) -> Vec<(maester_board::AreaId, u8)> {
    let mut out: Vec<(maester_board::AreaId, u8)> = Vec::new();
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

/// The public preview (optional rule, 004:L2632): the drawn cards of the coming rounds, a Winter
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
