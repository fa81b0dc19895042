//! 家族将领 Leaders in the military phase (004:L1764–L2143): deployment into areas held at the
//! start of the round, march leaders (one per direction), defence leaders, the second leader who
//! defends a newly taken area, substitutes for leaders given two tasks, military districts, and
//! who actually fought (they rest at the end of the round, A-51).

use crate::military::ctx::Ctx;
use crate::model::log::{AfterDistrict, DistrictEnd, Event, LeaderProblem};
use crate::model::orders::MarchMove;
use crate::model::state::LeaderStatus;
use maester_board::{Ability, AreaId, HouseId, LeaderId};

/// Conflict class of an ability (004:L2219–L2225, A-13): 1 cancel/ignore, 2 ordinary,
/// 3 win/lose.
pub fn class(a: Ability) -> u8 {
    match a {
        Ability::Cersei | Ability::QueenOfThorns | Ability::Brienne => 1,
        Ability::Jaime
        | Ability::Renly
        | Ability::Melisandre
        | Ability::Luwin
        | Ability::Doran
        | Ability::Asha
        | Ability::Arianne => 3,
        _ => 2,
    }
}

fn ignore(ctx: &mut Ctx, house: HouseId, leader: LeaderId, why: LeaderProblem) {
    ctx.log.push(Event::LeaderIgnored { house, leader, why });
}

/// Put every house's leaders where its plan names them (004:L1772–L1786). A leader must be the
/// house's own, available, and go to an area the house held with units at the start; the first
/// place named counts.
pub fn deploy(ctx: &mut Ctx) {
    for h in ctx.board.house_ids().collect::<Vec<_>>() {
        let plan = &ctx.plans[h.index()];
        let mut named: Vec<(LeaderId, AreaId)> = Vec::new();
        // The plan's march steps, in order: they wait in the context's queue (nothing has
        // marched yet when the leaders are deployed).
        for (_, step) in &ctx.pending[h.index()] {
            for alt in &step.alternatives {
                for m in std::iter::once(&alt.action).chain(alt.fallback.iter()) {
                    for mv in &m.moves {
                        for p in &mv.leader {
                            named.push((p.value, m.from));
                        }
                        if let Some(d) = mv.defender {
                            named.push((d, m.from));
                        }
                    }
                }
            }
        }
        for d in &plan.leaders.defence {
            for p in &d.leader {
                named.push((p.value, d.area));
            }
        }
        for s in &plan.leaders.substitutes {
            named.push((s.leader, s.area));
        }
        named.extend(plan.leaders.placed.iter().copied());
        let districts = plan.leaders.districts.clone();
        let mut placed: Vec<LeaderId> = Vec::new();
        let mut district_count = 0;
        for d in districts {
            let [a, b] = d.areas;
            let l = d.leader;
            let ok_areas = a != b
                && ctx.adjacent(a, b)
                && ctx.start_occupant[a.index()] == Some(h)
                && ctx.start_occupant[b.index()] == Some(h);
            if let Some(p) = leader_problem(ctx, h, l) {
                ignore(ctx, h, l, p);
            } else if !ok_areas || district_count >= 2 {
                ignore(ctx, h, l, LeaderProblem::BadDistrict);
            } else if placed.contains(&l) {
                ignore(ctx, h, l, LeaderProblem::TwoPlaces);
            } else {
                district_count += 1;
                placed.push(l);
                ctx.leaders.district[l.index()] = Some([a, b]);
            }
        }
        for (l, a) in named {
            if placed.contains(&l) {
                if ctx.leaders.at[l.index()] != Some(a) {
                    ignore(ctx, h, l, LeaderProblem::TwoPlaces);
                }
                continue;
            }
            if let Some(p) = leader_problem(ctx, h, l) {
                ignore(ctx, h, l, p);
            } else if ctx.start_occupant[a.index()] != Some(h) {
                ignore(ctx, h, l, LeaderProblem::NoUnits);
            } else {
                placed.push(l);
                ctx.leaders.at[l.index()] = Some(a);
            }
        }
    }
}

fn leader_problem(ctx: &Ctx, h: HouseId, l: LeaderId) -> Option<LeaderProblem> {
    if l.index() >= ctx.board.leaders.len() || ctx.board.leader(l).house != h {
        return Some(LeaderProblem::NotOwn);
    }
    let available = ctx
        .state
        .house(h)
        .leaders
        .iter()
        .find(|(x, _)| *x == l)
        .map(|(_, s)| *s == LeaderStatus::Available)
        .unwrap_or(false);
    (!available).then_some(LeaderProblem::Resting)
}

fn substitute(ctx: &Ctx, house: HouseId, area: AreaId) -> Option<LeaderId> {
    ctx.plans[house.index()]
        .leaders
        .substitutes
        .iter()
        .filter(|s| s.area == area)
        .map(|s| s.leader)
        .find(|&l| {
            ctx.leaders.is_at(l, area)
                && !ctx.leaders.led[l.index()]
                && !ctx.leaders.defended[l.index()]
        })
}

