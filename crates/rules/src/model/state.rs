//! 游戏状态 The state of one game: everything on the board and on the tracks, serialisable.
//!
//! The state is plain data; the rule modules read it and return a new one. Area-indexed vectors
//! are indexed by [`AreaId::index`] of the board the game was created with.

pub use super::units::{LeaderStatus, Leaders, Track, TrackOrder, Unit, Units};
use maester_board::{AreaId, Board, HouseId, Order, UnitKind};
use serde::{Deserialize, Serialize};

impl Unit {
    /// A fresh unit.
    pub fn new(kind: UnitKind) -> Unit {
        Unit {
            kind,
            routed: false,
        }
    }
}

/// What lies in one area (`Copy`: copying the map is copying memory).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AreaState {
    /// The house whose units stand here (units of two houses never share an area).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub house: Option<HouseId>,
    /// The units.
    #[serde(default, skip_serializing_if = "Units::is_empty")]
    pub units: Units,
    /// 势力标志: a power token holding the province.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<HouseId>,
    /// 中立: strength of a neutral garrison still standing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub neutral: Option<u8>,
    /// 防御工事: a fortification built by this house.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fortification: Option<HouseId>,
    /// For a temporary port site: the sea it faces once built.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port_built: Option<AreaId>,
    /// The order placed here this round (public after the reveal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<Order>,
    /// A one-time order placed beside it this round (optional rule, 004:L2504).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub one_time: Option<super::one_time::PlacedOneTime>,
}

/// Per-house state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HouseState {
    /// Power tokens in hand (not on the map).
    pub power: u8,
    /// 有效木桶数: the supply level in force (changes only at a supply event).
    pub barrels: u8,
    /// Leader statuses, in board order of this house's leaders.
    pub leaders: Leaders,
    /// 中立化: the player left and the house turned neutral.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub neutral: bool,
}

/// The step of the round the game waits in (附录1), in the order a round goes through them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// 事件阶段 first window: disbanding, mustering, bids, reward claims, building (round ≥ 2).
    Events,
    /// 事件阶段 second window: the King's tie-breaks, wildling reward and penalty choices,
    /// muster revisions (the questions of the first window's resolution).
    EventsAnswers,
    /// 布置军事命令: secret order placement.
    Placement,
    /// 信鸦: the Raven holder may change one of his revealed orders (004:L1704).
    Raven,
    /// 制定执行方案: secret execution plans.
    Plan,
    /// 选择撤退区域: beaten forces with several equally good retreat areas.
    Retreat,
    /// The game is over.
    Finished,
}

impl Step {
    /// Every step, in round order.
    pub const ALL: [Step; 7] = [
        Step::Events,
        Step::EventsAnswers,
        Step::Placement,
        Step::Raven,
        Step::Plan,
        Step::Retreat,
        Step::Finished,
    ];
    /// Stable name used in configs, the store and mails.
    pub fn key(self) -> &'static str {
        match self {
            Step::Events => "events",
            Step::EventsAnswers => "events_answers",
            Step::Placement => "placement",
            Step::Raven => "raven",
            Step::Plan => "plan",
            Step::Retreat => "retreat",
            Step::Finished => "finished",
        }
    }
    /// The step of a stable key.
    pub fn from_key(key: &str) -> Option<Step> {
        Step::ALL.into_iter().find(|s| s.key() == key)
    }
}

/// The whole game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    /// Round 1..=10 (11 for a tie-break round).
    pub round: u8,
    /// The step that is open.
    pub step: Step,
    /// One entry per board area.
    pub areas: Vec<AreaState>,
    /// One entry per house.
    pub houses: Vec<HouseState>,
    /// The three tracks, rank 1 first.
    pub tracks: [TrackOrder; 3],
    /// 野人 wildling strength.
    pub wildlings: u8,
    /// Winner, once decided.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<HouseId>,
    /// Beaten forces whose retreat area the player chooses after the phase (step f, A-48).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending_retreats: Vec<PendingRetreat>,
    /// The event phase's state between rounds: event bags, pending rewards, last round's
    /// consolidate incomes, bans, the end-of-game result (`rules::economy`).
    #[serde(default)]
    pub economy: super::economy::EconomyState,
    /// The first window of the event phase in progress (its submissions and the questions they
    /// raise), kept while the second window (`Step::EventsAnswers`) is open (boxed: the state
    /// is moved and copied often, the window is there only between two steps).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event_window: Option<Box<super::window::EventWindow>>,
    /// The optional rules of 004 §七: whether the game uses them, one-time orders used, caravan
    /// barrels waiting for the next round.
    #[serde(default, skip_serializing_if = "super::one_time::OneTimeState::is_off")]
    pub one_time: super::one_time::OneTimeState,
}

