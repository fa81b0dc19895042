//! rewards

use super::RuleText;
use crate::economy::track_name;
use maester_board::{Board, Lang, LeaderId};
use maester_rules::event_phase::rewards::RewardError;

impl RuleText for RewardError {
    /// A sentence for the player.
    fn message(&self, board: &Board, lang: Lang) -> String {
        let rule = super::cite(self.rule(), lang);
        let zh = lang == Lang::Zh;
        let l = |x: &LeaderId| board.leader(*x).name(lang).to_string();
        match self {
            RewardError::NoReward if zh => format!("你上一回合没有赢得这项战胜奖励({rule})"),
            RewardError::NoReward => format!("you did not win this reward last round ({rule})"),
            RewardError::NotTarget(x) if zh => {
                format!("{}不是被红袍女击败的家族中正在服役的将领({rule})", l(x))
            }
            RewardError::NotTarget(x) => format!(
                "{} is not an available leader of a house Melisandre beat ({rule})",
                l(x)
            ),
            RewardError::NoToken if zh => {
                format!("红袍女的奖励需要花费1个势力标志,你手中没有({rule})")
            }
            RewardError::NoToken => {
                format!(
                    "Melisandre's reward costs 1 power token and you have none in hand ({rule})"
                )
            }
            RewardError::NotResting(x) if zh => {
                format!("{}不是本家族正在休养的将领({rule})", l(x))
            }
            RewardError::NotResting(x) => {
                format!("{} is not one of your resting leaders ({rule})", l(x))
            }
            RewardError::UnknownLeader if zh => "没有这名将领".into(),
            RewardError::UnknownLeader => "no such leader".into(),
            RewardError::OnlyOnce if zh => {
                format!("每项战胜奖励只能领取一次,无论这名将领赢了几场战斗({rule})")
            }
            RewardError::OnlyOnce => {
                format!(
                    "each victory reward is claimed once, however many battles the leader won ({rule})"
                )
            }
            RewardError::NotHeld(t) if zh => format!(
                "被道朗击败的家族现在不是{}第一名({rule})",
                track_name(*t, lang)
            ),
            RewardError::NotHeld(t) => format!(
                "no house Doran beat holds first place on the {} now ({rule})",
                track_name(*t, lang)
            ),
        }
    }
}
