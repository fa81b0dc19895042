//! Sending what is queued: answers with the null envelope sender (a bounce of an automatic
//! answer cannot start a loop), everything else from the referee's address; answers and reports
//! before notices, within the daily sending budget (`[mail.budget]`); a copy of each sent mail
//! kept in the Sent folder when one is configured.

use super::{Daemon, Tick, alerts, mailbox};
use crate::error::Error;
use crate::store::{OutKind, OutboxStatus, Outgoing};
use chrono::{DateTime, Utc};

/// How many queued mails one tick looks at.
const SEND_BATCH: u32 = 100;

/// With an outbox whose sends are final at once (SMTP), how many sent mails are marked sent in
/// one commit: a crash sends at most this many of them a second time (the same Message-ID).
const MARK_SENT_EVERY: usize = 10;

/// Send what is due in the outbox. A server that does not answer (refused connection, timeout)
/// stops the sending for this tick — the rest stays queued as it is and the server is tried
/// again after a backoff; a permanent refusal (5xx) fails that mail at once and tells the GM; a
/// temporary one (4xx) is retried later. Over the day's budget, mails stay queued.
///
/// Every due mail goes out in the tick that finds it, batch after batch: a burst of answers is
/// not spread over later polls. A batch that sends nothing (the server is down, the disk is
/// full, the budget is spent) ends the stage.
pub(super) fn send(d: &mut Daemon, now: DateTime<Utc>, t: &mut Tick) -> Result<(), Error> {
    if !d.smtp_outage.may_try(now) {
        return Ok(());
    }
    loop {
        let before = t.sent + t.send_failures;
        // Smaller batches when the volume is short of space: marking a batch sent rewrites
        // its mails in one commit, which must fit in the room there is.
        let batch = super::room::batch(d, SEND_BATCH);
        let (fetched, stopped) = send_batch(d, batch, now, t)?;
        let progress = t.sent + t.send_failures > before;
        if stopped || fetched < batch as usize || !progress {
            return Ok(());
        }
        super::room::between_batches(d);
    }
}

/// One batch of due mails: how many were due in it, and whether sending must stop. The mails
/// the outbox took are made durable there once (the Maildir outbox syncs its files and folder
/// once per batch), then marked sent in one commit: a crash between the two sends them again
/// with the same Message-ID (delivery is at-least-once). Through SMTP, where the server has a
/// mail as soon as it accepted it, they are marked sent every [`MARK_SENT_EVERY`] mails.
fn send_batch(
    d: &mut Daemon,
    batch: u32,
    now: DateTime<Utc>,
    t: &mut Tick,
) -> Result<(usize, bool), Error> {
    let due = d.store.due_outgoing_ranked(now, batch)?;
    let total = due.len();
    let mut sent = Vec::new();
    d.outbox.begin_batch();
    let tried = try_batch(d, due, &mut sent, now, t);
    let flushed = finish_batch(d, &mut sent, now, t);
    let stopped = tried? | flushed?;
    Ok((total, stopped))
}

