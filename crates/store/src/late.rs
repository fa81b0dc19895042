//! The mails answered as late: sent for a step that had closed already, so not used. The
//! public record lists such a house as late rather than silent.

use chrono::{DateTime, Utc};

use super::{Store, StoreError, StoreTx, parse_opt_ts, parse_ts};

/// The outcome a late mail is marked with starts so, and names the step's key next.
const PREFIX: &str = "late: the ";

/// A mail for a step that had closed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LateMail {
    /// The house that sent it.
    pub house: String,
    /// The key of the step it was for.
    pub step: String,
    /// When it was processed (received, if that is all the store knows).
    pub at: DateTime<Utc>,
}

impl StoreTx<'_> {
    /// Every mail of `game_id` answered as late, oldest first.
    pub fn late_mails(&self, game_id: &str) -> Result<Vec<LateMail>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT house, outcome, received_at, processed_at FROM mails \
             WHERE game_id = ?1 AND house IS NOT NULL AND outcome LIKE 'late: the %' ORDER BY id",
        )?;
        let rows = stmt.query_map([game_id], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, Option<String>>(3)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (house, outcome, received, processed) = row?;
            let Some(step) = outcome
                .strip_prefix(PREFIX)
                .and_then(|s| s.split_whitespace().next())
            else {
                continue;
            };
            let at = match parse_opt_ts(processed, "mails.processed_at")? {
                Some(t) => t,
                None => parse_ts(&received, "mails.received_at")?,
            };
            out.push(LateMail {
                house,
                step: step.to_string(),
                at,
            });
        }
        Ok(out)
    }
}

impl Store {
    /// See [`StoreTx::late_mails`].
    pub fn late_mails(&self, game_id: &str) -> Result<Vec<LateMail>, StoreError> {
        self.view().late_mails(game_id)
    }
}
