//! The daemon: the imperative shell around the rules. One `tick` polls the mailbox, stores every
//! new mail before acting on it, answers each stored mail, closes the steps whose deadline has
//! passed, and sends what is queued. Every step is idempotent: after a crash, the next tick
//! picks up exactly where the last one stopped.

pub(crate) mod absences;
pub(crate) mod alerts;
pub mod backups;
pub(crate) mod cache;
pub(crate) mod corrected;
pub mod damage;
pub(crate) mod deadlines;
pub mod disk;
pub mod games;
pub mod gm;
pub(crate) mod gm_copy;
pub(crate) mod gm_mail;
pub(crate) mod guard;
pub(crate) mod intake;
pub mod letters;
pub(crate) mod loaded;
pub mod lock;
mod mailbox;
pub(crate) mod new_game;
pub(crate) mod notify;
pub(crate) mod outage;
pub mod picture;
pub mod publish;
mod receive;
pub(crate) mod refusals;
pub(crate) mod reminders;
pub mod requeue;
mod sending;
pub mod setup;
pub mod stored;

use crate::config::Config;
use crate::error::Error;
use crate::mail::{Inbox, Mailbox, MaildirInbox, MaildirOutbox, Outbox};
use crate::store::{InsertOutcome, NewMail, Store};
use chrono::{DateTime, Utc};
use letters::Sender;

/// Crash-test hook: when the environment variable `MAESTER_FAILPOINT` names this point, the
/// process aborts here, as a `kill -9` would. Used by the crash-safety tests only.
pub fn failpoint(name: &str) {
    if std::env::var("MAESTER_FAILPOINT")
        .map(|v| v == name)
        .unwrap_or(false)
    {
        eprintln!("maester: failpoint {name}: aborting");
        std::process::abort();
    }
}

/// Test hook: when `MAESTER_FAILPOINT` is `panic-on-subject:<text>`, the intake of a mail whose
/// subject holds `<text>` panics, as a defect in the intake would. Used by the isolation tests.
pub fn panicpoint(subject: &str) {
    if let Ok(v) = std::env::var("MAESTER_FAILPOINT")
        && let Some(marker) = v.strip_prefix("panic-on-subject:")
        && subject.contains(marker)
    {
        panic!("failpoint: intake panics on a mail titled {subject:?}");
    }
}

/// How many batches of [`crate::mail::FETCH_BATCH`] mails one tick reads at most (the rest
/// waits for the next tick).
const MAX_BATCHES: usize = 20;

/// How many stored mails are read from the store at a time to be answered, and committed
/// together (each in its own savepoint: one that fails is rolled back alone).
const PROCESS_BATCH: u32 = 100;

/// A batch of mails is committed once it has taken this long, whatever its size (other
/// processes — a GM command — wait for the write lock meanwhile).
const BATCH_TIME: std::time::Duration = std::time::Duration::from_secs(1);

/// What one tick did (for logs and tests).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Tick {
    /// New mails stored.
    pub stored: usize,
    /// Mails seen again (already stored).
    pub duplicates: usize,
    /// Mails answered or ignored.
    pub processed: usize,
    /// Of those, mails answered.
    pub answered: usize,
    /// Of those, mails deliberately not answered …
    pub ignored: usize,
    /// … and why (the first few distinct reasons).
    pub ignored_why: Vec<String>,
    /// Steps closed.
    pub steps_closed: usize,
    /// Reminders queued (one per house reminded).
    pub reminders: usize,
    /// Open deadlines moved by the deadline policy (after downtime, for an absence).
    pub deadlines_moved: usize,
    /// Mails sent.
    pub sent: usize,
    /// Sends that failed (retried later, or refused for good: see `refused`).
    pub send_failures: usize,
    /// Mails the SMTP server refused for good (5xx): marked failed at once, the GM told.
    pub refused: usize,
    /// Mails not tried because the SMTP server did not answer (sending stopped for the tick;
    /// they stay queued as they were).
    pub send_deferred: usize,
    /// Mails left queued because the day's sending budget is spent (`[mail.budget]`).
    pub over_budget: usize,
    /// Mails whose intake failed (marked `failed`, the GM told).
    pub failed: usize,
    /// Stages of the tick that failed as a whole (reading mail, closing a step …); the tick
    /// went on with the next stage.
    pub errors: usize,
}

