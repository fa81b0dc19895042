//! The scenario file (TOML) and reading it into a position.

use crate::board::{AreaId, Board, HouseId, UnitKind};
use crate::lang::Names;
use crate::lang::names::Lookup;
use crate::rules::GameState;
use crate::rules::state::Unit;
use serde::Deserialize;
use std::collections::BTreeMap;

/// A scenario file.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Short title.
    pub name: String,
    /// The rule it checks: a 004 line, an A-/T- id, or several.
    pub rule: String,
    /// Free explanation for a GM.
    #[serde(default)]
    pub description: String,
    /// Set while the engine does not yet implement what the case needs: the case is run and
    /// reported as pending (it does not fail the suite), with this reason.
    #[serde(default)]
    pub pending: Option<String>,
    /// The starting position.
    #[serde(default)]
    pub setup: Setup,
    /// Order placement per house (house name → text in the order language).
    #[serde(default)]
    pub orders: BTreeMap<String, String>,
    /// Execution plans per house.
    #[serde(default)]
    pub plans: BTreeMap<String, String>,
    /// What must come out.
    #[serde(default)]
    pub expect: Expect,
}

/// `[setup]`.
#[derive(Debug, Deserialize, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Round (default 1).
    #[serde(default)]
    pub round: Option<u8>,
    /// Units, one line per house: `红狮: 滨海大道 2F; 黑水河 1K1F`. Nothing else is on the map
    /// (neutral garrisons stay unless `neutral` says otherwise).
    #[serde(default)]
    pub units: String,
    /// Power tokens on the map, one line per house: `白狼: 卡霍城; 白港`.
    #[serde(default)]
    pub tokens: String,
    /// Fortifications, one line per house: `白狼: 卡霍城`.
    #[serde(default)]
    pub fortifications: String,
    /// Power tokens in hand per house (default 5).
    #[serde(default)]
    pub power: BTreeMap<String, u8>,
    /// Effective barrels per house (default: from the start of the game).
    #[serde(default)]
    pub barrels: BTreeMap<String, u8>,
    /// Neutral garrisons by area: a strength, or 0 to remove it.
    #[serde(default)]
    pub neutral: BTreeMap<String, u8>,
    /// Tracks, rank 1 first (house names); the starting tracks when absent.
    #[serde(default)]
    pub iron_throne: Vec<String>,
    /// 封邑.
    #[serde(default)]
    pub fiefdoms: Vec<String>,
    /// 御前会议.
    #[serde(default)]
    pub kings_court: Vec<String>,
}

/// `[expect]`: only what is listed is checked.
#[derive(Debug, Deserialize, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// Battles in order: `河湾地 5:3 红狮` (area, attack:defence, winner house or 中立).
    #[serde(default)]
    pub battles: Vec<String>,
    /// Final units by area: `"河湾地" = "红狮 2F"`; `""` for an empty area.
    #[serde(default)]
    pub units: BTreeMap<String, String>,
    /// Power tokens in hand by house.
    #[serde(default)]
    pub power: BTreeMap<String, u8>,
    /// Who controls an area: `"卡霍城" = "白狼"`, `""` for nobody.
    #[serde(default)]
    pub control: BTreeMap<String, String>,
    /// Houses whose placement must be rejected, with a word the message must contain.
    #[serde(default)]
    pub rejected: BTreeMap<String, String>,
    /// Words that must appear in the log in words (Chinese), in order.
    #[serde(default)]
    pub log: Vec<String>,
    /// The winner of the game, if one is expected.
    #[serde(default)]
    pub winner: Option<String>,
}

/// A problem with a scenario file itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScenarioError(pub String);

impl std::fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Resolve an area name.
pub fn area(names: &Names, s: &str) -> Result<AreaId, ScenarioError> {
    match names.areas.lookup(s.trim()) {
        Lookup::Found(a) => Ok(a),
        _ => Err(ScenarioError(format!("unknown area {s:?}"))),
    }
}

