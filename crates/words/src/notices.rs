//! What the GM's commands tell the players: each notice as (subject, body) in the player's
//! language. The game tag `[id]` is added by the caller.

use maester_board::Lang;

const SIGN_ZH: &str = "\n\n—— maester 自动裁判";
const SIGN_EN: &str = "\n\n-- maester, the automatic referee";

/// The open step's deadline moved.
pub fn deadline_moved(step: &str, round: u8, deadline: &str, lang: Lang) -> (String, String) {
    match lang {
        Lang::Zh => (
            "截止时间已更改".into(),
            format!("GM通知:第{round}回合{step}的截止时间改为 {deadline}。{SIGN_ZH}"),
        ),
        Lang::En => (
            "The deadline has moved".into(),
            format!("From the GM: round {round}, {step} now closes at {deadline}.{SIGN_EN}"),
        ),
    }
}

/// The game is paused.
pub fn paused(step: &str, round: u8, lang: Lang) -> (String, String) {
    match lang {
        Lang::Zh => (
            "游戏暂停".into(),
            format!(
                "GM通知:游戏暂停。第{round}回合{step}在恢复之前不会结算;你仍然可以发送或修改命令,恢复时会通知新的截止时间。{SIGN_ZH}"
            ),
        ),
        Lang::En => (
            "The game is paused".into(),
            format!(
                "From the GM: the game is paused. Round {round}, {step} will not close until it resumes; you may still send or change your orders, and you will be told the new deadline.{SIGN_EN}"
            ),
        ),
    }
}

/// The game resumes.
pub fn resumed(step: &str, round: u8, deadline: &str, lang: Lang) -> (String, String) {
    match lang {
        Lang::Zh => (
            "游戏恢复".into(),
            format!("GM通知:游戏恢复。第{round}回合{step}的截止时间是 {deadline}。{SIGN_ZH}"),
        ),
        Lang::En => (
            "The game resumes".into(),
            format!(
                "From the GM: the game resumes. Round {round}, {step} closes at {deadline}.{SIGN_EN}"
            ),
        ),
    }
}

/// A message from the GM.
pub fn announcement(text: &str, lang: Lang) -> (String, String) {
    match lang {
        Lang::Zh => ("GM公告".into(), format!("GM公告:\n\n{text}{SIGN_ZH}")),
        Lang::En => (
            "A message from the GM".into(),
            format!("From the GM:\n\n{text}{SIGN_EN}"),
        ),
    }
}

/// The line an answer carries while the game is paused.
pub fn paused_line(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "游戏目前暂停:恢复之前不会结算,恢复时会通知新的截止时间。",
        Lang::En => {
            "The game is paused: nothing closes until it resumes; you will be told the new deadline."
        }
    }
}

/// The GM entered a submission on the house's behalf; its canonical form follows.
pub fn submitted_for_you(step: &str, round: u8, echo: &[String], lang: Lang) -> (String, String) {
    let lines: String = echo.iter().map(|l| format!("    {l}\n")).collect();
    match lang {
        Lang::Zh => (
            "GM代为提交".into(),
            format!(
                "GM通知:GM代你提交了第{round}回合{step}的内容,现在生效的是:\n\n{lines}\n截止之前你仍然可以自己重新发送。{SIGN_ZH}"
            ),
        ),
        Lang::En => (
            "The GM entered your orders".into(),
            format!(
                "From the GM: the GM entered your submission for round {round}, {step}. It now reads:\n\n{lines}\nYou may still send your own before the deadline.{SIGN_EN}"
            ),
        ),
    }
}

/// What a rollback means for one house: the step opened again, why, its new deadline, and
/// for this house what stands and what is withdrawn.
pub struct RolledBack<'a> {
    /// The step opened again, named in the reader's language.
    pub step: &'a str,
    /// Its round.
    pub round: u8,
    /// The GM's reason.
    pub reason: &'a str,
    /// The new deadline in words.
    pub deadline: &'a str,
    /// The house had sent something for the step opened again: it stands.
    pub stands: bool,
    /// The later steps the house had sent something for (round and step in words): withdrawn.
    pub withdrawn: &'a [String],
    /// The calendar events of later steps the house had been sent come cancelled with it.
    pub events_cancelled: bool,
}

/// A step already closed is opened again: the notice to one house, saying once what of its
/// mails stands (what it sent for the step opened again) and once what is withdrawn (what it
/// sent for the steps after it).
pub fn rolled_back(r: &RolledBack, lang: Lang) -> (String, String) {
    let RolledBack {
        step,
        round,
        reason,
        deadline,
        stands,
        withdrawn,
        events_cancelled,
    } = *r;
    match lang {
        Lang::Zh => {
            let stands = if stands {
                "仍然有效:你为这一步提交的内容(截止前可以重新发送,以最后一份为准)。"
            } else {
                "你此前没有为这一步提交内容。"
            };
            let withdrawn = if withdrawn.is_empty() {
                "没有作废的内容。".to_string()
            } else {
                format!(
                    "已作废:你为{}提交的内容;那些步骤再次开始时请重新发送。",
                    withdrawn.join("、")
                )
            };
            let calendar = if events_cancelled {
                "\n附件中的日历事件取消了已撤回的后续步骤的截止时间。"
            } else {
                ""
            };
            (
                format!("第{round}回合{step}重新进行"),
                format!(
                    "GM通知:第{round}回合{step}的结算被撤回,将重新进行。原因:{reason}\n{stands}\n{withdrawn}\n新的截止时间:{deadline}。{calendar}{SIGN_ZH}"
                ),
            )
        }
        Lang::En => {
            let stands = if stands {
                "Stands: what you sent for this step (you may send again until the deadline; the last one counts)."
            } else {
                "You had sent nothing for this step."
            };
            let withdrawn = if withdrawn.is_empty() {
                "Nothing of yours is withdrawn.".to_string()
            } else {
                format!(
                    "Withdrawn: what you sent for {}; send it again when those steps open.",
                    withdrawn.join("; ")
                )
            };
            let calendar = if events_cancelled {
                "\nThe calendar events attached cancel the deadlines of the later steps that were undone."
            } else {
                ""
            };
            (
                format!("Round {round}, {step} is run again"),
                format!(
                    "From the GM: the results of round {round}, {step} are withdrawn and the step will be run again. Why: {reason}\n{stands}\n{withdrawn}\nNew deadline: {deadline}.{calendar}{SIGN_EN}"
                ),
            )
        }
    }
}

