//! Random legal submissions generated from the state, for every step. A generated submission
//! that the step's check refuses is dropped (the house is then silent), so every submission the
//! machine sees is one a player could have sent.

use maester_board::{AreaId, Board, HouseId, Order, OrderType, UnitKind};
use maester_game::{self as game, EventAnswers, EventOrders, RetreatChoice, Submission};
use maester_rules::armies::muster::{self, MusterAction, MusterItem, MusterPlan};
use maester_rules::event_phase::Question;
use maester_rules::event_phase::bidding::ClashBid;
use maester_rules::event_phase::build::{BuildPlan, PortBuild};
use maester_rules::event_phase::economy::{self, DisbandPlan};
use maester_rules::event_phase::events::{Category, EventCard, current};
use maester_rules::event_phase::rewards::{RewardClaim, RewardKind};
use maester_rules::event_phase::wildlings::{self, PenaltyChoice, PenaltyKind, WildlingReward};
use maester_rules::orders::{
    MarchMove, MarchStep, Pick, Placement, Plan, RaidStep, RavenChange, Step as PStep,
    UnitSelection,
};
use maester_rules::{GameState, LeaderStatus, Step, Track};

/// A small deterministic generator (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }
    /// The next 64 random bits.
    pub fn bits(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number in 0..n (0 when n is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.bits() % n as u64) as usize
        }
    }
    /// True with probability `pct` percent.
    pub fn chance(&mut self, pct: u64) -> bool {
        self.bits() % 100 < pct
    }
    /// One element of a slice.
    pub fn pick<T: Copy>(&mut self, v: &[T]) -> Option<T> {
        if v.is_empty() {
            None
        } else {
            Some(v[self.below(v.len())])
        }
    }
}

/// A random submission of `h` for the open step, legal for it, or None (silence).
pub fn submission(board: &Board, s: &GameState, h: HouseId, rng: &mut Rng) -> Option<Submission> {
    if rng.chance(12) {
        return None;
    }
    // `checked`: the generator already ran the step's whole check on exactly this submission
    // and it passed, so `game::check` would say the same (it is not run twice).
    let (sub, checked) = match s.step {
        Step::Placement => {
            let (p, placed_ok) = placement(board, s, h, rng);
            let mut o = game::Orders::from(p);
            o.build = builds(board, s, h, rng);
            let window = maester_rules::event_phase::build::BuildWindow::Placement;
            if maester_rules::event_phase::build::check(board, s, h, &o.build, window).is_err() {
                o.build = Default::default();
            }
            (Submission::Placement(o), placed_ok)
        }
        Step::Raven => raven(board, s, h, rng)?,
        Step::Plan => {
            let (p, clean) = plan(board, s, h, rng);
            (Submission::Plan(Box::new(p)), clean)
        }
        Step::Retreat => (Submission::Retreat(retreats(s, h, rng)), false),
        Step::Events => {
            let (o, clean) = events(board, s, h, rng);
            (Submission::Events(o), clean)
        }
        Step::EventsAnswers => {
            let (a, clean) = answers(board, s, h, rng);
            (Submission::Answers(a), clean)
        }
        Step::Finished => return None,
    };
    // Nothing the language can say: the same as silence.
    if super::text::says_nothing(&sub) {
        return None;
    }
    if checked {
        return Some(sub);
    }
    game::check(board, s, h, &sub).ok().map(|_| sub)
}

/// The areas where `h` has units, in board order.
fn own(s: &GameState, h: HouseId) -> impl Iterator<Item = AreaId> + '_ {
    s.areas
        .iter()
        .enumerate()
        .filter(move |(_, a)| h.is(a.house) & !a.units.is_empty())
        .map(|(i, _)| AreaId(i as u16))
}

/// A random placement, and whether it passes the placement check as it is.
fn placement(board: &Board, s: &GameState, h: HouseId, rng: &mut Rng) -> (Placement, bool) {
    let mods = maester_rules::event_phase::round_modifiers(s);
    let mut p = Placement::default();
    for a in own(s, h) {
        if rng.chance(10) {
            continue;
        }
        let kind = OrderType::ALL[rng.below(OrderType::ALL.len())];
        let special = rng.chance(25);
        p.orders.push((a, Order { kind, special }));
    }
    // Drop what breaks the limits, one order at a time, until the placement is legal.
    let mut ok = false;
    for _ in 0..p.orders.len() + 1 {
        if maester_rules::planning::placement::is_valid(board, s, h, &p, &mods) {
            ok = true;
            break;
        }
        if p.orders.is_empty() {
            break;
        }
        let i = rng.below(p.orders.len());
        if p.orders[i].1.special {
            p.orders[i].1.special = false;
        } else {
            p.orders.remove(i);
        }
    }
    (p, ok)
}

