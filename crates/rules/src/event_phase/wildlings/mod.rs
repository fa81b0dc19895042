//! 野人入侵 Wildling attacks (004:L1103–L1145): secret bids from the tokens in hand; the Night's
//! Watch wins if the total reaches the wildlings' strength. Its highest bidder picks one of three
//! rewards; otherwise everyone suffers the penalty drawn with the attack, the lowest bidder
//! more. Ties are the King's. All bids are spent and the strength returns to 0.

use crate::armies::muster::{self, MusterPlan};
use crate::event_phase::economy::{self, CHEAP_FIRST};
pub use crate::model::events::PenaltyKind;
use crate::model::log::Unfulfilled;
use crate::model::log_events::{DisbandReason, EconomyEvent, ReturnReason, SpendReason};
use crate::model::state::{GameState, LeaderStatus, Track};
pub use crate::model::window::{PenaltyChoice, WildlingReward};
use maester_board::{AreaId, Board, HouseId, LeaderId, UnitKind};
use serde::{Deserialize, Serialize};

mod penalty;
pub use penalty::{
    apply_penalty, apply_penalty_in, best_tracks, default_penalty_disband, disband_due,
};

/// The outcome of the bidding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackResult {
    /// Wildling strength attacking.
    pub strength: u8,
    /// Bids actually made, in Iron Throne order.
    pub bids: Vec<(HouseId, u8)>,
    /// Their total.
    pub total: u32,
    /// Whether the Night's Watch won (total ≥ strength, 004:L1108).
    pub watch_won: bool,
    /// Houses sharing the highest bid.
    pub highest: Vec<HouseId>,
    /// Houses sharing the lowest bid.
    pub lowest: Vec<HouseId>,
}

/// What a house's wildling bid may use besides its tokens in hand: the events before the attack
/// resolve first (economic, political, military, 004:L2389, A-64).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BidBudget {
    /// This phase's Game of Thrones income, as far as the cap of owned tokens lets it in.
    pub income: u8,
    /// The same mail's Clash of Kings bids, in all.
    pub clash: u32,
}

impl BidBudget {
    /// The budget of `house` in this round's event phase, its Clash of Kings bids being
    /// `clash` (counted only when the round's political event is a Clash of Kings). The income
    /// is known from crowns and ports now.
    pub fn of(
        board: &Board,
        state: &GameState,
        house: HouseId,
        clash: Option<&crate::event_phase::bidding::ClashBid>,
    ) -> BidBudget {
        use crate::event_phase::events::{Category, EventCard, current};
        let political = current(state)
            .filter(|e| e.round == state.round)
            .and_then(|e| e.effective(Category::Political));
        let income = match political {
            Some(EventCard::GameOfThrones { .. }) if !state.house(house).neutral => {
                let (crowns, ports) = economy::throne_incomes(board, state)
                    .get(house.index())
                    .copied()
                    .unwrap_or_default();
                let room = (board.rules.max_power as u32).saturating_sub(state.power_owned(house));
                (crowns.saturating_add(ports) as u32).min(room) as u8
            }
            _ => 0,
        };
        let clash = match political {
            Some(EventCard::ClashOfKings) => clash.map_or(0, |b| b.total()),
            _ => 0,
        };
        BidBudget { income, clash }
    }
}

/// Check a wildling bid against what the house will have when the attack is resolved: tokens
/// in hand + this phase's Game of Thrones income − its Clash of Kings bids.
pub fn check_bid(
    state: &GameState,
    house: HouseId,
    bid: u8,
    budget: BidBudget,
) -> Result<(), crate::event_phase::bidding::BidError> {
    let h = state.house(house);
    if h.neutral {
        return Err(crate::event_phase::bidding::BidError::Neutral);
    }
    let will_have = (h.power as u32 + budget.income as u32).saturating_sub(budget.clash);
    if bid as u32 > will_have {
        return Err(crate::event_phase::bidding::BidError::WildlingOverBudget {
            wildling: bid,
            clash: budget.clash,
            hand: h.power,
            income: budget.income,
        });
    }
    Ok(())
}

