//! Keeping track of a mail server that does not answer. While the IMAP or the SMTP server is
//! down the daemon goes on with everything else; this tracker decides when to try the server
//! again (a backoff that doubles up to a ceiling), logs the outage once when it starts and once
//! when it ends instead of at every tick, and says when it has lasted long enough that the GM
//! must be told (once per outage) — at once when the failure is not the server's but the
//! login's (a password or token that could not be read, a command that hung, a refused
//! login: waiting does not mend it). All times are the daemon's `now`, so a test can let hours
//! pass without waiting.

use chrono::{DateTime, TimeDelta, Utc};

/// First wait before trying a server that failed again; doubled after each failure.
const BACKOFF_BASE_SECS: i64 = 30;
/// Longest wait between two tries.
const BACKOFF_MAX_SECS: i64 = 600;
/// An outage longer than this is told to the GM.
pub const TELL_GM_AFTER: TimeDelta = TimeDelta::hours(1);

/// The state of one server as the daemon sees it.
#[derive(Debug, Clone)]
pub struct Outage {
    /// "IMAP" or "SMTP", for the logs.
    server: &'static str,
    /// When the first failure of the current outage happened; `None` while the server answers.
    since: Option<DateTime<Utc>>,
    /// Failures in a row.
    failures: u32,
    /// Not tried again before this time.
    next_try: Option<DateTime<Utc>>,
    /// The last error, for the GM.
    last_error: String,
    /// The GM was told about this outage.
    told_gm: bool,
    /// A failure of the login itself, told at once.
    login_failed: bool,
}

impl Outage {
    /// A server not known to be down.
    pub fn new(server: &'static str) -> Outage {
        Outage {
            server,
            since: None,
            failures: 0,
            next_try: None,
            last_error: String::new(),
            told_gm: false,
            login_failed: false,
        }
    }

    /// Whether the server is to be tried at `now` (always, unless it failed and its backoff
    /// has not passed).
    pub fn may_try(&self, now: DateTime<Utc>) -> bool {
        self.next_try.is_none_or(|t| now >= t)
    }

    /// When the current outage began, if the server is down.
    pub fn down_since(&self) -> Option<DateTime<Utc>> {
        self.since
    }

    /// Record a failed try. Logs only the first failure of an outage (the later ones at debug
    /// level).
    pub fn failed(&mut self, now: DateTime<Utc>, error: &str) {
        self.failures = self.failures.saturating_add(1);
        let exp = self.failures.saturating_sub(1).min(16);
        let wait = (BACKOFF_BASE_SECS << exp).min(BACKOFF_MAX_SECS);
        self.next_try = Some(now + TimeDelta::seconds(wait));
        self.last_error = error.to_string();
        self.login_failed |= crate::mail::is_login_failure(error);
        if self.since.is_none() {
            self.since = Some(now);
            tracing::warn!(
                server = self.server,
                error,
                "mail server unreachable; the daemon goes on without it and retries with backoff \
                 (logged once per outage)"
            );
        } else {
            tracing::debug!(
                server = self.server,
                error,
                failures = self.failures,
                "still down"
            );
        }
    }

    /// Record a successful use of the server: ends an outage (logged once).
    pub fn succeeded(&mut self, now: DateTime<Utc>) {
        if let Some(since) = self.since.take() {
            tracing::warn!(
                server = self.server,
                down_for = %humanize(now - since),
                failures = self.failures,
                "mail server reachable again"
            );
        }
        self.failures = 0;
        self.next_try = None;
        self.told_gm = false;
        self.login_failed = false;
        self.last_error.clear();
    }

    /// If the outage has lasted over [`TELL_GM_AFTER`] and the GM was not told yet: the
    /// subject and text of what to tell him (and it counts as told).
    pub fn tell_gm(&mut self, now: DateTime<Utc>) -> Option<(String, String)> {
        let since = self.since?;
        if self.told_gm || (!self.login_failed && now - since <= TELL_GM_AFTER) {
            return None;
        }
        self.told_gm = true;
        Some(crate::words::gm_alerts::mail_server_down(
            self.server,
            self.login_failed,
            (&since.to_rfc3339(), self.failures, &self.last_error),
        ))
    }
}

