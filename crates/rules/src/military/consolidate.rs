//! 巩固统治 Consolidate power (004:L833–L892, L1468–L1478, L2339): after all battles, a province
//! whose consolidate order still stands and which was never taken this round gives 1 + its crowns,
//! or a fortification instead.

use crate::military::ctx::Ctx;
use crate::model::log::{Event, FortifyProblem, Unfulfilled};
use crate::model::state::Track;
use crate::optional::one_time::{self, OneTimeEvent, OneTimeKind, PendingCaravan, Waste};
use maester_board::{AreaId, HouseId, OrderType, UnitKind};

/// Collect consolidate-power income, or build the fortifications asked for instead (004:L1069–
/// L1098): in Iron Throne order, at most 4 per house and round and 9 on the map, one per
/// province, only where footmen or archers stand. A refused request is paid as income.
pub fn resolve(ctx: &mut Ctx) {
    // The areas holding a consolidate order, in board order (one scan; resolving them changes
    // no order and moves no unit).
    let marked: Vec<AreaId> = ctx
        .board
        .area_ids()
        .filter(|a| ctx.has_order(*a, OrderType::Consolidate))
        .collect();
    let order = ctx.state.tracks[Track::IronThrone as usize];
    // A fortification asked for where the consolidate order is gone (raided, the area lost).
    for house in order {
        let unmet: Vec<AreaId> = ctx.plans[house.index()]
            .fortify
            .iter()
            .filter(|a| !marked.contains(a))
            .copied()
            .collect();
        for area in unmet {
            ctx.log.push(Event::NotCarriedOut {
                house,
                area,
                why: Unfulfilled::FortifyNoOrder,
            });
        }
    }
    if marked.is_empty() {
        return;
    }
    let mut built = vec![0u8; ctx.board.houses.len()];
    for house in order {
        for &a in &marked {
            if ctx.state.occupant(a) != Some(house) {
                continue;
            }
            if ctx.taken[a.index()] {
                ctx.log.push(Event::ConsolidateFailed { house, area: a });
                continue;
            }
            if ctx.plans[house.index()].fortify.contains(&a) {
                match fortify_problem(ctx, house, a, built[house.index()]) {
                    None => {
                        ctx.state.area_mut(a).fortification = Some(house);
                        built[house.index()] += 1;
                        ctx.log.push(Event::Fortified { house, area: a });
                        continue;
                    }
                    Some(why) => ctx.log.push(Event::FortifyRefused {
                        house,
                        area: a,
                        why,
                    }),
                }
            }
            let n = 1 + ctx.board.area(a).crowns;
            let capped = ctx.state.gain_power(ctx.board, house, n);
            ctx.log.push(Event::Consolidated {
                house,
                area: a,
                gained: n - capped,
                capped,
            });
        }
    }
}

/// The consolidate-type one-time orders, after consolidate power (004:L2524, L2563, L2576):
/// in Iron Throne order, each where the house kept units at every moment of the phase
/// (004:L2567–L2569). A Recruit musters from its castle with the house's recruit plan;
/// a Supply Caravan's barrels count from the next round (004:L2580, A-79).
pub fn resolve_one_time(ctx: &mut Ctx) {
    // The areas holding a consolidate-type one-time order (one scan; resolving one never
    // places another).
    let marked: Vec<AreaId> = ctx
        .board
        .area_ids()
        .filter(|a| {
            ctx.state
                .area(*a)
                .one_time
                .is_some_and(|p| p.kind.attribute() == OrderType::Consolidate)
        })
        .collect();
    if marked.is_empty() {
        return;
    }
    let order = ctx.state.tracks[Track::IronThrone as usize];
    for house in order {
        for &a in &marked {
            let Some(p) = ctx
                .state
                .area(a)
                .one_time
                .filter(|p| p.house == house && p.kind.attribute() == OrderType::Consolidate)
            else {
                continue;
            };
            ctx.state.area_mut(a).one_time = None;
            let held = !ctx.taken[a.index()]
                && !ctx.emptied[a.index()]
                && ctx.state.occupant(a) == Some(house);
            if !held {
                ctx.log.push(Event::OneTime(OneTimeEvent::Wasted {
                    house,
                    area: a,
                    kind: p.kind,
                    why: Waste::AreaLeft,
                }));
                continue;
            }
            match p.kind {
                OneTimeKind::SupplyCaravan => {
                    let new_only = ctx.settings.caravan_new_provinces_only;
                    let barrels =
                        one_time::caravan_barrels(ctx.board, &ctx.state, house, a, new_only);
                    if barrels > 0 {
                        ctx.state.one_time.caravans.push(PendingCaravan {
                            house,
                            area: a,
                            barrels,
                        });
                    }
                    ctx.log.push(Event::OneTime(OneTimeEvent::Caravan {
                        house,
                        area: a,
                        barrels,
                    }));
                }
                OneTimeKind::Recruit => {
                    let Some(plan) = ctx.plans[house.index()].recruit.clone() else {
                        ctx.log.push(Event::OneTime(OneTimeEvent::Wasted {
                            house,
                            area: a,
                            kind: p.kind,
                            why: Waste::NoRecruitPlan,
                        }));
                        continue;
                    };
                    let (s, log) = one_time::recruit(ctx.board, &ctx.state, house, a, &plan);
                    ctx.state = s;
                    ctx.log.push(Event::OneTime(OneTimeEvent::Recruited {
                        house,
                        area: a,
                        log,
                    }));
                }
                OneTimeKind::ForcedMarch | OneTimeKind::Pontoon => {}
            }
        }
    }
}

fn fortify_problem(ctx: &Ctx, house: HouseId, a: AreaId, built: u8) -> Option<FortifyProblem> {
    let rules = &ctx.board.rules;
    let st = ctx.state.area(a);
    if st.fortification.is_some() {
        return Some(FortifyProblem::Exists);
    }
    if built >= rules.max_fortifications_per_round {
        return Some(FortifyProblem::RoundLimit);
    }
    let on_map = ctx
        .state
        .areas
        .iter()
        .filter(|x| x.fortification.is_some())
        .count();
    if on_map >= rules.max_fortifications as usize {
        return Some(FortifyProblem::MapLimit);
    }
    let foot = st.house == Some(house)
        && st
            .units
            .iter()
            .any(|u| matches!(u.kind, UnitKind::Footman | UnitKind::Archer));
    (!foot).then_some(FortifyProblem::NoFootOrArcher)
}
