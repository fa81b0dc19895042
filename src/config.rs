//! The configuration file (`maester.toml`): where the daemon keeps its data, how it reaches mail,
//! and the game to create with `maester new-game`. `config.example.toml` documents every key.

use crate::error::Error;
use crate::mail::PasswordSource;
use serde::Deserialize;
use std::path::{Path, PathBuf};

mod deadlines;
pub use deadlines::DeadlinesConfig;
mod language;
pub use language::MailLanguage;
mod mail_ops;
pub use mail_ops::{BudgetConfig, GuardConfig, UnknownSenders};
mod mail;
pub use mail::{MailConfig, MaildirConfig};

/// The whole file.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// `[daemon]`.
    pub daemon: DaemonConfig,
    /// `[mail]`.
    pub mail: MailConfig,
    /// `[game]`: the game `new-game` creates.
    #[serde(default)]
    pub game: Option<toml::Table>,
    /// `[site]`: the games' public web sites, refreshed after every close.
    #[serde(default)]
    pub site: Option<SiteConfig>,
    /// Folder of the config file (paths in it are relative to it).
    #[serde(skip)]
    pub base: PathBuf,
}

/// `[site]`: where the daemon keeps each game's public web site (`DIR/<game>/`, written again
/// after every close), and the address it is served at (the forum post's picture links).
#[derive(Debug, Deserialize, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct SiteConfig {
    /// The folder (relative to the config file's); none: only `maester site --out` writes one.
    #[serde(default)]
    pub dir: Option<PathBuf>,
    /// The address `dir` is served at, e.g. `https://example.org/agot`.
    #[serde(default)]
    pub base_url: Option<String>,
}

impl SiteConfig {
    /// What is wrong with `base_url`, if anything: it must be an http(s) address with a host,
    /// written in the URL's own characters (no blank, quote, bracket, `<`, `>`, backslash or
    /// character outside ASCII: percent-encode them), since it goes into the forum posts' links
    /// and the feed.
    pub fn base_url_problem(&self) -> Option<String> {
        let url = self.base_url.as_deref()?.trim();
        let lower = url.to_ascii_lowercase();
        let Some(rest) = lower
            .strip_prefix("https://")
            .or_else(|| lower.strip_prefix("http://"))
        else {
            return Some(format!(
                "{url:?} is not an http(s) address; write e.g. \"https://example.org/agot\""
            ));
        };
        if rest.is_empty() || rest.starts_with(['/', '?', '#']) {
            return Some(format!("{url:?} names no host"));
        }
        if let Some(c) = url.chars().find(|c| {
            !c.is_ascii_graphic()
                || matches!(
                    c,
                    '"' | '\'' | '<' | '>' | '\\' | '[' | ']' | '{' | '}' | '|' | '^' | '`'
                )
        }) {
            return Some(format!(
                "{url:?} holds {c:?}, which an address cannot hold as it is: percent-encode it"
            ));
        }
        None
    }

    /// The address of a game's site (`base_url/<game>/`), when one is configured.
    pub fn game_url(&self, game: &str) -> Option<String> {
        let base = self.base_url.as_deref()?.trim().trim_end_matches('/');
        (!base.is_empty()).then(|| format!("{base}/{game}/"))
    }
}

/// `[daemon]`.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct DaemonConfig {
    /// SQLite file.
    #[serde(default = "default_db")]
    pub database: PathBuf,
    /// Seconds between two polls of the mailbox in `maester run`.
    #[serde(default = "default_poll")]
    pub poll_seconds: u64,
    /// Address the referee sends from (and players write to).
    pub address: String,
    /// Display name of the referee.
    #[serde(default = "default_name")]
    pub name: String,
    /// Domain used in Message-IDs (defaults to the address's domain).
    #[serde(default)]
    pub domain: Option<String>,
    /// The GM's address: told about problems (bounces, unknown senders …).
    #[serde(default)]
    pub gm_address: Option<String>,
    /// How the public may reach the GM (an address or a forum name): the forum post and the
    /// site name it where a seat wants a substitute. Never a player's address.
    #[serde(default)]
    pub gm_contact: Option<String>,
    /// Incoming mails over this size (bytes) are kept as a stub (header and the start of the
    /// first text part) and answered "too large"; default 2 MiB.
    #[serde(default = "default_max_mail_bytes")]
    pub max_mail_bytes: u64,
    /// How many backups of each game (taken before the first step close of a game in a tick,
    /// in `backups/` beside the database) are kept; 0: none are taken. Default 10.
    #[serde(default = "default_backups")]
    pub backups: usize,
    /// The most the backups may take together, in MB (10^6 bytes): past it the oldest are
    /// deleted, but never a game's newest. 0: no bound. Default 500.
    #[serde(default = "default_backups_max_mb")]
    pub backups_max_mb: u64,
}

