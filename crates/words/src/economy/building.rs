//! 修建建筑 The sentences of ports and fortifications: built, refused, lost with their province
//! or dissolved (004:L1036–L1094, A-58, A-60).

use super::{EconomyEvent, Words};
use crate::rule_text::RuleText;

/// The sentence of an entry of this chapter, `None` for another chapter's entry.
pub(super) fn text(e: &EconomyEvent, w: &Words) -> Option<String> {
    use EconomyEvent::*;
    let (board, lang) = (w.board, w.lang);
    let zh = lang == maester_board::Lang::Zh;
    Some(match e {
        FortificationDissolved { house, area } if zh => format!(
            "{}在{}的最后一支陆军离开,防御工事解体(004:L1094)",
            w.h(house),
            w.a(area)
        ),
        FortificationDissolved { house, area } => format!(
            "{}'s last land unit left {}: its fortification dissolves (004:L1094)",
            w.h(house),
            w.a(area)
        ),
        PortShipsLost { house, port, ships } if zh => format!(
            "{}失去港口所在省份,{}中的{ships}艘战舰被摧毁(004:L1062)",
            w.h(house),
            w.a(port)
        ),
        PortShipsLost { house, port, ships } => format!(
            "{} lost the province, so its {} in {} {} destroyed (004:L1062)",
            w.h(house),
            crate::plural::count_en(*ships, "ship"),
            w.a(port),
            if *ships == 1 { "is" } else { "are" }
        ),
        PortDestroyed { port } if zh => format!("{}随省份失守而被摧毁(004:L1062)", w.a(port)),
        PortDestroyed { port } => format!(
            "{} is destroyed with the loss of its province (004:L1062)",
            w.a(port)
        ),
        PortBuilt {
            house,
            port,
            sea,
            cost,
        } if zh => format!(
            "{}花费{cost}个势力标志建成{},面向{}(004:L1036, A-60)",
            w.h(house),
            w.a(port),
            w.a(sea)
        ),
        PortBuilt {
            house,
            port,
            sea,
            cost,
        } => format!(
            "{} builds {} facing {} for {} (004:L1036, A-60)",
            w.h(house),
            w.a(port),
            w.a(sea),
            crate::plural::count_en(*cost, "token")
        ),
        PortDemolished { house, port } if zh => {
            format!("{}拆除了{}(004:L1060)", w.h(house), w.a(port))
        }
        PortDemolished { house, port } => {
            format!("{} pulls down {} (004:L1060)", w.h(house), w.a(port))
        }
        FortificationBuilt { house, area, paid } if zh => format!(
            "{}交回{paid}个势力标志,在{}建成防御工事(004:L1076, A-58)",
            w.h(house),
            w.a(area)
        ),
        FortificationBuilt { house, area, paid } => format!(
            "{} pays back {} and fortifies {} (004:L1076, A-58)",
            w.h(house),
            crate::plural::count_en(*paid, "token"),
            w.a(area)
        ),
        BuildRefused { house, why } if zh => {
            format!("{}的建造未执行:{}", w.h(house), why.message(board, lang))
        }
        BuildRefused { house, why } => format!(
            "{}'s building is refused: {}",
            w.h(house),
            why.message(board, lang)
        ),
        _ => return None,
    })
}
