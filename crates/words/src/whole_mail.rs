//! What an answer says about a player's mail as a whole, before its lines: the secret, a house
//! that turned neutral, a mail with no orders, orders for another step, a sender in several
//! games; and the short words a reply or a report shares (no deadline, the published seed).

use crate::Spelling;
use maester_board::{Board, HouseId, Lang};
use maester_rules::{GameState, Step};

/// The mail's secret is not the house's.
pub fn wrong_secret(lang: Lang) -> String {
    match lang {
        Lang::Zh => "密码不对。请使用GM发给你的密码,写成一行「密码: 你的密码」。".into(),
        Lang::En => "The secret is wrong. Use the secret the GM sent you, on a line \"secret: your-secret\".".into(),
    }
}

/// The mail's text lies deeper than 20 nested multiparts: not read.
pub fn too_deeply_nested(lang: Lang) -> String {
    match lang {
        Lang::Zh => "邮件的正文嵌套得太深(超过20层),无法读取。请直接用纯文本重新发送命令。".into(),
        Lang::En => "The mail's text is nested too deeply (more than 20 levels of parts) to be read. Send your orders again as plain text.".into(),
    }
}

/// The mail has no secret.
pub fn no_secret(lang: Lang) -> String {
    match lang {
        Lang::Zh => "邮件中没有密码。请加上一行「密码: 你的密码」。".into(),
        Lang::En => "The mail has no secret. Add a line \"secret: your-secret\".".into(),
    }
}

/// The mail's orders (or its secret) are only inside the quote, which is not read: where to
/// write them.
pub fn quoted_not_read(lang: Lang) -> String {
    match lang {
        Lang::Zh => "引用的文字(以“>”开头的行,或回复时附在下面的原邮件)不会被读取。请把「密码: 你的密码」和命令写在引用之外,写在邮件的最上面。".into(),
        Lang::En => "Quoted text (lines starting with \">\", or the original mail below your reply) is not read. Write the line \"secret: your-secret\" and your orders outside the quote, at the top of the mail.".into(),
    }
}

/// The form was filled inside the quote, with the house's secret: read from there.
pub fn read_from_quote(lang: Lang) -> String {
    match lang {
        Lang::Zh => "你的命令和密码写在了引用的文字里,已按引用中填写的表格读取。以后请写在引用之外、邮件的最上面。".into(),
        Lang::En => "Your secret and orders were written inside the quoted text: the form filled there was read. Next time write them above the quote, at the top of the mail.".into(),
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

/// Orders for another step than the open one, with how to write the open step's.
pub fn wrong_step(open: Step, sent: Step, lang: Lang) -> String {
    let how = crate::instructions::instructions(open, lang);
    // A step still to come this round (a plan sent during placement): when it opens.
    let early = !crate::late_mail::closed(open, sent) && sent != Step::Finished;
    match (lang, early) {
        (Lang::Zh, true) => format!(
            "{sent}还没有开始:{open}结算之后才开放,届时的报告会请你提交;这封邮件的内容没有保存,到时请再发送。现在是{open};{how}",
            sent = sent.name_zh(),
            open = open.name_zh()
        ),
        (Lang::En, true) => format!(
            "the {sent} has not opened yet: it opens once the {open} has closed, and that report will ask you for it; nothing of this mail was kept, send it then. The open step is the {open}; {how}",
            sent = sent.name_en(),
            open = open.name_en()
        ),
        (Lang::Zh, false) => format!("现在是{},不是{};{how}", open.name_zh(), sent.name_zh()),
        (Lang::En, false) => format!(
            "the open step is {}, not {}; {how}",
            open.name_en(),
            sent.name_en()
        ),
    }
}

/// A sender seated in several running games whose subject names none of them (`[id]` each).
pub fn several_games(ids: &[String]) -> String {
    let ids = ids.join(" ");
    format!(
        "你在多个游戏中,请在邮件标题中写上游戏名:{ids}\nYou play in several games; put the game's name in the subject: {ids}\n\n—— maester"
    )
}

/// A step without a deadline.
pub fn no_deadline(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "无",
        Lang::En => "none",
    }
}

/// The last report's line that publishes the game's random seed.
pub fn seed_published(seed: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("本局随机种子:{seed}"),
        Lang::En => format!("This game's random seed: {seed}"),
    }
}

/// A player's mail over the size limit (sizes in KB): not read, nothing changed.
pub fn too_large(player: &str, size_kb: u64, limit_kb: u64, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!(
            "{player}你好,\n\n你的邮件太大了({size_kb} KB,上限是 {limit_kb} KB),maester 没有读取它,游戏中没有任何改变。\n\
             请把命令直接写在邮件正文里(纯文本),不要带附件、图片或长篇引用,然后重新发送。\n\n—— maester 自动裁判"
        ),
        Lang::En => format!(
            "Hello {player},\n\nYour mail is too large ({size_kb} KB; the limit is {limit_kb} KB), so maester did not read it and it changed nothing in the game.\n\
             Please send your orders again written in the mail itself, as plain text, without attachments, pictures or long quotes.\n\n-- maester, the automatic referee"
        ),
    }
}