impl Tick {
    /// One line saying what the tick did, `None` when it did nothing (for the log of
    /// `maester run`, one line per poll that did something).
    pub fn summary(&self) -> Option<String> {
        let mut parts = Vec::new();
        let mut say = |n: usize, what: &str| {
            if n > 0 {
                parts.push(format!("{n} {what}"));
            }
        };
        say(self.stored, "mails taken in");
        say(self.duplicates, "seen before");
        say(self.answered, "answered");
        say(self.steps_closed, "steps closed");
        say(self.reminders, "reminders");
        say(self.deadlines_moved, "deadlines moved");
        say(self.sent, "mails sent");
        say(self.send_failures, "send failures");
        say(self.send_deferred, "left queued (SMTP not answering)");
        say(self.over_budget, "left queued (daily sending budget spent)");
        say(self.refused, "refused for good by SMTP");
        say(self.failed, "mails that could not be handled");
        say(self.errors, "stages failed");
        if self.ignored > 0 {
            parts.push(format!(
                "{} ignored ({})",
                self.ignored,
                self.ignored_why.join("; ")
            ));
        }
        (!parts.is_empty()).then(|| parts.join(", "))
    }
}

/// The running daemon.
pub struct Daemon {
    /// Configuration.
    pub config: Config,
    /// The store.
    pub store: Store,
    inbox: Box<dyn Inbox>,
    outbox: Box<dyn Outbox>,
    /// Who sends.
    pub sender: Sender,
    imap_outage: outage::Outage,
    smtp_outage: outage::Outage,
    disk: disk::DiskState,
    damage: damage::DamageState,
    /// Steps closed during intake (no early close delay), counted into the tick's closes.
    closed_in_intake: usize,
    /// What is built once per process (boards, templates, name indexes, newest states).
    pub(crate) cache: cache::Cache,
    /// The mails of this tick's fetch as decoded there, by id, so intake does not decode them
    /// again (at most what one tick fetches; emptied when the tick has processed them).
    decoded: std::collections::HashMap<i64, crate::mail::DecodedMail>,
}

impl Daemon {
    /// Open the store and prepare the mail transports of a configuration. No mail server is
    /// contacted: IMAP connects at the first fetch, SMTP at each send, so `status` and the GM
    /// commands work while the servers are down.
    ///
    /// This creates the database when it does not exist: only `maester new-game` (and tests)
    /// should call it; every other command uses [`Daemon::open_existing`].
    pub fn open(config: Config) -> Result<Daemon, Error> {
        let db = config.path(&config.daemon.database);
        let store = Store::open(&db).map_err(|e| disk::explain(e.into(), &db))?;
        Self::with_store(config, store)
    }

    /// As [`Daemon::open`], but the database must exist and hold a game: `run`, `status`, `gm`
    /// and `check --game` refuse a missing or empty one ("no maester database at …: create the
    /// game with `maester new-game`") instead of creating it and answering every player
    /// "not registered".
    pub fn open_existing(config: Config) -> Result<Daemon, Error> {
        let db = config.path(&config.daemon.database);
        let store = Store::open_existing(&db).map_err(|e| disk::explain(e.into(), &db))?;
        Self::with_store(config, store)
    }

    fn with_store(config: Config, store: Store) -> Result<Daemon, Error> {
        let (inbox, outbox): (Box<dyn Inbox>, Box<dyn Outbox>) =
            match config.mail.transport.as_str() {
                "imap" => {
                    let (Some(imap), Some(smtp)) = (&config.mail.imap, &config.mail.smtp) else {
                        return Err(Error::Config(
                            "mail.transport = \"imap\" needs [mail.imap] and [mail.smtp]".into(),
                        ));
                    };
                    let mut inbox = crate::mail::ImapInbox::new(imap);
                    inbox.set_max_bytes(config.daemon.max_mail_bytes);
                    inbox.set_folders(config.mail.folders.clone());
                    let outbox = crate::mail::SmtpOutbox::new(smtp)
                        .map_err(|e| Error::Config(format!("SMTP: {e}")))?;
                    (Box::new(inbox), Box::new(outbox))
                }
                _ => {
                    let mut inbox = MaildirInbox::new(config.path(&config.mail.maildir.inbox))?;
                    inbox.set_max_bytes(config.daemon.max_mail_bytes);
                    let outbox = MaildirOutbox::new(config.path(&config.mail.maildir.outbox))?;
                    (Box::new(inbox), Box::new(outbox))
                }
            };
        let sender = Sender {
            from: Mailbox::new(config.daemon.name.clone(), config.daemon.address.clone()),
            domain: config.domain(),
        };
        let mut d = Daemon {
            config,
            store,
            inbox,
            outbox,
            sender,
            imap_outage: outage::Outage::new("IMAP"),
            smtp_outage: outage::Outage::new("SMTP"),
            disk: disk::DiskState::default(),
            damage: damage::DamageState::default(),
            closed_in_intake: 0,
            cache: cache::Cache::default(),
            decoded: Default::default(),
        };
        mailbox::resume(&mut d)?;
        Ok(d)
    }