/// Resolve the bidding of a wildling attack: silent and neutral houses bid 0, a
/// bid above the hand is cut to it, every bid is spent (004:L1110), the strength returns
/// to 0 (004:L1139). The highest and lowest bidders are players: a house that has left is
/// neither (004:L492, L1126).
pub fn resolve_attack(
    state: &GameState,
    bids: &[(HouseId, u8)],
) -> (GameState, AttackResult, Vec<EconomyEvent>) {
    let mut s = state.clone();
    let (result, log) = resolve_attack_in(&mut s, bids);
    (s, result, log)
}

/// [`resolve_attack`] on the caller's state, changed in place. The bids change only the
/// houses' power, so the order walked (the Iron Throne) and the strength read are those before.
pub fn resolve_attack_in(
    s: &mut GameState,
    bids: &[(HouseId, u8)],
) -> (AttackResult, Vec<EconomyEvent>) {
    let mut log = Vec::new();
    let mut made = Vec::with_capacity(s.throne_order().len());
    for i in 0..s.throne_order().len() {
        let Some(&h) = s.throne_order().get(i) else {
            break;
        };
        let hs = s.house_mut(h);
        let sent = bids.iter().find(|(x, _)| *x == h).map(|(_, b)| *b);
        let bid = if hs.neutral {
            0
        } else {
            sent.unwrap_or(0).min(hs.power)
        };
        if let Some(b) = sent.filter(|&b| b != bid && !hs.neutral) {
            log.push(EconomyEvent::BidReduced {
                house: h,
                from: b,
                to: bid,
            });
        }
        hs.power -= bid;
        log.push(EconomyEvent::WildlingBid {
            house: h,
            bid,
            default: sent.is_none(),
        });
        if bid > 0 {
            log.push(EconomyEvent::PowerSpent {
                house: h,
                n: bid,
                why: SpendReason::Wildlings,
            });
        }
        made.push((h, bid));
    }
    let total: u32 = made.iter().map(|(_, b)| *b as u32).sum();
    let strength = s.wildlings;
    let watch_won = total >= strength as u32;
    // The reward and the heavier loss go to players (004:L1126): a house that has left is
    // neutral (004:L492), bids nothing and is neither the highest nor the lowest bidder.
    let players: Vec<(HouseId, u8)> = made
        .iter()
        .copied()
        .filter(|(h, _)| !s.house(*h).neutral)
        .collect();
    let hi = players.iter().map(|(_, b)| *b).max().unwrap_or(0);
    let lo = players.iter().map(|(_, b)| *b).min().unwrap_or(0);
    let highest = players
        .iter()
        .filter(|(_, b)| *b == hi)
        .map(|(h, _)| *h)
        .collect();
    let lowest = players
        .iter()
        .filter(|(_, b)| *b == lo)
        .map(|(h, _)| *h)
        .collect();
    log.push(EconomyEvent::WildlingOutcome {
        strength,
        total,
        watch_won,
    });
    s.wildlings = 0;
    log.push(EconomyEvent::WildlingsReset);
    let result = AttackResult {
        strength,
        bids: made,
        total,
        watch_won,
        highest,
        lowest,
    };
    (result, log)
}

