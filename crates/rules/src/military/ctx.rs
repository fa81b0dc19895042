//! The working context of one military phase ([`Ctx`]): the board, the state being changed,
//! the plans, the round's events and settings, the log, and where each leader stands. Every
//! step of the phase works on it; it sits at the bottom of the military rules and calls none
//! of them.

use crate::model::log::{Event, Unfulfilled};
use crate::model::modifiers::{RoundModifiers, Settings};
use crate::model::one_time::OneTimeKind;
use crate::model::orders::{MarchStep, Plan, Step};
use crate::model::state::{GameState, PendingRetreat, Track};
use maester_board::{AreaId, Board, HouseId, LeaderId, Order, OrderType};

/// What a resolution returns.
#[derive(Clone, Debug)]
pub struct Resolution {
    /// The state after the phase (orders cleared, routed flags cleared; forces waiting for a
    /// retreat choice are in `state.pending_retreats`).
    pub state: GameState,
    /// Everything that happened, in order.
    pub log: Vec<Event>,
    /// Leaders who actually fought this round: they go to rest (004:L2119, A-51).
    pub fought: Vec<LeaderId>,
}

/// Once-a-round abilities already used, per house (Renly, Ellaria, Asha, Arianne).
#[derive(Clone, Copy, Debug, Default)]
pub struct OncePerRound {
    /// 蓝礼.
    pub renly: bool,
    /// 艾拉莉亚.
    pub ellaria: bool,
    /// 阿莎.
    pub asha: bool,
    /// 亚莲恩.
    pub arianne: bool,
}

/// Working context of one military phase.
pub struct Ctx<'a> {
    /// The board.
    pub board: &'a Board,
    /// The state being changed.
    pub state: GameState,
    /// Plans by house index (houses that sent none have an empty plan). Their march steps
    /// are not here: they move into [`Ctx::pending`] when the context is made.
    pub plans: Vec<Plan>,
    /// Events in force this round.
    pub mods: &'a RoundModifiers,
    /// Game settings.
    pub settings: Settings,
    /// The log.
    pub log: Vec<Event>,
    /// Areas taken by another house at some time this round (CP fails there, A-44).
    pub taken: Vec<bool>,
    /// March steps not yet executed, per house, with their 1-based step numbers (A-47 look-ahead).
    pub pending: Vec<Vec<(u8, Step<MarchStep>)>>,
    /// Alternative executed by each step, per house: (step, alternative), both 1-based.
    pub executed: Vec<Vec<(u8, u8)>>,
    /// Who controlled each area when the phase began.
    pub start_controller: Vec<Option<HouseId>>,
    /// Whose units stood in each area when the phase began (deployment, districts, chains).
    pub start_occupant: Vec<Option<HouseId>>,
    /// Battles so far: (attacker, defending house).
    pub attacks: Vec<(HouseId, HouseId)>,
    /// Leaders: where they are, what they did.
    pub leaders: LeaderTrack,
    /// The sword: still unused this round.
    pub sword_ready: bool,
    /// The sword's assignment, while it stands.
    pub sword_assigned: Option<AreaId>,
    /// The army given the sword fought neutral forces, where the sword is never used
    /// (004:L2260): if the sword stays unused, that is why.
    pub sword_vs_neutral: bool,
    /// Houses whose ships already carried a foreign army this round (A-42 b).
    pub carried: Vec<bool>,
    /// Once-a-round abilities used, per house.
    pub once: Vec<OncePerRound>,
    /// Areas the house's units all left at some moment (a one-time order there is wasted,
    /// 004:L2569).
    pub emptied: Vec<bool>,
    /// Forces waiting for a retreat choice.
    pub pending_retreats: Vec<PendingRetreat>,
}

impl<'a> Ctx<'a> {
    /// The order standing on an area, if it still stands.
    pub fn order(&self, a: AreaId) -> Option<Order> {
        self.state.area(a).order
    }

    /// Each area holding an order of this type, with the house whose units are there.
    pub fn ordered(&self, kind: OrderType) -> Vec<(HouseId, AreaId)> {
        self.board
            .area_ids()
            .filter(|a| self.has_order(*a, kind))
            .filter_map(|a| self.state.occupant(a).map(|h| (h, a)))
            .collect()
    }

    /// Log each of a house's requests (its order on an area) as not carried out, and why.
    pub fn not_carried_out(&mut self, left: Vec<(HouseId, AreaId)>, why: Unfulfilled) {
        for (house, area) in left {
            self.log.push(Event::NotCarriedOut { house, area, why });
        }
    }

    /// Whether the area holds an order of this type.
    pub fn has_order(&self, a: AreaId, kind: OrderType) -> bool {
        self.order(a).map(|o| o.kind == kind).unwrap_or(false)
    }

