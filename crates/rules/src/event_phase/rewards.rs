//! 战胜奖励 Leader victory rewards claimed in the next event phase (004:L2460–L2465): Melisandre
//! sends an opposing available leader to rest for 1 token, Luwin recalls a resting Stark leader
//! (himself included), Doran seizes a track item of the opponent he beat.

pub use crate::model::economy::{PendingReward, RewardClaim, RewardKind};
use crate::model::log_events::{EconomyEvent, ReturnReason, SpendReason};
use crate::model::state::{GameState, LeaderStatus, Track};
use crate::round::rest;
use maester_board::{Board, HouseId, LeaderId};
use serde::{Deserialize, Serialize};

/// Record a win of a leader with a deferred reward (called by the military phase after a
/// battle the leader won). Several wins in a round make one reward with every beaten house.
pub fn record_win(
    state: &mut GameState,
    house: HouseId,
    leader: LeaderId,
    kind: RewardKind,
    beaten: HouseId,
) {
    let round = state.round;
    let p = &mut state.economy.pending_rewards;
    if let Some(r) = p
        .iter_mut()
        .find(|r| r.leader == leader && r.round == round)
    {
        if !r.beaten.contains(&beaten) {
            r.beaten.push(beaten);
        }
    } else {
        p.push(PendingReward {
            house,
            leader,
            kind,
            round,
            beaten: vec![beaten],
        });
    }
}

/// Why a claim is not accepted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RewardError {
    /// The house won no such reward last round.
    NoReward,
    /// Melisandre's target must be an available leader of a house she beat.
    NotTarget(LeaderId),
    /// Melisandre costs 1 token in hand (004:L2463).
    NoToken,
    /// Luwin recalls a resting leader of his own house (004:L1861).
    NotResting(LeaderId),
    /// Doran seizes only an item a beaten house holds now.
    NotHeld(Track),
    /// A leader the board does not have.
    UnknownLeader,
    /// One claim per reward, however many battles the leader won (004:L1825).
    OnlyOnce,
}

impl RewardError {
    /// The rule the refusal follows ("004:L1691": line 1691 of the rulebook, "A-45": answer
    /// 45 of the FAQ), "" where the rulebook has no line for it. Words cite it.
    pub fn rule(&self) -> &'static str {
        match self {
            RewardError::NoReward => "004:L2461",
            RewardError::NotTarget(..) => "A-52",
            RewardError::NoToken => "004:L2463",
            RewardError::NotResting(..) => "004:L1861",
            RewardError::NotHeld(..) => "A-53",
            RewardError::UnknownLeader => "",
            RewardError::OnlyOnce => "004:L1825",
        }
    }
}

fn status(state: &GameState, leader: LeaderId) -> Option<LeaderStatus> {
    state
        .houses
        .iter()
        .flat_map(|h| h.leaders.iter())
        .find(|(l, _)| *l == leader)
        .map(|(_, s)| *s)
}

fn reward_for(state: &GameState, house: HouseId, kind: RewardKind) -> Option<&PendingReward> {
    let last = state.round.saturating_sub(1);
    state
        .economy
        .pending_rewards
        .iter()
        .find(|r| r.house == house && r.kind == kind && r.round == last)
}

/// The kind of reward a claim is for.
pub fn kind_of(claim: &RewardClaim) -> RewardKind {
    match claim {
        RewardClaim::Melisandre(_) => RewardKind::Melisandre,
        RewardClaim::Luwin(_) => RewardKind::Luwin,
        RewardClaim::Doran(_) => RewardKind::Doran,
    }
}

/// Check a house's claims together: each as [`check`], and one claim per reward (004:L1825).
pub fn check_all(
    board: &Board,
    state: &GameState,
    house: HouseId,
    claims: &[RewardClaim],
) -> Vec<RewardError> {
    let mut errs = Vec::new();
    for (i, c) in claims.iter().enumerate() {
        if claims[..i].iter().any(|x| kind_of(x) == kind_of(c)) {
            errs.push(RewardError::OnlyOnce);
        } else if let Err(e) = check(board, state, house, c) {
            errs.push(e);
        }
    }
    errs
}

/// Check one claim against the rewards won last round and the state now.
pub fn check(
    board: &Board,
    state: &GameState,
    house: HouseId,
    claim: &RewardClaim,
) -> Result<(), RewardError> {
    if let RewardClaim::Melisandre(l) | RewardClaim::Luwin(l) = claim
        && l.index() >= board.leaders.len()
    {
        return Err(RewardError::UnknownLeader);
    }
    match claim {
        RewardClaim::Melisandre(target) => {
            let r =
                reward_for(state, house, RewardKind::Melisandre).ok_or(RewardError::NoReward)?;
            let owner = board.leader(*target).house;
            if !r.beaten.contains(&owner) || status(state, *target) != Some(LeaderStatus::Available)
            {
                return Err(RewardError::NotTarget(*target));
            }
            if state.house(house).power == 0 {
                return Err(RewardError::NoToken);
            }
            Ok(())
        }
        RewardClaim::Luwin(l) => {
            reward_for(state, house, RewardKind::Luwin).ok_or(RewardError::NoReward)?;
            let resting = matches!(status(state, *l), Some(LeaderStatus::Resting { .. }));
            if board.leader(*l).house != house || !resting {
                return Err(RewardError::NotResting(*l));
            }
            Ok(())
        }
        RewardClaim::Doran(t) => {
            let r = reward_for(state, house, RewardKind::Doran).ok_or(RewardError::NoReward)?;
            let holder = state.tracks[*t as usize].first().copied();
            if holder.is_some_and(|h| r.beaten.contains(&h)) {
                Ok(())
            } else {
                Err(RewardError::NotHeld(*t))
            }
        }
    }
}

