//! The daemon: the imperative shell around the rules. One `tick` polls the mailbox, stores every
//! new mail before acting on it, answers each stored mail, closes the steps whose deadline has
//! passed, and sends what is queued. Every step is idempotent: after a crash, the next tick
//! picks up exactly where the last one stopped.

pub(crate) mod absences;
pub(crate) mod alerts;
pub mod backups;
pub(crate) mod cache;
pub(crate) mod chronicle;
pub(crate) mod corrected;
pub mod damage;
pub(crate) mod deadlines;
pub mod disk;
pub mod executed_plans;
pub mod games;
pub mod gm;
pub(crate) mod gm_copy;
pub(crate) mod gm_mail;
pub(crate) mod guard;
pub(crate) mod house_report;
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
pub(crate) mod random;
pub mod receipts;
mod receive;
pub mod record_json;
pub(crate) mod refusals;
pub(crate) mod reminders;
mod report_map;
pub mod requeue;
pub mod room;
mod sending;
pub mod setup;
pub mod silence;
pub mod status;
pub mod stored;
mod tick;
pub mod wanted;
pub(crate) mod what_ifs;

use crate::config::Config;
use crate::error::Error;
use crate::mail::{Inbox, Mailbox, MaildirInbox, MaildirOutbox, Outbox, UidMark};
use crate::store::Store;
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

/// What the daemon knows of its store's health in this process (see `damage`).
#[derive(Debug, Default)]
pub(crate) struct DamageState {
    /// The store was checked in this process (the first tick checks it).
    pub(crate) checked: bool,
    /// What a check found wrong, while it stays so.
    pub(crate) found: Option<String>,
}

/// The running daemon: its parts (configuration, store, mail transports) and what it keeps in
/// memory across ticks. What a tick does with them is in `tick`; every stage stands above this
/// file and nothing here calls up into them.
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
    damage: DamageState,
    /// Steps closed during intake (no early close delay), counted into the tick's closes.
    closed_in_intake: usize,
    /// What is built once per process (boards, templates, name indexes, newest states).
    pub(crate) cache: cache::Cache,
    /// The mails of this tick's fetch as decoded there, by id, so intake does not decode them
    /// again (at most what one tick fetches; emptied when the tick has processed them).
    decoded: std::collections::HashMap<i64, crate::mail::DecodedMail>,
    /// The games backed up in this tick (one backup per game and tick, `backups`).
    pub(crate) backed_up: std::collections::HashSet<String>,
    /// The steps whose close waits for disk space, as `game/round/step`, the GM told
    /// (`room`): told once per step, not at every poll.
    pub(crate) waiting_closes: std::collections::HashSet<String>,
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
            damage: DamageState::default(),
            closed_in_intake: 0,
            cache: cache::Cache::default(),
            decoded: Default::default(),
            backed_up: Default::default(),
            waiting_closes: Default::default(),
        };
        // Reading resumes where it stopped: the IMAP marks kept in the database, handed to the
        // inbox (reading never depends on `\Seen`).
        let marks: Vec<UidMark> = d
            .store
            .imap_marks()?
            .into_iter()
            .map(|m| UidMark {
                folder: m.folder,
                uid_validity: m.uid_validity,
                uid: m.last_uid,
            })
            .collect();
        d.inbox.resume(&marks);
        Ok(d)
    }

    /// When the IMAP server's outage began, if it is down.
    pub fn imap_down_since(&self) -> Option<DateTime<Utc>> {
        self.imap_outage.down_since()
    }

    /// When the SMTP server's outage began, if it is down.
    pub fn smtp_down_since(&self) -> Option<DateTime<Utc>> {
        self.smtp_outage.down_since()
    }

    /// When the disk was first found full, if it still is.
    pub fn disk_full_since(&self) -> Option<DateTime<Utc>> {
        self.disk.since()
    }
}

/// Whether `maester run` pauses (a second at most) before its next tick: only when it woke
/// because mail was waiting and the tick then took none (the disk is full, the mailbox refuses
/// a move), so that mail it cannot take does not make it spin. A tick that found no mail after
/// a quiet wait is the usual case and no reason to wait: the next mail is taken at once.
pub fn pause_before_next_tick(woke_for_mail: bool, took_mail: bool) -> bool {
    woke_for_mail && !took_mail
}
