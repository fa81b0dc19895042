//! 诸王争霸 Clash of Kings (004:L1148–L1197): one secret submission with three bids from the
//! tokens in hand, new ranks by bid, ties on the Iron Throne ordered by the previous King and on
//! the other two tracks by the new King (004:L1157), defaults of A-65; every bid is spent.

use crate::model::log_events::{EconomyEvent, SpendReason};
use crate::model::state::{GameState, Track};
pub use crate::model::window::{ClashBid, Tie, TieDecisions};
use maester_board::{AreaId, HouseId};
use serde::{Deserialize, Serialize};

impl ClashBid {
    /// Total of the three bids.
    pub fn total(&self) -> u32 {
        self.throne as u32 + self.fiefdoms as u32 + self.court as u32
    }
    /// The bid on a track.
    pub fn on(&self, t: Track) -> u8 {
        match t {
            Track::IronThrone => self.throne,
            Track::Fiefdoms => self.fiefdoms,
            Track::KingsCourt => self.court,
        }
    }
}

/// The three tracks in order.
pub const TRACKS: [Track; 3] = [Track::IronThrone, Track::Fiefdoms, Track::KingsCourt];

/// Why a bid is not accepted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BidError {
    /// The bids add up to more than the tokens in hand (004:L1155, L1106).
    OverHand {
        /// Bid in all.
        bid: u32,
        /// Tokens in hand.
        hand: u8,
    },
    /// A house turned neutral does not bid.
    Neutral,
    /// The wildling bid is more than the house will have when the attack is resolved: the
    /// tokens in hand, plus this phase's Game of Thrones income, less its Clash of Kings bids
    /// (events resolve economic, political, military, 004:L2389; 004:L1106; A-64). The mail is
    /// refused whole, so that the player can correct it before the deadline.
    WildlingOverBudget {
        /// The wildling bid.
        wildling: u8,
        /// The Clash of Kings bids of the same mail, in all (0 without them).
        clash: u32,
        /// Tokens in hand now.
        hand: u8,
        /// This phase's Game of Thrones income (0 without that event).
        income: u8,
    },
    /// The mail spends more tokens than the house will have: what it pays first (a leader's
    /// reward, then its ports and fortifications, 004:L2389, A-63), then its Clash of Kings
    /// bids from what is left of the hand (004:L1155), then its wildling bid from what is left
    /// plus this phase's Game of Thrones income (004:L1106, A-64). Refused whole, like the
    /// bids alone (A-64 as amended): nothing is cut in silence.
    OverBudget {
        /// Paid before the bids, item by item.
        spent: Vec<Spend>,
        /// The Clash of Kings bids, in all (0 without them).
        clash: u32,
        /// The wildling bid (0 without it).
        wildling: u8,
        /// Tokens in hand now.
        hand: u8,
        /// This phase's Game of Thrones income (0 without that event).
        income: u8,
    },
}

/// One item a mail pays for before its bids: a reward or a building, with its cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spend {
    /// What it pays for (`Port`, `Fortification`, `Melisandre`).
    pub why: SpendReason,
    /// The province built in (none for a reward).
    pub area: Option<AreaId>,
    /// Tokens.
    pub n: u8,
}

impl BidError {
    /// The tokens a mail spends beyond what the house will have (0 when it is not over).
    pub fn excess(&self) -> u32 {
        match self {
            BidError::OverHand { bid, hand } => bid.saturating_sub(*hand as u32),
            BidError::WildlingOverBudget {
                wildling,
                clash,
                hand,
                income,
            } => (*wildling as u32 + clash).saturating_sub(*hand as u32 + *income as u32),
            BidError::OverBudget {
                spent,
                clash,
                wildling,
                hand,
                income,
            } => {
                let paid: u32 = spent.iter().map(|s| s.n as u32).sum();
                let before = (paid + clash).saturating_sub(*hand as u32);
                let after =
                    (paid + clash + *wildling as u32).saturating_sub(*hand as u32 + *income as u32);
                before.max(after)
            }
            BidError::Neutral => 0,
        }
    }
}

