//! The board as data (地图与规则表): areas, adjacency, rivers, ports, houses, leaders and the
//! rule tables of the rulebook, loaded from one data file (`data/westeros.toml`) and validated
//! when loaded. No area, house or leader name appears in the engine's code.

pub mod file;
pub mod ids;
mod keyed;
mod load;
mod validate;

pub use ids::{AreaId, HouseId, LeaderId, MAX_HOUSES, MAX_LEADERS, Order, OrderType, UnitKind};
pub use load::{BoardError, parse_units};

use serde::{Deserialize, Serialize};

/// The default board, compiled into the binary so that maester runs without its data folder.
pub const DEFAULT_BOARD_TOML: &str = include_str!("../../../data/westeros.toml");

/// What kind of area this is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AreaKind {
    /// 省份 a land province.
    Land,
    /// 海域 a sea.
    Sea,
    /// 港口 a port (natural or a temporary site).
    Port,
}

/// 城堡: the castle in a province.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Castle {
    /// 要塞 stronghold (2 mustering points).
    Stronghold,
    /// 城市 city (1 mustering point).
    City,
}

/// One area of the board.
#[derive(Clone, Debug)]
pub struct Area {
    /// This area's id.
    pub id: AreaId,
    /// Stable key from the data file, e.g. `winterfell`.
    pub key: String,
    /// Land, sea or port.
    pub kind: AreaKind,
    /// Chinese name.
    pub name_zh: String,
    /// English name.
    pub name_en: String,
    /// Other Chinese names.
    pub aliases_zh: Vec<String>,
    /// Other English names.
    pub aliases_en: Vec<String>,
    /// Supply barrels.
    pub barrels: u8,
    /// Power crowns.
    pub crowns: u8,
    /// Castle, if any.
    pub castle: Option<Castle>,
    /// Island (only reachable by sea).
    pub island: bool,
    /// Neutral garrison strength at the start of the game.
    pub neutral: Option<u8>,
    /// Home seat of this house.
    pub home_of: Option<HouseId>,
    /// Areas across a river (no ordinary adjacency).
    pub river_crossings: Vec<AreaId>,
    /// Banks a pontoon placed here may reach.
    pub pontoon_targets: Vec<AreaId>,
    /// For a port: its province.
    pub port_of: Option<AreaId>,
    /// For a port: the seas it may face (exactly one for natural ports).
    pub port_seas: Vec<AreaId>,
    /// For a port: seas as the variant's 表十 names them where the board differs (D6): the
    /// sea written, and the board's sea it stands for (one of `port_seas`).
    pub port_seas_as_written: Vec<(AreaId, AreaId)>,
    /// For a port: a temporary port site, which exists only once built.
    pub temporary: bool,
    /// Ordinary neighbours (borders and bridges), sorted.
    pub adjacent: Vec<AreaId>,
    /// For a province: its ports (natural first, then temporary sites).
    pub ports: Vec<AreaId>,
}

impl Area {
    /// Whether it is a land province.
    pub fn is_land(&self) -> bool {
        self.kind == AreaKind::Land
    }
    /// Whether it is a sea.
    pub fn is_sea(&self) -> bool {
        self.kind == AreaKind::Sea
    }
    /// Whether it is a port.
    pub fn is_port(&self) -> bool {
        self.kind == AreaKind::Port
    }
    /// Name in the given language.
    pub fn name(&self, lang: Lang) -> &str {
        match lang {
            Lang::Zh => &self.name_zh,
            Lang::En => &self.name_en,
        }
    }
}

/// Language of a text for players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// Simplified Chinese (the default).
    #[default]
    Zh,
    /// English.
    En,
}

/// A great house.
#[derive(Clone, Debug)]
pub struct House {
    /// This house's id.
    pub id: HouseId,
    /// Stable key, e.g. `stark`.
    pub key: String,
    /// Chinese name (sigil nickname).
    pub name_zh: String,
    /// English name.
    pub name_en: String,
    /// Other Chinese names.
    pub aliases_zh: Vec<String>,
    /// Other English names.
    pub aliases_en: Vec<String>,
    /// Home seat (主城).
    pub home_seat: AreaId,
    /// Starting units (表一).
    pub start: Vec<(AreaId, Vec<(UnitKind, u8)>)>,
}

