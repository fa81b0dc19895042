//! build

use super::RuleText;
use maester_board::{AreaId, Board, Lang};
use maester_rules::event_phase::build::BuildError;

impl RuleText for BuildError {
    /// A sentence for the player.
    fn message(&self, board: &Board, lang: Lang) -> String {
        let rule = super::cite(self.rule(), lang);
        let n = |a: &AreaId| board.area(*a).name(lang).to_string();
        let list = |v: &[AreaId]| {
            v.iter()
                .map(|a| board.area(*a).name(lang).to_string())
                .collect::<Vec<_>>()
                .join(if lang == Lang::Zh { "、" } else { ", " })
        };
        let zh = lang == Lang::Zh;
        match self {
            BuildError::NotControlled(a) if zh => format!("{}不是你占领的省份({rule})", n(a)),
            BuildError::NotControlled(a) => format!("you do not hold {} ({rule})", n(a)),
            BuildError::NoPortSite(a) if zh => format!("{}不能再建造临时港口({rule})", n(a)),
            BuildError::NoPortSite(a) => {
                format!("no temporary port can be built at {} ({rule})", n(a))
            }
            BuildError::NeedSea { province, options } if zh => format!(
                "{}与多片海域邻接,请说明在哪片海滨建港:{}({rule})",
                n(province),
                list(options)
            ),
            BuildError::NeedSea { province, options } => format!(
                "{} has several coasts; name the sea: {} ({rule})",
                n(province),
                list(options)
            ),
            BuildError::SeaNotOnCoast {
                province,
                sea,
                options,
            } if zh => format!(
                "{}的港口不能建在{},只能面向:{}({rule})",
                n(province),
                n(sea),
                list(options)
            ),
            BuildError::SeaNotOnCoast {
                province,
                sea,
                options,
            } => format!(
                "{}'s port cannot face {}; it may face: {} ({rule})",
                n(province),
                n(sea),
                list(options)
            ),
            BuildError::Tokens { cost, hand } if zh => {
                format!("需要{cost}个势力标志,你手中只有{hand}个({rule})")
            }
            BuildError::Tokens { cost, hand } => {
                format!("this costs {cost} power tokens and you have {hand} in hand ({rule})")
            }
            BuildError::CannotDemolish(a) if zh => {
                format!("只能拆除本家族没有战舰的临时港口:{}({rule})", n(a))
            }
            BuildError::CannotDemolish(a) => format!(
                "only your own empty temporary port can be pulled down: {} ({rule})",
                n(a)
            ),
            BuildError::NoIncome(a) if zh => {
                format!("你上一回合没有在{}成功巩固统治({rule})", n(a))
            }
            BuildError::NoIncome(a) => format!(
                "you had no successful consolidate power in {} last round ({rule})",
                n(a)
            ),
            BuildError::NeedsFootOrArcher(a) if zh => {
                format!("{}必须有你的步兵或弓箭手才能建防御工事({rule})", n(a))
            }
            BuildError::NeedsFootOrArcher(a) => format!(
                "a fortification in {} needs your footman or archer there ({rule})",
                n(a)
            ),
            BuildError::AlreadyFortified(a) if zh => format!("{}已有防御工事({rule})", n(a)),
            BuildError::AlreadyFortified(a) => {
                format!("{} already has a fortification ({rule})", n(a))
            }
            BuildError::MapFull(m) if zh => format!("地图上已有{m}个防御工事,达到上限({rule})"),
            BuildError::MapFull(m) => {
                format!("the map already has {m} fortifications, the limit ({rule})")
            }
            BuildError::TooManyForts(m) if zh => format!("每回合最多建{m}个防御工事({rule})"),
            BuildError::TooManyForts(m) => {
                format!("at most {m} fortifications a round ({rule})")
            }
            BuildError::UnknownArea if zh => "建造方案中有地图上不存在的区域".into(),
            BuildError::UnknownArea => "the building plan names an area not on the map".into(),
            BuildError::AfterMuster if zh => {
                format!("本回合事件阶段有征兵事件,布置命令阶段不能转换防御工事({rule})")
            }
            BuildError::AfterMuster => {
                format!("this round's event phase had Mustering, so no fortification now ({rule})")
            }
        }
    }
}
