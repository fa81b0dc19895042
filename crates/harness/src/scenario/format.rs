//! The scenario file (TOML) and reading it into a position.

use maester_board::{AreaId, Board, HouseId, UnitKind};
use maester_lang::Names;
use maester_lang::names::Lookup;
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
    pub orders: BTreeMap<String, Mails>,
    /// Execution plans per house.
    #[serde(default)]
    pub plans: BTreeMap<String, Mails>,
    /// The chooser's choice when the round's events hold a chooser card (`选择: 征兵`), asked
    /// before the first window (004:L2640–L2644).
    #[serde(default)]
    pub choices: BTreeMap<String, Mails>,
    /// The first window of the round's event phase per house, as mailed (disbanding, mustering,
    /// bids, reward claims, building).
    #[serde(default)]
    pub event_orders: BTreeMap<String, Mails>,
    /// The second window of the event phase per house, as mailed (the King's tie-breaks, the
    /// Night's Watch reward, the wildling penalty, muster revisions).
    #[serde(default)]
    pub answers: BTreeMap<String, Mails>,
    /// The Raven holder's change of one order (`信鸦: 临冬城 防守`).
    #[serde(default)]
    pub raven: BTreeMap<String, Mails>,
    /// Retreat choices asked after the military phase (`撤退 临冬城 到 卡霍城`).
    #[serde(default)]
    pub retreats: BTreeMap<String, Mails>,
    /// What must come out.
    #[serde(default)]
    pub expect: Expect,
}

/// A house's text for a step: one mail, or several sent in turn (the last accepted counts, as
/// in the daemon).
#[derive(Debug, Deserialize, Clone)]
#[serde(untagged)]
pub enum Mails {
    /// One mail.
    One(String),
    /// Mails in the order sent.
    Many(Vec<String>),
}

