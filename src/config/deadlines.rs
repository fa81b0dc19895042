//! `[game.deadlines]`: the deadline policy of a game — grace per step kind, the delay of an
//! early close, the downtime guard's margin and the players' absence cap. Stored with the game
//! like the rest of `[game]`.

use crate::error::Error;
use chrono::TimeDelta;
use serde::Deserialize;
use std::collections::BTreeMap;

/// `[game.deadlines]`.
#[derive(Debug, Deserialize, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DeadlinesConfig {
    /// Grace per step kind (`placement = "12h"`): at the deadline the late houses are told and
    /// the step closes at the end of the grace, or when the last late house sends. A step not
    /// listed has none. Default: 12 h for `placement` and `plan`.
    #[serde(default = "default_grace")]
    pub grace: BTreeMap<String, String>,
    /// How long an early close waits after the last submission (`0m`: at once). Default 30 m.
    #[serde(default = "default_delay")]
    pub early_close_delay: String,
    /// A tick this long after a deadline that passed while the daemon was not running does
    /// not close the step but moves the deadlines out by the outage. Default 1 h.
    #[serde(default = "default_margin")]
    pub downtime_margin: String,
    /// How many days of absence a player may announce per game (the GM may set more).
    #[serde(default = "default_absence_days")]
    pub absence_days: u32,
}

fn default_grace() -> BTreeMap<String, String> {
    [("placement", "12h"), ("plan", "12h")]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}
fn default_delay() -> String {
    "30m".into()
}
fn default_margin() -> String {
    "1h".into()
}
fn default_absence_days() -> u32 {
    14
}

impl Default for DeadlinesConfig {
    fn default() -> Self {
        DeadlinesConfig {
            grace: default_grace(),
            early_close_delay: default_delay(),
            downtime_margin: default_margin(),
            absence_days: default_absence_days(),
        }
    }
}

fn duration(key: &str, text: &str) -> Result<TimeDelta, Error> {
    crate::schedule::parse_duration(text)
        .map_err(|e| Error::Config(format!("[game.deadlines] {key} = {text:?}: {e}")))
}

impl DeadlinesConfig {
    /// Checks every value (step names against `steps`, every duration).
    pub fn check(&self, steps: &[&str]) -> Result<(), Error> {
        for (step, text) in &self.grace {
            if !steps.contains(&step.as_str()) {
                return Err(Error::Config(format!(
                    "[game.deadlines] grace: unknown step {step:?} (one of {})",
                    steps.join(", ")
                )));
            }
            duration(&format!("grace.{step}"), text)?;
        }
        self.early_close_delay()?;
        if self.downtime_margin()? <= TimeDelta::zero() {
            return Err(Error::Config(format!(
                "[game.deadlines] downtime_margin = {:?}: with no margin every tick that comes \
                 after a deadline is taken for downtime and no step ever closes; give a \
                 duration of at least 1m (the default is 1h)",
                self.downtime_margin
            )));
        }
        Ok(())
    }

    /// The grace of a step kind (zero: none).
    pub fn grace(&self, step: &str) -> Result<TimeDelta, Error> {
        match self.grace.get(step) {
            Some(text) => duration(&format!("grace.{step}"), text),
            None => Ok(TimeDelta::zero()),
        }
    }

    /// The delay of an early close after the last submission.
    pub fn early_close_delay(&self) -> Result<TimeDelta, Error> {
        duration("early_close_delay", &self.early_close_delay)
    }

    /// The downtime guard's margin.
    pub fn downtime_margin(&self) -> Result<TimeDelta, Error> {
        duration("downtime_margin", &self.downtime_margin)
    }
}
