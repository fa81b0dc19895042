//! `maester`: the command line. See `maester --help` and the README.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

mod cli;

use cli::gm_args::GmCmd;

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
    /// Log in to the referee's mailbox as the daemon would (IMAP: server, login, folders;
    /// SMTP: server, login) and say what works and what does not; nothing is changed but
    /// missing folders created. Exits 0 only when every step worked.
    CheckMail {
        /// Also mail the GM one test mail and look for its copy in the referee's inbox.
        #[arg(long)]
        send_test: bool,
    },
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
        /// Language of the text view (zh | en; the game's when omitted).
        #[arg(long)]
        lang: Option<String>,
    },
    /// Write the map picture of a game's current state (PNG, or SVG when the file ends in .svg).
    Map {
        /// Game id (the only game when omitted).
        #[arg(long)]
        game: Option<String>,
        /// The file to write.
        #[arg(long, default_value = "map.png")]
        out: PathBuf,
        /// Language of the names on it (zh | zh-Hant | en; zh-Hant: Traditional characters).
        #[arg(long, default_value = "zh")]
        lang: String,
        /// The picture a house's report shows first: its own theatre, legible on a phone
        /// (key such as stark, or a name such as 白狼); the whole board when omitted.
        #[arg(long)]
        house: Option<String>,
    },
    /// Print a closed step's public report as a ready-to-paste forum post (BBCode or Markdown;
    /// split into numbered parts of under 10,000 characters when longer).
    Post {
        /// Game id (the only game when omitted).
        #[arg(long)]
        game: Option<String>,
        /// The round (the newest closed step when omitted).
        #[arg(long)]
        round: Option<u8>,
        /// The step (events, events_answers, placement, raven, plan, retreat).
        #[arg(long)]
        step: Option<String>,
        /// bbcode (the Chinese forums' subset) or markdown.
        #[arg(long, default_value = "bbcode")]
        format: String,
        /// Where to write the map picture the post asks to attach (when no [site] base_url
        /// serves it; default: the config file's folder); its path is said on stderr.
        #[arg(long)]
        picture_dir: Option<PathBuf>,
    },
    /// Write a game's static web site (index, a page per closed step, history, Atom feed).
    Site {
        /// Game id (the only game when omitted).
        #[arg(long)]
        game: Option<String>,
        /// The folder to write.
        #[arg(long)]
        out: PathBuf,
        /// Language of the pages (zh | zh-Hant | en; the game's when omitted).
        #[arg(long)]
        lang: Option<String>,
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
        /// Also time closing the step without a picture, with the one picture of old and with
        /// every house's pictures (the whole board and each house's theatre), side by side.
        #[arg(long)]
        map: bool,
        /// Instead: play a whole game by mail through the daemon and print, after every close,
        /// the database, the backups and the mail it sent, in bytes.
        #[arg(long)]
        store: bool,
        /// Folder for `--store`'s game (a temporary one by default, removed after).
        #[arg(long)]
        dir: Option<PathBuf>,
        /// With `--store`: instead of a whole game, N games in one database whose placement
        /// closes in the same tick; prints the tick's time and its ratio to N × one game's
        /// (measured first in the same run), the database and the backups. Repeatable:
        /// `--games 10 --games 40`.
        #[arg(long, requires = "store")]
        games: Vec<usize>,
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
    /// Check a finished game's public record (its site folder, or its record.json): the seed
    /// against the first mail's SHA-256, every draw, every receipt, every step replayed. Exits
    /// 0 when all hold, 1 when one fails, 2 when the record cannot be read, 3 while the game
    /// runs (the seed is not revealed yet). Needs no config.
    Verify {
        /// The site folder (with record.json) or the record.json file.
        path: PathBuf,
        /// Language of the lines (zh | zh-Hant | en).
        #[arg(long, default_value = "zh")]
        lang: String,
    },
}

fn main() -> ExitCode {
    // Everything maester writes (the database with its raw mails, the Maildir, the outbox) is
    // private to its user.
    // SAFETY: umask(2) only sets the process's file-creation mask; it cannot fail.
    unsafe {
        libc::umask(0o077);
    }
    // A password or token command still running when maester is stopped goes with it.
    maester::mail::command::kill_on_signals();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                // maester's own information (one line per poll that did something, steps
                // closed, backups) by default; other crates only warn. RUST_LOG overrides.
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("maester=info,warn")),
        )
        .with_writer(std::io::stderr)
        // Colour codes only for a terminal: a log file or a service's journal gets plain text.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    let cli = Cli::parse();
    if let Command::Verify { path, lang } = &cli.command {
        return cli::verify::verify(path, lang);
    }
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
            store: true,
            dir,
            games,
            ..
        } if !games.is_empty() => cli::harness::bench_store_games(dir, &games),
        Command::Bench {
            store: true, dir, ..
        } => cli::harness::bench_store(dir),
        Command::Bench {
            iterations,
            scenario,
            map,
            ..
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
        Command::CheckMail { send_test } => cli::check_mail::check_mail(config, send_test),
        Command::NewGame { print_secrets } => cli::service::new_game(config, print_secrets),
        Command::Run { once } => cli::service::run(config, once),
        Command::Gm { game, command } => cli::gm::gm(config, game, command),
        Command::Status { game, json, lang } => cli::service::status(config, game, json, lang),
        Command::Map {
            game,
            out,
            lang,
            house,
        } => cli::service::map(config, game, &out, lang, house),
        Command::Post {
            game,
            round,
            step,
            format,
            picture_dir,
        } => cli::publish::post(config, game, (round, step), &format, picture_dir),
        Command::Site { game, out, lang } => cli::publish::site(config, game, &out, lang),
        // Answered in `main` before `run` (its own exit codes).
        Command::Verify { .. } => Ok(()),
    }
}
