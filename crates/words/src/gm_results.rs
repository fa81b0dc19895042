//! What each GM command did, in one line (or a few) for the GM, in the language he wrote his
//! mail in (the command line reads English). Times come formatted in the game's time zone;
//! houses and steps come named in the same language.

use maester_board::Lang;

/// `who`, first line: the game, its open step, its status and deadline.
pub fn who_head(
    game: &str,
    round: u8,
    step: &str,
    status: &str,
    deadline: &str,
    lang: Lang,
) -> String {
    match lang {
        Lang::Zh => format!("游戏 {game},第{round}回合{step}({status}),截止时间 {deadline}:"),
        Lang::En => format!("game {game}, round {round} {step} ({status}), deadline {deadline}:"),
    }
}

/// `who`: nobody is asked anything in the open step.
pub fn who_nobody(lang: Lang) -> String {
    match lang {
        Lang::Zh => "  本阶段没有需要提交的家族".into(),
        Lang::En => "  nobody is asked anything in this step".into(),
    }
}

/// `who`: a house that has sent, and when.
pub fn who_sent(house: &str, at: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("  {house} 已提交 {at}"),
        Lang::En => format!("  {house:<10} sent {at}"),
    }
}

/// `who`: a house that has not sent.
pub fn who_missing(house: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("  {house} 未提交"),
        Lang::En => format!("  {house:<10} MISSING"),
    }
}

/// `who`, last line: how many have sent.
pub fn who_count(sent: usize, of: usize, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{of}家中已有{sent}家提交"),
        Lang::En => format!("{sent} of {of} have sent"),
    }
}

/// The policy of the open step: in its grace.
pub fn policy_grace(deadline: &str, until: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => {
            format!("  宽限期:截止时间 {deadline} 已过;{until} 或最后一个迟交的家族提交时结算")
        }
        Lang::En => format!(
            "  grace: the deadline {deadline} passed; the step closes at {until} or when the last late house sends"
        ),
    }
}

/// The policy of the open step: a house asked to wait.
pub fn policy_wait(house: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("  {house} 要求等待:本阶段不提前结算"),
        Lang::En => format!("  {house} asked to wait: no early close in this step"),
    }
}

/// The policy of the open step: the reminders sent.
pub fn policy_reminders(list: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("  已发提醒:截止前 {list}"),
        Lang::En => format!("  reminders sent: {list} before the deadline"),
    }
}

/// One absence of the game (`by_gm`: set by the GM, else by the player).
pub fn policy_absence(
    id: i64,
    house: &str,
    days: (&str, &str, u32),
    by_gm: bool,
    lang: Lang,
) -> String {
    let (first, last, n) = days;
    match lang {
        Lang::Zh => {
            let by = if by_gm { "GM" } else { "玩家" };
            format!("  请假 {id}:{house} {first} 至 {last} 不在({n}天,由{by}设置)")
        }
        Lang::En => {
            let by = if by_gm { "gm" } else { "player" };
            format!(
                "  absence {id}: {house} away {first} to {last} ({}, set by the {by})",
                crate::plural::count_en(n, "day")
            )
        }
    }
}

/// `log` of a game with no audit line.
pub fn log_empty(lang: Lang) -> String {
    match lang {
        Lang::Zh => "日志中还没有记录".into(),
        Lang::En => "nothing in the log yet".into(),
    }
}

/// `announce`: to whom (`house`: one house's name; none: every player).
pub fn announced(house: Option<&str>, lang: Lang) -> String {
    match (lang, house) {
        (Lang::Zh, Some(h)) => format!("公告已发给{h}"),
        (Lang::Zh, None) => "公告已发给所有玩家".into(),
        (Lang::En, Some(h)) => format!("announcement to {h}"),
        (Lang::En, None) => "announcement to every player".into(),
    }
}

/// `requeue`: how many failed mails were queued again.
pub fn requeued(n: usize, game: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("游戏 {game} 的 {n} 封发送失败的邮件已重新排队"),
        Lang::En => format!(
            "{} of game {game} queued again",
            crate::plural::count_en(n as i64, "failed mail")
        ),
    }
}

/// `backups`: none for the game.
pub fn backups_none(game: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("游戏 {game} 没有备份"),
        Lang::En => format!("no backups of game {game}"),
    }
}

/// `backups`: the list, one line each.
pub fn backups(game: &str, lines: &[String], lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("游戏 {game} 的备份:\n  {}", lines.join("\n  ")),
        Lang::En => format!("backups of game {game}:\n  {}", lines.join("\n  ")),
    }
}

/// `backups`: one backup, taken at `time` before round `round` `step` closed.
pub fn backup_line(time: &str, round: u32, step: &str, kb: u64, path: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{time}  第{round}回合{step}  {kb} kB  {path}"),
        Lang::En => format!("{time}  round {round} {step}  {kb} kB  {path}"),
    }
}

