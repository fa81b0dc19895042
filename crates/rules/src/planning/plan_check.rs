//! 制定执行方案 Checking an execution plan against the state after the orders are revealed: every
//! march and raid must come from an area of the house holding that order, supports from its
//! support orders, transports from seas with its ships, leaders must be its own and available.
//! These are the validation errors a player sees at once; the adjudication itself skips
//! anything that becomes impossible later.

use crate::model::orders::{MarchStep, Party, Plan, SupportTarget};
use crate::model::state::{GameState, LeaderStatus, Track};
use crate::optional::one_time::OneTimeKind;
use maester_board::{AreaId, Board, HouseId, LeaderId, OrderType};
use serde::{Deserialize, Serialize};

/// A problem with a plan.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlanError {
    /// The area holds no order of this type of the house (004:L1719: the plan executes placed orders).
    NoOrder(AreaId, OrderType),
    /// The leader belongs to another house.
    NotYourLeader(AreaId, LeaderId),
    /// The leader is resting (004:L2119).
    LeaderResting(AreaId, LeaderId),
    /// A transport names a sea without the house's ships (004:L1547).
    NoShips(AreaId),
    /// Only the holder of the Valyrian sword (Fiefdoms 1) assigns it (004:L1733).
    NotSwordHolder,
    /// The area is not the house's (sword, fortification, district, defence leader).
    NotYours(AreaId),
    /// A district needs two adjacent areas, at most two districts (004:L2099).
    BadDistrict(AreaId),
    /// A split army attacks at most one area: when the plan is written at most one of its
    /// destinations may hold another house's units or a neutral garrison (004:L1259, L1278).
    TwoAttacks(AreaId),
    /// A support of a neutral garrison's defence where there is none (004:L1369, L2258).
    NoNeutral(AreaId),
    /// The area holds no one-time order of this type of the house (004:L2625).
    NoOneTime(AreaId, OneTimeKind),
    /// A recruit plan musters only from the recruit castle (004:L2565).
    RecruitElsewhere(AreaId),
    /// A fleet's raids name a port and the province it belongs to: ships raid one of the two
    /// in a round (004:L1048; raid+1 raids two areas, L1530). The raid's area, then the port.
    RaidsPortAndProvince(AreaId, AreaId),
}

impl PlanError {
    /// The rule the refusal follows ("004:L1691": line 1691 of the rulebook, "A-45": answer
    /// 45 of the FAQ), "" where the rulebook has no line for it. Words cite it.
    pub fn rule(&self) -> &'static str {
        match self {
            PlanError::NoOrder(..) => "004:L1719",
            PlanError::NotYourLeader(..) => "",
            PlanError::LeaderResting(..) => "004:L2119",
            PlanError::NoShips(..) => "004:L1547",
            PlanError::NotSwordHolder => "004:L1733",
            PlanError::NotYours(..) => "",
            PlanError::BadDistrict(..) => "004:L2099",
            PlanError::TwoAttacks(..) => "004:L1259, L1278",
            PlanError::NoNeutral(..) => "004:L2258",
            PlanError::NoOneTime(..) => "004:L2625",
            PlanError::RecruitElsewhere(..) => "004:L2565",
            PlanError::RaidsPortAndProvince(..) => "004:L1048, L1530",
        }
    }
}

impl PlanError {
    /// The area the error is about, to point at the line.
    pub fn area(&self) -> Option<AreaId> {
        match self {
            PlanError::NoOrder(a, _)
            | PlanError::NotYourLeader(a, _)
            | PlanError::LeaderResting(a, _)
            | PlanError::NoShips(a)
            | PlanError::NotYours(a)
            | PlanError::BadDistrict(a)
            | PlanError::TwoAttacks(a)
            | PlanError::NoNeutral(a)
            | PlanError::NoOneTime(a, _)
            | PlanError::RecruitElsewhere(a)
            | PlanError::RaidsPortAndProvince(a, _) => Some(*a),
            PlanError::NotSwordHolder => None,
        }
    }
}

