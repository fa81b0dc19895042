//! The log in words: every event of a resolution as a sentence a careful GM would write, in
//! Chinese or English, with the rule it follows.
//!
//! This file holds the common words (units, names) and `event`, which sends each event to the
//! file below `words/` for its chapter of the rulebook.

mod aftermath;
mod battle;
mod common;
mod consolidate;
pub(crate) mod dropped;
mod leaders;
mod march;
pub mod one_time;
mod plan;
mod raid;
mod retreat;
mod support;

use maester_board::{Board, Lang};
use maester_rules::log::Event;

pub use aftermath::aftermath;
use common::W;
pub use common::{codes, count_en, units};

/// One event as a sentence.
pub fn event(board: &Board, lang: Lang, e: &Event) -> String {
    let w = W { b: board, l: lang };
    match e {
        Event::OneTime(o) => Some(one_time::describe(board, lang, o)),
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
        Event::Ability { .. } | Event::LeaderIgnored { .. } | Event::DistrictEnded { .. } => {
            leaders::text(&w, e)
        }
        Event::Retreated { .. } | Event::RetreatPending { .. } | Event::ShipsCaptured { .. } => {
            retreat::text(&w, e)
        }
        Event::Consolidated { .. }
        | Event::ConsolidateFailed { .. }
        | Event::FortificationGone { .. }
        | Event::Fortified { .. }
        | Event::FortifyRefused { .. } => consolidate::text(&w, e),
        Event::NotCarriedOut { .. } => dropped::text(&w, e),
    }
    .unwrap_or_default()
}

/// The adjudication of a step as the report lists it: the Raven's change first (house, area,
/// old order, new order), then every event with, after each battle, what became of both sides.
/// The players' reports and the public record (forum post, web site) both read it.
pub fn adjudication(
    board: &Board,
    lang: Lang,
    raven: Option<(
        maester_board::HouseId,
        maester_board::AreaId,
        maester_board::Order,
        maester_board::Order,
    )>,
    log: &[Event],
) -> Vec<String> {
    let mut out = Vec::new();
    if let Some((h, a, old, new)) = raven {
        let (hn, an) = (board.house(h).name(lang), board.area(a).name(lang));
        out.push(crate::report_lines::raven_used(hn, an, old, new, lang));
    }
    for (i, e) in log.iter().enumerate() {
        out.push(event(board, lang, e));
        out.extend(aftermath(board, lang, log, i));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use maester_board::{AreaId, HouseId, LeaderId, Order, OrderType, UnitKind};
    use maester_rules::log::{
        AbilityEffect, AfterDistrict, DistrictEnd, FortifyProblem, LeaderProblem, Unfulfilled,
    };

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
            Event::DistrictEnded {
                house: h,
                leader: l,
                area: a,
                why: DistrictEnd::Taken(HouseId(1)),
                after: AfterDistrict::Defends(AreaId(1)),
            },
            Event::DistrictEnded {
                house: h,
                leader: l,
                area: a,
                why: DistrictEnd::Emptied,
                after: AfterDistrict::Retreated(None),
            },
        ];
        for why in [
            Unfulfilled::TokenNoneInHand,
            Unfulfilled::TokenUnitsStayed,
            Unfulfilled::TokenNotMoved,
            Unfulfilled::TokenAtSea,
            Unfulfilled::FortifyNoOrder,
            Unfulfilled::SwordUnused,
            Unfulfilled::SwordAgainstNeutral,
            Unfulfilled::SupportRouted,
            Unfulfilled::RaidNoTarget,
            Unfulfilled::MarchNotInPlan,
        ] {
            events.push(Event::NotCarriedOut {
                house: h,
                area: a,
                why,
            });
        }
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
