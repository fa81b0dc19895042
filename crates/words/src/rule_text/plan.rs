//! plan

use super::RuleText;
use crate::{Named, Spelling};
use maester_board::{AreaId, Board, Lang, LeaderId};
use maester_rules::planning::plan_check::PlanError;

impl RuleText for PlanError {
    /// A sentence for the player.
    fn message(&self, board: &Board, lang: Lang) -> String {
        let rule = super::cite(self.rule(), lang);
        let n = |a: &AreaId| board.area(*a).name(lang).to_string();
        let l = |x: &LeaderId| board.leader(*x).name(lang).to_string();
        let zh = lang == Lang::Zh;
        match self {
            PlanError::NoOrder(a, k) if zh => format!(
                "你在{}没有{}命令(执行方案只能执行已布置的命令,{rule})",
                n(a),
                k.name_zh()
            ),
            PlanError::NoOrder(a, k) => format!(
                "you have no {} order in {} (a plan carries out placed orders, {rule})",
                k.name_en(),
                n(a)
            ),
            PlanError::NotYourLeader(_, x) if zh => format!("{}不是你的将领", l(x)),
            PlanError::NotYourLeader(_, x) => format!("{} is not one of your leaders", l(x)),
            PlanError::LeaderResting(_, x) if zh => {
                format!("{}正在休养,本回合不能派遣({rule})", l(x))
            }
            PlanError::LeaderResting(_, x) => format!(
                "{} is resting and cannot be deployed this round ({rule})",
                l(x)
            ),
            PlanError::NoShips(a) if zh => format!("你在{}没有战舰,不能运输({rule})", n(a)),
            PlanError::NoShips(a) => {
                format!("you have no ships in {} to transport with ({rule})", n(a))
            }
            PlanError::NotSwordHolder if zh => {
                format!("只有封邑排名第一的家族持有瓦雷利亚钢剑({rule})")
            }
            PlanError::NotSwordHolder => {
                format!("only the house first on Fiefdoms holds the Valyrian sword ({rule})")
            }
            PlanError::NotYours(a) if zh => format!("你在{}没有部队", n(a)),
            PlanError::NotYours(a) => format!("you have no units in {}", n(a)),
            PlanError::BadDistrict(a) if zh => format!(
                "军区必须是两个相邻的、有本家族部队的区域,最多两个军区:{}({rule})",
                n(a)
            ),
            PlanError::BadDistrict(a) => format!(
                "a district is two adjacent areas with your units, two districts at most: {} ({rule})",
                n(a)
            ),
            PlanError::TwoAttacks(a) if zh => format!(
                "{}的军团分兵行军时,目的地中只能有一个有其他家族的部队或中立守军:一个军团不能同时进攻两个区域,请删去其中一路({rule})",
                n(a)
            ),
            PlanError::TwoAttacks(a) => format!(
                "the army of {} is split towards more than one area held by another house or a neutral garrison: one army attacks one area at most; drop one of those moves ({rule})",
                n(a)
            ),
            PlanError::NoNeutral(a) if zh => {
                format!("{}没有中立守军,无从支援它的防守({rule})", n(a))
            }
            PlanError::NoNeutral(a) => format!(
                "there is no neutral garrison in {} whose defence could be supported ({rule})",
                n(a)
            ),
            PlanError::NoOneTime(a, k) if zh => format!(
                "你在{}没有{}命令(执行方案只能执行已布置的命令,{rule})",
                n(a),
                k.name(lang)
            ),
            PlanError::NoOneTime(a, k) => format!(
                "you have no {} order in {} (a plan carries out placed orders, {rule})",
                k.name(lang),
                n(a)
            ),
            PlanError::RecruitElsewhere(a) if zh => format!(
                "招募只能使用布置了招募命令的省份的征兵点数,不能在{}征兵({rule})",
                n(a)
            ),
            PlanError::RecruitElsewhere(a) => format!(
                "a recruit musters only with the points of its own castle, not in {} ({rule})",
                n(a)
            ),
            PlanError::RaidsPortAndProvince(a, p) if zh => format!(
                "{}的舰队突袭时,{}和它所在的省份{}是两个区域,一回合只能突袭其中一个:请删去其中一个目标({rule})",
                n(a),
                n(p),
                n(&board.province_of(*p))
            ),
            PlanError::RaidsPortAndProvince(a, p) => format!(
                "the fleet in {} raids either {} or its province {} in a round, not both: drop one of the two targets ({rule})",
                n(a),
                n(p),
                n(&board.province_of(*p))
            ),
        }
    }
}
