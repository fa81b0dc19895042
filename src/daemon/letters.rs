//! Building the mails maester sends: answers to players and step reports, rendered from the
//! templates and composed as RFC 5322 bytes with a deterministic Message-ID (so a retry after a
//! crash queues the same mail once). Every letter goes to a [`Reader`]: a seat that reads
//! Traditional Chinese gets its subject, text and HTML converted here, where the letter is
//! built, whichever part of the daemon wrote it (answers, reports, welcomes, reminders, late
//! notices, the GM's notices).

use crate::error::Error;
use crate::mail::{AutoSubmitted, HtmlBody, Mailbox, OutgoingMail, compose, new_message_id};
use crate::store::{House, Language, NewOutgoing, OutKind, StoreError, StoreTx};
use crate::words::hant::Script;
use chrono::{DateTime, Utc};
use serde::Serialize;

pub use crate::words::instructions::step_name;

mod calendar;
mod report;
pub use calendar::{DeadlineEvent, REMINDER_HOURS, sequence as calendar_sequence};
pub use report::{
    ExecutedPlan, GmHouse, Pictures, ReportContext, RevealedOrders, SummarySection, TrackNames,
    report_context, report_letter,
};

/// Who sends: the referee's mailbox and Message-ID domain.
#[derive(Clone, Debug)]
pub struct Sender {
    /// From mailbox.
    pub from: Mailbox,
    /// Message-ID domain.
    pub domain: String,
}

/// Who a letter is for: the mailbox, and the script its Chinese is written in.
#[derive(Clone, Debug)]
pub struct Reader {
    /// The mailbox.
    pub mailbox: Mailbox,
    /// Simplified (the templates' own) or Traditional (converted when the letter is built).
    pub script: Script,
}

impl Reader {
    /// A seat's player, in the script the seat reads (Traditional only for a Chinese reader).
    pub fn seat(h: &House) -> Reader {
        Reader {
            mailbox: Mailbox::new(h.player_name.clone(), h.address.clone()),
            script: Script::of(h.traditional && h.language == Language::Zh),
        }
    }

    /// A mailbox that reads the templates as they are (a stranger, the GM).
    pub fn plain(mailbox: Mailbox) -> Reader {
        Reader {
            mailbox,
            script: Script::Simplified,
        }
    }

    /// The same reader in another script.
    pub fn in_script(mut self, script: Script) -> Reader {
        self.script = script;
        self
    }
}

/// A mail ready to queue.
#[derive(Clone, Debug)]
pub struct Letter {
    /// Message-ID (bare).
    pub message_id: String,
    /// Recipients.
    pub to: Vec<String>,
    /// Subject.
    pub subject: String,
    /// Raw bytes.
    pub raw: Vec<u8>,
    /// What the store keeps of it once it is sent, when the mail holds a secret (see
    /// [`Letter::secret_masked_when_sent`]); `None`: the mail as sent.
    pub kept: Option<Vec<u8>>,
    /// An answer, a report or a notice (envelope sender and sending budget).
    pub kind: OutKind,
    /// The text as the GM reads it, when the player's reads otherwise (a report: rule
    /// references as exact lines and rulings instead of chapters and words).
    pub gm_text: Option<String>,
    /// The script its Chinese was written in.
    pub script: Script,
}

/// What a masked secret reads as in the copies maester keeps.
pub const MASK: &str = "********";

/// Header of a copy whose secret is masked.
pub const REDACTED_HEADER: &str = "X-Maester-Redacted";

/// `text` with every occurrence of `secret` (ignoring ASCII case) replaced by [`MASK`]. A
/// secret shorter than 3 characters is not searched for (it would mask ordinary words).
pub fn mask_secret(text: &str, secret: &str) -> String {
    let secret = secret.trim();
    if secret.chars().count() < 3 {
        return text.to_string();
    }
    let lower = text.to_ascii_lowercase();
    let needle = secret.to_ascii_lowercase();
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while let Some(found) = lower[at..].find(&needle) {
        out.push_str(&text[at..at + found]);
        out.push_str(MASK);
        at += found + needle.len();
    }
    out.push_str(&text[at..]);
    out
}

