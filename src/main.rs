//! `maester`: the command line. See `maester --help` and the README.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

mod cli;

/// mimalloc instead of the system allocator: the rules build and drop many small lists.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "maester",
    version,
    about = "A play-by-email referee for A Game of Thrones: The Board Game (6-player forum variant)"
)]
struct Cli {
    /// Configuration file.
    #[arg(long, short, global = true, default_value = "maester.toml")]
    config: PathBuf,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Create the game of the config's [game] table and mail each player its secret.
    NewGame {
        /// Also print each house's secret (for a GM who hands them out himself).
        #[arg(long)]
        print_secrets: bool,
    },
    /// Check the config's [game] as new-game would (players, houses, addresses, schedule) and
    /// say what new-game would do; nothing is created or sent.
    CheckConfig,
    /// Run the daemon: poll mail, answer, close steps at their deadlines, send reports.
    Run {
        /// Do one round of work and exit.
        #[arg(long)]
        once: bool,
    },
    /// Show a game's state.
    Status {
        /// Game id (the only game when omitted).
        #[arg(long)]
        game: Option<String>,
        /// Print the stable JSON view (documented in docs/status-json.md).
        #[arg(long)]
        json: bool,
        /// Language of the text view.
        #[arg(long, default_value = "zh")]
        lang: String,
    },
    /// Write the map picture of a game's current state (PNG, or SVG when the file ends in .svg).
    Map {
        /// Game id (the only game when omitted).
        #[arg(long)]
        game: Option<String>,
        /// The file to write.
        #[arg(long, default_value = "map.png")]
        out: PathBuf,
        /// Language of the names on it (zh | en).
        #[arg(long, default_value = "zh")]
        lang: String,
    },
    /// Parse and validate a submission as the daemon would, and print the canonical echo or the
    /// errors. Exits 0 only when everything is valid.
    Check {
        /// The house that sends it (stark, greyjoy, … or a name such as 白狼).
        #[arg(long)]
        house: String,
        /// The step to check against (events, events_answers, placement, raven, plan, retreat); the
        /// state's open step when omitted.
        #[arg(long)]
        phase: Option<String>,
        /// Check against this stored game's current state (needs --config).
        #[arg(long, conflicts_with = "state")]
        game: Option<String>,
        /// Check against a saved state (JSON, as in the store's snapshots).
        #[arg(long)]
        state: Option<PathBuf>,
        /// Language of the messages (zh | en).
        #[arg(long, default_value = "zh")]
        lang: String,
        /// Print a JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// The submission: a file, or - (default) for standard input.
        #[arg(default_value = "-")]
        file: String,
    },
    /// Run adjudication scenarios (files or folders of .toml cases; see docs/scenarios.md).
    Scenario {
        /// Scenario files or folders.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Print the log of every case, not only of failing ones.
        #[arg(long, short)]
        verbose: bool,
    },
    /// Measure how long the adjudication of a military phase takes (build with --release).
    Bench {
        /// Timed iterations.
        #[arg(long, default_value_t = 10_000)]
        iterations: u32,
        /// A scenario file to time instead of the built-in crowded position.
        scenario: Option<PathBuf>,
        /// Also time closing the step with and without the report's map picture, side by side.
        #[arg(long)]
        map: bool,
    },
    /// Measure the intake of a burst of order mails beside the durable floor (one SQLite commit
    /// per mail, same pragmas) in the same run, and print both and the ratio (build with
    /// --release).
    BenchIntake {
        /// Mails per run.
        #[arg(long, default_value_t = 2000)]
        mails: usize,
        /// Runs (the median ratio is printed).
        #[arg(long, default_value_t = 3)]
        runs: usize,
        /// Also take the mails into a store holding this many old mails over 100 games
        /// (e.g. 100000), and print the cost per mail beside the empty store's.
        #[arg(long, default_value_t = 0)]
        prefill: usize,
        /// Folder for the runs' files (a temporary one by default).
        #[arg(long)]
        dir: Option<PathBuf>,
    },
    /// Play whole random games through the step machine, check the invariants after every step,
    /// and print games per second and the hash of the final states (build with --release).
    Simulate {
        /// Games to play.
        #[arg(long, default_value_t = 1000)]
        games: usize,
        /// Seed of the random submissions and of the games' event decks.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// GM commands on a running game (each is recorded in the audit log and told to the players).
    Gm {
        /// Game id (the only game when omitted).
        #[arg(long, global = true)]
        game: Option<String>,
        #[command(subcommand)]
        command: GmCmd,
    },
    /// Play a scripted demo game in a local folder (Maildir + SQLite) and show the results.
    Demo {
        /// Folder for the demo (created; must be empty or absent).
        #[arg(long, default_value = "maester-demo")]
        dir: PathBuf,
    },
}

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
        /// The new player's mail language (zh | en); the house's current one when omitted.
        #[arg(long)]
        lang: Option<String>,
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
}

fn main() -> ExitCode {
    // Everything maester writes (the database with its raw mails, the Maildir, the outbox) is
    // private to its user.
    // SAFETY: umask(2) only sets the process's file-creation mask; it cannot fail.
    unsafe {
        libc::umask(0o077);
    }
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                // maester's own information (one line per poll that did something, steps
                // closed, backups) by default; other crates only warn. RUST_LOG overrides.
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("maester=info,warn")),
        )
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(maester::error::Error::Reported) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("maester: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<(), maester::error::Error> {
    let config = cli.config.as_path();
    match cli.command {
        Command::Demo { dir } => maester::demo::run(&dir),
        Command::Simulate { games, seed } => cli::harness::simulate(games, seed),
        Command::Bench {
            iterations,
            scenario,
            map,
        } => cli::harness::bench(iterations, scenario, map),
        Command::BenchIntake {
            mails,
            runs,
            prefill,
            dir,
        } => cli::harness::bench_intake(mails, runs, prefill, dir),
        Command::Scenario { paths, verbose } => cli::harness::scenario(&paths, verbose),
        Command::Check {
            house,
            phase,
            game,
            state,
            lang,
            json,
            file,
        } => cli::check::check(config, house, phase, game, state, lang, json, file),
        Command::CheckConfig => cli::service::check_config(config),
        Command::NewGame { print_secrets } => cli::service::new_game(config, print_secrets),
        Command::Run { once } => cli::service::run(config, once),
        Command::Gm { game, command } => cli::gm::gm(config, game, command),
        Command::Status { game, json, lang } => cli::service::status(config, game, json, lang),
        Command::Map { game, out, lang } => cli::service::map(config, game, &out, lang),
    }
}
