//! bidding

use super::RuleText;
use crate::board::{Board, Lang};
use crate::rules::bidding::BidError;

impl RuleText for BidError {
    /// A sentence for the player.
    fn message(&self, _board: &Board, lang: Lang) -> String {
        match (self, lang) {
            (BidError::OverHand { bid, hand }, Lang::Zh) => format!(
                "出价合计{bid}个势力标志,超过你手中的{hand}个;放在地图上的势力标志不能用来出价(004:L1155)"
            ),
            (BidError::OverHand { bid, hand }, Lang::En) => format!(
                "your bids total {bid} power tokens, more than the {hand} in your hand; tokens on the map cannot be bid (004:L1155)"
            ),
            (BidError::Neutral, Lang::Zh) => "中立家族不能出价(A-21)".into(),
            (BidError::Neutral, Lang::En) => "a neutral house does not bid (A-21)".into(),
        }
    }
}