impl Letter {
    /// The same letter sent as a notice: after answers and reports when the daily budget is
    /// short (reminders, the GM's messages to the players).
    pub fn notice(mut self) -> Letter {
        self.kind = OutKind::Notice;
        self
    }

    /// The letter, sent as it is, but kept in the store once sent as its header and `text`
    /// with `secret` masked (the welcome mails, a substitute's secret).
    pub fn secret_masked_when_sent(mut self, text: &str, secret: &str) -> Letter {
        let copy = crate::mail::copy::text_copy(
            &self.raw,
            &mask_secret(&self.script.write(text), secret),
            &[(
                REDACTED_HEADER,
                "the secret is masked in this copy; the mail sent held it".to_string(),
            )],
        );
        self.kept = Some(copy);
        self
    }
}

pub use crate::lang::submit::ErrorLine;

/// Everything a reply says.
#[derive(Clone, Debug, Serialize)]
pub struct ReplyContext {
    /// Player's name.
    pub player: String,
    /// House name.
    pub house: String,
    /// Game id.
    pub game: String,
    /// Round.
    pub round: u8,
    /// Step name.
    pub step: String,
    /// Accepted?
    pub accepted: bool,
    /// Canonical echo lines.
    pub echo: Vec<String>,
    /// It replaced an earlier submission.
    pub replaced: bool,
    /// Errors.
    pub errors: Vec<ErrorLine>,
    /// Lines that are no orders and were ignored (line and text; no message).
    pub ignored: Vec<ErrorLine>,
    /// Which order lines of a refused mail were fine ("" when none or accepted).
    pub fine: String,
    /// Extra information (help, status …).
    pub info: String,
    /// Deadline text.
    pub deadline: String,
    /// How many houses have sent in the open step and which are still missing (empty when the
    /// step waits for one house only, or the mail was not accepted).
    pub waiting: String,
    /// A mail for a step that has closed: which step, what stood, what the open step expects
    /// (`words::late_mail`); the answer then invites no resending.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub closed: String,
    /// A mail asking only `状态` / `status`: the answer's opening, said as a status
    /// (`words::answers::status_heading`), not as a submission received.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub status: String,
}

/// Compose a letter maester sends of its own accord (`Auto-Submitted: auto-generated`: a
/// report, a welcome mail, a notice); the Message-ID is derived from `id_seed`.
pub fn letter(
    sender: &Sender,
    to: &Reader,
    subject: String,
    text: String,
    id_seed: &str,
    reply_to: Option<(&str, &[String])>,
) -> Result<Letter, Error> {
    letter_with_html(sender, to, subject, text, None, id_seed, reply_to)
}

/// Compose a letter with an HTML alternative (and the images it shows inline).
pub fn letter_with_html(
    sender: &Sender,
    to: &Reader,
    subject: String,
    text: String,
    html: Option<HtmlBody>,
    id_seed: &str,
    reply_to: Option<(&str, &[String])>,
) -> Result<Letter, Error> {
    build(
        sender,
        to,
        (subject, text),
        (html, Vec::new()),
        id_seed,
        reply_to,
        OutKind::Report,
    )
}

/// Compose a letter maester sends of its own accord, as [`letter`], carrying `event` (a step's
/// deadline as a calendar event, in the reader's language `lang`) when there is one.
pub fn letter_with_event(
    sender: &Sender,
    to: &Reader,
    (subject, text): (String, String),
    event: Option<(&DeadlineEvent, crate::board::Lang)>,
    id_seed: &str,
    reply_to: Option<(&str, &[String])>,
) -> Result<Letter, Error> {
    let attachments = event
        .map(|(e, lang)| e.attachment(lang, to.script))
        .into_iter()
        .collect();
    build(
        sender,
        to,
        (subject, text),
        (None, attachments),
        id_seed,
        reply_to,
        OutKind::Report,
    )
}

