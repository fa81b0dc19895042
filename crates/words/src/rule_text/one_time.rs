//! one_time

use super::RuleText;
use crate::Named;
use maester_board::{AreaId, Board, Lang};
use maester_rules::optional::one_time::OneTimeError;

impl RuleText for OneTimeError {
    /// A sentence for the player.
    fn message(&self, board: &Board, lang: Lang) -> String {
        let rule = super::cite(self.rule(), lang);
        let n = |a: &AreaId| board.area(*a).name(lang).to_string();
        let banks = |a: &AreaId| {
            board
                .area(*a)
                .pontoon_targets
                .iter()
                .map(|b| board.area(*b).name(lang).to_string())
                .collect::<Vec<_>>()
                .join(if lang == Lang::Zh { "、" } else { ", " })
        };
        let zh = lang == Lang::Zh;
        match self {
            // The order language refuses the token as it reads it: one sentence, kept there.
            OneTimeError::Off => maester_lang::submit::one_time_off(lang),
            OneTimeError::OnePerRound if zh => {
                format!("每个家族每回合只能使用1条一次性命令({rule})")
            }
            OneTimeError::OnePerRound => {
                format!("a house may place only one one-time order a round ({rule})")
            }
            OneTimeError::UsedBefore(k) if zh => format!(
                "你已经用过{}命令;每种一次性命令整局游戏只能使用1次({rule})",
                k.name(lang)
            ),
            OneTimeError::UsedBefore(k) => format!(
                "you have used your {} already; each one-time order once a game ({rule})",
                k.name(lang)
            ),
            OneTimeError::FeastForCrows(k) if zh => format!(
                "本回合发生群鸦飨宴事件,不能放置巩固统治属性的{}命令({rule})",
                k.name(lang)
            ),
            OneTimeError::FeastForCrows(k) => format!(
                "Feast for Crows is in force: no consolidate-type order such as {} this round ({rule})",
                k.name(lang)
            ),
            OneTimeError::RecruitNeedsCastle(a) if zh => {
                format!("招募命令只能布置在有城市或要塞的省份,{}没有({rule})", n(a))
            }
            OneTimeError::RecruitNeedsCastle(a) => format!(
                "Recruit goes only in a province with a city or stronghold; {} has none ({rule})",
                n(a)
            ),
            OneTimeError::CaravanNeedsBarrels(a) if zh => {
                format!("补给车命令只能布置在有木桶的省份,{}没有({rule})", n(a))
            }
            OneTimeError::CaravanNeedsBarrels(a) => format!(
                "a Supply Caravan goes only in a province with barrels; {} has none ({rule})",
                n(a)
            ),
            OneTimeError::PontoonNotHere(a) if zh => {
                format!("{}不能放置浮桥命令;只有9个邻河省份可以({rule})", n(a))
            }
            OneTimeError::PontoonNotHere(a) => format!(
                "no pontoon can be placed in {}; only nine river-side provinces allow one ({rule})",
                n(a)
            ),
            OneTimeError::PontoonBank(a) if zh => {
                format!("在{}放置浮桥须写明通往哪一岸:{}({rule})", n(a), banks(a))
            }
            OneTimeError::PontoonBank(a) => format!(
                "a pontoon in {} must name its bank: {} ({rule})",
                n(a),
                banks(a)
            ),
            OneTimeError::ForcedMarchInPort(a) if zh => {
                format!("强行军命令只能放在海域或陆地上,不能放在{}({rule})", n(a))
            }
            OneTimeError::ForcedMarchInPort(a) => format!(
                "a forced march stands at sea or on land, not in {} ({rule})",
                n(a)
            ),
        }
    }
}
