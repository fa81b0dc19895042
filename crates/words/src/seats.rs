//! What the GM's seat changes tell the players: a substitute seated (to every seat, to the
//! player who leaves, and the new player's welcome), a house turned neutral. Each notice is
//! (subject, body) in the reader's language; `sentence` is the change as the log says it.

use maester_board::Lang;

/// To every seat: the house has a new player.
pub fn replaced(house: &str, sentence: &str, player: &str, lang: Lang) -> (String, String) {
    match lang {
        Lang::Zh => (
            format!("{house}换了玩家"),
            format!("GM通知:{sentence}。新玩家:{player}。\n\n—— maester 自动裁判"),
        ),
        Lang::En => (
            format!("{house} has a new player"),
            format!(
                "From the GM: {sentence}. The new player: {player}.\n\n-- maester, the automatic referee"
            ),
        ),
    }
}

/// To the player who leaves, at the old address; `game` is the game's id.
pub fn left(game: &str, player: &str, house: &str, lang: Lang) -> (String, String) {
    match lang {
        Lang::Zh => (
            format!("[{game}] 你已离开游戏"),
            format!(
                "{player}你好,\n\nGM安排了替补玩家接手{house}。你的密码已经失效。谢谢你参加本局!\n\n—— maester 自动裁判"
            ),
        ),
        Lang::En => (
            format!("[{game}] You have left the game"),
            format!(
                "Hello {player},\n\nThe GM has seated a substitute for {house}. Your secret no longer works. Thank you for playing!\n\n-- maester, the automatic referee"
            ),
        ),
    }
}

/// The new player's welcome: the secret, the open step and its deadline, what to send.
pub struct TakeOver<'a> {
    /// The game's id.
    pub game: &'a str,
    /// The new player's name.
    pub player: &'a str,
    /// The house's name.
    pub house: &'a str,
    /// The house's new secret.
    pub secret: &'a str,
    /// The round.
    pub round: u8,
    /// The open step's name.
    pub step: &'a str,
    /// Its deadline in words.
    pub deadline: &'a str,
    /// What the house has to send now.
    pub what: &'a str,
    /// The house's units now ([`crate::welcome::units`]).
    pub units: &'a str,
    /// The roster, leaders, order limits, example and GM ([`crate::welcome::sections`]).
    pub sections: &'a str,
    /// The game's schedule ([`crate::deadlines::schedule_section`]).
    pub schedule: &'a str,
}

/// The new player's welcome mail.
pub fn take_over(t: &TakeOver, lang: Lang) -> (String, String) {
    let TakeOver {
        game,
        player,
        house,
        secret,
        round,
        step,
        deadline,
        what,
        units,
        sections,
        schedule,
    } = *t;
    match lang {
        Lang::Zh => (
            format!("[{game}] 欢迎接手{house}"),
            format!(
                "{player}你好,\n\n你接手游戏 {game} 中的{house}。\n你的密码是:{secret}\n每封命令邮件都要写上一行「密码: {secret}」,并且从这个邮箱地址发出。请不要把密码告诉别人。\n\n你的部队:\n{units}\n{sections}现在是第{round}回合{step},截止时间 {deadline}。\n{what}\n\n{schedule}要查看局面,发送一封写有这两行的邮件(密码那一行每封邮件都要有):\n  密码: {secret}\n  状态\n\n—— maester 自动裁判"
            ),
        ),
        Lang::En => (
            format!("[{game}] Welcome: you take over {house}"),
            format!(
                "Hello {player},\n\nYou take over {house} in game {game}.\nYour secret is: {secret}\nPut a line \"secret: {secret}\" in every order mail, and send it from this address. Keep the secret to yourself.\n\nYour units:\n{units}\n{sections}Round {round}, {step} is open until {deadline}.\n{what}\n\n{schedule}To see the position, send a mail with these two lines (the secret line goes in every mail):\n  secret: {secret}\n  status\n\n-- maester, the automatic referee"
            ),
        ),
    }
}

/// To every seat: the house turned neutral (its player left, A-21).
pub fn neutral(house: &str, sentence: &str, lang: Lang) -> (String, String) {
    match lang {
        Lang::Zh => (
            format!("{house}转为中立"),
            format!(
                "GM通知:{sentence}。\n与它交战按中立家族的规则:只计它的部队、城堡和工事,平局算进攻方胜,被击败的部队不能撤退;它出价为0。\n\n—— maester 自动裁判"
            ),
        ),
        Lang::En => (
            format!("{house} turns neutral"),
            format!(
                "From the GM: {sentence}.\nIt is fought as a neutral force: only its units, castle and fortification count, a tie goes to the attacker, beaten units cannot retreat; it bids 0.\n\n-- maester, the automatic referee"
            ),
        ),
    }
}

/// The public record's heading over the seats that want a substitute (`gm seat-open`).
pub fn wanted_heading(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "招募替补玩家",
        Lang::En => "Substitutes wanted",
    }
}

/// The public record's line for a house whose seat wants a substitute, and how to apply:
/// `contact` is the GM's public contact as configured (never a player's address); without
/// one, the forum.
pub fn wanted(house: &str, contact: Option<&str>, lang: Lang) -> String {
    match (lang, contact) {
        (Lang::Zh, Some(c)) => {
            format!("{house}需要一位替补玩家接手。有意者请联系GM:{c}")
        }
        (Lang::Zh, None) => format!("{house}需要一位替补玩家接手。有意者请在论坛上联系GM。"),
        (Lang::En, Some(c)) => {
            format!("{house} wants a substitute player. To take the seat, contact the GM: {c}")
        }
        (Lang::En, None) => format!(
            "{house} wants a substitute player. To take the seat, contact the GM on the forum."
        ),
    }
}

/// `seat-open`: the GM's answer (`already`: the seat was wanted before).
pub fn opened(house: &str, already: bool, lang: Lang) -> String {
    match (lang, already) {
        (Lang::Zh, false) => format!(
            "{house}的席位开始招募替补:下一份论坛帖和网站会写明;「换人」或「停止招替补」结束招募"
        ),
        (Lang::Zh, true) => format!("{house}的席位已在招募替补,未作改动"),
        (Lang::En, false) => format!(
            "{house}'s seat now wants a substitute: the next forum post and the site say so; `replace` or `seat-close` ends it"
        ),
        (Lang::En, true) => format!("{house}'s seat already wants a substitute; nothing changed"),
    }
}

/// `seat-close`: the GM's answer (`was_open`: the seat wanted a substitute).
pub fn closed(house: &str, was_open: bool, lang: Lang) -> String {
    match (lang, was_open) {
        (Lang::Zh, true) => format!("{house}的席位不再招募替补"),
        (Lang::Zh, false) => format!("{house}的席位本来就没有在招募替补,未作改动"),
        (Lang::En, true) => format!("{house}'s seat no longer wants a substitute"),
        (Lang::En, false) => format!("{house}'s seat did not want a substitute; nothing changed"),
    }
}

/// `who`: the seats that want a substitute.
pub fn who_wanted(houses: &[String], lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("  招募替补中的席位:{}", houses.join("、")),
        Lang::En => format!("  seats wanting a substitute: {}", houses.join(", ")),
    }
}
