//! One tick: the daemon's work at a moment, as a pipeline of stages — the store checked, the
//! deadlines guarded after downtime, mail taken in (`receive`), each stored mail decided
//! (`intake`), absences and due steps closed (`absences`, `games`), reminders queued
//! (`reminders`), the outbox sent (`sending`). The top of the daemon: it calls down into each
//! stage, and no stage calls back into it.

use super::{
    Daemon, Tick, absences, alerts, deadlines, failpoint, games, receive, reminders, room, sending,
};
use crate::error::Error;
use chrono::{DateTime, Utc};

impl Daemon {
    /// One round of work at time `now`. Each stage runs whatever the one before did: a failed
    /// fetch is "no new mail this tick", a mail that cannot be handled is marked failed and the
    /// next one is taken, a step that cannot be closed does not stop the other games, and what
    /// is queued is sent in every case. Failures are counted in the result and told to the GM.
    pub fn tick(&mut self, now: DateTime<Utc>) -> Result<Tick, Error> {
        let mut t = Tick::default();
        self.backed_up.clear();
        // Before anything is written: a damaged store is refused (checked at the first tick,
        // and again at each tick while it stays damaged).
        if !self.damage.checked || self.damage.found.is_some() {
            self.check_store(now)?;
        }
        // First: a deadline that passed while the daemon was not running must not close now.
        // A volume short of space: the WAL kept small during the tick, not only after it.
        room::tick_begins(self);
        let guarded = deadlines::downtime_guard(self, now, &mut t.errors);
        t.deadlines_moved += guarded.unwrap_or(0);
        if let Err(e) = receive::fetch(self, now, &mut t) {
            self.stage_failed("reading mail", &e, now, &mut t);
        }
        failpoint("after-fetch");
        if let Err(e) = receive::process(self, now, &mut t) {
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
        if let Err(e) = sending::send(self, now, &mut t) {
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

    /// Send what is due in the outbox now (after a GM command), without reading mail.
    pub fn send_outbox(&mut self, now: DateTime<Utc>) -> Result<Tick, Error> {
        let mut t = Tick::default();
        sending::send(self, now, &mut t)?;
        Ok(t)
    }
}
