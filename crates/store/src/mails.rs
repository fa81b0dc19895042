//! Received mails (stored raw before they are acted on) and the
//! submissions (orders, bids …) taken from them.

use crate::cached::Cached;
use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, Row, params};

use super::expect_one;
use super::{InsertOutcome, StoreError, StoreTx, format_ts, parse_opt_ts, parse_ts};

/// Where a received mail stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailStatus {
    /// Stored, not yet acted on (processed again after a crash).
    New,
    /// Acted on (a submission, a command, an answer).
    Processed,
    /// Deliberately not acted on (spam, unknown sender, bad secret …).
    Ignored,
    /// Its intake failed (an error or a panic); the reason is in `outcome` and the GM was told.
    /// Never retried by itself, so one bad mail cannot block the others.
    Failed,
}

impl MailStatus {
    /// The text stored in `mails.status`.
    pub fn as_str(self) -> &'static str {
        match self {
            MailStatus::New => "new",
            MailStatus::Processed => "processed",
            MailStatus::Ignored => "ignored",
            MailStatus::Failed => "failed",
        }
    }

    fn parse(text: &str) -> Result<Self, StoreError> {
        match text {
            "new" => Ok(MailStatus::New),
            "processed" => Ok(MailStatus::Processed),
            "ignored" => Ok(MailStatus::Ignored),
            "failed" => Ok(MailStatus::Failed),
            other => Err(StoreError::Corrupt {
                what: "mails.status",
                detail: format!("unknown status {other:?}"),
            }),
        }
    }
}

/// A received mail to store with [`StoreTx::insert_mail`].
#[derive(Debug, Clone)]
pub struct NewMail<'a> {
    /// Unique key of the mail in its source, e.g. `imap:<uidvalidity>:<uid>`
    /// or `maildir:<name>`.
    pub mail_key: &'a str,
    /// The Message-ID header, with or without `<>` (`None` if missing).
    pub message_id: Option<&'a str>,
    /// The sender's address.
    pub from_addr: &'a str,
    /// The decoded subject.
    pub subject: &'a str,
    /// When the mail was received.
    pub received_at: DateTime<Utc>,
    /// The mail exactly as received.
    pub raw: &'a [u8],
    /// The digest of what its sender wrote (`maester_mail::content_digest`: the sender's
    /// header fields and the body, not the trace headers added on the way); `None` when not
    /// known, and then only the raw bytes tell a duplicate.
    pub content_sha256: Option<&'a str>,
}

/// A stored mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mail {
    /// Row id.
    pub id: i64,
    /// Unique key in its source.
    pub mail_key: String,
    /// Message-ID without `<>`.
    pub message_id: Option<String>,
    /// Sender.
    pub from_addr: String,
    /// Subject.
    pub subject: String,
    /// When it was received.
    pub received_at: DateTime<Utc>,
    /// The mail exactly as received.
    pub raw: Vec<u8>,
    /// The game it was found to belong to.
    pub game_id: Option<String>,
    /// The house it was found to come from.
    pub house: Option<String>,
    /// New, processed or ignored.
    pub status: MailStatus,
    /// Short human reason for the outcome.
    pub outcome: Option<String>,
    /// When it was processed or ignored.
    pub processed_at: Option<DateTime<Utc>>,
}

/// A submission to store with [`StoreTx::add_submission`].
#[derive(Debug, Clone)]
pub struct NewSubmission<'a> {
    /// The game.
    pub game_id: &'a str,
    /// The submitting house.
    pub house: &'a str,
    /// The round it is for.
    pub round: u32,
    /// The step it is for, e.g. `placement`.
    pub step: &'a str,
    /// What it is, e.g. `orders`, `bid`, `retreat`.
    pub kind: &'a str,
    /// The canonical text.
    pub text: &'a str,
    /// The parsed form.
    pub parsed: &'a serde_json::Value,
    /// The mail it came from (`None`: entered by the GM).
    pub mail_id: Option<i64>,
    /// When it was received.
    pub received_at: DateTime<Utc>,
}

/// A stored submission.
#[derive(Debug, Clone, PartialEq)]
pub struct Submission {
    /// Row id.
    pub id: i64,
    /// The game.
    pub game_id: String,
    /// The submitting house.
    pub house: String,
    /// The round.
    pub round: u32,
    /// The step.
    pub step: String,
    /// The kind.
    pub kind: String,
    /// The canonical text.
    pub text: String,
    /// The parsed form.
    pub parsed: serde_json::Value,
    /// The mail it came from.
    pub mail_id: Option<i64>,
    /// When it was received.
    pub received_at: DateTime<Utc>,
    /// The later submission that replaced this one.
    pub superseded_by: Option<i64>,
}

