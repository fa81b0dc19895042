//! `[mail]`: the transport (a local Maildir or IMAP in and SMTP out), its folders, and where
//! the mail passwords come from (`check-config` says so without showing them).

use super::mail_ops::{BudgetConfig, GuardConfig};
use crate::mail::imap_inbox::ImapConfig;
use crate::mail::smtp_outbox::SmtpConfig;
use crate::mail::{PasswordKind, PasswordSource};
use serde::Deserialize;
use std::path::PathBuf;

/// `[mail]`.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct MailConfig {
    /// `maildir` (default, no server) or `imap` (IMAP in, SMTP out).
    #[serde(default = "default_transport")]
    pub transport: String,
    /// `[mail.maildir]`.
    #[serde(default)]
    pub maildir: MaildirConfig,
    /// `[mail.imap]`.
    #[serde(default)]
    pub imap: Option<ImapConfig>,
    /// `[mail.smtp]`.
    #[serde(default)]
    pub smtp: Option<SmtpConfig>,
    /// `[mail.folders]` (IMAP): extra folders read, where handled mail goes, the Sent folder.
    #[serde(default)]
    pub folders: crate::mail::ImapFolders,
    /// `[mail.guard]`: unknown senders, answers per hour, wrong secrets.
    #[serde(default)]
    pub guard: GuardConfig,
    /// `[mail.budget]`: mails sent per day.
    #[serde(default)]
    pub budget: BudgetConfig,
}

/// `[mail.maildir]`.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct MaildirConfig {
    /// Maildir read for incoming mail (`inbox/new`).
    #[serde(default = "default_inbox")]
    pub inbox: PathBuf,
    /// Folder the sent mails are written to as `.eml` files.
    #[serde(default = "default_outbox")]
    pub outbox: PathBuf,
}

impl Default for MaildirConfig {
    fn default() -> Self {
        MaildirConfig {
            inbox: default_inbox(),
            outbox: default_outbox(),
        }
    }
}

fn default_transport() -> String {
    "maildir".into()
}
fn default_inbox() -> PathBuf {
    PathBuf::from("mail/inbox")
}
fn default_outbox() -> PathBuf {
    PathBuf::from("mail/outbox")
}

impl MailConfig {
    /// The password keys of `[mail.imap]` and `[mail.smtp]`, with their table's name.
    pub fn password_sources(&self) -> Vec<(&'static str, &PasswordSource)> {
        let mut out = Vec::new();
        if let Some(i) = &self.imap {
            out.push(("[mail.imap]", &i.password));
        }
        if let Some(s) = &self.smtp {
            out.push(("[mail.smtp]", &s.password));
        }
        out
    }

    /// For `check-config`: where each mail password or token comes from, and whether it could
    /// be read now (the command run, the variable looked up) — never the secret itself; each
    /// line with whether it was read (or needs none).
    pub fn password_report(&self) -> Vec<(String, bool)> {
        self.password_sources()
            .into_iter()
            .map(|(table, source)| {
                let from = match source.kind(table) {
                    Ok(PasswordKind::None) => {
                        return (format!("{table} password: none (no login)"), true);
                    }
                    Ok(PasswordKind::InFile) => "written in the config file (password)".to_string(),
                    Ok(PasswordKind::Env) => format!(
                        "the environment variable {} (password_env)",
                        source.password_env.as_deref().unwrap_or_default()
                    ),
                    Ok(PasswordKind::Command) => format!(
                        "the first line printed by `{}` (password_command)",
                        source.password_command.as_deref().unwrap_or_default()
                    ),
                    Ok(PasswordKind::TokenCommand) => {
                        return match source.resolve(table) {
                            Ok(_) => (
                                format!(
                                    "{table} OAuth2 token: from the first line printed by `{}` \
                                     (oauth2_token_command): read",
                                    source.oauth2_token_command.as_deref().unwrap_or_default()
                                ),
                                true,
                            ),
                            Err(e) => (
                                format!(
                                    "{table} OAuth2 token: from `{}` (oauth2_token_command): \
                                     NOT READ: {e}",
                                    source.oauth2_token_command.as_deref().unwrap_or_default()
                                ),
                                false,
                            ),
                        };
                    }
                    Err(e) => return (format!("{table} password: {e}"), false),
                };
                match source.resolve(table) {
                    Ok(_) => (format!("{table} password: from {from}: read"), true),
                    Err(e) => (
                        format!("{table} password: from {from}: NOT READ: {e}"),
                        false,
                    ),
                }
            })
            .collect()
    }
}
