//! `maester bench --store`: a whole game played by mail through the daemon on a Maildir (six
//! houses, generated orders, the GM's copy on, the default backups), and after every tick that
//! closed a step, what it left on disk: the database, the backups, and the bytes of mail the
//! close sent (every report, the GM's copy). The figure per campaign of issue 40.

use crate::config::Config;
use crate::daemon::{Daemon, games};
use crate::error::Error;
use chrono::{DateTime, TimeDelta, Utc};
use std::path::Path;

const CONFIG: &str = r#"[daemon]
database = "maester.sqlite"
address = "referee@bench.maester"
gm_address = "gm@bench.example"
[mail]
transport = "maildir"
[game]
id = "bench"
seed = "a whole game"
early_close = true
[game.schedule]
timezone = "UTC"
[game.schedule.steps]
placement = "1d"
plan = "1d"
default = "12h"
"#;

const HOUSES: [(&str, &str); 6] = [
    ("stark", "a"),
    ("greyjoy", "b"),
    ("lannister", "c"),
    ("baratheon", "d"),
    ("tyrell", "e"),
    ("martell", "f"),
];

/// What one tick with a close left behind.
#[derive(Debug, Clone)]
pub struct CloseFigures {
    /// The round after the close.
    pub round: u8,
    /// Steps closed in the tick.
    pub closes: usize,
    /// The database file and its WAL, in bytes.
    pub database: u64,
    /// Every backup, in bytes.
    pub backups: u64,
    /// How many backups there are.
    pub backup_files: usize,
    /// The mail the tick sent, in bytes.
    pub mail: u64,
    /// The largest mail the tick sent.
    pub largest_mail: u64,
}

/// A whole game's figures.
#[derive(Debug, Clone, Default)]
pub struct StoreFigures {
    /// One entry per tick that closed a step.
    pub ticks: Vec<CloseFigures>,
    /// The order mails sent in.
    pub submissions: usize,
}

fn file_size(p: &Path) -> u64 {
    std::fs::metadata(p).map_or(0, |m| m.len())
}

fn files(dir: &Path) -> Vec<(std::path::PathBuf, u64)> {
    std::fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .filter(|e| e.path().is_file())
                .map(|e| (e.path(), file_size(&e.path())))
                .collect()
        })
        .unwrap_or_default()
}

/// Play the game in `dir` (created; must be empty or absent) with the order generator's
/// `seed`; `each` is told every tick that closed a step.
pub fn run(
    dir: &Path,
    seed: u64,
    mut each: impl FnMut(&CloseFigures),
) -> Result<StoreFigures, Error> {
    use crate::rules::Step;
    std::fs::create_dir_all(dir).map_err(|e| Error::file(dir, e))?;
    let cfg_path = dir.join("maester.toml");
    let mut cfg = CONFIG.to_string();
    for (h, a) in HOUSES {
        cfg.push_str(&format!(
            "[[game.players]]\nhouse = \"{h}\"\nname = \"{a}\"\naddress = \"{a}@bench.example\"\n{}",
            if h == "baratheon" {
                "language = \"en\"\n"
            } else {
                ""
            }
        ));
    }
    std::fs::write(&cfg_path, cfg).map_err(|e| Error::file(&cfg_path, e))?;
    let config = Config::load(&cfg_path)?;
    let inbox = config.path(&config.mail.maildir.inbox);
    let outdir = config.path(&config.mail.maildir.outbox);
    let db = config.path(&config.daemon.database);
    let mut d = Daemon::open(config)?;
    let mut now: DateTime<Utc> = DateTime::from_timestamp(1_767_254_400, 0).unwrap_or_default();
    let secrets: Vec<String> = HOUSES.iter().map(|(h, _)| format!("{h}-pw")).collect();
    games::new_game(&mut d, now, Some(secrets))?;
    d.tick(now)?;
    let backups_dir = crate::daemon::backups::dir(&d);
    let seats = HOUSES
        .iter()
        .map(|(h, a)| {
            let lang = if *h == "baratheon" {
                crate::board::Lang::En
            } else {
                crate::board::Lang::Zh
            };
            crate::robot_players::Seat::new(h, a, lang, "-pw")
        })
        .collect();
    let mut players =
        crate::robot_players::Players::new(seats, "bench.example", "referee@bench.maester", seed);
    let mut out = StoreFigures::default();
    let mut seen: std::collections::HashSet<std::path::PathBuf> =
        files(&outdir).into_iter().map(|(p, _)| p).collect();
    for _ in 0..400 {
        if games::load(&d, "bench")?.state.step == Step::Finished {
            break;
        }
        out.submissions += players.write(&d, "bench", &inbox, now, |_| false)?;
        let closes = crate::robot_players::tick_on(&mut d, "bench", &mut now)?;
        if closes == 0 {
            continue;
        }
        let sent: Vec<(std::path::PathBuf, u64)> = files(&outdir)
            .into_iter()
            .filter(|(p, _)| !seen.contains(p))
            .collect();
        seen.extend(sent.iter().map(|(p, _)| p.clone()));
        let backups = files(&backups_dir);
        let mut wal = db.as_os_str().to_owned();
        wal.push("-wal");
        let f = CloseFigures {
            round: games::load(&d, "bench")?.state.round,
            closes,
            database: file_size(&db) + file_size(Path::new(&wal)),
            backups: backups.iter().map(|(_, n)| n).sum(),
            backup_files: backups.len(),
            mail: sent.iter().map(|(_, n)| n).sum(),
            largest_mail: sent.iter().map(|(_, n)| *n).max().unwrap_or(0),
        };
        each(&f);
        out.ticks.push(f);
    }
    Ok(out)
}

