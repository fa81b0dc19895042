//! muster

use super::RuleText;
use crate::Spelling;
use maester_board::{AreaId, Board, Lang, UnitKind};
use maester_rules::armies::muster::MusterError;

impl RuleText for MusterError {
    /// A sentence for the player.
    fn message(&self, board: &Board, lang: Lang) -> String {
        let rule = super::cite(self.rule(), lang);
        let n = |a: &AreaId| board.area(*a).name(lang).to_string();
        let zh = lang == Lang::Zh;
        let k = |u: &UnitKind| if zh { u.name_zh() } else { u.name_en() };
        match self {
            MusterError::NotACastle(a) if zh => {
                format!("{}没有城市或要塞,不能征兵({rule})", n(a))
            }
            MusterError::NotACastle(a) => {
                format!("{} has no city or stronghold to muster from ({rule})", n(a))
            }
            MusterError::NotControlled(a) if zh => {
                format!("{}不是你的领土,不能在那里征兵({rule})", n(a))
            }
            MusterError::NotControlled(a) => format!(
                "you do not control {}, so you cannot muster there ({rule})",
                n(a)
            ),
            MusterError::TooManyPoints {
                castle,
                spent,
                points,
            } if zh => format!(
                "{}只有{}点征兵点数,你的方案用了{}点({rule})",
                n(castle),
                points,
                spent
            ),
            MusterError::TooManyPoints {
                castle,
                spent,
                points,
            } => format!(
                "{} has {} mustering points; your plan spends {} ({rule})",
                n(castle),
                points,
                spent
            ),
            MusterError::ShipNeedsPlace if zh => {
                format!("征募战舰时必须说明放在哪片海域或港口({rule})")
            }
            MusterError::ShipNeedsPlace => {
                format!("a new ship must name the sea or port it goes to ({rule})")
            }
            MusterError::BadUpgrade(f, t) if zh => format!(
                "只能把步兵或弓箭手升级为骑士或攻城车,不能把{}升级为{}({rule})",
                k(f),
                k(t)
            ),
            MusterError::BadUpgrade(f, t) => format!(
                "only footmen or archers upgrade, to knights or siege engines; not {} to {} ({rule})",
                k(f),
                k(t)
            ),
            MusterError::NothingToUpgrade(a, u) if zh => {
                format!("{}没有你的{}可以升级({rule})", n(a), k(u))
            }
            MusterError::NothingToUpgrade(a, u) => {
                format!("you have no {} in {} to upgrade ({rule})", k(u), n(a))
            }
            MusterError::NoPlacement(a) if zh => {
                format!("{}征募的战舰没有指定位置({rule})", n(a))
            }
            MusterError::NoPlacement(a) => {
                format!("the ship mustered at {} names no place ({rule})", n(a))
            }
            MusterError::NotOnCoast { castle, area } if zh => {
                format!("{}不与{}邻接,也不是它的港口({rule})", n(area), n(castle))
            }
            MusterError::NotOnCoast { castle, area } => format!(
                "{} is neither a sea next to {} nor its port ({rule})",
                n(area),
                n(castle)
            ),
            MusterError::PortNotReady(p) if zh => format!(
                "{}在本回合开始前还不存在,新征募的战舰不能放进去({rule})",
                n(p)
            ),
            MusterError::PortNotReady(p) => format!(
                "{} did not exist before this round began, so new ships cannot go into it ({rule})",
                n(p)
            ),
            MusterError::NoFreePlacement(a) if zh => format!(
                "{}征募的战舰无处可放:所列海域已有其他家族的战舰,或港口已满({rule})",
                n(a)
            ),
            MusterError::NoFreePlacement(a) => format!(
                "the ship from {} has nowhere to go: other houses' ships hold the seas listed, or the port is full ({rule})",
                n(a)
            ),
            MusterError::Cap(u, c) if zh => format!("{}已达到最高兵力上限{}支({rule})", k(u), c),
            MusterError::Cap(u, c) => format!(
                "you already have the most {}s allowed, {} ({rule})",
                k(u),
                c
            ),
            MusterError::Supply(a) if zh => format!("在{}征兵会超过补给上限({rule})", n(a)),
            MusterError::Supply(a) => format!(
                "mustering into {} would exceed your supply limit ({rule})",
                n(a)
            ),
            MusterError::HouseLeft if zh => {
                format!("你的家族已转为中立家族,不再执行任何命令,不能征兵({rule})")
            }
            MusterError::HouseLeft => format!(
                "your house has turned neutral and carries out no more orders: it cannot muster ({rule})"
            ),
            MusterError::UnknownArea if zh => "征兵方案中有地图上不存在的区域".into(),
            MusterError::UnknownArea => "the muster plan names an area not on the map".into(),
            MusterError::TwoSieges(a) if zh => {
                format!("{}的军团已有攻城车,一个军团最多一支({rule})", n(a))
            }
            MusterError::TwoSieges(a) => format!(
                "the army in {} already has a siege engine; one per army ({rule})",
                n(a)
            ),
        }
    }
}
