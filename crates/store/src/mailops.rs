//! What running the mailbox needs (schema version 7): the kind of each outgoing mail, the
//! counts the daemon's limits are checked against (answers per recipient, mails sent today,
//! wrong secrets per house), the IMAP high-water marks, and the bounces of maester's own mail.

use crate::cached::Cached;
use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, params};

use super::outbox::{OUT_COLS, outgoing_from_row};
use super::{Outgoing, Store, StoreError, StoreTx, expect_one, format_ts, parse_ts};

/// What an outgoing mail is, for the envelope sender and the sending budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutKind {
    /// An automatic answer to a received mail: sent with the null envelope sender.
    Answer,
    /// A step report, a welcome mail, a problem told to the GM.
    Report,
    /// A reminder or another notice: sent after answers and reports when the budget is short.
    Notice,
}

impl OutKind {
    /// The text stored in `outbox.kind`.
    pub fn as_str(self) -> &'static str {
        match self {
            OutKind::Answer => "answer",
            OutKind::Report => "report",
            OutKind::Notice => "notice",
        }
    }

    fn parse(text: &str) -> Result<Self, StoreError> {
        match text {
            "answer" => Ok(OutKind::Answer),
            "report" => Ok(OutKind::Report),
            "notice" => Ok(OutKind::Notice),
            other => Err(StoreError::Corrupt {
                what: "outbox.kind",
                detail: format!("unknown kind {other:?}"),
            }),
        }
    }
}

/// The highest IMAP UID stored from one folder under one UIDVALIDITY.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImapMark {
    /// The folder, e.g. `INBOX`.
    pub folder: String,
    /// Its UIDVALIDITY.
    pub uid_validity: u32,
    /// Every mail up to this UID is stored.
    pub last_uid: u32,
}

/// A delivery failure of maester's own mail, read from a DSN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bounce {
    /// Row id.
    pub id: i64,
    /// The DSN as stored in `mails`.
    pub mail_id: Option<i64>,
    /// The outgoing mail that bounced, when its Message-ID was found.
    pub outbox_id: Option<i64>,
    /// Its game.
    pub game_id: Option<String>,
    /// The recipient that could not be reached (`Final-Recipient`).
    pub recipient: String,
    /// The DSN status, e.g. `5.1.1`.
    pub status: String,
    /// The remote server's words (`Diagnostic-Code`).
    pub diagnostic: String,
    /// When the DSN was read.
    pub at: DateTime<Utc>,
}

/// A bounce to record with [`StoreTx::record_bounce`].
#[derive(Debug, Clone)]
pub struct NewBounce<'a> {
    /// The DSN as stored in `mails`.
    pub mail_id: Option<i64>,
    /// The outgoing mail that bounced.
    pub outbox_id: Option<i64>,
    /// Its game.
    pub game_id: Option<&'a str>,
    /// `Final-Recipient`.
    pub recipient: &'a str,
    /// `Status`.
    pub status: &'a str,
    /// `Diagnostic-Code`.
    pub diagnostic: &'a str,
    /// When.
    pub at: DateTime<Utc>,
}