fn default_db() -> PathBuf {
    PathBuf::from("maester.sqlite")
}
fn default_poll() -> u64 {
    60
}
fn default_backups() -> usize {
    10
}
fn default_backups_max_mb() -> u64 {
    500
}
fn default_max_mail_bytes() -> u64 {
    2 * 1024 * 1024
}
fn default_name() -> String {
    "maester".into()
}

/// The `[game]` table.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct GameConfig {
    /// Short name (letters, digits, `-`, `_`), used in subjects as `[id]`.
    pub id: String,
    /// Default language of mails: `zh`, `zh-Hant` (Chinese in Traditional characters) or `en`.
    #[serde(default)]
    pub language: MailLanguage,
    /// Board data file; the built-in board when absent.
    #[serde(default)]
    pub board: Option<PathBuf>,
    /// Folder with edited templates; the built-in ones when absent.
    #[serde(default)]
    pub templates: Option<PathBuf>,
    /// Seed of the game's randomness; a random one when absent.
    #[serde(default)]
    pub seed: Option<String>,
    /// Close a step as soon as every house has sent its submission.
    #[serde(default = "yes")]
    pub early_close: bool,
    /// Send each step report with the map picture (an HTML part showing it inline).
    #[serde(default = "yes")]
    pub report_map: bool,
    /// Mail the GM (`[daemon] gm_address`) a copy of every step report: the exact rule
    /// references, the map, and each house's private part.
    #[serde(default = "yes")]
    pub gm_copy: bool,
    /// What-ifs (`试算` / `what if`) a house may ask per step (counted apart from the answer
    /// budget).
    #[serde(default = "default_what_if_per_step")]
    pub what_if_per_step: u32,
    /// Tell the GM (`[daemon] gm_address`) once when a house has been silent this many steps in
    /// a row (asked, sent nothing, its defaults taken), with the command that replaces it;
    /// 0: never.
    #[serde(default = "default_silence_alert")]
    pub silence_alert: u32,
    /// `[game.rules]`: rule options of decisions.md (A-23 …) and the optional rules.
    #[serde(default)]
    pub rules: crate::rules::modifiers::Settings,
    /// `[game.events]`: the event deck.
    #[serde(default)]
    pub events: EventsConfig,
    /// `[game.reminders]`: reminders before each deadline.
    #[serde(default)]
    pub reminders: RemindersConfig,
    /// `[game.deadlines]`: grace, early close delay, downtime guard, absences.
    #[serde(default)]
    pub deadlines: DeadlinesConfig,
    /// `[game.schedule]`: deadlines (see `maester::schedule`).
    pub schedule: toml::Table,
    /// `[[game.players]]`.
    pub players: Vec<PlayerConfig>,
}

fn default_what_if_per_step() -> u32 {
    10
}

fn yes() -> bool {
    true
}

fn default_silence_alert() -> u32 {
    2
}

/// `[game.events]`.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EventsConfig {
    /// Probability of Winter is Coming per category and round, 0 to 1 (A-70; default 0.1).
    #[serde(default = "default_wic")]
    pub winter_is_coming: f64,
}

fn default_wic() -> f64 {
    0.1
}

impl Default for EventsConfig {
    fn default() -> Self {
        EventsConfig {
            winter_is_coming: default_wic(),
        }
    }
}

/// `[game.reminders]`.
#[derive(Debug, Deserialize, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RemindersConfig {
    /// How long before each deadline the silent houses are reminded (`24h`, `4h`, `30m`, `1d`);
    /// empty: no reminders.
    #[serde(default = "default_reminders")]
    pub before: Vec<String>,
}

fn default_reminders() -> Vec<String> {
    vec!["24h".into(), "4h".into()]
}

impl Default for RemindersConfig {
    fn default() -> Self {
        RemindersConfig {
            before: default_reminders(),
        }
    }
}

impl RemindersConfig {
    /// The offsets, parsed: each as (its text, its length), without duplicates.
    pub fn offsets(&self) -> Result<Vec<(String, chrono::TimeDelta)>, Error> {
        let mut out: Vec<(String, chrono::TimeDelta)> = Vec::new();
        for text in &self.before {
            let d = crate::schedule::parse_duration(text)
                .map_err(|e| Error::Config(format!("[game.reminders] before {text:?}: {e}")))?;
            if d <= chrono::TimeDelta::zero() {
                return Err(Error::Config(format!(
                    "[game.reminders] before {text:?}: must be longer than 0"
                )));
            }
            if !out.iter().any(|(_, o)| *o == d) {
                out.push((text.trim().to_string(), d));
            }
        }
        Ok(out)
    }
}