/// The one house among `tied` the King names: his pick if it is one of them, else the
/// tied house highest on the Iron Throne (`highest = true`, for the reward) or lowest (for the
/// penalty). Logs who decided.
pub fn king_pick(
    state: &GameState,
    tied: &[HouseId],
    pick: Option<HouseId>,
    highest: bool,
    log: &mut Vec<EconomyEvent>,
) -> Option<HouseId> {
    let by_rank = |h: &&HouseId| state.rank(Track::IronThrone, **h);
    let fallback = if highest {
        tied.iter().min_by_key(by_rank)
    } else {
        tied.iter().max_by_key(by_rank)
    }
    .copied();
    let chosen = match pick {
        Some(p) if tied.contains(&p) => Some(p),
        _ => fallback,
    };
    if let Some(h) = chosen {
        let king = state.throne_order().first().copied();
        let tie = tied.len() > 1;
        let default = tie && !pick.is_some_and(|p| tied.contains(&p));
        log.push(if highest {
            EconomyEvent::WildlingRewardTo {
                house: h,
                tie_by: if tie { king } else { None },
                default,
            }
        } else {
            EconomyEvent::WildlingWorst {
                house: h,
                tie_by: if tie { king } else { None },
                default,
            }
        });
    }
    chosen
}

/// Why a reward or penalty choice is not accepted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WildlingError {
    /// The leader is not one of the house's resting leaders.
    NotResting(LeaderId),
    /// More than two upgrades.
    TooManyUpgrades(usize),
    /// No such footman or archer of the house there.
    NoSuchUnit(AreaId, UnitKind),
    /// The knight cap would be exceeded (004:L1118).
    KnightCap(u8),
    /// A reward muster must use one castle only.
    OneArea,
    /// A mustering error.
    Muster(muster::MusterError),
    /// The disbanded units are not worth the points due (004:L1130).
    WrongPoints {
        /// Points due.
        due: u8,
        /// Points listed.
        listed: u8,
    },
    /// A house tied for the lowest bid, whose due depends on the King's tie-break (004:L1126):
    /// the units listed are worth neither what the lowest bidder disbands nor what the others do.
    WrongPointsTied {
        /// Points due if the King names the house the lowest bidder.
        lowest: u8,
        /// Points due otherwise.
        other: u8,
        /// Points listed.
        listed: u8,
    },
    /// Downgrades: not the right number of knights, or a target that is not F or A or at its cap.
    BadDowngrade,
    /// The track named is not one of the house's best ranks (004:L1132).
    NotBestTrack(Track),
    /// A leader or area the board does not have.
    UnknownId,
}

impl WildlingError {
    /// The rule the refusal follows ("004:L1691": line 1691 of the rulebook, "A-45": answer
    /// 45 of the FAQ), "" where the rulebook has no line for it. Words cite it.
    pub fn rule(&self) -> &'static str {
        match self {
            WildlingError::NotResting(..) => "004:L1116",
            WildlingError::TooManyUpgrades(..) => "004:L1118",
            WildlingError::NoSuchUnit(..) => "004:L1118",
            WildlingError::KnightCap(..) => "004:L1118",
            WildlingError::OneArea => "004:L1119, A-67",
            WildlingError::Muster(e) => e.rule(),
            WildlingError::WrongPoints { .. } => "004:L1130",
            WildlingError::WrongPointsTied { .. } => "004:L1130, L1126",
            WildlingError::BadDowngrade => "004:L1131, A-66",
            WildlingError::NotBestTrack(..) => "004:L1132",
            WildlingError::UnknownId => "",
        }
    }
}

fn knights_ok(
    board: &Board,
    state: &GameState,
    house: HouseId,
    ups: &[(AreaId, UnitKind)],
) -> Result<(), WildlingError> {
    if !board.has_areas(ups.iter().map(|u| u.0)) {
        return Err(WildlingError::UnknownId);
    }
    if ups.len() > 2 {
        return Err(WildlingError::TooManyUpgrades(ups.len()));
    }
    let cap = board.rules.unit_caps[UnitKind::Knight.index()];
    if state.unit_count(house, UnitKind::Knight) + ups.len() > cap as usize {
        return Err(WildlingError::KnightCap(cap));
    }
    for (i, &(a, k)) in ups.iter().enumerate() {
        let want = ups[..=i].iter().filter(|x| **x == (a, k)).count();
        let have = state.area(a).units.iter().filter(|u| u.kind == k).count();
        let own = state.occupant(a) == Some(house);
        if !matches!(k, UnitKind::Footman | UnitKind::Archer) || !own || have < want {
            return Err(WildlingError::NoSuchUnit(a, k));
        }
    }
    Ok(())
}