impl House {
    /// Name in the given language.
    pub fn name(&self, lang: Lang) -> &str {
        match lang {
            Lang::Zh => &self.name_zh,
            Lang::En => &self.name_en,
        }
    }
}

/// A leader's special ability (特长). The engine implements each one; the data file says who has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    /// 蓝礼: after a win, upgrade one F/A that fought to a knight.
    Renly,
    /// 红袍女: after a win, pay 1 token to send an opposing leader to rest next event phase.
    Melisandre,
    /// 桑恩: the enemy's supporting ships count 0.
    Salladhor,
    /// 罗柏: led knights count 3 when attacking.
    Robb,
    /// 凯特琳: defence order doubled.
    Catelyn,
    /// 鲁温: after a win, recall a resting leader next event phase.
    Luwin,
    /// 詹姆: after a win, 2 power tokens.
    Jaime,
    /// 瑟曦: ignore the support of the enemy's strongest supporting area.
    Cersei,
    /// 山羊: led footmen and archers count 2 when attacking.
    Vargo,
    /// 百花骑士: when attacking, kill one enemy F or A at once.
    Loras,
    /// 荆棘女王: the enemy leader's special ability does not work.
    QueenOfThorns,
    /// 布蕾妮: when attacking, cancel the enemy's defence order.
    Brienne,
    /// 阿莎: after a win, cancel one support or consolidate order next to the battle.
    Asha,
    /// 巴隆: the enemy leader's strength is 0.
    Balon,
    /// 维克塔: led ships count 2 when attacking.
    Victarion,
    /// 奥芭娅: attack value counts only when attacking.
    AttackOnlyWhenAttacking,
    /// 艾拉莉亚: when defending, upgrade one fighting F/A to a knight.
    Ellaria,
    /// 道朗: after a win, capture one of the opponent's track items.
    Doran,
    /// 亚莲恩: after a loss, kill one enemy unit that fought.
    Arianne,
}

/// A leader (家族将领).
#[derive(Clone, Debug)]
pub struct Leader {
    /// This leader's id.
    pub id: LeaderId,
    /// The house.
    pub house: HouseId,
    /// Full Chinese name.
    pub name_zh: String,
    /// Short name (简称).
    pub short_zh: String,
    /// English name.
    pub name_en: String,
    /// Combat strength (战斗力).
    pub strength: u8,
    /// Attack (攻击力).
    pub attack: u8,
    /// Defence (防御力).
    pub defence: u8,
    /// Special ability.
    pub ability: Option<Ability>,
}

impl Leader {
    /// Name in the given language (the short name in Chinese, as orders use it).
    pub fn name(&self, lang: Lang) -> &str {
        match lang {
            Lang::Zh => &self.short_zh,
            Lang::En => &self.name_en,
        }
    }
}

/// The rule tables (`[rules]` of the data file, read straight into this), with units indexed
/// by [`UnitKind::index`] and orders by [`OrderType`]: the file keys them by unit code and order
/// key (`unit_caps = { F = 7, … }`), and a missing key is an error naming it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// Rounds in a game.
    pub rounds: u8,
    /// Castles (strongholds + cities) that win at once.
    pub castles_to_win: u8,
    /// Power tokens each house starts with.
    pub start_power: u8,
    /// Most power tokens a house may own (map + hand).
    pub max_power: u8,
    /// Cap of the wildling strength.
    pub wildlings_max: u8,
    /// Ships a port holds.
    pub port_capacity: u8,
    /// Fortifications on the whole map.
    pub max_fortifications: u8,
    /// Fortifications a house may build per round.
    pub max_fortifications_per_round: u8,
    /// Rested leaders return below this many available ones.
    pub leaders_available_min: u8,
    /// Supply table 表五: per effective barrel count, the maximum army sizes, largest first.
    pub supply: Vec<Vec<u8>>,
    /// Unit caps by [`UnitKind::index`] (keyed by unit code in the file).
    #[serde(deserialize_with = "keyed::per_unit")]
    pub unit_caps: [u8; 5],
    /// Mustering points by castle kind.
    pub muster_points: MusterPoints,
    /// Mustering cost by [`UnitKind::index`] (keyed by unit code in the file).
    #[serde(deserialize_with = "keyed::per_unit")]
    pub muster_cost: [u8; 5],
    /// Cost of upgrading F/A to K/E.
    pub upgrade_cost: u8,
    /// Normal orders per house and round, indexed like [`OrderType::ALL`] (keyed by
    /// [`OrderType::key`] in the file).
    #[serde(deserialize_with = "keyed::per_order")]
    pub order_limits: [u8; 5],
    /// Special orders by King's Court rank (index 0 = rank 1).
    pub special_orders_by_court_rank: Vec<u8>,
    /// Siege engines allowed in one army.
    pub max_army_sieges: u8,
}

