//! The outgoing mail queue and the audit log.

use crate::cached::Cached;
use crate::{blobs, packing};
use chrono::{DateTime, TimeDelta, Utc};
use rusqlite::{Connection, OptionalExtension, Row, params};

use super::expect_one;
use super::{InsertOutcome, StoreError, StoreTx, format_ts, parse_opt_ts, parse_ts};

/// First retry delay after a failed delivery; doubled each time.
const RETRY_BASE_SECS: i64 = 60;
/// Longest retry delay.
const RETRY_MAX_SECS: i64 = 3600;

/// Where an outgoing mail stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutboxStatus {
    /// Waiting to be sent (again).
    Queued,
    /// Handed to the SMTP server.
    Sent,
    /// Given up after too many attempts (a GM may requeue it).
    Failed,
}

impl OutboxStatus {
    /// The text stored in `outbox.status`.
    pub fn as_str(self) -> &'static str {
        match self {
            OutboxStatus::Queued => "queued",
            OutboxStatus::Sent => "sent",
            OutboxStatus::Failed => "failed",
        }
    }

    fn parse(text: &str) -> Result<Self, StoreError> {
        match text {
            "queued" => Ok(OutboxStatus::Queued),
            "sent" => Ok(OutboxStatus::Sent),
            "failed" => Ok(OutboxStatus::Failed),
            other => Err(StoreError::Corrupt {
                what: "outbox.status",
                detail: format!("unknown status {other:?}"),
            }),
        }
    }
}

/// A mail to queue with [`StoreTx::queue_outgoing`].
#[derive(Debug, Clone)]
pub struct NewOutgoing<'a> {
    /// The game it is about (`None`: not about a game).
    pub game_id: Option<&'a str>,
    /// The Message-ID of the mail (without `<>`); queueing the same one
    /// twice is a no-op.
    pub message_id: &'a str,
    /// Recipient addresses (plain addresses, no display names).
    pub to_addrs: &'a [String],
    /// The subject (for humans reading the table).
    pub subject: &'a str,
    /// The complete message to send.
    pub raw: &'a [u8],
    /// The received mail this answers, if any.
    pub reply_to_mail: Option<i64>,
    /// When it was queued (it is due from then on).
    pub created_at: DateTime<Utc>,
}

/// A queued, sent or failed outgoing mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outgoing {
    /// Row id.
    pub id: i64,
    /// The game it is about.
    pub game_id: Option<String>,
    /// Its Message-ID.
    pub message_id: String,
    /// Recipients.
    pub to_addrs: Vec<String>,
    /// Subject.
    pub subject: String,
    /// The complete message.
    pub raw: Vec<u8>,
    /// Queued, sent or failed.
    pub status: OutboxStatus,
    /// Delivery attempts that failed so far.
    pub attempts: u32,
    /// The last delivery error.
    pub last_error: Option<String>,
    /// When it was queued.
    pub created_at: DateTime<Utc>,
    /// Not sent before this time.
    pub next_attempt_at: DateTime<Utc>,
    /// When it was sent.
    pub sent_at: Option<DateTime<Utc>>,
    /// The received mail it answers.
    pub reply_to_mail: Option<i64>,
}

/// One audit log entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditEntry {
    /// Row id (increasing).
    pub id: i64,
    /// The game concerned.
    pub game_id: Option<String>,
    /// When.
    pub at: DateTime<Utc>,
    /// Who: `daemon`, `gm`, `house:stark` …
    pub actor: String,
    /// What, as a short verb phrase.
    pub action: String,
    /// Details.
    pub detail: String,
}

pub(crate) const OUT_COLS: &str = "id, game_id, message_id, to_addrs, subject, raw, status, attempts, \
                        last_error, created_at, next_attempt_at, sent_at, reply_to_mail, packed";

