//! Small copyable identifiers for the things on the board, and the unit and order kinds.
//!
//! Ids are indices into the tables of a loaded [`super::Board`]; they are only meaningful
//! together with the board they came from.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The most houses a board may have: the game state keeps each influence track in a list of
/// this fixed capacity (a game has 6).
pub const MAX_HOUSES: usize = 8;

/// The most leaders one house may have: the game state keeps a house's leaders in a list of
/// this fixed capacity (a house has 7).
pub const MAX_LEADERS: usize = 8;

/// An area (区域): a land province, a sea or a port. Index into `Board::areas`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct AreaId(pub u16);

/// A great house (家族). Index into `Board::houses`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct HouseId(pub u8);

/// A leader (家族将领). Index into `Board::leaders`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct LeaderId(pub u8);

impl AreaId {
    /// The index into `Board::areas`.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
impl HouseId {
    /// Whether `other` is this house, compared as numbers: no branch on whether there is a
    /// house (the scans of the map ask this of every area, in no predictable pattern).
    pub fn is(self, other: Option<HouseId>) -> bool {
        other.map_or(usize::MAX, |h| h.index()) == self.index()
    }
    /// The index into `Board::houses`.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
impl LeaderId {
    /// The index into `Board::leaders`.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A unit type (军种). The letter codes are the rulebook's: S K F E A.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum UnitKind {
    /// 步兵 footman.
    Footman,
    /// 骑士 knight.
    Knight,
    /// 战舰 ship.
    Ship,
    /// 攻城车 siege engine.
    Siege,
    /// 弓箭手 archer.
    Archer,
}

impl UnitKind {
    /// All kinds, in the order the rulebook lists mustering costs.
    pub const ALL: [UnitKind; 5] = [
        UnitKind::Footman,
        UnitKind::Knight,
        UnitKind::Ship,
        UnitKind::Siege,
        UnitKind::Archer,
    ];

    /// The rulebook's one-letter code.
    pub fn code(self) -> char {
        match self {
            UnitKind::Footman => 'F',
            UnitKind::Knight => 'K',
            UnitKind::Ship => 'S',
            UnitKind::Siege => 'E',
            UnitKind::Archer => 'A',
        }
    }

    /// Parse a one-letter code (case-insensitive).
    pub fn from_code(c: char) -> Option<UnitKind> {
        match c.to_ascii_uppercase() {
            'F' => Some(UnitKind::Footman),
            'K' => Some(UnitKind::Knight),
            'S' => Some(UnitKind::Ship),
            'E' => Some(UnitKind::Siege),
            'A' => Some(UnitKind::Archer),
            _ => None,
        }
    }

    /// The stable English key of the kind (the board file's checks name it so; the player's
    /// words for it are `maester_lang::vocab`).
    pub fn key(self) -> &'static str {
        match self {
            UnitKind::Footman => "footman",
            UnitKind::Knight => "knight",
            UnitKind::Ship => "ship",
            UnitKind::Siege => "siege engine",
            UnitKind::Archer => "archer",
        }
    }

    /// Whether the unit moves on land (every kind but ships).
    pub fn is_land(self) -> bool {
        self != UnitKind::Ship
    }

    /// Index 0..5 in [`UnitKind::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for UnitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.code())
    }
}

/// The five order types (军事命令) a house places on an area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum OrderType {
    /// 行军 march.
    March,
    /// 防守 defence.
    Defence,
    /// 支援 support.
    Support,
    /// 突袭 raid.
    Raid,
    /// 巩固统治 consolidate power.
    Consolidate,
}

impl OrderType {
    /// All order types.
    pub const ALL: [OrderType; 5] = [
        OrderType::March,
        OrderType::Defence,
        OrderType::Support,
        OrderType::Raid,
        OrderType::Consolidate,
    ];

    /// The key of the order type in the board file (`[rules.order_limits]`).
    pub fn key(self) -> &'static str {
        match self {
            OrderType::March => "march",
            OrderType::Defence => "defence",
            OrderType::Support => "support",
            OrderType::Raid => "raid",
            OrderType::Consolidate => "consolidate",
        }
    }

    /// The bonus written after the special version (行军+1, 防守+2, …).
    pub fn special_bonus(self) -> u8 {
        match self {
            OrderType::Defence => 2,
            _ => 1,
        }
    }
}

/// An order token placed on an area: a type, and whether it is the special (starred) version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Order {
    /// The order type.
    pub kind: OrderType,
    /// Whether this is the special order (行军+1, 防守+2, 支援+1, 突袭+1, 巩固统治+1).
    pub special: bool,
}

#[cfg(test)]
mod tests {
    use super::HouseId;

    #[test]
    fn a_house_is_itself_and_neither_another_nor_nobody() {
        let (a, b) = (HouseId(0), HouseId(5));
        assert!(a.is(Some(a)) && b.is(Some(b)));
        assert!(!a.is(Some(b)) && !b.is(Some(a)));
        assert!(!a.is(None) && !b.is(None));
        assert!(!HouseId(u8::MAX).is(None), "no index stands for nobody");
    }
}
