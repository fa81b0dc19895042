//! Silent seats in the GM's words: the silent steps of a house in `gm who`, and the GM's alert
//! when a house has been silent `silence_alert` steps in a row, with the command to use.

use maester_board::Lang;

/// `who`: a house's silent steps (asked, sent nothing, its defaults taken).
pub fn who_silent(house: &str, total: u32, in_a_row: u32, lang: Lang) -> String {
    match lang {
        Lang::Zh => {
            format!("  {house} 未提交而按默认处理的步骤: 共 {total} 步,目前连续 {in_a_row} 步")
        }
        Lang::En => format!("  {house:<10} silent steps: {total} in all, {in_a_row} in a row now"),
    }
}

/// The GM's alert: its subject and text. `key` is the house's key, for the command.
pub fn alert(game: &str, house: &str, key: &str, in_a_row: u32, lang: Lang) -> (String, String) {
    match lang {
        Lang::Zh => (
            format!("[{game}] {house} 已连续 {in_a_row} 步没有提交"),
            format!(
                "{house} 已连续 {in_a_row} 步没有提交,每一步都按默认处理。\n\n\
                 如果要换人接手,请在命令行运行:\n  \
                 maester gm replace --game {game} --house {key} --name 新玩家 --email 地址\n\
                 或者用 GM 密码给裁判写信:\n  换人 {key} 新玩家 地址\n\n\
                 如果还没有人接手,先在论坛帖和网站上招募替补:\n  \
                 maester gm seat-open --game {game} --house {key}\n\
                 (写信:招替补 {key})\n\n\
                 这个提醒每次连续沉默只发一次;「gm who」列出每家的沉默步数。\n"
            ),
        ),
        Lang::En => (
            format!("[{game}] {house} has been silent {in_a_row} steps in a row"),
            format!(
                "{house} has sent nothing for {in_a_row} steps in a row; each took its defaults.\n\n\
                 To give the seat to a substitute, run:\n  \
                 maester gm replace --game {game} --house {key} --name NAME --email ADDRESS\n\
                 or mail the referee with the GM secret:\n  replace {key} NAME ADDRESS\n\n\
                 If nobody is at hand, ask for a substitute in the forum post and on the site:\n  \
                 maester gm seat-open --game {game} --house {key}\n\
                 (by mail: seat-open {key})\n\n\
                 This alert is sent once per run of silent steps; `gm who` lists each house's.\n"
            ),
        ),
    }
}
