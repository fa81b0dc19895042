//! A player's own unit choices in leaders' abilities, as plan lines: which unit Renly or
//! Ellaria upgrades (004:L1805, A-16), which of the player's units Loras (004:L1911, A-14) or
//! Arianne (004:L2003, A-15) kills.

use maester_board::{Ability, Board, Lang, LeaderId, UnitKind};
use maester_rules::orders::Plan;

fn msg(lang: Lang, zh: &str, en: &str) -> String {
    match lang {
        Lang::Zh => zh.to_string(),
        Lang::En => en.to_string(),
    }
}

/// Record a `<leader>升级: …` / `<leader>歼灭: …` line in the plan; an error in words when the
/// leader has no such ability or a kind is not a footman or an archer.
pub fn leader_pick(
    board: &Board,
    plan: &mut Plan,
    leader: LeaderId,
    kill: bool,
    kinds: &[UnitKind],
    lang: Lang,
) -> Result<(), String> {
    if kinds
        .iter()
        .any(|k| !matches!(k, UnitKind::Footman | UnitKind::Archer))
    {
        return Err(msg(
            lang,
            "只能选择步兵或弓箭手(004:L1805、L1911、L2003)。",
            "only a footman or an archer can be chosen (004:L1805, L1911, L2003).",
        ));
    }
    let ability = board.leader(leader).ability;
    match (ability, kill) {
        (Some(Ability::Renly | Ability::Ellaria), false) => {
            plan.units.upgrade = kinds.first().copied();
        }
        (Some(Ability::Loras), true) => plan.units.loras_victim = kinds.first().copied(),
        (Some(Ability::Arianne), true) => plan.units.arianne_victim = kinds.to_vec(),
        (_, false) => {
            return Err(msg(
                lang,
                "只有蓝礼和艾拉莉亚的特长会升级部队,例如「蓝礼升级: 弓箭手」(004:L1805,A-16)。",
                "only Renly's and Ellaria's abilities upgrade a unit, e.g. \"Renly upgrades: archer\" (004:L1805, A-16).",
            ));
        }
        (_, true) => {
            return Err(msg(
                lang,
                "只有洛拉斯和亚莲恩的特长由你预先选择被歼灭的部队,例如「洛拉斯歼灭: 弓箭手」(004:L1911,L2003)。",
                "only for Loras and Arianne do you choose in advance which of your units dies, e.g. \"Loras kills: archer\" (004:L1911, L2003).",
            ));
        }
    }
    Ok(())
}
