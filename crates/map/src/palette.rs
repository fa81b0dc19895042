//! The colours of the picture. A house's colour is chosen by its key (the six houses of the
//! board); a house an edited board adds gets one of the spare colours by its index.

use maester_board::{AreaKind, Board, HouseId};

/// An RGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
    /// Mixed with `other`, `t` of the way (0.0 = self, 1.0 = other).
    pub fn mix(self, other: Rgb, t: f64) -> Rgb {
        let m = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * t).round() as u8;
        Rgb(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2))
    }
    /// Whether dark text reads better on it than light text.
    pub fn is_light(self) -> bool {
        (299 * self.0 as u32 + 587 * self.1 as u32 + 114 * self.2 as u32) / 1000 > 150
    }
}

/// Land nobody holds.
pub const LAND: Rgb = Rgb(0xef, 0xe6, 0xcf);
/// Sea nobody holds.
pub const SEA: Rgb = Rgb(0xa9, 0xc8, 0xe0);
/// Neutral garrisons.
pub const NEUTRAL: Rgb = Rgb(0x8a, 0x84, 0x7a);
/// Ink: borders and text.
pub const INK: Rgb = Rgb(0x26, 0x22, 0x1c);
/// White.
pub const WHITE: Rgb = Rgb(0xff, 0xff, 0xff);
/// The panel's background.
pub const PANEL: Rgb = Rgb(0xf7, 0xf3, 0xea);

const SPARE: [Rgb; 4] = [
    Rgb(0x6a, 0x3d, 0x9a),
    Rgb(0x1f, 0x78, 0xb4),
    Rgb(0xb1, 0x59, 0x28),
    Rgb(0x99, 0x99, 0x33),
];

/// A house's own (strong) colour: its units, tokens and arrows.
pub fn house(board: &Board, h: HouseId) -> Rgb {
    match board.house(h).key.as_str() {
        "stark" => Rgb(0x9a, 0xa3, 0xad),
        "greyjoy" => Rgb(0x2b, 0x2b, 0x2b),
        "lannister" => Rgb(0xb3, 0x1b, 0x1b),
        "baratheon" => Rgb(0xe0, 0xb1, 0x0b),
        "tyrell" => Rgb(0x2e, 0x8b, 0x3a),
        "martell" => Rgb(0xe0, 0x6c, 0x10),
        _ => SPARE[h.index() % SPARE.len()],
    }
}

/// The fill of an area: its controller's colour, lighter on land; on a sea the sea's blue
/// tinted with it (so land and sea stay apart); the plain land or sea colour when nobody holds it.
pub fn area_fill(board: &Board, kind: AreaKind, holder: Option<HouseId>) -> Rgb {
    match (kind, holder) {
        (AreaKind::Sea, None) => SEA,
        (_, None) => LAND,
        // Mostly sea: a sea held by a dark or warm house must still read as water.
        (AreaKind::Sea, Some(h)) => SEA.mix(house(board, h), 0.08),
        (_, Some(h)) => house(board, h).mix(WHITE, 0.45),
    }
}
