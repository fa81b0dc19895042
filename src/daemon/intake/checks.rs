//! What intake checks on a read mail before its orders: the secret (as written, then in its
//! normal form), the errors about the mail as a whole, the lines set aside as no orders.

use super::super::Daemon;
use crate::daemon::letters::ErrorLine;
use crate::error::Error;
use crate::lang::submit::ParsedMail;

/// The mail's secret is the house's: as written, or in its normal form (full-width, quotes,
/// trailing punctuation, case; `lang::secret`). At most two checks per mail.
pub(super) fn secret_ok(
    d: &Daemon,
    seat: &crate::store::House,
    secret: Option<&str>,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<bool, Error> {
    if secret.is_some() {
        let over = crate::daemon::guard::over_wrong_secret_limit(d, seat, now)?;
        if !crate::daemon::cache::may_check_secret(
            &d.store,
            &d.cache,
            &seat.game_id,
            &seat.house,
            over,
            now,
        )? {
            // Over the day's limit of wrong secrets: taken as wrong without an Argon2id check.
            return Ok(false);
        }
    }
    for s in secret
        .map(crate::lang::secret::secret_candidates)
        .unwrap_or_default()
    {
        if crate::daemon::cache::verify_secret(&d.store, &d.cache, &seat.game_id, &seat.house, &s)?
        {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Errors about the whole mail (too long, too many lines): they say more than "no secret".
pub(super) fn whole_mail_errors(parsed: &ParsedMail) -> Vec<ErrorLine> {
    parsed
        .errors
        .iter()
        .filter(|e| e.line == 0)
        .cloned()
        .collect()
}

/// The ignored lines as the reply template lists them.
pub(super) fn ignored_lines(parsed: &ParsedMail) -> Vec<ErrorLine> {
    parsed
        .ignored
        .iter()
        .map(|(line, text)| ErrorLine {
            line: *line,
            column: 0,
            text: text.clone(),
            message: String::new(),
            ..Default::default()
        })
        .collect()
}