impl Mails {
    /// The mails in the order sent.
    pub fn texts(&self) -> Vec<&str> {
        match self {
            Mails::One(s) => vec![s.as_str()],
            Mails::Many(v) => v.iter().map(String::as_str).collect(),
        }
    }
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
    /// A new game as set up by the board (表一–表三) with its event deck drawn from `seed`;
    /// nothing else may be set then.
    #[serde(default)]
    pub start: bool,
    /// The round's events in force (round ≥ 2), one per category at most, by name
    /// (`秋雨连绵`, `Rains of Autumn`); a category not listed has no event. The round then
    /// opens with its event phase.
    #[serde(default)]
    pub events: Vec<String>,
    /// The next round's draw, in the form of `events` (a category not listed holds 盛夏之末):
    /// its secret notices to the track leaders can then be checked (`expect.notices`).
    #[serde(default)]
    pub next_events: Vec<String>,
    /// One-time orders each house placed in an earlier round, used up for the game
    /// (004:L2502, L2516, L2532): `{ "白狼" = ["强行军"] }`; needs `rules.one_time_orders`.
    #[serde(default)]
    pub one_time_used: BTreeMap<String, Vec<String>>,
    /// The penalty drawn with a wildling attack: `裁军` (disband), `降级` (downgrade knights)
    /// or `禁止特殊命令` (no special orders); default `裁军`.
    #[serde(default)]
    pub wildling_penalty: Option<String>,
    /// Wildling strength before this round's events raise it (default 0).
    #[serde(default)]
    pub wildlings: Option<u8>,
    /// The seed of the event deck (the next round's draw, a new game's draws).
    #[serde(default)]
    pub seed: Option<String>,
    /// Temporary ports already built: `"province sea"` (the sea may be left out when the site
    /// faces one sea only).
    #[serde(default)]
    pub ports: Vec<String>,
    /// Resting leaders: leader name → the round its rest began.
    #[serde(default)]
    pub resting: BTreeMap<String, u8>,
    /// Last round's successful consolidate power by province → tokens it gave (for a
    /// fortification in this round, A-58); the house is the province's controller.
    #[serde(default)]
    pub consolidated: BTreeMap<String, u8>,
    /// Leader victory rewards won last round and not yet claimed: leader name → the houses it
    /// beat (`"梅丽珊卓" = ["白狼"]`).
    #[serde(default)]
    pub rewards: BTreeMap<String, Vec<String>>,
    /// The game's `[game.rules]`, e.g. `rules = { one_time_orders = true }` (default: off).
    #[serde(default)]
    pub rules: maester_rules::modifiers::Settings,
    /// Houses whose player left with no substitute before the round: each turns neutral
    /// (004:L492, A-21): its units stay where they are and take no more orders, it bids 0, and
    /// it is fought as a neutral force. `left = ["白狼"]`.
    #[serde(default)]
    pub left: Vec<String>,
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
    /// Houses one of whose submissions (orders, plan, event orders, answers, …) must be
    /// rejected, with a word the message must contain; or a list of words: the house's refused
    /// mails, in the order sent, one word each (no other mail of it refused).
    #[serde(default)]
    pub rejected: BTreeMap<String, Mails>,
    /// Tracks after the round, rank 1 first: `iron_throne`, `fiefdoms`, `kings_court`.
    #[serde(default)]
    pub tracks: BTreeMap<String, Vec<String>>,
    /// Effective barrels by house.
    #[serde(default)]
    pub barrels: BTreeMap<String, u8>,
    /// Wildling strength.
    #[serde(default)]
    pub wildlings: Option<u8>,
    /// Temporary ports by province: the sea the built port faces, `""` for none built.
    #[serde(default)]
    pub ports: BTreeMap<String, String>,
    /// Fortifications by area: the house that built it, `""` for none.
    #[serde(default)]
    pub fortifications: BTreeMap<String, String>,
    /// Neutral garrisons by area: their strength, 0 for none.
    #[serde(default)]
    pub neutral: BTreeMap<String, u8>,
    /// Leaders by name: `"休养"` (resting) or `"可用"` (available).
    #[serde(default)]
    pub leaders: BTreeMap<String, String>,
    /// The round the game is in after the case (the next round once this one has ended).
    #[serde(default)]
    pub round: Option<u8>,
    /// The game ends drawn between these houses (004:L261).
    #[serde(default)]
    pub draw: Vec<String>,
    /// Words each house's secret notices about the next round must contain, in order (the
    /// King, the sword and the Raven holders, 004:L1165, L2448).
    #[serde(default)]
    pub notices: BTreeMap<String, Vec<String>>,
    /// Words the public preview of the coming rounds at the start of the round must contain,
    /// in order (optional rule, 004:L2632).
    #[serde(default)]
    pub preview: Vec<String>,
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
    let list = maester_board::parse_units(s)
        .ok_or_else(|| ScenarioError(format!("bad units {s:?}: write e.g. 2F1K")))?;
    Ok(list
        .into_iter()
        .flat_map(|(k, n)| std::iter::repeat_n(k, n as usize))
        .collect())
}

/// Lines `house: item; item` of a setup field.
pub(super) fn house_lines<'a>(
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

pub(super) fn track(
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

/// Resolve a leader name.
pub fn leader(names: &Names, s: &str) -> Result<maester_board::LeaderId, ScenarioError> {
    match names.leaders.lookup(s.trim()) {
        Lookup::Found(l) => Ok(l),
        _ => Err(ScenarioError(format!("unknown leader {s:?}"))),
    }
}

/// The result of one case.
#[derive(Debug)]
pub struct Outcome {
    /// File.
    pub path: std::path::PathBuf,
    /// Title.
    pub name: String,
    /// Rule checked.
    pub rule: String,
    /// Differences (empty: passed).
    pub failures: Vec<String>,
    /// Why the case is pending (the engine lacks what it needs), if it is.
    pub pending: Option<String>,
    /// The log in words.
    pub log: Vec<String>,
}

impl Outcome {
    /// Whether the case passed.
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
    /// Whether it counts against the suite: failed and not pending.
    pub fn failed(&self) -> bool {
        !self.passed() && self.pending.is_none()
    }
}