    /// Check the victory condition; log and record a winner (004:L266, A-74). Called after every
    /// atomic change of control.
    pub fn check_victory(&mut self) -> bool {
        if self.state.winner.is_some() {
            return true;
        }
        // Ranked like the end of the game if several reach it at once.
        let mut best: Option<(usize, u8, u8, HouseId)> = None;
        let counts = self.state.castle_counts(self.board);
        for h in self.board.house_ids() {
            let castles = counts.get(h.index()).copied().unwrap_or(0);
            if castles >= self.board.rules.castles_to_win as usize {
                let key = (
                    castles,
                    self.state.house(h).barrels,
                    self.state.house(h).power,
                    h,
                );
                if best.map(|b| (key.0, key.1, key.2) > (b.0, b.1, b.2)) != Some(false) {
                    best = Some(key);
                }
            }
        }
        if let Some((castles, _, _, h)) = best {
            self.state.winner = Some(h);
            self.log.push(Event::Victory {
                house: h,
                castles: castles as u8,
            });
            return true;
        }
        false
    }

    /// Whether a sea fleet may act this round (惊涛骇浪, A-45).
    pub fn sea_acts(&self, a: AreaId) -> bool {
        !(self.mods.rough_seas && self.board.area(a).is_sea())
    }

    /// Adjacency this round: the state's borders and ports, plus frozen rivers (004:L2429) and
    /// standing pontoons (004:L2600).
    pub fn adjacent(&self, a: AreaId, b: AreaId) -> bool {
        if self.state.adjacent(self.board, a, b) {
            return true;
        }
        let (x, y) = (self.board.area(a), self.board.area(b));
        if self.mods.rivers_frozen
            && (x.river_crossings.contains(&b) || y.river_crossings.contains(&a))
        {
            return true;
        }
        self.bridged(a, b) || self.bridged(b, a)
    }

    /// Whether a pontoon standing in `a` reaches `b` (004:L2609–L2615): placed by the house
    /// that still holds `a`, toward one of the banks the board allows there.
    pub fn bridged(&self, a: AreaId, b: AreaId) -> bool {
        self.state.area(a).one_time.is_some_and(|p| {
            p.kind == OneTimeKind::Pontoon
                && self.state.occupant(a) == Some(p.house)
                && self.board.pontoon_bank(a, p.bank) == Some(b)
        })
    }

    /// All areas adjacent to `a` this round.
    pub fn neighbours(&self, a: AreaId) -> Vec<AreaId> {
        let area = self.board.area(a);
        let mut out: Vec<AreaId> = area.adjacent.clone();
        let mut add = |x: AreaId| {
            if x != a && !out.contains(&x) {
                out.push(x);
            }
        };
        // Temporary ports: the province and the sea of a built port, and the other way round.
        if area.is_port() && area.temporary && self.state.port_exists(self.board, a) {
            if let Some(p) = area.port_of {
                add(p);
            }
            if let Some(s) = self.state.port_sea(self.board, a) {
                add(s);
            }
        }
        for &p in &area.ports {
            if self.board.area(p).temporary && self.state.port_exists(self.board, p) {
                add(p);
            }
        }
        if area.is_sea() {
            for q in self
                .board
                .areas
                .iter()
                .filter(|q| q.temporary && q.is_port())
            {
                if self.state.port_sea(self.board, q.id) == Some(a) {
                    add(q.id);
                }
            }
        }
        if self.mods.rivers_frozen {
            for &r in &area.river_crossings {
                add(r);
            }
        }
        for &t in &area.pontoon_targets {
            if self.bridged(a, t) || self.bridged(t, a) {
                add(t);
            }
        }
        out.sort_unstable();
        out
    }

    /// A pontoon falls when its area is lost or its house's last unit leaves (004:L2615), for
    /// good: it is taken off the map.
    pub fn refresh_pontoons(&mut self) {
        for i in 0..self.state.areas.len() {
            let st = &self.state.areas[i];
            if let Some(p) = st.one_time
                && p.kind == OneTimeKind::Pontoon
                && (st.house != Some(p.house) || st.units.is_empty())
            {
                self.state.areas[i].one_time = None;
            }
        }
    }

    /// The house holding the sword: first on Fiefdoms (004:L1174).
    pub fn sword_holder(&self) -> Option<HouseId> {
        self.state
            .tracks
            .get(Track::Fiefdoms as usize)
            .and_then(|t| t.first())
            .copied()
    }
}

