//! A mail whose secret is only inside the quote. Players answering on a phone fill the form
//! where it stands, inside the quote of the referee's mail, and type their secret there: when
//! the mail has no secret and no order of its own outside the quote, a form in the quote whose
//! secret is the house's real one is read as the mail. Any other
//! order text in the quote — with no right secret, or below a secret written outside with
//! nothing else outside — is not read, and the answer says so and where to write.

use super::super::Daemon;
use super::checks;
use crate::board::Lang;
use crate::daemon::loaded::Loaded;
use crate::error::Error;
use crate::lang::submit::{ParsedMail, parse_mail_as, quoted_forms};
use crate::mail::DecodedMail;

/// What the quote of a mail comes to.
pub(super) enum Quote {
    /// Nothing to say about it.
    Nothing,
    /// A form with the house's real secret, read as the mail.
    Read(Box<ParsedMail>),
    /// Order text that is not read: the answer says where to write.
    NotRead,
}

/// The forms checked at most (each costs a secret check).
const MOST_FORMS: usize = 3;

/// The quote of `mail`, given what its own text (`parsed`) holds.
pub(super) fn quote(
    d: &Daemon,
    g: &Loaded,
    seat: &crate::store::House,
    mail: &DecodedMail,
    parsed: &ParsedMail,
    lang: Lang,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Quote, Error> {
    let text = crate::mail::quote::quoted_text(&mail.body);
    let Some(house) = g.house_id(&seat.house).filter(|_| !text.trim().is_empty()) else {
        return Ok(Quote::Nothing);
    };
    // Only a mail with nothing of its own outside the quote (a greeting at most): orders
    // written outside are never dropped for a quoted form.
    let own_lines = !parsed.order_lines.is_empty() || !parsed.errors.is_empty();
    if parsed.secret.is_none() && !own_lines {
        for form in quoted_forms(&text).into_iter().take(MOST_FORMS) {
            if checks::secret_ok(d, seat, Some(&form.secret), now)? {
                let read =
                    parse_mail_as(&g.board, &g.names, &g.state, Some(house), &form.text, lang);
                return Ok(Quote::Read(Box::new(read)));
            }
        }
    }
    let nothing_outside = parsed.secret.is_none()
        || (parsed.order_lines.is_empty()
            && parsed.commands.is_empty()
            && parsed.errors.is_empty()
            && !parsed.pass);
    if !nothing_outside {
        return Ok(Quote::Nothing);
    }
    let quoted = parse_mail_as(&g.board, &g.names, &g.state, Some(house), &text, lang);
    Ok(if quoted.order_lines.is_empty() {
        Quote::Nothing
    } else {
        Quote::NotRead
    })
}