/// One `[[game.players]]` entry.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct PlayerConfig {
    /// House id from the board (`stark`, `greyjoy`, …).
    pub house: String,
    /// Player's name.
    pub name: String,
    /// Player's e-mail address.
    pub address: String,
    /// Language of this player's mails (the game's language when absent): `zh`, `zh-Hant`
    /// (Traditional characters from the first mail on, the welcome included) or `en`.
    #[serde(default)]
    pub language: Option<MailLanguage>,
}

impl PlayerConfig {
    /// The player's language: his own, else the game's.
    pub fn language_in(&self, game: &GameConfig) -> MailLanguage {
        self.language.unwrap_or(game.language)
    }
}

impl Config {
    /// Read a config file.
    pub fn load(path: &Path) -> Result<Config, Error> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::Config(format!("{}: {e}", path.display())))?;
        let mut c: Config =
            toml::from_str(&text).map_err(|e| Error::Config(format!("{}: {e}", path.display())))?;
        c.base = path.parent().map(Path::to_path_buf).unwrap_or_default();
        if c.mail.transport != "maildir" && c.mail.transport != "imap" {
            return Err(Error::Config(format!(
                "{}: mail.transport must be \"maildir\" or \"imap\"",
                path.display()
            )));
        }
        if c.mail.transport == "imap" && (c.mail.imap.is_none() || c.mail.smtp.is_none()) {
            return Err(Error::Config(format!(
                "{}: mail.transport = \"imap\" needs [mail.imap] and [mail.smtp]",
                path.display()
            )));
        }
        for (table, source) in c.password_sources() {
            source
                .kind(table)
                .map_err(|e| Error::Config(format!("{}: {e}", path.display())))?;
        }
        let ports = [
            ("[mail.imap]", c.mail.imap.as_ref().map(|i| i.port)),
            ("[mail.smtp]", c.mail.smtp.as_ref().map(|s| s.port)),
        ];
        if let Some((table, _)) = ports.iter().find(|(_, p)| *p == Some(0)) {
            return Err(Error::Config(format!(
                "{}: {table} port = 0: no server listens on port 0; give the server's port \
                 (1–65535, e.g. 993 for IMAP over TLS, 587 or 465 for SMTP)",
                path.display()
            )));
        }
        for w in c.warnings(path) {
            tracing::warn!("{w}");
        }
        Ok(c)
    }

    /// What is unsafe in this configuration, as warnings: a file others can read while it
    /// holds a mail password, a password sent without encryption to another host.
    pub fn warnings(&self, path: &Path) -> Vec<String> {
        let mut out = Vec::new();
        let imap = self.mail.imap.as_ref();
        let smtp = self.mail.smtp.as_ref();
        let has_password = imap.is_some_and(|i| i.password.written_in_file())
            || smtp.is_some_and(|s| s.password.written_in_file());
        #[cfg(unix)]
        if has_password {
            use std::os::unix::fs::PermissionsExt;
            if let Ok(meta) = std::fs::metadata(path)
                && meta.permissions().mode() & 0o077 != 0
            {
                out.push(format!(
                    "{} holds a mail password and others can read it (mode {:o}): chmod 600 it",
                    path.display(),
                    meta.permissions().mode() & 0o777
                ));
            }
        }
        let loopback = |h: &str| matches!(h, "localhost" | "127.0.0.1" | "::1");
        if let Some(i) = imap
            && i.security == crate::mail::Security::Plain
            && i.password.is_set()
            && !loopback(&i.host)
        {
            out.push(format!(
                "[mail.imap] security = \"plain\": the password goes to {} unencrypted; use \"tls\" or \"starttls\"",
                i.host
            ));
        }
        if let Some(s) = smtp
            && s.security == crate::mail::Security::Plain
            && s.password.is_set()
            && !loopback(&s.host)
        {
            out.push(format!(
                "[mail.smtp] security = \"plain\": the password goes to {} unencrypted; use \"tls\" or \"starttls\"",
                s.host
            ));
        }
        out
    }

    /// The password keys of `[mail.imap]` and `[mail.smtp]`, with their table's name.
    pub fn password_sources(&self) -> Vec<(&'static str, &PasswordSource)> {
        self.mail.password_sources()
    }

    /// For `check-config`: where each mail password or token comes from, and whether it could
    /// be read now — never the secret itself.
    pub fn password_report(&self) -> Vec<(String, bool)> {
        self.mail.password_report()
    }

    /// A path from the file, relative to the file's folder.
    pub fn path(&self, p: &Path) -> PathBuf {
        if p.is_absolute() {
            p.to_path_buf()
        } else {
            self.base.join(p)
        }
    }

    /// Domain for Message-IDs.
    pub fn domain(&self) -> String {
        self.daemon
            .domain
            .clone()
            .or_else(|| self.daemon.address.split('@').nth(1).map(str::to_string))
            .unwrap_or_else(|| "maester.invalid".into())
    }

    /// The `[game]` table, typed.
    pub fn game(&self) -> Result<GameConfig, Error> {
        let t = self
            .game
            .clone()
            .ok_or_else(|| Error::Config("the config file has no [game] table".into()))?;
        GameConfig::from_table(t)
    }
}

