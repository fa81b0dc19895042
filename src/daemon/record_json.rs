//! The shell of `record.json`, the machine-readable public record `maester verify` checks
//! (`maester-publish`'s `machine` and `verify`): the submissions a close used, kept with its
//! public record; the houses whose mail for a closed step came late, read from the mails; and
//! the file itself, written beside the site's pages.

use super::{Daemon, loaded};
use crate::config::GameConfig;
use crate::error::Error;
use crate::game::Submission;
use crate::publish::machine::{self, MachineRecord, Start};
use crate::publish::{self, ClosedStep, Submitted};
use crate::rules::Step;

/// The start a game's config gives: what `maester verify` replays the game from.
pub fn start_of(cfg: &GameConfig) -> Start {
    Start {
        rules: cfg.rules,
        one_time_orders: cfg.rules.one_time_orders,
        winter_is_coming: cfg.events.winter_is_coming,
        early_close: cfg.early_close,
    }
}

/// The stored submissions of the closed `steps` (in the order the close read them), with
/// their canonical text and reading: the public record carries them for `maester verify`.
pub fn submitted(
    g: &loaded::Loaded,
    rows: &[crate::store::Submission],
    steps: &[ClosedStep],
) -> Vec<Submitted> {
    rows.iter()
        .filter_map(|r| {
            let step = Step::from_key(&r.step)?;
            if !steps.iter().any(|c| c.step == step) {
                return None;
            }
            let submission = serde_json::from_value::<Submission>(r.parsed.clone()).ok()?;
            Some(Submitted {
                house: g.house_id(&r.house)?,
                round: r.round,
                step,
                text: r.text.clone(),
                submission,
                mail: r.mail_id.is_some(),
            })
        })
        .collect()
}

/// Marks in each close of `line` (oldest first) the silent houses whose mail for the step
/// came after the close, before the same step closed again: late, not silent.
pub fn mark_late(d: &Daemon, g: &loaded::Loaded, line: &mut [publish::Step]) -> Result<(), Error> {
    let late = d.store.late_mails(&g.row.id)?;
    if late.is_empty() {
        return Ok(());
    }
    let closed: Vec<(chrono::DateTime<chrono::Utc>, Vec<Step>)> = line
        .iter()
        .map(|s| (s.closed_at, s.closed_steps()))
        .collect();
    for (i, s) in line.iter_mut().enumerate() {
        let Some(rec) = s.record.as_mut() else {
            continue;
        };
        let from = s.closed_at;
        for c in &rec.steps {
            // Until the same step closes again (next round).
            let until = closed
                .iter()
                .skip(i + 1)
                .find(|(_, steps)| steps.contains(&c.step))
                .map(|(t, _)| *t);
            for h in &c.silent {
                let key = &g.board.house(*h).key;
                let came = late.iter().any(|m| {
                    m.house == *key
                        && m.step == c.step.key()
                        && m.at >= from
                        && until.is_none_or(|u| m.at < u)
                });
                if came && !rec.late.contains(&(c.step, *h)) {
                    rec.late.push((c.step, *h));
                }
            }
        }
    }
    Ok(())
}

/// The machine-readable record of a game whose line of history is `steps`; the seed only
/// once the game is over.
pub fn record(d: &Daemon, g: &loaded::Loaded, steps: &[publish::Step]) -> MachineRecord {
    let finished = g.state.step == Step::Finished;
    let board_toml = g
        .cfg
        .board
        .as_ref()
        .and_then(|p| std::fs::read_to_string(d.config.path(p)).ok());
    let game = machine::Game {
        board: &g.board,
        id: &g.row.id,
        seed_sha256: &g.row.seed_hash,
        seed: finished.then_some(g.row.seed.as_str()),
        board_toml,
        start: start_of(&g.cfg),
        finished,
    };
    machine::record(&game, steps)
}

/// `record.json` of a game, as written beside the site's pages.
pub fn json(d: &Daemon, g: &loaded::Loaded, steps: &[publish::Step]) -> Result<Vec<u8>, Error> {
    let mut text = serde_json::to_vec_pretty(&record(d, g, steps))
        .map_err(|e| Error::Config(format!("record.json: {e}")))?;
    text.push(b'\n');
    Ok(text)
}
