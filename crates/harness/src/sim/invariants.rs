//! What must hold after every step of any game: supply limits, unit caps, the power cap, the
//! tracks, one house per area, units where they may stand, control consistent.

use maester_board::{Area, Board, UnitKind};
use maester_rules::state::TrackOrder;
use maester_rules::{AreaState, GameState, Step, armies::supply};

const HOUSES: usize = TrackOrder::CAPACITY;
/// Armies counted per house (a supply row has at most a handful; more never fit).
const ARMIES: usize = 16;

/// Every invariant the state breaks, as sentences (empty: all hold). One pass over the map,
/// tallies in fixed arrays: it runs after every step of every simulated game.
pub fn check(board: &Board, s: &GameState) -> Vec<String> {
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
    let pass = Pass {
        board,
        s,
        n,
        routed_ok: matches!(s.step, Step::Retreat),
        orders_ok: matches!(s.step, Step::Raven | Step::Plan),
    };
    let mut t = Tallies {
        units: [0u128; HOUSES],
        tokens: [0u32; HOUSES],
        armies: [[0u8; ARMIES]; HOUSES],
        army_count: [0usize; HOUSES],
    };
    for (area, st) in board.areas.iter().zip(&s.areas) {
        // `&` rather than `&&`: one branch for the three tests.
        if st.units.is_empty() & st.token.is_none() & st.order.is_none() {
            // Every check below is about units, a token or an order.
            continue;
        }
        pass.area(area, st, &mut t, &mut v);
    }
    pass.houses(&mut t, &mut v);
    pass.tracks(&mut v);
    v
}

/// What the pass over the map reads.
struct Pass<'a> {
    board: &'a Board,
    s: &'a GameState,
    /// The board's houses.
    n: usize,
    /// Routed units may stand on the map (during the retreats).
    routed_ok: bool,
    /// Orders may lie on the map (while they are placed).
    orders_ok: bool,
}

/// Per house, what the pass over the map counts.
struct Tallies {
    /// Units by kind, packed in 16-bit lanes of one number per house: an area's units are
    /// tallied in a register, not in memory (a house has at most 16 units in each of the
    /// board's areas, far below a lane's 65,535).
    units: [u128; HOUSES],
    /// Power tokens on the map.
    tokens: [u32; HOUSES],
    /// The sizes of its armies (areas with two units or more), the first [`ARMIES`] of them.
    armies: [[u8; ARMIES]; HOUSES],
    /// How many armies it has.
    army_count: [usize; HOUSES],
}

#[inline]
fn lane(k: UnitKind) -> u128 {
    1u128 << (16 * k.index())
}

impl Pass<'_> {
    /// One area holding units, a token or an order.
    #[inline]
    fn area(&self, area: &Area, st: &AreaState, t: &mut Tallies, v: &mut Vec<String>) {
        let name = &area.key;
        let occupant = if st.units.is_empty() { None } else { st.house };
        if let Some(tk) = st.token {
            if tk.index() < self.n {
                t.tokens[tk.index()] += 1;
            }
            if occupant.is_some_and(|o| o != tk) {
                v.push(format!("{name}: units of one house and a token of another"));
            }
            if !area.is_land() {
                v.push(format!("{name}: a power token at sea or in a port"));
            }
        }
        if st.order.is_some() && !self.orders_ok {
            v.push(format!(
                "{name}: an order left on the map in step {}",
                self.s.step.key()
            ));
        }
        if st.units.is_empty() {
            return;
        }
        let tally = self.army(st, t, v, name);
        if st.neutral.is_some() {
            v.push(format!("{name}: units and a neutral garrison together"));
        }
        let here = self.units_standing(area, st, v);
        // One siege engine per army (004:L636): `here` packs the kinds in 16-bit lanes.
        if (here / lane(UnitKind::Siege)) & 0xffff > 1 {
            v.push(format!("{name}: an army with more than one siege engine"));
        }
        if let Some(i) = tally {
            t.units[i] += here;
        }
        if area.is_port() {
            self.port(area, st, occupant, v);
        }
    }

    /// The house's tallies (none for units without a house, or of a house the board lacks),
    /// with the army counted.
    #[inline]
    fn army(
        &self,
        st: &AreaState,
        t: &mut Tallies,
        v: &mut Vec<String>,
        name: &str,
    ) -> Option<usize> {
        match st.house {
            None => {
                v.push(format!("{name}: units without a house"));
                None
            }
            Some(h) if h.index() < self.n => {
                let i = h.index();
                if st.units.len() >= 2 {
                    if t.army_count[i] < ARMIES {
                        t.armies[i][t.army_count[i]] = st.units.len().min(u8::MAX as usize) as u8;
                    }
                    t.army_count[i] += 1;
                }
                Some(i)
            }
            Some(_) => None,
        }
    }

    /// Each unit stands where its kind may, and is routed only during the retreats. Returns the
    /// area's units tallied in lanes.
    #[inline]
    fn units_standing(&self, area: &Area, st: &AreaState, v: &mut Vec<String>) -> u128 {
        let name = &area.key;
        let routed_ok = self.routed_ok;
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
        here
    }

    /// Ships in a port: the port exists, holds no more than its capacity, and belongs to a
    /// province their house controls.
    fn port(
        &self,
        area: &Area,
        st: &AreaState,
        occupant: Option<maester_board::HouseId>,
        v: &mut Vec<String>,
    ) {
        let (board, s, name) = (self.board, self.s, &area.key);
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

    /// Per house: armies within the supply limit, units within the caps, power within the cap.
    fn houses(&self, t: &mut Tallies, v: &mut Vec<String>) {
        let (board, s) = (self.board, self.s);
        for h in board.house_ids() {
            let i = h.index();
            let key = &board.house(h).key;
            let barrels = s.house(h).barrels;
            let limits = board.rules.supply_limits(barrels);
            let sizes = &mut t.armies[i][..t.army_count[i].min(ARMIES)];
            sizes.sort_unstable_by(|a, b| b.cmp(a));
            let fits =
                t.army_count[i] <= limits.len() && sizes.iter().zip(limits).all(|(a, l)| a <= l);
            if !fits {
                let sizes = supply::army_sizes(s, h);
                v.push(format!(
                    "{key}: armies {sizes:?} over the supply limit of {barrels} barrels"
                ));
            }
            for k in UnitKind::ALL {
                let cap = board.rules.unit_caps[k.index()] as usize;
                let have = ((t.units[i] >> (16 * k.index())) & 0xFFFF) as usize;
                if have > cap {
                    v.push(format!("{key}: {have} {k:?} over the cap {cap}"));
                }
            }
            let owned = s.house(h).power as u32 + t.tokens[i];
            if owned > board.rules.max_power as u32 {
                v.push(format!("{key}: owns {owned} power tokens"));
            }
        }
    }

    /// Each track is a permutation of the houses: n entries, each house once.
    fn tracks(&self, v: &mut Vec<String>) {
        let n = self.n;
        for (i, t) in self.s.tracks.iter().enumerate() {
            let mut seen = [false; HOUSES];
            let perm = t.len() == n
                && t.iter()
                    .all(|h| h.index() < n && !std::mem::replace(&mut seen[h.index()], true));
            if !perm {
                v.push(format!("track {i} is not a permutation: {t:?}"));
            }
        }
    }
}
