//! The service's commands: `new-game`, `run`, `status`.

use chrono::Utc;
use maester::config::Config;
use maester::daemon::{Daemon, games};
use maester::error::Error;
use std::path::Path;

/// `maester new-game`: the config's game created, the welcome mails sent.
pub fn new_game(config: &Path, print_secrets: bool) -> Result<(), Error> {
    let mut d = Daemon::open(Config::load(config)?)?;
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

/// `maester run`: the daemon, one tick per poll (or one with `--once`).
pub fn run(config: &Path, once: bool) -> Result<(), Error> {
    let config = Config::load(config)?;
    let poll = std::time::Duration::from_secs(config.daemon.poll_seconds.max(1));
    let db = config.path(&config.daemon.database);
    // The database first: a missing one is refused before anything (the lock file) is created.
    // On a full disk the daemon waits for room instead of exiting (a service manager would
    // give up after a few restarts).
    let mut waited = false;
    let mut d = loop {
        match Daemon::open_existing(config.clone()) {
            Ok(d) => break d,
            Err(e) if !once && maester::daemon::disk::says_disk_full(&e) => {
                if !waited {
                    tracing::error!(error = %e, "cannot start yet; trying again at every poll");
                    waited = true;
                }
                std::thread::sleep(poll);
            }
            Err(e) => return Err(e),
        }
    };
    if waited {
        tracing::warn!("started: the disk has room again");
    }
    let _lock = maester::daemon::lock::DaemonLock::acquire(&db)?;
    loop {
        match d.tick(Utc::now()) {
            Ok(t) => {
                if let Some(line) = t.summary() {
                    tracing::info!("poll: {line}");
                }
            }
            Err(e) if once => return Err(e),
            Err(e) => tracing::error!(error = %e, "tick failed; retrying at the next poll"),
        }
        if once {
            return Ok(());
        }
        std::thread::sleep(poll);
    }
}

/// `maester status`: a game's state as text or as the stable JSON view.
pub fn status(config: &Path, game: Option<String>, json: bool, lang: String) -> Result<(), Error> {
    let d = Daemon::open_existing(Config::load(config)?)?;
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
