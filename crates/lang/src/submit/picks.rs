//! A player's own unit choices in leaders' abilities, as plan lines: which unit Renly or
//! Ellaria upgrades (004:L1805, A-16), which of the player's units Loras (004:L1911, A-14) or
//! Arianne (004:L2003, A-15) kills.

use maester_board::{Ability, Board, LeaderId, UnitKind};
use maester_rules::orders::Plan;

use super::SubmitError;

/// Record a `<leader>升级: …` / `<leader>歼灭: …` line in the plan; an error in words when the
/// leader has no such ability or a kind is not a footman or an archer.
pub fn leader_pick(
    board: &Board,
    plan: &mut Plan,
    leader: LeaderId,
    kill: bool,
    kinds: &[UnitKind],
) -> Result<(), SubmitError> {
    if kinds
        .iter()
        .any(|k| !matches!(k, UnitKind::Footman | UnitKind::Archer))
    {
        return Err(SubmitError::PickFootOrArcher);
    }
    let ability = board.leader(leader).ability;
    match (ability, kill) {
        (Some(Ability::Renly | Ability::Ellaria), false) => {
            plan.units.upgrade = kinds.first().copied();
        }
        (Some(Ability::Loras), true) => plan.units.loras_victim = kinds.first().copied(),
        (Some(Ability::Arianne), true) => plan.units.arianne_victim = kinds.to_vec(),
        (_, false) => {
            return Err(SubmitError::NoUpgradeAbility);
        }
        (_, true) => {
            return Err(SubmitError::NoKillAbility);
        }
    }
    Ok(())
}
