//! `[mail.guard]` and `[mail.budget]`: the limits that keep maester from answering strangers,
//! looping with robots, or sending more than the mail provider allows in a day.

use serde::Deserialize;

/// What maester does with a mail from an address that holds no seat.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum UnknownSenders {
    /// Stored (capped in size), never answered: no backscatter to forged senders. Default.
    #[default]
    Silent,
    /// Answered at most once per address per day, with a text that says nothing about which
    /// addresses are players'.
    Daily,
}

/// `[mail.guard]`.
#[derive(Debug, Deserialize, Clone, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct GuardConfig {
    /// `silent` (default) or `daily`.
    #[serde(default)]
    pub unknown_senders: UnknownSenders,
    /// A mail from an unknown sender is kept only as its header and the start of its text when
    /// it is larger than this many bytes (default 8 KiB).
    #[serde(default = "default_unknown_bytes")]
    pub unknown_kept_bytes: usize,
    /// With `daily`: at most this many strangers answered in a day (UTC) in all (default 20),
    /// so that a flood of forged senders gets a bounded number of answers.
    #[serde(default = "default_unknown_answers")]
    pub unknown_answers_per_day: u32,
    /// At most this many answers to one address in an hour (default 10); the mails over it
    /// are stored and not answered.
    #[serde(default = "default_answers_per_hour")]
    pub answers_per_hour: u32,
    /// After this many wrong secrets for one house in a day (UTC) the GM is told and the
    /// wrong secrets of that house get no more answers that day (default 10).
    #[serde(default = "default_wrong_secrets")]
    pub wrong_secrets_per_day: u32,
}

fn default_unknown_bytes() -> usize {
    8 * 1024
}
fn default_unknown_answers() -> u32 {
    20
}
fn default_answers_per_hour() -> u32 {
    10
}
fn default_wrong_secrets() -> u32 {
    10
}

impl Default for GuardConfig {
    fn default() -> Self {
        GuardConfig {
            unknown_senders: UnknownSenders::default(),
            unknown_kept_bytes: default_unknown_bytes(),
            unknown_answers_per_day: default_unknown_answers(),
            answers_per_hour: default_answers_per_hour(),
            wrong_secrets_per_day: default_wrong_secrets(),
        }
    }
}

/// `[mail.budget]`.
#[derive(Debug, Deserialize, Clone, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct BudgetConfig {
    /// At most this many mails sent per day (UTC); 0 (default): no limit. Answers and reports
    /// go first; what is over the budget stays queued for the next day.
    #[serde(default)]
    pub per_day: u32,
    /// Notices (reminders, the GM's messages to the players) are sent only while fewer than
    /// this share (percent) of `per_day` is used, keeping the rest for answers and reports
    /// (default 80).
    #[serde(default)]
    pub notices_percent: Option<u32>,
}

impl BudgetConfig {
    /// How many mails may be sent today after `sent` already were: for answers and reports,
    /// and for notices. `None`: no limit.
    pub fn room(&self, sent: u32) -> Option<(u32, u32)> {
        if self.per_day == 0 {
            return None;
        }
        let share = u64::from(self.notices_percent.unwrap_or(80).min(100));
        let notice_cap = (u64::from(self.per_day) * share / 100) as u32;
        Some((
            self.per_day.saturating_sub(sent),
            notice_cap.saturating_sub(sent),
        ))
    }
}
