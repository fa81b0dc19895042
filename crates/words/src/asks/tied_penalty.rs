//! What a house tied for the lowest wildling bid is told beside its penalty question: its due
//! waits for the King's tie-break, sent in the same window, and a choice fitting either outcome
//! is accepted (004:L1126, docs/rulings.md).

use super::{house, list, zh};
use maester_board::{Board, HouseId, Lang, UnitKind};
use maester_rules::GameState;
use maester_rules::event_phase::wildlings::{self, PenaltyKind};

/// The note for `h`, tied with `tied` (itself among them) for the lowest bid.
pub(super) fn note(
    board: &Board,
    state: &GameState,
    h: HouseId,
    tied: &[HouseId],
    penalty: PenaltyKind,
    lang: Lang,
) -> String {
    let z = zh(lang);
    let others: Vec<String> = tied
        .iter()
        .filter(|x| **x != h)
        .map(|x| house(board, *x, lang))
        .collect();
    let others = list(others, lang);
    let (worse, lighter) = match penalty {
        PenaltyKind::Disband => {
            let (lo, other) = (
                wildlings::disband_due(board, state, h, true),
                wildlings::disband_due(board, state, h, false),
            );
            if z {
                (format!("裁掉价值{lo}点的部队"), format!("{other}点"))
            } else {
                (
                    format!(
                        "disband units worth {}",
                        crate::plural::count_en(lo, "point")
                    ),
                    crate::plural::count_en(other, "point"),
                )
            }
        }
        PenaltyKind::DowngradeKnights => {
            let k = state.unit_count(h, UnitKind::Knight);
            if z {
                (format!("降级全部{k}个骑士"), format!("{}个", k.min(2)))
            } else {
                (
                    format!(
                        "downgrade all your {}",
                        crate::plural::count_en(k as i64, "knight")
                    ),
                    format!("{}", k.min(2)),
                )
            }
        }
        PenaltyKind::NoSpecialOrders => {
            if z {
                (
                    "最好的领域降为最后一名".to_string(),
                    "没有这一项".to_string(),
                )
            } else {
                (
                    "drop your best track to last".to_string(),
                    "nothing of that".to_string(),
                )
            }
        }
    };
    if z {
        format!(
            "你与{others}并列出价最低,由国王在本窗口裁决谁受重罚(004:L1126):被选中则{worse},否则{lighter}。两种情况的选择都会被接受;国王裁决后按符合结果的选择执行,不符合则取默认(A-66)。"
        )
    } else {
        format!(
            "You are tied with {others} for the lowest bid, and the King decides in this window who suffers more (004:L1126): if it is you, {worse}; otherwise {lighter}. A choice for either outcome is accepted; once the King has decided, it is carried out if it fits the outcome, else the default applies (A-66)."
        )
    }
}
