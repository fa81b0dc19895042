//! muster

use super::RuleText;
use crate::Spelling;
use crate::board::{AreaId, Board, Lang, UnitKind};
use crate::rules::muster::MusterError;

impl RuleText for MusterError {
    /// A sentence for the player.
    fn message(&self, board: &Board, lang: Lang) -> String {
        let n = |a: &AreaId| board.area(*a).name(lang).to_string();
        let zh = lang == Lang::Zh;
        let k = |u: &UnitKind| if zh { u.name_zh() } else { u.name_en() };
        match self {
            MusterError::NotACastle(a) if zh => {
                format!("{}没有城市或要塞,不能征兵(004:L674)", n(a))
            }
            MusterError::NotACastle(a) => format!(
                "{} has no city or stronghold to muster from (004:L674)",
                n(a)
            ),
            MusterError::NotControlled(a) if zh => {
                format!("{}不是你的领土,不能在那里征兵(004:L920)", n(a))
            }
            MusterError::NotControlled(a) => format!(
                "you do not control {}, so you cannot muster there (004:L920)",
                n(a)
            ),
            MusterError::TooManyPoints {
                castle,
                spent,
                points,
            } if zh => format!(
                "{}只有{}点征兵点数,你的方案用了{}点(004:L674、L751)",
                n(castle),
                points,
                spent
            ),
            MusterError::TooManyPoints {
                castle,
                spent,
                points,
            } => format!(
                "{} has {} mustering points; your plan spends {} (004:L674, L751)",
                n(castle),
                points,
                spent
            ),
            MusterError::ShipNeedsPlace if zh => {
                "征募战舰时必须说明放在哪片海域或港口(004:L755)".into()
            }
            MusterError::ShipNeedsPlace => {
                "a new ship must name the sea or port it goes to (004:L755)".into()
            }
            MusterError::BadUpgrade(f, t) if zh => format!(
                "只能把步兵或弓箭手升级为骑士或攻城车,不能把{}升级为{}(004:L739、L741)",
                k(f),
                k(t)
            ),
            MusterError::BadUpgrade(f, t) => format!(
                "only footmen or archers upgrade, to knights or siege engines; not {} to {} (004:L739, L741)",
                k(f),
                k(t)
            ),
            MusterError::NothingToUpgrade(a, u) if zh => {
                format!("{}没有你的{}可以升级(004:L739)", n(a), k(u))
            }
            MusterError::NothingToUpgrade(a, u) => {
                format!("you have no {} in {} to upgrade (004:L739)", k(u), n(a))
            }
            MusterError::NoPlacement(a) if zh => {
                format!("{}征募的战舰没有指定位置(004:L755)", n(a))
            }
            MusterError::NoPlacement(a) => {
                format!("the ship mustered at {} names no place (004:L755)", n(a))
            }
            MusterError::NotOnCoast { castle, area } if zh => format!(
                "{}不与{}邻接,也不是它的港口(004:L755–L757)",
                n(area),
                n(castle)
            ),
            MusterError::NotOnCoast { castle, area } => format!(
                "{} is neither a sea next to {} nor its port (004:L755–L757)",
                n(area),
                n(castle)
            ),
            MusterError::PortNotReady(p) if zh => format!(
                "{}在本回合开始前还不存在,新征募的战舰不能放进去(004:L761)",
                n(p)
            ),
            MusterError::PortNotReady(p) => format!(
                "{} did not exist before this round began, so new ships cannot go into it (004:L761)",
                n(p)
            ),
            MusterError::NoFreePlacement(a) if zh => format!(
                "{}征募的战舰无处可放:所列海域已有其他家族的战舰,或港口已满(004:L756–L758)",
                n(a)
            ),
            MusterError::NoFreePlacement(a) => format!(
                "the ship from {} has nowhere to go: other houses' ships hold the seas listed, or the port is full (004:L756–L758)",
                n(a)
            ),
            MusterError::Cap(u, c) if zh => format!("{}已达到最高兵力上限{}支(004:L749)", k(u), c),
            MusterError::Cap(u, c) => format!(
                "you already have the most {}s allowed, {} (004:L749)",
                k(u),
                c
            ),
            MusterError::Supply(a) if zh => format!("在{}征兵会超过补给上限(004:L747)", n(a)),
            MusterError::Supply(a) => format!(
                "mustering into {} would exceed your supply limit (004:L747)",
                n(a)
            ),
            MusterError::UnknownArea if zh => "征兵方案中有地图上不存在的区域".into(),
            MusterError::UnknownArea => "the muster plan names an area not on the map".into(),
            MusterError::TwoSieges(a) if zh => {
                format!("{}的军团已有攻城车,一个军团最多一支(004:L636)", n(a))
            }
            MusterError::TwoSieges(a) => format!(
                "the army in {} already has a siege engine; one per army (004:L636)",
                n(a)
            ),
        }
    }
}