/// Resolve a house name (names, nicknames or keys).
pub fn house(board: &Board, names: &Names, s: &str) -> Result<HouseId, ScenarioError> {
    let s = s.trim();
    if let Some(h) = board.house_by_key(s) {
        return Ok(h);
    }
    match names.houses.lookup(s) {
        Lookup::Found(h) => Ok(h),
        _ => Err(ScenarioError(format!("unknown house {s:?}"))),
    }
}

/// Units in code notation (`2F1K`) as a list of kinds.
pub fn units(s: &str) -> Result<Vec<UnitKind>, ScenarioError> {
    let s = s.trim();
    if s.is_empty() {
        return Ok(Vec::new());
    }
    let list = crate::board::parse_units(s)
        .ok_or_else(|| ScenarioError(format!("bad units {s:?}: write e.g. 2F1K")))?;
    Ok(list
        .into_iter()
        .flat_map(|(k, n)| std::iter::repeat_n(k, n as usize))
        .collect())
}

/// Lines `house: item; item` of a setup field.
fn house_lines<'a>(
    board: &Board,
    names: &Names,
    text: &'a str,
) -> Result<Vec<(HouseId, Vec<&'a str>)>, ScenarioError> {
    let mut out = Vec::new();
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (h, rest) = line.split_once([':', '：']).ok_or_else(|| {
            ScenarioError(format!(
                "setup line {line:?}: write `house: area units; area units`"
            ))
        })?;
        let items = rest
            .split([';', '；'])
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        out.push((house(board, names, h)?, items));
    }
    Ok(out)
}

fn track(
    board: &Board,
    names: &Names,
    v: &[String],
    default: &[HouseId],
) -> Result<Vec<HouseId>, ScenarioError> {
    if v.is_empty() {
        return Ok(default.to_vec());
    }
    let t: Vec<HouseId> = v
        .iter()
        .map(|s| house(board, names, s))
        .collect::<Result<_, _>>()?;
    let mut sorted = t.clone();
    sorted.sort();
    sorted.dedup();
    if sorted.len() != board.houses.len() || t.len() != sorted.len() {
        return Err(ScenarioError("a track must list every house once".into()));
    }
    Ok(t)
}

impl Scenario {
    /// The starting position.
    pub fn position(&self, board: &Board, names: &Names) -> Result<GameState, ScenarioError> {
        let mut s = GameState::new_game(board);
        for a in s.areas.iter_mut() {
            a.units.clear();
            a.house = None;
        }
        if let Some(r) = self.setup.round {
            s.round = r;
        }
        for (h, items) in house_lines(board, names, &self.setup.units)? {
            for item in items {
                let split = item
                    .find(|c: char| c.is_ascii_digit())
                    .ok_or_else(|| ScenarioError(format!("{item:?}: write `area 2F1K`")))?;
                let (a, u) = item.split_at(split);
                let a = area(names, a)?;
                let st = s.area_mut(a);
                if st.house.is_some_and(|x| x != h) {
                    return Err(ScenarioError(format!("two houses in {item:?}")));
                }
                st.house = Some(h);
                st.units.extend(units(u)?.into_iter().map(Unit::new));
            }
        }
        for (h, items) in house_lines(board, names, &self.setup.tokens)? {
            for item in items {
                s.area_mut(area(names, item)?).token = Some(h);
            }
        }
        for (h, items) in house_lines(board, names, &self.setup.fortifications)? {
            for item in items {
                s.area_mut(area(names, item)?).fortification = Some(h);
            }
        }
        for (h, n) in &self.setup.power {
            let h = house(board, names, h)?;
            s.house_mut(h).power = *n;
        }
        for (h, n) in &self.setup.barrels {
            let h = house(board, names, h)?;
            s.house_mut(h).barrels = *n;
        }
        for (a, n) in &self.setup.neutral {
            let a = area(names, a)?;
            s.area_mut(a).neutral = (*n > 0).then_some(*n);
        }
        s.tracks = [
            track(
                board,
                names,
                &self.setup.iron_throne,
                &board.start_tracks[0],
            )?,
            track(board, names, &self.setup.fiefdoms, &board.start_tracks[1])?,
            track(
                board,
                names,
                &self.setup.kings_court,
                &board.start_tracks[2],
            )?,
        ]
        .map(Into::into);
        Ok(s)
    }
}
