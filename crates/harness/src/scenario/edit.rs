//! A GM's correction of a running game's state (`maester gm edit`), written in the words of a
//! scenario's `[setup]`: what is named is set, everything else stays as it is.
//!
//! ```toml
//! units = """
//! 白狼: 临冬城 2F1K; 卡霍城 1F
//! """
//! clear = ["白港"]            # areas left without units
//! tokens = "红狮: 兰尼斯港"
//! clear_tokens = ["石圣堂"]
//! power = { "白狼" = 5 }     # TOML keys in Chinese are quoted
//! barrels = { "海怪" = 3 }
//! neutral = { "风息堡" = 0 }
//! iron_throne = ["黄鹿", "红狮", "白狼", "海怪", "金花", "红蛇"]
//! wildlings = 4
//! resting = { "罗柏" = 3 }    # resting since round 3
//! ready = ["艾德"]            # available again
//! ```

use super::format::{ScenarioError, area, house, house_lines, leader, track, units};
use maester_board::{Board, HouseId, UnitKind};
use maester_lang::Names;
use maester_rules::GameState;
use maester_rules::state::{LeaderStatus, Unit};
use serde::Deserialize;
use std::collections::BTreeMap;

/// A correction: each field left out changes nothing.
#[derive(Debug, Deserialize, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct Edit {
    /// Lines `house: area units; area units`: each area named holds exactly these units of
    /// this house afterwards.
    #[serde(default)]
    pub units: String,
    /// Areas left without units.
    #[serde(default)]
    pub clear: Vec<String>,
    /// Lines `house: area; area`: a power token of the house in each area.
    #[serde(default)]
    pub tokens: String,
    /// Areas left without a power token.
    #[serde(default)]
    pub clear_tokens: Vec<String>,
    /// Lines `house: area; area`: a fortification of the house in each area.
    #[serde(default)]
    pub fortifications: String,
    /// Areas left without a fortification.
    #[serde(default)]
    pub clear_fortifications: Vec<String>,
    /// Power tokens in hand by house.
    #[serde(default)]
    pub power: BTreeMap<String, u8>,
    /// Effective barrels by house.
    #[serde(default)]
    pub barrels: BTreeMap<String, u8>,
    /// Neutral garrisons by area: a strength, or 0 to remove it.
    #[serde(default)]
    pub neutral: BTreeMap<String, u8>,
    /// The Iron Throne track, rank 1 first (every house once).
    #[serde(default)]
    pub iron_throne: Vec<String>,
    /// The Fiefdoms track.
    #[serde(default)]
    pub fiefdoms: Vec<String>,
    /// The King's Court track.
    #[serde(default)]
    pub kings_court: Vec<String>,
    /// Wildling strength.
    #[serde(default)]
    pub wildlings: Option<u8>,
    /// Leaders resting: name → the round their rest began.
    #[serde(default)]
    pub resting: BTreeMap<String, u8>,
    /// Leaders available again.
    #[serde(default)]
    pub ready: Vec<String>,
}

impl Edit {
    /// Read a correction (TOML); an unknown key is refused with the keys there are.
    pub fn parse(text: &str) -> Result<Edit, ScenarioError> {
        let e: Edit = toml::from_str(text).map_err(|e| ScenarioError(e.to_string()))?;
        if e.is_empty() {
            return Err(ScenarioError(
                "the correction changes nothing: name units, clear, tokens, clear_tokens, \
                 fortifications, clear_fortifications, power, barrels, neutral, iron_throne, \
                 fiefdoms, kings_court, wildlings, resting or ready"
                    .into(),
            ));
        }
        Ok(e)
    }

    fn is_empty(&self) -> bool {
        self.units.trim().is_empty()
            && self.clear.is_empty()
            && self.tokens.trim().is_empty()
            && self.clear_tokens.is_empty()
            && self.fortifications.trim().is_empty()
            && self.clear_fortifications.is_empty()
            && self.power.is_empty()
            && self.barrels.is_empty()
            && self.neutral.is_empty()
            && self.iron_throne.is_empty()
            && self.fiefdoms.is_empty()
            && self.kings_court.is_empty()
            && self.wildlings.is_none()
            && self.resting.is_empty()
            && self.ready.is_empty()
    }