impl StoreTx<'_> {
    /// Sets the kind of a queued mail (a new row is a `report` until told otherwise).
    pub fn set_outgoing_kind(&self, id: i64, kind: OutKind) -> Result<(), StoreError> {
        let n = self.conn.exec(
            "UPDATE outbox SET kind = ?2 WHERE id = ?1",
            params![id, kind.as_str()],
        )?;
        expect_one(n, || format!("outgoing mail {id}"))
    }

    /// Up to `limit` queued mails due at `now` with their kind: answers and reports first,
    /// notices after them, each in queue order.
    pub fn due_outgoing_ranked(
        &self,
        now: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<(Outgoing, OutKind)>, StoreError> {
        let mut stmt = self.conn.prepare_cached(&due_outgoing_ranked_sql())?;
        let mut rows = stmt.query(params![format_ts(now), limit])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            let kind = OutKind::parse(&row.get::<_, String>(14)?)?;
            out.push((outgoing_from_row(self.conn, row)?, kind));
        }
        Ok(out)
    }

    /// The kind of an outgoing mail.
    pub fn outgoing_kind(&self, id: i64) -> Result<Option<OutKind>, StoreError> {
        let kind: Option<String> = self
            .conn
            .row("SELECT kind FROM outbox WHERE id = ?1", [id], |r| r.get(0))
            .optional()?;
        kind.map(|k| OutKind::parse(&k)).transpose()
    }

    /// How many answers were queued for `addr` (any case) since `since`.
    pub fn answers_to_since(&self, addr: &str, since: DateTime<Utc>) -> Result<u32, StoreError> {
        Ok(self.conn.row(
            &answers_to_since_sql(),
            params![addr.trim(), format_ts(since)],
            |r| r.get(0),
        )?)
    }

    /// How many answers were queued to `addr` since `since` to mails whose outcome begins with
    /// `outcome` (e.g. "wrong secret", "no secret"): the hourly answer cap counts each kind of
    /// mail apart, so mails forged from a player's address never hold back the answer to his
    /// right secret.
    pub fn answers_to_since_outcome(
        &self,
        addr: &str,
        since: DateTime<Utc>,
        outcome: &str,
    ) -> Result<u32, StoreError> {
        Ok(self.conn.row(
            "SELECT count(*) FROM outbox o JOIN mails m ON m.id = o.reply_to_mail
             WHERE o.kind = 'answer' AND lower(o.to_addrs) = lower(?1) AND o.created_at >= ?2
               AND substr(COALESCE(m.outcome, ''), 1, length(?3)) = ?3",
            params![addr.trim(), format_ts(since), outcome],
            |r| r.get(0),
        )?)
    }

    /// How many answers about no game (to addresses that hold no seat) were queued since
    /// `since`.
    pub fn answers_without_game_since(&self, since: DateTime<Utc>) -> Result<u32, StoreError> {
        Ok(self.conn.row(
            "SELECT count(*) FROM outbox
             WHERE kind = 'answer' AND game_id IS NULL AND created_at >= ?1",
            [format_ts(since)],
            |r| r.get(0),
        )?)
    }

    /// How many mails were handed to the SMTP server since `since`.
    pub fn sent_since(&self, since: DateTime<Utc>) -> Result<u32, StoreError> {
        Ok(self.conn.row(
            "SELECT count(*) FROM outbox WHERE status = 'sent' AND sent_at >= ?1",
            [format_ts(since)],
            |r| r.get(0),
        )?)
    }

    /// How many mails of one seat were decided with an outcome starting with `outcome` since
    /// `since` (the wrong secrets of a house today, answered or held back).
    pub fn seat_outcomes_since(
        &self,
        game_id: &str,
        house: &str,
        outcome: &str,
        since: DateTime<Utc>,
    ) -> Result<u32, StoreError> {
        Ok(self.conn.row(
            "SELECT count(*) FROM mails
             WHERE game_id = ?1 AND house = ?2 AND processed_at >= ?4
               AND substr(outcome, 1, length(?3)) = ?3",
            params![game_id, house, outcome, format_ts(since)],
            |r| r.get(0),
        )?)
    }

    /// The outgoing mail with this Message-ID (bare or bracketed), if maester sent or queued it.
    pub fn outgoing_by_message_id(&self, message_id: &str) -> Result<Option<Outgoing>, StoreError> {
        let id = message_id
            .trim()
            .trim_start_matches('<')
            .trim_end_matches('>');
        let sql = format!("SELECT {OUT_COLS} FROM outbox WHERE message_id = ?1");
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query([id])?;
        rows.next()?
            .map(|r| outgoing_from_row(self.conn, r))
            .transpose()
    }

    /// Every IMAP high-water mark.
    pub fn imap_marks(&self) -> Result<Vec<ImapMark>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT folder, uid_validity, last_uid FROM imap_marks ORDER BY folder",
        )?;
        let mut rows = stmt.query([])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            out.push(ImapMark {
                folder: row.get(0)?,
                uid_validity: row.get(1)?,
                last_uid: row.get(2)?,
            });
        }
        Ok(out)
    }

    /// Raises the high-water mark of a folder (a lower UID leaves it as it is).
    pub fn raise_imap_mark(&self, mark: &ImapMark, now: DateTime<Utc>) -> Result<(), StoreError> {
        self.conn.exec(
            "INSERT INTO imap_marks (folder, uid_validity, last_uid, updated_at)
             VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (folder, uid_validity) DO UPDATE
             SET last_uid = max(last_uid, excluded.last_uid), updated_at = excluded.updated_at",
            params![
                mark.folder,
                mark.uid_validity,
                mark.last_uid,
                format_ts(now)
            ],
        )?;
        Ok(())
    }

    /// Records a bounce of maester's own mail.
    pub fn record_bounce(&self, b: &NewBounce<'_>) -> Result<i64, StoreError> {
        self.conn.exec(
            "INSERT INTO bounces (mail_id, outbox_id, game_id, recipient, status, diagnostic, at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                b.mail_id,
                b.outbox_id,
                b.game_id,
                b.recipient,
                b.status,
                b.diagnostic,
                format_ts(b.at)
            ],
        )?;
        Ok(self.conn.last_insert_rowid())
    }

    /// The bounces recorded since `since`, oldest first (those of `game_id` and those of no
    /// game, when a game is given).
    pub fn bounces_since(
        &self,
        game_id: Option<&str>,
        since: DateTime<Utc>,
    ) -> Result<Vec<Bounce>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, mail_id, outbox_id, game_id, recipient, status, diagnostic, at
             FROM bounces WHERE at >= ?1 AND (?2 IS NULL OR game_id IS NULL OR game_id = ?2)
             ORDER BY id",
        )?;
        let mut rows = stmt.query(params![format_ts(since), game_id])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            out.push(Bounce {
                id: row.get(0)?,
                mail_id: row.get(1)?,
                outbox_id: row.get(2)?,
                game_id: row.get(3)?,
                recipient: row.get(4)?,
                status: row.get(5)?,
                diagnostic: row.get(6)?,
                at: parse_ts(&row.get::<_, String>(7)?, "bounces.at")?,
            });
        }
        Ok(out)
    }
}