/// A duration as "2h 5m 3s".
fn humanize(d: TimeDelta) -> String {
    let s = d.num_seconds().max(0);
    format!("{}h {}m {}s", s / 3600, s % 3600 / 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2025, 5, 1, 8, 0, 0)
            .single()
            .unwrap_or_default()
    }

    #[test]
    fn backoff_doubles_up_to_the_ceiling_and_a_success_resets_it() {
        let mut o = Outage::new("IMAP");
        let t = t0();
        assert!(o.may_try(t) && o.down_since().is_none());
        o.failed(t, "refused");
        assert_eq!(o.down_since(), Some(t));
        assert!(!o.may_try(t + TimeDelta::seconds(29)));
        assert!(o.may_try(t + TimeDelta::seconds(30)));
        let t1 = t + TimeDelta::seconds(30);
        o.failed(t1, "refused");
        assert!(!o.may_try(t1 + TimeDelta::seconds(59)));
        assert!(o.may_try(t1 + TimeDelta::seconds(60)));
        for _ in 0..20 {
            o.failed(t1, "refused");
        }
        assert!(o.may_try(t1 + TimeDelta::seconds(BACKOFF_MAX_SECS)));
        assert_eq!(
            o.down_since(),
            Some(t),
            "the outage began at the first failure"
        );
        o.succeeded(t1);
        assert!(o.may_try(t1) && o.down_since().is_none());
    }

    /// A login that fails (its secret's command hung, the password was refused) is not an
    /// outage that ends by itself: the GM is told at the first failure, once.
    #[test]
    fn a_failing_login_is_told_to_the_gm_at_once_and_once() {
        let mut o = Outage::new("IMAP");
        let t = t0();
        let secret = crate::mail::MailError::Secret(
            "[mail.imap]: password_command `pass show x` still running after 15 s: stopped".into(),
        );
        o.failed(t, &format!("reading mail: {secret}"));
        let told = o.tell_gm(t);
        assert!(
            told.as_ref()
                .is_some_and(|(what, detail)| what.contains("cannot log in")
                    && detail.contains("still running after 15 s")
                    && detail.contains("check-mail")),
            "{told:?}"
        );
        o.failed(
            t + TimeDelta::minutes(1),
            "reading mail: IMAP: login refused: NO",
        );
        assert!(
            o.tell_gm(t + TimeDelta::minutes(2)).is_none(),
            "once per outage"
        );
        let mut o = Outage::new("IMAP");
        o.failed(
            t,
            "reading mail: IMAP: login refused: [AUTHENTICATIONFAILED]",
        );
        assert!(o.tell_gm(t).is_some(), "a refused login too");
        let mut o = Outage::new("IMAP");
        o.failed(t, "reading mail: connection refused");
        assert!(
            o.tell_gm(t).is_none(),
            "a server out of reach waits its hour"
        );
    }

    #[test]
    fn the_gm_is_told_once_per_outage_after_an_hour() {
        let mut o = Outage::new("SMTP");
        let t = t0();
        assert!(o.tell_gm(t + TimeDelta::hours(5)).is_none(), "not down");
        o.failed(t, "timed out");
        assert!(o.tell_gm(t + TimeDelta::minutes(59)).is_none());
        assert!(
            o.tell_gm(t + TELL_GM_AFTER).is_none(),
            "over an hour, not one"
        );
        let told = o.tell_gm(t + TimeDelta::minutes(61));
        assert!(
            told.as_ref()
                .is_some_and(|(what, detail)| what.contains("SMTP") && detail.contains("timed out")),
            "{told:?}"
        );
        assert!(
            o.tell_gm(t + TimeDelta::hours(3)).is_none(),
            "once per outage"
        );
        o.succeeded(t + TimeDelta::hours(3));
        let t2 = t + TimeDelta::hours(4);
        o.failed(t2, "refused");
        assert!(
            o.tell_gm(t2 + TimeDelta::minutes(61)).is_some(),
            "a new outage"
        );
    }
}
