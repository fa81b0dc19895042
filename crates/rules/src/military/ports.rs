//! 港口易手 Ports when their province changes hands (004:L1053–L1066, A-61), and ships lost in
//! the port of a province their house no longer controls (004:L1064).

use crate::military::ctx::Ctx;
use crate::model::log::{Event, Loss};
use crate::model::state::Unit;
use maester_board::{AreaId, HouseId, UnitKind};

/// After a province changes hands, its ports follow (004:L1053–L1066, A-61): the old owner's
/// ships withdraw to the port's sea if it is empty or theirs (routed, merging under supply);
/// otherwise a natural port's ships are captured by the conqueror within its supply and unit
/// caps (unless its plan destroys them), the rest destroyed; a temporary port is destroyed.
pub fn capture_ports(ctx: &mut Ctx, province: AreaId, old: Option<HouseId>) {
    let owner = ctx.state.controller(ctx.board, province);
    for port in ctx.board.area(province).ports.clone() {
        let temporary = ctx.board.area(port).temporary;
        let Some(h) = ctx.state.occupant(port) else {
            if temporary && ctx.state.area(port).port_built.is_some() && old.is_some() {
                ctx.state.area_mut(port).port_built = None;
            }
            continue;
        };
        if Some(h) == owner {
            continue;
        }
        let ships = std::mem::take(&mut ctx.state.area_mut(port).units);
        ctx.state.area_mut(port).house = None;
        let sea = ctx.state.port_sea(ctx.board, port);
        let withdraw = sea.filter(|s| {
            let occ = ctx.state.occupant(*s);
            occ.is_none() || occ == Some(h)
        });
        let mut kept: Vec<Unit> = Vec::new();
        let mut lost: Vec<UnitKind> = Vec::new();
        if let Some(s) = withdraw {
            for u in ships {
                let delta = [(s, kept.len() as i32 + 1)];
                if crate::armies::supply::within_limit_with(ctx.board, &ctx.state, h, &delta) {
                    kept.push(Unit { routed: true, ..u });
                } else {
                    lost.push(u.kind);
                }
            }
            if !kept.is_empty() {
                let kinds = kept.iter().map(|u| u.kind).collect();
                crate::military::moves::put_units(ctx, h, s, kept);
                ctx.log.push(Event::Retreated {
                    house: h,
                    from: port,
                    to: s,
                    units: kinds,
                    rule: crate::model::log::RetreatRule::Only,
                });
            }
        } else if !temporary && let Some(c) = owner {
            let destroy = ctx.plans[c.index()].destroy_captured_ships;
            let cap = ctx.board.rules.unit_caps[UnitKind::Ship.index()] as usize;
            for u in ships {
                let delta = [(port, kept.len() as i32 + 1)];
                let fits = !destroy
                    && ctx.state.unit_count(c, UnitKind::Ship) + kept.len() < cap
                    && crate::armies::supply::within_limit_with(ctx.board, &ctx.state, c, &delta);
                if fits {
                    kept.push(Unit::new(u.kind));
                } else {
                    lost.push(u.kind);
                }
            }
            if !kept.is_empty() {
                let kinds = kept.iter().map(|u| u.kind).collect();
                crate::military::moves::put_units(ctx, c, port, kept);
                ctx.log.push(Event::ShipsCaptured {
                    from: h,
                    to: c,
                    port,
                    units: kinds,
                });
            }
        } else {
            lost.extend(ships.iter().map(|u| u.kind));
        }
        if !lost.is_empty() {
            ctx.log.push(Event::Destroyed {
                house: h,
                area: port,
                units: lost,
                why: Loss::PortTaken,
            });
        }
        if temporary {
            ctx.state.area_mut(port).port_built = None;
        }
    }
}

/// Ships in the port of a province their house no longer controls are destroyed (004:L1064).
pub fn lose_ports_if_uncontrolled(ctx: &mut Ctx, province: AreaId) {
    for port in ctx.board.area(province).ports.clone() {
        if let Some(h) = ctx.state.occupant(port)
            && ctx.state.controller(ctx.board, province) != Some(h)
        {
            let kinds = ctx.state.area(port).units.iter().map(|u| u.kind).collect();
            ctx.state.area_mut(port).units.clear();
            ctx.state.area_mut(port).house = None;
            ctx.log.push(Event::Destroyed {
                house: h,
                area: port,
                units: kinds,
                why: Loss::NoRetreat,
            });
        }
    }
}
