//! What `maester check-mail` does: the mailbox tried step by step as the daemon would use it —
//! the secret read, the server reached, the login, `ID`, the folders read (they must exist
//! and take flags) and those written (existing or created), IDLE; the SMTP server reached and
//! its login; and, on request, a test mail sent and found again in the referee's inbox. Each
//! step is data ([`Check`]): the shell says it in words with a hint per failure.

use std::time::{Duration, Instant};

use imap::{Connection, Session};

use crate::imap_folders::ImapFolders;
use crate::imap_inbox::ImapConfig;
use crate::imap_login::{self, LoginError};
use crate::password::Secret;
use crate::reach::{self, ReachError};
use crate::smtp_outbox::{SmtpConfig, SmtpOutbox};
use crate::{MailError, Outbox};

/// One step of the check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// The password or token read from its source.
    Secret,
    /// The server's name resolved and its port connected (TLS set up).
    Reach,
    /// The IMAP greeting (STARTTLS).
    Greeting,
    /// The login.
    Login,
    /// What the server offers that maester uses.
    Capabilities,
    /// The `ID` command (163.com and 126.com need it).
    Id,
    /// A folder maester reads.
    ReadFolder(String),
    /// A folder maester writes to (filing handled mail, the Sent copy).
    WriteFolder(String),
    /// Whether the server offers IDLE (new mail seen at once).
    Idle,
    /// The SMTP greeting and login.
    SmtpLogin,
    /// The test mail sent.
    Send,
    /// The test mail found in the referee's inbox.
    Delivered,
}

/// What went wrong at a step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The secret could not be read.
    Secret(String),
    /// The server was not reached.
    Unreached(reach::Unreached, String),
    /// No greeting, or STARTTLS refused.
    Greeting(String),
    /// The login was refused.
    Refused(String),
    /// The connection broke.
    Broken(String),
    /// The folder does not exist.
    Missing(String),
    /// The folder does not exist and could not be created.
    NotCreatable(String),
    /// The folder opens read-only or keeps no `\Seen` flag.
    ReadOnly(String),
    /// The SMTP server refused or failed.
    Smtp(String),
    /// The test mail did not arrive in time.
    NotDelivered(String),
}

/// A step and how it went: `Ok` with what was found, or the problem.
#[derive(Debug, Clone)]
pub struct Check {
    /// The step.
    pub step: Step,
    /// Its outcome.
    pub result: Result<String, Problem>,
}

fn ok(step: Step, found: impl Into<String>) -> Check {
    Check {
        step,
        result: Ok(found.into()),
    }
}

fn failed(step: Step, problem: Problem) -> Check {
    Check {
        step,
        result: Err(problem),
    }
}

fn from_login(e: LoginError) -> (Step, Problem) {
    match e {
        LoginError::Secret(e) => (Step::Secret, Problem::Secret(e.to_string())),
        LoginError::Reach(ReachError { kind, detail }) => {
            (Step::Reach, Problem::Unreached(kind, detail))
        }
        LoginError::Greeting(m) => (Step::Greeting, Problem::Greeting(m)),
        LoginError::Refused(m) => (Step::Login, Problem::Refused(m)),
        LoginError::Broken(m) => (Step::Login, Problem::Broken(m)),
    }
}

