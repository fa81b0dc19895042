//! The answer to a GM's mail of commands: why nothing was done, why a line was refused, what
//! each line did, in the language the GM wrote in (the refusals themselves: `gm_refusals`).

pub use crate::gm_refusals::GmRefusal;

use maester_board::Lang;

/// The mail holds no GM command.
pub fn no_command(lang: Lang) -> String {
    match lang {
        Lang::Zh => "邮件中没有GM指令".into(),
        Lang::En => "no GM command in the mail".into(),
    }
}

/// One line of the answer to a GM's mail: what line `n` did, in the GM's language.
pub fn line_done(n: usize, summary: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("第{n}行:{summary}"),
        Lang::En => format!("line {n}: {summary}"),
    }
}

/// Line `n` was refused, and why.
pub fn line_refused(n: usize, why: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("第{n}行:未执行 —— {why}"),
        Lang::En => format!("line {n}: refused — {why}"),
    }
}

/// Line `n` is no GM command.
pub fn line_unknown(n: usize, text: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("第{n}行:不是GM指令,已忽略:{text}"),
        Lang::En => format!("line {n}: not a GM command, ignored: {text}"),
    }
}

/// A step line: the commands after it mean this round and step.
pub fn line_guard(n: usize, round: u32, step: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("第{n}行:以下指令针对第{round}回合{step}"),
        Lang::En => format!("line {n}: the following commands mean round {round} {step}"),
    }
}

/// A step line naming no step: the commands after it were not run.
pub fn line_bad_guard(n: usize, why: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("第{n}行:{why} —— 之后的指令没有执行"),
        Lang::En => format!("line {n}: {why} — the commands after it were not run"),
    }
}

/// `deadline`: the open step's deadline moved, old → new (both in the game's time zone).
pub fn deadline_set(round: u8, step: &str, old: &str, new: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("第{round}回合{step}:截止时间 {old} → {new}"),
        Lang::En => format!("round {round} {step}: deadline {old} → {new}"),
    }
}

/// `pause`: the game is paused (`left`: minutes that were left, if a deadline was set).
pub fn paused(game: &str, round: u8, step: &str, left: Option<i64>, lang: Lang) -> String {
    match (lang, left) {
        (Lang::Zh, Some(m)) => {
            format!("游戏 {game} 已暂停于第{round}回合{step};暂停时还剩 {m} 分钟")
        }
        (Lang::Zh, None) => format!("游戏 {game} 已暂停于第{round}回合{step}"),
        (Lang::En, Some(m)) => {
            format!("game {game} paused at round {round} {step}; {m} min were left")
        }
        (Lang::En, None) => format!("game {game} paused at round {round} {step}"),
    }
}

/// `resume`: the game goes on, with this deadline.
pub fn resumed(game: &str, round: u8, step: &str, deadline: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("游戏 {game} 已恢复,第{round}回合{step};截止时间 {deadline}"),
        Lang::En => format!("game {game} resumed at round {round} {step}; deadline {deadline}"),
    }
}

/// `process`: the open step was closed by the GM; the step open now.
pub fn processed(closed: (u8, &str), open: (u8, &str), lang: Lang) -> String {
    match lang {
        Lang::Zh => format!(
            "第{}回合{}已结算;现在是第{}回合{}",
            closed.0, closed.1, open.0, open.1
        ),
        Lang::En => format!(
            "round {} {} closed; now round {} {}",
            closed.0, closed.1, open.0, open.1
        ),
    }
}
