//! placement

use super::RuleText;
use crate::Spelling;
use crate::board::{AreaId, Board, Lang, Order, OrderType};
use crate::rules::placement::PlacementError;

impl RuleText for PlacementError {
    /// A sentence for the player.
    fn message(&self, board: &Board, lang: Lang) -> String {
        let name = |a: &AreaId| board.area(*a).name(lang).to_string();
        match (self, lang) {
            (PlacementError::NoUnits(a), Lang::Zh) => {
                format!("你在{}没有部队,不能在那里布置命令(004:L1689)", name(a))
            }
            (PlacementError::NoUnits(a), Lang::En) => {
                format!(
                    "you have no units in {}, so you cannot place an order there (004:L1689)",
                    name(a)
                )
            }
            (PlacementError::TwoOrders(a), Lang::Zh) => {
                format!("{}只能布置一个命令(004:L1675)", name(a))
            }
            (PlacementError::TwoOrders(a), Lang::En) => {
                format!("{} can hold only one order (004:L1675)", name(a))
            }
            (PlacementError::TooMany(k, n), Lang::Zh) => {
                format!("普通{}命令每回合最多{}个(004:L1223)", k.name_zh(), n)
            }
            (PlacementError::TooMany(k, n), Lang::En) => {
                format!(
                    "at most {} normal {} orders a round (004:L1223)",
                    n,
                    k.name_en()
                )
            }
            (PlacementError::TooManySpecial { allowed, rank }, Lang::Zh) => {
                format!("御前会议第{rank}名每回合最多使用{allowed}个特殊命令(004:L1196)")
            }
            (PlacementError::TooManySpecial { allowed, rank }, Lang::En) => {
                format!(
                    "King's Court rank {rank} allows {allowed} special orders a round (004:L1196)"
                )
            }
            (PlacementError::SpecialTwice(k), Lang::Zh) => {
                format!(
                    "每种特殊命令每回合只能使用一次:{}(004:L1490)",
                    Order {
                        kind: *k,
                        special: true
                    }
                    .name_zh()
                )
            }
            (PlacementError::SpecialTwice(k), Lang::En) => {
                format!(
                    "each special order once a round: {} (004:L1490)",
                    Order {
                        kind: *k,
                        special: true
                    }
                    .name_en()
                )
            }
            (PlacementError::PortDefence(a), Lang::Zh) => {
                format!("港口中的战舰不能执行防守命令:{}(004:L1353)", name(a))
            }
            (PlacementError::PortDefence(a), Lang::En) => {
                format!(
                    "ships in a port cannot take a defence order: {} (004:L1353)",
                    name(a)
                )
            }
            (PlacementError::ConsolidateNeedsFootOrArcher(a), Lang::Zh) => {
                format!("只有步兵或弓箭手可以巩固统治,{}没有(004:L1470)", name(a))
            }
            (PlacementError::ConsolidateNeedsFootOrArcher(a), Lang::En) => {
                format!(
                    "only footmen or archers consolidate power; {} has none (004:L1470)",
                    name(a)
                )
            }
            (PlacementError::SiegeCannotRaid(a), Lang::Zh) => {
                format!("攻城车不能执行突袭命令:{}(004:L1441)", name(a))
            }
            (PlacementError::SiegeCannotRaid(a), Lang::En) => {
                format!("siege engines cannot raid: {} (004:L1441)", name(a))
            }
            (PlacementError::EventBan(k), Lang::Zh) => {
                let (event, line) = ban_name(*k, true);
                format!("本回合发生{event}事件,不能布置{}命令({line})", k.name_zh())
            }
            (PlacementError::EventBan(k), Lang::En) => {
                let (event, line) = ban_name(*k, false);
                format!(
                    "{event} is in force: no {} orders this round ({line})",
                    k.name_en()
                )
            }
            (PlacementError::RoughSeas(a), Lang::Zh) => {
                format!("本回合发生惊涛骇浪事件,海域{}不能布置命令(A-45)", name(a))
            }
            (PlacementError::RoughSeas(a), Lang::En) => format!(
                "rough seas are in force: no order may be placed on the sea {} (A-45)",
                name(a)
            ),
            (PlacementError::NoSpecial, Lang::Zh) => {
                "本回合你不能使用特殊军事命令(野人袭击的惩罚,A-66)".to_string()
            }
            (PlacementError::NoSpecial, Lang::En) => {
                "you may use no special order this round (wildling penalty, A-66)".to_string()
            }
            (PlacementError::NotRavenHolder, Lang::Zh) => {
                "只有信鸦持有者(御前会议第一名)可以修改命令(004:L1702)".to_string()
            }
            (PlacementError::NotRavenHolder, Lang::En) => {
                "only the Raven holder (King's Court rank 1) may change an order (004:L1702)"
                    .to_string()
            }
            (PlacementError::RavenNoOrder(a), Lang::Zh) => {
                format!(
                    "{}没有你的命令;信鸦只能修改已布置的命令(004:L1704)",
                    name(a)
                )
            }
            (PlacementError::RavenNoOrder(a), Lang::En) => format!(
                "{} holds no order of yours; the Raven only changes a placed order (004:L1704)",
                name(a)
            ),
            (PlacementError::RavenSameOrder(a), Lang::Zh) => {
                format!("信鸦须把{}的命令改成另一种命令(004:L1703)", name(a))
            }
            (PlacementError::RavenSameOrder(a), Lang::En) => format!(
                "the Raven must change the order in {} to another type (004:L1703)",
                name(a)
            ),
            (PlacementError::OneTime(e), _) => e.message(board, lang),
        }
    }
}

fn ban_name(k: OrderType, zh: bool) -> (&'static str, &'static str) {
    match (k, zh) {
        (OrderType::Raid, true) => ("风暴之海", "004:L1465"),
        (OrderType::Raid, false) => ("Sea of Storms", "004:L1465"),
        (OrderType::Consolidate, true) => ("群鸦飨宴", "004:L1480"),
        (OrderType::Consolidate, false) => ("Feast for Crows", "004:L1480"),
        (_, true) => ("干戈四起", "004:L1364"),
        (_, false) => ("Storm of Swords", "004:L1364"),
    }
}
