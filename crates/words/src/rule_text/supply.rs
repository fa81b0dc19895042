//! supply

use super::RuleText;
use crate::Spelling;
use maester_board::{Board, Lang};
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
            (SupplyError::StillOver { sizes, limits }, Lang::Zh) => format!(
                "裁撤后军团规模{sizes:?}仍超过补给上限{limits:?};补给结算时只能裁撤,不能分散部队({rule})"
            ),
            (SupplyError::StillOver { sizes, limits }, Lang::En) => format!(
                "after this disbanding the armies {sizes:?} still exceed the supply limits {limits:?}; at a Supply event you may only disband, not spread out ({rule})"
            ),
            (SupplyError::UnknownArea, Lang::Zh) => "方案中有地图上不存在的区域".into(),
            (SupplyError::UnknownArea, Lang::En) => "the plan names an area not on the map".into(),
            (SupplyError::TooMany { needed, given }, Lang::Zh) => {
                format!("只需裁撤{needed}支部队,你列出了{given}支({rule})")
            }
            (SupplyError::TooMany { needed, given }, Lang::En) => {
                format!("only {needed} units must be disbanded; you listed {given} ({rule})")
            }
        }
    }
}
