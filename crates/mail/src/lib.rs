//! The mail layer: reading players' order mails and sending the referee's answers.
//!
//! * [`decode::decode`] turns raw RFC 5322 bytes (any charset) into a [`DecodedMail`],
//!   with the order text separated from quotes and signatures ([`quote::strip_quotes`]).
//! * [`compose()`] builds the bytes of an outgoing mail ([`OutgoingMail`]).
//! * Two transports sit behind the [`Inbox`] and [`Outbox`] traits:
//!   a Maildir directory ([`MaildirInbox`], [`MaildirOutbox`]; no server needed) and
//!   real servers ([`ImapInbox`], [`SmtpOutbox`]).
//!
//! The daemon's loop is: `fetch_new()`, store and answer each mail, then `mark_done(key)`.
//! A crash between the two steps makes the same mail come back, so the daemon
//! de-duplicates by [`InboundMail::key`], and by Message-ID together with the sender and
//! the content (never by Message-ID alone).

pub mod auth_results;
mod body;
pub mod command;
pub mod compose;
pub mod copy;
pub mod decode;
pub mod dedupe;
pub mod dsn;
pub mod flowed;
mod headers;
mod html;
pub mod imap_config;
pub mod imap_folders;
pub mod imap_inbox;
pub mod imap_login;
pub mod maildir;
pub mod password;
pub mod probe;
pub mod quote;
pub mod reach;
pub mod resend;
pub mod smtp_outbox;
pub mod utf7;

use std::fmt;

pub use auth_results::{AuthFailure, auth_failures};
pub use compose::{
    Attachment, AutoSubmitted, HtmlBody, InlineImage, Mailbox, OutgoingMail, compose,
    new_message_id, usable_address, usable_message_id,
};
pub use decode::{AutoKind, DecodedMail, decode};
pub use dedupe::content_digest;
pub use dsn::{Dsn, DsnRecipient, parse_dsn};
pub use imap_folders::ImapFolders;
pub use imap_inbox::{DEFAULT_IMAP_TIMEOUT_SECONDS, ImapConfig, ImapInbox};
pub use maildir::{MaildirInbox, MaildirOutbox};
pub use password::{PasswordKind, PasswordSource, Secret};
pub use resend::resent_copy;
pub use smtp_outbox::{DEFAULT_SMTP_TIMEOUT_SECONDS, SmtpConfig, SmtpOutbox};

/// At most this many mails are returned by one [`Inbox::fetch_new`]: the daemon stores them
/// and asks again, so memory stays bounded for any backlog.
pub const FETCH_BATCH: usize = 50;

/// One raw mail taken from an [`Inbox`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InboundMail {
    /// Stable and unique per message of one mailbox, e.g. `maildir:<name>` or
    /// `imap:<uidvalidity>:<uid>`. Pass it back to [`Inbox::mark_done`].
    pub key: String,
    /// The message exactly as stored by the server (RFC 5322 bytes).
    pub raw: Vec<u8>,
}

/// Where incoming mail comes from.
pub trait Inbox {
    /// Returns the messages not yet marked done, oldest first. A message is returned
    /// again by later calls until [`Inbox::mark_done`] succeeds for its key.
    /// Implementations may return only a first batch when very many are waiting.
    fn fetch_new(&mut self) -> Result<Vec<InboundMail>, MailError>;

    /// Marks a message as handled so that [`Inbox::fetch_new`] no longer returns it.
    /// Marking a message that is already done (or gone) is not an error.
    fn mark_done(&mut self, key: &str) -> Result<(), MailError>;

    /// Waits up to `max` for new mail; true when some may have arrived (the caller then
    /// fetches at once). Without a way to be told, it just waits `max`.
    fn wait_for_mail(&mut self, max: std::time::Duration) -> Result<bool, MailError> {
        std::thread::sleep(max);
        Ok(false)
    }
    /// Where to resume reading (the high-water marks kept by the daemon from an earlier run).
    /// Only an IMAP inbox has marks; the default ignores them.
    fn resume(&mut self, _marks: &[UidMark]) {}

    /// The high-water marks reached so far (every mail up to them is marked done), for the
    /// daemon to keep. Only an IMAP inbox has marks.
    fn marks(&self) -> Vec<UidMark> {
        Vec::new()
    }

    /// Files a handled mail away (IMAP: moved to the folder configured for `filed`, created if
    /// missing). A mailbox without such folders leaves it where it is.
    fn file_away(&mut self, _key: &str, _filed: Filed) -> Result<(), MailError> {
        Ok(())
    }

    /// Keeps a copy of a mail maester sent (IMAP: appended to the Sent folder, when one is
    /// configured).
    fn keep_sent(&mut self, _raw: &[u8]) -> Result<(), MailError> {
        Ok(())
    }
}

/// What became of a handled mail, for [`Inbox::file_away`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filed {
    /// Read and answered (or acted on).
    Processed,
    /// Deliberately left unanswered (auto-replies, strangers, loops).
    Ignored,
}

/// The highest UID of an IMAP folder under one UIDVALIDITY whose mails are all marked done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UidMark {
    /// The folder, e.g. `INBOX` or `Junk`.
    pub folder: String,
    /// The folder's UIDVALIDITY.
    pub uid_validity: u32,
    /// Every mail up to this UID is done.
    pub uid: u32,
}

/// Where outgoing mail goes.
pub trait Outbox {
    /// Sends `raw` (from [`compose()`]) to the envelope recipients `to`.
    /// `envelope_from` is the SMTP `MAIL FROM`; an empty string means the null
    /// sender `<>` (use it for automatic answers so bounces do not loop).
    fn send(&mut self, envelope_from: &str, to: &[String], raw: &[u8]) -> Result<(), MailError>;

