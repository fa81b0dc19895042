//! wildlings

use super::RuleText;
use crate::Spelling;
use crate::economy::track_name;
use maester_board::{Board, Lang};
use maester_rules::event_phase::wildlings::WildlingError;

impl RuleText for WildlingError {
    /// A sentence for the player.
    fn message(&self, board: &Board, lang: Lang) -> String {
        let rule = super::cite(self.rule(), lang);
        let zh = lang == Lang::Zh;
        match self {
            WildlingError::NotResting(l) if zh => format!(
                "{}不是你正在休养的将领({rule})",
                board.leader(*l).name(lang)
            ),
            WildlingError::NotResting(l) => format!(
                "{} is not one of your resting leaders ({rule})",
                board.leader(*l).name(lang)
            ),
            WildlingError::TooManyUpgrades(n) if zh => {
                format!("最多升级两个步兵或弓箭手,你列出了{n}个({rule})")
            }
            WildlingError::TooManyUpgrades(n) => {
                format!("at most two footmen or archers are upgraded; you listed {n} ({rule})")
            }
            WildlingError::NoSuchUnit(a, k) if zh => format!(
                "{}没有你的{}({rule})",
                board.area(*a).name(lang),
                k.name_zh()
            ),
            WildlingError::NoSuchUnit(a, k) => format!(
                "you have no {} in {} ({rule})",
                k.name_en(),
                board.area(*a).name(lang)
            ),
            WildlingError::KnightCap(c) if zh => format!("骑士不能超过上限{c}支({rule})"),
            WildlingError::KnightCap(c) => format!("knights cannot exceed the cap of {c} ({rule})"),
            WildlingError::OneArea if zh => {
                format!("奖励征兵只能在你控制的一个城市或要塞进行({rule})")
            }
            WildlingError::OneArea => {
                format!("the reward muster is in one city or stronghold you control ({rule})")
            }
            WildlingError::Muster(e) => e.message(board, lang),
            WildlingError::WrongPoints { due, listed } if zh => {
                format!("你需要裁掉价值{due}点征兵点数的部队,列出的部队价值{listed}点({rule})")
            }
            WildlingError::WrongPoints { due, listed } => format!(
                "you must disband units worth {due} mustering points; those listed are worth {listed} ({rule})"
            ),
            WildlingError::WrongPointsTied {
                lowest,
                other,
                listed,
            } if zh => format!(
                "你与其他家族并列出价最低,由国王裁决谁受重罚:你需要裁掉价值{other}点的部队,若国王选你为出价最低者则是{lowest}点;列出的部队价值{listed}点({rule})"
            ),
            WildlingError::WrongPointsTied {
                lowest,
                other,
                listed,
            } => format!(
                "you are tied for the lowest bid and the King decides who suffers more: disband units worth {other} mustering points, or {lowest} if the King names you the lowest bidder; those listed are worth {listed} ({rule})"
            ),
            WildlingError::BadDowngrade if zh => {
                format!("降级的骑士数目或降级后的兵种不对({rule})")
            }
            WildlingError::BadDowngrade => format!(
                "wrong number of knights, or a target that is not a footman or archer or is at its cap ({rule})"
            ),
            WildlingError::UnknownId if zh => "选择中有地图上不存在的区域或将领".into(),
            WildlingError::UnknownId => {
                "the choice names an area or leader not on the board".into()
            }
            WildlingError::NotBestTrack(t) if zh => {
                format!("{}不是你排名最高的领域({rule})", track_name(*t, lang))
            }
            WildlingError::NotBestTrack(t) => {
                format!("{} is not your best track ({rule})", track_name(*t, lang))
            }
        }
    }
}
