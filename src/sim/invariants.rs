//! What must hold after every step of any game: supply limits, unit caps, the power cap, the
//! tracks, one house per area, units where they may stand, control consistent.

use crate::board::{Board, UnitKind};
use crate::rules::{GameState, Step, supply};

/// Every invariant the state breaks, as sentences (empty: all hold).
pub fn check(board: &Board, s: &GameState) -> Vec<String> {
    let mut v = Vec::new();
    let n = board.houses.len();
    // Units of each house by kind, tokens on the map and armies (house, size), in one pass.
    let mut units = vec![[0usize; 5]; n];
    let mut tokens = vec![0u32; n];
    let mut armies: Vec<(usize, std::cmp::Reverse<usize>)> = Vec::new();
    for a in &s.areas {
        if let Some(h) = a.house.filter(|h| h.index() < n) {
            for u in &a.units {
                units[h.index()][u.kind.index()] += 1;
            }
            if a.units.len() >= 2 {
                armies.push((h.index(), std::cmp::Reverse(a.units.len())));
            }
        }
        if let Some(t) = a.token.filter(|t| t.index() < n) {
            tokens[t.index()] += 1;
        }
    }
    // By house, largest army first: each house's sizes as `supply::army_sizes` gives them.
    armies.sort_unstable();
    for h in board.house_ids() {
        let key = &board.house(h).key;
        let sizes: &[(usize, std::cmp::Reverse<usize>)] = {
            let from = armies.partition_point(|x| x.0 < h.index());
            let to = armies.partition_point(|x| x.0 <= h.index());
            &armies[from..to]
        };
        let limits = board.rules.supply_limits(s.house(h).barrels);
        let fits = sizes.len() <= limits.len()
            && sizes.iter().zip(limits).all(|(a, l)| a.1.0 <= *l as usize);
        if !fits {
            let sizes = supply::army_sizes(s, h);
            v.push(format!(
                "{key}: armies {sizes:?} over the supply limit of {} barrels",
                s.house(h).barrels
            ));
        }
        for k in UnitKind::ALL {
            let cap = board.rules.unit_caps[k.index()] as usize;
            let have = units[h.index()][k.index()];
            if have > cap {
                v.push(format!("{key}: {have} {k:?} over the cap {cap}"));
            }
        }
        let owned = s.house(h).power as u32 + tokens[h.index()];
        if owned > board.rules.max_power as u32 {
            v.push(format!("{key}: owns {owned} power tokens"));
        }
    }
    for (i, t) in s.tracks.iter().enumerate() {
        // A permutation of the houses: n entries, each house once.
        let mut seen = vec![false; n];
        let perm = t.len() == n
            && t.iter()
                .all(|h| h.index() < n && !std::mem::replace(&mut seen[h.index()], true));
        if !perm {
            v.push(format!("track {i} is not a permutation: {t:?}"));
        }
    }
    for a in board.area_ids() {
        let st = s.area(a);
        if st.units.is_empty() && st.token.is_none() && st.order.is_none() {
            // Every check below is about units, a token or an order.
            continue;
        }
        let area = board.area(a);
        let name = &area.key;
        if !st.units.is_empty() && st.house.is_none() {
            v.push(format!("{name}: units without a house"));
        }
        if !st.units.is_empty() && st.neutral.is_some() {
            v.push(format!("{name}: units and a neutral garrison together"));
        }
        if let (Some(o), Some(t)) = (s.occupant(a), st.token)
            && o != t
        {
            v.push(format!("{name}: units of one house and a token of another"));
        }
        if st.token.is_some() && !area.is_land() {
            v.push(format!("{name}: a power token at sea or in a port"));
        }
        for u in &st.units {
            let ok = match u.kind {
                UnitKind::Ship => area.is_sea() || area.is_port(),
                _ => area.is_land(),
            };
            if !ok {
                v.push(format!("{name}: a {:?} cannot stand here", u.kind));
            }
            if u.routed && !matches!(s.step, Step::Retreat) {
                v.push(format!("{name}: a routed unit after the military phase"));
            }
        }
        if area.is_port() && !st.units.is_empty() {
            if !s.port_exists(board, a) {
                v.push(format!("{name}: ships in a port that does not exist"));
            }
            if st.units.len() > board.rules.port_capacity as usize {
                v.push(format!("{name}: {} ships in a port", st.units.len()));
            }
            if let Some(p) = area.port_of
                && s.controller(board, p) != s.occupant(a)
            {
                v.push(format!(
                    "{name}: ships in the port of a province their house does not control"
                ));
            }
        }
        if st.order.is_some() && !matches!(s.step, Step::Raven | Step::Plan) {
            v.push(format!(
                "{name}: an order left on the map in step {}",
                s.step.key()
            ));
        }
    }
    v
}
