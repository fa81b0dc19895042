//! The common words of every chapter: units, names, lists.

use crate::Spelling;
use maester_board::{AreaId, Board, HouseId, Lang, LeaderId, UnitKind};

pub use crate::plural::count_en;

/// Units as words: `骑士×1 步兵×2` / `1 knight, 2 footmen`.
pub fn units(kinds: &[UnitKind], lang: Lang) -> String {
    let mut out = Vec::new();
    for k in UnitKind::ALL {
        let n = kinds.iter().filter(|x| **x == k).count();
        if n == 0 {
            continue;
        }
        out.push(match lang {
            Lang::Zh => format!("{}×{}", k.name_zh(), n),
            Lang::En => {
                let name = k.name_en();
                if n == 1 {
                    format!("1 {name}")
                } else if name == "footman" {
                    format!("{n} footmen")
                } else {
                    format!("{n} {name}s")
                }
            }
        });
    }
    if out.is_empty() {
        return match lang {
            Lang::Zh => "无".into(),
            Lang::En => "none".into(),
        };
    }
    match lang {
        Lang::Zh => out.join(" "),
        Lang::En => out.join(", "),
    }
}

/// Units in the rulebook's code notation: `1K2F`.
pub fn codes(kinds: &[UnitKind]) -> String {
    let mut s = String::new();
    for k in UnitKind::ALL {
        let n = kinds.iter().filter(|x| **x == k).count();
        if n > 0 {
            s.push_str(&format!("{n}{}", k.code()));
        }
    }
    s
}

pub(super) struct W<'a> {
    pub(super) b: &'a Board,
    pub(super) l: Lang,
}

impl W<'_> {
    pub(super) fn a(&self, a: AreaId) -> &str {
        self.b.area(a).name(self.l)
    }
    pub(super) fn h(&self, h: HouseId) -> &str {
        self.b.house(h).name(self.l)
    }
    pub(super) fn zh(&self) -> bool {
        self.l == Lang::Zh
    }
    pub(super) fn ld(&self, l: LeaderId) -> &str {
        self.b.leader(l).name(self.l)
    }
    pub(super) fn hs(&self, hs: &[HouseId]) -> String {
        let v: Vec<&str> = hs.iter().map(|h| self.h(*h)).collect();
        v.join(if self.zh() { "、" } else { ", " })
    }
    pub(super) fn areas(&self, xs: &[AreaId]) -> String {
        let v: Vec<&str> = xs.iter().map(|a| self.a(*a)).collect();
        v.join(if self.zh() { "、" } else { ", " })
    }
    pub(super) fn unit(&self, k: UnitKind) -> &'static str {
        if self.zh() { k.name_zh() } else { k.name_en() }
    }
}
