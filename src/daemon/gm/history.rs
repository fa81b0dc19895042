//! The game's past as the GM acts on it: which state a rollback goes back to (the state before
//! the last close — a GM's correction since is undone with it —; a rollback's own snapshot
//! stands for the state it restored, so rolling back twice goes two steps back, never forward
//! again), and `resend`: a past report or the last answer mailed again.

use super::{GmOutcome, house_of, house_said, refused_if_stale};
use crate::board::Lang;
use crate::daemon::Daemon;
use crate::daemon::games::Loaded;
use crate::daemon::letters::{self, Letter};
use crate::error::Error;
use crate::rules::Step;
use crate::store::{SnapshotMark, StoreError};
use crate::words::gm_refusals::{GmRefusal, Sought};
use crate::words::gm_results::Resent;
use crate::words::hant::Script;
use chrono::{DateTime, Utc};

fn mark(marks: &[SnapshotMark], seq: i64) -> Option<&SnapshotMark> {
    marks.iter().find(|m| m.seq == seq)
}

/// The snapshot whose state `seq` holds: itself, or for a rollback the one it restored.
pub(super) fn effective(marks: &[SnapshotMark], seq: i64) -> i64 {
    let mut s = seq;
    for _ in 0..marks.len() {
        match mark(marks, s) {
            Some(SnapshotMark {
                gm: Some(g),
                restores: Some(k),
                ..
            }) if g == "rollback" && *k < s => s = *k,
            _ => break,
        }
    }
    s
}

/// The state before the one `seq` holds (what undoing it goes back to), if there is one.
pub(super) fn previous(marks: &[SnapshotMark], seq: i64) -> Option<i64> {
    let e = effective(marks, seq);
    (e > 1).then(|| effective(marks, e - 1))
}

/// The snapshot a rollback restores: the state before the last closed step closed (a GM's
/// change made since — an edit, a deadline — is undone with it, never alone), or with
/// `target` the newest earlier state in that round and step.
pub(super) fn rollback_target(
    marks: &[SnapshotMark],
    current: i64,
    target: Option<(u32, Step)>,
) -> Option<i64> {
    let Some((round, step)) = target else {
        // The newest close among the states the game went through: a snapshot of no GM
        // command, after the game's first.
        let mut at = effective(marks, current);
        loop {
            let m = mark(marks, at)?;
            if m.gm.is_none() && at > 1 {
                return previous(marks, at);
            }
            at = previous(marks, at)?;
        }
    };
    let mut at = previous(marks, current)?;
    loop {
        let m = mark(marks, at)?;
        if m.round == round && m.step == step.key() {
            return Some(at);
        }
        at = previous(marks, at)?;
    }
}

/// Which mail `resend` sends again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resend {
    /// The report of the newest close, or of the newest close of this round and step.
    Report(Option<(u32, Step)>),
    /// The last answer to a mail of the house.
    Answer,
}

/// The snapshot a report was written for: the newest close (of the step named).
pub(super) fn report_seq(marks: &[SnapshotMark], which: Option<(u32, Step)>) -> Option<i64> {
    marks
        .iter()
        .filter(|m| m.seq > 1 && m.gm.is_none())
        .filter(|m| match which {
            None => true,
            Some((round, step)) => mark(marks, m.seq - 1)
                .is_some_and(|before| before.round == round && before.step == step.key()),
        })
        .map(|m| m.seq)
        .max()
}

/// Who a resent mail goes to: a house's current player, or the GM (`--house gm`, the GM's copy
/// of a report, to `[daemon] gm_address`).
fn resend_to(
    d: &Daemon,
    g: &Loaded,
    house: &str,
    which: Resend,
) -> Result<(String, String, Script), Error> {
    let gm = house.trim().eq_ignore_ascii_case("gm") && house_of(g, house).is_err();
    if !gm {
        let key = g.board.house(house_of(g, house)?).key.clone();
        let seat = d
            .store
            .house(&g.row.id, &key)?
            .ok_or_else(|| Error::NotFound(format!("seat {key}")))?;
        let script = letters::Reader::seat(&seat).script;
        return Ok((key, seat.address, script));
    }
    if which == Resend::Answer {
        return Err(GmRefusal::GmCopyIsAReport.into());
    }
    match d.config.daemon.gm_address.as_deref().map(str::trim) {
        Some(addr) if !addr.is_empty() => {
            let lang = g.cfg.language;
            let script = Script::of(lang.lang == Lang::Zh && lang.traditional());
            Ok(("gm".into(), addr.to_string(), script))
        }
        _ => Err(GmRefusal::NoGmAddress.into()),
    }
}