/// What claiming returns.
#[derive(Clone, Debug)]
pub struct ClaimOutcome {
    /// The new state (every reward of last round claimed or lapsed).
    pub state: GameState,
    /// What happened.
    pub log: Vec<EconomyEvent>,
    /// Martell decides the Iron Throne ties of this phase's Clash of Kings (Doran's captured
    /// throne, A-53).
    pub throne_decider: Option<HouseId>,
}

/// Resolve the claims of the event phase, before a Clash of Kings of the same phase
/// (`clash_this_phase`): Doran's capture then lapses, except that a captured Iron Throne lets
/// Martell order the Iron Throne ties. Unclaimed or invalid rewards lapse.
pub fn resolve(
    board: &Board,
    state: &GameState,
    claims: &[(HouseId, RewardClaim)],
    clash_this_phase: bool,
) -> ClaimOutcome {
    let mut s = state.clone();
    let mut log = Vec::new();
    let mut throne_decider = None;
    let last = state.round.saturating_sub(1);
    let pending: Vec<PendingReward> = state
        .economy
        .pending_rewards
        .iter()
        .filter(|r| r.round == last)
        .cloned()
        .collect();
    for r in &pending {
        let claim = claims.iter().find(|(h, c)| {
            *h == r.house
                && matches!(
                    (c, r.kind),
                    (RewardClaim::Melisandre(_), RewardKind::Melisandre)
                        | (RewardClaim::Luwin(_), RewardKind::Luwin)
                        | (RewardClaim::Doran(_), RewardKind::Doran)
                )
        });
        let Some((_, c)) = claim.filter(|(h, c)| check(board, &s, *h, c).is_ok()) else {
            log.push(EconomyEvent::RewardLapsed {
                house: r.house,
                leader: r.leader,
            });
            continue;
        };
        match *c {
            RewardClaim::Melisandre(target) => {
                let victim = board.leader(target).house;
                s.house_mut(r.house).power -= 1;
                log.push(EconomyEvent::PowerSpent {
                    house: r.house,
                    n: 1,
                    why: SpendReason::Melisandre,
                });
                // Counted as resting since last round, so it may return at this round's end.
                if let Some(e) = s
                    .house_mut(victim)
                    .leaders
                    .iter_mut()
                    .find(|(l, _)| *l == target)
                {
                    e.1 = LeaderStatus::Resting { since: last };
                }
                log.push(EconomyEvent::SentToRest {
                    by: r.leader,
                    leader: target,
                });
                // Below 3 available: every leader that has rested a full round returns (004:L2124).
                rest::recall_if_short(
                    board,
                    &mut s,
                    victim,
                    last.saturating_sub(1),
                    ReturnReason::ShortAfterMelisandre,
                    &mut log,
                );
            }
            RewardClaim::Luwin(l) => {
                if let Some(e) = s
                    .house_mut(r.house)
                    .leaders
                    .iter_mut()
                    .find(|(x, _)| *x == l)
                {
                    e.1 = LeaderStatus::Available;
                }
                log.push(EconomyEvent::LeaderReturns {
                    leader: l,
                    why: ReturnReason::Luwin,
                });
            }
            RewardClaim::Doran(t) => {
                let from = s.tracks[t as usize].first().copied();
                if clash_this_phase {
                    if t == Track::IronThrone {
                        throne_decider = Some(r.house);
                        log.push(EconomyEvent::DoranThroneTieBreak { house: r.house });
                    } else {
                        log.push(EconomyEvent::RewardLapsed {
                            house: r.house,
                            leader: r.leader,
                        });
                    }
                    continue;
                }
                let Some(from) = from else { continue };
                let tr = &mut s.tracks[t as usize];
                let (Some(a), Some(b)) = (
                    tr.iter().position(|x| *x == from),
                    tr.iter().position(|x| *x == r.house),
                ) else {
                    continue;
                };
                tr.swap(a, b);
                log.push(EconomyEvent::DoranSeized {
                    house: r.house,
                    from,
                    track: t,
                });
            }
        }
    }
    s.economy.pending_rewards.retain(|r| r.round > last);
    ClaimOutcome {
        state: s,
        log,
        throne_decider,
    }
}

/// Record the deferred rewards a military phase's log reports (the ability events of
/// Melisandre, Luwin and Doran after a won battle, 004:L2461): the beaten house is the other side
/// of that leader's battle. Call at the end of the military phase.
pub fn record_from_log(board: &Board, state: &mut GameState, log: &[crate::model::log::Event]) {
    use crate::model::log::{AbilityEffect, Defender, Event};
    use maester_board::Ability;
    for (i, e) in log.iter().enumerate() {
        let Event::Ability {
            house,
            leader,
            area,
            effect: AbilityEffect::Reward,
        } = e
        else {
            continue;
        };
        let kind = match board.leaders.get(leader.index()).and_then(|l| l.ability) {
            Some(Ability::Melisandre) => RewardKind::Melisandre,
            Some(Ability::Luwin) => RewardKind::Luwin,
            Some(Ability::Doran) => RewardKind::Doran,
            _ => continue,
        };
        let beaten = log[..i].iter().rev().find_map(|x| match x {
            Event::Battle(b) if b.area == *area && b.attacker_leader == Some(*leader) => {
                match b.defender {
                    Defender::House(h) => Some(h),
                    Defender::Neutral => None,
                }
            }
            Event::Battle(b) if b.area == *area && b.defender_leader == Some(*leader) => {
                Some(b.attacker)
            }
            _ => None,
        });
        if let Some(b) = beaten.filter(|b| b != house) {
            record_win(state, *house, *leader, kind, b);
        }
    }
}
