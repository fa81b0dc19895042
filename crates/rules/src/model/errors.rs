//! The rule errors that the log carries as data (a build or muster refused in the event
//! phase). Their sentences are written where the rules are (`build`, `muster`).

use maester_board::{AreaId, UnitKind};
use serde::{Deserialize, Serialize};

/// Why a building is refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BuildError {
    /// Only in a province the house controls (004:L1034, A-60).
    NotControlled(AreaId),
    /// The province has no temporary port site, or it is built already (004:L989).
    NoPortSite(AreaId),
    /// The site faces several seas: name one (004:L1038).
    NeedSea {
        /// The province.
        province: AreaId,
        /// Its seas.
        options: Vec<AreaId>,
    },
    /// The sea named is not on that site's coast (004:L996; D6).
    SeaNotOnCoast {
        /// The province.
        province: AreaId,
        /// The sea named.
        sea: AreaId,
        /// The seas it may face.
        options: Vec<AreaId>,
    },
    /// Not enough tokens in hand.
    Tokens {
        /// Needed.
        cost: u8,
        /// In hand.
        hand: u8,
    },
    /// Only an own temporary port with no ships can be pulled down (004:L1060).
    CannotDemolish(AreaId),
    /// No successful consolidate power there last round (004:L1076, A-58).
    NoIncome(AreaId),
    /// A fortification needs a footman or archer there (004:L1078).
    NeedsFootOrArcher(AreaId),
    /// One fortification per province (004:L1082).
    AlreadyFortified(AreaId),
    /// Nine fortifications on the map already (004:L1082).
    MapFull(u8),
    /// At most four fortifications a round (004:L1080).
    TooManyForts(u8),
    /// Not in order placement after a Mustering event (004:L1712).
    AfterMuster,
    /// An area the board does not have.
    UnknownArea,
}

impl BuildError {
    /// The rule the refusal follows ("004:L1691": line 1691 of the rulebook, "A-45": answer
    /// 45 of the FAQ), "" where the rulebook has no line for it. Words cite it.
    pub fn rule(&self) -> &'static str {
        match self {
            BuildError::NotControlled(..) => "004:L1034",
            BuildError::NoPortSite(..) => "004:L989",
            BuildError::NeedSea { .. } => "004:L1038",
            BuildError::SeaNotOnCoast { .. } => "004:L996",
            BuildError::Tokens { .. } => "004:L1036",
            BuildError::CannotDemolish(..) => "004:L1060",
            BuildError::NoIncome(..) => "004:L1076, A-58",
            BuildError::NeedsFootOrArcher(..) => "004:L1078",
            BuildError::AlreadyFortified(..) => "004:L1082",
            BuildError::MapFull(..) => "004:L1082",
            BuildError::TooManyForts(..) => "004:L1080",
            BuildError::AfterMuster => "004:L1712",
            BuildError::UnknownArea => "",
        }
    }
}

/// Why a muster item is not accepted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MusterError {
    /// The area has no city or stronghold (004:L674).
    NotACastle(AreaId),
    /// The house does not control the castle (004:L920).
    NotControlled(AreaId),
    /// More points spent at a castle than it has (004:L674, L751).
    TooManyPoints {
        /// The castle.
        castle: AreaId,
        /// Points spent by the plan.
        spent: u8,
        /// Points it has in this mustering.
        points: u8,
    },
    /// Ships are mustered with the ship action, naming where they go.
    ShipNeedsPlace,
    /// Only footmen and archers upgrade, only to knights or siege engines (004:L739).
    BadUpgrade(UnitKind, UnitKind),
    /// No such unit of the house stands in the castle's province to upgrade (004:L739).
    NothingToUpgrade(AreaId, UnitKind),
    /// No placement listed for a ship.
    NoPlacement(AreaId),
    /// A ship placement that is neither a sea next to the castle nor its port (004:L755).
    NotOnCoast {
        /// The castle.
        castle: AreaId,
        /// The area named.
        area: AreaId,
    },
    /// New ships go only into ports that existed before this round began (004:L761, T-15).
    PortNotReady(AreaId),
    /// No listed placement can take the ship: other houses' ships in the sea, or a full port.
    NoFreePlacement(AreaId),
    /// The unit cap of the kind would be exceeded (004:L749).
    Cap(UnitKind, u8),
    /// The army in the area would exceed the supply limit (004:L747).
    Supply(AreaId),
    /// At most one siege engine per army (004:L636).
    TwoSieges(AreaId),
    /// The house's player has left: the house is neutral and carries out no more orders
    /// (004:L492).
    HouseLeft,
    /// An area the board does not have.
    UnknownArea,
}

impl MusterError {
    /// The rule the refusal follows ("004:L1691": line 1691 of the rulebook, "A-45": answer
    /// 45 of the FAQ), "" where the rulebook has no line for it. Words cite it.
    pub fn rule(&self) -> &'static str {
        match self {
            MusterError::NotACastle(..) => "004:L674",
            MusterError::NotControlled(..) => "004:L920",
            MusterError::TooManyPoints { .. } => "004:L674, L751",
            MusterError::ShipNeedsPlace => "004:L755",
            MusterError::BadUpgrade(..) => "004:L739, L741",
            MusterError::NothingToUpgrade(..) => "004:L739",
            MusterError::NoPlacement(..) => "004:L755",
            MusterError::NotOnCoast { .. } => "004:L755–L757",
            MusterError::PortNotReady(..) => "004:L761",
            MusterError::NoFreePlacement(..) => "004:L756–L758",
            MusterError::Cap(..) => "004:L749",
            MusterError::Supply(..) => "004:L747",
            MusterError::TwoSieges(..) => "004:L636",
            MusterError::HouseLeft => "004:L492",
            MusterError::UnknownArea => "",
        }
    }
}