    /// One round of work at time `now`. Each stage runs whatever the one before did: a failed
    /// fetch is "no new mail this tick", a mail that cannot be handled is marked failed and the
    /// next one is taken, a step that cannot be closed does not stop the other games, and what
    /// is queued is sent in every case. Failures are counted in the result and told to the GM.
    pub fn tick(&mut self, now: DateTime<Utc>) -> Result<Tick, Error> {
        let mut t = Tick::default();
        // Before anything is written: a damaged store is refused (checked at the first tick,
        // and again at each tick while it stays damaged).
        if !self.damage.checked || self.damage.found.is_some() {
            self.check_store(now)?;
        }
        // First: a deadline that passed while the daemon was not running must not close now.
        let guarded = deadlines::downtime_guard(self, now, &mut t.errors);
        t.deadlines_moved += guarded.unwrap_or(0);
        if let Err(e) = self.fetch(now, &mut t) {
            self.stage_failed("reading mail", &e, now, &mut t);
        }
        failpoint("after-fetch");
        if let Err(e) = self.process(now, &mut t) {
            self.stage_failed("reading stored mails", &e, now, &mut t);
        }
        failpoint("after-process");
        t.steps_closed += std::mem::take(&mut self.closed_in_intake);
        self.refuse_if_damaged()?;
        // Absences before the close (a due deadline in one stays open) and after (new steps).
        t.deadlines_moved += absences::move_for_absences(self, now, &mut t.errors);
        if guarded.is_some() {
            t.steps_closed += games::close_due_steps(self, now, &mut t.errors);
            t.deadlines_moved += absences::move_for_absences(self, now, &mut t.errors);
        }
        self.refuse_if_damaged()?;
        t.reminders += reminders::send_due_reminders(self, now, &mut t.errors);
        if let Err(e) = self.send(now, &mut t) {
            self.stage_failed("sending", &e, now, &mut t);
        }
        // Keep the WAL small: a full disk must not be kept full by the journal.
        if let Err(e) = self.store.checkpoint() {
            self.stage_failed("checkpointing the database", &e.into(), now, &mut t);
        }
        self.tell_gm_of_outages(now);
        self.disk_tick_done(now);
        Ok(t)
    }

    /// The store was found damaged during the tick: nothing more is written.
    fn refuse_if_damaged(&self) -> Result<(), Error> {
        match &self.damage.found {
            Some(found) => Err(Error::StoreDamaged(found.clone())),
            None => Ok(()),
        }
    }

    /// A stage of the tick failed as a whole: counted and logged (a full disk once, as such; a
    /// storage error makes the store checked again).
    fn stage_failed(&mut self, what: &str, e: &Error, now: DateTime<Utc>, t: &mut Tick) {
        t.errors += 1;
        if self.recheck_after(e, now).is_err() {
            return;
        }
        if !self.note_disk_full(e, now) {
            tracing::error!(error = %e, "{what} failed; the next stage goes on");
        }
    }

    /// When the IMAP or SMTP server has been unreachable for over an hour: tell the GM (once
    /// per outage; the alerts are rate-limited as well).
    fn tell_gm_of_outages(&mut self, now: DateTime<Utc>) {
        let told = [self.imap_outage.tell_gm(now), self.smtp_outage.tell_gm(now)];
        for (what, detail) in told.into_iter().flatten() {
            alerts::problem(self, None, &what, &detail, now);
        }
    }

    /// When the IMAP server's outage began, if it is down.
    pub fn imap_down_since(&self) -> Option<DateTime<Utc>> {
        self.imap_outage.down_since()
    }

    /// When the SMTP server's outage began, if it is down.
    pub fn smtp_down_since(&self) -> Option<DateTime<Utc>> {
        self.smtp_outage.down_since()
    }

