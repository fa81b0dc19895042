//! 游戏结束 The sentences of the end of the game and of players leaving: standings, an extra
//! round, the result (004:L255–L266, A-75), a house turned neutral or a substitute (004:L492).

use super::{EconomyEvent, Words, houses};
use maester_rules::round::endgame::{GameResult, WinHow};

/// The sentence of an entry of this chapter, `None` for another chapter's entry.
pub(super) fn text(e: &EconomyEvent, w: &Words) -> Option<String> {
    use EconomyEvent::*;
    let (board, lang) = (w.board, w.lang);
    let zh = lang == maester_board::Lang::Zh;
    Some(match e {
        Standing {
            house,
            castles,
            barrels,
            tokens,
        } if zh => format!(
            "{}:城市和要塞{castles},有效木桶{barrels},手中势力标志{tokens}(004:L257–L259)",
            w.h(house)
        ),
        Standing {
            house,
            castles,
            barrels,
            tokens,
        } => format!(
            "{}: {}, {}, {} in hand (004:L257–L259)",
            w.h(house),
            crate::plural::count_en(*castles, "castle"),
            crate::plural::count_en(*barrels, "effective barrel"),
            crate::plural::count_en(*tokens, "token")
        ),
        ExtraRound { houses: v } if zh => format!(
            "{}仍然平局,加赛一个回合(004:L260, A-75)",
            houses(board, v, lang)
        ),
        ExtraRound { houses: v } => format!(
            "{} are still tied: one extra round is played (004:L260, A-75)",
            houses(board, v, lang)
        ),
        GameOver {
            result: GameResult::Draw { houses: v },
        } if zh => format!(
            "加赛回合后{}仍然平局,游戏以平局结束(004:L261)",
            houses(board, v, lang)
        ),
        GameOver {
            result: GameResult::Draw { houses: v },
        } => format!(
            "after the extra round {} are still tied: the game is a draw (004:L261)",
            houses(board, v, lang)
        ),
        GameOver {
            result:
                GameResult::Won {
                    house,
                    castles,
                    how,
                },
        } => {
            let (wz, we) = match how {
                WinHow::SixCastles => (
                    "占领6座要塞和城市,立即获胜,004:L266",
                    "six castles, an immediate win, 004:L266",
                ),
                WinHow::Castles => ("城市和要塞最多,004:L257", "most castles, 004:L257"),
                WinHow::Barrels => (
                    "城市和要塞并列,有效木桶数最多,004:L258",
                    "tied on castles, most effective barrels, 004:L258",
                ),
                WinHow::Tokens => (
                    "城市和要塞、木桶并列,手中势力标志最多,004:L259",
                    "tied on castles and barrels, most tokens in hand, 004:L259",
                ),
            };
            if zh {
                format!("{}以{castles}座城市和要塞获胜({wz})", w.h(house))
            } else {
                format!("{} wins with {castles} castles ({we})", w.h(house))
            }
        }
        HouseNeutral { house } if zh => format!(
            "{}的玩家退出且没有替补,该家族转为中立家族,部队留在原地不再执行命令(004:L492, A-21)",
            w.h(house)
        ),
        HouseNeutral { house } => format!(
            "{}'s player left with no substitute: the house turns neutral, its units stay and take no more orders (004:L492, A-21)",
            w.h(house)
        ),
        PlayerSubstituted { house } if zh => format!("{}由替补玩家接手(004:L492)", w.h(house)),
        PlayerSubstituted { house } => {
            format!("a substitute player takes over {} (004:L492)", w.h(house))
        }
        _ => return None,
    })
}