    /// From now until [`Outbox::flush`], a send may be made durable only by the flush (the
    /// Maildir outbox syncs its files and its folder once for the batch). A mail is sent only
    /// once the flush after it returned `Ok`.
    fn begin_batch(&mut self) {}

    /// Makes every send since [`Outbox::begin_batch`] durable, and ends the batch.
    fn flush(&mut self) -> Result<(), MailError> {
        Ok(())
    }

    /// Whether a mail is out of reach once [`Outbox::send`] returned `Ok` (an SMTP server has
    /// it), batch or not: the caller then records it as sent soon after, so that a crash sends
    /// few mails twice. `false` when a batch's sends count only after its flush (Maildir).
    fn final_on_send(&self) -> bool {
        false
    }
}

/// Connection security for IMAP and SMTP, as written in the config file
/// (`"plain"`, `"starttls"` or `"tls"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Security {
    /// No encryption. Only sensible on loopback (tests).
    Plain,
    /// Plain connection upgraded with STARTTLS (IMAP 143, SMTP submission 587).
    Starttls,
    /// TLS from the first byte (IMAPS 993, SMTPS 465).
    Tls,
}

/// Every error of the mail layer.
#[derive(Debug)]
pub enum MailError {
    /// A file or socket operation failed.
    Io {
        /// What was being done, e.g. "write maildir tmp file /x/tmp/y".
        context: String,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The IMAP server or the IMAP connection failed.
    Imap(String),
    /// The SMTP server answered with a temporary refusal (4xx): try again later.
    Smtp(String),
    /// The SMTP server refused the mail for good (5xx): sending it again will not help.
    SmtpRefused(String),
    /// No answer from the SMTP server: the connection was refused or dropped, timed out, or
    /// TLS failed. Further mails sent now would fail the same way.
    SmtpUnreachable(String),
    /// An outgoing mail could not be built (bad address, bad header value...).
    Compose(String),
    /// A key passed to [`Inbox::mark_done`] does not belong to this inbox.
    BadKey(String),
    /// A configuration value is unusable.
    Config(String),
    /// A server's password or token could not be read: its variable is unset, its command
    /// failed, printed nothing or ran past its time limit.
    Secret(String),
}

impl MailError {
    /// Wraps an I/O error with a short description of what was being done.
    pub fn io(context: impl Into<String>, source: std::io::Error) -> Self {
        MailError::Io {
            context: context.into(),
            source,
        }
    }
}

impl MailError {
    /// Sending the same mail again cannot succeed: the server refused it for good (5xx) or
    /// its envelope cannot be built.
    pub fn is_permanent(&self) -> bool {
        matches!(self, MailError::SmtpRefused(_) | MailError::Compose(_))
    }

    /// A file could not be written because its volume is full (ENOSPC, EDQUOT): the
    /// Maildir outbox on a full disk. Sending later, once there is room, succeeds.
    pub fn is_disk_full(&self) -> bool {
        matches!(
            self,
            MailError::Io { source, .. } if matches!(
                source.kind(),
                std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded
            )
        )
    }

    /// The server did not answer at all, or its login's secret could not be read (a token
    /// command that failed): other mails sent now would fail the same way, and none of them is
    /// at fault.
    pub fn is_unreachable(&self) -> bool {
        matches!(self, MailError::SmtpUnreachable(_) | MailError::Secret(_))
    }
}

/// Whether the text of a [`MailError`] says the login itself failed — its secret could not be
/// read (a [`MailError::Secret`]) or the server refused it — rather than the server being out of
/// reach: waiting does not mend it, so the GM is told at once. The daemon keeps errors as text.
pub fn is_login_failure(error_text: &str) -> bool {
    error_text.contains(SECRET_NOT_READ) || error_text.contains(imap_login::LOGIN_REFUSED)
}

/// How a [`MailError::Secret`] begins.
const SECRET_NOT_READ: &str = "mail secret not read";

impl fmt::Display for MailError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MailError::Io { context, source } => write!(f, "{context}: {source}"),
            MailError::Imap(m) => write!(f, "IMAP: {m}"),
            MailError::Smtp(m) => write!(f, "SMTP: failed (transient, retry later) {m}"),
            MailError::SmtpRefused(m) => write!(f, "SMTP: refused (permanent) {m}"),
            MailError::SmtpUnreachable(m) => write!(f, "SMTP: server unreachable {m}"),
            MailError::Compose(m) => write!(f, "cannot build mail: {m}"),
            MailError::BadKey(k) => write!(f, "not a key of this inbox: {k:?}"),
            MailError::Config(m) => write!(f, "mail configuration: {m}"),
            MailError::Secret(m) => write!(f, "{SECRET_NOT_READ}: {m}"),
        }
    }
}

impl std::error::Error for MailError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            MailError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

#[cfg(test)]
pub(crate) mod test_util {
    use std::path::PathBuf;

    /// Reads `tests/fixtures/mail/<name>`.
    pub fn fixture(name: &str) -> Vec<u8> {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/fixtures/mail")
            .join(name);
        std::fs::read(&path).unwrap_or_else(|e| panic!("fixture {}: {e}", path.display()))
    }

    /// A fresh empty directory under the system temp dir.
    pub fn temp_dir(tag: &str) -> PathBuf {
        use std::sync::atomic::{AtomicU32, Ordering};
        static N: AtomicU32 = AtomicU32::new(0);
        let n = N.fetch_add(1, Ordering::SeqCst);
        let dir = std::env::temp_dir().join(format!(
            "maester-mail-test-{}-{}-{tag}-{n}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or(0)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        dir
    }
}