    /// Send what is due in the outbox now (after a GM command), without reading mail.
    pub fn send_outbox(&mut self, now: DateTime<Utc>) -> Result<Tick, Error> {
        let mut t = Tick::default();
        self.send(now, &mut t)?;
        Ok(t)
    }

    /// Send what is due in the outbox (see [`sending::send`]).
    fn send(&mut self, now: DateTime<Utc>, t: &mut Tick) -> Result<(), Error> {
        sending::send(self, now, t)
    }
}

/// The state of a game as text or as the stable JSON view (`maester status`).
pub fn status(
    d: &Daemon,
    game: Option<&str>,
    json: bool,
    lang: crate::board::Lang,
) -> Result<String, Error> {
    let id = picture::game_id(d, game)?;
    let g = games::load(d, &id)?;
    let v = crate::words::view::view(&g.board, &g.state, lang);
    let who = gm::sent_and_missing(d, &g)?;
    let (sent, waiting_for): (Vec<_>, Vec<_>) = who.into_iter().partition(|(_, t)| t.is_some());
    let sent: Vec<String> = sent.into_iter().map(|(h, _)| h).collect();
    let waiting_for: Vec<String> = waiting_for.into_iter().map(|(h, _)| h).collect();
    let policy = gm::policy::view(d, &g)?;
    let bounces = mailbox::recent_bounces(d, &id)?;
    if json {
        #[derive(serde::Serialize)]
        struct Status<'a> {
            game: &'a str,
            status: String,
            deadline: Option<String>,
            /// The houses asked something in the open step that have sent it.
            sent: Vec<String>,
            /// The houses asked something in the open step that have not sent it yet.
            waiting_for: Vec<String>,
            /// Maester's mails that bounced in the last 7 days: "address (status)".
            bounces: Vec<String>,
            #[serde(flatten)]
            policy: gm::policy::PolicyView,
            #[serde(flatten)]
            view: crate::words::view::StateView,
        }
        let s = Status {
            game: &id,
            status: format!("{:?}", g.row.status).to_lowercase(),
            deadline: g.row.deadline.map(|t| t.to_rfc3339()),
            sent,
            waiting_for,
            policy,
            bounces: bounces.clone(),
            view: v,
        };
        return serde_json::to_string_pretty(&s)
            .map(|t| t + "\n")
            .map_err(Error::from);
    }
    let mut out = String::new();
    out.push_str(&format!(
        "game {id}{}: round {}, {} — deadline {}\n",
        if g.row.status == crate::store::GameStatus::Paused {
            " (PAUSED)"
        } else {
            ""
        },
        g.state.round,
        letters::step_name(g.state.step, lang),
        g.deadline_text(lang)
    ));
    if !sent.is_empty() || !waiting_for.is_empty() {
        out.push_str(&format!(
            "  sent: {}; waiting for: {}\n",
            if sent.is_empty() {
                "-".into()
            } else {
                sent.join(", ")
            },
            if waiting_for.is_empty() {
                "-".into()
            } else {
                waiting_for.join(", ")
            }
        ));
    }
    for line in gm::policy::lines(&policy) {
        out.push_str(&line);
        out.push('\n');
    }
    if !bounces.is_empty() {
        out.push_str(&format!("  bounced (7 days): {}\n", bounces.join(", ")));
    }
    for a in &v.areas {
        out.push_str(&format!(
            "  {:<12} {:<10} {}{}{}\n",
            a.name,
            a.holder_name.clone().unwrap_or_default(),
            a.units_text,
            if a.token.is_some() { " ⚑" } else { "" },
            a.neutral
                .map(|n| format!(" neutral {n}"))
                .unwrap_or_default()
        ));
    }
    out.push_str(&format!(
        "  Iron Throne: {}\n  Fiefdoms: {}\n  King's Court: {}\n",
        v.iron_throne.join(" > "),
        v.fiefdoms.join(" > "),
        v.kings_court.join(" > ")
    ));
    for h in &v.houses {
        out.push_str(&format!(
            "  {:<10} power {} (+{} on map), barrels {}, castles {}\n",
            h.name, h.power, h.power_on_map, h.barrels, h.castles
        ));
    }
    out.push_str(&format!("  wildlings {}\n", v.wildlings));
    out.push_str(&format!(
        "  the map picture: maester map --game {id} --out map.png\n"
    ));
    Ok(out)
}
