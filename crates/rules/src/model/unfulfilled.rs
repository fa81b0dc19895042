//! A request a house made that the rules could not carry out, with the rule that says why: the
//! military log (`log::Event::NotCarriedOut`) and the event phase's log
//! (`log_events::EconomyEvent::NotCarriedOut`) both carry it, so it sits below both.

use maester_board::UnitKind;
use serde::{Deserialize, Serialize};

/// A plan's request that could not be carried out (`Event::NotCarriedOut`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Unfulfilled {
    /// A power token to leave behind, but none was in hand when the units left (004:L912).
    TokenNoneInHand,
    /// A power token to leave behind, but units of the house are still there.
    TokenUnitsStayed,
    /// A power token to leave behind, but the march did not move out (004:L916).
    TokenNotMoved,
    /// A power token to leave behind on a sea: tokens go on land only (004:L914).
    TokenAtSea,
    /// A fortification asked for where no consolidate order was left to give it (004:L1080).
    FortifyNoOrder,
    /// The sword given to an army that fought no battle of its own this round (004:L1737).
    SwordUnused,
    /// The sword given to an army whose battle was against neutral forces (a house that has
    /// left, a neutral garrison): it cannot be used there (004:L2260, L1744).
    SwordAgainstNeutral,
    /// A support order whose units are all routed: it gives no support (004:L2323).
    SupportRouted,
    /// A raid order the house's plan gives no target: it is not executed (004:L1753).
    RaidNoTarget,
    /// A march order the house's plan names in no step: its units stay (004:L1753).
    MarchNotInPlan,
    /// A knight to downgrade (wildling penalty) into this unit, whose units are all on the
    /// map when its turn comes: the house's whole choice gives way to the defaults.
    DowngradeAtCap(UnitKind),
}

impl Unfulfilled {
    /// The rule it follows.
    pub fn rule(&self) -> &'static str {
        match self {
            Unfulfilled::TokenNoneInHand => "004:L912",
            Unfulfilled::TokenUnitsStayed => "A-35",
            Unfulfilled::TokenNotMoved => "004:L916",
            Unfulfilled::TokenAtSea => "004:L914",
            Unfulfilled::FortifyNoOrder => "004:L1080",
            Unfulfilled::SwordUnused => "004:L1737",
            Unfulfilled::SwordAgainstNeutral => "004:L2260, L1744",
            Unfulfilled::SupportRouted => "004:L2323",
            Unfulfilled::RaidNoTarget | Unfulfilled::MarchNotInPlan => "004:L1753",
            Unfulfilled::DowngradeAtCap(_) => "A-66",
        }
    }
}
