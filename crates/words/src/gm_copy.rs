//! The GM's copy of a step report: the public report with the exact rule references, the map,
//! and what only each house was told. These are its own words: the subject, the heading of a
//! house's private part, and who is asked to send in the next step.

use maester_board::Lang;

/// The subject of the GM's copy: the report's subject marked as the GM's.
pub fn subject(game: &str, round: u8, closed: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("[{game}] GM副本 第{round}回合 {closed}结果"),
        Lang::En => format!("[{game}] GM copy: round {round}: {closed} results"),
    }
}

/// The heading of one house's private part: the house and its player.
pub fn house_heading(house: &str, player: &str, address: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{house}(玩家 {player} <{address}>)"),
        Lang::En => format!("{house} (player {player} <{address}>)"),
    }
}

/// Who must send something in the next step (the GM's copy says it instead of one house's
/// instructions); `houses` are names in the reader's language.
pub fn asked_next(houses: &[String], lang: Lang) -> String {
    match (houses.is_empty(), lang) {
        (true, Lang::Zh) => "下一步没有家族需要发送内容。".into(),
        (true, Lang::En) => "Nobody has anything to send in the next step.".into(),
        (false, Lang::Zh) => format!("下一步需要发送内容的家族:{}。", houses.join("、")),
        (false, Lang::En) => format!("Asked to send in the next step: {}.", houses.join(", ")),
    }
}

/// The name the GM's copy is addressed to and read by.
pub fn reader(lang: Lang) -> String {
    match lang {
        Lang::Zh => "GM".into(),
        Lang::En => "the GM".into(),
    }
}