impl BidError {
    /// The rule the refusal follows ("004:L1691": line 1691 of the rulebook, "A-45": answer
    /// 45 of the FAQ), "" where the rulebook has no line for it. Words cite it.
    pub fn rule(&self) -> &'static str {
        match self {
            BidError::OverHand { .. } => "004:L1155",
            BidError::Neutral => "A-21",
            BidError::WildlingOverBudget { .. } => "004:L2389, L1106, A-64",
            BidError::OverBudget { .. } => "004:L2389, L1036, L1155, L1106, A-63, A-64",
        }
    }
}

/// Check a Clash of Kings submission against the tokens in hand now.
pub fn check(state: &GameState, house: HouseId, bid: &ClashBid) -> Result<(), BidError> {
    let h = state.house(house);
    if h.neutral {
        return Err(BidError::Neutral);
    }
    if bid.total() > h.power as u32 {
        return Err(BidError::OverHand {
            bid: bid.total(),
            hand: h.power,
        });
    }
    Ok(())
}

/// The bid each house actually makes: its submission, 0/0/0 when silent or neutral
/// a bid that no longer fits the hand is cut from King's Court, then Fiefdoms, then
/// the Iron Throne.
pub fn effective_bids(
    state: &GameState,
    bids: &[(HouseId, ClashBid)],
) -> Vec<(HouseId, ClashBid, bool)> {
    state
        .throne_order()
        .iter()
        .map(|&h| {
            let hs = state.house(h);
            let sent = bids.iter().find(|(x, _)| *x == h).map(|(_, b)| *b);
            match sent {
                Some(b) if !hs.neutral => {
                    let mut b = b;
                    let mut over = b.total().saturating_sub(hs.power as u32);
                    for slot in [&mut b.court, &mut b.fiefdoms, &mut b.throne] {
                        let cut = (*slot as u32).min(over) as u8;
                        *slot -= cut;
                        over -= cut as u32;
                    }
                    (h, b, false)
                }
                _ => (h, ClashBid::default(), true),
            }
        })
        .collect()
}

/// The new order on one track, and its ties.
fn rank_track(
    state: &GameState,
    bids: &[(HouseId, ClashBid, bool)],
    track: Track,
    decision: Option<&Vec<HouseId>>,
    decider: Option<HouseId>,
) -> (Vec<HouseId>, Vec<Tie>) {
    let prev = |h: HouseId| state.rank(track, h);
    let pos = |h: HouseId| {
        decision
            .and_then(|d| d.iter().position(|x| *x == h))
            .unwrap_or(usize::MAX)
    };
    // (house, bid, place in the decision, previous rank): the keys, worked out once.
    let mut v: Vec<(HouseId, u8, usize, usize)> = bids
        .iter()
        .map(|(h, b, _)| (*h, b.on(track), pos(*h), prev(*h)))
        .collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(&b.2)).then(a.3.cmp(&b.3)));
    let mut ties = Vec::new();
    let mut i = 0;
    while i < v.len() {
        let j = v[i..].iter().take_while(|x| x.1 == v[i].1).count();
        if j > 1 {
            // The default order among the tied: their previous ranks (a stable sort).
            let mut houses: Vec<HouseId> = v[i..i + j].iter().map(|x| x.0).collect();
            houses.sort_by_key(|h| prev(*h));
            ties.push(Tie {
                track,
                bid: v[i].1,
                houses,
                decider,
            });
        }
        i += j;
    }
    (v.into_iter().map(|x| x.0).collect(), ties)
}