/// A Raven change or (sometimes) the plan sent early, and whether it passed its check as it is.
fn raven(board: &Board, s: &GameState, h: HouseId, rng: &mut Rng) -> Option<(Submission, bool)> {
    if rng.chance(40) {
        let (p, clean) = plan(board, s, h, rng);
        return Some((Submission::Plan(Box::new(p)), clean));
    }
    let placed: Vec<AreaId> = own(s, h).filter(|a| s.area(*a).order.is_some()).collect();
    let area = rng.pick(&placed)?;
    let order = Order {
        kind: OrderType::ALL[rng.below(OrderType::ALL.len())],
        special: false,
    };
    Some((Submission::Raven(Some(RavenChange { area, order })), false))
}

/// A random plan, and whether it passes the plan check as it is.
fn plan(board: &Board, s: &GameState, h: HouseId, rng: &mut Rng) -> (Plan, bool) {
    let mut p = Plan::default();
    let mut leaders: Vec<_> = s
        .house(h)
        .leaders
        .iter()
        .filter(|(_, st)| *st == LeaderStatus::Available)
        .map(|(l, _)| *l)
        .collect();
    let mine: Vec<AreaId> = own(s, h).collect();
    for &a in &mine {
        let Some(o) = s.area(a).order else { continue };
        // Only raids and marches have targets.
        if !matches!(o.kind, OrderType::Raid | OrderType::March) {
            continue;
        }
        let ships = s.area(a).units.iter().any(|u| u.kind == UnitKind::Ship);
        let mut targets: Vec<AreaId> = s.neighbours(board, a);
        targets.retain(|b| {
            let t = board.area(*b);
            if ships { t.is_sea() } else { t.is_land() }
        });
        match o.kind {
            OrderType::Raid => {
                if let Some(t) = rng.pick(&targets) {
                    p.raids.push(RaidStep {
                        from: a,
                        targets: vec![t],
                    });
                }
            }
            OrderType::March => {
                let Some(t) = rng.pick(&targets) else {
                    continue;
                };
                let mut mv = MarchMove::new(UnitSelection::All, t);
                if !ships && rng.chance(30) && !leaders.is_empty() {
                    let i = rng.below(leaders.len());
                    mv.leader = vec![Pick::always(leaders.swap_remove(i))];
                }
                let step = MarchStep {
                    from: a,
                    moves: vec![mv],
                    leave_token: rng.chance(20),
                    gather: Vec::new(),
                };
                p.marches.push(PStep::single(step));
            }
            _ => {}
        }
    }
    if s.tracks[Track::Fiefdoms as usize].first() == Some(&h) && rng.chance(50) {
        p.sword = rng.pick(&mine);
    }
    let clean = maester_rules::planning::plan_check::check(board, s, h, &p).is_empty();
    if !clean {
        p.sword = None;
        for m in p.marches.iter_mut() {
            for alt in m.alternatives.iter_mut() {
                for mv in alt.action.moves.iter_mut() {
                    mv.leader.clear();
                }
            }
        }
    }
    (p, clean)
}

fn retreats(s: &GameState, h: HouseId, rng: &mut Rng) -> Vec<RetreatChoice> {
    s.pending_retreats
        .iter()
        .filter(|p| p.house == h && p.candidates.len() > 1)
        .filter_map(|p| {
            rng.pick(&p.candidates).map(|to| RetreatChoice {
                from: p.from,
                to: vec![to],
            })
        })
        .collect()
}