/// An outgoing mail from a row of [`OUT_COLS`], its text inflated and its parts put back
/// ([`crate::packing`], [`crate::blobs`]).
pub(crate) fn outgoing_from_row(conn: &Connection, row: &Row<'_>) -> Result<Outgoing, StoreError> {
    let to: String = row.get(3)?;
    let id: i64 = row.get(0)?;
    let stored: Vec<u8> = row.get(5)?;
    let frame = if row.get::<_, i64>(13)? == 0 {
        stored
    } else {
        packing::inflate(&stored).ok_or_else(|| StoreError::Corrupt {
            what: "outbox.raw",
            detail: format!("outgoing mail {id}: its stored text does not inflate"),
        })?
    };
    Ok(Outgoing {
        id: row.get(0)?,
        game_id: row.get(1)?,
        message_id: row.get(2)?,
        to_addrs: to
            .split(',')
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .map(String::from)
            .collect(),
        subject: row.get(4)?,
        raw: blobs::join(conn, id, frame)?,
        status: OutboxStatus::parse(&row.get::<_, String>(6)?)?,
        attempts: row.get(7)?,
        last_error: row.get(8)?,
        created_at: parse_ts(&row.get::<_, String>(9)?, "outbox.created_at")?,
        next_attempt_at: parse_ts(&row.get::<_, String>(10)?, "outbox.next_attempt_at")?,
        sent_at: parse_opt_ts(row.get(11)?, "outbox.sent_at")?,
        reply_to_mail: row.get(12)?,
    })
}

/// Delay before the next attempt after `attempts` failures.
fn retry_delay(attempts: u32) -> TimeDelta {
    let exp = attempts.saturating_sub(1).min(20);
    TimeDelta::seconds((RETRY_BASE_SECS << exp).min(RETRY_MAX_SECS))
}

