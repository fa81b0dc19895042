//! Test kit for the rules: an empty board with helpers to put units and orders, write plans and
//! run the military phase.

use crate::military::{Resolution, resolve_with};
use crate::model::log::{BattleReport, Event};
use crate::model::modifiers::{RoundModifiers, Settings};
use crate::model::orders::{
    DefenceLeader, MarchMove, MarchStep, Pick, Plan, RaidStep, UnitSelection,
};
use crate::model::state::{GameState, Track, Unit};
use maester_board::{AreaId, Board, HouseId, LeaderId, Order, OrderType, UnitKind};

/// "" = all units; "2F1K" = exactly these.
pub fn sel(u: &str) -> UnitSelection {
    if u.is_empty() {
        return UnitSelection::All;
    }
    let mut out = Vec::new();
    let mut n = 0u8;
    for c in u.chars() {
        if let Some(d) = c.to_digit(10) {
            n = n * 10 + d as u8;
        } else if let Some(k) = UnitKind::from_code(c) {
            out.push((k, n.max(1)));
            n = 0;
        }
    }
    UnitSelection::Exact(out)
}

pub fn battles(log: &[Event]) -> Vec<&BattleReport> {
    log.iter()
        .filter_map(|e| {
            if let Event::Battle(b) = e {
                Some(b)
            } else {
                None
            }
        })
        .collect()
}

pub struct T {
    pub b: Board,
    pub s: GameState,
    pub plans: Vec<Plan>,
    pub mods: RoundModifiers,
    pub settings: Settings,
}

pub fn t() -> T {
    let b = match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    let mut s = GameState::new_game(&b);
    for a in s.areas.iter_mut() {
        a.units.clear();
        a.house = None;
    }
    let plans = vec![Plan::default(); b.houses.len()];
    T {
        b,
        s,
        plans,
        mods: RoundModifiers::default(),
        settings: Settings::default(),
    }
}

impl T {
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
    pub fn order(&mut self, area: &str, kind: OrderType, special: bool) {
        let a = self.a(area);
        self.s.area_mut(a).order = Some(Order { kind, special });
    }
    pub fn march(&mut self, house: &str, from: &str, to: &str) {
        let (h, f, t) = (self.h(house), self.a(from), self.a(to));
        self.plans[h.index()].marches.push(
            MarchStep {
                from: f,
                moves: vec![MarchMove::new(UnitSelection::All, t)],
                leave_token: false,
                gather: Vec::new(),
            }
            .into(),
        );
    }
    pub fn raid(&mut self, house: &str, from: &str, to: &str) {
        let (h, f, t) = (self.h(house), self.a(from), self.a(to));
        self.plans[h.index()].raids.push(RaidStep {
            from: f,
            targets: vec![t],
        });
    }
    pub fn run(&self) -> (GameState, Vec<Event>) {
        let r = self.resolve();
        (r.state, r.log)
    }
    pub fn resolve(&self) -> Resolution {
        resolve_with(&self.b, &self.s, &self.plans, &self.mods, self.settings)
    }
    pub fn plan(&mut self, house: &str) -> &mut Plan {
        let h = self.h(house);
        &mut self.plans[h.index()]
    }
    pub fn l(&self, short: &str) -> LeaderId {
        self.b
            .leaders
            .iter()
            .find(|l| l.short_zh == short || l.name_en == short)
            .map(|l| l.id)
            .unwrap_or_else(|| panic!("no leader {short}"))
    }
    /// A split march: `moves` are (destination, units like "2F1K" or "" for all).
    pub fn split(&mut self, house: &str, from: &str, moves: &[(&str, &str)]) {
        let m = self.mv(from, moves);
        self.plan(house).marches.push(m.into());
    }
    /// A march action without pushing it.
    pub fn mv(&self, from: &str, moves: &[(&str, &str)]) -> MarchStep {
        MarchStep {
            from: self.a(from),
            moves: moves
                .iter()
                .map(|(to, u)| MarchMove::new(sel(u), self.a(to)))
                .collect(),
            leave_token: false,
            gather: Vec::new(),
        }
    }
    /// Attach a march leader to the last march step's first move.
    pub fn lead(&mut self, house: &str, leader: &str) {
        let l = self.l(leader);
        if let Some(step) = self.plan(house).marches.last_mut() {
            step.alternatives[0].action.moves[0].leader = vec![Pick::always(l)];
        }
    }
    pub fn defend(&mut self, house: &str, area: &str, leader: &str) {
        let (a, l) = (self.a(area), self.l(leader));
        self.plan(house).leaders.defence.push(DefenceLeader {
            area: a,
            leader: vec![Pick::always(l)],
        });
    }
    pub fn raids(&mut self, house: &str, from: &str, to: &[&str]) {
        let f = self.a(from);
        let targets = to.iter().map(|x| self.a(x)).collect();
        self.plan(house).raids.push(RaidStep { from: f, targets });
    }
    pub fn track(&mut self, track: Track, order: &[&str]) {
        self.s.tracks[track as usize] = order.iter().map(|h| self.h(h)).collect();
    }
    pub fn power(&self, s: &GameState, house: &str) -> u8 {
        s.house(self.h(house)).power
    }
    pub fn units(&self, s: &GameState, area: &str) -> String {
        let mut c: Vec<char> = s
            .area(self.a(area))
            .units
            .iter()
            .map(|u| u.kind.code())
            .collect();
        c.sort();
        c.into_iter().collect()
    }
    pub fn holder(&self, s: &GameState, area: &str) -> Option<String> {
        s.occupant(self.a(area))
            .map(|h| self.b.house(h).key.clone())
    }
}

pub fn battle(log: &[Event]) -> &BattleReport {
    log.iter()
        .find_map(|e| {
            if let Event::Battle(b) = e {
                Some(b)
            } else {
                None
            }
        })
        .unwrap_or_else(|| panic!("no battle in {log:?}"))
}

/// The same as [`t`], for tests that bind `t`.
pub fn fresh() -> T {
    t()
}

/// The ability effects of a log, in order.
pub fn effects(log: &[crate::model::log::Event]) -> Vec<crate::model::log::AbilityEffect> {
    log.iter()
        .filter_map(|e| {
            if let crate::model::log::Event::Ability { effect, .. } = e {
                Some(effect.clone())
            } else {
                None
            }
        })
        .collect()
}