/// Mustering points of a castle (004:L674).
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MusterPoints {
    /// A stronghold's points.
    pub stronghold: u8,
    /// A city's points.
    pub city: u8,
}

impl Rules {
    /// The army size limits for a number of effective barrels (表五), largest first.
    pub fn supply_limits(&self, barrels: u8) -> &[u8] {
        let i = (barrels as usize).min(self.supply.len().saturating_sub(1));
        self.supply.get(i).map(|v| v.as_slice()).unwrap_or(&[])
    }
    /// Normal-order limit for one order type.
    pub fn order_limit(&self, kind: OrderType) -> u8 {
        self.order_limits[kind as usize]
    }
    /// Special orders allowed at a King's Court rank (1-based).
    pub fn special_orders(&self, court_rank: usize) -> u8 {
        court_rank
            .checked_sub(1)
            .and_then(|i| self.special_orders_by_court_rank.get(i))
            .copied()
            .unwrap_or(0)
    }
}

/// The keys of the event cards a board's `[events]` table may name (004:L2392–L2446, L2638).
pub const EVENT_CARD_KEYS: &[&str] = &[
    "supply",
    "muster",
    "clash-of-kings",
    "game-of-thrones",
    "game-of-thrones-wildlings",
    "sea-of-storms",
    "feast-for-crows",
    "rains-of-autumn",
    "storm-of-swords",
    "wildling-attack",
    "rough-seas",
    "frozen-rivers",
    "last-days-of-summer",
    "throne-of-blades",
    "dark-wings",
    "punish-the-guilty",
];

/// `[events]` of the board: the cards of each category's bag, as keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventTables {
    /// One cycle of each bag: economic, political, military.
    pub bags: [Vec<String>; 3],
    /// Cards added to the military bag from `late_from` on, each at most once a game.
    pub late: Vec<String>,
    /// First round of the late cards (004:L2406).
    pub late_from: u8,
    /// The optional chooser card of each category (004:L2638).
    pub choosers: [String; 3],
}

/// A loaded, validated board.
#[derive(Clone, Debug)]
pub struct Board {
    /// Name of the board.
    pub name: String,
    /// Rule tables.
    pub rules: Rules,
    /// The event cards of the bags, as card keys (the rules turn them into cards).
    pub events: EventTables,
    /// Areas by id.
    pub areas: Vec<Area>,
    /// Houses by id.
    pub houses: Vec<House>,
    /// Leaders by id.
    pub leaders: Vec<Leader>,
    /// Starting tracks, rank 1 first: Iron Throne, Fiefdoms, King's Court.
    pub start_tracks: [Vec<HouseId>; 3],
    /// Lists of areas by what they have, made once when the board is loaded.
    pub index: BoardIndex,
}

/// Areas grouped by what they have, in id order, so that the rules need not scan every area.
#[derive(Clone, Debug, Default)]
pub struct BoardIndex {
    /// Provinces with a castle (stronghold or city).
    pub castles: Vec<AreaId>,
    /// Provinces with supply barrels.
    pub barrels: Vec<AreaId>,
    /// Ports, natural and temporary sites.
    pub ports: Vec<AreaId>,
    /// Temporary port sites.
    pub temporary_ports: Vec<AreaId>,
}

impl BoardIndex {
    /// The index of a list of areas.
    pub fn of(areas: &[Area]) -> BoardIndex {
        let ids = |f: &dyn Fn(&Area) -> bool| areas.iter().filter(|a| f(a)).map(|a| a.id).collect();
        BoardIndex {
            castles: ids(&|a| a.castle.is_some()),
            barrels: ids(&|a| a.barrels > 0),
            ports: ids(&|a| a.is_port()),
            temporary_ports: ids(&|a| a.is_port() && a.temporary),
        }
    }
}