impl StoreTx<'_> {
    /// Queues a mail for sending. Idempotent on the Message-ID: queueing
    /// it again returns [`InsertOutcome::Duplicate`] and changes nothing.
    pub fn queue_outgoing(&self, m: &NewOutgoing<'_>) -> Result<InsertOutcome, StoreError> {
        let message_id = m
            .message_id
            .trim()
            .trim_start_matches('<')
            .trim_end_matches('>');
        if message_id.is_empty() {
            return Err(StoreError::Invalid {
                what: "outbox.message_id",
                detail: "empty Message-ID".into(),
            });
        }
        if m.to_addrs.is_empty() {
            return Err(StoreError::Invalid {
                what: "outbox.to_addrs",
                detail: format!("no recipient for {message_id}"),
            });
        }
        if let Some(bad) = m
            .to_addrs
            .iter()
            .find(|a| a.trim().is_empty() || a.contains(','))
        {
            return Err(StoreError::Invalid {
                what: "outbox.to_addrs",
                detail: format!("{bad:?} is not a plain address"),
            });
        }
        let existing: Option<i64> = self
            .conn
            .row(
                "SELECT id FROM outbox WHERE message_id = ?1",
                [message_id],
                |row| row.get(0),
            )
            .optional()?;
        if let Some(id) = existing {
            return Ok(InsertOutcome::Duplicate(id));
        }
        let to: Vec<&str> = m.to_addrs.iter().map(|a| a.trim()).collect();
        let created = format_ts(m.created_at);
        let (frame, parts) = blobs::split(m.raw);
        let frame = packing::deflate(&frame);
        self.conn.exec(
            "INSERT INTO outbox (game_id, message_id, to_addrs, subject, raw, status, attempts,
                                 created_at, next_attempt_at, reply_to_mail, packed)
             VALUES (?1, ?2, ?3, ?4, ?5, 'queued', 0, ?6, ?6, ?7, 1)",
            params![
                m.game_id,
                message_id,
                to.join(", "),
                m.subject,
                frame,
                created,
                m.reply_to_mail
            ],
        )?;
        let id = self.conn.last_insert_rowid();
        blobs::keep(self.conn, id, &parts)?;
        Ok(InsertOutcome::New(id))
    }

    /// The outgoing mail with this id, if any.
    pub fn outgoing(&self, id: i64) -> Result<Option<Outgoing>, StoreError> {
        let sql = format!("SELECT {OUT_COLS} FROM outbox WHERE id = ?1");
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query([id])?;
        rows.next()?
            .map(|r| outgoing_from_row(self.conn, r))
            .transpose()
    }

    /// Up to `limit` queued mails whose next attempt is due at `now`, in the order they are
    /// sent (see [`StoreTx::due_outgoing_ranked`]).
    pub fn due_outgoing(
        &self,
        now: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Outgoing>, StoreError> {
        Ok(self
            .due_outgoing_ranked(now, limit)?
            .into_iter()
            .map(|(o, _)| o)
            .collect())
    }

    /// Sets the copy of a queued mail to keep instead of it once it is sent (the mail with
    /// its secret masked): [`StoreTx::mark_sent`] replaces `raw` with it.
    pub fn keep_after_send(&self, id: i64, kept: &[u8]) -> Result<(), StoreError> {
        let n = self.conn.exec(
            "UPDATE outbox SET kept_after_send = ?2 WHERE id = ?1 AND status = 'queued'",
            params![id, kept],
        )?;
        expect_one(n, || format!("queued outgoing mail {id}"))
    }

    /// Marks an outgoing mail sent; a mail with a copy to keep after sending (see
    /// [`StoreTx::keep_after_send`]) keeps only that copy from now on.
    pub fn mark_sent(&self, id: i64, at: DateTime<Utc>) -> Result<(), StoreError> {
        let replaced: bool = self
            .conn
            .row(
                "SELECT kept_after_send IS NOT NULL FROM outbox WHERE id = ?1",
                [id],
                |r| r.get(0),
            )
            .optional()?
            .unwrap_or(false);
        if replaced {
            blobs::forget(self.conn, id)?;
        }
        let n = self.conn.exec(
            "UPDATE outbox SET status = 'sent', sent_at = ?2,
                              raw = coalesce(kept_after_send, raw),
                              packed = CASE WHEN kept_after_send IS NULL THEN packed ELSE 0 END,
                              kept_after_send = NULL
             WHERE id = ?1",
            params![id, format_ts(at)],
        )?;
        expect_one(n, || format!("outgoing mail {id}"))
    }

    /// Records a failed delivery attempt. The mail is retried later
    /// (1 min, 2 min, 4 min … at most 1 h after `now`) until it has failed
    /// the configured number of times; then it is `failed`. Returns the new
    /// status.
    pub fn mark_attempt_failed(
        &self,
        id: i64,
        error: &str,
        now: DateTime<Utc>,
    ) -> Result<OutboxStatus, StoreError> {
        let Some(m) = self.outgoing(id)? else {
            return Err(StoreError::NotFound {
                what: format!("outgoing mail {id}"),
            });
        };
        if m.status != OutboxStatus::Queued {
            return Err(StoreError::WrongState {
                what: format!("outgoing mail {id}"),
                state: m.status.as_str().to_string(),
                attempted: "record a failed attempt for",
            });
        }
        let attempts = m.attempts.saturating_add(1);
        let status = if attempts >= self.settings.max_send_attempts {
            OutboxStatus::Failed
        } else {
            OutboxStatus::Queued
        };
        self.conn.exec(
            "UPDATE outbox SET attempts = ?2, last_error = ?3, status = ?4, next_attempt_at = ?5
             WHERE id = ?1",
            params![
                id,
                attempts,
                error,
                status.as_str(),
                format_ts(now + retry_delay(attempts))
            ],
        )?;
        Ok(status)
    }

    /// Records a delivery the server refused for good (a 5xx answer): the mail is `failed` at
    /// once, with no retry. A GM may requeue it ([`StoreTx::requeue_failed`]).
    pub fn mark_refused(&self, id: i64, error: &str, now: DateTime<Utc>) -> Result<(), StoreError> {
        let n = self.conn.exec(
            "UPDATE outbox SET attempts = attempts + 1, last_error = ?2, status = 'failed',
                               next_attempt_at = ?3
             WHERE id = ?1 AND status = 'queued'",
            params![id, error, format_ts(now)],
        )?;
        expect_one(n, || format!("queued outgoing mail {id}"))
    }

    /// The `failed` outgoing mails (of one game, or of all when `game_id` is `None`), oldest
    /// first.
    pub fn failed_outgoing(&self, game_id: Option<&str>) -> Result<Vec<Outgoing>, StoreError> {
        let sql = format!(
            "SELECT {OUT_COLS} FROM outbox
             WHERE status = 'failed' AND (?1 IS NULL OR game_id = ?1) ORDER BY id"
        );
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query([game_id])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            out.push(outgoing_from_row(self.conn, row)?);
        }
        Ok(out)
    }

    /// Puts a `failed` mail back in the queue with a fresh attempt count
    /// (GM action after fixing the cause).
    pub fn requeue_failed(&self, id: i64, now: DateTime<Utc>) -> Result<(), StoreError> {
        let n = self.conn.exec(
            "UPDATE outbox SET status = 'queued', attempts = 0, next_attempt_at = ?2
             WHERE id = ?1 AND status = 'failed'",
            params![id, format_ts(now)],
        )?;
        expect_one(n, || format!("failed outgoing mail {id}"))
    }

    /// Appends an audit entry; returns its id.
    pub fn append_audit(
        &self,
        game_id: Option<&str>,
        actor: &str,
        action: &str,
        detail: &str,
        at: DateTime<Utc>,
    ) -> Result<i64, StoreError> {
        self.conn.exec(
            "INSERT INTO audit (game_id, at, actor, action, detail) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![game_id, format_ts(at), actor, action, detail],
        )?;
        Ok(self.conn.last_insert_rowid())
    }

    /// The newest `limit` audit entries (of one game, or of all when
    /// `game_id` is `None`), newest first.
    pub fn audit_log(
        &self,
        game_id: Option<&str>,
        limit: u32,
    ) -> Result<Vec<AuditEntry>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, game_id, at, actor, action, detail FROM audit
             WHERE ?1 IS NULL OR game_id = ?1 ORDER BY id DESC LIMIT ?2",
        )?;
        let mut rows = stmt.query(params![game_id, limit])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            out.push(AuditEntry {
                id: row.get(0)?,
                game_id: row.get(1)?,
                at: parse_ts(&row.get::<_, String>(2)?, "audit.at")?,
                actor: row.get(3)?,
                action: row.get(4)?,
                detail: row.get(5)?,
            });
        }
        Ok(out)
    }

    /// When the newest audit entry with this action was written (any game), if any.
    pub fn last_audit_at(&self, action: &str) -> Result<Option<DateTime<Utc>>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT at FROM audit WHERE action = ?1 ORDER BY id DESC LIMIT 1")?;
        let mut rows = stmt.query([action])?;
        match rows.next()? {
            Some(row) => Ok(Some(parse_ts(&row.get::<_, String>(0)?, "audit.at")?)),
            None => Ok(None),
        }
    }
}

