//! 支援 Support in a battle (004:L1367–L1427): own support is automatic; another house's support
//! counts only when both submissions match — the mover's march and the supporter's line — and
//! its condition holds at the moment it applies; the supported house may refuse it (A-37…A-39);
//! a house may keep one of its support orders out of one battle (`X 不支援 Y`, 004:L1398).

use crate::military::ctx::Ctx;
use crate::model::log::{Event, Unfulfilled};
use crate::model::orders::{Party, SupportTarget};
use crate::model::state::Unit;
use maester_board::{AreaId, HouseId, OrderType};

/// One supporting area in a battle.
#[derive(Clone, Debug)]
pub struct Supporter {
    /// Its house.
    pub house: HouseId,
    /// The area.
    pub area: AreaId,
    /// Its units that support (routed units carry out no orders, 004:L2323).
    pub units: Vec<Unit>,
    /// 支援+1.
    pub bonus: bool,
}

/// The battle a support line could apply to.
#[derive(Clone, Copy, Debug)]
pub struct BattleSides {
    /// Battle area.
    pub area: AreaId,
    /// Where the attack came from (the embarkation province for transported attackers).
    pub from: AreaId,
    /// The attacker.
    pub attacker: HouseId,
    /// The defending side.
    pub defender: Party,
}

/// Which side, if any, house `o` supports from area `s` in this battle by its plan's lines
/// (the first matching line whose condition holds).
fn cross_side(ctx: &Ctx, o: HouseId, s: AreaId, bs: &BattleSides) -> Option<Party> {
    for line in &ctx.plans[o.index()].supports {
        if line.from.map(|f| f != s).unwrap_or(false) {
            continue;
        }
        let side = match line.target {
            SupportTarget::Attack { from, to } if from == bs.from && to == bs.area => {
                Party::House(bs.attacker)
            }
            SupportTarget::Defence { party, area } if area == bs.area && party == bs.defender => {
                party
            }
            _ => continue,
        };
        let ok = line
            .when
            .as_ref()
            .map(|c| crate::military::conditions::holds(ctx, o, c, None))
            .unwrap_or(true);
        if ok {
            return Some(side);
        }
    }
    None
}

/// The supporters of `side` in this battle; refusals are logged.
pub fn supporters(ctx: &mut Ctx, bs: &BattleSides, side: Party) -> Vec<Supporter> {
    let mut out = Vec::new();
    let side_house = match side {
        Party::House(h) => Some(h),
        Party::Neutral => None,
    };
    let opponent = if side == Party::House(bs.attacker) {
        match bs.defender {
            Party::House(h) => Some(h),
            Party::Neutral => None,
        }
    } else {
        Some(bs.attacker)
    };
    for s in ctx.neighbours(bs.area) {
        if s == bs.from || !ctx.has_order(s, OrderType::Support) || !ctx.may_support(s, bs.area) {
            continue;
        }
        let Some(o) = ctx.state.occupant(s) else {
            continue;
        };
        if Some(o) == opponent {
            continue;
        }
        let own = Some(o) == side_house;
        if !own && cross_side(ctx, o, s, bs) != Some(side) {
            continue;
        }
        if ctx.withheld(o, s, bs.area) {
            ctx.log.push(Event::SupportWithheld {
                house: o,
                from: s,
                battle: bs.area,
            });
            continue;
        }
        if !own && let Some(h) = side_house {
            let refused = ctx.plans[h.index()].refusals.iter().any(|r| {
                r.house == o
                    && r.from.map(|f| f == s).unwrap_or(true)
                    && r.battle.map(|b| b == bs.area).unwrap_or(true)
            });
            if refused {
                ctx.log.push(Event::SupportRefused {
                    house: h,
                    supporter: o,
                    from: s,
                    battle: bs.area,
                });
                continue;
            }
        }
        let st = ctx.state.area(s);
        let units: Vec<Unit> = st.units.iter().filter(|u| !u.routed).copied().collect();
        if units.is_empty() {
            ctx.log.push(Event::NotCarriedOut {
                house: o,
                area: s,
                why: Unfulfilled::SupportRouted,
            });
            continue;
        }
        out.push(Supporter {
            house: o,
            area: s,
            units,
            bonus: st.order.map(|o| o.special).unwrap_or(false),
        });
    }
    out
}
