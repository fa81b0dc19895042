//! The service's commands: `check-config`, `new-game`, `run`, `status`.

use chrono::Utc;
use maester::config::Config;
use maester::daemon::{Daemon, games};
use maester::error::Error;
use std::path::Path;

/// Where the mails of this configuration go, in words.
pub(crate) fn mail_route(c: &Config) -> String {
    match (&c.mail.smtp, c.mail.transport.as_str()) {
        (Some(s), "imap") => format!("by SMTP through {}:{}", s.host, s.port),
        _ => format!(
            "as files into {} (Maildir transport)",
            c.path(&c.mail.maildir.outbox).display()
        ),
    }
}

/// `maester check-config`: what `new-game` would do, checked; nothing is created or sent.
pub fn check_config(config: &Path) -> Result<(), Error> {
    let c = Config::load(config)?;
    let g = maester::daemon::setup::check(&c, Utc::now())?;
    maester::say!(
        "{}: game {} can be created (nothing was created or sent; the mail servers are not contacted)",
        config.display(),
        g.cfg.id
    );
    for p in &g.cfg.players {
        maester::say!(
            "  {:<10} {} <{}> ({})",
            p.house,
            p.name,
            p.address,
            p.language_in(&g.cfg).key()
        );
    }
    maester::say!(
        "  round 1 placement would close {}",
        g.schedule.format_deadline_en(g.first_deadline)
    );
    maester::say!("  the welcome mails would go {}", mail_route(&c));
    let mut unread = 0;
    for (line, read) in c.password_report() {
        maester::say!("  {line}");
        unread += usize::from(!read);
    }
    match c.daemon.gm_address.as_deref().map(str::trim) {
        Some(gm) if !gm.is_empty() => {
            maester::say!("  the GM is {gm}: copies of the reports, alerts and GM commands by mail")
        }
        _ => maester::say!(
            "  [daemon] gm_address is not set: no GM copies of the reports, no alerts (bounces, \
             mail server outages, a full disk) and no GM commands by mail; only the command \
             line (`maester gm …`)"
        ),
    }
    maester::say!(
        "  the database would be {}",
        c.path(&c.daemon.database).display()
    );
    if let Some(site) = &c.site {
        match &site.dir {
            Some(dir) => maester::say!(
                "  the public site would be written to {} after every close",
                c.path(dir).join(&g.cfg.id).display()
            ),
            None => maester::say!("  [site] has no dir: only `maester site --out` writes one"),
        }
        match site.game_url(&g.cfg.id) {
            Some(url) => maester::say!("  forum posts would show the map from {url}"),
            None => maester::say!("  forum posts would name the map's file to attach"),
        }
    }
    if unread > 0 {
        eprintln!(
            "maester: check-config: {unread} mail secret{} could not be read: new-game would \
             create the game but the daemon could not log in",
            if unread == 1 { "" } else { "s" }
        );
        return Err(Error::Reported);
    }
    if c.mail.transport == "imap" {
        maester::say!("  `maester check-mail` logs in to the mailbox and tries it");
    }
    Ok(())
}

