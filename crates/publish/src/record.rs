//! What a close keeps for the public record: the public part of the rules' outcome (never the
//! houses' private notices, never who is asked what), stored beside the military log in the
//! snapshot the close writes, so that a step's post and page can be built again at any time
//! from the store alone.
//!
//! A close's snapshot log is `{"events": [...], "public": Record}`; a close stored by an older
//! maester kept the bare array of events (read here as a close with no record); a GM's change
//! stores `{"gm": …}` and is no step.

use chrono::{DateTime, Utc};
use maester_board::{AreaId, HouseId, Order};
use maester_game::StepOutcome;
use maester_rules::Step;
use maester_rules::log::Event;
use maester_rules::log_events::EconomyEvent;
use maester_rules::optional::one_time::PlacedOneTime;
use maester_rules::round::endgame::GameResult;
use serde::{Deserialize, Serialize};

/// One step closed by the close, with the houses that were asked and sent nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClosedStep {
    /// The step.
    pub step: Step,
    /// Houses that took the defaults.
    #[serde(default)]
    pub silent: Vec<HouseId>,
    /// The submissions the step used, house by house (filled by the shell, which reads them
    /// from the store; empty in a close of an older maester).
    #[serde(default)]
    pub used: Vec<Used>,
}

/// One house's submission a closed step used.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Used {
    /// The house.
    pub house: HouseId,
    /// Its receipt, the one its answer gave (`None`: the GM submitted it, no mail did).
    pub receipt: Option<String>,
}

/// One house's execution plan as executed, in both languages (the canonical echo).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanLines {
    /// The house.
    pub house: HouseId,
    /// The lines in Chinese (Simplified).
    pub zh: Vec<String>,
    /// The lines in English.
    pub en: Vec<String>,
}

/// The public part of a close.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The round of the first step closed.
    pub round: u8,
    /// Every step closed, in order.
    pub steps: Vec<ClosedStep>,
    /// Orders revealed when placement closed.
    #[serde(default)]
    pub revealed: Vec<(HouseId, AreaId, Order)>,
    /// One-time orders revealed with them.
    #[serde(default)]
    pub revealed_one_time: Vec<(AreaId, PlacedOneTime)>,
    /// The Raven holder's change.
    #[serde(default)]
    pub raven: Option<(HouseId, AreaId, Order, Order)>,
    /// The event phase and the end of the round.
    #[serde(default)]
    pub economy: Vec<EconomyEvent>,
    /// The first window's provisional results.
    #[serde(default)]
    pub provisional: Vec<EconomyEvent>,
    /// The result, once the game is over.
    #[serde(default)]
    pub result: Option<GameResult>,
    /// The execution plans as executed (when the plan step closed).
    #[serde(default)]
    pub plans: Vec<PlanLines>,
    /// The next step's deadline (none once the game is over).
    #[serde(default)]
    pub deadline: Option<DateTime<Utc>>,
    /// The submissions the closed steps used, as stored (canonical text and its reading): what
    /// `maester verify` replays and recomputes the receipts from. Empty in a close of an older
    /// maester.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub submitted: Vec<Submitted>,
    /// Silent houses of a closed step whose submission for it came after it closed (and so
    /// was not used): listed as late, not as silent. Never stored: the shell fills it from the
    /// mails when it reads the record back.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub late: Vec<(Step, HouseId)>,
}

/// One submission a closed step used, as the store keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Submitted {
    /// The house.
    pub house: HouseId,
    /// The round it was sent for.
    pub round: u32,
    /// The step it was sent for.
    pub step: Step,
    /// Its canonical text (the echo its answer gave): what its receipt is the digest of.
    pub text: String,
    /// Its reading, as the close used it.
    pub submission: maester_game::Submission,
    /// A mail sent it (it has a receipt); `false`: the GM's `submit`.
    pub mail: bool,
}

/// The submissions of a close as a replay hands them to the rules: (house, reading), in the
/// order they were used, those of a house the board does not have left out (no submission of
/// this game). `maester verify` and the substitute's rebuilt report replay closes with them.
pub fn replay_input(
    houses: usize,
    submitted: &[Submitted],
) -> Vec<(HouseId, maester_game::Submission)> {
    submitted
        .iter()
        .filter(|s| usize::from(s.house.0) < houses)
        .map(|s| (s.house, s.submission.clone()))
        .collect()
}

impl Record {
    /// The public part of a close's outcome; `plans` are the executed plans the shell read
    /// again from the stored submissions, `deadline` the next step's.
    pub fn of(out: &StepOutcome, plans: Vec<PlanLines>, deadline: Option<DateTime<Utc>>) -> Self {
        Record {
            round: out.round,
            steps: out
                .steps
                .iter()
                .map(|c| ClosedStep {
                    step: c.step,
                    silent: c.silent.clone(),
                    used: Vec::new(),
                })
                .collect(),
            revealed: out.revealed.clone(),
            revealed_one_time: out.revealed_one_time.clone(),
            raven: out.raven,
            economy: out.economy.clone(),
            provisional: out.provisional.clone(),
            result: out.result.clone(),
            plans,
            deadline,
            submitted: Vec::new(),
            late: Vec::new(),
        }
    }
}

/// What a snapshot's log holds.
#[derive(Clone, Debug, PartialEq)]
pub enum StoredLog {
    /// A close: its military log, and its public record (none when an older maester stored it).
    Close {
        /// The military log.
        events: Vec<Event>,
        /// The public record.
        record: Option<Box<Record>>,
    },
    /// A GM's change (`{"gm": …}`): `restores` is the snapshot a rollback went back to.
    Gm {
        /// The snapshot a rollback restored.
        restores: Option<i64>,
    },
    /// A log this version cannot read.
    Unreadable,
}

/// The log a close stores in its snapshot.
pub fn encode(events: &[Event], record: &Record) -> serde_json::Result<serde_json::Value> {
    Ok(serde_json::json!({
        "events": serde_json::to_value(events)?,
        "public": serde_json::to_value(record)?,
    }))
}

/// Read a snapshot's log.
pub fn decode(log: &serde_json::Value) -> StoredLog {
    if log.is_array() {
        return match serde_json::from_value(log.clone()) {
            Ok(events) => StoredLog::Close {
                events,
                record: None,
            },
            Err(_) => StoredLog::Unreadable,
        };
    }
    if log.get("gm").is_some() {
        return StoredLog::Gm {
            restores: log.get("to_snapshot").and_then(serde_json::Value::as_i64),
        };
    }
    let events = log
        .get("events")
        .map(|e| serde_json::from_value::<Vec<Event>>(e.clone()));
    let record = log
        .get("public")
        .and_then(|r| serde_json::from_value::<Record>(r.clone()).ok());
    match events {
        Some(Ok(events)) => StoredLog::Close {
            events,
            record: record.map(Box::new),
        },
        _ => StoredLog::Unreadable,
    }
}

/// A close's military log, whichever way it was stored (empty for anything else): the arrows
/// of its map picture.
pub fn events_of(log: &serde_json::Value) -> Vec<Event> {
    match decode(log) {
        StoredLog::Close { events, .. } => events,
        _ => Vec::new(),
    }
}