/// A beaten force kept off the map until its player chooses among equally good retreat areas
/// (004:L2300 f, L2346; A-48). Without an answer the first candidate is taken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingRetreat {
    /// The house.
    pub house: HouseId,
    /// The area it was beaten in.
    pub from: AreaId,
    /// Its units (routed).
    pub units: Vec<UnitKind>,
    /// The areas left after rules a)–e), in board order; the first is the fallback.
    pub candidates: Vec<AreaId>,
}

impl GameState {
    /// Move the state out, leaving an empty one (no areas, no houses) in its place — for a
    /// caller that hands the state by value to a rule and puts the result back.
    pub fn take(&mut self) -> GameState {
        let empty = GameState {
            round: self.round,
            step: self.step,
            areas: Vec::new(),
            houses: Vec::new(),
            tracks: [TrackOrder::new(), TrackOrder::new(), TrackOrder::new()],
            wildlings: 0,
            winner: None,
            pending_retreats: Vec::new(),
            economy: Default::default(),
            event_window: None,
            one_time: Default::default(),
        };
        std::mem::replace(self, empty)
    }

    /// A new game set up by 表一/表二/表三 of the board: starting units, barrels, tracks,
    /// power tokens, neutral garrisons, all leaders available, wildlings 0, round 1 placement.
    pub fn new_game(board: &Board) -> GameState {
        let mut areas = vec![AreaState::default(); board.areas.len()];
        for a in &board.areas {
            areas[a.id.index()].neutral = a.neutral;
        }
        let mut houses = Vec::new();
        for h in &board.houses {
            let mut barrels = 0u8;
            for (area, units) in &h.start {
                let st = &mut areas[area.index()];
                st.house = Some(h.id);
                for (kind, n) in units {
                    for _ in 0..*n {
                        st.units.push(Unit::new(*kind));
                    }
                }
                barrels = barrels.saturating_add(board.area(*area).barrels);
            }
            houses.push(HouseState {
                power: board.rules.start_power,
                barrels,
                leaders: board
                    .leaders_of(h.id)
                    .map(|l| (l.id, LeaderStatus::Available))
                    .collect(),
                neutral: false,
            });
        }
        GameState {
            round: 1,
            step: Step::Placement,
            areas,
            houses,
            tracks: board.start_tracks.clone().map(Into::into),
            wildlings: 0,
            winner: None,
            pending_retreats: Vec::new(),
            economy: Default::default(),
            event_window: None,
            one_time: Default::default(),
        }
    }

    /// An area's state.
    pub fn area(&self, a: AreaId) -> &AreaState {
        &self.areas[a.index()]
    }
    /// An area's state, mutable.
    pub fn area_mut(&mut self, a: AreaId) -> &mut AreaState {
        &mut self.areas[a.index()]
    }
    /// A house's state.
    pub fn house(&self, h: HouseId) -> &HouseState {
        &self.houses[h.index()]
    }
    /// A house's state, mutable.
    pub fn house_mut(&mut self, h: HouseId) -> &mut HouseState {
        &mut self.houses[h.index()]
    }

    /// The house with units in the area.
    pub fn occupant(&self, a: AreaId) -> Option<HouseId> {
        let s = self.area(a);
        // A choice of two values rather than a branch: which areas hold units is not
        // predictable, and this runs for every area of many scans.
        [s.house, None][usize::from(s.units.is_empty())]
    }