/// Compose a letter maester sends of its own accord, as [`letter`], with files attached
/// (pictures, a calendar event).
pub fn letter_with_files(
    sender: &Sender,
    to: &Reader,
    (subject, text): (String, String),
    attachments: Vec<crate::mail::Attachment>,
    id_seed: &str,
) -> Result<Letter, Error> {
    build(
        sender,
        to,
        (subject, text),
        (None, attachments),
        id_seed,
        None,
        OutKind::Report,
    )
}

/// Compose an automatic answer to a received mail (`Auto-Submitted: auto-replied`, sent with
/// the null envelope sender so that a bounce of it cannot loop); as [`letter`] otherwise.
pub fn answer(
    sender: &Sender,
    to: &Reader,
    subject: String,
    text: String,
    id_seed: &str,
    reply_to: Option<(&str, &[String])>,
) -> Result<Letter, Error> {
    build(
        sender,
        to,
        (subject, text),
        (None, Vec::new()),
        id_seed,
        reply_to,
        OutKind::Answer,
    )
}

/// Compose a letter of `kind` with its HTML alternative and attached files.
pub(super) fn build(
    sender: &Sender,
    to: &Reader,
    (subject, text): (String, String),
    (html, attachments): (Option<HtmlBody>, Vec<crate::mail::Attachment>),
    id_seed: &str,
    reply_to: Option<(&str, &[String])>,
    kind: OutKind,
) -> Result<Letter, Error> {
    // The one place a letter takes its reader's script.
    let script = to.script;
    let (subject, text) = (script.write(&subject), script.write(&text));
    let html = html.map(|h| HtmlBody {
        html: script.write(&h.html),
        images: h.images,
    });
    let message_id = new_message_id(&sender.domain, id_seed.as_bytes());
    // Ids a reply cannot carry (non-ASCII, brackets inside …) are left out rather than
    // making the answer impossible: the thread may break, the player is still answered.
    let (in_reply_to, references) = match reply_to {
        Some((id, refs)) => {
            let mut r: Vec<String> = refs
                .iter()
                .filter(|r| crate::mail::usable_message_id(r))
                .cloned()
                .collect();
            let irt = crate::mail::usable_message_id(id).then(|| id.to_string());
            r.extend(irt.clone());
            (irt, r)
        }
        None => (None, Vec::new()),
    };
    let mail = OutgoingMail {
        message_id: message_id.clone(),
        from: sender.from.clone(),
        to: vec![to.mailbox.clone()],
        subject: subject.clone(),
        text,
        in_reply_to,
        references,
        auto_submitted: match kind {
            OutKind::Answer => AutoSubmitted::Replied,
            OutKind::Report | OutKind::Notice => AutoSubmitted::Generated,
        },
        attachments,
        html,
    };
    let raw = compose(&mail)?;
    Ok(Letter {
        message_id,
        to: vec![to.mailbox.addr.clone()],
        subject,
        raw,
        kept: None,
        kind,
        gm_text: None,
        script,
    })
}

/// Queue a letter in the outbox.
pub fn queue(
    tx: &StoreTx<'_>,
    game: Option<&str>,
    l: &Letter,
    reply_to: Option<i64>,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let queued = tx.queue_outgoing(&NewOutgoing {
        game_id: game,
        message_id: &l.message_id,
        to_addrs: &l.to,
        subject: &l.subject,
        raw: &l.raw,
        reply_to_mail: reply_to,
        created_at: now,
    })?;
    if let crate::store::InsertOutcome::New(id) = queued {
        if let Some(kept) = &l.kept {
            tx.keep_after_send(id, kept)?;
        }
        if l.kind != OutKind::Report {
            tx.set_outgoing_kind(id, l.kind)?;
        }
    }
    Ok(())
}
