//! The board and its names by key, for the text tests.
#![allow(dead_code)]

use maester_board::{AreaId, Board, HouseId, LeaderId};

/// The default board with lookups by key.
pub struct W {
    /// The board.
    pub b: Board,
}

/// The default board.
pub fn start() -> W {
    match Board::default_board() {
        Ok(b) => W { b },
        Err(e) => panic!("{e}"),
    }
}

impl W {
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
    pub fn l(&self, name_en: &str) -> LeaderId {
        self.b
            .leaders
            .iter()
            .find(|l| l.name_en == name_en)
            .map(|l| l.id)
            .unwrap_or_else(|| panic!("no leader {name_en}"))
    }
}
