//! `schedule`: the GM changes the game's schedule for the steps still to come (the entries of
//! `[game.schedule.steps]`, the time zone, `min_open`). The schedule is stored with the game,
//! so this is the only way to change it once the game runs; the open step keeps its deadline
//! (`deadline` moves that one). Every player is told the new entries.

use super::{GmOutcome, notices, refused_if_stale};
use crate::board::Lang;
use crate::daemon::Daemon;
use crate::daemon::games::Loaded;
use crate::daemon::letters;
use crate::error::Error;
use crate::rules::Step;
use crate::schedule::{Schedule, ScheduleError};
use crate::store::StoreError;
use crate::words::gm_refusals::{GmRefusal, ScheduleFault};
use crate::words::notices as words;
use chrono::{DateTime, Utc};

/// One change: `plan = Mon 21:00, Thu 21:00`, `default = 2d`, `timezone = Asia/Shanghai`,
/// `min_open = 6h`.
pub fn parse_change(text: &str) -> Result<(String, String), GmRefusal> {
    let (k, v) = text
        .split_once(['=', ':', '：'])
        .ok_or_else(|| GmRefusal::ScheduleForm(text.to_string()))?;
    let (k, v) = (k.trim(), v.trim().trim_matches('"'));
    if k.is_empty() || v.is_empty() {
        return Err(GmRefusal::ScheduleKeyValue(text.to_string()));
    }
    Ok((k.to_string(), v.to_string()))
}

fn steps() -> Vec<&'static str> {
    Step::ALL
        .iter()
        .filter(|s| **s != Step::Finished)
        .map(|s| s.key())
        .collect()
}

/// A schedule change refused: the reader's English words, and what they come to.
fn refused(detail: String, fault: ScheduleFault) -> Error {
    GmRefusal::Schedule { detail, fault }.into()
}

/// The game's stored configuration with the changes made, and the schedule it gives.
fn changed(
    g: &Loaded,
    changes: &[(String, String)],
    now: DateTime<Utc>,
) -> Result<(String, Schedule), Error> {
    let bad = |e: &dyn std::fmt::Display| refused(e.to_string(), ScheduleFault::Other);
    let mut table: toml::Table = toml::from_str(&g.row.config).map_err(|e| bad(&e))?;
    let schedule = table
        .entry("schedule")
        .or_insert_with(|| toml::Value::Table(toml::Table::new()));
    let toml::Value::Table(schedule) = schedule else {
        return Err(bad(&"the stored [schedule] is not a table"));
    };
    for (k, v) in changes {
        match k.as_str() {
            "timezone" | "min_open" => {
                schedule.insert(k.clone(), toml::Value::String(v.clone()));
            }
            step if step == "default" || steps().contains(&step) => {
                let entries = schedule
                    .entry("steps")
                    .or_insert_with(|| toml::Value::Table(toml::Table::new()));
                let toml::Value::Table(entries) = entries else {
                    return Err(bad(&"the stored [schedule.steps] is not a table"));
                };
                entries.insert(step.to_string(), toml::Value::String(v.clone()));
            }
            other => {
                return Err(refused(
                    format!(
                        "no step {other:?}: use {}, default, timezone or min_open",
                        steps().join(", ")
                    ),
                    ScheduleFault::NoKey(other.to_string()),
                ));
            }
        }
    }
    let new = Schedule::from_table(schedule).map_err(|e| match &e {
        ScheduleError::BadValue { key, value, .. } => refused(
            e.to_string(),
            ScheduleFault::BadValue {
                key: key.clone(),
                value: value.clone(),
            },
        ),
        _ => bad(&e),
    })?;
    match new.check_steps(&steps()) {
        Ok(()) | Err(ScheduleError::Missing { .. }) => {}
        Err(e) => return Err(bad(&e)),
    }
    for step in steps() {
        if let Err(e) = new.deadline_for(step, now)
            && !matches!(e, ScheduleError::UnknownStep(_))
        {
            return Err(bad(&e));
        }
    }
    let text = toml::to_string(&table).map_err(|e| bad(&e))?;
    crate::config::GameConfig::from_text(&text).map_err(|e| bad(&e))?;
    Ok((text, new))
}

/// `schedule`: store the changed schedule; every player is told the new entries.
pub(super) fn schedule(
    d: &mut Daemon,
    g: &Loaded,
    changes: &[(String, String)],
    now: DateTime<Utc>,
    lang: Lang,
) -> Result<GmOutcome, Error> {
    if changes.is_empty() {
        return Err(GmRefusal::ScheduleEmpty.into());
    }
    let (text, _) = changed(g, changes, now)?;
    let lines: Vec<String> = changes.iter().map(|(k, v)| format!("{k} = {v}")).collect();
    let mails = notices(
        d,
        g,
        &format!("schedule:{}", now.timestamp_micros()),
        None,
        |l| {
            let shown: Vec<String> = changes
                .iter()
                .map(|(k, v)| match Step::from_key(k) {
                    Some(s) => format!("{}: {v}", letters::step_name(s, l)),
                    None => format!("{k}: {v}"),
                })
                .collect();
            words::schedule_changed(&shown, l)
        },
    )?;
    let id = g.row.id.as_str();
    d.store
        .transaction(|tx| -> Result<(), StoreError> {
            tx.set_game_config(id, &text, now)?;
            for m in &mails {
                letters::queue(tx, Some(id), m, None, now)?;
            }
            tx.append_audit(Some(id), "gm", "schedule", &lines.join("; "), now)?;
            Ok(())
        })
        .map_err(|e| refused_if_stale(id, e))?;
    Ok(GmOutcome {
        summary: crate::words::gm_results::schedule_changed(
            id,
            &changes
                .iter()
                .map(|(k, v)| match Step::from_key(k) {
                    Some(s) => format!("{} = {v}", super::steps::step_for_gm(s, lang)),
                    None => format!("{k} = {v}"),
                })
                .collect::<Vec<_>>(),
            lang,
        ),
        queued: mails.len(),
        secret: None,
    })
}
