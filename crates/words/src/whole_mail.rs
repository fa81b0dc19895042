//! What an answer says about a player's mail as a whole, before its lines: the secret, a house
//! that turned neutral, a mail with no orders.

use maester_board::{Board, HouseId, Lang};
use maester_rules::GameState;

/// The mail's secret is not the house's.
pub fn wrong_secret(lang: Lang) -> String {
    match lang {
        Lang::Zh => "密码不对。请使用GM发给你的密码,写成一行「密码: 你的密码」。".into(),
        Lang::En => "The secret is wrong. Use the secret the GM sent you, on a line \"secret: your-secret\".".into(),
    }
}

/// The mail has no secret.
pub fn no_secret(lang: Lang) -> String {
    match lang {
        Lang::Zh => "邮件中没有密码。请加上一行「密码: 你的密码」。".into(),
        Lang::En => "The mail has no secret. Add a line \"secret: your-secret\".".into(),
    }
}

/// The sender's house turned neutral (its player left, A-21).
pub fn neutral_house(lang: Lang) -> String {
    match lang {
        Lang::Zh => "你的家族已经转为中立(玩家退出,A-21),不再接受命令。".into(),
        Lang::En => {
            "Your house has turned neutral (its player left, A-21): it takes no more orders.".into()
        }
    }
}

/// The mail holds neither orders nor a command: what the house has to send now.
pub fn no_orders(board: &Board, state: &GameState, house: HouseId, lang: Lang) -> String {
    let ask = crate::asks::what_to_send(board, state, house, lang);
    match lang {
        Lang::Zh => format!("邮件中没有命令。{ask}"),
        Lang::En => format!("The mail holds no orders. {ask}"),
    }
}
