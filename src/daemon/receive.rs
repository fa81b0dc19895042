//! Taking mail in: storing every new mail of the mailbox before acting on it, then answering the
//! stored mails in batches (one write transaction per batch, a savepoint per mail), so one mail's
//! failure never blocks another.

use super::{Daemon, Tick, alerts, damage, failpoint, intake, mailbox};
use crate::error::Error;
use crate::store::{InsertOutcome, NewMail};
use chrono::{DateTime, Utc};

/// How many batches of [`crate::mail::FETCH_BATCH`] mails one tick reads at most (the rest
/// waits for the next tick).
const MAX_BATCHES: usize = 20;

/// How many stored mails are read from the store at a time to be answered, and committed
/// together (each in its own savepoint: one that fails is rolled back alone).
const PROCESS_BATCH: u32 = 100;

/// A batch of mails is committed once it has taken this long, whatever its size (other
/// processes — a GM command — wait for the write lock meanwhile).
const BATCH_TIME: std::time::Duration = std::time::Duration::from_secs(1);

/// Store every new mail of the mailbox, then mark it done there. A mail stored but not yet
/// marked done is simply seen again next time and recognised as a duplicate. A mailbox that
/// cannot be read is "no new mail this tick": the outage is logged once and the server is
/// tried again after a backoff. Only a failure of the store is returned.
pub(super) fn fetch(d: &mut Daemon, now: DateTime<Utc>, t: &mut Tick) -> Result<(), Error> {
    if !d.imap_outage.may_try(now) {
        return Ok(());
    }
    // In batches: each one stored and marked done before the next is read.
    for _ in 0..MAX_BATCHES {
        let mails = match d.inbox.fetch_new() {
            Ok(m) => m,
            Err(e) => {
                t.errors += 1;
                d.imap_outage.failed(now, &format!("reading mail: {e}"));
                return Ok(());
            }
        };
        let full = mails.len() >= crate::mail::FETCH_BATCH;
        store_batch(d, &mails, now, t)?;
        for m in mails {
            if let Err(e) = d.inbox.mark_done(&m.key) {
                // Stored already: it comes back next time and is taken as a duplicate.
                t.errors += 1;
                d.imap_outage
                    .failed(now, &format!("marking mail done: {e}"));
                return mailbox::save_marks(d, now);
            }
        }
        mailbox::save_marks(d, now)?;
        super::room::between_batches(d);
        if !full {
            break;
        }
    }
    d.imap_outage.succeeded(now);
    Ok(())
}

/// Store a fetched batch in one transaction (a duplicate is counted, not stored again),
/// before any of it is marked done in the mailbox. A mail the store cannot take (no key)
/// is left out and logged; it does not hold back the others.
fn store_batch(
    d: &mut Daemon,
    mails: &[crate::mail::InboundMail],
    now: DateTime<Utc>,
    t: &mut Tick,
) -> Result<(), Error> {
    let decoded: Vec<_> = mails.iter().map(|m| crate::mail::decode(&m.raw)).collect();
    let digests: Vec<_> = mails
        .iter()
        .map(|m| crate::mail::content_digest(&m.raw))
        .collect();
    let (stored, duplicates, new_ids) = d.store.transaction(|tx| {
        let (mut stored, mut duplicates, mut new_ids) = (0, 0, Vec::new());
        for (i, ((m, dm), digest)) in mails.iter().zip(&decoded).zip(&digests).enumerate() {
            let new = NewMail {
                mail_key: &m.key,
                message_id: dm.message_id.as_deref(),
                from_addr: dm.from_addr.as_deref().unwrap_or_default(),
                subject: &dm.subject,
                received_at: now,
                raw: &m.raw,
                content_sha256: Some(digest),
            };
            match tx.insert_mail(&new) {
                Ok(InsertOutcome::New(id)) => {
                    stored += 1;
                    new_ids.push((i, id));
                }
                // The same message delivered again (other trace headers): stored and
                // audited by the store, never answered nor taken as a second submission.
                Ok(InsertOutcome::Duplicate(_) | InsertOutcome::Redelivered { .. }) => {
                    duplicates += 1
                }
                Err(crate::store::StoreError::Invalid { what, detail }) => {
                    tracing::error!(key = %m.key, what, detail, "mail not stored");
                }
                Err(e) => return Err(e),
            }
        }
        Ok::<_, crate::store::StoreError>((stored, duplicates, new_ids))
    })?;
    // Kept for intake: the stored bytes are the ones decoded.
    let mut decoded: Vec<_> = decoded.into_iter().map(Some).collect();
    for (i, id) in new_ids {
        if let Some(mail) = decoded.get_mut(i).and_then(Option::take) {
            d.decoded.insert(id, mail);
        }
    }
    t.stored += stored;
    t.duplicates += duplicates;
    Ok(())
}

/// Answer every stored mail not yet processed, a batch at a time: the mails of a batch are
/// handled in one write transaction, each in its own savepoint, and committed together
/// before anything is sent (the sending stage comes after) or filed away. A mail whose
/// intake fails — an error or a panic anywhere in it — is rolled back alone, marked
/// `failed` with the reason and the GM is told; the next mail is taken as if nothing
/// happened. A crash before the commit leaves the whole batch `new`: it is redone.
pub(super) fn process(d: &mut Daemon, now: DateTime<Utc>, t: &mut Tick) -> Result<(), Error> {
    let result = process_batches(d, now, t);
    d.decoded.clear();
    crate::store::release_secret_memory();
    result
}