/// A step of a round in words, as a rollback notice lists what it withdrew:
/// `第1回合制定执行方案阶段` / `round 1, the plan step`.
pub fn round_step(round: u32, step: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("第{round}回合{step}"),
        Lang::En => format!("round {round}, {step}"),
    }
}

/// How many of the houses asked in the open step have sent, and which are still missing (their
/// names in the reader's language); empty when the step waits for one house only.
pub fn still_waiting(sent: usize, asked: usize, missing: &[String], lang: Lang) -> String {
    if asked < 2 {
        return String::new();
    }
    match (missing.is_empty(), lang) {
        (true, Lang::Zh) => format!("{asked}家中已有{sent}家提交,不再等待任何家族。"),
        (true, Lang::En) => format!("{sent} of {asked} have sent; nobody is missing."),
        (false, Lang::Zh) => format!(
            "{asked}家中已有{sent}家提交,仍在等待:{}。",
            missing.join("、")
        ),
        (false, Lang::En) => format!(
            "{sent} of {asked} have sent; still waiting for: {}.",
            missing.join(", ")
        ),
    }
}

/// What a reminder says.
pub struct Reminder<'a> {
    /// The step's name.
    pub step: &'a str,
    /// The round.
    pub round: u8,
    /// The deadline, in words.
    pub deadline: &'a str,
    /// How long before the deadline this reminder comes, e.g. `24h`.
    pub before: &'a str,
    /// What the house must send, with examples.
    pub what: &'a str,
    /// What happens when it stays silent (the default of the step; empty: said generally).
    pub default: &'a str,
    /// The [`still_waiting`] line (empty: not shown).
    pub waiting: &'a str,
}

/// A reminder to a house that has not sent yet.
pub fn reminder(r: &Reminder<'_>, lang: Lang) -> (String, String) {
    let Reminder {
        step,
        round,
        deadline,
        before,
        what,
        default,
        waiting,
    } = r;
    let waiting = if waiting.is_empty() {
        String::new()
    } else {
        format!("\n\n{waiting}")
    };
    match lang {
        Lang::Zh => {
            let before = before
                .replace('d', "天")
                .replace('h', "小时")
                .replace('m', "分钟");
            let silent = if default.is_empty() {
                "如果你不发送任何内容,将按默认处理。".to_string()
            } else {
                format!("如果你不发送任何内容,将按默认处理:{default}")
            };
            (
                format!("提醒:第{round}回合{step}将于{before}后截止"),
                format!(
                    "提醒:第{round}回合{step}的截止时间是 {deadline}(还有约{before}),你还没有提交。\n\n{what}\n\n{silent}{waiting}{SIGN_ZH}"
                ),
            )
        }
        Lang::En => {
            let silent = if default.is_empty() {
                "If you send nothing, the defaults apply.".to_string()
            } else {
                format!("If you send nothing, the defaults apply: {default}")
            };
            (
                format!("Reminder: round {round}, {step} closes in {before}"),
                format!(
                    "Reminder: round {round}, {step} closes at {deadline} (in about {before}), and you have not sent yours yet.\n\n{what}\n\n{silent}{waiting}{SIGN_EN}"
                ),
            )
        }
    }
}

/// The GM corrected the game's state: why, and every change.
pub fn corrected(reason: &str, changes: &[String], lang: Lang) -> (String, String) {
    let lines: String = changes.iter().map(|l| format!("    {l}\n")).collect();
    match lang {
        Lang::Zh => (
            "GM更正了局面".into(),
            format!(
                "GM通知:GM更正了局面。原因:{reason}\n\n更正的内容:\n{lines}\n其他一切不变。{SIGN_ZH}"
            ),
        ),
        Lang::En => (
            "The GM corrected the game".into(),
            format!(
                "From the GM: the game's state was corrected. Why: {reason}\n\nWhat changed:\n{lines}\nEverything else stays as it was.{SIGN_EN}"
            ),
        ),
    }
}

/// The GM changed the schedule of the steps to come.
pub fn schedule_changed(entries: &[String], lang: Lang) -> (String, String) {
    let lines: String = entries.iter().map(|l| format!("    {l}\n")).collect();
    match lang {
        Lang::Zh => (
            "日程已更改".into(),
            format!(
                "GM通知:之后各阶段的截止时间按新的日程计算(当前阶段的截止时间不变):\n{lines}{SIGN_ZH}"
            ),
        ),
        Lang::En => (
            "The schedule has changed".into(),
            format!(
                "From the GM: the steps to come close by a new schedule (the open step keeps its deadline):\n{lines}{SIGN_EN}"
            ),
        ),
    }
}