/// Logs in to the IMAP server of `c` as the daemon does and looks at the folders of
/// `folders`; the checks in order, ending at the first step nothing can follow.
pub fn imap(c: &ImapConfig, folders: &ImapFolders) -> Vec<Check> {
    let mut out = Vec::new();
    let secret = match c.password.secret("[mail.imap]") {
        Ok(s) => s.unwrap_or(Secret::Password(String::new())),
        Err(e) => {
            out.push(failed(Step::Secret, Problem::Secret(e.to_string())));
            return out;
        }
    };
    if c.password.is_set() {
        out.push(ok(
            Step::Secret,
            if c.password.is_token() {
                "an OAuth2 token"
            } else {
                "a password"
            },
        ));
    }
    let opened = match imap_login::open(c) {
        Ok(o) => o,
        Err(e) => {
            let (step, problem) = from_login(e);
            out.push(failed(step, problem));
            return out;
        }
    };
    out.push(ok(
        Step::Reach,
        format!("{}:{} ({:?})", c.host.trim(), c.port, c.security),
    ));
    let mut session = match imap_login::authenticate(opened, c, &secret) {
        Ok((s, _)) => s,
        Err(LoginError::Refused(m)) if c.password.is_token() => {
            // As the daemon does: the token read once more.
            match c
                .password
                .secret("[mail.imap]")
                .map_err(LoginError::Secret)
                .and_then(|s| {
                    let s = s.unwrap_or(Secret::Password(String::new()));
                    imap_login::authenticate(imap_login::open(c)?, c, &s)
                }) {
                Ok((s, _)) => s,
                Err(e) => {
                    tracing::debug!(first = %m, "the token was refused twice");
                    let (step, problem) = from_login(e);
                    out.push(failed(step, problem));
                    return out;
                }
            }
        }
        Err(e) => {
            let (step, problem) = from_login(e);
            out.push(failed(step, problem));
            return out;
        }
    };
    out.push(ok(Step::Login, format!("as {}", c.user)));
    let caps = session.capabilities().ok();
    let has = |cap: &str| caps.as_ref().is_some_and(|c| c.has_str(cap));
    let (offers_id, offers_idle) = (has("ID"), has("IDLE"));
    let used = ["IDLE", "MOVE", "UIDPLUS", "ID"];
    let offered: Vec<&str> = used.iter().copied().filter(|cap| has(cap)).collect();
    let missing: Vec<&str> = used.iter().copied().filter(|cap| !has(cap)).collect();
    out.push(ok(
        Step::Capabilities,
        if missing.is_empty() {
            format!("{} (all maester uses)", offered.join(" "))
        } else {
            format!(
                "{}; without {} (maester does without: polls, copies and deletes)",
                offered.join(" "),
                missing.join(" ")
            )
        },
    ));
    if offers_id {
        crate::imap_folders::identify(&mut session);
        out.push(ok(Step::Id, "sent"));
    }
    out.push(ok(
        Step::Idle,
        if offers_idle {
            "offered: new mail is seen at once"
        } else {
            "not offered: mail is looked for every poll_seconds"
        },
    ));
    let delimiter = session
        .list(Some(""), None)
        .ok()
        .and_then(|n| n.iter().find_map(|n| n.delimiter().map(str::to_string)))
        .unwrap_or_else(|| "/".to_string());
    let server_name = |name: &str| name.trim().replace('/', &delimiter);
    let mut read = vec![c.mailbox.trim().to_string()];
    read.extend(folders.extra.iter().map(|f| server_name(f)));
    for folder in read.into_iter().filter(|f| !f.is_empty()) {
        out.push(read_folder(&mut session, &folder));
    }
    let written = [
        folders.processed.as_str(),
        folders.ignored.as_str(),
        folders.sent.as_str(),
    ];
    for folder in written.iter().map(|f| server_name(f)) {
        if !folder.is_empty() {
            out.push(write_folder(&mut session, &folder));
        }
    }
    let _ = session.logout();
    out
}

fn read_folder(session: &mut Session<Connection>, folder: &str) -> Check {
    let step = Step::ReadFolder(folder.to_string());
    match session.select(folder) {
        Ok(mb) if mb.is_read_only => failed(step, Problem::ReadOnly(folder.to_string())),
        Ok(mb) => {
            let flags = &mb.permanent_flags;
            let keeps_seen = flags.is_empty()
                || flags
                    .iter()
                    .any(|f| matches!(f, imap::types::Flag::Seen | imap::types::Flag::MayCreate));
            if keeps_seen {
                ok(step, format!("{} mails, read-write", mb.exists))
            } else {
                failed(step, Problem::ReadOnly(folder.to_string()))
            }
        }
        Err(imap::Error::No(r)) => failed(step, Problem::Missing(r.to_string())),
        Err(e) => failed(step, Problem::Broken(e.to_string())),
    }
}

fn write_folder(session: &mut Session<Connection>, folder: &str) -> Check {
    let step = Step::WriteFolder(folder.to_string());
    let exists = session
        .list(None, Some(folder))
        .map(|names| names.iter().any(|n| n.name() == folder));
    match exists {
        Ok(true) => ok(step, "exists"),
        Ok(false) => match session.create(folder) {
            Ok(()) => ok(step, "created (the daemon would have at its first use)"),
            // Made meanwhile by another client (Dovecot: NO [ALREADYEXISTS]).
            Err(imap::Error::No(r)) if r.to_string().to_ascii_lowercase().contains("exist") => {
                ok(step, "exists")
            }
            Err(imap::Error::No(r)) => failed(step, Problem::NotCreatable(r.to_string())),
            Err(e) => failed(step, Problem::Broken(e.to_string())),
        },
        Err(e) => failed(step, Problem::Broken(e.to_string())),
    }
}

