//! Units moving between areas, as marches, battles and retreats move them: which units a move
//! names, taking them out of an area and putting them into another.

use crate::military::ctx::Ctx;
use crate::model::orders::UnitSelection;
use crate::model::state::Unit;
use maester_board::{AreaId, HouseId, UnitKind};

/// Take the units a move names out of a list of units (non-routed only). None if not all there.
pub fn select(units: &[Unit], sel: &UnitSelection) -> Option<Vec<usize>> {
    let free: Vec<usize> = (0..units.len()).filter(|&i| !units[i].routed).collect();
    match sel {
        UnitSelection::All => (!free.is_empty()).then_some(free),
        UnitSelection::Kind(k) => {
            let v: Vec<usize> = free.into_iter().filter(|&i| units[i].kind == *k).collect();
            (!v.is_empty()).then_some(v)
        }
        UnitSelection::Exact(list) => {
            let mut taken: Vec<usize> = Vec::new();
            for (kind, n) in list {
                let mut need = *n as usize;
                for &i in &free {
                    if need == 0 {
                        break;
                    }
                    if units[i].kind == *kind && !taken.contains(&i) {
                        taken.push(i);
                        need -= 1;
                    }
                }
                if need > 0 {
                    return None;
                }
            }
            (!taken.is_empty()).then_some(taken)
        }
    }
}

/// Remove the units at `idx` (sorted any way) from an area and return them.
pub fn take_units(ctx: &mut Ctx, area: AreaId, idx: &[usize]) -> Vec<Unit> {
    let mut idx = idx.to_vec();
    idx.sort_unstable_by(|a, b| b.cmp(a));
    idx.dedup();
    let st = ctx.state.area_mut(area);
    let mut out: Vec<Unit> = Vec::new();
    for i in idx {
        if i < st.units.len() {
            out.push(st.units.remove(i));
        }
    }
    out.reverse();
    out
}

/// Put units into an area for a house.
pub fn put_units(ctx: &mut Ctx, house: HouseId, area: AreaId, units: Vec<Unit>) {
    let st = ctx.state.area_mut(area);
    st.house = Some(house);
    st.units.extend(units);
}

/// Indices in `area` of units equal to `wanted` (each taken once).
pub fn find_units(ctx: &Ctx, area: AreaId, wanted: &[Unit]) -> Vec<usize> {
    let st = ctx.state.area(area);
    let mut pick: Vec<usize> = Vec::new();
    for w in wanted {
        if let Some(i) = (0..st.units.len())
            .find(|i| !pick.contains(i) && st.units[*i].kind == w.kind && !st.units[*i].routed)
        {
            pick.push(i);
        }
    }
    pick
}

/// How many siege engines are among these units.
pub fn sieges(units: &[Unit]) -> usize {
    units.iter().filter(|u| u.kind == UnitKind::Siege).count()
}

/// How many siege engines the house's army in `area` holds now (none when another house or
/// nobody holds it).
pub fn sieges_of(ctx: &Ctx, house: HouseId, area: AreaId) -> usize {
    if ctx.state.occupant(area) == Some(house) {
        sieges(&ctx.state.area(area).units)
    } else {
        0
    }
}