fn process_batches(d: &mut Daemon, now: DateTime<Utc>, t: &mut Tick) -> Result<(), Error> {
    let mut after = 0;
    loop {
        let mails = d
            .store
            .unprocessed_mails_after(after, super::room::batch(d, PROCESS_BATCH))?;
        if mails.is_empty() {
            return Ok(());
        }
        let start = std::time::Instant::now();
        d.store.begin_batch()?;
        let mut handled = Vec::new();
        let mut go_on = true;
        for m in mails {
            after = m.id;
            match process_one(d, &m, now, t) {
                Some(true) => handled.push(m),
                Some(false) => {}
                None => {
                    go_on = false;
                    break;
                }
            }
            if start.elapsed() >= BATCH_TIME {
                break;
            }
        }
        if d.damage.found.is_some() {
            // Found damaged meanwhile: nothing of the batch is written into it.
            d.store.rollback_batch();
            d.cache.forget_states();
            return Ok(());
        }
        if let Err(e) = d.store.commit_batch() {
            // None of the batch is kept: its mails are still `new`, taken again next tick.
            d.cache.forget_states();
            return Err(e.into());
        }
        for m in &handled {
            mailbox::file_away(d, m);
        }
        super::room::between_batches(d);
        if !go_on {
            return Ok(());
        }
    }
}

/// Answer one stored mail inside the open batch, in its own savepoint: `Some(true)` when it
/// was handled (to be filed away once committed), `Some(false)` when it failed (rolled
/// back, marked failed), `None` when the tick should stop taking mails (a full disk).
fn process_one(
    d: &mut Daemon,
    m: &crate::store::Mail,
    now: DateTime<Utc>,
    t: &mut Tick,
) -> Option<bool> {
    let decoded = d.decoded.remove(&m.id);
    // Err(Ok(error)) or Err(Err(what a panic said)).
    let result: Result<intake::Handled, Result<Error, String>> = match d.store.begin_item() {
        Err(e) => Err(Ok(e.into())),
        Ok(()) => match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            intake::handle_decoded(d, m, decoded, now)
        })) {
            Ok(Ok(h)) => Ok(h),
            Ok(Err(e)) => Err(Ok(e)),
            Err(payload) => Err(Err(format!(
                "panic: {}",
                alerts::panic_text(payload.as_ref())
            ))),
        },
    };
    let kept = d.store.end_item(result.is_ok());
    if result.is_err() || kept.is_err() {
        // What the mail wrote is undone; a state it loaded may be gone with it.
        d.cache.forget_states();
    }
    let failure = match (result, kept) {
        (Ok(_), Err(e)) => Some(e.to_string()),
        (Err(Ok(e)), _) if d.recheck_after(&e, now).is_err() => {
            // The store is damaged: not the mail's fault; it stays `new` (the batch is
            // rolled back) and waits for the store to be restored.
            t.errors += 1;
            return None;
        }
        (Err(Ok(e)), _) if damage::is_storage_error(&e) => {
            Some(damage::failure_outcome(&e, e.to_string()))
        }
        (Ok(intake::Handled::Answered), Ok(())) => {
            t.answered += 1;
            None
        }
        (Ok(intake::Handled::Ignored(why)), Ok(())) => {
            t.ignored += 1;
            if t.ignored_why.len() < 5 && !t.ignored_why.contains(&why) {
                t.ignored_why.push(why);
            }
            None
        }
        (Err(Ok(e)), _) if d.note_disk_full(&e, now) => {
            // Not the mail's fault: it stays `new` and is taken again next tick.
            t.errors += 1;
            return None;
        }
        (Err(Ok(e)), _) => Some(e.to_string()),
        (Err(Err(panic)), _) => Some(panic),
    };
    failpoint("after-one-mail");
    match failure {
        None => {
            t.processed += 1;
            Some(true)
        }
        Some(why) => {
            t.failed += 1;
            mail_failed(d, m, &why, now);
            Some(false)
        }
    }
}

/// Mark a mail whose intake failed, and tell the GM.
fn mail_failed(d: &mut Daemon, m: &crate::store::Mail, why: &str, now: DateTime<Utc>) {
    if let Err(e) = d.store.mark_mail_failed(m.id, why, now) {
        tracing::error!(mail = m.id, error = %e, "could not mark a mail failed");
    }
    let (what, detail) = crate::words::gm_alerts::mail_not_handled(
        m.id,
        &m.from_addr,
        &m.subject,
        &m.received_at.to_rfc3339(),
        why,
    );
    alerts::problem(d, m.game_id.as_deref(), &what, &detail, now);
}

impl Daemon {
    /// Wait up to `max` for new mail (IMAP IDLE, or a look at the Maildir every 200 ms): the
    /// next tick then comes at once. An inbox that cannot be waited on (the server is down)
    /// makes it a plain wait.
    pub fn wait_for_mail(&mut self, max: std::time::Duration) -> bool {
        let start = std::time::Instant::now();
        match self.inbox.wait_for_mail(max) {
            Ok(new) => new,
            Err(e) => {
                tracing::debug!(error = %e, "waiting for mail failed; sleeping instead");
                std::thread::sleep(max.saturating_sub(start.elapsed()));
                false
            }
        }
    }
}