    /// 控制: who controls a province — its units, else its power token, else the house whose
    /// home seat it is (004:L912–L945). Seas and ports: whoever has ships there.
    pub fn controller(&self, board: &Board, a: AreaId) -> Option<HouseId> {
        let s = self.area(a);
        // Choices of values rather than branches (see `occupant`): units, else nobody behind
        // a neutral garrison, else the token, else the home seat.
        let unheld = [s.token.or(board.area(a).home_of), None][usize::from(s.neutral.is_some())];
        self.occupant(a).or(unheld)
    }

    /// Rank (1-based) of a house on a track.
    pub fn rank(&self, track: Track, h: HouseId) -> usize {
        self.tracks[track as usize]
            .iter()
            .position(|x| *x == h)
            .map(|p| p + 1)
            .unwrap_or(usize::MAX)
    }

    /// Houses in Iron Throne order.
    pub fn throne_order(&self) -> &[HouseId] {
        &self.tracks[Track::IronThrone as usize]
    }

    /// Power tokens a house owns: in hand plus on the map (the 20 cap counts both, 004:L808).
    pub fn power_owned(&self, h: HouseId) -> u32 {
        let on_map = self.areas.iter().filter(|a| a.token == Some(h)).count() as u32;
        self.house(h).power as u32 + on_map
    }

    /// Add power tokens to a house's hand, respecting the cap on tokens owned. Returns
    /// the number lost to the cap.
    pub fn gain_power(&mut self, board: &Board, house: HouseId, n: u8) -> u8 {
        let owned = self.power_owned(house);
        let room = (board.rules.max_power as u32)
            .saturating_sub(owned)
            .min(n as u32) as u8;
        self.house_mut(house).power += room;
        n - room
    }

    /// Number of units of a kind a house has on the map.
    pub fn unit_count(&self, h: HouseId, kind: UnitKind) -> usize {
        let mut n = 0;
        for a in self.areas.iter().filter(|a| a.house == Some(h)) {
            n += a.units.iter().filter(|u| u.kind == kind).count();
        }
        n
    }

    /// Castles (strongholds and cities) a house controls.
    pub fn castles(&self, board: &Board, h: HouseId) -> usize {
        board
            .index
            .castles
            .iter()
            .filter(|&&a| self.controller(board, a) == Some(h))
            .count()
    }

    /// [`castles`](Self::castles) of every house in one pass over the castle areas, indexed by
    /// [`HouseId::index`].
    pub fn castle_counts(&self, board: &Board) -> Vec<usize> {
        let houses = board.houses.len();
        // One slot more for castles nobody controls (counted without a branch, then dropped).
        let mut n = vec![0usize; houses + 1];
        for &a in &board.index.castles {
            let i = self
                .controller(board, a)
                .map_or(houses, |h| h.index().min(houses));
            n[i] += 1;
        }
        n.truncate(houses);
        n
    }

    /// Barrels in the areas a house controls (the count a supply event would take).
    pub fn barrels_controlled(&self, board: &Board, h: HouseId) -> u8 {
        board
            .index
            .barrels
            .iter()
            .map(|&a| {
                let mine = h.is(self.controller(board, a));
                board.area(a).barrels * u8::from(mine)
            })
            .fold(0u8, |s, b| s.saturating_add(b))
    }

    /// Whether a port area exists now: natural ports always, temporary sites once built.
    pub fn port_exists(&self, board: &Board, port: AreaId) -> bool {
        let a = board.area(port);
        a.is_port() && (!a.temporary || self.area(port).port_built.is_some())
    }

    /// The sea a port faces now.
    pub fn port_sea(&self, board: &Board, port: AreaId) -> Option<AreaId> {
        let a = board.area(port);
        if a.temporary {
            self.area(port).port_built
        } else {
            a.port_seas.first().copied()
        }
    }

    /// Ordinary adjacency in this state: the board's borders plus built temporary ports.
    /// Rivers stay closed (frozen rivers and pontoons are added by the military rules).
    pub fn adjacent(&self, board: &Board, a: AreaId, b: AreaId) -> bool {
        if board.adjacent(a, b) {
            return true;
        }
        let linked = |port: AreaId, other: AreaId| {
            board.area(port).temporary
                && self.port_exists(board, port)
                && (board.area(port).port_of == Some(other)
                    || self.port_sea(board, port) == Some(other))
        };
        linked(a, b) || linked(b, a)
    }

