//! bidding

use super::RuleText;
use maester_board::{Board, Lang};
use maester_rules::event_phase::bidding::{BidError, Spend};
use maester_rules::log_events::SpendReason;

impl RuleText for BidError {
    /// A sentence for the player.
    fn message(&self, board: &Board, lang: Lang) -> String {
        let rule = super::cite(self.rule(), lang);
        match (self, lang) {
            (BidError::OverHand { bid, hand }, Lang::Zh) => format!(
                "出价合计{bid}个势力标志,超过你手中的{hand}个;放在地图上的势力标志不能用来出价({rule})"
            ),
            (BidError::OverHand { bid, hand }, Lang::En) => format!(
                "your bids total {}, more than the {hand} in your hand; tokens on the map cannot be bid ({rule})",
                crate::plural::count_en(*bid, "power token")
            ),
            (
                BidError::WildlingOverBudget {
                    wildling,
                    clash,
                    hand,
                    income,
                },
                lang,
            ) => over_budget(*wildling, *clash, *hand, *income, lang, &rule),
            (
                BidError::OverBudget {
                    spent,
                    clash,
                    wildling,
                    hand,
                    income,
                },
                lang,
            ) => spends_too_much(
                board,
                &Spending {
                    spent,
                    clash: *clash,
                    wildling: *wildling,
                    hand: *hand,
                    income: *income,
                },
                self.excess(),
                lang,
                &rule,
            ),
            (BidError::Neutral, Lang::Zh) => format!("中立家族不能出价({rule})"),
            (BidError::Neutral, Lang::En) => format!("a neutral house does not bid ({rule})"),
        }
    }
}

/// The wildling bid against what the house will have: both totals, the income counted.
fn over_budget(wildling: u8, clash: u32, hand: u8, income: u8, lang: Lang, rule: &str) -> String {
    let have = (hand as u32 + income as u32).saturating_sub(clash);
    let asked = wildling as u32 + clash;
    let funds = hand as u32 + income as u32;
    match lang {
        Lang::Zh => {
            let bids = if clash > 0 {
                format!("诸王争霸出价{clash}个 + 野人出价{wildling}个 = {asked}个势力标志")
            } else {
                format!("野人出价{wildling}个势力标志")
            };
            let means = if income > 0 {
                format!("手中{hand}个 + 本阶段权力游戏收入{income}个 = {funds}个")
            } else {
                format!("手中{hand}个")
            };
            format!(
                "{bids},超过你届时拥有的{means}(野人出价最多{have}个);事件依经济、政治、军事的顺序结算,放在地图上的势力标志不能用来出价。整封邮件未被接受,请在截止时间前改正后重发({rule})"
            )
        }
        Lang::En => {
            let bids = if clash > 0 {
                format!(
                    "Clash of Kings bids {clash} + wildling bid {wildling} = {}",
                    crate::plural::count_en(asked, "power token")
                )
            } else {
                format!(
                    "a wildling bid of {}",
                    crate::plural::count_en(wildling, "power token")
                )
            };
            let means = if income > 0 {
                format!("{hand} in hand + {income} from this phase's Game of Thrones = {funds}")
            } else {
                format!("the {hand} in your hand")
            };
            format!(
                "{bids} is more than you will have: {means} (a wildling bid of at most {have}); the events resolve economic, political, military, and tokens on the map cannot be bid. The whole mail is refused: correct it and send it again before the deadline ({rule})"
            )
        }
    }
}

/// What a mail spends, as [`BidError::OverBudget`] holds it.
struct Spending<'a> {
    spent: &'a [Spend],
    clash: u32,
    wildling: u8,
    hand: u8,
    income: u8,
}

/// One item paid before the bids, in words: `建造港口(临冬城)3个` / `port at Winterfell 3`.
fn spend_item(board: &Board, s: &Spend, lang: Lang) -> String {
    let at = s.area.map(|a| board.area(a).name(lang)).unwrap_or_default();
    match (s.why, lang) {
        (SpendReason::Port, Lang::Zh) => format!("建造港口({at}){}个", s.n),
        (SpendReason::Port, Lang::En) => format!("port at {at} {}", s.n),
        (SpendReason::Fortification, Lang::Zh) => format!("防御工事({at}){}个", s.n),
        (SpendReason::Fortification, Lang::En) => format!("fortification at {at} {}", s.n),
        (SpendReason::Melisandre, Lang::Zh) => format!("梅丽珊卓的奖励{}个", s.n),
        (SpendReason::Melisandre, Lang::En) => format!("Melisandre's reward {}", s.n),
        (_, Lang::Zh) => format!("{}个", s.n),
        (_, Lang::En) => format!("{}", s.n),
    }
}

/// The whole mail's spending against what the house will have: every item and both totals.
fn spends_too_much(board: &Board, m: &Spending, excess: u32, lang: Lang, rule: &str) -> String {
    let mut items: Vec<String> = m.spent.iter().map(|s| spend_item(board, s, lang)).collect();
    let zh = lang == Lang::Zh;
    if m.clash > 0 {
        items.push(if zh {
            format!("诸王争霸出价{}个", m.clash)
        } else {
            format!("Clash of Kings bids {}", m.clash)
        });
    }
    if m.wildling > 0 {
        items.push(if zh {
            format!("野人出价{}个", m.wildling)
        } else {
            format!("wildling bid {}", m.wildling)
        });
    }
    let total: u32 = m.spent.iter().map(|s| s.n as u32).sum::<u32>() + m.clash + m.wildling as u32;
    let (hand, income) = (m.hand, m.income);
    let funds = hand as u32 + income as u32;
    if zh {
        let means = if income > 0 {
            format!("手中{hand}个 + 本阶段权力游戏收入{income}个 = {funds}个")
        } else {
            format!("手中{hand}个")
        };
        format!(
            "这封邮件共花费{total}个势力标志({}),超过你届时拥有的{means},多了{excess}个;奖励和建造先支付,然后出价依经济、政治、军事的顺序结算,放在地图上的势力标志不能用来出价。整封邮件未被接受,请在截止时间前改正后重发({rule})",
            items.join(" + ")
        )
    } else {
        let means = if income > 0 {
            format!("{hand} in hand + {income} from this phase's Game of Thrones = {funds}")
        } else {
            format!("the {hand} in your hand")
        };
        format!(
            "this mail spends {total} power tokens ({}), more than you will have: {means}, {excess} too many; rewards and building are paid first, then the bids in the order economic, political, military, and tokens on the map cannot be bid. The whole mail is refused: correct it and send it again before the deadline ({rule})",
            items.join(" + ")
        )
    }
}