/// Reaches the SMTP server of `c` and logs in (when a user is configured), as a send does.
pub fn smtp(c: &SmtpConfig) -> Vec<Check> {
    let mut out = Vec::new();
    if c.password.is_set() {
        match c.password.secret("[mail.smtp]") {
            Ok(_) => out.push(ok(
                Step::Secret,
                if c.password.is_token() {
                    "an OAuth2 token"
                } else {
                    "a password"
                },
            )),
            Err(e) => {
                out.push(failed(Step::Secret, Problem::Secret(e.to_string())));
                return out;
            }
        }
    }
    let limit = Duration::from_secs(c.timeout_seconds.max(1));
    match reach::tcp(c.host.trim(), c.port, limit) {
        Ok(_) => out.push(ok(
            Step::Reach,
            format!("{}:{} ({:?})", c.host.trim(), c.port, c.security),
        )),
        Err(ReachError { kind, detail }) => {
            out.push(failed(Step::Reach, Problem::Unreached(kind, detail)));
            return out;
        }
    }
    let tested = SmtpOutbox::new(c).and_then(|mut o| o.test_login());
    out.push(match tested {
        Ok(()) => ok(
            Step::SmtpLogin,
            match &c.user {
                Some(u) => format!("greeted; logged in as {u}"),
                None => "greeted; no login (no user configured)".to_string(),
            },
        ),
        Err(MailError::Secret(m)) => failed(Step::Secret, Problem::Secret(m)),
        Err(e) => failed(Step::SmtpLogin, Problem::Smtp(e.to_string())),
    });
    out
}

/// Sends `raw` (a composed test mail with Message-ID `message_id`) from `from` to `to`, then
/// waits up to `wait` for it in the main folder of the IMAP mailbox `c` (one of `to` is the
/// referee's own address); once found it is deleted there, so the daemon never reads it.
pub fn send_test(
    smtp: &SmtpConfig,
    c: &ImapConfig,
    from: &str,
    to: &[String],
    raw: &[u8],
    message_id: &str,
    wait: Duration,
) -> Vec<Check> {
    let sent = SmtpOutbox::new(smtp).and_then(|mut o| o.send(from, to, raw));
    if let Err(e) = sent {
        return vec![failed(Step::Send, Problem::Smtp(e.to_string()))];
    }
    let mut out = vec![ok(Step::Send, to.join(", "))];
    out.push(match find_and_delete(c, message_id, wait) {
        Ok(waited) => ok(
            Step::Delivered,
            format!("in {} after {:.1} s", c.mailbox, waited.as_secs_f64()),
        ),
        Err(p) => failed(Step::Delivered, p),
    });
    out
}

fn find_and_delete(c: &ImapConfig, message_id: &str, wait: Duration) -> Result<Duration, Problem> {
    let start = Instant::now();
    let (mut session, _) = imap_login::login(c).map_err(|e| from_login(e).1)?;
    let id = message_id.trim_matches(|ch| ch == '<' || ch == '>');
    let query = format!("HEADER Message-ID \"{}\"", id.replace('"', ""));
    loop {
        session
            .select(c.mailbox.trim())
            .map_err(|e| Problem::Broken(e.to_string()))?;
        let found = session
            .uid_search(&query)
            .map_err(|e| Problem::Broken(e.to_string()))?;
        if !found.is_empty() {
            let set = found
                .iter()
                .map(|u| u.to_string())
                .collect::<Vec<_>>()
                .join(",");
            let _ = session.uid_store(&set, "+FLAGS.SILENT (\\Seen \\Deleted)");
            let _ = session.uid_expunge(&set);
            let _ = session.logout();
            return Ok(start.elapsed());
        }
        if start.elapsed() >= wait {
            let _ = session.logout();
            return Err(Problem::NotDelivered(format!(
                "not in {} after {} s",
                c.mailbox,
                wait.as_secs()
            )));
        }
        std::thread::sleep(Duration::from_millis(250));
    }
}
