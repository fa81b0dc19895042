//! The board data file as written on disk (TOML), before ids are assigned.

use serde::Deserialize;

/// The whole data file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardFile {
    /// Free text about the file.
    pub meta: Meta,
    /// Rule tables.
    pub rules: crate::Rules,
    /// The event cards (004:L2392–L2441, A-70).
    pub events: EventsFile,
    /// Starting order of the three influence tracks, as house ids.
    pub tracks: TracksFile,
    /// The great houses.
    pub houses: Vec<HouseFile>,
    /// Every area: land, sea and port (natural and temporary sites).
    pub areas: Vec<AreaFile>,
    /// The leaders of every house.
    pub leaders: Vec<LeaderFile>,
}

/// `[meta]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    /// Name of the board.
    pub name: String,
}

/// `[events]`: card keys (see [`super::EVENT_CARD_KEYS`]).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventsFile {
    /// One cycle of the economic bag.
    pub economic: Vec<String>,
    /// One cycle of the political bag.
    pub political: Vec<String>,
    /// One cycle of the military bag.
    pub military: Vec<String>,
    /// Cards added to the military bag from `late_from` on, each at most once a game.
    pub late: Vec<String>,
    /// First round of the late cards.
    pub late_from: u8,
    /// The optional chooser card of each category, in category order.
    pub choosers: Vec<String>,
}

/// `[tracks]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TracksFile {
    /// 铁王座 Iron Throne, rank 1 first.
    pub iron_throne: Vec<String>,
    /// 封邑 Fiefdoms, rank 1 first.
    pub fiefdoms: Vec<String>,
    /// 御前会议 King's Court, rank 1 first.
    pub kings_court: Vec<String>,
}

/// `[[houses]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HouseFile {
    /// Stable id, e.g. `stark`.
    pub id: String,
    /// Chinese name (the sigil nickname the rulebook uses, e.g. 白狼).
    pub name_zh: String,
    /// English name.
    pub name_en: String,
    /// Other Chinese names.
    #[serde(default)]
    pub aliases_zh: Vec<String>,
    /// Other English names.
    #[serde(default)]
    pub aliases_en: Vec<String>,
    /// Area id of the home seat (主城).
    pub home_seat: String,
    /// Starting units (表一).
    pub start: Vec<StartUnits>,
}

/// One line of 表一.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartUnits {
    /// Area id.
    pub area: String,
    /// Units in the rulebook's notation, e.g. `1K1F`.
    pub units: String,
}

/// `[[areas]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaFile {
    /// Stable id, e.g. `winterfell`.
    pub id: String,
    /// `land`, `sea` or `port`.
    pub kind: String,
    /// Chinese name.
    pub name_zh: String,
    /// English name.
    pub name_en: String,
    /// Other Chinese names.
    #[serde(default)]
    pub aliases_zh: Vec<String>,
    /// Other English names.
    #[serde(default)]
    pub aliases_en: Vec<String>,
    /// Supply barrels (木桶).
    #[serde(default)]
    pub barrels: u8,
    /// Power crowns (王冠).
    #[serde(default)]
    pub crowns: u8,
    /// `stronghold` or `city`.
    #[serde(default)]
    pub castle: Option<String>,
    /// Reachable only by sea.
    #[serde(default)]
    pub island: bool,
    /// Strength of a neutral garrison at the start.
    #[serde(default)]
    pub neutral: Option<u8>,
    /// Areas across a river: adjacent only when rivers freeze or with a pontoon.
    #[serde(default)]
    pub river_crossings: Vec<String>,
    /// Banks a pontoon (浮桥) placed here may reach.
    #[serde(default)]
    pub pontoon_targets: Vec<String>,
    /// For ports: the province the port belongs to.
    #[serde(default)]
    pub port_of: Option<String>,
    /// For ports: the seas the port may face (one for natural ports).
    #[serde(default)]
    pub port_seas: Vec<String>,
    /// For temporary port sites: seas as the variant's 表十 names them where the board differs
    /// (map notes D6), each mapped to the board's sea it stands for.
    #[serde(default)]
    pub port_seas_as_written: std::collections::BTreeMap<String, String>,
    /// For ports: a temporary port site (exists only once built).
    #[serde(default)]
    pub temporary: bool,
    /// Adjacent areas (ordinary borders and bridges).
    pub adjacent: Vec<String>,
}

/// `[[leaders]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderFile {
    /// House id.
    pub house: String,
    /// Full Chinese name.
    pub name_zh: String,
    /// Short name (简称) used in orders.
    pub short_zh: String,
    /// English name.
    pub name_en: String,
    /// Combat strength (战斗力).
    pub strength: u8,
    /// Attack (攻击力).
    pub attack: u8,
    /// Defence (防御力).
    pub defence: u8,
    /// Key of the special ability, if any.
    #[serde(default)]
    pub ability: Option<String>,
}