fn has_order(state: &GameState, house: HouseId, a: AreaId, kind: OrderType) -> bool {
    let st = state.area(a);
    st.house == Some(house)
        && !st.units.is_empty()
        && st.order.map(|o| o.kind == kind).unwrap_or(false)
}

fn leader(
    board: &Board,
    state: &GameState,
    house: HouseId,
    area: AreaId,
    l: LeaderId,
    errs: &mut Vec<PlanError>,
) {
    if l.index() >= board.leaders.len() || board.leader(l).house != house {
        errs.push(PlanError::NotYourLeader(area, l));
    } else if state
        .house(house)
        .leaders
        .iter()
        .any(|(x, s)| *x == l && matches!(s, LeaderStatus::Resting { .. }))
    {
        errs.push(PlanError::LeaderResting(area, l));
    }
}

fn march(
    board: &Board,
    state: &GameState,
    house: HouseId,
    m: &MarchStep,
    errs: &mut Vec<PlanError>,
) {
    if m.is_forced() {
        if crate::optional::one_time::standing(state, m.from, house).map(|p| p.kind)
            != Some(OneTimeKind::ForcedMarch)
        {
            errs.push(PlanError::NoOneTime(m.from, OneTimeKind::ForcedMarch));
        }
    } else if !has_order(state, house, m.from, OrderType::March) {
        errs.push(PlanError::NoOrder(m.from, OrderType::March));
    }
    for mv in &m.moves {
        for p in &mv.leader {
            leader(board, state, house, m.from, p.value, errs);
        }
        if let Some(d) = mv.defender {
            leader(board, state, house, m.from, d, errs);
        }
    }
}

/// The destinations of a house's march from `from` that another house's units or a neutral
/// garrison hold now (an attack, 004:L1257).
fn attacked(
    state: &GameState,
    house: HouseId,
    areas: usize,
    m: &MarchStep,
    into: &mut Vec<AreaId>,
) {
    for mv in &m.moves {
        let to = mv.to;
        if to.index() >= areas || into.contains(&to) {
            continue;
        }
        if state.area(to).neutral.is_some() || state.occupant(to).is_some_and(|h| h != house) {
            into.push(to);
        }
    }
}

/// 004:L1278: when the plan is written, a split army may march into one defended area at most.
/// The moves of one action count together (the order language joins every line of one area with
/// one step number into one action, A-27). Steps with different numbers from one area are not one
/// army: once the first is carried out the area's march order is spent, so a later one is only
/// a backup; conditional alternatives are never carried out together either.
fn split_attacks(state: &GameState, house: HouseId, areas: usize, plan: &Plan) -> Vec<PlanError> {
    let mut errs = Vec::new();
    for step in &plan.marches {
        for alt in &step.alternatives {
            for m in std::iter::once(&alt.action).chain(alt.fallback.iter()) {
                let mut one = Vec::new();
                attacked(state, house, areas, m, &mut one);
                if one.len() > 1 {
                    errs.push(PlanError::TwoAttacks(m.from));
                }
            }
        }
    }
    errs
}

/// 004:L1048: ships raiding from a sea treat a port and its province as two areas and raid only
/// one of them in a round, so a raid+1 (two targets, L1530) cannot name both. Every raid line of
/// one area counts together.
fn port_and_province(board: &Board, plan: &Plan) -> Vec<PlanError> {
    let areas = board.areas.len();
    let mut errs = Vec::new();
    for (i, r) in plan.raids.iter().enumerate() {
        if r.from.index() >= areas || plan.raids[..i].iter().any(|e| e.from == r.from) {
            continue;
        }
        // Every target of this area's raid lines, without collecting them.
        let targets = || {
            plan.raids
                .iter()
                .filter(|e| e.from == r.from)
                .flat_map(|e| e.targets.iter().copied())
                .filter(|a| a.index() < areas)
        };
        for port in targets().filter(|a| board.area(*a).is_port()) {
            let province = board.province_of(port);
            if targets().any(|a| a == province) {
                errs.push(PlanError::RaidsPortAndProvince(r.from, port));
            }
        }
    }
    errs
}

