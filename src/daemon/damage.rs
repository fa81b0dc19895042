//! A damaged store. Before the daemon's first write (the first tick of the process) and after
//! any storage error, the store is checked: `PRAGMA quick_check`, and every game's newest
//! snapshot must decode. A damaged store is never written to:
//!
//! - the tick stops before writing anything (a batch of mails in progress is rolled back), so
//!   every mail stays waiting (`new`) and none is marked failed because of the store;
//! - `maester run` exits with the error (restore the file: docs/operations.md);
//! - the GM is told once, by a mail sent straight through the transport (the outbox is in the
//!   damaged file), remembered in a file beside the database (`<database>.damaged`);
//! - once the store is good again (restored), the mails that failed because of the store go
//!   back to waiting by themselves, and the GM is told.
//!
//! What the daemon knows of its store's health across ticks is its `DamageState`.

use super::{Daemon, alerts, letters};
use crate::config::Config;
use crate::error::Error;
use crate::mail::{Mailbox, Outbox};
use crate::store::RetryMails;
use chrono::{DateTime, Utc};
use std::path::PathBuf;

/// Whether `e` is a failure of the store rather than of a mail or a step: a damaged file, a
/// value the schema does not promise, a stored state that does not decode.
pub(crate) fn is_storage_error(e: &Error) -> bool {
    match e {
        Error::Store(s) => s.is_damage(),
        Error::State { .. } | Error::StoreDamaged(_) => true,
        _ => false,
    }
}

impl Daemon {
    fn damage_marker(&self) -> PathBuf {
        marker(&self.config)
    }

    /// What is wrong with the store, `None` when it is sound: `PRAGMA quick_check`, then every
    /// game's newest snapshot decoded (as the daemon would read it).
    pub fn store_damage(&self) -> Result<Option<String>, Error> {
        if let Some(found) = self.store.quick_check()? {
            return Ok(Some(format!("PRAGMA quick_check: {found}")));
        }
        let games = match self.store.games() {
            Ok(g) => g,
            Err(e) if e.is_damage() => return Ok(Some(e.to_string())),
            Err(e) => return Err(e.into()),
        };
        for g in games {
            let snap = match self.store.latest_snapshot(&g.id) {
                Ok(Some(s)) => s,
                Ok(None) => continue,
                Err(e) if e.is_damage() => return Ok(Some(format!("game {}: {e}", g.id))),
                Err(e) => return Err(e.into()),
            };
            if let Err(e) = super::stored::decode(snap.state) {
                return Ok(Some(format!(
                    "game {}: snapshot {} does not decode: {e}",
                    g.id, snap.seq
                )));
            }
        }
        Ok(None)
    }

    /// Check the store (at the first tick, and after a storage error): a damaged one is told to
    /// the GM once and refused with [`Error::StoreDamaged`]; a store good again after damage
    /// puts the mails that failed because of it back to waiting.
    pub(crate) fn check_store(&mut self, now: DateTime<Utc>) -> Result<(), Error> {
        self.damage.checked = true;
        let found = match self.store_damage() {
            Ok(f) => f,
            Err(e)
                if super::disk::is_disk_full(
                    &e,
                    &self.config.path(&self.config.daemon.database),
                ) =>
            {
                return Ok(());
            }
            Err(e) => Some(e.to_string()),
        };
        let marker = self.damage_marker();
        match found {
            Some(found) => {
                self.damage.found = Some(found.clone());
                self.tell_gm_damaged(&found, now);
                Err(Error::StoreDamaged(found))
            }
            None => {
                self.damage.found = None;
                let was_damaged = marker.exists();
                let retried = self.store.transaction(|tx| {
                    tx.retry_failed_mails(RetryMails::FailedByStore, "daemon", now)
                })?;
                if was_damaged {
                    let _ = std::fs::remove_file(&marker);
                    let (what, detail) =
                        crate::words::gm_alerts::database_good_again(retried.len());
                    alerts::problem(self, None, &what, &detail, now);
                }
                Ok(())
            }
        }
    }

    /// Tell the GM (once per damage, remembered beside the database) by a mail sent straight
    /// through the transport: the outbox is in the damaged file.
    fn tell_gm_damaged(&mut self, found: &str, now: DateTime<Utc>) {
        tell_gm(&self.config, &self.sender, self.outbox.as_mut(), found, now);
    }

