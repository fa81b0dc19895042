//! 计算阵亡 Losses of a beaten force (004:L2239–L2254, A-19, A-20): the casualties (winner
//! leader's attack − loser leader's defence) come from the directly fighting footmen, knights
//! and ships — the player's order first, then footmen before knights; siege engines are
//! destroyed and never count; archers are never casualties, but each surviving footman or knight
//! covers one archer and the others are destroyed.

use crate::military::ctx::Ctx;
use crate::model::log::{Event, Loss};
use crate::model::state::Unit;
use maester_board::{AreaId, HouseId, UnitKind};

/// Remove the losses from `units` (the beaten force, routed units included) and return the rest.
/// Routed units are left for the retreat, which destroys them (004:L2334).
pub fn losses(
    ctx: &mut Ctx,
    house: HouseId,
    area: AreaId,
    units: Vec<Unit>,
    casualties: u8,
    _defending: bool,
) -> Vec<Unit> {
    let (routed, mut fighting): (Vec<Unit>, Vec<Unit>) = units.into_iter().partition(|u| u.routed);
    // Casualties: the player's order, then footmen, knights, ships (004:L2245).
    let mut order: Vec<UnitKind> = ctx.plans[house.index()]
        .units
        .casualties
        .iter()
        .copied()
        .filter(|k| matches!(k, UnitKind::Footman | UnitKind::Knight | UnitKind::Ship))
        .collect();
    order.extend([UnitKind::Footman, UnitKind::Knight, UnitKind::Ship]);
    let mut dead: Vec<UnitKind> = Vec::new();
    for _ in 0..casualties {
        let Some(i) = order
            .iter()
            .find_map(|k| fighting.iter().position(|u| u.kind == *k))
        else {
            break;
        };
        dead.push(fighting.remove(i).kind);
    }
    if !dead.is_empty() {
        ctx.log.push(Event::Destroyed {
            house,
            area,
            units: dead,
            why: Loss::Casualty,
        });
    }
    let sieges: Vec<UnitKind> = fighting
        .iter()
        .filter(|u| u.kind == UnitKind::Siege)
        .map(|u| u.kind)
        .collect();
    if !sieges.is_empty() {
        ctx.log.push(Event::Destroyed {
            house,
            area,
            units: sieges,
            why: Loss::SiegeEngine,
        });
    }
    fighting.retain(|u| u.kind != UnitKind::Siege);
    let cover = fighting
        .iter()
        .filter(|u| matches!(u.kind, UnitKind::Footman | UnitKind::Knight))
        .count();
    let mut kept = Vec::new();
    let mut lost = Vec::new();
    let mut archers = 0;
    for u in fighting {
        if u.kind == UnitKind::Archer {
            archers += 1;
            if archers > cover {
                lost.push(u.kind);
                continue;
            }
        }
        kept.push(u);
    }
    if !lost.is_empty() {
        ctx.log.push(Event::Destroyed {
            house,
            area,
            units: lost,
            why: Loss::UncoveredArcher,
        });
    }
    kept.extend(routed);
    kept
}
