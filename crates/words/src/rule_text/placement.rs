//! placement

use super::RuleText;
use crate::Spelling;
use maester_board::{AreaId, Board, Lang, Order, OrderType};
use maester_rules::planning::placement::PlacementError;

impl RuleText for PlacementError {
    /// A sentence for the player.
    fn message(&self, board: &Board, lang: Lang) -> String {
        let rule = super::cite(self.rule(), lang);
        let name = |a: &AreaId| board.area(*a).name(lang).to_string();
        match (self, lang) {
            (PlacementError::NoUnits(a), Lang::Zh) => {
                format!("你在{}没有部队,不能在那里布置命令({rule})", name(a))
            }
            (PlacementError::NoUnits(a), Lang::En) => {
                format!(
                    "you have no units in {}, so you cannot place an order there ({rule})",
                    name(a)
                )
            }
            (PlacementError::TwoOrders(a), Lang::Zh) => {
                format!("{}只能布置一个命令({rule})", name(a))
            }
            (PlacementError::TwoOrders(a), Lang::En) => {
                format!("{} can hold only one order ({rule})", name(a))
            }
            (PlacementError::TooMany(k, n), Lang::Zh) => {
                format!("普通{}命令每回合最多{}个({rule})", k.name_zh(), n)
            }
            (PlacementError::TooMany(k, n), Lang::En) => {
                format!(
                    "at most {} a round ({rule})",
                    crate::plural::count_en(*n, &format!("normal {} order", k.name_en()))
                )
            }
            (PlacementError::TooManySpecial { allowed, rank }, Lang::Zh) => {
                format!("御前会议第{rank}名每回合最多使用{allowed}个特殊命令({rule})")
            }
            (PlacementError::TooManySpecial { allowed, rank }, Lang::En) => {
                format!(
                    "King's Court rank {rank} allows {} a round ({rule})",
                    crate::plural::count_en(*allowed, "special order")
                )
            }
            (PlacementError::SpecialTwice(k), Lang::Zh) => {
                format!(
                    "每种特殊命令每回合只能使用一次:{}({rule})",
                    Order {
                        kind: *k,
                        special: true
                    }
                    .name_zh()
                )
            }
            (PlacementError::SpecialTwice(k), Lang::En) => {
                format!(
                    "each special order once a round: {} ({rule})",
                    Order {
                        kind: *k,
                        special: true
                    }
                    .name_en()
                )
            }
            (PlacementError::PortDefence(a), Lang::Zh) => {
                format!("港口中的战舰不能执行防守命令:{}({rule})", name(a))
            }
            (PlacementError::PortDefence(a), Lang::En) => {
                format!(
                    "ships in a port cannot take a defence order: {} ({rule})",
                    name(a)
                )
            }
            (PlacementError::ConsolidateNeedsFootOrArcher(a), Lang::Zh) => {
                format!("只有步兵或弓箭手可以巩固统治,{}没有({rule})", name(a))
            }
            (PlacementError::ConsolidateNeedsFootOrArcher(a), Lang::En) => {
                format!(
                    "only footmen or archers consolidate power; {} has none ({rule})",
                    name(a)
                )
            }
            (PlacementError::SiegeCannotRaid(a), Lang::Zh) => {
                format!("攻城车不能执行突袭命令:{}({rule})", name(a))
            }
            (PlacementError::SiegeCannotRaid(a), Lang::En) => {
                format!("siege engines cannot raid: {} ({rule})", name(a))
            }
            (PlacementError::EventBan(k), Lang::Zh) => {
                let event = ban_name(*k, true);
                format!("本回合发生{event}事件,不能布置{}命令({rule})", k.name_zh())
            }
            (PlacementError::EventBan(k), Lang::En) => {
                let event = ban_name(*k, false);
                format!(
                    "{event} is in force: no {} orders this round ({rule})",
                    k.name_en()
                )
            }
            (PlacementError::RoughSeas(a), Lang::Zh) => {
                format!("本回合发生惊涛骇浪事件,海域{}不能布置命令({rule})", name(a))
            }
            (PlacementError::RoughSeas(a), Lang::En) => format!(
                "rough seas are in force: no order may be placed on the sea {} ({rule})",
                name(a)
            ),
            (PlacementError::HouseLeft, Lang::Zh) => {
                format!("你的家族已转为中立家族,不再执行任何命令,不能布置命令({rule})")
            }
            (PlacementError::HouseLeft, Lang::En) => format!(
                "your house has turned neutral and carries out no more orders: it places none ({rule})"
            ),
            (PlacementError::NoSpecial, Lang::Zh) => {
                format!("本回合你不能使用特殊军事命令(野人袭击的惩罚,{rule})")
            }
            (PlacementError::NoSpecial, Lang::En) => {
                format!("you may use no special order this round (wildling penalty, {rule})")
            }
            (PlacementError::NotRavenHolder, Lang::Zh) => {
                format!("只有信鸦持有者(御前会议第一名)可以修改命令({rule})")
            }
            (PlacementError::NotRavenHolder, Lang::En) => {
                format!("only the Raven holder (King's Court rank 1) may change an order ({rule})")
            }
            (PlacementError::RavenNoOrder(a), Lang::Zh) => {
                format!("{}没有你的命令;信鸦只能修改已布置的命令({rule})", name(a))
            }
            (PlacementError::RavenNoOrder(a), Lang::En) => format!(
                "{} holds no order of yours; the Raven only changes a placed order ({rule})",
                name(a)
            ),
            (PlacementError::RavenSameOrder(a), Lang::Zh) => {
                format!("信鸦须把{}的命令改成另一种命令({rule})", name(a))
            }
            (PlacementError::RavenSameOrder(a), Lang::En) => format!(
                "the Raven must change the order in {} to another type ({rule})",
                name(a)
            ),
            (PlacementError::OneTime(e), _) => e.message(board, lang),
        }
    }
}

/// The event that forbids an order type (its rule is `PlacementError::rule`).
fn ban_name(k: OrderType, zh: bool) -> &'static str {
    match (k, zh) {
        (OrderType::Raid, true) => "风暴之海",
        (OrderType::Raid, false) => "Sea of Storms",
        (OrderType::Consolidate, true) => "群鸦飨宴",
        (OrderType::Consolidate, false) => "Feast for Crows",
        (_, true) => "干戈四起",
        (_, false) => "Storm of Swords",
    }
}
