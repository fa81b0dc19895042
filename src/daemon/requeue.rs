//! `maester gm requeue`: send failed outgoing mails again. A mail is `failed` when the SMTP
//! server refused it for good (5xx) or when it failed too many times; once the GM has fixed the
//! cause (an address, the server's configuration), requeueing puts it back in the queue with a
//! fresh attempt count. Each requeue is one audit line; all of them are one transaction.

use super::Daemon;
use crate::error::Error;
use crate::store::StoreError;
use chrono::{DateTime, Utc};

/// Which failed mails to send again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// Every failed mail (of the game, when one is named).
    All,
    /// The outgoing mail with this id.
    Id(i64),
}

/// Put failed mails back in the queue; returns the ids requeued. With [`Which::All`] and a
/// `game`, only that game's failed mails; with an id, that mail must be `failed`.
pub fn requeue(
    d: &mut Daemon,
    which: Which,
    game: Option<&str>,
    now: DateTime<Utc>,
) -> Result<Vec<i64>, Error> {
    d.store
        .transaction(|tx| -> Result<Vec<i64>, StoreError> {
            let mails = match which {
                Which::All => tx.failed_outgoing(game)?,
                Which::Id(id) => match tx.outgoing(id)? {
                    Some(m) => vec![m],
                    None => {
                        return Err(StoreError::NotFound {
                            what: format!("outgoing mail {id}"),
                        });
                    }
                },
            };
            let mut ids = Vec::new();
            for m in mails {
                tx.requeue_failed(m.id, now)?;
                tx.append_audit(
                    m.game_id.as_deref(),
                    "gm",
                    "requeue",
                    &format!(
                        "outgoing mail {} to {} ({:?}) queued again after {} failed attempts; \
                         last error: {}",
                        m.id,
                        m.to_addrs.join(", "),
                        m.subject,
                        m.attempts,
                        m.last_error.as_deref().unwrap_or("-")
                    ),
                    now,
                )?;
                ids.push(m.id);
            }
            Ok(ids)
        })
        .map_err(Error::from)
}
