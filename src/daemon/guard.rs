//! The mailbox's guards (`[mail.guard]`): no backscatter, no loops, no guessing.
//!
//! * A mail from an address that holds no seat is kept (cut to `unknown_kept_bytes`) and not
//!   answered — or, with `unknown_senders = "daily"`, answered at most once a day with a text
//!   that says nothing about which addresses are players', and no more than
//!   `unknown_answers_per_day` strangers in all.
//! * A mail from such an address that replies to one of maester's own mails is a loop (a robot
//!   answering without `Auto-Submitted`): never answered.
//! * No address gets more than `answers_per_hour` answers in an hour.
//! * Wrong secrets are counted per house and day; at `wrong_secrets_per_day` the GM is told and
//!   the house's wrong secrets get no more answers that day.
//! * A bounce (DSN) of maester's own mail is recorded and told to the GM.
//! * A mail whose sender domain failed DKIM/SPF/DMARC is flagged in the audit log.

use super::letters::{self, Letter};
use super::{Daemon, alerts};
use crate::config::UnknownSenders;
use crate::error::Error;
use crate::mail::{DecodedMail, Mailbox};
use crate::store::{Mail, NewBounce, OutKind, StoreError};
use chrono::{DateTime, TimeDelta, Utc};

/// The outcome recorded for a wrong secret (counted per house and day).
pub const WRONG_SECRET: &str = "wrong secret";

/// Midnight UTC of `now`'s day.
fn day_start(now: DateTime<Utc>) -> DateTime<Utc> {
    now.date_naive()
        .and_hms_opt(0, 0, 0)
        .map_or(now, |t| t.and_utc())
}

/// Why a mail from an address without a seat is not answered (recorded on the mail).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unanswered {
    /// It replies to a mail of maester's: a loop.
    Loop,
    /// It has no sender address.
    NoAddress,
    /// The guard keeps strangers' mail silently.
    Silent,
    /// The sender was answered once today already.
    AnsweredToday,
    /// This many strangers were answered today already.
    DailyCap(u32),
}

impl std::fmt::Display for Unanswered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unanswered::Loop => write!(
                f,
                "unknown sender replying to a mail of maester's: a loop, not answered"
            ),
            Unanswered::NoAddress => write!(f, "no sender address"),
            Unanswered::Silent => write!(f, "unknown sender: kept, not answered"),
            Unanswered::AnsweredToday => {
                write!(f, "unknown sender: answered once today already, not again")
            }
            Unanswered::DailyCap(cap) => write!(
                f,
                "unknown sender: {cap} strangers answered today already, not answered"
            ),
        }
    }
}

/// A mail from an address without a seat: kept cut to size; the answer to send, if any
/// (`Err(why)`: not answered, and why).
pub fn unknown_sender(
    d: &mut Daemon,
    m: &Mail,
    mail: &DecodedMail,
    now: DateTime<Utc>,
) -> Result<Result<Letter, Unanswered>, Error> {
    cap_stored(d, m)?;
    if is_loop(d, mail)? {
        return Ok(Err(Unanswered::Loop));
    }
    let Some(addr) = mail.from_addr.clone() else {
        return Ok(Err(Unanswered::NoAddress));
    };
    if d.config.mail.guard.unknown_senders == UnknownSenders::Silent {
        return Ok(Err(Unanswered::Silent));
    }
    if d.store.answers_to_since(&addr, now - TimeDelta::days(1))? > 0 {
        return Ok(Err(Unanswered::AnsweredToday));
    }
    let cap = d.config.mail.guard.unknown_answers_per_day;
    if d.store.answers_without_game_since(day_start(now))? >= cap {
        return Ok(Err(Unanswered::DailyCap(cap)));
    }
    let to = Mailbox::new(String::new(), addr);
    let subject = format!("Re: {}", mail.subject.trim());
    let l = letters::answer(
        &d.sender,
        &letters::Reader::plain(to),
        subject,
        crate::words::mail_ops::stranger_answer(),
        &format!("stranger:{}:{}", m.mail_key, day_start(now).timestamp()),
        None,
    )?;
    Ok(Ok(l))
}

