//! Why a GM's mail, one of its lines or one of its commands was not carried out: the refusals
//! as data, each said in the language the GM wrote in (`text`), and in English on the command
//! line (`Display`). A detail only a parser can word (a TOML error, a correction the scenario
//! words do not read) is carried as that parser wrote it, in English; what the refusal means is
//! always said in the GM's language.

use crate::Spelling;
use maester_board::Lang;
use maester_rules::Step;
use std::fmt;

/// A word or a moment as each language says it: a house (its key in English, its name in
/// Chinese), a step, a time in the game's time zone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Said {
    /// In Chinese.
    pub zh: String,
    /// In English.
    pub en: String,
}

impl Said {
    /// The same text in both languages (a game id, a house key that names no house).
    pub fn same(s: &str) -> Said {
        Said {
            zh: s.to_string(),
            en: s.to_string(),
        }
    }

    /// As `lang` says it.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Zh => &self.zh,
            Lang::En => &self.en,
        }
    }
}

/// Why a deadline the GM wrote (`+2d`, `2026-12-01 20:00`) does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WhenFault {
    /// `+…` is no duration.
    Duration,
    /// A duration beyond any date.
    TooFar,
    /// Neither a duration nor a local time.
    NotATime,
    /// A local time the game's time zone skips (a clock change).
    NoLocalTime {
        /// The zone.
        zone: String,
    },
}

/// The mail a `resend` looked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sought {
    /// The last answer to the house.
    LastAnswer,
    /// A report: of this round and step, or the newest one.
    Report(Option<(u32, Step)>),
}

/// Why a correction (`edit`) was not made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditFault {
    /// No reason given for the players.
    NoReason,
    /// The correction does not read, or names what is not there (the scenario words' own
    /// message).
    Unread(String),
    /// The result breaks what must always hold (each broken invariant as the checker words it).
    Breaks(Vec<String>),
    /// The state already is so.
    NoChange,
}

/// Why a schedule change was not made, beyond its English detail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScheduleFault {
    /// A key that is no step, `default`, `timezone` or `min_open`.
    NoKey(String),
    /// A value that does not read.
    BadValue {
        /// The key.
        key: String,
        /// The value.
        value: String,
    },
    /// Anything else (the stored configuration, a deadline out of range).
    Other,
}

/// Why a GM mail, one of its lines or one of its commands was not carried out.
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
    /// A schedule line without `=`.
    ScheduleForm(String),
    /// A schedule line without a key or a value.
    ScheduleKeyValue(String),
    /// A schedule command that names no change.
    ScheduleEmpty,
    /// The schedule change was not made (`detail`: what the schedule's reader said).
    Schedule {
        /// The reader's words, in English.
        detail: String,
        /// What it comes to.
        fault: ScheduleFault,
    },
    /// The game is over.
    GameOver(String),
    /// The open step is not the one the GM's step line names.
    WrongStep {
        /// The game.
        game: String,
        /// The open round and step.
        open: (u8, Step),
        /// The round and the step the GM meant.
        meant: (Option<u32>, Option<Step>),
        /// The command was `process` (nothing closed) rather than a change (nothing done).
        closing: bool,
    },
    /// The game changed while the command was carried out (the store's words, in English).
    Stale {
        /// The game.
        game: String,
        /// What changed.
        detail: String,
    },
    /// `process` closed nothing: the step changed meanwhile (in English, as the close said).
    NotClosed(String),
    /// A house name that is no house (the houses' keys).
    NoHouse {
        /// As written.
        name: String,
        /// Every house's key.
        houses: Vec<String>,
    },
    /// A neutral house takes no orders.
    NeutralNoOrders(Said),
    /// A neutral house cannot be given a player again.
    NeutralForGood(Said),
    /// The house is neutral already.
    NeutralAlready(Said),
    /// The game has no seat for the house.
    NoSeat {
        /// The game.
        game: String,
        /// The house.
        house: Said,
    },
    /// The submission entered for a house was refused: (line, its text, why) — the reasons in
    /// the GM's language.
    NotAccepted {
        /// The house.
        house: Said,
        /// The refused lines.
        lines: Vec<(usize, String, String)>,
    },
    /// The text entered for a house holds no orders.
    NoOrders(Said),
    /// Nothing to roll back to (in the round and step named, if one was).
    NoRollback {
        /// The game.
        game: String,
        /// The round and step named.
        target: Option<(u32, Step)>,
    },
    /// A deadline that does not read.
    BadWhen {
        /// As written.
        text: String,
        /// The schedule's reader, in English.
        detail: String,
        /// What is wrong.
        fault: WhenFault,
    },
    /// A new deadline that is not in the future.
    NotInFuture {
        /// As written.
        when: String,
        /// The moment it means, in the game's time zone.
        at: Said,
    },
    /// `deadline` on a paused game.
    PausedUseResume,
    /// `pause` on a paused game.
    PausedAlready(String),
    /// `resume` on a game that is not paused.
    NotPaused(String),
    /// An empty announcement.
    EmptyAnnouncement,
    /// A correction not made.
    Edit(EditFault),
    /// `resend gm --answer`: the GM's copy is a report.
    GmCopyIsAReport,
    /// `resend gm` without `[daemon] gm_address`.
    NoGmAddress,
    /// No report (of the round and step named).
    NoReport {
        /// The game.
        game: String,
        /// The round and step named.
        step: Option<(u32, Step)>,
    },
    /// The mail to resend is not in the store.
    NotStored {
        /// Which mail.
        sought: Sought,
        /// For whom.
        house: Said,
    },
    /// The stored mail could not be sent again (the mail crate's words, in English).
    ResendFailed {
        /// Which mail.
        sought: Sought,
        /// For whom.
        house: Said,
        /// What failed.
        detail: String,
    },
    /// An absence's day that is no day.
    NotADay(String),
    /// An absence's days that do not make one (or lie in the past).
    BadDays {
        /// First day, as written.
        from: String,
        /// Last day, as written.
        to: String,
    },
    /// No absence with this id to cancel.
    NoAbsence {
        /// The id.
        id: i64,
        /// The game.
        game: String,
    },
    /// A reminder offset that does not read (the offset, if one could be told, and the
    /// configuration's words, in English).
    BadReminder {
        /// The offset as written.
        text: Option<String>,
        /// The configuration's words.
        detail: String,
    },
}