impl<'a> Ctx<'a> {
    /// A fresh context for a phase over `state`.
    pub fn new(
        board: &'a Board,
        state: &GameState,
        plans: &[Plan],
        mods: &'a RoundModifiers,
        settings: Settings,
    ) -> Ctx<'a> {
        Ctx::owned(board, state.clone(), plans.to_vec(), mods, settings)
    }

    /// [`Ctx::new`] taking the state and the plans (indexed by house) by value: no copy of
    /// either when the caller has no further use for them.
    pub fn owned(
        board: &'a Board,
        state: GameState,
        plans: Vec<Plan>,
        mods: &'a RoundModifiers,
        settings: Settings,
    ) -> Ctx<'a> {
        let n = board.areas.len();
        let houses = board.houses.len();
        let mut all_plans = plans;
        all_plans.resize_with(houses, Plan::default);
        let mut rejected = Vec::new();
        for (i, p) in all_plans.iter_mut().enumerate() {
            if !crate::model::orders::ids_valid(p, n, houses, board.leaders.len()) {
                *p = Plan::default();
                rejected.push(Event::PlanRejected {
                    house: HouseId(i as u8),
                });
            }
        }
        // The march steps move out of the plans into the queue (nothing reads them there).
        let pending = all_plans
            .iter_mut()
            .map(|p| {
                std::mem::take(&mut p.marches)
                    .into_iter()
                    .enumerate()
                    .map(|(i, s)| ((i + 1).min(u8::MAX as usize) as u8, s))
                    .collect()
            })
            .collect();
        let start_controller = board
            .area_ids()
            .map(|a| state.controller(board, a))
            .collect();
        let start_occupant = board.area_ids().map(|a| state.occupant(a)).collect();
        let sword_holder = state.tracks[Track::Fiefdoms as usize].first().copied();
        let sword_assigned = sword_holder.and_then(|h| all_plans[h.index()].sword);
        let pending_retreats = state.pending_retreats.clone();
        Ctx {
            board,
            state,
            plans: all_plans,
            mods,
            settings,
            taken: vec![false; n],
            pending,
            executed: vec![Vec::new(); houses],
            start_controller,
            start_occupant,
            attacks: Vec::new(),
            leaders: LeaderTrack::new(board),
            sword_ready: true,
            sword_assigned,
            sword_vs_neutral: false,
            carried: vec![false; houses],
            once: vec![OncePerRound::default(); houses],
            emptied: vec![false; n],
            pending_retreats,
            log: rejected,
        }
    }

    /// A context for settling pending retreats after the phase (no plans, no events).
    pub fn for_settling(board: &'a Board, state: &GameState, mods: &'a RoundModifiers) -> Ctx<'a> {
        Ctx::new(board, state, &[], mods, Settings::default())
    }
}

/// Where each leader is and what he has done this round.
#[derive(Clone, Debug, Default)]
pub struct LeaderTrack {
    /// The area each leader is in (`None`: not on the map, or a district leader).
    pub at: Vec<Option<AreaId>>,
    /// A district leader's two areas, while the district stands.
    pub district: Vec<Option<[AreaId; 2]>>,
    /// Led a march (so he no longer defends where he left, 004:L2062).
    pub led: Vec<bool>,
    /// Defended an area (so he no longer leads its march, 004:L2062).
    pub defended: Vec<bool>,
    /// Actually fought a battle (rests at the end of the round, 004:L2119).
    pub fought: Vec<bool>,
    /// Per area: the defence leader set during the phase (conquest, retreat).
    pub slot: Vec<Option<LeaderId>>,
}

impl LeaderTrack {
    /// Nobody deployed.
    pub fn new(board: &Board) -> LeaderTrack {
        let n = board.leaders.len();
        LeaderTrack {
            at: vec![None; n],
            district: vec![None; n],
            led: vec![false; n],
            defended: vec![false; n],
            fought: vec![false; n],
            slot: vec![None; board.areas.len()],
        }
    }
    /// Leaders who fought, in board order.
    pub fn fought_list(&self) -> Vec<LeaderId> {
        self.fought
            .iter()
            .enumerate()
            .filter(|(_, f)| **f)
            .map(|(i, _)| LeaderId(i as u8))
            .collect()
    }
    pub(crate) fn is_at(&self, l: LeaderId, a: AreaId) -> bool {
        self.at.get(l.index()).copied().flatten() == Some(a)
    }
}

impl Ctx<'_> {
    /// Support geometry (004:L1376–L1382): land units support land battles; ships at sea support
    /// battles in their sea and in coastal provinces; port ships only their sea; not across a sea
    /// in a 惊涛骇浪 round.
    pub fn may_support(&self, s: AreaId, battle: AreaId) -> bool {
        let (src, dst) = (self.board.area(s), self.board.area(battle));
        if !self.sea_acts(s) {
            return false;
        }
        if dst.is_land() {
            !src.is_port()
        } else {
            !src.is_land()
        }
    }

    /// Whether `house`'s plan keeps its support order in `from` out of the battle for `battle`
    /// (004:L1398).
    pub fn withheld(&self, house: HouseId, from: AreaId, battle: AreaId) -> bool {
        self.plans[house.index()]
            .withheld
            .iter()
            .any(|w| w.from == from && w.battle == battle)
    }
}
