//! The arguments of `maester gm`: one subcommand per GM command.

use clap::Subcommand;

#[derive(Subcommand)]
pub enum GmCmd {
    /// Seat a substitute: a new player takes over a house (a new secret is mailed to them).
    Replace {
        /// The house (stark, greyjoy, … or a name such as 白狼).
        #[arg(long)]
        house: String,
        /// The new player's name.
        #[arg(long)]
        name: String,
        /// The new player's mail address.
        #[arg(long)]
        email: String,
        /// The new player's mail language (zh | zh-Hant | en; zh-Hant: Traditional characters);
        /// the house's current one when omitted.
        #[arg(long)]
        lang: Option<String>,
    },
    /// The house's seat wants a substitute: the forum post and the site say so, with how to
    /// apply (`[daemon] gm_contact`), until `seat-close` or `replace`.
    SeatOpen {
        /// The house.
        #[arg(long)]
        house: String,
    },
    /// The house's seat no longer wants a substitute.
    SeatClose {
        /// The house.
        #[arg(long)]
        house: String,
    },
    /// A player leaves with no substitute: the house turns neutral.
    Leave {
        /// The house.
        #[arg(long)]
        house: String,
    },
    /// Close the open step now, as if its deadline had passed.
    Process {
        /// Only if this is the open step (events, events_answers, placement, raven, plan, retreat).
        #[arg(long)]
        step: Option<String>,
        /// Only if this is the current round (with --step: that step of that round, so that a
        /// late command cannot close the same step of the next round).
        #[arg(long)]
        round: Option<u32>,
    },
    /// Set the open step's deadline: +2d, +12h, +1d12h, or a local time "2026-12-01 20:00" in
    /// the game's time zone. Every player is told.
    Deadline {
        /// When the open step closes.
        when: String,
        /// Only if this is the open step.
        #[arg(long)]
        step: Option<String>,
        /// Only if this is the current round.
        #[arg(long)]
        round: Option<u32>,
    },
    /// Pause the game: nothing closes until it resumes; mails are still answered.
    Pause,
    /// Resume a paused game: the open step gets the time that was left when it was paused, or
    /// the deadline given.
    Resume {
        /// The new deadline (+2d, or a local time).
        #[arg(long)]
        deadline: Option<String>,
    },
    /// A message from the GM to every player (or one house).
    Announce {
        /// Only this house.
        #[arg(long)]
        house: Option<String>,
        /// The text (- for standard input).
        text: String,
    },
    /// Who has sent what in the open step, and who is still missing.
    Who,
    /// The newest lines of the game's audit log.
    Log {
        /// How many lines.
        #[arg(long, default_value_t = 30)]
        limit: u32,
    },
    /// Enter or correct a house's submission for the open step, in the order language (checked
    /// like the player's mail; the player gets a copy).
    Submit {
        /// The house.
        #[arg(long)]
        house: String,
        /// A file with the submission, or - for standard input.
        #[arg(default_value = "-")]
        file: String,
        /// Only if this is the open step.
        #[arg(long)]
        step: Option<String>,
        /// Only if this is the current round.
        #[arg(long)]
        round: Option<u32>,
    },
    /// The open step's results as if it closed now, printed for the GM; nothing is stored or
    /// sent.
    Preview,
    /// Open the last closed step (or the step named with --round and --step) again from the
    /// state before it closed; what the players sent stands; every player is told why.
    #[command(group(clap::ArgGroup::new("target").multiple(true).requires_all(["round", "step"])))]
    Rollback {
        /// Why (told to the players).
        #[arg(long)]
        reason: String,
        /// The reopened step's deadline (+2d, or a local time); the schedule's by default.
        #[arg(long)]
        deadline: Option<String>,
        /// Back to the start of this round's step (with --step) instead of the last closed one.
        #[arg(long, group = "target")]
        round: Option<u32>,
        /// Back to the start of this step (with --round).
        #[arg(long, group = "target")]
        step: Option<String>,
    },
    /// Mail a past report (the newest by default, or the one closing --round/--step), or with
    /// --answer the last answer, again to a house's current player: a new Message-ID,
    /// threaded to the original.
    Resend {
        /// The house.
        #[arg(long)]
        house: String,
        /// The last answer to the house's mail instead of a report.
        #[arg(long, conflicts_with_all = ["round", "step"])]
        answer: bool,
        /// The report of this round's step (with --step).
        #[arg(long, requires = "step")]
        round: Option<u32>,
        /// The report of this step (with --round).
        #[arg(long, requires = "round")]
        step: Option<String>,
    },
    /// Correct the game's state with the lines of a scenario's [setup] (units, clear, tokens,
    /// clear_tokens, fortifications, power, barrels, neutral, tracks, wildlings, resting,
    /// ready; see docs/scenarios.md); every player is told what changed and why.
    Edit {
        /// Why (told to the players).
        #[arg(long)]
        reason: String,
        /// A file with the correction (TOML), or - for standard input.
        #[arg(default_value = "-")]
        file: String,
        /// Make it even when the result breaks a rule that always holds (supply, unit caps).
        #[arg(long)]
        force: bool,
        /// Only if this is the open step.
        #[arg(long)]
        step: Option<String>,
        /// Only if this is the current round.
        #[arg(long)]
        round: Option<u32>,
    },
    /// Change the schedule of the steps to come, e.g. `plan="Mon 21:00, Thu 21:00"`,
    /// `default=2d`, `timezone=Asia/Shanghai`, `min_open=6h` (the open step keeps its
    /// deadline; use `deadline` for it). Every player is told.
    Schedule {
        /// Entries `key=value`.
        #[arg(required = true)]
        entries: Vec<String>,
    },
    /// Record an absence of a house (not counted against the player's cap), or cancel one:
    /// a deadline of a step waiting for the house that falls in it moves to its end.
    #[command(group(clap::ArgGroup::new("absence").required(true).args(["house", "cancel"])))]
    Absence {
        /// The house.
        #[arg(long, requires_all = ["from", "to"])]
        house: Option<String>,
        /// First day: 2026-12-20 (or 12-20, the next such day).
        #[arg(long)]
        from: Option<String>,
        /// Last day (inclusive).
        #[arg(long)]
        to: Option<String>,
        /// Cancel the absence with this id (as `gm who` shows it).
        #[arg(long)]
        cancel: Option<i64>,
    },
    /// How long before each deadline the silent houses are reminded, e.g. `24h 4h`; with
    /// none, no reminders. Stored with the game.
    Reminders {
        /// The offsets.
        before: Vec<String>,
    },
    /// List the backups of the database (taken before every step close), oldest first: time,
    /// game, round and step about to close, size, file.
    Backups,
    /// Put one game (--game) back as a backup holds it, leaving the other games of the
    /// database as they are; `maester run` must be stopped (docs/operations.md).
    Restore {
        /// The backup file (as `gm backups` lists them).
        file: std::path::PathBuf,
    },
    /// Send failed outgoing mails again (after fixing what made the server refuse them).
    #[command(group(clap::ArgGroup::new("which").required(true).args(["all", "id"])))]
    Requeue {
        /// Every failed mail (of the game given with --game, else of every game).
        #[arg(long)]
        all: bool,
        /// The outgoing mail with this id (as named in the GM's alert mail).
        #[arg(long)]
        id: Option<i64>,
    },
    /// Take received mails whose handling failed again at the next tick (after fixing what
    /// made them fail): the one with this id, or every failed one.
    #[command(group(clap::ArgGroup::new("which").required(true).args(["all_failed", "id"])))]
    RetryMail {
        /// The received mail with this id (as named in the GM's alert mail).
        id: Option<i64>,
        /// Every failed received mail.
        #[arg(long)]
        all_failed: bool,
    },
}