/// Check the reward a house chooses; `ports_ready` are the ports that existed before the event
/// phase (new ships go only there, 004:L2455).
pub fn check_reward(
    board: &Board,
    state: &GameState,
    house: HouseId,
    r: &WildlingReward,
    ports_ready: &[AreaId],
) -> Result<(), WildlingError> {
    match r {
        WildlingReward::RecallLeader(l) if l.index() >= board.leaders.len() => {
            Err(WildlingError::UnknownId)
        }
        WildlingReward::RecallLeader(l) => {
            let resting = state
                .house(house)
                .leaders
                .iter()
                .any(|(x, st)| x == l && matches!(st, LeaderStatus::Resting { .. }));
            if resting {
                Ok(())
            } else {
                Err(WildlingError::NotResting(*l))
            }
        }
        WildlingReward::Knights(ups) => knights_ok(board, state, house, ups),
        WildlingReward::Muster(plan) => {
            let budget = reward_budget(board, state, house, plan)?;
            muster::check(board, state, house, plan, &budget, ports_ready).map_err(|e| {
                e.into_iter()
                    .next()
                    .map(WildlingError::Muster)
                    .unwrap_or(WildlingError::OneArea)
            })
        }
    }
}

fn reward_budget(
    board: &Board,
    state: &GameState,
    house: HouseId,
    plan: &MusterPlan,
) -> Result<Vec<(AreaId, u8)>, WildlingError> {
    let Some(first) = plan.items.first().map(|i| i.castle) else {
        return Ok(Vec::new());
    };
    if plan.items.iter().any(|i| i.castle != first) {
        return Err(WildlingError::OneArea);
    }
    Ok(muster::points(board, state, house)
        .into_iter()
        .filter(|(c, _)| *c == first)
        .collect())
}

/// Carry out the reward; None (silent) or an invalid choice: the reward lapses.
pub fn apply_reward(
    board: &Board,
    state: &GameState,
    house: HouseId,
    r: Option<&WildlingReward>,
    ports_ready: &[AreaId],
) -> (GameState, Vec<EconomyEvent>) {
    let mut s = state.clone();
    let log = apply_reward_in(board, &mut s, house, r, ports_ready);
    (s, log)
}

/// [`apply_reward`] on the caller's state, changed in place (every check is made before the
/// first change).
pub fn apply_reward_in(
    board: &Board,
    s: &mut GameState,
    house: HouseId,
    r: Option<&WildlingReward>,
    ports_ready: &[AreaId],
) -> Vec<EconomyEvent> {
    let mut log = Vec::new();
    let Some(r) = r.filter(|r| check_reward(board, s, house, r, ports_ready).is_ok()) else {
        log.push(EconomyEvent::WildlingRewardLapsed { house });
        return log;
    };
    match r {
        WildlingReward::RecallLeader(l) => {
            if let Some(e) = s.house_mut(house).leaders.iter_mut().find(|(x, _)| x == l) {
                e.1 = LeaderStatus::Available;
            }
            log.push(EconomyEvent::LeaderReturns {
                leader: *l,
                why: ReturnReason::Wildlings,
            });
        }
        WildlingReward::Knights(ups) => {
            for &(a, k) in ups {
                if let Some(u) = s.area_mut(a).units.iter_mut().find(|u| u.kind == k) {
                    u.kind = UnitKind::Knight;
                    log.push(EconomyEvent::Upgraded {
                        house,
                        area: a,
                        from: k,
                        to: UnitKind::Knight,
                    });
                }
            }
        }
        WildlingReward::Muster(plan) => {
            let budget = reward_budget(board, s, house, plan).unwrap_or_default();
            let (l, _) = muster::resolve_with_budget_in(
                board,
                s,
                &[(house, plan.clone(), budget)],
                ports_ready,
            );
            log.extend(l);
        }
    }
    log
}