/// `maester new-game`: the config's game created, the welcome mails sent.
pub fn new_game(config: &Path, print_secrets: bool) -> Result<(), Error> {
    let c = Config::load(config)?;
    // Checked before anything is created: a bad config leaves no database and no mail behind.
    maester::daemon::setup::check(&c, Utc::now())?;
    let route = mail_route(&c);
    let mut d = Daemon::open(c)?;
    let secrets = games::new_game(&mut d, Utc::now(), None)?;
    let t = d.tick(Utc::now())?;
    let id = d.config.game()?.id;
    let to: Vec<String> = d
        .store
        .houses(&id)?
        .into_iter()
        .map(|h| format!("{} <{}>", h.house, h.address))
        .collect();
    maester::say!(
        "game {id} created; {} welcome mails sent {route} to: {}",
        t.sent,
        to.join(", ")
    );
    for (h, s) in secrets {
        if h == "gm" {
            maester::say!(
                "  GM secret (a line \"secret: …\" in GM command mails from the gm_address): {s}"
            );
        } else if print_secrets {
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
            Err(e) => {
                return Err(maester::daemon::damage::refused_at_open(
                    &config,
                    e,
                    Utc::now(),
                ));
            }
        }
    };
    if waited {
        tracing::warn!("started: the disk has room again");
    }
    let _lock = maester::daemon::lock::DaemonLock::acquire(&db)?;
    maester::say!("{}", start_line(&d, &db));
    let mut woke_for_mail = false;
    loop {
        let mut took_mail = false;
        match d.tick(Utc::now()) {
            Ok(t) => {
                took_mail = t.stored + t.duplicates > 0;
                if let Some(line) = t.summary() {
                    tracing::info!("poll: {line}");
                }
            }
            Err(e) if once => return Err(e),
            // A damaged database is refused: nothing is written into it until it is restored.
            Err(e @ Error::StoreDamaged(_)) => return Err(e),
            Err(e) => tracing::error!(error = %e, "tick failed; retrying at the next poll"),
        }
        if once {
            return Ok(());
        }
        // The next tick comes when mail arrives (IMAP IDLE, a look at the Maildir), at the
        // latest after the poll interval (deadlines, reminders, queued mail).
        // Mail waiting that the last tick could not take (the disk is full, the mailbox
        // refuses a move) does not make the daemon spin: then at most one tick a second. An
        // ordinary tick that found no mail is no reason to wait (issue 40).
        if maester::daemon::pause_before_next_tick(woke_for_mail, took_mail) {
            std::thread::sleep(poll.min(std::time::Duration::from_secs(1)));
        }
        woke_for_mail = d.wait_for_mail(poll);
    }
}

/// What `run` says once at start: the games, where mail is read and sent, the next deadline.
fn start_line(d: &Daemon, db: &Path) -> String {
    let c = &d.config;
    let games = d.store.games().unwrap_or_default();
    let listed: Vec<String> = games
        .iter()
        .map(|g| format!("{} (round {} {})", g.id, g.round, g.step))
        .collect();
    let mailbox = match (&c.mail.imap, &c.mail.smtp, c.mail.transport.as_str()) {
        (Some(i), Some(s), "imap") => format!(
            "IMAP {}@{}:{} {} in, SMTP {}:{} out",
            i.user,
            i.host.trim(),
            i.port,
            i.mailbox,
            s.host.trim(),
            s.port
        ),
        _ => format!(
            "Maildir {} in, {} out",
            c.path(&c.mail.maildir.inbox).display(),
            c.path(&c.mail.maildir.outbox).display()
        ),
    };
    let next = games
        .iter()
        .filter_map(|g| g.deadline.map(|t| (t, &g.id)))
        .min()
        .map(|(t, id)| format!("{} ({id})", t.format("%Y-%m-%d %H:%M UTC")))
        .unwrap_or_else(|| "none".into());
    format!(
        "maester run: {} game{}{}; mail: {mailbox}; next deadline {next}; database {}; polling every {} s",
        games.len(),
        if games.len() == 1 { "" } else { "s" },
        if listed.is_empty() {
            String::new()
        } else {
            format!(" {}", listed.join(", "))
        },
        db.display(),
        c.daemon.poll_seconds.max(1)
    )
}

/// `maester status`: a game's state as text or as the stable JSON view.
pub fn status(
    config: &Path,
    game: Option<String>,
    json: bool,
    lang: Option<String>,
) -> Result<(), Error> {
    let d = Daemon::open_existing(Config::load(config)?)?;
    let lang = match lang.as_deref() {
        None => None,
        Some("en") => Some(maester::board::Lang::En),
        Some("zh") => Some(maester::board::Lang::Zh),
        Some(other) => return Err(Error::Refused(format!("--lang {other}: use zh or en"))),
    };
    maester::say_raw!(
        "{}",
        maester::daemon::status::show(&d, game.as_deref(), json, lang)?
    );
    Ok(())
}

/// `maester map`: the picture of a game's current state, written to a file.
pub fn map(
    config: &Path,
    game: Option<String>,
    out: &Path,
    lang: String,
    house: Option<String>,
) -> Result<(), Error> {
    let d = Daemon::open_existing(Config::load(config)?)?;
    let lang = maester::config::MailLanguage::parse(&lang)
        .ok_or_else(|| Error::Refused(format!("--lang {lang}: use zh, zh-Hant or en")))?;
    let svg = out
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    let bytes =
        maester::daemon::picture::current_map(&d, game.as_deref(), lang, svg, house.as_deref())?;
    std::fs::write(out, &bytes).map_err(|e| Error::file(out, e))?;
    maester::say_raw!("{} ({} bytes)", out.display(), bytes.len());
    Ok(())
}