    /// After a storage error: is the store damaged? (`Err` when it is, told to the GM.)
    pub(crate) fn recheck_after(&mut self, e: &Error, now: DateTime<Utc>) -> Result<(), Error> {
        if self.damage.found.is_some() || !is_storage_error(e) {
            return match &self.damage.found {
                Some(f) => Err(Error::StoreDamaged(f.clone())),
                None => Ok(()),
            };
        }
        self.check_store(now)
    }
}

/// A store error said as a failure of the store in a failed mail's outcome, so that it goes
/// back to waiting once the store is good again.
pub(crate) fn failure_outcome(e: &Error, why: String) -> String {
    if is_storage_error(e) {
        format!("{}{why}", crate::store::STORE_FAILURE)
    } else {
        why
    }
}

/// The file beside the database that remembers the GM was told of a damage (what was found).
fn marker(config: &Config) -> PathBuf {
    let db = config.path(&config.daemon.database);
    let mut name = db.as_os_str().to_owned();
    name.push(".damaged");
    PathBuf::from(name)
}

/// Tell the GM of a damaged database, once per damage (remembered in [`marker`]), by a mail
/// sent straight through `outbox`.
fn tell_gm(
    config: &Config,
    sender: &letters::Sender,
    outbox: &mut dyn Outbox,
    found: &str,
    now: DateTime<Utc>,
) {
    tracing::error!(
        found,
        "the database is damaged: maester writes nothing into it"
    );
    let marker = marker(config);
    if std::fs::read_to_string(&marker).is_ok_and(|told| told == found) {
        return;
    }
    let db = config.path(&config.daemon.database);
    let detail = format!(
        "{}\nThe database {} is damaged: {found}\nmaester wrote nothing into it, marked no \
         mail failed and stopped; every mail waits. Restore it from the newest good backup \
         (docs/operations.md, \"Restoring the database from a backup\"), then start maester \
         again: the waiting mails are answered then.",
        now.to_rfc3339(),
        db.display()
    );
    let _ = std::fs::write(&marker, found);
    let Some(addr) = config.daemon.gm_address.clone() else {
        return;
    };
    let to = Mailbox::new("GM".to_string(), addr);
    let what = "the database is damaged";
    let text = crate::words::mail_ops::problem_alert(what, &detail);
    let letter = match letters::letter(
        sender,
        &letters::Reader::plain(to),
        format!("[maester] {what}"),
        text,
        &format!("damaged:{}", now.timestamp()),
        None,
    ) {
        Ok(l) => l,
        Err(e) => {
            tracing::error!(error = %e, "could not write the mail to the GM");
            return;
        }
    };
    outbox.begin_batch();
    let sent = outbox
        .send(&config.daemon.address, &letter.to, &letter.raw)
        .and_then(|()| outbox.flush());
    if let Err(e) = sent {
        tracing::error!(error = %e, "could not mail the GM about the damaged database");
        let _ = std::fs::remove_file(&marker);
    }
}

/// A database that cannot even be opened because it is damaged (its schema page, its header):
/// said as [`Error::StoreDamaged`] and told to the GM once, through a transport of its own.
/// Any other error is returned as it is.
pub fn refused_at_open(config: &Config, e: Error, now: DateTime<Utc>) -> Error {
    let damaged = matches!(&e, Error::Store(s) if s.is_damage());
    if !damaged {
        return e;
    }
    let found = e.to_string();
    let sender = letters::Sender {
        from: Mailbox::new(config.daemon.name.clone(), config.daemon.address.clone()),
        domain: config.domain(),
    };
    let outbox: Result<Box<dyn Outbox>, Error> =
        match (config.mail.transport.as_str(), &config.mail.smtp) {
            ("imap", Some(smtp)) => crate::mail::SmtpOutbox::new(smtp)
                .map(|o| Box::new(o) as Box<dyn Outbox>)
                .map_err(|e| Error::Config(format!("SMTP: {e}"))),
            _ => crate::mail::MaildirOutbox::new(config.path(&config.mail.maildir.outbox))
                .map(|o| Box::new(o) as Box<dyn Outbox>)
                .map_err(Error::from),
        };
    match outbox {
        Ok(mut o) => tell_gm(config, &sender, o.as_mut(), &found, now),
        Err(e) => tracing::error!(error = %e, "no transport to tell the GM"),
    }
    Error::StoreDamaged(found)
}
