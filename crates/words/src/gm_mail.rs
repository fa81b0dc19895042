//! The answer to a GM's mail of commands: why nothing was done, why a line was refused, what
//! each line did. The GM reads English and Chinese side by side where the text is maester's.

use std::fmt;

/// Why a GM mail, or one of its lines, was not carried out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GmRefusal {
    /// No game is running.
    NoGame,
    /// Several games are running and the subject names none of them (their ids).
    SeveralGames(Vec<String>),
    /// The GM secret is wrong.
    WrongSecret,
    /// The mail has no GM secret.
    NoSecret,
    /// A step name that is no step.
    NoStep(String),
    /// A step line where a command was expected.
    StepLineNotCommand,
    /// A `replace` line without a name and an address.
    ReplaceForm,
    /// A schedule change that does not read (the reason, as the schedule parser wrote it).
    Schedule(String),
}

impl fmt::Display for GmRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GmRefusal::NoGame => write!(f, "no game is running / 没有进行中的游戏"),
            GmRefusal::SeveralGames(ids) => write!(
                f,
                "several games are running: put the game's name in the subject, one of / 请在标题中写上游戏名: {}",
                ids.iter()
                    .map(|g| format!("[{g}]"))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            GmRefusal::WrongSecret => write!(
                f,
                "The GM secret is wrong; nothing was done. / GM密码不对,没有执行任何指令。"
            ),
            GmRefusal::NoSecret => write!(
                f,
                "The mail has no GM secret (a line \"secret: …\"); nothing was done. / 邮件中没有GM密码(一行「密码: …」),没有执行任何指令。"
            ),
            GmRefusal::NoStep(step) => write!(
                f,
                "no step {step:?}: use events, events_answers, placement, raven, plan or retreat"
            ),
            GmRefusal::StepLineNotCommand => write!(f, "a step line is not a command"),
            GmRefusal::ReplaceForm => write!(
                f,
                "write `换人 <house> <name> <address> [zh|zh-Hant|en]` / `replace <house> <name> <address> [zh|zh-Hant|en]`"
            ),
            GmRefusal::Schedule(why) => write!(f, "{why}"),
        }
    }
}

/// The mail holds no GM command.
pub fn no_command() -> String {
    "no GM command in the mail / 邮件中没有GM指令".into()
}