/// The ties the Kings must order, with who orders each (for the tie-break window of 附录1).
/// `throne_decider` is the previous King unless Doran's captured throne says otherwise;
/// the Iron Throne decision, if already given, fixes the new King who orders the other two.
pub fn ties(
    state: &GameState,
    bids: &[(HouseId, ClashBid)],
    throne_decider: Option<HouseId>,
    decisions: &TieDecisions,
) -> Vec<Tie> {
    let eff = effective_bids(state, bids);
    let throne_decider = throne_decider.or(state.throne_order().first().copied());
    let (throne, mut all) = rank_track(
        state,
        &eff,
        Track::IronThrone,
        decisions.orders[0].as_ref(),
        throne_decider,
    );
    let king = throne.first().copied();
    for t in [Track::Fiefdoms, Track::KingsCourt] {
        let (_, ties) = rank_track(state, &eff, t, decisions.orders[t as usize].as_ref(), king);
        all.extend(ties);
    }
    all
}

/// Resolve a Clash of Kings: every bid is spent, the three tracks are re-ranked by bid, ties
/// ordered by the decisions given or by default (previous relative order, A-65).
/// `throne_decider`: None for the previous King (the first on the Iron Throne now).
pub fn resolve(
    state: &GameState,
    bids: &[(HouseId, ClashBid)],
    decisions: &TieDecisions,
    throne_decider: Option<HouseId>,
) -> (GameState, Vec<EconomyEvent>) {
    let mut s = state.clone();
    let (log, _) = resolve_in(&mut s, bids, decisions, throne_decider);
    (s, log)
}

/// [`resolve`] on the state in place (the event phase's own copy). The bids are read before any
/// power is spent, and the tracks are read (ranks, the old King) before they are replaced at
/// the end, so working in place sees exactly what the original state shows.
/// Returns the log and the ties the Kings order (those [`ties`] gives for the state before).
pub fn resolve_in(
    s: &mut GameState,
    bids: &[(HouseId, ClashBid)],
    decisions: &TieDecisions,
    throne_decider: Option<HouseId>,
) -> (Vec<EconomyEvent>, Vec<Tie>) {
    let mut log = Vec::new();
    let eff = effective_bids(s, bids);
    for (h, b, silent) in &eff {
        let sent = bids.iter().find(|(x, _)| x == h).map(|(_, b)| *b);
        if let Some(orig) = sent.filter(|o| o != b && !*silent) {
            log.push(EconomyEvent::BidReduced {
                house: *h,
                from: orig.total() as u8,
                to: b.total() as u8,
            });
        }
        log.push(EconomyEvent::ClashBids {
            house: *h,
            throne: b.throne,
            fiefdoms: b.fiefdoms,
            court: b.court,
            default: *silent,
        });
        let n = b.total().min(u8::MAX as u32) as u8;
        let hs = s.house_mut(*h);
        hs.power = hs.power.saturating_sub(n);
        if n > 0 {
            log.push(EconomyEvent::PowerSpent {
                house: *h,
                n,
                why: SpendReason::ClashOfKings,
            });
        }
    }
    let old_king = s.throne_order().first().copied();
    let throne_decider = throne_decider.or(old_king);
    let (throne, t_ties) = rank_track(
        s,
        &eff,
        Track::IronThrone,
        decisions.orders[0].as_ref(),
        throne_decider,
    );
    let new_king = throne.first().copied();
    let mut new_tracks = [throne, Vec::new(), Vec::new()];
    let mut all_ties = t_ties;
    for t in [Track::Fiefdoms, Track::KingsCourt] {
        let (order, ties) = rank_track(s, &eff, t, decisions.orders[t as usize].as_ref(), new_king);
        new_tracks[t as usize] = order;
        all_ties.extend(ties);
    }
    for tie in &all_ties {
        let given = decisions.orders[tie.track as usize].as_ref();
        let default = !given.is_some_and(|d| tie.houses.iter().any(|h| d.contains(h)));
        log.push(EconomyEvent::TieBroken {
            track: tie.track,
            houses: tie.houses.clone(),
            by: tie.decider,
            default,
        });
    }
    for t in TRACKS {
        log.push(EconomyEvent::TrackSet {
            track: t,
            order: new_tracks[t as usize].clone(),
        });
    }
    s.tracks = new_tracks.map(Into::into);
    (log, all_ties)
}
