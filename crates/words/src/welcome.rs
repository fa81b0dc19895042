//! The parts of the welcome mail a new player needs besides the secret: who plays which house,
//! the house's leaders, the order limits, a short example of an order mail, the GM's address.

use crate::Spelling;
use crate::map_text::{display_width, pad};
use maester_board::{Board, HouseId, Lang, OrderType};
use maester_rules::{GameState, Track};

/// The welcome mail's sections for `house`, each ending with a blank line. `roster`: every
/// house with its player's name; `gm`: the GM's address, when the config names one.
pub fn sections(
    board: &Board,
    state: &GameState,
    house: HouseId,
    roster: &[(HouseId, String)],
    gm: Option<&str>,
    lang: Lang,
) -> String {
    let zh = lang == Lang::Zh;
    let mut out = String::new();
    out.push_str(if zh { "玩家名单:\n" } else { "Players:\n" });
    let width = roster
        .iter()
        .map(|(h, _)| display_width(board.house(*h).name(lang)))
        .max()
        .unwrap_or(0);
    for (h, player) in roster {
        let you = match (*h == house, zh) {
            (true, true) => "(你)",
            (true, false) => " (you)",
            (false, _) => "",
        };
        out.push_str(&format!(
            "  {} {player}{you}\n",
            pad(board.house(*h).name(lang), width)
        ));
    }
    out.push_str(if zh {
        "\n你的将领(战斗力 攻/守):\n"
    } else {
        "\nYour leaders (strength, attack/defence):\n"
    });
    for l in board.leaders_of(house) {
        out.push_str(&format!(
            "  {} {} {}/{}\n",
            l.name(lang),
            l.strength,
            l.attack,
            l.defence
        ));
    }
    let limits: Vec<String> = OrderType::ALL
        .into_iter()
        .map(|k| {
            let name = if zh { k.name_zh() } else { k.name_en() };
            format!("{name} {}", board.rules.order_limit(k))
        })
        .collect();
    let rank = state.rank(Track::KingsCourt, house);
    let special = board.rules.special_orders(rank);
    out.push_str(&if zh {
        format!(
            "\n每回合命令上限:{};特殊命令(带+号)按御前会议排名给出,你现在排第{rank}名,可用{special}个。\n",
            limits.join("、")
        )
    } else {
        format!(
            "\nOrders per round at most: {}; special orders (with +) by King's Court rank: you are rank {rank}, {special} allowed.\n",
            limits.join(", ")
        )
    });
    let areas: Vec<&str> = board
        .house(house)
        .start
        .iter()
        .map(|(a, _)| board.area(*a).name(lang))
        .collect();
    let (first, second) = (
        areas.first().copied().unwrap_or_default(),
        areas.get(1).copied().unwrap_or_default(),
    );
    out.push_str(&if zh {
        format!(
            "\n命令邮件示例(每项一行,区域名在前):\n  密码: ……\n  {first} 行军+1\n  {second} 支援\n"
        )
    } else {
        format!(
            "\nAn order mail looks like this (one item a line, the area first):\n  secret: ...\n  {first} march+1\n  {second} support\n"
        )
    });
    if let Some(gm) = gm {
        out.push_str(&if zh {
            format!("\n有疑问请写信给裁判(GM):{gm}\n")
        } else {
            format!("\nQuestions go to the GM: {gm}\n")
        });
    }
    out.push('\n');
    out
}
