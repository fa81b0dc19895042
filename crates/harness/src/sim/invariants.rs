//! What must hold after every step of any game: supply limits, unit caps, the power cap, the
//! tracks, one house per area, units where they may stand, control consistent.

use crate::board::{Board, UnitKind};
use crate::rules::state::TrackOrder;
use crate::rules::{GameState, Step, supply};

/// Every invariant the state breaks, as sentences (empty: all hold). One pass over the map,
/// tallies in fixed arrays: it runs after every step of every simulated game.
pub fn check(board: &Board, s: &GameState) -> Vec<String> {
    const HOUSES: usize = TrackOrder::CAPACITY;
    // Armies counted per house (a supply row has at most a handful; more never fit).
    const ARMIES: usize = 16;
    let mut v = Vec::new();
    let n = board.houses.len();
    if n > HOUSES || s.houses.len() != n || s.areas.len() != board.areas.len() {
        v.push(format!(
            "{} houses and {} areas in the state for a board of {n} houses and {} areas",
            s.houses.len(),
            s.areas.len(),
            board.areas.len()
        ));
        return v;
    }
    // Units by kind, packed in 16-bit lanes of one number per house: an area's units are
    // tallied in a register, not in memory (a house has at most 16 units in each of the
    // board's areas, far below a lane's 65,535).
    let lane = |k: UnitKind| 1u128 << (16 * k.index());
    let mut units = [0u128; HOUSES];
    let mut tokens = [0u32; HOUSES];
    let mut armies = [[0u8; ARMIES]; HOUSES];
    let mut army_count = [0usize; HOUSES];
    let routed_ok = matches!(s.step, Step::Retreat);
    let orders_ok = matches!(s.step, Step::Raven | Step::Plan);
    for (area, st) in board.areas.iter().zip(&s.areas) {
        // `&` rather than `&&`: one branch for the three tests.
        if st.units.is_empty() & st.token.is_none() & st.order.is_none() {
            // Every check below is about units, a token or an order.
            continue;
        }
        let name = &area.key;
        let occupant = if st.units.is_empty() { None } else { st.house };
        if let Some(t) = st.token {
            if t.index() < n {
                tokens[t.index()] += 1;
            }
            if occupant.is_some_and(|o| o != t) {
                v.push(format!("{name}: units of one house and a token of another"));
            }
            if !area.is_land() {
                v.push(format!("{name}: a power token at sea or in a port"));
            }
        }
        if st.order.is_some() && !orders_ok {
            v.push(format!(
                "{name}: an order left on the map in step {}",
                s.step.key()
            ));
        }
        if st.units.is_empty() {
            continue;
        }
        // The house's tallies (none for units without a house, or of a house the board lacks).
        let tally = match st.house {
            None => {
                v.push(format!("{name}: units without a house"));
                None
            }
            Some(h) if h.index() < n => {
                let i = h.index();
                if st.units.len() >= 2 {
                    if army_count[i] < ARMIES {
                        armies[i][army_count[i]] = st.units.len().min(u8::MAX as usize) as u8;
                    }
                    army_count[i] += 1;
                }
                Some(i)
            }
            Some(_) => None,
        };
        if st.neutral.is_some() {
            v.push(format!("{name}: units and a neutral garrison together"));
        }
        let (ships_ok, land_ok) = (area.is_sea() || area.is_port(), area.is_land());
        let stands = |k: UnitKind| {
            if k == UnitKind::Ship {
                ships_ok
            } else {
                land_ok
            }
        };
        // Tallied and tested in one pass; the sentences only when something is wrong.
        let (mut misplaced, mut routed) = (false, false);
        let mut here = 0u128;
        for u in &st.units {
            here += lane(u.kind);
            misplaced |= !stands(u.kind);
            routed |= u.routed;
        }
        if let Some(i) = tally {
            units[i] += here;
        }
        if misplaced | (routed & !routed_ok) {
            for u in &st.units {
                if !stands(u.kind) {
                    v.push(format!("{name}: a {:?} cannot stand here", u.kind));
                }
                if u.routed && !routed_ok {
                    v.push(format!("{name}: a routed unit after the military phase"));
                }
            }
        }
        if area.is_port() {
            if !s.port_exists(board, area.id) {
                v.push(format!("{name}: ships in a port that does not exist"));
            }
            if st.units.len() > board.rules.port_capacity as usize {
                v.push(format!("{name}: {} ships in a port", st.units.len()));
            }
            if let Some(p) = area.port_of
                && s.controller(board, p) != occupant
            {
                v.push(format!(
                    "{name}: ships in the port of a province their house does not control"
                ));
            }
        }
    }
    for h in board.house_ids() {
        let i = h.index();
        let key = &board.house(h).key;
        let barrels = s.house(h).barrels;
        let limits = board.rules.supply_limits(barrels);
        let sizes = &mut armies[i][..army_count[i].min(ARMIES)];
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        let fits = army_count[i] <= limits.len() && sizes.iter().zip(limits).all(|(a, l)| a <= l);
        if !fits {
            let sizes = supply::army_sizes(s, h);
            v.push(format!(
                "{key}: armies {sizes:?} over the supply limit of {barrels} barrels"
            ));
        }
        for k in UnitKind::ALL {
            let cap = board.rules.unit_caps[k.index()] as usize;
            let have = ((units[i] >> (16 * k.index())) & 0xFFFF) as usize;
            if have > cap {
                v.push(format!("{key}: {have} {k:?} over the cap {cap}"));
            }
        }
        let owned = s.house(h).power as u32 + tokens[i];
        if owned > board.rules.max_power as u32 {
            v.push(format!("{key}: owns {owned} power tokens"));
        }
    }
    for (i, t) in s.tracks.iter().enumerate() {
        // A permutation of the houses: n entries, each house once.
        let mut seen = [false; HOUSES];
        let perm = t.len() == n
            && t.iter()
                .all(|h| h.index() < n && !std::mem::replace(&mut seen[h.index()], true));
        if !perm {
            v.push(format!("track {i} is not a permutation: {t:?}"));
        }
    }
    v
}