/// The leader who leads this move out of `from` now (004:L2021, L2062, L2069).
pub fn march_leader(ctx: &Ctx, house: HouseId, from: AreaId, mv: &MarchMove) -> Option<LeaderId> {
    let pick = mv.leader.iter().find(|p| {
        p.when
            .as_ref()
            .map(|c| crate::military::conditions::holds(ctx, house, c, Some(from)))
            .unwrap_or(true)
    })?;
    let l = pick.value;
    if ctx.leaders.is_at(l, from) && !ctx.leaders.defended[l.index()] {
        return Some(l);
    }
    substitute(ctx, house, from)
}

/// The leader who defends `area` for `house` now (004:L2053–L2109).
pub fn defence_leader(ctx: &Ctx, house: HouseId, area: AreaId) -> Option<LeaderId> {
    for (i, d) in ctx.leaders.district.iter().enumerate() {
        if let Some(areas) = d
            && areas.contains(&area)
            && ctx.board.leaders.get(i).map(|l| l.house) == Some(house)
        {
            return Some(LeaderId(i as u8));
        }
    }
    if let Some(l) = ctx.leaders.slot[area.index()]
        && ctx.leaders.is_at(l, area)
        && ctx.board.leader(l).house == house
    {
        return Some(l);
    }
    let plan = &ctx.plans[house.index()];
    for d in plan.leaders.defence.iter().filter(|d| d.area == area) {
        let pick = d.leader.iter().find(|p| {
            p.when
                .as_ref()
                .map(|c| crate::military::conditions::holds(ctx, house, c, None))
                .unwrap_or(true)
        });
        if let Some(p) = pick
            && ctx.leaders.is_at(p.value, area)
            && !ctx.leaders.led[p.value.index()]
        {
            return Some(p.value);
        }
    }
    substitute(ctx, house, area)
}

/// After a march from `from` into `to` succeeded (moved in, or won): the march leader and the
/// second leader go along; the second leader, else the march leader, defends `to` (004:L2042).
pub fn moved_in(
    ctx: &mut Ctx,
    from: AreaId,
    to: AreaId,
    leader: Option<LeaderId>,
    second: Option<LeaderId>,
    new_area: bool,
) {
    let second = second.filter(|l| ctx.leaders.is_at(*l, from) && Some(*l) != leader);
    for l in [leader, second].into_iter().flatten() {
        ctx.leaders.at[l.index()] = Some(to);
        ctx.leaders.led[l.index()] = true;
    }
    if new_area && let Some(d) = second.or(leader) {
        ctx.leaders.slot[to.index()] = Some(d);
    }
}

/// The leaders of a beaten garrison go with it (004:L1784); the one who defended keeps defending
/// the area it retreats into unless that area has its own defence leader (004:L2052).
pub fn retreat_with(
    ctx: &mut Ctx,
    house: HouseId,
    from: AreaId,
    to: Option<AreaId>,
    defender: Option<LeaderId>,
) {
    let own_there = to.and_then(|t| defence_leader(ctx, house, t));
    for i in 0..ctx.leaders.at.len() {
        if ctx.leaders.at[i] == Some(from) && ctx.board.leaders[i].house == house {
            ctx.leaders.at[i] = to;
        }
    }
    if let (Some(t), None, Some(d)) = (to, own_there, defender)
        && ctx.leaders.district[d.index()].is_none()
    {
        ctx.leaders.slot[t.index()] = Some(d);
    }
}

/// Districts end when one of their areas is emptied or taken; the leader then defends the other
/// area, and when both are lost he goes with the army beaten last (004:L2102–L2105). Each end is
/// logged: which leader, which area, why, and where he is now.
pub fn check_districts(ctx: &mut Ctx) {
    for i in 0..ctx.leaders.district.len() {
        let Some([a, b]) = ctx.leaders.district[i] else {
            continue;
        };
        let h = ctx.board.leaders[i].house;
        let (ha, hb) = (
            ctx.state.occupant(a) == Some(h),
            ctx.state.occupant(b) == Some(h),
        );
        if ha && hb {
            continue;
        }
        ctx.leaders.district[i] = None;
        let leader = LeaderId(i as u8);
        let lost = if ha { b } else { a };
        let why = match ctx.state.occupant(lost) {
            Some(other) => DistrictEnd::Taken(other),
            None => DistrictEnd::Emptied,
        };
        let after = match (ha, hb) {
            (true, _) => AfterDistrict::Defends(a),
            (_, true) => AfterDistrict::Defends(b),
            _ => AfterDistrict::Retreated(last_retreat(ctx, h, [a, b])),
        };
        match after {
            AfterDistrict::Defends(k) => {
                ctx.leaders.at[i] = Some(k);
                ctx.leaders.slot[k.index()] = Some(leader);
            }
            AfterDistrict::Retreated(to) => {
                ctx.leaders.at[i] = to;
                if let Some(t) = to
                    && defence_leader(ctx, h, t).is_none()
                {
                    ctx.leaders.slot[t.index()] = Some(leader);
                }
            }
        }
        ctx.log.push(Event::DistrictEnded {
            house: h,
            leader,
            area: lost,
            why,
            after,
        });
    }
}

/// Where the house's army beaten last in one of `areas` retreated to (`None`: none retreated
/// from there, or its player chooses the area after the phase).
fn last_retreat(ctx: &Ctx, house: HouseId, areas: [AreaId; 2]) -> Option<AreaId> {
    ctx.log.iter().rev().find_map(|e| match e {
        Event::Retreated {
            house: h, from, to, ..
        } if *h == house && areas.contains(from) => Some(*to),
        _ => None,
    })
}