/// Check a plan; every problem, in plan order.
pub fn check(board: &Board, state: &GameState, house: HouseId, plan: &Plan) -> Vec<PlanError> {
    let mut errs = Vec::new();
    let areas = board.areas.len();
    let valid = |a: AreaId| a.index() < areas;
    for step in &plan.marches {
        for alt in &step.alternatives {
            for m in std::iter::once(&alt.action).chain(alt.fallback.iter()) {
                if valid(m.from) {
                    march(board, state, house, m, &mut errs);
                }
            }
        }
    }
    for r in &plan.raids {
        if valid(r.from) && !has_order(state, house, r.from, OrderType::Raid) {
            errs.push(PlanError::NoOrder(r.from, OrderType::Raid));
        }
    }
    errs.extend(port_and_province(board, plan));
    for s in &plan.supports {
        if let Some(a) = s.from.filter(|a| valid(*a))
            && !has_order(state, house, a, OrderType::Support)
        {
            errs.push(PlanError::NoOrder(a, OrderType::Support));
        }
    }
    for s in &plan.supports {
        if let SupportTarget::Defence {
            party: Party::Neutral,
            area,
        } = s.target
            && valid(area)
            && state.area(area).neutral.is_none()
        {
            errs.push(PlanError::NoNeutral(area));
        }
    }
    for w in plan.withheld.iter().filter(|w| valid(w.from)) {
        if !has_order(state, house, w.from, OrderType::Support) {
            errs.push(PlanError::NoOrder(w.from, OrderType::Support));
        }
    }
    for t in &plan.transports {
        for &sea in t.seas.iter().filter(|a| valid(**a)) {
            if state.occupant(sea) != Some(house) {
                errs.push(PlanError::NoShips(sea));
            }
        }
    }
    for d in &plan.leaders.defence {
        if valid(d.area) && state.occupant(d.area) != Some(house) {
            errs.push(PlanError::NotYours(d.area));
        }
        for p in &d.leader {
            leader(board, state, house, d.area, p.value, &mut errs);
        }
    }
    for s in &plan.leaders.substitutes {
        leader(board, state, house, s.area, s.leader, &mut errs);
    }
    for (i, d) in plan.leaders.districts.iter().enumerate() {
        let [a, b] = d.areas;
        if !valid(a) || !valid(b) {
            continue;
        }
        let ok = i < 2
            && state.occupant(a) == Some(house)
            && state.occupant(b) == Some(house)
            && state.adjacent(board, a, b);
        if !ok {
            errs.push(PlanError::BadDistrict(a));
        }
        leader(board, state, house, a, d.leader, &mut errs);
    }
    if let Some(a) = plan.sword.filter(|a| valid(*a)) {
        if state.tracks[Track::Fiefdoms as usize].first() != Some(&house) {
            errs.push(PlanError::NotSwordHolder);
        } else if state.occupant(a) != Some(house) {
            errs.push(PlanError::NotYours(a));
        }
    }
    if let Some(r) = &plan.recruit {
        let at = board.area_ids().find(|a| {
            crate::optional::one_time::standing(state, *a, house).map(|p| p.kind)
                == Some(OneTimeKind::Recruit)
        });
        match at {
            None => {
                if let Some(i) = r.items.first().filter(|i| valid(i.castle)) {
                    errs.push(PlanError::NoOneTime(i.castle, OneTimeKind::Recruit));
                }
            }
            Some(a) => {
                for i in r.items.iter().filter(|i| valid(i.castle) && i.castle != a) {
                    errs.push(PlanError::RecruitElsewhere(i.castle));
                }
            }
        }
    }
    for &a in plan.fortify.iter().filter(|a| valid(**a)) {
        if !has_order(state, house, a, OrderType::Consolidate) {
            errs.push(PlanError::NoOrder(a, OrderType::Consolidate));
        }
    }
    errs.extend(split_attacks(state, house, areas, plan));
    let mut unique: Vec<PlanError> = Vec::new();
    for e in errs {
        if !unique.contains(&e) {
            unique.push(e);
        }
    }
    unique
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::orders::{MarchMove, Pick, RaidStep, Step, UnitSelection};

    fn setup() -> (Board, GameState) {
        let w = crate::tests::kit_events::start();
        (w.b, w.s)
    }

    fn id(b: &Board, k: &str) -> AreaId {
        b.area_by_key(k).unwrap_or(AreaId(0))
    }

    #[test]
    fn plan_may_only_carry_out_placed_orders_004_l1719() {
        let (b, mut s) = setup();
        let stark = b.house_by_key("stark").unwrap_or(HouseId(0));
        let wf = id(&b, "winterfell");
        let mut plan = Plan::default();
        plan.marches.push(Step::single(MarchStep {
            from: wf,
            moves: vec![MarchMove::new(UnitSelection::All, id(&b, "karhold"))],
            leave_token: false,
            gather: Vec::new(),
        }));
        plan.raids.push(RaidStep {
            from: id(&b, "white-harbor"),
            targets: vec![id(&b, "widows-watch")],
        });
        assert_eq!(
            check(&b, &s, stark, &plan),
            vec![
                PlanError::NoOrder(wf, OrderType::March),
                PlanError::NoOrder(id(&b, "white-harbor"), OrderType::Raid)
            ]
        );
        s.area_mut(wf).order = Some(maester_board::Order {
            kind: OrderType::March,
            special: false,
        });
        assert_eq!(check(&b, &s, stark, &plan).len(), 1);
    }

    #[test]
    fn leaders_must_be_the_houses_own_and_not_resting_004_l2119() {
        let (b, mut s) = setup();
        let stark = b.house_by_key("stark").unwrap_or(HouseId(0));
        let wf = id(&b, "winterfell");
        s.area_mut(wf).order = Some(maester_board::Order {
            kind: OrderType::March,
            special: false,
        });
        let foreign = b
            .leaders
            .iter()
            .find(|l| l.house != stark)
            .map(|l| l.id)
            .unwrap_or(LeaderId(0));
        let own = b
            .leaders_of(stark)
            .map(|l| l.id)
            .next()
            .unwrap_or(LeaderId(0));
        let mut mv = MarchMove::new(UnitSelection::All, id(&b, "karhold"));
        mv.leader = vec![Pick::always(foreign)];
        mv.defender = Some(own);
        let mut plan = Plan::default();
        plan.marches.push(Step::single(MarchStep {
            from: wf,
            moves: vec![mv],
            leave_token: false,
            gather: Vec::new(),
        }));
        for (l, st) in s.house_mut(stark).leaders.iter_mut() {
            if *l == own {
                *st = LeaderStatus::Resting { since: 1 };
            }
        }
        assert_eq!(
            check(&b, &s, stark, &plan),
            vec![
                PlanError::NotYourLeader(wf, foreign),
                PlanError::LeaderResting(wf, own)
            ]
        );
    }

    #[test]
    fn split_army_attacks_one_area_at_most_t26_004_l1278() {
        let (b, mut s) = setup();
        let lannister = b.house_by_key("lannister").unwrap_or(HouseId(0));
        let (sept, lp, hh, sr) = (
            id(&b, "stoney-sept"),
            id(&b, "lannisport"),
            id(&b, "harrenhal"),
            id(&b, "searoad-marches"),
        );
        for a in [lp, hh, sept, sr] {
            s.area_mut(a).units.clear();
            s.area_mut(a).house = None;
        }
        let put = |s: &mut GameState, a: AreaId, h: &str, k: maester_board::UnitKind| {
            s.area_mut(a).house = b.house_by_key(h);
            s.area_mut(a).units.push(crate::model::state::Unit::new(k));
        };
        use maester_board::UnitKind::{Footman, Knight, Siege};
        for k in [Footman, Footman, Knight, Siege] {
            put(&mut s, sept, "lannister", k);
        }
        put(&mut s, lp, "greyjoy", Footman);
        put(&mut s, hh, "baratheon", Footman);
        s.area_mut(sept).order = Some(maester_board::Order {
            kind: OrderType::March,
            special: false,
        });
        let split = |to: &[AreaId]| {
            Step::single(MarchStep {
                from: sept,
                moves: to
                    .iter()
                    .map(|t| MarchMove::new(UnitSelection::All, *t))
                    .collect(),
                leave_token: false,
                gather: Vec::new(),
            })
        };
        let mut plan = Plan {
            marches: vec![split(&[lp, hh, sr])],
            ..Plan::default()
        };
        assert_eq!(
            check(&b, &s, lannister, &plan),
            vec![PlanError::TwoAttacks(sept)]
        );
        // Dropping either hostile part makes the plan valid (the move to Searoad Marches stays).
        plan.marches = vec![split(&[lp, sr])];
        assert!(check(&b, &s, lannister, &plan).is_empty());
        plan.marches = vec![split(&[hh, sr])];
        assert!(check(&b, &s, lannister, &plan).is_empty());
        // Two steps from one area are not one army: the second is a backup.
        plan.marches = vec![split(&[lp]), split(&[hh])];
        assert!(check(&b, &s, lannister, &plan).is_empty());
    }

    #[test]
    fn a_neutral_defence_support_needs_a_neutral_garrison_there_004_l2258() {
        use crate::model::orders::CrossSupport;
        let (b, mut s) = setup();
        let lannister = b.house_by_key("lannister").unwrap_or(HouseId(0));
        let line = |area| CrossSupport {
            from: None,
            when: None,
            target: SupportTarget::Defence {
                party: Party::Neutral,
                area,
            },
        };
        let (kl, wf) = (id(&b, "kings-landing"), id(&b, "winterfell"));
        let plan = Plan {
            supports: vec![line(kl), line(wf)],
            ..Plan::default()
        };
        assert_eq!(
            check(&b, &s, lannister, &plan),
            vec![PlanError::NoNeutral(wf)]
        );
        s.area_mut(kl).neutral = None;
        assert_eq!(
            check(&b, &s, lannister, &plan).len(),
            2,
            "King's Landing fell"
        );
    }

    #[test]
    fn withholding_names_a_support_order_of_ones_own_004_l1398() {
        use crate::model::orders::Withheld;
        let (b, mut s) = setup();
        let lannister = b.house_by_key("lannister").unwrap_or(HouseId(0));
        let (ss, bw) = (id(&b, "stoney-sept"), id(&b, "blackwater"));
        let plan = Plan {
            withheld: vec![Withheld {
                from: ss,
                battle: bw,
            }],
            ..Plan::default()
        };
        assert_eq!(
            check(&b, &s, lannister, &plan),
            vec![PlanError::NoOrder(ss, OrderType::Support)]
        );
        s.area_mut(ss).house = Some(lannister);
        s.area_mut(ss).units = vec![crate::model::state::Unit {
            kind: maester_board::UnitKind::Knight,
            routed: false,
        }]
        .into();
        s.area_mut(ss).order = Some(maester_board::Order {
            kind: OrderType::Support,
            special: false,
        });
        assert!(check(&b, &s, lannister, &plan).is_empty());
    }

    #[test]
    fn only_fiefdoms_first_assigns_the_sword_004_l1733() {
        let (b, s) = setup();
        let stark = b.house_by_key("stark").unwrap_or(HouseId(0));
        let plan = Plan {
            sword: Some(id(&b, "winterfell")),
            ..Plan::default()
        };
        assert_eq!(check(&b, &s, stark, &plan), vec![PlanError::NotSwordHolder]);
        let greyjoy = b.house_by_key("greyjoy").unwrap_or(HouseId(0));
        let plan = Plan {
            sword: Some(id(&b, "pyke")),
            ..Plan::default()
        };
        assert!(check(&b, &s, greyjoy, &plan).is_empty());
    }
}
