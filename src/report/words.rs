//! The log in words: every event of a resolution as a sentence a careful GM would write, in
//! Chinese or English, with the rule it follows.
//!
//! This file holds the common words (units, names) and `event`, which sends each event to the
//! file below `words/` for its chapter of the rulebook.

mod battle;
mod consolidate;
mod leaders;
mod march;
mod plan;
mod raid;
mod retreat;
mod support;

use crate::board::{AreaId, Board, HouseId, Lang, LeaderId, UnitKind};
use crate::rules::log::Event;

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

struct W<'a> {
    b: &'a Board,
    l: Lang,
}

impl W<'_> {
    fn a(&self, a: AreaId) -> &str {
        self.b.area(a).name(self.l)
    }
    fn h(&self, h: HouseId) -> &str {
        self.b.house(h).name(self.l)
    }
    fn zh(&self) -> bool {
        self.l == Lang::Zh
    }
    fn ld(&self, l: LeaderId) -> &str {
        self.b.leader(l).name(self.l)
    }
    fn hs(&self, hs: &[HouseId]) -> String {
        let v: Vec<&str> = hs.iter().map(|h| self.h(*h)).collect();
        v.join(if self.zh() { "、" } else { ", " })
    }
    fn areas(&self, xs: &[AreaId]) -> String {
        let v: Vec<&str> = xs.iter().map(|a| self.a(*a)).collect();
        v.join(if self.zh() { "、" } else { ", " })
    }
    fn unit(&self, k: UnitKind) -> &'static str {
        if self.zh() { k.name_zh() } else { k.name_en() }
    }
}

/// One event as a sentence.
pub fn event(board: &Board, lang: Lang, e: &Event) -> String {
    let w = W { b: board, l: lang };
    match e {
        Event::OneTime(o) => Some(super::words_one_time::describe(board, lang, o)),
        Event::Raided { .. } => raid::text(&w, e),
        Event::Skipped { .. }
        | Event::StepChosen { .. }
        | Event::StepSkipped { .. }
        | Event::PlanRejected { .. } => plan::text(&w, e),
        Event::Moved { .. }
        | Event::TokenRemoved { .. }
        | Event::TokenPlaced { .. }
        | Event::HomeSeatReverted { .. }
        | Event::Victory { .. } => march::text(&w, e),
        Event::Transported { .. }
        | Event::SupportRefused { .. }
        | Event::SupportWithheld { .. } => support::text(&w, e),
        Event::Battle(_)
        | Event::Destroyed { .. }
        | Event::NeutralBeaten { .. }
        | Event::Sword { .. }
        | Event::SwordReassigned { .. } => battle::text(&w, e),
        Event::Ability { .. } | Event::LeaderIgnored { .. } => leaders::text(&w, e),
        Event::Retreated { .. } | Event::RetreatPending { .. } | Event::ShipsCaptured { .. } => {
            retreat::text(&w, e)
        }
        Event::Consolidated { .. }
        | Event::ConsolidateFailed { .. }
        | Event::FortificationGone { .. }
        | Event::Fortified { .. }
        | Event::FortifyRefused { .. } => consolidate::text(&w, e),
    }
    .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{LeaderId, Order, OrderType};
    use crate::rules::log::{AbilityEffect, FortifyProblem, LeaderProblem};

    #[test]
    fn every_military_event_reads_as_a_sentence_in_both_languages() {
        let b = match Board::default_board() {
            Ok(b) => b,
            Err(e) => panic!("{e}"),
        };
        let (h, a, l) = (HouseId(0), AreaId(0), LeaderId(0));
        let o = Order {
            kind: OrderType::Support,
            special: false,
        };
        let mut events = vec![
            Event::StepChosen {
                house: h,
                step: 1,
                alternative: 2,
                fallback: false,
            },
            Event::StepSkipped { house: h, step: 2 },
            Event::Transported {
                house: h,
                from: a,
                to: a,
                carriers: vec![HouseId(1)],
            },
            Event::SupportRefused {
                house: h,
                supporter: HouseId(1),
                from: a,
                battle: a,
            },
            Event::SupportWithheld {
                house: h,
                from: a,
                battle: a,
            },
            Event::LeaderIgnored {
                house: h,
                leader: l,
                why: LeaderProblem::Resting,
            },
            Event::Sword {
                house: h,
                area: a,
                assigned: true,
            },
            Event::SwordReassigned { house: h, area: a },
            Event::ShipsCaptured {
                from: h,
                to: HouseId(1),
                port: a,
                units: vec![UnitKind::Ship],
            },
            Event::RetreatPending {
                house: h,
                from: a,
                units: vec![UnitKind::Footman],
                candidates: vec![a, AreaId(1)],
            },
            Event::Fortified { house: h, area: a },
            Event::FortifyRefused {
                house: h,
                area: a,
                why: FortifyProblem::MapLimit,
            },
            Event::HomeSeatReverted { house: h, area: a },
            Event::PlanRejected { house: h },
        ];
        for effect in [
            AbilityEffect::SetValue(UnitKind::Knight, 3),
            AbilityEffect::Killed(h, a, UnitKind::Footman),
            AbilityEffect::Upgraded(a, UnitKind::Archer),
            AbilityEffect::IgnoredSupport(a),
            AbilityEffect::CancelledDefence(a),
            AbilityEffect::Blocked(l),
            AbilityEffect::ZeroedLeader(l),
            AbilityEffect::ZeroedShips,
            AbilityEffect::DoubledDefence,
            AbilityEffect::Tokens(2),
            AbilityEffect::CancelledOrder(h, a, o),
            AbilityEffect::Reward,
            AbilityEffect::NoEffect,
        ] {
            events.push(Event::Ability {
                house: h,
                leader: l,
                area: a,
                effect,
            });
        }
        for e in &events {
            let zh = event(&b, Lang::Zh, e);
            let en = event(&b, Lang::En, e);
            assert!(zh.ends_with('。') && en.ends_with('.'), "{zh} / {en}");
            assert!(!zh.contains('{') && !en.contains('{'), "{zh} / {en}");
            assert!(!zh.is_ascii(), "{zh}");
        }
    }
}
