//! The state as a stable, documented view: what `maester status --json` prints and what the
//! report templates show as the map state. Keys are the board data file's stable ids.

use maester_board::{Board, Lang, UnitKind};
use maester_rules::{GameState, LeaderStatus};
use serde::Serialize;

/// One area that holds something.
#[derive(Debug, Serialize, Clone)]
pub struct AreaView {
    /// Stable area id.
    pub key: String,
    /// Name in the view's language.
    pub name: String,
    /// House holding it (units, token or home seat), stable id.
    pub holder: Option<String>,
    /// Holder's name in the view's language.
    pub holder_name: Option<String>,
    /// Units in code notation, e.g. `1K2F` (empty when none).
    pub units: String,
    /// Units in words.
    pub units_text: String,
    /// Routed units among them (only during a phase).
    pub routed: usize,
    /// Owner of a power token here.
    pub token: Option<String>,
    /// Builder of a fortification here.
    pub fortification: Option<String>,
    /// Neutral garrison strength.
    pub neutral: Option<u8>,
    /// For a built temporary port: the sea it faces.
    pub port_sea: Option<String>,
}

/// One house.
#[derive(Debug, Serialize, Clone)]
pub struct HouseView {
    /// Stable id.
    pub key: String,
    /// Name in the view's language.
    pub name: String,
    /// Power tokens in hand.
    pub power: u8,
    /// Power tokens on the map.
    pub power_on_map: usize,
    /// Effective barrels (supply level in force).
    pub barrels: u8,
    /// Castles controlled.
    pub castles: usize,
    /// Units by code, e.g. {"F": 3, "K": 1}.
    pub units: std::collections::BTreeMap<String, usize>,
    /// Leaders available (short names).
    pub leaders_available: Vec<String>,
    /// Leaders resting.
    pub leaders_resting: Vec<String>,
    /// The house turned neutral (player left).
    pub neutral: bool,
}

/// The whole state.
#[derive(Debug, Serialize, Clone)]
pub struct StateView {
    /// Format version of this view (bumped on incompatible changes).
    pub format: u32,
    /// Round.
    pub round: u8,
    /// Open step (stable key).
    pub step: String,
    /// Areas with units, tokens, neutrals, fortifications or built ports, in board order.
    pub areas: Vec<AreaView>,
    /// Houses in board order.
    pub houses: Vec<HouseView>,
    /// Tracks, rank 1 first, stable house ids.
    pub iron_throne: Vec<String>,
    /// 封邑.
    pub fiefdoms: Vec<String>,
    /// 御前会议.
    pub kings_court: Vec<String>,
    /// Wildling strength.
    pub wildlings: u8,
    /// Winner, once decided.
    pub winner: Option<String>,
}

/// Build the view of a state.
pub fn view(board: &Board, s: &GameState, lang: Lang) -> StateView {
    let hkey = |h: maester_board::HouseId| board.house(h).key.clone();
    let mut areas = Vec::new();
    for a in &board.areas {
        let st = s.area(a.id);
        let built = if a.temporary { st.port_built } else { None };
        if st.units.is_empty()
            && st.token.is_none()
            && st.neutral.is_none()
            && st.fortification.is_none()
            && built.is_none()
        {
            continue;
        }
        let kinds: Vec<UnitKind> = st.units.iter().map(|u| u.kind).collect();
        let holder = s.controller(board, a.id);
        areas.push(AreaView {
            key: a.key.clone(),
            name: a.name(lang).to_string(),
            holder: holder.map(hkey),
            holder_name: holder.map(|h| board.house(h).name(lang).to_string()),
            units: super::log::codes(&kinds),
            units_text: if kinds.is_empty() {
                String::new()
            } else {
                super::log::units(&kinds, lang)
            },
            routed: st.units.iter().filter(|u| u.routed).count(),
            token: st.token.map(hkey),
            fortification: st.fortification.map(hkey),
            neutral: st.neutral,
            port_sea: built.map(|p| board.area(p).key.clone()),
        });
    }
    let houses = board
        .houses
        .iter()
        .map(|h| {
            let hs = s.house(h.id);
            let mut units = std::collections::BTreeMap::new();
            for k in UnitKind::ALL {
                let n = s.unit_count(h.id, k);
                if n > 0 {
                    units.insert(k.code().to_string(), n);
                }
            }
            let names = |want_rest: bool| -> Vec<String> {
                hs.leaders
                    .iter()
                    .filter(|(_, st)| matches!(st, LeaderStatus::Resting { .. }) == want_rest)
                    .map(|(l, _)| board.leader(*l).name(lang).to_string())
                    .collect()
            };
            HouseView {
                key: h.key.clone(),
                name: h.name(lang).to_string(),
                power: hs.power,
                power_on_map: s.areas.iter().filter(|a| a.token == Some(h.id)).count(),
                barrels: hs.barrels,
                castles: s.castles(board, h.id),
                units,
                leaders_available: names(false),
                leaders_resting: names(true),
                neutral: hs.neutral,
            }
        })
        .collect();
    let track = |i: usize| s.tracks[i].iter().map(|h| hkey(*h)).collect();
    StateView {
        format: 1,
        round: s.round,
        step: s.step.key().to_string(),
        areas,
        houses,
        iron_throne: track(0),
        fiefdoms: track(1),
        kings_court: track(2),
        wildlings: s.wildlings,
        winner: s.winner.map(hkey),
    }
}