/// Random event-phase orders, and whether they pass the check unchanged.
fn events(board: &Board, s: &GameState, h: HouseId, rng: &mut Rng) -> (EventOrders, bool) {
    let mut o = EventOrders::default();
    let Some(ev) = current(s).filter(|e| e.round == s.round) else {
        return (o, false);
    };
    let mut hand = s.house(h).power;
    match ev.effective(Category::Economic) {
        Some(EventCard::Supply) => {
            let d = economy::default_disbanding(board, s, h, s.barrels_controlled(board, h));
            if !d.is_empty() && rng.chance(70) {
                o.disband = Some(DisbandPlan { units: d });
            }
        }
        Some(EventCard::Muster) => {
            o.muster = Some(muster_plan(board, s, h, rng)).filter(|m| !m.items.is_empty())
        }
        _ => {}
    }
    if ev.effective(Category::Political) == Some(EventCard::ClashOfKings) {
        let throne = rng.below(hand as usize + 1) as u8;
        let fiefdoms = rng.below((hand - throne) as usize + 1) as u8;
        let court = rng.below((hand - throne - fiefdoms) as usize + 1) as u8;
        hand -= throne + fiefdoms + court;
        o.clash = Some(ClashBid {
            throne,
            fiefdoms,
            court,
        });
    }
    if ev.effective(Category::Military) == Some(EventCard::WildlingAttack) {
        o.wildling_bid = Some(rng.below(hand as usize + 1) as u8);
    }
    for r in s.economy.pending_rewards.iter().filter(|r| r.house == h) {
        let claim = match r.kind {
            RewardKind::Melisandre => board
                .leaders
                .iter()
                .filter(|l| r.beaten.contains(&l.house))
                .find(|l| {
                    s.house(l.house)
                        .leaders
                        .iter()
                        .any(|(x, st)| *x == l.id && *st == LeaderStatus::Available)
                })
                .map(|l| RewardClaim::Melisandre(l.id)),
            RewardKind::Luwin => s
                .house(h)
                .leaders
                .iter()
                .find(|(_, st)| matches!(st, LeaderStatus::Resting { .. }))
                .map(|(l, _)| RewardClaim::Luwin(*l)),
            RewardKind::Doran => Some(RewardClaim::Doran(Track::IronThrone)),
        };
        if let Some(c) =
            claim.filter(|c| maester_rules::event_phase::rewards::check(board, s, h, c).is_ok())
        {
            o.claims.push(c);
        }
    }
    o.build = builds(board, s, h, rng);
    // A part the rules refuse is left out, so the rest stays.
    // One pass is enough: what still fails makes the house silent (`submission` checks).
    // The muster plan passed its own check already (`muster_plan` drops items until it does),
    // and the check of the other parts does not depend on it: it is left out of this one.
    let muster = o.muster.take();
    let errs = game::check_events(board, s, h, &o);
    o.muster = muster;
    let clean = errs.is_empty();
    for e in errs {
        match e.part() {
            game::Part::Build => o.build = Default::default(),
            game::Part::Muster => o.muster = None,
            game::Part::Claim => o.claims.clear(),
            game::Part::Disband => o.disband = None,
            _ => {
                o.clash = None;
                o.wildling_bid = None;
            }
        }
    }
    (o, clean)
}

/// Last round's consolidation income turned into fortifications, sometimes a port.
fn builds(board: &Board, s: &GameState, h: HouseId, rng: &mut Rng) -> BuildPlan {
    let mut b = BuildPlan::default();
    for c in s.economy.cp_income.iter().filter(|c| c.house == h) {
        if rng.chance(50) {
            b.fortify.push(c.area);
        }
    }
    if rng.chance(15) {
        for &p in &board.index.temporary_ports {
            let site = board.area(p);
            if let (Some(province), false) = (site.port_of, s.port_exists(board, p))
                && s.occupant(province) == Some(h)
                && let Some(sea) = rng.pick(&site.port_seas)
            {
                b.ports.push(PortBuild {
                    province,
                    sea: Some(sea),
                });
                break;
            }
        }
    }
    b
}

fn muster_plan(board: &Board, s: &GameState, h: HouseId, rng: &mut Rng) -> MusterPlan {
    let mut plan = MusterPlan::default();
    let ports = muster::ports_now(board, s);
    let budget = muster::points(board, s, h);
    for &(castle, points) in &budget {
        let mut left = points;
        while left > 0 {
            let action = match rng.below(4) {
                0 if left >= 2 => MusterAction::Unit(UnitKind::Knight),
                1 => {
                    let seas: Vec<AreaId> = s
                        .neighbours(board, castle)
                        .into_iter()
                        .filter(|a| board.area(*a).is_sea() || board.area(*a).is_port())
                        .collect();
                    MusterAction::Ship(seas)
                }
                2 => MusterAction::Unit(UnitKind::Archer),
                _ => MusterAction::Unit(UnitKind::Footman),
            };
            let cost = muster::cost(board, &action).max(1);
            plan.items.push(MusterItem { castle, action });
            left = left.saturating_sub(cost);
        }
    }
    // Drop random items until the plan passes (one check per try).
    while !plan.items.is_empty() && !muster::is_valid(board, s, h, &plan, &budget, &ports) {
        let i = rng.below(plan.items.len());
        plan.items.remove(i);
    }
    plan
}