impl GmRefusal {
    /// The refusal in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => self.mail_zh().unwrap_or_else(|| self.command_zh()),
            Lang::En => self.mail_en().unwrap_or_else(|| self.command_en()),
        }
    }
}

impl fmt::Display for GmRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

/// A step as the GM reads it: its key in English (as he writes it), its name in Chinese.
pub fn step_for_gm(step: Step, lang: Lang) -> String {
    match lang {
        Lang::En => step.key().to_string(),
        Lang::Zh => step.name_zh().to_string(),
    }
}

/// The steps as the GM writes them.
const STEP_KEYS: &str = "events, events_answers, placement, raven, plan or retreat";

mod zh;

impl GmRefusal {
    /// The refusals of the mail and of its lines, in English.
    fn mail_en(&self) -> Option<String> {
        Some(match self {
            GmRefusal::NoGame => "no game is running".into(),
            GmRefusal::SeveralGames(ids) => format!(
                "several games are running: put the game's name in the subject, one of {}",
                bracketed(ids)
            ),
            GmRefusal::WrongSecret => "The GM secret is wrong; nothing was done.".into(),
            GmRefusal::NoSecret => {
                "The mail has no GM secret (a line \"secret: …\"); nothing was done.".into()
            }
            GmRefusal::NoStep(step) => format!("no step {step:?}: use {STEP_KEYS}"),
            GmRefusal::StepLineNotCommand => "a step line is not a command".into(),
            GmRefusal::ReplaceForm => {
                "write `replace <house> <name> <address> [zh|zh-Hant|en]`".into()
            }
            GmRefusal::ScheduleForm(text) => format!(
                "{text:?}: write `step = entry` (e.g. `plan = Mon 21:00, Thu 21:00`, `default = 2d`, \
                 `timezone = Asia/Shanghai`, `min_open = 6h`)"
            ),
            GmRefusal::ScheduleKeyValue(text) => format!("{text:?}: a key and a value"),
            GmRefusal::ScheduleEmpty => {
                "schedule not changed: name at least one `step = entry`".into()
            }
            GmRefusal::Schedule { detail, .. } => format!("schedule not changed: {detail}"),
            _ => return None,
        })
    }

