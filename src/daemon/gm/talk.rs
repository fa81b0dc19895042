//! Talking to the players and reading the game: announcements, who has sent what, the audit
//! log.

use super::{GmOutcome, house_for_gm, house_of, notices, sent_and_missing};
use crate::board::Lang;
use crate::daemon::Daemon;
use crate::daemon::games::Loaded;
use crate::daemon::letters;
use crate::error::Error;
use crate::words::gm_results as said;
use crate::words::notices as words;
use chrono::{DateTime, Utc};

/// `announce`: the GM's text to every player, or to one house.
pub(super) fn announce(
    d: &mut Daemon,
    g: &Loaded,
    house: Option<&str>,
    text: &str,
    now: DateTime<Utc>,
    lang: Lang,
) -> Result<GmOutcome, Error> {
    if text.trim().is_empty() {
        return Err(crate::words::gm_refusals::GmRefusal::EmptyAnnouncement.into());
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
        summary: said::announced(
            only_key
                .as_deref()
                .map(|k| house_for_gm(g, k, lang))
                .as_deref(),
            lang,
        ),
        queued: mails.len(),
        secret: None,
    })
}

/// `who`: the open step's houses, sent or missing.
pub(super) fn who(d: &mut Daemon, g: &Loaded, lang: Lang) -> Result<GmOutcome, Error> {
    let rows = sent_and_missing(d, g)?;
    let mut lines = vec![said::who_head(
        &g.row.id,
        g.state.round,
        &super::steps::step_for_gm(g.state.step, lang),
        &said::status(g.row.status.as_str(), lang),
        &g.deadline_text(lang),
        lang,
    )];
    if rows.is_empty() {
        lines.push(said::who_nobody(lang));
    }
    for (house, at) in &rows {
        let name = house_for_gm(g, house, lang);
        lines.push(match at {
            Some(t) => said::who_sent(&name, &g.at(*t, lang), lang),
            None => said::who_missing(&name, lang),
        });
    }
    let missing = rows.iter().filter(|(_, t)| t.is_none()).count();
    lines.push(said::who_count(rows.len() - missing, rows.len(), lang));
    lines.extend(crate::daemon::what_ifs::who_lines(d, g, lang)?);
    // Each house's silent steps (asked, sent nothing): a seat that may need a substitute.
    for (h, s) in crate::daemon::silence::of_game(d, g)? {
        let name = house_for_gm(g, &g.board.house(h).key, lang);
        lines.push(crate::words::silence::who_silent(
            &name, s.total, s.in_a_row, lang,
        ));
    }
    let wanted: Vec<String> = crate::daemon::wanted::houses(d, g)?
        .into_iter()
        .map(|h| house_for_gm(g, &g.board.house(h).key, lang))
        .collect();
    if !wanted.is_empty() {
        lines.push(crate::words::seats::who_wanted(&wanted, lang));
    }
    lines.extend(super::policy::lines_in(
        &super::policy::view(d, g)?,
        Some(g),
        lang,
    ));
    Ok(GmOutcome {
        summary: lines.join("\n"),
        queued: 0,
        secret: None,
    })
}

/// `log`: the newest audit lines of the game, oldest first.
pub(super) fn log(d: &mut Daemon, g: &Loaded, limit: u32, lang: Lang) -> Result<GmOutcome, Error> {
    let mut entries = d.store.audit_log(Some(&g.row.id), limit.max(1))?;
    entries.reverse();
    let lines: Vec<String> = entries
        .iter()
        .map(|e| {
            format!(
                "{} {:<12} {:<22} {}",
                g.at(e.at, lang),
                e.actor,
                e.action,
                e.detail
            )
        })
        .collect();
    Ok(GmOutcome {
        summary: if lines.is_empty() {
            said::log_empty(lang)
        } else {
            lines.join("\n")
        },
        queued: 0,
        secret: None,
    })
}

/// `requeue`: the game's failed outgoing mails queued again.
pub(super) fn requeue(
    d: &mut Daemon,
    g: &Loaded,
    now: DateTime<Utc>,
    lang: Lang,
) -> Result<GmOutcome, Error> {
    use crate::daemon::requeue::{Which, requeue};
    let ids = requeue(d, Which::All, Some(&g.row.id), now)?;
    Ok(GmOutcome {
        summary: said::requeued(ids.len(), &g.row.id, lang),
        queued: ids.len(),
        secret: None,
    })
}

/// `backups`: the database's backups taken before this game's closes, oldest first.
pub(super) fn backups(d: &Daemon, g: &Loaded, lang: Lang) -> Result<GmOutcome, Error> {
    let all = crate::daemon::backups::list(d)?;
    let lines: Vec<String> = all
        .iter()
        .filter(|b| b.game == g.row.id)
        .map(|b| {
            let step = match crate::rules::Step::from_key(&b.step) {
                Some(s) => super::steps::step_for_gm(s, lang),
                None => b.step.clone(),
            };
            said::backup_line(
                &g.at(b.time, lang),
                b.round,
                &step,
                b.bytes.div_ceil(1024),
                &b.path.display().to_string(),
                lang,
            )
        })
        .collect();
    Ok(GmOutcome {
        summary: if lines.is_empty() {
            said::backups_none(&g.row.id, lang)
        } else {
            said::backups(&g.row.id, &lines, lang)
        },
        queued: 0,
        secret: None,
    })
}
