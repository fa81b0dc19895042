//! What the battle's steps hand each other: the attack as the march describes it, the
//! decisions of the abilities of step a) ([`Effects`]), and the small helpers that name a
//! leader's ability, log it and pick the unit it acts on.

use crate::military::ctx::Ctx;
use crate::model::log::{AbilityEffect, Defender, Event};
use crate::model::state::Unit;
use maester_board::{Ability, AreaId, HouseId, LeaderId, UnitKind};

/// An attack as the march hands it over.
#[derive(Clone, Debug)]
pub struct AttackSpec {
    /// Attacking house.
    pub house: HouseId,
    /// Origin (the embarkation province for transported units).
    pub from: AreaId,
    /// Attacked area.
    pub to: AreaId,
    /// The attacking units (still standing in `from`).
    pub moving: Vec<Unit>,
    /// 行军+1.
    pub march_bonus: bool,
    /// The march leader.
    pub leader: Option<LeaderId>,
    /// The second leader who will defend `to` (004:L2042).
    pub second: Option<LeaderId>,
    /// Other houses' ships that carried the attackers (−1, 004:L1595).
    pub carriers: Vec<HouseId>,
}

/// Who fights whom, as the battle's first step declares it.
#[derive(Clone, Debug)]
pub(crate) struct Sides {
    /// The attacking house.
    pub house: HouseId,
    /// The other side.
    pub defender: Defender,
    /// The defending house, if a house defends.
    pub dh: Option<HouseId>,
    /// A neutral garrison or a house turned neutral: no leaders, no sword, tie to the attacker
    /// (004:L2260, L2264, A-21, A-22).
    pub neutral_rules: bool,
    /// The leaders of both sides (0 attacker, 1 defender).
    pub leaders: [Option<LeaderId>; 2],
}

/// Per side (0 attacker, 1 defender): what the abilities of step a) decided.
#[derive(Clone, Debug, Default)]
pub struct Effects {
    pub blocked: [bool; 2],
    pub cersei: [bool; 2],
    pub balon: [bool; 2],
    pub salladhor: [bool; 2],
    pub catelyn: bool,
    /// Set values of the attacker's led units (Robb, Vargo, Victarion).
    pub set: Vec<(UnitKind, i32)>,
    /// Class iii abilities to apply after the result: (side, leader, ability).
    pub after: Vec<(usize, LeaderId, Ability)>,
}

pub(crate) fn ability_of(ctx: &Ctx, l: Option<LeaderId>) -> Option<(LeaderId, Ability)> {
    let l = l?;
    ctx.board.leader(l).ability.map(|a| (l, a))
}

pub fn log_ability(ctx: &mut Ctx, l: LeaderId, area: AreaId, effect: AbilityEffect) {
    let house = ctx.board.leader(l).house;
    ctx.log.push(Event::Ability {
        house,
        leader: l,
        area,
        effect,
    });
}

/// Pick a unit of `units` (non-routed first) by a preference list, for Loras or Ellaria.
pub fn pick_unit(units: &[Unit], prefs: &[UnitKind]) -> Option<usize> {
    for routed in [false, true] {
        for k in prefs {
            if let Some(i) = units
                .iter()
                .position(|u| u.kind == *k && u.routed == routed)
            {
                return Some(i);
            }
        }
    }
    None
}