/// Hands each due mail to the outbox (within the day's budget); the ids it took go to `sent`.
/// `true` when sending must stop.
fn try_batch(
    d: &mut Daemon,
    due: Vec<(Outgoing, OutKind)>,
    sent: &mut Vec<i64>,
    now: DateTime<Utc>,
    t: &mut Tick,
) -> Result<bool, Error> {
    let total = due.len();
    let day = now
        .date_naive()
        .and_hms_opt(0, 0, 0)
        .map_or(now, |t| t.and_utc());
    let mut sent_today = match d.config.mail.budget.per_day {
        0 => 0,
        _ => d.store.sent_since(day)?,
    };
    for (i, (o, kind)) in due.into_iter().enumerate() {
        if let Some((all, notices)) = d.config.mail.budget.room(sent_today) {
            let room = if kind == OutKind::Notice {
                notices
            } else {
                all
            };
            if room == 0 {
                if t.over_budget == 0 {
                    tracing::warn!(
                        sent_today,
                        "the day's sending budget is spent: mails stay queued until tomorrow (UTC)"
                    );
                }
                t.over_budget += 1;
                continue;
            }
        }
        let envelope_from = match kind {
            OutKind::Answer => String::new(),
            OutKind::Report | OutKind::Notice => d.config.daemon.address.clone(),
        };
        match d.outbox.send(&envelope_from, &o.to_addrs, &o.raw) {
            Ok(()) => {
                d.smtp_outage.succeeded(now);
                sent.push(o.id);
                sent_today += 1;
                super::failpoint(&format!("after-sending-{}", i + 1));
                if d.outbox.final_on_send() && sent.len() >= MARK_SENT_EVERY {
                    mark_sent(d, sent, now, t)?;
                }
            }
            Err(e) if e.is_disk_full() => {
                // The Maildir outbox cannot be written: not the mail's fault, no attempt is
                // counted; everything stays queued until there is room.
                t.send_failures += 1;
                t.send_deferred += total - i - 1;
                d.note_disk_full(&Error::Mail(e), now);
                return Ok(true);
            }
            Err(e) if e.is_unreachable() => {
                t.send_failures += 1;
                t.send_deferred += total - i - 1;
                d.smtp_outage.failed(now, &e.to_string());
                return Ok(true);
            }
            Err(e) if e.is_permanent() => refused(d, &o, &e, now, t)?,
            Err(e) => {
                let status = d.store.mark_attempt_failed(o.id, &e.to_string(), now)?;
                t.send_failures += 1;
                if status == OutboxStatus::Failed {
                    tracing::error!(message_id = %o.message_id, error = %e, "giving up sending a mail");
                } else {
                    tracing::warn!(message_id = %o.message_id, error = %e, "sending failed, will retry");
                }
            }
        }
    }
    Ok(false)
}

/// The outbox's flush, then the mails it took marked sent in one commit and kept in the Sent
/// folder. `true` when sending must stop (the outbox could not be synced: a full disk; the
/// mails stay queued, none counts as sent).
fn finish_batch(
    d: &mut Daemon,
    sent: &mut Vec<i64>,
    now: DateTime<Utc>,
    t: &mut Tick,
) -> Result<bool, Error> {
    if let Err(e) = d.outbox.flush() {
        t.send_failures += sent.len();
        let e = Error::Mail(e);
        if d.note_disk_full(&e, now) {
            return Ok(true);
        }
        return Err(e);
    }
    mark_sent(d, sent, now, t)?;
    Ok(false)
}

/// The mails of `sent` (durable at the outbox) marked sent in one commit, kept in the Sent
/// folder and counted; `sent` is emptied.
fn mark_sent(
    d: &mut Daemon,
    sent: &mut Vec<i64>,
    now: DateTime<Utc>,
    t: &mut Tick,
) -> Result<(), Error> {
    d.store.mark_all_sent(sent, now)?;
    for id in sent.drain(..) {
        // What the store keeps of it (a secret masked), not the bytes sent.
        if let Some(kept) = d.store.outgoing(id)? {
            mailbox::keep_sent(d, &kept.raw);
        }
        t.sent += 1;
    }
    Ok(())
}

/// A permanent refusal: the mail is failed at once and the GM told.
fn refused(
    d: &mut Daemon,
    o: &Outgoing,
    e: &crate::mail::MailError,
    now: DateTime<Utc>,
    t: &mut Tick,
) -> Result<(), Error> {
    d.smtp_outage.succeeded(now);
    d.store.mark_refused(o.id, &e.to_string(), now)?;
    t.send_failures += 1;
    t.refused += 1;
    let (what, detail) = crate::words::gm_alerts::smtp_refused(
        o.id,
        &o.to_addrs.join(", "),
        &o.subject,
        &e.to_string(),
    );
    alerts::problem(d, o.game_id.as_deref(), &what, &detail, now);
    Ok(())
}