/// What `resend` sent again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resent<'a> {
    /// The last answer to the house.
    Answer,
    /// The report of this round and step (named), or of the first close.
    Report(Option<(u32, &'a str)>),
}

/// `resend`: what was queued again, for whom, to which address.
pub fn resent(what: Resent<'_>, house: &str, address: &str, lang: Lang) -> String {
    match (lang, what) {
        (Lang::Zh, Resent::Answer) => format!("给{house}的上一封回复已重新发往 {address}"),
        (Lang::Zh, Resent::Report(Some((r, s)))) => {
            format!("给{house}的第{r}回合{s}战报已重新发往 {address}")
        }
        (Lang::Zh, Resent::Report(None)) => format!("给{house}的战报已重新发往 {address}"),
        (Lang::En, Resent::Answer) => {
            format!("the last answer for {house} queued again to {address}")
        }
        (Lang::En, Resent::Report(Some((r, s)))) => {
            format!("the report of round {r} {s} for {house} queued again to {address}")
        }
        (Lang::En, Resent::Report(None)) => {
            format!("the report for {house} queued again to {address}")
        }
    }
}

/// `submit`: the house's orders as stored (their canonical form, one a line).
pub fn submitted(house: &str, echo: &[String], lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("已为{house}录入提交:\n  {}", echo.join("\n  ")),
        Lang::En => format!("submission for {house} stored:\n  {}", echo.join("\n  ")),
    }
}

/// `preview`, first line: the step closing now, and the step that would open.
pub fn preview_head(game: &str, closing: (u8, &str), next: (u8, &str), lang: Lang) -> String {
    match lang {
        Lang::Zh => format!(
            "预览:游戏 {game} 第{}回合{}若现在结算(不保存、不发送);之后为第{}回合{}",
            closing.0, closing.1, next.0, next.1
        ),
        Lang::En => format!(
            "PREVIEW of game {game}, round {} {} closing now (nothing stored, nothing sent); next: round {} {}",
            closing.0, closing.1, next.0, next.1
        ),
    }
}

/// `preview`: the head of one mail that would be sent.
pub fn preview_mail(to: &str, subject: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("\n===== 发给 {to} — {subject}"),
        Lang::En => format!("\n===== to {to} — {subject}"),
    }
}

/// `rollback`: the step opened again, with its new deadline; how many houses' mails for it
/// stand, and whose mails for the later steps are withdrawn (`史塔克(第1回合制定执行方案阶段)`).
pub fn rolled_back(
    game: &str,
    at: (u8, &str),
    deadline: &str,
    stands: usize,
    withdrawn: &[String],
    lang: Lang,
) -> String {
    let (round, step) = at;
    match lang {
        Lang::Zh => {
            let w = if withdrawn.is_empty() {
                "没有作废的提交".to_string()
            } else {
                format!("已作废:{}", withdrawn.join("、"))
            };
            format!(
                "游戏 {game} 已回到第{round}回合{step};截止时间 {deadline}。仍然有效:{stands}家为这一步提交的内容;{w}。"
            )
        }
        Lang::En => {
            let w = if withdrawn.is_empty() {
                "nothing withdrawn".to_string()
            } else {
                format!("withdrawn: {}", withdrawn.join("; "))
            };
            let stands = crate::plural::count_en(stands as i64, "house");
            format!(
                "game {game} back to round {round} {step}; deadline {deadline}. Standing: what {stands} sent for this step; {w}."
            )
        }
    }
}

/// One house's withdrawn mails in the `rollback` answer: `史塔克(第1回合制定执行方案阶段)`.
pub fn withdrawn_of(house: &str, steps: &[String], lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{house}({})", steps.join("、")),
        Lang::En => format!("{house} ({})", steps.join(", ")),
    }
}

/// `replace`: the house's new player.
pub fn replaced(house: &str, name: &str, address: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{house}现在由 {name} <{address}> 接手"),
        Lang::En => format!("{house} is now played by {name} <{address}>"),
    }
}

/// `leave`: the house turned neutral.
pub fn left(house: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{house}已成为中立家族"),
        Lang::En => format!("{house} has turned neutral"),
    }
}

/// `absence`: set, with its id and days.
pub fn absence_set(id: i64, house: &str, days: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("请假 {id}:{house} {days}"),
        Lang::En => format!("absence {id}: {house} away {days}"),
    }
}

/// `absence --cancel`: cancelled.
pub fn absence_cancelled(id: i64, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("请假 {id} 已取消"),
        Lang::En => format!("absence {id} cancelled"),
    }
}

/// `reminders`: the offsets now (none: no reminders).
pub fn reminders(game: &str, before: &[String], lang: Lang) -> String {
    match lang {
        Lang::Zh if before.is_empty() => format!("游戏 {game}:截止前不再发提醒"),
        Lang::Zh => format!("游戏 {game}:每个截止时间前 {} 发提醒", before.join("、")),
        Lang::En if before.is_empty() => {
            format!("game {game}: reminders before each deadline: none")
        }
        Lang::En => format!(
            "game {game}: reminders before each deadline: {}",
            before.join(", ")
        ),
    }
}

/// `schedule`: the changes, for the steps to come.
pub fn schedule_changed(game: &str, changes: &[String], lang: Lang) -> String {
    match lang {
        Lang::Zh => format!(
            "游戏 {game} 的时间表已修改(从下一个阶段起生效):{}",
            changes.join(";")
        ),
        Lang::En => format!(
            "schedule of game {game} changed for the steps to come: {}",
            changes.join("; ")
        ),
    }
}

/// `edit`: what changed in the state.
pub fn corrected(game: &str, changes: &[String], lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("游戏 {game} 的局面已更正:\n  {}", changes.join("\n  ")),
        Lang::En => format!(
            "state of game {game} corrected:\n  {}",
            changes.join("\n  ")
        ),
    }
}

/// A game's status (`running`, `paused`, `finished`) in words.
pub fn status(key: &str, lang: Lang) -> String {
    match (lang, key) {
        (Lang::Zh, "running") => "进行中".into(),
        (Lang::Zh, "paused") => "已暂停".into(),
        (Lang::Zh, "finished") => "已结束".into(),
        _ => key.into(),
    }
}