impl GameConfig {
    /// Parse and check a `[game]` table (as stored with the game).
    pub fn from_table(t: toml::Table) -> Result<GameConfig, Error> {
        let g: GameConfig = toml::Value::Table(t)
            .try_into()
            .map_err(|e| Error::Config(format!("[game]: {e}")))?;
        if g.id.is_empty()
            || !g
                .id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(Error::Config(format!(
                "[game] id {:?}: use letters, digits, - and _",
                g.id
            )));
        }
        crate::schedule::Schedule::from_table(&g.schedule)
            .map_err(|e| Error::Config(format!("[game.schedule]: {e}")))?;
        let p = g.events.winter_is_coming;
        if !(0.0..=1.0).contains(&p) {
            return Err(Error::Config(format!(
                "[game.events] winter_is_coming = {p}: a probability from 0 to 1 (A-70)"
            )));
        }
        g.reminders.offsets()?;
        let steps: Vec<&str> = crate::rules::Step::ALL.iter().map(|s| s.key()).collect();
        g.deadlines.check(&steps)?;
        Ok(g)
    }

    /// Parse the stored TOML text of a game.
    pub fn from_text(text: &str) -> Result<GameConfig, Error> {
        let t: toml::Table =
            toml::from_str(text).map_err(|e| Error::Config(format!("game config: {e}")))?;
        GameConfig::from_table(t)
    }

    /// The schedule.
    pub fn schedule(&self) -> Result<crate::schedule::Schedule, Error> {
        crate::schedule::Schedule::from_table(&self.schedule)
            .map_err(|e| Error::Config(format!("[game.schedule]: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(extra: &str) -> Result<GameConfig, Error> {
        GameConfig::from_text(&format!(
            "id = \"g\"\nplayers = []\n{extra}\n[schedule]\ntimezone = \"UTC\"\n[schedule.steps]\ndefault = \"2d\"\n"
        ))
    }

    /// Winter is Coming is 0.1 per category and round unless `[game.events]` says else.
    #[test]
    fn winter_is_coming_defaults_to_one_in_ten_a70() {
        let g = game("").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.events.winter_is_coming, 0.1);
        let g = game("[events]\nwinter_is_coming = 0.25").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.events.winter_is_coming, 0.25);
    }

    /// the probability is checked when the config is read.
    #[test]
    fn winter_is_coming_outside_zero_to_one_is_refused_a70() {
        for bad in ["1.5", "-0.1", "nan"] {
            let e = game(&format!("[events]\nwinter_is_coming = {bad}"))
                .err()
                .unwrap_or_else(|| panic!("{bad} accepted"));
            assert!(e.to_string().contains("winter_is_coming"), "{e}");
        }
        assert!(game("[events]\nwinter = 0.2").is_err(), "unknown key");
    }

    /// Reminders default to 24 h and 4 h before each deadline; a bad duration is refused.
    #[test]
    fn reminders_default_to_24h_and_4h() {
        let g = game("").unwrap_or_else(|e| panic!("{e}"));
        let hours: Vec<i64> = g
            .reminders
            .offsets()
            .unwrap_or_else(|e| panic!("{e}"))
            .iter()
            .map(|(_, d)| d.num_hours())
            .collect();
        assert_eq!(hours, vec![24, 4]);
        let g =
            game("[reminders]\nbefore = [\"1d12h\", \"30m\"]").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.reminders.before, vec!["1d12h", "30m"]);
        let g = game("[reminders]\nbefore = []").unwrap_or_else(|e| panic!("{e}"));
        assert!(g.reminders.before.is_empty());
        for bad in ["\"soon\"", "\"0m\""] {
            let e = game(&format!("[reminders]\nbefore = [{bad}]"))
                .err()
                .unwrap_or_else(|| panic!("{bad} accepted"));
            assert!(e.to_string().contains("reminders"), "{e}");
        }
    }
}