#[cfg(test)]
mod refused_tests {
    use super::*;
    use crate::Store;
    use chrono::TimeZone;

    fn queue(store: &mut Store, id: &str, at: DateTime<Utc>) -> i64 {
        let to = vec!["gm@example.org".to_string()];
        let m = NewOutgoing {
            game_id: None,
            message_id: id,
            to_addrs: &to,
            subject: "s",
            raw: b"Subject: s\r\n\r\nx\r\n",
            reply_to_mail: None,
            created_at: at,
        };
        match store.transaction(|tx| tx.queue_outgoing(&m)) {
            Ok(o) => o.id(),
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn a_refused_mail_fails_at_once_and_a_requeue_resets_it() -> Result<(), StoreError> {
        let mut store = Store::open_in_memory()?;
        let now = Utc
            .with_ymd_and_hms(2025, 3, 1, 9, 0, 0)
            .single()
            .unwrap_or_default();
        let a = queue(&mut store, "a@maester", now);
        let b = queue(&mut store, "b@maester", now);
        store.mark_refused(a, "550 no such user", now)?;
        let m = store
            .outgoing(a)?
            .ok_or(StoreError::NotFound { what: "a".into() })?;
        assert_eq!((m.status, m.attempts), (OutboxStatus::Failed, 1));
        assert_eq!(m.last_error.as_deref(), Some("550 no such user"));
        assert!(
            store.mark_refused(a, "again", now).is_err(),
            "only a queued mail"
        );
        let due: Vec<i64> = store.due_outgoing(now, 10)?.iter().map(|o| o.id).collect();
        assert_eq!(due, vec![b]);
        let failed: Vec<i64> = store.failed_outgoing(None)?.iter().map(|o| o.id).collect();
        assert_eq!(failed, vec![a]);
        assert!(store.failed_outgoing(Some("other game"))?.is_empty());
        store.transaction(|tx| tx.requeue_failed(a, now))?;
        let m = store
            .outgoing(a)?
            .ok_or(StoreError::NotFound { what: "a".into() })?;
        assert_eq!((m.status, m.attempts), (OutboxStatus::Queued, 0));
        assert_eq!(store.due_outgoing(now, 10)?.len(), 2);
        Ok(())
    }
}
