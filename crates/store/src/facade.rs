//! Read methods on [`Store`] (outside any explicit transaction) and the
//! writes that stand alone, each committed in its own transaction.
//! Each one forwards to the [`StoreTx`] method of the same name.

use chrono::{DateTime, Utc};

use super::{
    AuditEntry, Game, House, InsertOutcome, Mail, NewMail, OutboxStatus, Outgoing, Snapshot, Store,
    StoreError, Submission,
};

impl Store {
    /// Stores a received mail, committed at once — do this *before* acting
    /// on it. See [`super::StoreTx::insert_mail`].
    pub fn insert_mail(&mut self, mail: &NewMail<'_>) -> Result<InsertOutcome, StoreError> {
        self.transaction(|tx| tx.insert_mail(mail))
    }

    /// Marks an outgoing mail sent. See [`super::StoreTx::mark_sent`].
    pub fn mark_sent(&mut self, id: i64, at: DateTime<Utc>) -> Result<(), StoreError> {
        self.transaction(|tx| tx.mark_sent(id, at))
    }

    /// Marks outgoing mails sent, all in one commit (a batch the sender delivered).
    /// See [`super::StoreTx::mark_sent`].
    pub fn mark_all_sent(&mut self, ids: &[i64], at: DateTime<Utc>) -> Result<(), StoreError> {
        if ids.is_empty() {
            return Ok(());
        }
        self.transaction(|tx| ids.iter().try_for_each(|&id| tx.mark_sent(id, at)))
    }

    /// Records a failed delivery attempt.
    /// See [`super::StoreTx::mark_attempt_failed`].
    pub fn mark_attempt_failed(
        &mut self,
        id: i64,
        error: &str,
        now: DateTime<Utc>,
    ) -> Result<OutboxStatus, StoreError> {
        self.transaction(|tx| tx.mark_attempt_failed(id, error, now))
    }

    /// Marks a queued mail `failed` at once (a permanent refusal).
    /// See [`super::StoreTx::mark_refused`].
    pub fn mark_refused(
        &mut self,
        id: i64,
        error: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.transaction(|tx| tx.mark_refused(id, error, now))
    }

    /// See [`super::StoreTx::failed_outgoing`].
    pub fn failed_outgoing(&self, game_id: Option<&str>) -> Result<Vec<Outgoing>, StoreError> {
        self.view().failed_outgoing(game_id)
    }

    /// Marks a `new` mail `failed`, committed at once.
    /// See [`super::StoreTx::mark_mail_failed`].
    pub fn mark_mail_failed(
        &mut self,
        id: i64,
        outcome: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.transaction(|tx| tx.mark_mail_failed(id, outcome, at))
    }

    /// Appends an audit entry. See [`super::StoreTx::append_audit`].
    pub fn append_audit(
        &mut self,
        game_id: Option<&str>,
        actor: &str,
        action: &str,
        detail: &str,
        at: DateTime<Utc>,
    ) -> Result<i64, StoreError> {
        self.transaction(|tx| tx.append_audit(game_id, actor, action, detail, at))
    }

    /// See [`super::StoreTx::game`].
    pub fn game(&self, id: &str) -> Result<Option<Game>, StoreError> {
        self.view().game(id)
    }

    /// See [`super::StoreTx::games`].
    pub fn games(&self) -> Result<Vec<Game>, StoreError> {
        self.view().games()
    }

    /// See [`super::StoreTx::games_due`].
    pub fn games_due(&self, now: DateTime<Utc>) -> Result<Vec<Game>, StoreError> {
        self.view().games_due(now)
    }

    /// See [`super::StoreTx::house`].
    pub fn house(&self, game_id: &str, house: &str) -> Result<Option<House>, StoreError> {
        self.view().house(game_id, house)
    }

    /// See [`super::StoreTx::houses`].
    pub fn houses(&self, game_id: &str) -> Result<Vec<House>, StoreError> {
        self.view().houses(game_id)
    }

    /// See [`super::StoreTx::houses_by_address`].
    pub fn houses_by_address(&self, address: &str) -> Result<Vec<House>, StoreError> {
        self.view().houses_by_address(address)
    }

    /// See [`super::StoreTx::verify_secret`].
    pub fn verify_secret(
        &self,
        game_id: &str,
        house: &str,
        secret: &str,
    ) -> Result<bool, StoreError> {
        self.view().verify_secret(game_id, house, secret)
    }

    /// See [`super::StoreTx::mail`].
    pub fn mail(&self, id: i64) -> Result<Option<Mail>, StoreError> {
        self.view().mail(id)
    }

    /// See [`super::StoreTx::mail_by_message_id`].
    pub fn mail_by_message_id(&self, message_id: &str) -> Result<Option<Mail>, StoreError> {
        self.view().mail_by_message_id(message_id)
    }

    /// See [`super::StoreTx::unprocessed_mails`].
    pub fn unprocessed_mails(&self) -> Result<Vec<Mail>, StoreError> {
        self.view().unprocessed_mails()
    }

    /// See [`super::StoreTx::unprocessed_mails_after`].
    pub fn unprocessed_mails_after(&self, after: i64, limit: u32) -> Result<Vec<Mail>, StoreError> {
        self.view().unprocessed_mails_after(after, limit)
    }

    /// See [`super::StoreTx::latest_submission`].
    pub fn latest_submission(
        &self,
        game_id: &str,
        house: &str,
        round: u32,
        step: &str,
        kind: &str,
    ) -> Result<Option<Submission>, StoreError> {
        self.view()
            .latest_submission(game_id, house, round, step, kind)
    }

    /// See [`super::StoreTx::current_submissions`].
    pub fn current_submissions(
        &self,
        game_id: &str,
        round: u32,
        step: &str,
    ) -> Result<Vec<Submission>, StoreError> {
        self.view().current_submissions(game_id, round, step)
    }

    /// See [`super::StoreTx::latest_snapshot`].
    pub fn latest_snapshot(&self, game_id: &str) -> Result<Option<Snapshot>, StoreError> {
        self.view().latest_snapshot(game_id)
    }

    /// See [`super::StoreTx::snapshot`].
    pub fn snapshot(&self, game_id: &str, seq: i64) -> Result<Option<Snapshot>, StoreError> {
        self.view().snapshot(game_id, seq)
    }

    /// See [`super::StoreTx::snapshot_index`].
    pub fn snapshot_index(&self, game_id: &str) -> Result<Vec<(i64, u32, String)>, StoreError> {
        self.view().snapshot_index(game_id)
    }

    /// See [`super::StoreTx::outgoing`].
    pub fn outgoing(&self, id: i64) -> Result<Option<Outgoing>, StoreError> {
        self.view().outgoing(id)
    }

    /// See [`super::StoreTx::due_outgoing`].
    pub fn due_outgoing(
        &self,
        now: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Outgoing>, StoreError> {
        self.view().due_outgoing(now, limit)
    }

    /// See [`super::StoreTx::audit_log`].
    pub fn audit_log(
        &self,
        game_id: Option<&str>,
        limit: u32,
    ) -> Result<Vec<AuditEntry>, StoreError> {
        self.view().audit_log(game_id, limit)
    }

    /// See [`super::StoreTx::last_audit_at`].
    pub fn last_audit_at(&self, action: &str) -> Result<Option<DateTime<Utc>>, StoreError> {
        self.view().last_audit_at(action)
    }

    /// See [`super::StoreTx::verify_gm_secret`].
    pub fn verify_gm_secret(&self, game_id: &str, secret: &str) -> Result<bool, StoreError> {
        self.view().verify_gm_secret(game_id, secret)
    }
}
