//! How maester reaches the referee's IMAP mailbox: the `[mail.imap]` settings, shared by the
//! inbox (`imap_inbox`) and the login (`imap_login`).

use crate::Security;
use crate::password::PasswordSource;
use std::fmt;
use std::time::Duration;

/// Default seconds allowed to reach the server and log in (connection, TLS, greeting, each
/// command until the folder is open): `timeout_seconds` of `[mail.imap]`.
pub const DEFAULT_IMAP_TIMEOUT_SECONDS: u64 = 30;

/// IMAP settings, the `[mail.imap]` table of the config file:
///
/// ```toml
/// host = "imap.qq.com"
/// port = 993
/// security = "tls"        # plain | starttls | tls
/// user = "referee@qq.com"
/// password_command = "pass show maester/imap"   # or password_env = "…", or password = "…"
/// mailbox = "INBOX"       # optional, default INBOX
/// timeout_seconds = 30    # optional: reaching the server and logging in
/// ```
///
/// The password (for QQ/163 mail: the "authorization code") comes from one of `password`,
/// `password_env` or `password_command` ([`PasswordSource`]), read at each login.
#[derive(Clone, serde::Deserialize)]
pub struct ImapConfig {
    /// Server host name (checked against the TLS certificate).
    pub host: String,
    /// Server port: usually 993 with `tls`, 143 with `starttls`.
    pub port: u16,
    /// Connection security.
    pub security: Security,
    /// Login name.
    pub user: String,
    /// Where the password comes from.
    #[serde(flatten)]
    pub password: PasswordSource,
    /// Folder to read; default `INBOX`.
    #[serde(default = "default_mailbox")]
    pub mailbox: String,
    /// Seconds allowed to reach the server and log in (default
    /// [`DEFAULT_IMAP_TIMEOUT_SECONDS`]).
    #[serde(default = "default_timeout")]
    pub timeout_seconds: u64,
}

fn default_mailbox() -> String {
    "INBOX".to_string()
}

fn default_timeout() -> u64 {
    DEFAULT_IMAP_TIMEOUT_SECONDS
}

impl ImapConfig {
    /// The time allowed to reach the server and log in.
    pub fn limit(&self) -> Duration {
        Duration::from_secs(self.timeout_seconds.max(1))
    }
}

impl fmt::Debug for ImapConfig {
    /// Like a derived `Debug`, but the password is never printed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ImapConfig")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("security", &self.security)
            .field("user", &self.user)
            .field("password", &self.password)
            .field("mailbox", &self.mailbox)
            .field("timeout_seconds", &self.timeout_seconds)
            .finish()
    }
}