/// `resend`: a past report or the last answer mailed again to the house's current player (or
/// the GM's copy of a report to the GM), under a new Message-ID and threaded to the original.
pub(super) fn resend(
    d: &mut Daemon,
    g: &Loaded,
    house: &str,
    which: Resend,
    now: DateTime<Utc>,
    lang: Lang,
) -> Result<GmOutcome, Error> {
    let id = g.row.id.as_str();
    let (key, address, script) = resend_to(d, g, house, which)?;
    let (original, sought, shown) = match which {
        Resend::Answer => (
            d.store.last_answer_to_house(id, &key)?,
            Sought::LastAnswer,
            None,
        ),
        Resend::Report(step) => {
            let marks = d.store.snapshot_marks(id)?;
            let Some(seq) = report_seq(&marks, step) else {
                return Err(GmRefusal::NoReport {
                    game: id.to_string(),
                    step,
                }
                .into());
            };
            let seed = if key == "gm" {
                crate::daemon::gm_copy::id_seed(id, seq)
            } else {
                format!("report:{id}:{seq}:{key}")
            };
            let mid = crate::mail::new_message_id(&d.sender.domain, seed.as_bytes());
            let before = mark(&marks, seq - 1);
            let closed =
                Sought::Report(before.and_then(|m| Step::from_key(&m.step).map(|s| (m.round, s))));
            let shown = before.map(|m| {
                let step = match Step::from_key(&m.step) {
                    Some(s) => super::steps::step_for_gm(s, lang),
                    None => m.step.clone(),
                };
                (m.round, step)
            });
            (d.store.outgoing_by_message_id(&mid)?, closed, shown)
        }
    };
    // For the audit line, in English.
    let what = sought.to_string();
    let Some(original) = original else {
        return Err(GmRefusal::NotStored {
            sought,
            house: house_said(g, &key),
        }
        .into());
    };
    let new_id = crate::mail::new_message_id(
        &d.sender.domain,
        format!("resend:{}:{}", original.message_id, now.timestamp_micros()).as_bytes(),
    );
    let raw = crate::mail::resent_copy(&original.raw, &new_id, &now.to_rfc2822(), &address)
        .map_err(|e| {
            Error::from(GmRefusal::ResendFailed {
                sought: sought.clone(),
                house: house_said(g, &key),
                detail: e.to_string(),
            })
        })?;
    let letter = Letter {
        message_id: new_id,
        to: vec![address.clone()],
        subject: original.subject.clone(),
        raw,
        kept: None,
        // Sent again as what it was: an answer from the null sender, a report from the referee.
        kind: match which {
            Resend::Answer => crate::store::OutKind::Answer,
            Resend::Report(_) => crate::store::OutKind::Report,
        },
        gm_text: None,
        // The stored bytes, in the script they were first written in (a Traditional seat's
        // answers and reports were converted when they were built).
        script,
    };
    d.store
        .transaction(|tx| -> Result<(), StoreError> {
            letters::queue(tx, Some(id), &letter, None, now)?;
            tx.append_audit(
                Some(id),
                "gm",
                "resend",
                &format!(
                    "{what} for {key} sent again to {} (first sent as {})",
                    address, original.message_id
                ),
                now,
            )?;
            Ok(())
        })
        .map_err(|e| refused_if_stale(id, e))?;
    Ok(GmOutcome {
        summary: crate::words::gm_results::resent(
            match (which, &shown) {
                (Resend::Answer, _) => Resent::Answer,
                (Resend::Report(_), Some((r, s))) => Resent::Report(Some((*r, s.as_str()))),
                (Resend::Report(_), None) => Resent::Report(None),
            },
            &super::house_for_gm(g, &key, lang),
            &address,
            lang,
        ),
        queued: 1,
        secret: None,
    })
}
