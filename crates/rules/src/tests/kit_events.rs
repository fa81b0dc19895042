//! Helpers for the tests of the event-phase rules: the default board, an empty map, units by
//! letter codes, ids by key.

use crate::model::state::{GameState, LeaderStatus, Unit};
use maester_board::{AreaId, Board, HouseId, LeaderId, UnitKind};

pub struct W {
    pub b: Board,
    pub s: GameState,
}

/// The default board with the starting position.
pub fn start() -> W {
    let b = match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    let s = GameState::new_game(&b);
    W { b, s }
}

/// The default board with no unit and no token on the map (neutral garrisons stay).
pub fn empty() -> W {
    let mut w = start();
    for a in w.s.areas.iter_mut() {
        a.units.clear();
        a.house = None;
        a.token = None;
    }
    w
}

impl W {
    pub fn a(&self, key: &str) -> AreaId {
        self.b
            .area_by_key(key)
            .unwrap_or_else(|| panic!("no area {key}"))
    }
    pub fn h(&self, key: &str) -> HouseId {
        self.b
            .house_by_key(key)
            .unwrap_or_else(|| panic!("no house {key}"))
    }
    pub fn l(&self, name_en: &str) -> LeaderId {
        self.b
            .leaders
            .iter()
            .find(|l| l.name_en == name_en)
            .map(|l| l.id)
            .unwrap_or_else(|| panic!("no leader {name_en}"))
    }
    /// Add units by letter codes, e.g. "KFF".
    pub fn put(&mut self, house: &str, area: &str, units: &str) {
        let (h, a) = (self.h(house), self.a(area));
        let st = self.s.area_mut(a);
        st.house = Some(h);
        for c in units.chars() {
            if let Some(k) = UnitKind::from_code(c) {
                st.units.push(Unit::new(k));
            }
        }
    }
    /// Units of an area as sorted letter codes.
    pub fn codes(&self, s: &GameState, area: &str) -> String {
        let mut c: Vec<char> = s
            .area(self.a(area))
            .units
            .iter()
            .map(|u| u.kind.code())
            .collect();
        c.sort();
        c.into_iter().collect()
    }
    pub fn token(&mut self, house: &str, area: &str) {
        let (h, a) = (self.h(house), self.a(area));
        self.s.area_mut(a).token = Some(h);
    }
    pub fn power(&mut self, house: &str, n: u8) {
        let h = self.h(house);
        self.s.house_mut(h).power = n;
    }
    pub fn barrels(&mut self, house: &str, n: u8) {
        let h = self.h(house);
        self.s.house_mut(h).barrels = n;
    }
    pub fn status(&self, s: &GameState, leader: &str) -> LeaderStatus {
        let l = self.l(leader);
        s.houses
            .iter()
            .flat_map(|h| h.leaders.iter())
            .find(|(x, _)| *x == l)
            .map(|(_, st)| *st)
            .unwrap_or_else(|| panic!("leader {leader} not in state"))
    }
    pub fn set_status(&mut self, leader: &str, st: LeaderStatus) {
        let l = self.l(leader);
        for h in self.s.houses.iter_mut() {
            for e in h.leaders.iter_mut() {
                if e.0 == l {
                    e.1 = st;
                }
            }
        }
    }
    /// Houses by keys, for tracks.
    pub fn hs(&self, keys: &[&str]) -> Vec<HouseId> {
        keys.iter().map(|k| self.h(k)).collect()
    }
}