/// Strips `<>` and blanks from a Message-ID; empty gives `None`.
/// Hex SHA-256 of a mail's raw bytes.
fn raw_sha256(raw: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(raw)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn normalize_message_id(id: Option<&str>) -> Option<String> {
    let id = id?.trim();
    let id = id.strip_prefix('<').unwrap_or(id);
    let id = id.strip_suffix('>').unwrap_or(id).trim();
    (!id.is_empty()).then(|| id.to_string())
}

const MAIL_COLS: &str = "id, mail_key, message_id, from_addr, subject, received_at, raw, \
                         game_id, house, status, outcome, processed_at";

fn mail_from_row(row: &Row<'_>) -> Result<Mail, StoreError> {
    Ok(Mail {
        id: row.get(0)?,
        mail_key: row.get(1)?,
        message_id: row.get(2)?,
        from_addr: row.get(3)?,
        subject: row.get(4)?,
        received_at: parse_ts(&row.get::<_, String>(5)?, "mails.received_at")?,
        raw: row.get(6)?,
        game_id: row.get(7)?,
        house: row.get(8)?,
        status: MailStatus::parse(&row.get::<_, String>(9)?)?,
        outcome: row.get(10)?,
        processed_at: parse_opt_ts(row.get(11)?, "mails.processed_at")?,
    })
}

const SUB_COLS: &str =
    "id, game_id, house, round, step, kind, text, parsed, mail_id, received_at, superseded_by";

fn submission_from_row(row: &Row<'_>) -> Result<Submission, StoreError> {
    let parsed: String = row.get(7)?;
    Ok(Submission {
        id: row.get(0)?,
        game_id: row.get(1)?,
        house: row.get(2)?,
        round: row.get(3)?,
        step: row.get(4)?,
        kind: row.get(5)?,
        text: row.get(6)?,
        parsed: serde_json::from_str(&parsed).map_err(|e| StoreError::Corrupt {
            what: "submissions.parsed",
            detail: e.to_string(),
        })?,
        mail_id: row.get(8)?,
        received_at: parse_ts(&row.get::<_, String>(9)?, "submissions.received_at")?,
        superseded_by: row.get(10)?,
    })
}

impl StoreTx<'_> {
    /// Stores a received mail (status `new`). A mail whose key is already stored, or whose
    /// Message-ID, sender and raw bytes are those of a stored mail, is a
    /// [`InsertOutcome::Duplicate`] and nothing is written, so a mail fetched again after a
    /// crash is never processed twice. A mail whose Message-ID, sender and content digest
    /// ([`NewMail::content_sha256`]) are those of a stored mail but whose raw bytes differ (the
    /// same message delivered again, with other trace headers) is stored `ignored`, audited and
    /// returned as [`InsertOutcome::Redelivered`]. A mail reusing a stored Message-ID with
    /// another sender or content is stored as a new mail and the clash is written to the audit.
    pub fn insert_mail(&self, mail: &NewMail<'_>) -> Result<InsertOutcome, StoreError> {
        if mail.mail_key.trim().is_empty() {
            return Err(StoreError::Invalid {
                what: "mails.mail_key",
                detail: "empty key".into(),
            });
        }
        let message_id = normalize_message_id(mail.message_id);
        let hash = raw_sha256(mail.raw);
        let by_key: Option<i64> = self
            .conn
            .row(
                "SELECT id FROM mails WHERE mail_key = ?1",
                params![mail.mail_key],
                |row| row.get(0),
            )
            .optional()?;
        if let Some(id) = by_key {
            return Ok(InsertOutcome::Duplicate(id));
        }
        let mut clash = None;
        let mut first_delivery = None;
        if let Some(mid) = &message_id {
            let mut stmt = self.conn.prepare_cached(
                "SELECT id, from_addr, raw_sha256, raw, content_sha256 FROM mails
                 WHERE message_id = ?1 ORDER BY id",
            )?;
            let rows = stmt.query_map(params![mid], |row| {
                Ok((
                    row.get::<_, i64>(0)?,
                    row.get::<_, String>(1)?,
                    row.get::<_, Option<String>>(2)?,
                    row.get::<_, Vec<u8>>(3)?,
                    row.get::<_, Option<String>>(4)?,
                ))
            })?;
            for row in rows {
                let (id, from, stored_hash, raw, stored_content) = row?;
                // Mails stored before the hash was kept: hash their raw copy.
                let stored_hash = stored_hash.unwrap_or_else(|| raw_sha256(&raw));
                let same_sender = from.eq_ignore_ascii_case(mail.from_addr);
                if same_sender && stored_hash == hash {
                    return Ok(InsertOutcome::Duplicate(id));
                }
                let same_content = mail.content_sha256.is_some()
                    && stored_content.as_deref() == mail.content_sha256;
                if same_sender && same_content {
                    first_delivery.get_or_insert(id);
                } else {
                    clash.get_or_insert((id, from));
                }
            }
        }
        let (status, outcome, processed_at) = match first_delivery {
            Some(first) => (
                "ignored",
                Some(format!("a second delivery of mail {first}")),
                Some(format_ts(mail.received_at)),
            ),
            None => ("new", None, None),
        };
        self.conn.exec(
            "INSERT INTO mails (mail_key, message_id, from_addr, subject, received_at, raw, status,
                                raw_sha256, content_sha256, outcome, processed_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            params![
                mail.mail_key,
                message_id,
                mail.from_addr,
                mail.subject,
                format_ts(mail.received_at),
                mail.raw,
                status,
                hash,
                mail.content_sha256,
                outcome,
                processed_at
            ],
        )?;
        let id = self.conn.last_insert_rowid();
        if let (Some(first), Some(mid)) = (first_delivery, &message_id) {
            self.append_audit(
                None,
                "daemon",
                "mail delivered again",
                &format!(
                    "mail {id} from {} is mail {first} (Message-ID <{mid}>) delivered again, \
                     with other trace headers: stored, not answered",
                    mail.from_addr
                ),
                mail.received_at,
            )?;
            return Ok(InsertOutcome::Redelivered { id, first });
        }
        if let (Some((first, from)), Some(mid)) = (clash, &message_id) {
            self.append_audit(
                None,
                "daemon",
                "message-id clash",
                &format!(
                    "mail {id} from {} reuses the Message-ID <{mid}> of mail {first} from {from} \
                     with other content: processed as a new mail",
                    mail.from_addr
                ),
                mail.received_at,
            )?;
        }
        Ok(InsertOutcome::New(id))
    }

    /// The mail with this id, if any.
    pub fn mail(&self, id: i64) -> Result<Option<Mail>, StoreError> {
        let sql = format!("SELECT {MAIL_COLS} FROM mails WHERE id = ?1");
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query([id])?;
        rows.next()?.map(mail_from_row).transpose()
    }

    /// The stored mail with this Message-ID (with or without `<>`), if any.
    pub fn mail_by_message_id(&self, message_id: &str) -> Result<Option<Mail>, StoreError> {
        let Some(mid) = normalize_message_id(Some(message_id)) else {
            return Ok(None);
        };
        let sql =
            format!("SELECT {MAIL_COLS} FROM mails WHERE message_id = ?1 ORDER BY id LIMIT 1");
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query([mid])?;
        rows.next()?.map(mail_from_row).transpose()
    }

    /// Mails still `new` (stored but not acted on), oldest first.
    pub fn unprocessed_mails(&self) -> Result<Vec<Mail>, StoreError> {
        let sql = format!("SELECT {MAIL_COLS} FROM mails WHERE status = 'new' ORDER BY id");
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query([])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            out.push(mail_from_row(row)?);
        }
        Ok(out)
    }

    /// Up to `limit` mails still `new` with an id above `after`, oldest first: the daemon
    /// reads the pending mails in such batches, so memory stays bounded for any backlog.
    pub fn unprocessed_mails_after(&self, after: i64, limit: u32) -> Result<Vec<Mail>, StoreError> {
        let mut stmt = self.conn.prepare_cached(&unprocessed_mails_after_sql())?;
        let mut rows = stmt.query(params![after, limit])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            out.push(mail_from_row(row)?);
        }
        Ok(out)
    }

    /// Replaces a stored mail's raw bytes and subject with a copy that holds no secret (the
    /// daemon's redacted copy, once intake has read the secret). The old bytes are not kept:
    /// the store runs with `secure_delete`, so freed pages are overwritten.
    pub fn redact_mail(&self, id: i64, raw: &[u8], subject: &str) -> Result<(), StoreError> {
        let n = self.conn.exec(
            "UPDATE mails SET raw = ?2, subject = ?3 WHERE id = ?1",
            params![id, raw, subject],
        )?;
        expect_one(n, || format!("mail {id}"))
    }

    /// Records which game and house a mail belongs to (any status).
    pub fn tag_mail(
        &self,
        id: i64,
        game_id: Option<&str>,
        house: Option<&str>,
    ) -> Result<(), StoreError> {
        let n = self.conn.exec(
            "UPDATE mails SET game_id = ?2, house = ?3 WHERE id = ?1",
            params![id, game_id, house],
        )?;
        expect_one(n, || format!("mail {id}"))
    }

    /// Marks a `new` mail `processed`. Fails with [`StoreError::WrongState`]
    /// if it is no longer `new` (roll back: someone else handled it).
    pub fn mark_mail_processed(
        &self,
        id: i64,
        outcome: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.finish_mail(id, MailStatus::Processed, outcome, at)
    }

    /// Marks a `new` mail `ignored`, with the reason.
    pub fn mark_mail_ignored(
        &self,
        id: i64,
        outcome: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.finish_mail(id, MailStatus::Ignored, outcome, at)
    }

    /// Marks a `new` mail `failed`: its intake raised an error or panicked. `outcome` is the
    /// reason, kept for the GM.
    pub fn mark_mail_failed(
        &self,
        id: i64,
        outcome: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.finish_mail(id, MailStatus::Failed, outcome, at)
    }

    fn finish_mail(
        &self,
        id: i64,
        status: MailStatus,
        outcome: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let n = self.conn.exec(
            "UPDATE mails SET status = ?2, outcome = ?3, processed_at = ?4
             WHERE id = ?1 AND status = 'new'",
            params![id, status.as_str(), outcome, format_ts(at)],
        )?;
        if n == 1 {
            return Ok(());
        }
        match self.mail(id)? {
            None => Err(StoreError::NotFound {
                what: format!("mail {id}"),
            }),
            Some(m) => Err(StoreError::WrongState {
                what: format!("mail {id}"),
                state: m.status.as_str().to_string(),
                attempted: "process",
            }),
        }
    }

    /// Stores a submission; the house's earlier one for the same game,
    /// round, step and kind (if any) is marked superseded by it.
    /// Returns the new submission's id.
    pub fn add_submission(&self, s: &NewSubmission<'_>) -> Result<i64, StoreError> {
        self.conn.exec(
            "INSERT INTO submissions (game_id, house, round, step, kind, text, parsed, mail_id,
                                      received_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                s.game_id,
                s.house,
                s.round,
                s.step,
                s.kind,
                s.text,
                s.parsed.to_string(),
                s.mail_id,
                format_ts(s.received_at)
            ],
        )?;
        let id = self.conn.last_insert_rowid();
        self.conn.exec(
            "UPDATE submissions SET superseded_by = ?1
             WHERE game_id = ?2 AND house = ?3 AND round = ?4 AND step = ?5 AND kind = ?6
               AND superseded_by IS NULL AND id <> ?1",
            params![id, s.game_id, s.house, s.round, s.step, s.kind],
        )?;
        Ok(id)
    }

    /// Withdraws every current submission of a step: each is marked superseded by itself, so
    /// no close, answer or list takes it any more (a GM rollback to an earlier step undid the
    /// state they were sent against). Returns how many were withdrawn.
    pub fn withdraw_submissions(
        &self,
        game_id: &str,
        round: u32,
        step: &str,
    ) -> Result<usize, StoreError> {
        Ok(self.conn.exec(
            "UPDATE submissions SET superseded_by = id
             WHERE game_id = ?1 AND round = ?2 AND step = ?3 AND superseded_by IS NULL",
            params![game_id, round, step],
        )?)
    }

    /// The house's current (not superseded) submission of this kind.
    pub fn latest_submission(
        &self,
        game_id: &str,
        house: &str,
        round: u32,
        step: &str,
        kind: &str,
    ) -> Result<Option<Submission>, StoreError> {
        let mut stmt = self.conn.prepare_cached(&latest_submission_sql())?;
        let mut rows = stmt.query(params![game_id, house, round, step, kind])?;
        rows.next()?.map(submission_from_row).transpose()
    }

    /// Every house's current submissions for a step (what the deadline
    /// resolution works on), by house, kind.
    pub fn current_submissions(
        &self,
        game_id: &str,
        round: u32,
        step: &str,
    ) -> Result<Vec<Submission>, StoreError> {
        let mut stmt = self.conn.prepare_cached(&current_submissions_sql())?;
        let mut rows = stmt.query(params![game_id, round, step])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            out.push(submission_from_row(row)?);
        }
        Ok(out)
    }
}

/// Stored mails not yet answered, after an id (the partial index `mails_new`).
pub(crate) fn unprocessed_mails_after_sql() -> String {
    format!("SELECT {MAIL_COLS} FROM mails WHERE status = 'new' AND id > ?1 ORDER BY id LIMIT ?2")
}

/// A house's current submission of a kind (the partial index `submissions_current`).
pub(crate) fn latest_submission_sql() -> String {
    format!(
        "SELECT {SUB_COLS} FROM submissions
         WHERE game_id = ?1 AND house = ?2 AND round = ?3 AND step = ?4 AND kind = ?5
           AND superseded_by IS NULL
         ORDER BY id DESC LIMIT 1"
    )
}

/// Every current submission of a step (the partial index `submissions_current`).
pub(crate) fn current_submissions_sql() -> String {
    format!(
        "SELECT {SUB_COLS} FROM submissions
         WHERE game_id = ?1 AND round = ?2 AND step = ?3 AND superseded_by IS NULL
         ORDER BY house, kind, id"
    )
}
