//! wildlings

use super::RuleText;
use crate::Spelling;
use crate::board::{Board, Lang};
use crate::economy::track_name;
use crate::rules::wildlings::WildlingError;

impl RuleText for WildlingError {
    /// A sentence for the player.
    fn message(&self, board: &Board, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        match self {
            WildlingError::NotResting(l) if zh => format!("{}不是你正在休养的将领(004:L1116)", board.leader(*l).name(lang)),
            WildlingError::NotResting(l) => format!("{} is not one of your resting leaders (004:L1116)", board.leader(*l).name(lang)),
            WildlingError::TooManyUpgrades(n) if zh => format!("最多升级两个步兵或弓箭手,你列出了{n}个(004:L1118)"),
            WildlingError::TooManyUpgrades(n) => format!("at most two footmen or archers are upgraded; you listed {n} (004:L1118)"),
            WildlingError::NoSuchUnit(a, k) if zh => format!("{}没有你的{}(004:L1118)", board.area(*a).name(lang), k.name_zh()),
            WildlingError::NoSuchUnit(a, k) => format!("you have no {} in {} (004:L1118)", k.name_en(), board.area(*a).name(lang)),
            WildlingError::KnightCap(c) if zh => format!("骑士不能超过上限{c}支(004:L1118)"),
            WildlingError::KnightCap(c) => format!("knights cannot exceed the cap of {c} (004:L1118)"),
            WildlingError::OneArea if zh => "奖励征兵只能在你控制的一个城市或要塞进行(004:L1119, A-67)".into(),
            WildlingError::OneArea => "the reward muster is in one city or stronghold you control (004:L1119, A-67)".into(),
            WildlingError::Muster(e) => e.message(board, lang),
            WildlingError::WrongPoints { due, listed } if zh => format!(
                "你需要裁掉价值{due}点征兵点数的部队,列出的部队价值{listed}点(004:L1130)"
            ),
            WildlingError::WrongPoints { due, listed } => format!(
                "you must disband units worth {due} mustering points; those listed are worth {listed} (004:L1130)"
            ),
            WildlingError::BadDowngrade if zh => "降级的骑士数目或降级后的兵种不对(004:L1131, A-66)".into(),
            WildlingError::BadDowngrade => "wrong number of knights, or a target that is not a footman or archer or is at its cap (004:L1131, A-66)".into(),
            WildlingError::UnknownId if zh => "选择中有地图上不存在的区域或将领".into(),
            WildlingError::UnknownId => "the choice names an area or leader not on the board".into(),
            WildlingError::NotBestTrack(t) if zh => format!("{}不是你排名最高的领域(004:L1132)", track_name(*t, lang)),
            WildlingError::NotBestTrack(t) => format!("{} is not your best track (004:L1132)", track_name(*t, lang)),
        }
    }
}
