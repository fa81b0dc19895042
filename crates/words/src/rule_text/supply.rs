//! supply

use super::RuleText;
use crate::Spelling;
use crate::plural::count_en;
use maester_board::{AreaId, Board, Lang, UnitKind};
use maester_rules::event_phase::economy::SupplyError;

impl RuleText for SupplyError {
    /// A sentence for the player.
    fn message(&self, board: &Board, lang: Lang) -> String {
        let rule = super::cite(self.rule(), lang);
        match (self, lang) {
            (SupplyError::NoSuchUnit(a, k), Lang::Zh) => format!(
                "你在{}没有这么多{}({rule})",
                board.area(*a).name(lang),
                k.name_zh()
            ),
            (SupplyError::NoSuchUnit(a, k), Lang::En) => format!(
                "you do not have that many {}s in {} ({rule})",
                k.name_en(),
                board.area(*a).name(lang)
            ),
            (
                SupplyError::StillOver {
                    sizes,
                    limits,
                    armies,
                    still,
                },
                _,
            ) => still_over(board, sizes, limits, armies, still, &rule, lang),
            (SupplyError::HouseLeft, Lang::Zh) => {
                format!("你的家族已转为中立家族,不再执行任何命令;补给结算按默认方式裁军({rule})")
            }
            (SupplyError::HouseLeft, Lang::En) => format!(
                "your house has turned neutral and carries out no more orders; Supply disbands by the default ({rule})"
            ),
            (SupplyError::UnknownArea, Lang::Zh) => "方案中有地图上不存在的区域".into(),
            (SupplyError::UnknownArea, Lang::En) => "the plan names an area not on the map".into(),
            (SupplyError::TooMany { needed, given }, Lang::Zh) => {
                format!("只需裁撤{needed}支部队,你列出了{given}支({rule})")
            }
            (SupplyError::TooMany { needed, given }, Lang::En) => {
                format!(
                    "only {} must be disbanded; you listed {given} ({rule})",
                    count_en(*needed as i64, "unit")
                )
            }
        }
    }
}

/// Which armies are over the limit after a disbanding: each area over it with its size, against
/// what the supply track allows (the areas are those the default would still disband in; an
/// older error without them gives the sizes alone).
fn still_over(
    board: &Board,
    sizes: &[u8],
    limits: &[u8],
    armies: &[(AreaId, u8)],
    still: &[(AreaId, UnitKind)],
    rule: &str,
    lang: Lang,
) -> String {
    let zh = lang == Lang::Zh;
    let list = |v: Vec<String>| v.join(if zh { "、" } else { ", " });
    let allowed = list(limits.iter().map(u8::to_string).collect());
    let mut over: Vec<String> = Vec::new();
    for (a, n) in armies {
        if still.iter().any(|(x, _)| x == a) {
            let name = board.area(*a).name(lang);
            over.push(if zh {
                format!("{name}({n}个单位)")
            } else {
                format!("{name} ({})", count_en(i64::from(*n), "unit"))
            });
        }
    }
    let all = if armies.is_empty() {
        list(sizes.iter().map(u8::to_string).collect())
    } else {
        list(
            armies
                .iter()
                .map(|(a, n)| format!("{} {n}", board.area(*a).name(lang)))
                .collect(),
        )
    };
    let allowance = if limits.is_empty() {
        if zh {
            "补给轨道不允许任何军团(两个及以上单位)".to_string()
        } else {
            "the supply track allows no army (two or more units)".to_string()
        }
    } else if zh {
        format!("补给轨道只允许规模为{allowed}的军团")
    } else {
        format!("the supply track allows armies of {allowed} units")
    };
    match (over.is_empty(), zh) {
        (true, true) => format!(
            "裁撤后的军团({all})仍超过补给上限:{allowance};补给结算时只能裁撤,不能分散部队({rule})"
        ),
        (true, false) => format!(
            "after this disbanding your armies ({all}) still exceed the supply limit: {allowance}; at a Supply event you may only disband, not spread out ({rule})"
        ),
        (false, true) => format!(
            "裁撤后仍超过补给上限的军团:{};你的军团为{all},{allowance};补给结算时只能裁撤,不能分散部队({rule})",
            list(over)
        ),
        (false, false) => format!(
            "still over the supply limit after this disbanding: {}; your armies are {all}, and {allowance}; at a Supply event you may only disband, not spread out ({rule})",
            list(over)
        ),
    }
}

/// A new unit mustered into `castle` would make an army of `size` there, beyond what supply
/// allows: the house's armies and the allowance, as a disbanding refusal names them.
pub(super) fn muster_over(
    board: &Board,
    castle: AreaId,
    size: u8,
    armies: &[(AreaId, u8)],
    limits: &[u8],
    rule: &str,
    lang: Lang,
) -> String {
    let zh = lang == Lang::Zh;
    let sep = if zh { "、" } else { ", " };
    let name = board.area(castle).name(lang);
    let all = armies
        .iter()
        .map(|(a, n)| format!("{} {n}", board.area(*a).name(lang)))
        .collect::<Vec<_>>()
        .join(sep);
    let allowed = limits
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(sep);
    let yours = match (armies.is_empty(), zh) {
        (true, true) => "你现在没有军团".to_string(),
        (true, false) => "you have no army now".to_string(),
        (false, true) => format!("你的军团为{all}"),
        (false, false) => format!("your armies are {all}"),
    };
    let allowance = match (limits.is_empty(), zh) {
        (true, true) => "补给轨道不允许任何军团(两个及以上单位)".to_string(),
        (true, false) => "the supply track allows no army (two or more units)".to_string(),
        (false, true) => format!("补给轨道只允许规模为{allowed}的军团"),
        (false, false) => format!("the supply track allows armies of {allowed} units"),
    };
    if zh {
        format!(
            "在{name}征兵会超过补给上限:新单位会使{name}的军团达到{size}个单位;{yours},{allowance}。可以改在其他城堡征兵、升级现有单位或征募战舰({rule})"
        )
    } else {
        format!(
            "mustering into {name} would exceed your supply limit: the new unit would make an army of {size} there; {yours}, and {allowance}. Muster at another castle, upgrade a unit or muster a ship instead ({rule})"
        )
    }
}
