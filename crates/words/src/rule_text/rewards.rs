//! rewards

use super::RuleText;
use crate::board::{Board, Lang, LeaderId};
use crate::economy::track_name;
use crate::rules::rewards::RewardError;

impl RuleText for RewardError {
    /// A sentence for the player.
    fn message(&self, board: &Board, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        let l = |x: &LeaderId| board.leader(*x).name(lang).to_string();
        match self {
            RewardError::NoReward if zh => "你上一回合没有赢得这项战胜奖励(004:L2461)".into(),
            RewardError::NoReward => "you did not win this reward last round (004:L2461)".into(),
            RewardError::NotTarget(x) if zh => {
                format!("{}不是被红袍女击败的家族中正在服役的将领(A-52)", l(x))
            }
            RewardError::NotTarget(x) => format!(
                "{} is not an available leader of a house Melisandre beat (A-52)",
                l(x)
            ),
            RewardError::NoToken if zh => {
                "红袍女的奖励需要花费1个势力标志,你手中没有(004:L2463)".into()
            }
            RewardError::NoToken => {
                "Melisandre's reward costs 1 power token and you have none in hand (004:L2463)"
                    .into()
            }
            RewardError::NotResting(x) if zh => {
                format!("{}不是本家族正在休养的将领(004:L1861)", l(x))
            }
            RewardError::NotResting(x) => {
                format!("{} is not one of your resting leaders (004:L1861)", l(x))
            }
            RewardError::UnknownLeader if zh => "没有这名将领".into(),
            RewardError::UnknownLeader => "no such leader".into(),
            RewardError::OnlyOnce if zh => {
                "每项战胜奖励只能领取一次,无论这名将领赢了几场战斗(004:L1825)".into()
            }
            RewardError::OnlyOnce => {
                "each victory reward is claimed once, however many battles the leader won (004:L1825)"
                    .into()
            }
            RewardError::NotHeld(t) if zh => format!(
                "被道朗击败的家族现在不是{}第一名(A-53)",
                track_name(*t, lang)
            ),
            RewardError::NotHeld(t) => format!(
                "no house Doran beat holds first place on the {} now (A-53)",
                track_name(*t, lang)
            ),
        }
    }
}
