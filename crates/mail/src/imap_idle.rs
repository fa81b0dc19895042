//! Waiting for new mail on the IMAP server between ticks: IDLE where the server offers it.

use super::{ImapInbox, imap_err};
use crate::MailError;
use std::time::Duration;

impl ImapInbox {
    /// IDLE (RFC 2177) on the main folder until it changes or `max` passes, where the server
    /// offers it (extra folders such as Junk are read at the next poll);
    /// else a plain wait. The IDLE leaves the socket without its read timeout, so the
    /// connection is dropped after it (without LOGOUT, which could wait on a silent server)
    /// and the next fetch connects again.
    pub(super) fn idle(&mut self, max: Duration) -> Result<bool, MailError> {
        use imap::extensions::idle::{WaitOutcome, stop_on_any};
        self.ensure_session()?;
        let folder = self.config.mailbox.clone();
        self.select(&folder)
            .map_err(|e| imap_err(&format!("select {folder}"), e))?;
        let Some(session) = self.session.as_mut() else {
            std::thread::sleep(max);
            return Ok(false);
        };
        let offers = session
            .capabilities()
            .map(|c| c.has_str("IDLE"))
            .map_err(|e| imap_err("CAPABILITY", e))?;
        if !offers {
            std::thread::sleep(max);
            return Ok(false);
        }
        let outcome = session
            .idle()
            .timeout(max)
            .keepalive(false)
            .wait_while(stop_on_any);
        self.session = None;
        self.selected = None;
        match outcome {
            Ok(WaitOutcome::MailboxChanged) => Ok(true),
            Ok(WaitOutcome::TimedOut) => Ok(false),
            Err(e) => Err(imap_err("IDLE", e)),
        }
    }
}