/// Random answers for the second event window, and whether they pass the check as they are.
fn answers(board: &Board, s: &GameState, h: HouseId, rng: &mut Rng) -> (EventAnswers, bool) {
    let mut a = EventAnswers::default();
    for q in game::open_questions(board, s).iter().cloned() {
        match q {
            Question::ClashTie(t) if t.decider == Some(h) => {
                let mut order = t.houses.clone();
                for i in (1..order.len()).rev() {
                    order.swap(i, rng.below(i + 1));
                }
                a.ties.push((Some(t.track), order));
            }
            Question::WildlingTie {
                king: Some(k),
                houses,
                ..
            } if k == h => {
                let first = rng.pick(&houses);
                let mut order: Vec<HouseId> = first.into_iter().collect();
                order.extend(houses.iter().filter(|x| Some(**x) != first));
                a.ties.push((None, order));
            }
            Question::WildlingReward(x) if x == h => a.reward = reward(board, s, h, rng),
            Question::WildlingPenalty {
                house,
                penalty: PenaltyKind::Disband,
                worst,
            } if house == h => {
                let due = wildlings::disband_due(board, s, h, worst);
                a.penalty = Some(PenaltyChoice::Disband(wildlings::default_penalty_disband(
                    board, s, h, due,
                )));
            }
            Question::WildlingPenalty {
                house,
                penalty: PenaltyKind::DowngradeKnights,
                worst,
            } if house == h => {
                let knights: Vec<AreaId> = own(s, h)
                    .flat_map(|a| {
                        let n = s
                            .area(a)
                            .units
                            .iter()
                            .filter(|u| u.kind == UnitKind::Knight);
                        n.map(move |_| a).collect::<Vec<_>>()
                    })
                    .collect();
                let due = if worst {
                    knights.len()
                } else {
                    knights.len().min(2)
                };
                let into = [UnitKind::Footman, UnitKind::Archer];
                let v = knights
                    .into_iter()
                    .take(due)
                    .map(|a| (a, into[rng.below(2)]))
                    .collect();
                a.penalty = Some(PenaltyChoice::Downgrade(v));
            }
            Question::WildlingPenalty {
                house,
                penalty: PenaltyKind::NoSpecialOrders,
                worst: true,
            } if house == h => {
                a.penalty = rng
                    .pick(&wildlings::best_tracks(s, h))
                    .map(PenaltyChoice::Track);
            }
            _ => {}
        }
    }
    // Keep only the parts the check accepts.
    let errs = game::check_answers(board, s, h, &a);
    let clean = errs.is_empty();
    for e in errs {
        match e.part() {
            game::Part::Tie => a.ties.clear(),
            game::Part::Reward => a.reward = None,
            game::Part::Penalty => a.penalty = None,
            _ => a.muster = None,
        }
    }
    (a, clean)
}

fn reward(board: &Board, s: &GameState, h: HouseId, rng: &mut Rng) -> Option<WildlingReward> {
    match rng.below(3) {
        0 => s
            .house(h)
            .leaders
            .iter()
            .find(|(_, st)| matches!(st, LeaderStatus::Resting { .. }))
            .map(|(l, _)| WildlingReward::RecallLeader(*l)),
        1 => {
            let ups: Vec<(AreaId, UnitKind)> = own(s, h)
                .flat_map(|a| {
                    s.area(a)
                        .units
                        .iter()
                        .filter(|u| matches!(u.kind, UnitKind::Footman | UnitKind::Archer))
                        .map(move |u| (a, u.kind))
                        .collect::<Vec<_>>()
                })
                .take(2)
                .collect();
            let ups_empty = ups.is_empty();
            Some(WildlingReward::Knights(ups)).filter(|_| !ups_empty)
        }
        _ => {
            let (castle, _) = muster::points(board, s, h).into_iter().next()?;
            Some(WildlingReward::Muster(MusterPlan {
                items: vec![MusterItem {
                    castle,
                    action: MusterAction::Unit(UnitKind::Footman),
                }],
            }))
        }
    }
}
