//! Where a mail server's secret comes from: a password written in the config file, read from an
//! environment variable, or printed by a command (a password manager: `pass show maester/imap`);
//! or an OAuth2 access token printed by a command (a token helper: `oama access referee@…`).
//!
//! ```toml
//! [mail.imap]
//! user = "referee@qq.com"
//! password_command = "pass show maester/imap"   # or: password_env = "MAESTER_IMAP_PASSWORD"
//! # oauth2_token_command = "oama access referee@outlook.com"   # instead of a password
//! command_timeout_seconds = 15                  # optional: the command's time limit
//! ```
//!
//! At most one of the four keys may be given. A command runs through `sh -c` when the secret
//! is needed (each IMAP login; the SMTP transport when it is made, and again for a token when
//! the server refuses it), and the first line of what it prints is the secret; a command still
//! running after `command_timeout_seconds` (default 15) is killed with its process group
//! ([`crate::command`]). Nothing here ever prints a secret: errors name the source, never the
//! value.

use crate::MailError;
use std::fmt;

/// The password keys of an `[mail.imap]` or `[mail.smtp]` table.
#[derive(Clone, Default, PartialEq, Eq, serde::Deserialize)]
pub struct PasswordSource {
    /// The password itself, written in the file (readable by whoever can read the file).
    #[serde(default)]
    pub password: Option<String>,
    /// The name of an environment variable holding the password.
    #[serde(default)]
    pub password_env: Option<String>,
    /// A shell command whose first line of output is the password.
    #[serde(default)]
    pub password_command: Option<String>,
    /// A shell command whose first line of output is an OAuth2 access token (XOAUTH2 or
    /// OAUTHBEARER instead of a password).
    #[serde(default)]
    pub oauth2_token_command: Option<String>,
    /// Seconds a command may run before it is killed (default
    /// [`crate::command::DEFAULT_COMMAND_TIMEOUT_SECONDS`]).
    #[serde(default)]
    pub command_timeout_seconds: Option<u64>,
}

/// A secret read from its source.
#[derive(Clone, PartialEq, Eq)]
pub enum Secret {
    /// A password (LOGIN, AUTH PLAIN/LOGIN).
    Password(String),
    /// An OAuth2 access token (XOAUTH2, OAUTHBEARER).
    Token(String),
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Secret::Password(_) => f.write_str("Password(<redacted>)"),
            Secret::Token(_) => f.write_str("Token(<redacted>)"),
        }
    }
}

impl Secret {
    /// The password or the token.
    pub fn text(&self) -> &str {
        match self {
            Secret::Password(t) | Secret::Token(t) => t,
        }
    }
}

/// Which of the three keys a config uses, for `check-config` and error messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordKind {
    /// No password key at all.
    None,
    /// `password`: in the file.
    InFile,
    /// `password_env`.
    Env,
    /// `password_command`.
    Command,
    /// `oauth2_token_command`.
    TokenCommand,
}

impl fmt::Debug for PasswordSource {
    /// Names the source, never the written password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PasswordSource")
            .field("password", &self.password.as_ref().map(|_| "<redacted>"))
            .field("password_env", &self.password_env)
            .field("password_command", &self.password_command)
            .field("oauth2_token_command", &self.oauth2_token_command)
            .field("command_timeout_seconds", &self.command_timeout_seconds)
            .finish()
    }
}

impl PasswordSource {
    /// A password written in the config (tests, local relays).
    pub fn written(password: &str) -> PasswordSource {
        PasswordSource {
            password: Some(password.to_string()),
            ..PasswordSource::default()
        }
    }

    /// Which key is used; an error when more than one is given (`table` names the table in
    /// the message, e.g. `[mail.imap]`).
    pub fn kind(&self, table: &str) -> Result<PasswordKind, MailError> {
        let given: Vec<(&str, PasswordKind)> = [
            (self.password.is_some(), "password", PasswordKind::InFile),
            (
                self.password_env.is_some(),
                "password_env",
                PasswordKind::Env,
            ),
            (
                self.password_command.is_some(),
                "password_command",
                PasswordKind::Command,
            ),
            (
                self.oauth2_token_command.is_some(),
                "oauth2_token_command",
                PasswordKind::TokenCommand,
            ),
        ]
        .into_iter()
        .filter(|(set, _, _)| *set)
        .map(|(_, key, kind)| (key, kind))
        .collect();
        match given.as_slice() {
            [] => Ok(PasswordKind::None),
            [(_, kind)] => Ok(*kind),
            more => Err(MailError::Config(format!(
                "{table}: give only one of {}",
                more.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
            ))),
        }
    }

    /// Whether a written password is in the file (the file must then be private).
    pub fn written_in_file(&self) -> bool {
        self.password.as_deref().is_some_and(|p| !p.is_empty())
    }

    /// Whether any secret is configured.
    pub fn is_set(&self) -> bool {
        self.password.is_some()
            || self.password_env.is_some()
            || self.password_command.is_some()
            || self.oauth2_token_command.is_some()
    }

    /// Whether the secret is an OAuth2 token.
    pub fn is_token(&self) -> bool {
        self.oauth2_token_command.is_some()
    }

    /// How long a command may run.
    pub fn command_limit(&self) -> std::time::Duration {
        std::time::Duration::from_secs(
            self.command_timeout_seconds
                .unwrap_or(crate::command::DEFAULT_COMMAND_TIMEOUT_SECONDS)
                .max(1),
        )
    }

    /// The password or token now (see [`PasswordSource::secret`]), as text.
    pub fn resolve(&self, table: &str) -> Result<Option<String>, MailError> {
        Ok(self.secret(table)?.map(|s| s.text().to_string()))
    }

    /// The secret now: the written password, the variable's value, or a command's first line
    /// (a password, or a token from `oauth2_token_command`). `Ok(None)` when no key is given.
    pub fn secret(&self, table: &str) -> Result<Option<Secret>, MailError> {
        let password = match self.kind(table)? {
            PasswordKind::None => return Ok(None),
            PasswordKind::InFile => self.password.clone().unwrap_or_default(),
            PasswordKind::TokenCommand => {
                let command = self.oauth2_token_command.as_deref().unwrap_or_default();
                return run_command(table, "oauth2_token_command", command, self.command_limit())
                    .map(|t| Some(Secret::Token(t)));
            }
            PasswordKind::Env => {
                let name = self.password_env.as_deref().unwrap_or_default();
                match std::env::var(name) {
                    Ok(v) if !v.is_empty() => v,
                    Ok(_) => {
                        return Err(MailError::Secret(format!(
                            "{table}: the environment variable {name} (password_env) is empty"
                        )));
                    }
                    Err(_) => {
                        return Err(MailError::Secret(format!(
                            "{table}: the environment variable {name} (password_env) is not set"
                        )));
                    }
                }
            }
            PasswordKind::Command => {
                let command = self.password_command.as_deref().unwrap_or_default();
                run_command(table, "password_command", command, self.command_limit())?
            }
        };
        Ok(Some(Secret::Password(password)))
    }
}

/// Runs `command` (the value of `key`) with its time limit; its first line is the secret.
fn run_command(
    table: &str,
    key: &str,
    command: &str,
    limit: std::time::Duration,
) -> Result<String, MailError> {
    crate::command::first_line(command, limit)
        .map_err(|e| MailError::Secret(format!("{table}: {key} `{command}` {e}")))
}
