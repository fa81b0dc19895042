//! 诸王争霸 The sentences of a Clash of Kings: bids, ties and the new tracks
//! (004:L1155–L1157, A-64, A-65).

use super::{EconomyEvent, Words, houses};

/// The sentence of an entry of this chapter, `None` for another chapter's entry.
pub(super) fn text(e: &EconomyEvent, w: &Words) -> Option<String> {
    use EconomyEvent::*;
    let (board, lang) = (w.board, w.lang);
    let zh = lang == maester_board::Lang::Zh;
    Some(match e {
        BidReduced { house, from, to } if zh => {
            format!("{}的出价{from}超过手中势力标志,减为{to}(A-64)", w.h(house))
        }
        BidReduced { house, from, to } => format!(
            "{}'s bid of {from} exceeds its tokens in hand and is cut to {to} (A-64)",
            w.h(house)
        ),
        ClashBids {
            house,
            throne,
            fiefdoms,
            court,
            default,
        } => {
            let d = match (default, zh) {
                (true, true) => "(未提交:出价0;A-26)",
                (true, false) => " (not sent: bids of 0; A-26)",
                (false, true) => "(004:L1155)",
                (false, false) => " (004:L1155)",
            };
            if zh {
                format!(
                    "{}出价:铁王座{throne},封邑{fiefdoms},御前会议{court}{d}",
                    w.h(house)
                )
            } else {
                format!(
                    "{} bids: Iron Throne {throne}, Fiefdoms {fiefdoms}, King's Court {court}{d}",
                    w.h(house)
                )
            }
        }
        TieBroken {
            track,
            houses: v,
            by,
            default: false,
        } if zh => format!(
            "{}出价相同的{}由{}裁决顺位(004:L1157)",
            w.t(track),
            houses(board, v, lang),
            w.king(by)
        ),
        TieBroken {
            track,
            houses: v,
            by,
            default: false,
        } => format!(
            "{} ordered the tie of {} on the {} (004:L1157)",
            w.king(by),
            houses(board, v, lang),
            w.t(track)
        ),
        TieBroken {
            track,
            houses: v,
            by,
            ..
        } if zh => format!(
            "{}出价相同的{}:{}未裁决,保持原有相对顺序(A-65)",
            w.t(track),
            houses(board, v, lang),
            w.king(by)
        ),
        TieBroken {
            track,
            houses: v,
            by,
            ..
        } => format!(
            "tie of {} on the {}: {} did not decide, they keep their previous order (A-65)",
            houses(board, v, lang),
            w.t(track),
            w.king(by)
        ),
        TrackSet { track, order } if zh => format!(
            "新的{}排名:{}(004:L1155)",
            w.t(track),
            houses(board, order, lang)
        ),
        TrackSet { track, order } => format!(
            "new {} order: {} (004:L1155)",
            w.t(track),
            houses(board, order, lang)
        ),
        _ => return None,
    })
}