/// A mail from a stranger is kept only up to `unknown_kept_bytes` (its header and the start of
/// its text), so that a flood of them cannot fill the disk.
fn cap_stored(d: &mut Daemon, m: &Mail) -> Result<(), Error> {
    let cap = d.config.mail.guard.unknown_kept_bytes.max(1024);
    if m.raw.len() <= cap || crate::mail::copy::stub_size(&m.raw).is_some() {
        return Ok(());
    }
    let stub = crate::mail::copy::stub(&m.raw[..cap], m.raw.len() as u64);
    d.store
        .transaction(|tx| tx.redact_mail(m.id, &stub, &m.subject))?;
    Ok(())
}

/// The mail answers one of maester's own (its In-Reply-To or References name a Message-ID
/// maester queued).
fn is_loop(d: &Daemon, mail: &DecodedMail) -> Result<bool, Error> {
    let own_suffix = format!("@{}", d.sender.domain.to_ascii_lowercase());
    for id in mail.in_reply_to.iter().chain(mail.references.iter()) {
        let lower = id.to_ascii_lowercase();
        if (lower.starts_with("maester.") && lower.ends_with(&own_suffix))
            || d.store.outgoing_by_message_id(id)?.is_some()
        {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Holds back an answer when its address had `answers_per_hour` answers of its kind in the
/// last hour — to wrong secrets, or to anything else — (the GM's address excepted); the
/// outcome says so.
pub fn limit_answer(
    d: &Daemon,
    reply: &mut Option<Letter>,
    outcome: &mut String,
    now: DateTime<Utc>,
) -> Result<(), Error> {
    let Some(l) = reply.as_ref().filter(|l| l.kind == OutKind::Answer) else {
        return Ok(());
    };
    let gm = d.config.daemon.gm_address.as_deref().unwrap_or_default();
    let cap = d.config.mail.guard.answers_per_hour;
    // Answers to wrong secrets and the others are counted apart: wrong secrets forged from a
    // player's address never hold back the answer to his right one.
    let wrong = outcome.starts_with(WRONG_SECRET);
    for to in &l.to {
        if to.eq_ignore_ascii_case(gm) {
            continue;
        }
        // What-ifs and their answers are counted apart from the others (`what_ifs`).
        let n = super::what_ifs::answers_counted(d, to, now - TimeDelta::hours(1), outcome, wrong)?;
        if n >= cap {
            tracing::warn!(to, n, "answer held back: hourly cap reached");
            outcome.push_str(&format!(
                " (not answered: {n} answers to {to} in the last hour)"
            ));
            *reply = None;
            return Ok(());
        }
    }
    Ok(())
}

/// The house's wrong secrets today reached `wrong_secrets_per_day`: its next secrets are not
/// checked by Argon2id (see [`super::cache::may_check_secret`]).
pub fn over_wrong_secret_limit(
    d: &Daemon,
    seat: &crate::store::House,
    now: DateTime<Utc>,
) -> Result<bool, Error> {
    let limit = d.config.mail.guard.wrong_secrets_per_day.max(1);
    let n =
        d.store
            .seat_outcomes_since(&seat.game_id, &seat.house, WRONG_SECRET, day_start(now))?;
    Ok(n >= limit)
}

/// A wrong secret for a house: counted; the GM is told at the day's limit. `true` when it is
/// still answered (under the limit).
pub fn wrong_secret(
    d: &mut Daemon,
    seat: &crate::store::House,
    from: &str,
    now: DateTime<Utc>,
) -> Result<bool, Error> {
    let limit = d.config.mail.guard.wrong_secrets_per_day.max(1);
    let before =
        d.store
            .seat_outcomes_since(&seat.game_id, &seat.house, WRONG_SECRET, day_start(now))?;
    let count = before + 1;
    if count == limit {
        let (what, detail) =
            crate::words::mail_ops::wrong_secrets_alert(&seat.game_id, &seat.house, count, from);
        alerts::problem(d, Some(&seat.game_id), &what, &detail, now);
    }
    Ok(count <= limit)
}

/// The DKIM/SPF/DMARC failures for the sender's domain of a player's mail are flagged in the
/// audit log. When the mail carried the house's right secret (`warn`: the answer's language and
/// its extra lines), the GM is told and the answer — which goes to the player's registered
/// address — warns the player.
pub fn auth_check(
    d: &mut Daemon,
    m: &Mail,
    mail: &DecodedMail,
    game: &str,
    warn: Option<(crate::board::Lang, &mut String)>,
    now: DateTime<Utc>,
) -> Result<(), Error> {
    let Some((_, domain)) = mail.from_addr.as_deref().and_then(|a| a.rsplit_once('@')) else {
        return Ok(());
    };
    let failures = crate::mail::auth_failures(&m.raw, domain);
    if failures.is_empty() {
        return Ok(());
    }
    let text = failures
        .iter()
        .map(|f| f.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let detail = format!(
        "mail {} from {}: {text}{}",
        m.id,
        mail.from_addr.as_deref().unwrap_or(""),
        if warn.is_some() {
            " (with the house's right secret)"
        } else {
            ""
        }
    );
    d.store.transaction(|tx| -> Result<(), StoreError> {
        tx.append_audit(
            Some(game),
            "daemon",
            "sender authentication failed",
            &detail,
            now,
        )?;
        Ok(())
    })?;
    if let Some((lang, info)) = warn {
        info.push_str(&crate::words::mail_ops::auth_warning(&text, lang));
        info.push('\n');
        let (what, detail) = crate::words::mail_ops::auth_alert(game, &detail);
        alerts::problem(d, Some(game), &what, &detail, now);
    }
    Ok(())
}

/// A bounce: when it is a delivery status report about a mail of maester's, each failed
/// recipient is recorded and told to the GM. The reason it is not answered.
pub fn bounce(d: &mut Daemon, m: &Mail, now: DateTime<Utc>) -> Result<String, Error> {
    let Some(dsn) = crate::mail::parse_dsn(&m.raw) else {
        return Ok("automatic mail (Bounce): never answered".into());
    };
    let decoded = crate::mail::decode(&m.raw);
    let mut ids: Vec<String> = dsn.original_message_id.iter().cloned().collect();
    ids.extend(decoded.in_reply_to.iter().cloned());
    ids.extend(decoded.references.iter().cloned());
    let mut ours = None;
    for id in &ids {
        if let Some(o) = d.store.outgoing_by_message_id(id)? {
            ours = Some(o);
            break;
        }
    }
    let Some(ours) = ours else {
        return Ok("a bounce of a mail maester did not send: not answered".into());
    };
    let failed: Vec<_> = dsn.recipients.iter().filter(|r| r.is_failure()).collect();
    // Taken in again after a crash: recorded and told once.
    let recorded = d
        .store
        .bounces_since(None, DateTime::<Utc>::UNIX_EPOCH)?
        .iter()
        .any(|b| b.mail_id == Some(m.id));
    for r in failed.iter().filter(|_| !recorded) {
        d.store.transaction(|tx| -> Result<(), StoreError> {
            tx.record_bounce(&NewBounce {
                mail_id: Some(m.id),
                outbox_id: Some(ours.id),
                game_id: ours.game_id.as_deref(),
                recipient: &r.recipient,
                status: &r.status,
                diagnostic: &r.diagnostic,
                at: now,
            })?;
            Ok(())
        })?;
        let (what, detail) = crate::words::mail_ops::bounce_alert(
            &r.recipient,
            &r.status,
            &r.diagnostic,
            Some(&ours.subject),
        );
        alerts::problem(d, ours.game_id.as_deref(), &what, &detail, now);
    }
    Ok(format!(
        "bounce of outgoing mail {}: {} recipient(s) failed, the GM told",
        ours.id,
        failed.len()
    ))
}
