//! `maester`: the command line. See `maester --help` and the README.

use chrono::Utc;
use clap::{Parser, Subcommand};
use maester::config::Config;
use maester::daemon::{Daemon, games};
use std::path::PathBuf;
use std::process::ExitCode;

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
enum GmCmd {
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
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("maester: {e}");
            }
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Demo { dir } => maester::demo::run(&dir),
        Command::Simulate { games, seed } => {
            let board = maester::board::Board::default_board().map_err(|e| e.to_string())?;
            // Resident memory once a tenth of the games are played, and at the end: flat when
            // nothing grows from game to game.
            let early_at = (games / 10).max(1);
            let mut early = None;
            let r = maester::sim::run_observed(&board, games, seed, |played| {
                if played == early_at {
                    early = memory_kb("VmRSS:");
                }
            });
            maester::say!(
                "{} games, {} rounds, {} steps in {:.2}s: {:.0} games/s",
                r.games,
                r.rounds,
                r.steps,
                r.seconds,
                r.rate()
            );
            maester::say!(
                "results: {} six-castle wins, {} decided after the last round, {} draws",
                r.solo_wins,
                r.decided,
                r.draws
            );
            for (k, (closed, sent)) in &r.by_step {
                maester::say!("  {k:<15} closed {closed:>7}, submissions {sent:>7}");
            }
            maester::say!("  raven changes: {}", r.raven_changes);
            let kb = |v: Option<u64>| v.map_or("?".to_string(), |k| format!("{k} kB"));
            maester::say!(
                "memory: peak {}, resident after {early_at} games {}, at the end {}",
                kb(memory_kb("VmHWM:")),
                kb(early),
                kb(memory_kb("VmRSS:"))
            );
            maester::say!(
                "  time: generating submissions {:.2}s, closing steps {:.2}s, invariants {:.2}s",
                r.split[0],
                r.split[1],
                r.split[2]
            );
            for v in r.violations.iter().take(50) {
                maester::say!("violation: {v}");
            }
            maester::say!("violations: {}", r.violations.len());
            maester::say!("hash: {}", r.hash);
            if r.violations.is_empty() {
                Ok(())
            } else {
                Err(String::new())
            }
        }
        Command::Bench {
            iterations,
            scenario,
        } => {
            let board = maester::board::Board::default_board().map_err(|e| e.to_string())?;
            let text = match scenario {
                Some(p) => {
                    std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?
                }
                None => maester::scenario::bench::MILITARY_PHASE.to_string(),
            };
            let r = maester::scenario::bench::bench(&board, &text, iterations)?;
            maester::say!(
                "military phase: {} orders, {} battles; {} runs: median {:.1} µs, mean {:.1} µs per resolution{}",
                r.orders,
                r.battles,
                r.iterations,
                r.median_us,
                r.mean_us,
                if cfg!(debug_assertions) {
                    " (debug build: use --release for the real figure)"
                } else {
                    ""
                }
            );
            Ok(())
        }
        Command::Scenario { paths, verbose } => {
            let board = maester::board::Board::default_board().map_err(|e| e.to_string())?;
            let outcomes = maester::scenario::run_paths(&board, &paths);
            let failed = outcomes.iter().filter(|o| o.failed()).count();
            let pending = outcomes.iter().filter(|o| o.pending.is_some()).count();
            for o in &outcomes {
                let status = match (&o.pending, o.passed()) {
                    (Some(_), true) => "PASS (still marked pending: remove the mark)",
                    (Some(_), false) => "pend",
                    (None, true) => "ok  ",
                    (None, false) => "FAIL",
                };
                maester::say!("{status} {} — {} [{}]", o.path.display(), o.name, o.rule);
                if let Some(p) = &o.pending {
                    maester::say!("       pending: {p}");
                }
                if o.failed() || verbose {
                    for f in &o.failures {
                        maester::say!("       ✗ {f}");
                    }
                    for l in &o.log {
                        maester::say!("       · {l}");
                    }
                }
            }
            maester::say!(
                "{} passed, {} failed, {} pending",
                outcomes.len() - failed - pending,
                failed,
                pending
            );
            if failed > 0 || outcomes.is_empty() {
                Err(String::new())
            } else {
                Ok(())
            }
        }
        Command::Check {
            house,
            phase,
            game,
            state,
            lang,
            json,
            file,
        } => {
            let lang = if lang == "en" {
                maester::board::Lang::En
            } else {
                maester::board::Lang::Zh
            };
            let text = if file == "-" {
                let mut s = String::new();
                std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
                    .map_err(|e| e.to_string())?;
                s
            } else {
                std::fs::read_to_string(&file).map_err(|e| format!("{file}: {e}"))?
            };
            let (board, st) = match (game, state) {
                (Some(g), _) => {
                    let d = Daemon::open(Config::load(&cli.config)?)?;
                    let l = games::load(&d, &g)?;
                    (l.board, l.state)
                }
                (None, Some(p)) => {
                    let board =
                        maester::board::Board::default_board().map_err(|e| e.to_string())?;
                    let t =
                        std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
                    let st =
                        serde_json::from_str(&t).map_err(|e| format!("{}: {e}", p.display()))?;
                    (board, st)
                }
                (None, None) => {
                    let board =
                        maester::board::Board::default_board().map_err(|e| e.to_string())?;
                    let st = maester::rules::GameState::new_game(&board);
                    (board, st)
                }
            };
            let report = maester::lang::submit::check::check(
                &board,
                st,
                &house,
                phase.as_deref(),
                &text,
                lang,
            )?;
            if json {
                maester::say!(
                    "{}",
                    serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?
                );
            } else {
                maester::say_raw!("{}", report.text());
            }
            if report.valid {
                Ok(())
            } else {
                Err(String::new())
            }
        }
        Command::NewGame { print_secrets } => {
            let mut d = Daemon::open(Config::load(&cli.config)?)?;
            let secrets = games::new_game(&mut d, Utc::now(), None)?;
            let t = d.tick(Utc::now())?;
            maester::say!("game created; {} welcome mails sent", t.sent);
            if print_secrets {
                for (h, s) in secrets {
                    maester::say!("  {h}: {s}");
                }
            }
            Ok(())
        }
        Command::Run { once } => {
            let config = Config::load(&cli.config)?;
            let poll = std::time::Duration::from_secs(config.daemon.poll_seconds.max(1));
            let _lock =
                maester::daemon::lock::DaemonLock::acquire(&config.path(&config.daemon.database))?;
            let mut d = Daemon::open(config)?;
            loop {
                match d.tick(Utc::now()) {
                    Ok(t) => tracing::info!(?t, "tick"),
                    Err(e) if once => return Err(e),
                    Err(e) => tracing::error!(error = %e, "tick failed; retrying at the next poll"),
                }
                if once {
                    return Ok(());
                }
                std::thread::sleep(poll);
            }
        }
        Command::Gm { game, command } => {
            use maester::daemon::gm::{GmCommand, apply};
            let mut d = Daemon::open(Config::load(&cli.config)?)?;
            if let GmCmd::Requeue { all, id } = command {
                use maester::daemon::requeue::{Which, requeue};
                let which = match (all, id) {
                    (_, Some(id)) => Which::Id(id),
                    _ => Which::All,
                };
                let ids = requeue(&mut d, which, game.as_deref(), Utc::now())?;
                let t = d.send_outbox(Utc::now())?;
                maester::say!(
                    "{} failed mails queued again; {} sent, {} refused, {} left queued",
                    ids.len(),
                    t.sent,
                    t.refused,
                    t.send_failures.saturating_sub(t.refused) + t.send_deferred
                );
                return Ok(());
            }
            let game = match game {
                Some(g) => g,
                None => match d.store.games().map_err(|e| e.to_string())?.as_slice() {
                    [g] => g.id.clone(),
                    [] => return Err("no game in the store".into()),
                    _ => return Err("several games: name one with --game".into()),
                },
            };
            let cmd = match command {
                GmCmd::Replace {
                    house,
                    name,
                    email,
                    lang,
                } => GmCommand::Replace {
                    house,
                    name,
                    address: email,
                    language: match lang.as_deref() {
                        None => None,
                        Some("en") => Some(maester::board::Lang::En),
                        Some("zh") => Some(maester::board::Lang::Zh),
                        Some(l) => return Err(format!("--lang {l}: use zh or en")),
                    },
                },
                GmCmd::Leave { house } => GmCommand::Leave { house },
                GmCmd::Requeue { .. } => return Err("requeue is handled above".into()),
                GmCmd::Process { step, round } => GmCommand::Process {
                    round,
                    step: match step {
                        None => None,
                        Some(s) => Some(maester::rules::Step::from_key(&s).ok_or(format!(
                            "--step {s}: use events, events_answers, placement, raven, plan or retreat"
                        ))?),
                    },
                },
            };
            let out = apply(&mut d, &game, &cmd, Utc::now())?;
            let t = d.send_outbox(Utc::now())?;
            maester::say!(
                "{}; {} mails queued, {} sent",
                out.summary,
                out.queued,
                t.sent
            );
            if let Some(s) = out.secret {
                maester::say!("  new secret: {s}");
            }
            Ok(())
        }
        Command::Status { game, json, lang } => {
            let d = Daemon::open(Config::load(&cli.config)?)?;
            let lang = if lang == "en" {
                maester::board::Lang::En
            } else {
                maester::board::Lang::Zh
            };
            maester::say_raw!(
                "{}",
                maester::daemon::status(&d, game.as_deref(), json, lang)?
            );
            Ok(())
        }
    }
}

/// A memory figure of this process from /proc/self/status (Linux), in kB.
fn memory_kb(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    line[field.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}
