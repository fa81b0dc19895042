//! `maester`: the command line. See `maester --help` and the README.

use chrono::Utc;
use clap::{Parser, Subcommand};
use maester::config::Config;
use maester::daemon::{Daemon, games};
use std::path::PathBuf;
use std::process::ExitCode;

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
    /// Play a scripted demo game in a local folder (Maildir + SQLite) and show the results.
    Demo {
        /// Folder for the demo (created; must be empty or absent).
        #[arg(long, default_value = "maester-demo")]
        dir: PathBuf,
    },
}

fn main() -> ExitCode {
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
            println!(
                "{} games, {} rounds, {} steps in {:.2}s: {:.0} games/s",
                r.games,
                r.rounds,
                r.steps,
                r.seconds,
                r.rate()
            );
            println!(
                "results: {} six-castle wins, {} decided after the last round, {} draws",
                r.solo_wins, r.decided, r.draws
            );
            for (k, (closed, sent)) in &r.by_step {
                println!("  {k:<15} closed {closed:>7}, submissions {sent:>7}");
            }
            println!("  raven changes: {}", r.raven_changes);
            let kb = |v: Option<u64>| v.map_or("?".to_string(), |k| format!("{k} kB"));
            println!(
                "memory: peak {}, resident after {early_at} games {}, at the end {}",
                kb(memory_kb("VmHWM:")),
                kb(early),
                kb(memory_kb("VmRSS:"))
            );
            println!(
                "  time: generating submissions {:.2}s, closing steps {:.2}s, invariants {:.2}s",
                r.split[0], r.split[1], r.split[2]
            );
            for v in r.violations.iter().take(50) {
                println!("violation: {v}");
            }
            println!("violations: {}", r.violations.len());
            println!("hash: {}", r.hash);
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
            println!(
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
                println!("{status} {} — {} [{}]", o.path.display(), o.name, o.rule);
                if let Some(p) = &o.pending {
                    println!("       pending: {p}");
                }
                if o.failed() || verbose {
                    for f in &o.failures {
                        println!("       ✗ {f}");
                    }
                    for l in &o.log {
                        println!("       · {l}");
                    }
                }
            }
            println!(
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
            let report =
                maester::daemon::check::check(&board, st, &house, phase.as_deref(), &text, lang)?;
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?
                );
            } else {
                print!("{}", report.text());
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
            println!("game created; {} welcome mails sent", t.sent);
            if print_secrets {
                for (h, s) in secrets {
                    println!("  {h}: {s}");
                }
            }
            Ok(())
        }
        Command::Run { once } => {
            let config = Config::load(&cli.config)?;
            let poll = std::time::Duration::from_secs(config.daemon.poll_seconds.max(1));
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
        Command::Status { game, json, lang } => {
            let d = Daemon::open(Config::load(&cli.config)?)?;
            let lang = if lang == "en" {
                maester::board::Lang::En
            } else {
                maester::board::Lang::Zh
            };
            print!(
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