    /// The refusals of a command, in English (the command line's words).
    fn command_en(&self) -> String {
        match self {
            GmRefusal::GameOver(game) => format!("game {game} is over"),
            GmRefusal::WrongStep {
                game,
                open,
                meant,
                closing,
            } => format!(
                "the open step of game {game} is round {} {}, not {}{}: nothing {}",
                open.0,
                open.1.key(),
                meant.0.map(|r| format!("round {r} ")).unwrap_or_default(),
                meant.1.map(Step::key).unwrap_or("this step"),
                if *closing { "closed" } else { "done" }
            ),
            GmRefusal::Stale { game, detail } => format!("game {game}: {detail}: nothing done"),
            GmRefusal::NotClosed(why) => format!("{why}: nothing closed"),
            GmRefusal::NoHouse { name, houses } => {
                format!("no house {name:?}: use one of {}", houses.join(", "))
            }
            GmRefusal::NeutralNoOrders(h) => format!("{} is neutral: it takes no orders", h.en),
            GmRefusal::NeutralForGood(h) => format!(
                "{} has turned neutral (its player left): a neutral house cannot be given back",
                h.en
            ),
            GmRefusal::NeutralAlready(h) => format!("{} is neutral already", h.en),
            GmRefusal::NoSeat { game, house } => format!("game {game} has no seat {}", house.en),
            GmRefusal::NotAccepted { house, lines } => format!(
                "the submission for {} was not accepted, nothing changed:\n{}",
                house.en,
                lines
                    .iter()
                    .map(|(n, text, why)| format!("  line {n}: {text} — {why}"))
                    .collect::<Vec<_>>()
                    .join("\n")
            ),
            GmRefusal::NoOrders(h) => format!("no orders for {} in the text", h.en),
            GmRefusal::NoRollback { game, target } => match target {
                Some((r, s)) => format!(
                    "game {game} has no earlier state in round {r} {} to roll back to",
                    s.key()
                ),
                None => format!("game {game} has no closed step to roll back"),
            },
            GmRefusal::BadWhen { detail, .. } => detail.clone(),
            GmRefusal::NotInFuture { when, .. } => {
                format!("{when} is not in the future: to close the step now use process")
            }
            GmRefusal::PausedUseResume => {
                "the game is paused: give the new deadline with resume".into()
            }
            GmRefusal::PausedAlready(game) => format!("game {game} is paused already"),
            GmRefusal::NotPaused(game) => format!("game {game} is not paused"),
            GmRefusal::EmptyAnnouncement => "the announcement is empty".into(),
            GmRefusal::Edit(fault) => format!(
                "the correction was not made, nothing changed: {}",
                match fault {
                    EditFault::NoReason => "give the reason the players will read".into(),
                    EditFault::Unread(why) => why.clone(),
                    EditFault::Breaks(broken) => format!(
                        "the result breaks what must always hold (use --force to make it anyway):\n  {}",
                        broken.join("\n  ")
                    ),
                    EditFault::NoChange => "the state already is so".into(),
                }
            ),
            GmRefusal::GmCopyIsAReport => {
                "the GM's copy is a report: --answer names a house".into()
            }
            GmRefusal::NoGmAddress => {
                "no [daemon] gm_address: there is no GM's copy to resend".into()
            }
            GmRefusal::NoReport { game, step } => match step {
                Some((r, s)) => format!("no report of round {r} {} in game {game}", s.key()),
                None => format!("game {game} has no report yet"),
            },
            GmRefusal::NotStored { sought, house } => {
                format!("{} for {} is not in the store", sought_en(sought), house.en)
            }
            GmRefusal::ResendFailed {
                sought,
                house,
                detail,
            } => format!("{} for {}: {detail}", sought_en(sought), house.en),
            GmRefusal::NotADay(s) => format!("{s:?} is not a day: write 2026-12-20 or 12-20"),
            GmRefusal::BadDays { from, to } => {
                format!("{from} to {to}: no such days, or it ends before it starts or in the past")
            }
            GmRefusal::NoAbsence { id, game } => {
                format!("no absence {id} of game {game} to cancel")
            }
            GmRefusal::BadReminder { detail, .. } => detail.clone(),
            // The mail's own refusals are said by `mail_en`.
            _ => String::new(),
        }
    }
}

fn bracketed(ids: &[String]) -> String {
    ids.iter()
        .map(|g| format!("[{g}]"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn sought_en(s: &Sought) -> String {
    s.to_string()
}

/// The mail sought, in English (the audit's words).
impl fmt::Display for Sought {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sought::LastAnswer => f.write_str("the last answer"),
            Sought::Report(Some((r, step))) => write!(f, "the report of round {r} {}", step.key()),
            Sought::Report(None) => f.write_str("the report"),
        }
    }
}