impl Store {
    /// See [`StoreTx::due_outgoing_ranked`].
    pub fn due_outgoing_ranked(
        &self,
        now: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<(Outgoing, OutKind)>, StoreError> {
        self.view().due_outgoing_ranked(now, limit)
    }

    /// See [`StoreTx::outgoing_kind`].
    pub fn outgoing_kind(&self, id: i64) -> Result<Option<OutKind>, StoreError> {
        self.view().outgoing_kind(id)
    }

    /// See [`StoreTx::answers_to_since`].
    pub fn answers_to_since(&self, addr: &str, since: DateTime<Utc>) -> Result<u32, StoreError> {
        self.view().answers_to_since(addr, since)
    }

    /// See [`StoreTx::answers_to_since_outcome`].
    pub fn answers_to_since_outcome(
        &self,
        addr: &str,
        since: DateTime<Utc>,
        outcome: &str,
    ) -> Result<u32, StoreError> {
        self.view().answers_to_since_outcome(addr, since, outcome)
    }

    /// See [`StoreTx::answers_without_game_since`].
    pub fn answers_without_game_since(&self, since: DateTime<Utc>) -> Result<u32, StoreError> {
        self.view().answers_without_game_since(since)
    }

    /// See [`StoreTx::sent_since`].
    pub fn sent_since(&self, since: DateTime<Utc>) -> Result<u32, StoreError> {
        self.view().sent_since(since)
    }

    /// See [`StoreTx::seat_outcomes_since`].
    pub fn seat_outcomes_since(
        &self,
        game_id: &str,
        house: &str,
        outcome: &str,
        since: DateTime<Utc>,
    ) -> Result<u32, StoreError> {
        self.view()
            .seat_outcomes_since(game_id, house, outcome, since)
    }

    /// See [`StoreTx::outgoing_by_message_id`].
    pub fn outgoing_by_message_id(&self, message_id: &str) -> Result<Option<Outgoing>, StoreError> {
        self.view().outgoing_by_message_id(message_id)
    }

    /// See [`StoreTx::imap_marks`].
    pub fn imap_marks(&self) -> Result<Vec<ImapMark>, StoreError> {
        self.view().imap_marks()
    }

    /// See [`StoreTx::raise_imap_mark`]; committed at once.
    pub fn raise_imap_mark(
        &mut self,
        mark: &ImapMark,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.transaction(|tx| tx.raise_imap_mark(mark, now))
    }

    /// See [`StoreTx::bounces_since`].
    pub fn bounces_since(
        &self,
        game_id: Option<&str>,
        since: DateTime<Utc>,
    ) -> Result<Vec<Bounce>, StoreError> {
        self.view().bounces_since(game_id, since)
    }
}

/// The queued mails due, answers and reports before notices, in queue order (the partial index
/// `outbox_due_ranked`: only mails still queued are in it).
pub(crate) fn due_outgoing_ranked_sql() -> String {
    format!(
        "SELECT {OUT_COLS}, kind FROM outbox
         WHERE status = 'queued' AND next_attempt_at <= ?1
         ORDER BY kind = 'notice', id LIMIT ?2"
    )
}

/// The SQL of [`StoreTx::answers_to_since`] (checked by `plans::per_tick_queries`).
pub(crate) fn answers_to_since_sql() -> String {
    "SELECT count(*) FROM outbox
     WHERE kind = 'answer' AND lower(to_addrs) = lower(?1) AND created_at >= ?2"
        .into()
}
