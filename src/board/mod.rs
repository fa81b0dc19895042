//! The board as data (地图与规则表): areas, adjacency, rivers, ports, houses, leaders and the
//! rule tables of the rulebook, loaded from one data file and validated at start.

pub mod ids;

pub use ids::{AreaId, HouseId, LeaderId, Order, OrderType, UnitKind};