/// What the tick that closed the placement of every game left (`maester bench --store
/// --games N`).
#[derive(Debug, Clone)]
pub struct GamesFigures {
    /// Games in the database.
    pub games: usize,
    /// Steps the tick closed.
    pub closes: usize,
    /// How long the tick took.
    pub tick: std::time::Duration,
    /// The database file and its WAL, in bytes.
    pub database: u64,
    /// Every backup, in bytes.
    pub backups: u64,
    /// How many backups there are.
    pub backup_files: usize,
}

/// The configuration of `games` games in one database, `backups` kept per game: each game
/// its own id and addresses, no grace, no reminder, so that every game's placement closes at
/// its deadline, in one tick.
fn games_config(backups: usize) -> String {
    let mut cfg = CONFIG.replace("[daemon]\n", &format!("[daemon]\nbackups = {backups}\n"));
    cfg.push_str("[game.deadlines]\ngrace = {}\n[game.reminders]\nbefore = []\n");
    for (h, a) in HOUSES {
        cfg.push_str(&format!(
            "[[game.players]]\nhouse = \"{h}\"\nname = \"{a}\"\naddress = \"{a}@bench.example\"\n"
        ));
    }
    cfg
}

/// `games` games (`g1` … `gN`, six houses each, the default pictures and GM's copy) in one
/// database in `dir` (created; must be empty or absent), all started at the same time; then
/// the one tick at their placement deadline that closes every game's placement, timed, and
/// what it left. `backups` is `[daemon] backups` (kept per game).
pub fn run_games(dir: &Path, games: usize, backups: usize) -> Result<GamesFigures, Error> {
    std::fs::create_dir_all(dir).map_err(|e| Error::file(dir, e))?;
    let cfg_path = dir.join("maester.toml");
    std::fs::write(&cfg_path, games_config(backups)).map_err(|e| Error::file(&cfg_path, e))?;
    let config = Config::load(&cfg_path)?;
    let db = config.path(&config.daemon.database);
    let mut d = Daemon::open(config)?;
    let start: DateTime<Utc> = DateTime::from_timestamp(1_767_254_400, 0).unwrap_or_default();
    let secrets: Vec<String> = HOUSES.iter().map(|(h, _)| format!("{h}-pw")).collect();
    for g in 1..=games {
        if let Some(table) = d.config.game.as_mut() {
            table.insert("id".into(), toml::Value::String(format!("g{g}")));
            if let Some(toml::Value::Array(players)) = table.get_mut("players") {
                for (p, (_, a)) in players.iter_mut().zip(HOUSES) {
                    if let Some(p) = p.as_table_mut() {
                        let address = format!("{a}{g}@bench.example");
                        p.insert("address".into(), toml::Value::String(address));
                    }
                }
            }
        }
        games::new_game(&mut d, start, Some(secrets.clone()))?;
    }
    d.tick(start)?;
    let deadline = d
        .store
        .games()?
        .iter()
        .filter_map(|g| g.deadline)
        .max()
        .unwrap_or(start);
    let now = deadline + TimeDelta::minutes(1);
    let began = std::time::Instant::now();
    let closes = d.tick(now)?.steps_closed;
    let tick = began.elapsed();
    let backups = files(&crate::daemon::backups::dir(&d));
    let mut wal = db.as_os_str().to_owned();
    wal.push("-wal");
    Ok(GamesFigures {
        games,
        closes,
        tick,
        database: file_size(&db) + file_size(Path::new(&wal)),
        backups: backups.iter().map(|(_, n)| n).sum(),
        backup_files: backups.len(),
    })
}