    /// All areas adjacent to `a` in this state, in id order.
    pub fn neighbours(&self, board: &Board, a: AreaId) -> Vec<AreaId> {
        // The board's borders, then what built temporary ports add (from either side).
        let mut out = board.area(a).adjacent.clone();
        let before = out.len();
        let area = board.area(a);
        if area.temporary && self.port_exists(board, a) {
            out.extend(area.port_of);
            out.extend(self.port_sea(board, a));
        }
        // A temporary site exists once built, and faces the sea it was built on.
        for &p in &board.index.temporary_ports {
            if let Some(sea) = self.area(p).port_built
                && (sea == a || board.area(p).port_of == Some(a))
            {
                out.push(p);
            }
        }
        // The board's own borders are checked at load (no area borders itself, every id is an
        // area); only what the ports added needs sorting and filtering.
        if out.len() > before {
            out.sort_unstable();
            out.dedup();
            out.retain(|&b| b != a && b.index() < board.areas.len());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> (Board, GameState) {
        let w = crate::tests::kit_events::start();
        (w.b, w.s)
    }

    fn id(b: &Board, key: &str) -> AreaId {
        match b.area_by_key(key) {
            Some(a) => a,
            None => panic!("no area {key}"),
        }
    }

    #[test]
    fn new_game_table_1_starting_units() {
        let (b, s) = setup();
        let codes = |key: &str| -> String {
            let mut c: Vec<char> = s
                .area(id(&b, key))
                .units
                .iter()
                .map(|u| u.kind.code())
                .collect();
            c.sort();
            c.into_iter().collect()
        };
        assert_eq!(codes("winterfell"), "FK");
        assert_eq!(
            codes("stoney-sept"),
            "A",
            "variant: Lannister archer at Stoney Sept (D7)"
        );
        assert_eq!(codes("port-of-dragonstone"), "S");
        assert_eq!(
            codes("port-of-lannisport"),
            "",
            "variant: no Lannister port ship (D7)"
        );
        let units: usize = s.areas.iter().map(|a| a.units.len()).sum();
        assert_eq!(
            units,
            2 + 1 + 1 + 2 + 1 + 1 + 1 + 2 + 1 + 1 + 2 + 1 + 1 + 1 + 2 + 1 + 1 + 2 + 1 + 1
        );
    }

    #[test]
    fn new_game_table_2_barrels_and_table_3_tracks_and_five_tokens() {
        let (b, s) = setup();
        let barrels: Vec<u8> = s.houses.iter().map(|h| h.barrels).collect();
        assert_eq!(barrels, [1, 2, 2, 2, 2, 2]);
        assert!(
            s.houses
                .iter()
                .all(|h| h.power == 5 && h.leaders.len() == 7)
        );
        assert_eq!(s.tracks, b.start_tracks);
        assert_eq!(s.wildlings, 0);
        assert_eq!(s.area(id(&b, "the-eyrie")).neutral, Some(6));
        assert_eq!(s.area(id(&b, "kings-landing")).neutral, Some(5));
    }

    #[test]
    fn home_seat_controlled_by_its_house_when_empty_004_l945() {
        let (b, mut s) = setup();
        let wf = id(&b, "winterfell");
        s.area_mut(wf).units.clear();
        s.area_mut(wf).house = None;
        assert_eq!(
            s.controller(&b, wf).map(|h| b.house(h).key.clone()),
            Some("stark".into())
        );
    }

    #[test]
    fn temporary_port_is_adjacent_only_once_built() {
        let (b, mut s) = setup();
        let port = id(&b, "port-of-seagard");
        let sea = id(&b, "ironmans-bay");
        assert!(!s.adjacent(&b, port, sea));
        s.area_mut(port).port_built = Some(sea);
        assert!(s.adjacent(&b, port, sea) && s.adjacent(&b, sea, port));
        assert!(s.adjacent(&b, port, id(&b, "seagard")));
    }

    #[test]
    fn state_round_trips_through_json() {
        let (_, s) = setup();
        let text = match serde_json::to_string(&s) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        };
        let back: GameState = match serde_json::from_str(&text) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(back, s);
    }
}
