//! The words of a step's deadline as a calendar event (the `text/calendar` attachment of the
//! mails that open a step or move its deadline): its title, its description and the text of
//! its reminder. The event itself (RFC 5545) is written by the shell.

use crate::instructions::step_name;
use maester_board::Lang;
use maester_rules::Step;

/// The event's title: the game, the round and the step whose deadline it is.
pub fn summary(game: &str, round: u8, step: Step, lang: Lang) -> String {
    let step = step_name(step, lang);
    match lang {
        Lang::Zh => format!("{game} 第{round}轮 {step} 截止"),
        Lang::En => format!("{game}: round {round}, {step} deadline"),
    }
}

/// The event's description: what is due, and that a moved deadline comes as a new copy.
pub fn description(game: &str, round: u8, step: Step, lang: Lang) -> String {
    let step_words = step_name(step, lang);
    match lang {
        Lang::Zh => format!(
            "《{game}》第{round}轮「{step_words}」的截止时间。请在此之前回复裁判的邮件。截止时间改变时,你会收到更新后的日程。"
        ),
        Lang::En => format!(
            "The deadline of {game}, round {round}, step \"{step_words}\". Answer the referee's mail before it. When the deadline moves, a new copy of this event comes with the mail that says so."
        ),
    }
}

/// The reminder's text, `hours` before the deadline.
pub fn reminder(game: &str, hours: u32, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("《{game}》{hours}小时后截止"),
        Lang::En => format!("{game}: the deadline is in {hours} hours"),
    }
}

/// The file name of the attachment (ASCII: every mail client shows it).
pub fn file_name(game: &str, round: u8, step: Step) -> String {
    let game: String = game
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{game}-r{round}-{}.ics", step.key())
}