impl Board {
    /// The board compiled into the binary.
    pub fn default_board() -> Result<Board, BoardError> {
        Board::from_toml(DEFAULT_BOARD_TOML)
    }

    /// An area by id.
    pub fn area(&self, id: AreaId) -> &Area {
        &self.areas[id.index()]
    }
    /// A house by id.
    pub fn house(&self, id: HouseId) -> &House {
        &self.houses[id.index()]
    }
    /// A leader by id.
    pub fn leader(&self, id: LeaderId) -> &Leader {
        &self.leaders[id.index()]
    }
    /// Area by its stable key.
    pub fn area_by_key(&self, key: &str) -> Option<AreaId> {
        self.areas.iter().find(|a| a.key == key).map(|a| a.id)
    }
    /// House by its stable key.
    pub fn house_by_key(&self, key: &str) -> Option<HouseId> {
        self.houses.iter().find(|h| h.key == key).map(|h| h.id)
    }
    /// All area ids.
    pub fn area_ids(&self) -> impl Iterator<Item = AreaId> + '_ {
        self.areas.iter().map(|a| a.id)
    }
    /// All house ids.
    pub fn house_ids(&self) -> impl Iterator<Item = HouseId> + '_ {
        self.houses.iter().map(|h| h.id)
    }
    /// Whether two areas share an ordinary border (or a bridge). Rivers and temporary ports are
    /// not included: the rules add them from the state of the game.
    pub fn adjacent(&self, a: AreaId, b: AreaId) -> bool {
        self.area(a).adjacent.binary_search(&b).is_ok()
    }
    /// Leaders of one house.
    pub fn leaders_of(&self, house: HouseId) -> impl Iterator<Item = &Leader> + '_ {
        self.leaders.iter().filter(move |l| l.house == house)
    }
    /// Every name and alias of every area (Chinese and English), for name lookup.
    pub fn area_names(&self) -> impl Iterator<Item = (&str, AreaId)> + '_ {
        self.areas.iter().flat_map(|a| {
            std::iter::once(a.name_zh.as_str())
                .chain(std::iter::once(a.name_en.as_str()))
                .chain(a.aliases_zh.iter().map(|s| s.as_str()))
                .chain(a.aliases_en.iter().map(|s| s.as_str()))
                .map(move |n| (n, a.id))
        })
    }
    /// Every name and alias of every house.
    pub fn house_names(&self) -> impl Iterator<Item = (&str, HouseId)> + '_ {
        self.houses.iter().flat_map(|h| {
            std::iter::once(h.name_zh.as_str())
                .chain(std::iter::once(h.name_en.as_str()))
                .chain(std::iter::once(h.key.as_str()))
                .chain(h.aliases_zh.iter().map(|s| s.as_str()))
                .chain(h.aliases_en.iter().map(|s| s.as_str()))
                .map(move |n| (n, h.id))
        })
    }
    /// Every name of every leader (full, short, English).
    pub fn leader_names(&self) -> impl Iterator<Item = (&str, LeaderId)> + '_ {
        self.leaders.iter().flat_map(|l| {
            [l.name_zh.as_str(), l.short_zh.as_str(), l.name_en.as_str()]
                .into_iter()
                .map(move |n| (n, l.id))
        })
    }
    /// The province a port belongs to, or the area itself.
    pub fn province_of(&self, a: AreaId) -> AreaId {
        self.area(a).port_of.unwrap_or(a)
    }
    /// Whether every area id exists on the board (ids from submissions are never trusted).
    pub fn has_areas(&self, ids: impl IntoIterator<Item = AreaId>) -> bool {
        ids.into_iter().all(|a| a.index() < self.areas.len())
    }
    /// The bank a pontoon in `area` reaches: the one named, or the only one the area offers.
    pub fn pontoon_bank(&self, area: AreaId, named: Option<AreaId>) -> Option<AreaId> {
        let targets = &self.area(area).pontoon_targets;
        match named {
            Some(b) => targets.contains(&b).then_some(b),
            None if targets.len() == 1 => targets.first().copied(),
            None => None,
        }
    }
}
