//! Where a mail server's password comes from: written in the config file, read from an
//! environment variable, or printed by a command (a password manager: `pass show maester/imap`).
//!
//! ```toml
//! [mail.imap]
//! user = "referee@qq.com"
//! password_command = "pass show maester/imap"   # or: password_env = "MAESTER_IMAP_PASSWORD"
//! ```
//!
//! At most one of the three keys may be given. The command runs through `sh -c` when the
//! password is needed (each IMAP login; the SMTP transport when it is made), and the first line
//! of what it prints is the password. Nothing here ever prints a password: errors name the
//! source, never the value.

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
}

impl fmt::Debug for PasswordSource {
    /// Names the source, never the written password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PasswordSource")
            .field("password", &self.password.as_ref().map(|_| "<redacted>"))
            .field("password_env", &self.password_env)
            .field("password_command", &self.password_command)
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

    /// Whether any password is configured.
    pub fn is_set(&self) -> bool {
        self.password.is_some() || self.password_env.is_some() || self.password_command.is_some()
    }

    /// The password now: the written one, the variable's value, or the command's first line.
    /// `Ok(None)` when no key is given.
    pub fn resolve(&self, table: &str) -> Result<Option<String>, MailError> {
        match self.kind(table)? {
            PasswordKind::None => Ok(None),
            PasswordKind::InFile => Ok(self.password.clone()),
            PasswordKind::Env => {
                let name = self.password_env.as_deref().unwrap_or_default();
                match std::env::var(name) {
                    Ok(v) if !v.is_empty() => Ok(Some(v)),
                    Ok(_) => Err(MailError::Config(format!(
                        "{table}: the environment variable {name} (password_env) is empty"
                    ))),
                    Err(_) => Err(MailError::Config(format!(
                        "{table}: the environment variable {name} (password_env) is not set"
                    ))),
                }
            }
            PasswordKind::Command => {
                let command = self.password_command.as_deref().unwrap_or_default();
                run_command(table, command).map(Some)
            }
        }
    }
}

/// Runs `command` through `sh -c`; its first line of output is the password.
fn run_command(table: &str, command: &str) -> Result<String, MailError> {
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg(command)
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| MailError::io(format!("{table}: run password_command `{command}`"), e))?;
    if !output.status.success() {
        let said = String::from_utf8_lossy(&output.stderr);
        let said = said.lines().next().unwrap_or("").trim();
        return Err(MailError::Config(format!(
            "{table}: password_command `{command}` failed ({}){}",
            output.status,
            if said.is_empty() {
                String::new()
            } else {
                format!(": {said}")
            }
        )));
    }
    let text = String::from_utf8_lossy(&output.stdout);
    match text.lines().next().map(|l| l.trim_end_matches('\r')) {
        Some(line) if !line.is_empty() => Ok(line.to_string()),
        _ => Err(MailError::Config(format!(
            "{table}: password_command `{command}` printed no password"
        ))),
    }
}
