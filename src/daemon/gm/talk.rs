//! Talking to the players and reading the game: announcements, who has sent what, the audit
//! log.

use super::{GmOutcome, house_of, notices, sent_and_missing};
use crate::daemon::Daemon;
use crate::daemon::games::Loaded;
use crate::daemon::letters;
use crate::error::Error;
use crate::words::notices as words;
use chrono::{DateTime, Utc};

/// `announce`: the GM's text to every player, or to one house.
pub(super) fn announce(
    d: &mut Daemon,
    g: &Loaded,
    house: Option<&str>,
    text: &str,
    now: DateTime<Utc>,
) -> Result<GmOutcome, Error> {
    if text.trim().is_empty() {
        return Err(Error::Refused("the announcement is empty".into()));
    }
    let only = house.map(|h| house_of(g, h)).transpose()?;
    let only_key = only.map(|h| g.board.house(h).key.clone());
    let tag = format!("announce:{}", now.timestamp());
    let mut mails = notices(d, g, &tag, None, |l| words::announcement(text.trim(), l))?;
    if let Some(k) = &only_key {
        let addr = d
            .store
            .house(&g.row.id, k)?
            .map(|h| h.address)
            .unwrap_or_default();
        mails.retain(|m| m.to.contains(&addr));
    }
    let id = g.row.id.clone();
    let to = only_key.clone().unwrap_or_else(|| "every player".into());
    d.store
        .transaction(|tx| -> Result<(), crate::store::StoreError> {
            for m in &mails {
                letters::queue(tx, Some(&id), m, None, now)?;
            }
            tx.append_audit(
                Some(&id),
                "gm",
                "announce",
                &format!("to {to}: {text}"),
                now,
            )?;
            Ok(())
        })?;
    Ok(GmOutcome {
        summary: format!("announcement to {to}"),
        queued: mails.len(),
        secret: None,
    })
}

/// `who`: the open step's houses, sent or missing.
pub(super) fn who(d: &mut Daemon, g: &Loaded) -> Result<GmOutcome, Error> {
    let rows = sent_and_missing(d, g)?;
    let mut lines = vec![format!(
        "game {}, round {} {} ({}), deadline {}:",
        g.row.id,
        g.state.round,
        g.state.step.key(),
        g.row.status.as_str(),
        g.deadline_text(crate::board::Lang::En)
    )];
    if rows.is_empty() {
        lines.push("  nobody is asked anything in this step".into());
    }
    for (house, at) in &rows {
        lines.push(match at {
            Some(t) => format!("  {house:<10} sent {}", t.to_rfc3339()),
            None => format!("  {house:<10} MISSING"),
        });
    }
    let missing = rows.iter().filter(|(_, t)| t.is_none()).count();
    lines.push(format!(
        "{} of {} have sent",
        rows.len() - missing,
        rows.len()
    ));
    lines.extend(super::policy::lines(&super::policy::view(d, g)?));
    Ok(GmOutcome {
        summary: lines.join("\n"),
        queued: 0,
        secret: None,
    })
}

/// `log`: the newest audit lines of the game, oldest first.
pub(super) fn log(d: &mut Daemon, g: &Loaded, limit: u32) -> Result<GmOutcome, Error> {
    let mut entries = d.store.audit_log(Some(&g.row.id), limit.max(1))?;
    entries.reverse();
    let lines: Vec<String> = entries
        .iter()
        .map(|e| {
            format!(
                "{} {:<12} {:<22} {}",
                e.at.to_rfc3339(),
                e.actor,
                e.action,
                e.detail
            )
        })
        .collect();
    Ok(GmOutcome {
        summary: lines.join("\n"),
        queued: 0,
        secret: None,
    })
}

/// `requeue`: the game's failed outgoing mails queued again.
pub(super) fn requeue(d: &mut Daemon, g: &Loaded, now: DateTime<Utc>) -> Result<GmOutcome, Error> {
    use crate::daemon::requeue::{Which, requeue};
    let ids = requeue(d, Which::All, Some(&g.row.id), now)?;
    Ok(GmOutcome {
        summary: format!(
            "{} failed mail(s) of game {} queued again",
            ids.len(),
            g.row.id
        ),
        queued: ids.len(),
        secret: None,
    })
}

/// `backups`: the database's backups taken before this game's closes, oldest first.
pub(super) fn backups(d: &Daemon, g: &Loaded) -> Result<GmOutcome, Error> {
    let all = crate::daemon::backups::list(d)?;
    let lines: Vec<String> = all
        .iter()
        .filter(|b| b.game == g.row.id)
        .map(|b| {
            format!(
                "{}  round {} {}  {} kB  {}",
                b.time.format("%Y-%m-%d %H:%M UTC"),
                b.round,
                b.step,
                b.bytes.div_ceil(1024),
                b.path.display()
            )
        })
        .collect();
    Ok(GmOutcome {
        summary: if lines.is_empty() {
            format!("no backups of game {}", g.row.id)
        } else {
            format!("backups of game {}:\n  {}", g.row.id, lines.join("\n  "))
        },
        queued: 0,
        secret: None,
    })
}
