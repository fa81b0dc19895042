//! What the daemon tells every player, and who it waits for: the notices the GM's commands
//! and the deadline policy send to every seat, and the houses asked in the open step with when
//! each last sent. Used by the GM console, the deadline policy and the reminders alike.

use super::Daemon;
use super::letters::{self, Letter};
use super::loaded::Loaded;
use crate::board::Lang;
use crate::error::Error;
use crate::rules::Step;
use chrono::{DateTime, Utc};

/// A house asked something in the open step, and when it last sent (`None`: not yet).
pub type SentOrMissing = (String, Option<DateTime<Utc>>);

/// Who has sent what in the open step, and who is still missing: one line per house asked.
pub fn sent_and_missing(d: &Daemon, g: &Loaded) -> Result<Vec<SentOrMissing>, Error> {
    let round = u32::from(g.state.round);
    let mut subs = d
        .store
        .current_submissions(&g.row.id, round, g.state.step.key())?;
    if g.state.step == Step::Raven {
        // The Raven holder's plan sent early means he keeps his orders.
        subs.extend(
            d.store
                .current_submissions(&g.row.id, round, Step::Plan.key())?,
        );
    }
    Ok(crate::game::expected(&g.board, &g.state)
        .into_iter()
        .map(|h| {
            let key = g.board.house(h).key.clone();
            let at = subs
                .iter()
                .filter(|s| s.house == key)
                .map(|s| s.received_at)
                .max();
            (key, at)
        })
        .collect())
}

/// A notice to every seat, each in its language; `except` gets none.
pub fn notices(
    d: &Daemon,
    g: &Loaded,
    tag: &str,
    except: Option<&str>,
    text: impl Fn(Lang) -> (String, String),
) -> Result<Vec<Letter>, Error> {
    notices_each_with_event(d, g, tag, except, None, |_, l| text(l))
}

/// A notice to every seat, each its own text (`text` is given the seat's house key and its
/// language); `except` gets none.
pub fn notices_each(
    d: &Daemon,
    g: &Loaded,
    tag: &str,
    except: Option<&str>,
    text: impl Fn(&str, Lang) -> (String, String),
) -> Result<Vec<Letter>, Error> {
    notices_each_with_event(d, g, tag, except, None, text)
}

/// The open step's deadline, set at `now` to `at`, as a calendar event: the same UID as the
/// event the step's opening mail carried, a higher SEQUENCE (the game's row takes `now` as
/// the time its deadline changed).
pub fn moved_event(g: &Loaded, at: DateTime<Utc>, now: DateTime<Utc>) -> letters::DeadlineEvent {
    letters::DeadlineEvent {
        game: g.row.id.clone(),
        round: g.state.round,
        step: g.state.step,
        deadline: at,
        sequence: letters::calendar_sequence(g.row.created_at, now),
        stamp: now,
        cancelled: false,
    }
}

/// A notice to every seat as [`notices`]; the seats asked something in the open step also get
/// `event`, the step's deadline as a calendar event (a notice that moves the deadline).
pub fn notices_with_event(
    d: &Daemon,
    g: &Loaded,
    tag: &str,
    except: Option<&str>,
    event: Option<&letters::DeadlineEvent>,
    text: impl Fn(Lang) -> (String, String),
) -> Result<Vec<Letter>, Error> {
    notices_each_with_event(d, g, tag, except, event, |_, l| text(l))
}

/// [`notices_each`] with `event` for the seats asked something in the open step.
fn notices_each_with_event(
    d: &Daemon,
    g: &Loaded,
    tag: &str,
    except: Option<&str>,
    event: Option<&letters::DeadlineEvent>,
    text: impl Fn(&str, Lang) -> (String, String),
) -> Result<Vec<Letter>, Error> {
    let asked = crate::game::expected(&g.board, &g.state);
    let events: Vec<Addressed<'_>> = event.map(|e| (e, &asked[..])).into_iter().collect();
    notices_to_asked(d, g, (tag, except), &events, text)
}

/// A calendar event and the houses it goes to.
pub type Addressed<'a> = (&'a letters::DeadlineEvent, &'a [crate::board::HouseId]);

/// [`notices_each`] for a change that opens another step (a rollback): `event` goes to the
/// seats asked something in `opens`, the state the game is put back to; each of `undone` (the
/// events of the later steps the change undid, cancelled) goes with it to its own houses.
pub fn notices_each_opening(
    d: &Daemon,
    g: &Loaded,
    tag: &str,
    (opens, event): (&crate::rules::GameState, &letters::DeadlineEvent),
    undone: &[Addressed<'_>],
    text: impl Fn(&str, Lang) -> (String, String),
) -> Result<Vec<Letter>, Error> {
    let asked = crate::game::expected(&g.board, opens);
    let mut events: Vec<Addressed<'_>> = undone.to_vec();
    events.push((event, &asked[..]));
    notices_to_asked(d, g, (tag, None), &events, text)
}

/// Each seat's notice; each of `events` for the seats among its houses.
fn notices_to_asked(
    d: &Daemon,
    g: &Loaded,
    (tag, except): (&str, Option<&str>),
    events: &[Addressed<'_>],
    text: impl Fn(&str, Lang) -> (String, String),
) -> Result<Vec<Letter>, Error> {
    // Each GM command writes an audit entry: the newest one tells this notice from the one a
    // command of the same kind sent earlier in the same step (a second deadline change, a
    // second announcement), whose Message-ID would otherwise be the same and the mail dropped
    // as already queued.
    let after = d
        .store
        .audit_log(Some(&g.row.id), 1)?
        .first()
        .map_or(0, |a| a.id);
    let mut out = Vec::new();
    for h in d.store.houses(&g.row.id)? {
        if Some(h.house.as_str()) == except {
            continue;
        }
        let lang = g.lang_of(h.language);
        let (subject, body) = text(&h.house, lang);
        let to = letters::Reader::seat(&h);
        let hid = g.house_id(&h.house);
        let files = events
            .iter()
            .filter(|(_, asked)| hid.is_some_and(|id| asked.contains(&id)))
            .map(|(e, _)| e.attachment(lang, to.script))
            .collect();
        out.push(
            letters::letter_with_files(
                &d.sender,
                &to,
                (
                    format!("[{}] {subject}", g.row.id),
                    crate::words::cite::for_player(&body, lang),
                ),
                files,
                &format!("gm:{}:{}:{after}:{}:{}", g.row.id, g.seq, tag, h.house),
            )?
            .notice(),
        );
    }
    Ok(out)
}