    /// `s` with the correction made. A problem with any line changes nothing.
    pub fn apply(
        &self,
        board: &Board,
        names: &Names,
        s: &GameState,
    ) -> Result<GameState, ScenarioError> {
        let mut s = s.clone();
        for a in &self.clear {
            let sa = s.area_mut(area(names, a)?);
            sa.units.clear();
            if sa.token.is_none() {
                sa.house = None;
            }
        }
        self.set_units(board, names, &mut s)?;
        for a in &self.clear_tokens {
            let id = area(names, a)?;
            let sa = s.area_mut(id);
            sa.token = None;
            if sa.units.is_empty() && board.area(id).home_of != sa.house {
                sa.house = None;
            }
        }
        for (h, items) in house_lines(board, names, &self.tokens)? {
            for item in items {
                let sa = s.area_mut(area(names, item)?);
                if sa.house.is_some_and(|x| x != h) && !sa.units.is_empty() {
                    return Err(ScenarioError(format!(
                        "a token in {item:?}: another house's units are there"
                    )));
                }
                sa.token = Some(h);
                sa.house = Some(h);
            }
        }
        for a in &self.clear_fortifications {
            s.area_mut(area(names, a)?).fortification = None;
        }
        for (h, items) in house_lines(board, names, &self.fortifications)? {
            for item in items {
                s.area_mut(area(names, item)?).fortification = Some(h);
            }
        }
        for (h, n) in &self.power {
            s.house_mut(house(board, names, h)?).power = *n;
        }
        for (h, n) in &self.barrels {
            s.house_mut(house(board, names, h)?).barrels = *n;
        }
        for (a, n) in &self.neutral {
            s.area_mut(area(names, a)?).neutral = (*n > 0).then_some(*n);
        }
        let tracks = [&self.iron_throne, &self.fiefdoms, &self.kings_court];
        for (i, t) in tracks.into_iter().enumerate() {
            if !t.is_empty() {
                s.tracks[i] = track(board, names, t, &[])?.into();
            }
        }
        if let Some(w) = self.wildlings {
            s.wildlings = w;
        }
        self.set_leaders(board, names, &mut s)?;
        Ok(s)
    }

    fn set_units(
        &self,
        board: &Board,
        names: &Names,
        s: &mut GameState,
    ) -> Result<(), ScenarioError> {
        for (h, items) in house_lines(board, names, &self.units)? {
            for item in items {
                let split = item
                    .find(|c: char| c.is_ascii_digit())
                    .ok_or_else(|| ScenarioError(format!("{item:?}: write `area 2F1K`")))?;
                let (a, u) = item.split_at(split);
                let id = area(names, a)?;
                let new = units(u)?;
                if new.len() > maester_rules::Units::CAPACITY {
                    return Err(ScenarioError(format!(
                        "{item:?}: more than {} units in one area",
                        maester_rules::Units::CAPACITY
                    )));
                }
                let water = !board.area(id).is_land();
                if new.iter().any(|k| (*k == UnitKind::Ship) != water) {
                    return Err(ScenarioError(format!(
                        "{item:?}: ships go in seas and ports, land units on land"
                    )));
                }
                let sa = s.area_mut(id);
                if sa.token.is_some_and(|t| t != h) {
                    return Err(ScenarioError(format!(
                        "{item:?}: another house's power token is there (clear_tokens first)"
                    )));
                }
                sa.units.clear();
                sa.units.extend(new.into_iter().map(Unit::new));
                sa.house = Some(h);
            }
        }
        Ok(())
    }

    fn set_leaders(
        &self,
        board: &Board,
        names: &Names,
        s: &mut GameState,
    ) -> Result<(), ScenarioError> {
        let mut set = |name: &str, status: LeaderStatus| -> Result<(), ScenarioError> {
            let id = leader(names, name)?;
            let h: HouseId = board.leader(id).house;
            for (x, st) in s.house_mut(h).leaders.iter_mut() {
                if *x == id {
                    *st = status;
                }
            }
            Ok(())
        };
        for (l, since) in &self.resting {
            set(l, LeaderStatus::Resting { since: *since })?;
        }
        for l in &self.ready {
            set(l, LeaderStatus::Available)?;
        }
        Ok(())
    }
}
