//! The mailbox as a mail operator runs it: the IMAP high-water marks kept in the database (so
//! reading never depends on `\Seen`, which a person opening the mailbox sets), handled mail
//! filed away into its folder, and a copy of each sent mail kept in the Sent folder.

use super::Daemon;
use crate::mail::Filed;
use crate::store::{ImapMark, MailStatus};
use chrono::{DateTime, Utc};

/// Keeps the inbox's marks in the database (every mail up to them is stored).
pub(super) fn save_marks(d: &mut Daemon, now: DateTime<Utc>) -> Result<(), crate::error::Error> {
    for m in d.inbox.marks() {
        d.store.raise_imap_mark(
            &ImapMark {
                folder: m.folder,
                uid_validity: m.uid_validity,
                last_uid: m.uid,
            },
            now,
        )?;
    }
    Ok(())
}

/// Moves a handled mail to the folder of its outcome (a mail whose intake failed stays where it
/// is, for the GM to look at). A failure is only logged: the mail is handled already.
pub(super) fn file_away(d: &mut Daemon, m: &crate::store::Mail) {
    let filed = match d.store.mail(m.id) {
        Ok(Some(row)) => match row.status {
            MailStatus::Processed => Filed::Processed,
            MailStatus::Ignored => Filed::Ignored,
            _ => return,
        },
        Ok(None) => return,
        Err(e) => {
            tracing::warn!(mail = m.id, error = %e, "could not read a mail's status to file it");
            return;
        }
    };
    if let Err(e) = d.inbox.file_away(&m.mail_key, filed) {
        tracing::warn!(mail = m.id, key = %m.mail_key, error = %e, "could not file a handled mail away");
    }
}

/// Appends a sent mail to the Sent folder, when one is configured. Only logged when it fails:
/// the mail is sent.
pub(super) fn keep_sent(d: &mut Daemon, raw: &[u8]) {
    if let Err(e) = d.inbox.keep_sent(raw) {
        tracing::warn!(error = %e, "could not keep a copy of a sent mail in the Sent folder");
    }
}

/// The bounces of the last 7 days for a game (and those of no game), as `address (status)`.
pub(super) fn recent_bounces(d: &Daemon, game: &str) -> Result<Vec<String>, crate::error::Error> {
    let since = Utc::now() - chrono::TimeDelta::days(7);
    Ok(d.store
        .bounces_since(Some(game), since)?
        .into_iter()
        .map(|b| format!("{} ({})", b.recipient, b.status))
        .collect())
}
