//! 事件阶段记录 in words: the sentences of the log of the rest of the round (events, supply,
//! mustering, bids, wildlings, building, leaders' rest and rewards, end of game), each with the
//! rule it followed, in Chinese and English. One rulebook chapter per file below `economy/`;
//! `Describe for EconomyEvent` sends each entry to its chapter.

mod bidding;
mod building;
mod endgame;
mod events;
mod leaders;
mod muster;
mod power;
mod supply;
mod wildlings;

use crate::Spelling;
use maester_board::{AreaId, Board, HouseId, Lang, LeaderId, UnitKind};
use maester_rules::log_events::*;
use maester_rules::units::Track;

/// A log entry of the rules as a sentence for the report.
pub trait Describe {
    /// The sentence for the report.
    fn describe(&self, board: &Board, lang: Lang) -> String;
}

fn unit(k: UnitKind, lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => k.name_zh(),
        Lang::En => k.name_en(),
    }
}

fn houses(board: &Board, v: &[HouseId], lang: Lang) -> String {
    v.iter()
        .map(|h| board.house(*h).name(lang).to_string())
        .collect::<Vec<_>>()
        .join(if lang == Lang::Zh { "、" } else { ", " })
}

/// What every chapter's sentences need: the board and the language, with the names they give.
struct Words<'a> {
    board: &'a Board,
    lang: Lang,
}

impl Words<'_> {
    fn h(&self, x: &HouseId) -> String {
        self.board.house(*x).name(self.lang).to_string()
    }

    fn a(&self, x: &AreaId) -> String {
        self.board.area(*x).name(self.lang).to_string()
    }

    fn l(&self, x: &LeaderId) -> String {
        self.board.leader(*x).name(self.lang).to_string()
    }

    fn t(&self, x: &Track) -> &'static str {
        track_name(*x, self.lang)
    }

    /// The King who decides, by name (empty when there is none).
    fn king(&self, x: &Option<HouseId>) -> String {
        x.map(|k| self.h(&k)).unwrap_or_default()
    }
}

impl Describe for EconomyEvent {
    /// The sentence for the report.
    fn describe(&self, board: &Board, lang: Lang) -> String {
        use EconomyEvent::*;
        let w = Words { board, lang };
        match self {
            EventsDrawn { .. }
            | WinterIsComing { .. }
            | EventAnnounced { .. }
            | WildlingPenaltyAnnounced { .. }
            | Postponed { .. }
            | WildlingsRise { .. }
            | EventChosen { .. } => events::text(self, &w),
            PowerGained { .. } | PowerSpent { .. } | ThroneIncome { .. } => power::text(self, &w),
            CaravanBarrels { .. } | SupplyRecount { .. } | Disbanded { .. } => {
                supply::text(self, &w)
            }
            Mustered { .. } | Upgraded { .. } | MusterSkipped { .. } => muster::text(self, &w),
            BidReduced { .. } | ClashBids { .. } | TieBroken { .. } | TrackSet { .. } => {
                bidding::text(self, &w)
            }
            WildlingBid { .. }
            | WildlingOutcome { .. }
            | WildlingsReset
            | WildlingRewardTo { .. }
            | WildlingWorst { .. }
            | WildlingRewardLapsed { .. }
            | WildlingPenalty { .. }
            | SpecialOrdersBanned { .. }
            | Downgraded { .. }
            | TrackDropped { .. } => wildlings::text(self, &w),
            FortificationDissolved { .. }
            | PortShipsLost { .. }
            | PortDestroyed { .. }
            | PortBuilt { .. }
            | PortDemolished { .. }
            | FortificationBuilt { .. }
            | BuildRefused { .. } => building::text(self, &w),
            LeaderRests { .. }
            | LeaderReturns { .. }
            | RewardLapsed { .. }
            | SentToRest { .. }
            | DoranSeized { .. }
            | DoranThroneTieBreak { .. } => leaders::text(self, &w),
            Standing { .. }
            | ExtraRound { .. }
            | GameOver { .. }
            | HouseNeutral { .. }
            | PlayerSubstituted { .. } => endgame::text(self, &w),
            NotCarriedOut { house, area, why } => Some(crate::log::dropped::sentence(
                board, lang, *house, *area, why,
            )),
        }
        .unwrap_or_default()
    }
}

/// Name of a track.
pub fn track_name(t: Track, lang: Lang) -> &'static str {
    crate::Named::name(t, lang)
}
