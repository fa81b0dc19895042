//! bidding

use super::RuleText;
use crate::board::{Board, Lang};
use crate::rules::bidding::BidError;

impl RuleText for BidError {
    /// A sentence for the player.
    fn message(&self, _board: &Board, lang: Lang) -> String {
        let rule = super::cite(self.rule(), lang);
        match (self, lang) {
            (BidError::OverHand { bid, hand }, Lang::Zh) => format!(
                "出价合计{bid}个势力标志,超过你手中的{hand}个;放在地图上的势力标志不能用来出价({rule})"
            ),
            (BidError::OverHand { bid, hand }, Lang::En) => format!(
                "your bids total {bid} power tokens, more than the {hand} in your hand; tokens on the map cannot be bid ({rule})"
            ),
            (BidError::Neutral, Lang::Zh) => format!("中立家族不能出价({rule})"),
            (BidError::Neutral, Lang::En) => format!("a neutral house does not bid ({rule})"),
        }
    }
}
