//! Telling the GM what the daemon could not do: a mail it could not handle, a step it could not
//! close, a full disk (when it begins and when it is over). Every problem is logged and written to the audit log; the GM gets a mail at
//! `[daemon] gm_address`, at most one an hour (the first problem of the hour, with a count of
//! what followed visible in the audit log), so a flood of bad input cannot flood his inbox.

use super::letters::{self, queue};
use super::{Daemon, disk};
use crate::error::Error;
use crate::mail::Mailbox;
use crate::store::StoreError;
use chrono::{DateTime, TimeDelta, Utc};

/// The audit action of a mail to the GM about a problem (its time rate-limits the next one).
const ALERT_ACTION: &str = "gm alerted";

/// Record a problem: a log line, an audit entry, and — if none was sent in the last hour — a
/// mail to the GM. Never fails: a problem while reporting a problem is only logged.
pub fn problem(d: &mut Daemon, game: Option<&str>, what: &str, detail: &str, now: DateTime<Utc>) {
    tracing::error!(
        game = game.unwrap_or("-"),
        what,
        detail,
        "problem told to the GM"
    );
    if let Err(e) = record(d, game, what, detail, now) {
        tracing::error!(error = %e, "could not record the problem for the GM");
    }
}

fn record(
    d: &mut Daemon,
    game: Option<&str>,
    what: &str,
    detail: &str,
    now: DateTime<Utc>,
) -> Result<(), Error> {
    let last = d.store.last_audit_at(ALERT_ACTION)?;
    let due = last.is_none_or(|t| now - t >= TimeDelta::hours(1));
    let letter = match (&d.config.daemon.gm_address, due) {
        (Some(addr), true) => {
            let to = Mailbox::new("GM".to_string(), addr.clone());
            let text = crate::words::mail_ops::problem_alert(what, detail);
            Some(letters::letter(
                &d.sender,
                &letters::Reader::plain(to),
                format!("[maester] {what}"),
                text,
                &format!("alert:{}:{what}", now.timestamp()),
                None,
            )?)
        }
        _ => None,
    };
    d.store
        .transaction(|tx| -> Result<(), StoreError> {
            tx.append_audit(game, "daemon", "problem", &format!("{what}: {detail}"), now)?;
            if let Some(l) = &letter {
                queue(tx, game, l, None, now)?;
                tx.append_audit(game, "daemon", ALERT_ACTION, what, now)?;
            }
            Ok(())
        })
        .map_err(Error::from)
}

/// The text of a caught panic's payload.
pub fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

impl Daemon {
    /// Whether `e` is a full disk; if so it is noted (for the end of the tick) and, when it
    /// begins, told to the GM.
    pub(crate) fn note_disk_full(&mut self, e: &Error, now: DateTime<Utc>) -> bool {
        let db = self.config.path(&self.config.daemon.database);
        if !disk::is_disk_full(e, &db) {
            return false;
        }
        if self.disk.seen(now) {
            let (what, detail) =
                crate::words::gm_alerts::disk_full(&e.to_string(), &db.display().to_string());
            tracing::error!(error = %e, "disk full: maester waits for free space");
            problem(self, None, &what, &detail, now);
        }
        true
    }

    /// At the end of a tick: a disk found full before and not in this tick is over.
    pub(crate) fn disk_tick_done(&mut self, now: DateTime<Utc>) {
        if let Some(since) = self.disk.tick_done() {
            tracing::warn!(since = %since, "disk full no longer: every stage works again");
            problem(
                self,
                None,
                "the disk was full",
                &format!(
                    "The disk of the database was full from {} to {} (as seen at the polls). \
                     Everything that waited was taken in, answered and sent when room \
                     returned; nothing was lost.",
                    since.to_rfc3339(),
                    now.to_rfc3339()
                ),
                now,
            );
        }
    }
}
