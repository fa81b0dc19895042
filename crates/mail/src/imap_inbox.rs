//! Reading mail from a real IMAP server (imap 3.0 alpha, synchronous, rustls).
//!
//! New mail = messages above the high-water mark of their folder: the highest UID under the
//! folder's UIDVALIDITY whose mails are all marked done ([`Inbox::marks`], kept by the daemon
//! in its database and handed back with [`Inbox::resume`]). `\Seen` plays no part, so a mail
//! the GM opened first in his mail client is still read. Only a folder without a mark (a first
//! run, an upgrade, a rebuilt folder) starts from its first unseen mail, as maester did when
//! `\Seen` was its only state. [`Inbox::mark_done`] must be called in the order the mails were
//! fetched (the daemon does): the mark rises to the UID marked. Mails are fetched with
//! `BODY.PEEK[]`; [`Inbox::mark_done`] also sets `\Seen`, [`Inbox::file_away`] moves a handled
//! mail to its folder ([`crate::ImapFolders`]), and [`Inbox::keep_sent`] appends a sent mail to
//! the Sent folder.

pub use crate::imap_config::{DEFAULT_IMAP_TIMEOUT_SECONDS, ImapConfig};
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::time::Duration;

use imap::{Connection, Session};

use super::imap_folders::{self, ImapFolders};
use super::{Filed, InboundMail, Inbox, MailError, UidMark};

/// Time allowed for each read or write on the connection once logged in.
const IO_TIMEOUT: Duration = Duration::from_secs(120);
/// At most this many messages are returned by one `fetch_new` (the rest come next time).
const MAX_BATCH: usize = super::FETCH_BATCH;
/// Messages fetched per `UID FETCH` command.
const FETCH_CHUNK: usize = 10;

/// An [`Inbox`] on an IMAP folder. Keys are `imap:<uidvalidity>:<uid>`.
///
/// The connection is kept open between calls; when it breaks (server restart, idle
/// logout, network), the next call reconnects and retries the command once.
pub struct ImapInbox {
    config: ImapConfig,
    session: Option<Session<Connection>>,
    /// The folder selected in the open session.
    selected: Option<String>,
    /// The UIDVALIDITY of each folder, as last selected.
    validities: HashMap<String, u32>,
    /// Per folder: (UIDVALIDITY, highest UID marked done).
    marks: HashMap<String, (u32, u32)>,
    /// Folders known to exist (created if missing) in this session.
    created: HashSet<String>,
    folders: ImapFolders,
    /// The server's hierarchy delimiter (`/` in folder names of the config stands for it).
    delimiter: Option<String>,
    max_bytes: u64,
}

impl fmt::Debug for ImapInbox {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ImapInbox")
            .field("config", &self.config)
            .field("connected", &self.session.is_some())
            .field("validities", &self.validities)
            .field("marks", &self.marks)
            .finish()
    }
}

fn imap_err(what: &str, e: imap::Error) -> MailError {
    MailError::Imap(format!("{what}: {e}"))
}

/// Errors after which the connection is unusable (as opposed to a NO/BAD answer).
fn is_connection_error(e: &imap::Error) -> bool {
    !matches!(
        e,
        imap::Error::No(_) | imap::Error::Bad(_) | imap::Error::Validate(_)
    )
}

impl ImapInbox {
    /// An inbox that connects at its first use (and again after a broken connection), so that
    /// nothing needs the server before mail is read.
    pub fn new(config: &ImapConfig) -> Self {
        ImapInbox {
            config: config.clone(),
            session: None,
            selected: None,
            validities: HashMap::new(),
            marks: HashMap::new(),
            created: HashSet::new(),
            folders: ImapFolders::none(),
            delimiter: None,
            max_bytes: u64::MAX,
        }
    }

    /// Sets the folders read besides the main one, where handled mail goes, and the Sent folder
    /// (none by default).
    pub fn set_folders(&mut self, folders: ImapFolders) {
        self.folders = folders;
    }

    /// Connects, logs in and selects the folder, so that configuration errors show at once.
    pub fn connect(config: &ImapConfig) -> Result<Self, MailError> {
        let mut inbox = ImapInbox::new(config);
        let main = inbox.config.mailbox.clone();
        inbox.run(Some(&main), "select", |_| Ok(()))?;
        Ok(inbox)
    }

    /// The UIDVALIDITY of the selected folder (part of every key).
    /// Mails over `max` bytes (the server's RFC822.SIZE) are not fetched whole: only their
    /// first bytes are, and they are returned as a stub ([`crate::copy::stub`]).
    pub fn set_max_bytes(&mut self, max: u64) {
        self.max_bytes = max;
    }

    pub fn uid_validity(&self) -> u32 {
        self.validities
            .get(&self.config.mailbox)
            .copied()
            .unwrap_or(0)
    }

    /// Logs out and closes the connection (also done on drop).
    pub fn disconnect(&mut self) {
        if let Some(mut s) = self.session.take() {
            let _ = s.logout();
        }
    }

    fn ensure_session(&mut self) -> Result<(), MailError> {
        if self.session.is_none() {
            let (mut session, socket) = crate::imap_login::login(&self.config)?;
            // Logged in: from now on a read may take as long as a big mail needs.
            socket
                .set_read_timeout(Some(IO_TIMEOUT))
                .and_then(|()| socket.set_write_timeout(Some(IO_TIMEOUT)))
                .map_err(|e| MailError::io("set IMAP socket timeouts", e))?;
            crate::imap_folders::identify(&mut session);
            self.session = Some(session);
            self.selected = None;
            self.created.clear();
        }
        Ok(())
    }

    /// Selects `folder` in the open session unless it is selected already, and notes its
    /// UIDVALIDITY.
    fn select(&mut self, folder: &str) -> imap::Result<()> {
        if self.selected.as_deref() == Some(folder) {
            return Ok(());
        }
        let Some(session) = self.session.as_mut() else {
            return Err(imap::Error::ConnectionLost);
        };
        self.selected = None;
        let mb = session.select(folder)?;
        let validity = mb.uid_validity.unwrap_or(0);
        match self.validities.insert(folder.to_string(), validity) {
            Some(old) if old != validity => tracing::warn!(
                folder,
                old,
                new = validity,
                "IMAP UIDVALIDITY changed: the folder's mails come back under new keys"
            ),
            _ => {}
        }
        self.selected = Some(folder.to_string());
        Ok(())
    }

    /// Runs `op` on the session, with `folder` selected first when given; on a broken
    /// connection reconnects and tries once more.
    fn run<T>(
        &mut self,
        folder: Option<&str>,
        what: &str,
        mut op: impl FnMut(&mut Session<Connection>) -> imap::Result<T>,
    ) -> Result<T, MailError> {
        for attempt in 0..2 {
            self.ensure_session()?;
            let result = match folder {
                Some(f) => self.select(f),
                None => Ok(()),
            }
            .and_then(|()| match self.session.as_mut() {
                Some(s) => op(s),
                None => Err(imap::Error::ConnectionLost),
            });
            match result {
                Ok(v) => return Ok(v),
                Err(e) if is_connection_error(&e) => {
                    self.session = None;
                    if attempt == 0 {
                        tracing::info!(error = %e, "{what}: IMAP connection lost, reconnecting");
                        continue;
                    }
                    return Err(imap_err(what, e));
                }
                Err(e) => return Err(imap_err(what, e)),
            }
        }
        Err(MailError::Imap(format!("{what}: gave up")))
    }

    /// The server's name of a configured folder: `/` in it is the hierarchy delimiter, which
    /// the server may spell otherwise (Dovecot with Maildir++: `.`).
    fn server_name(&mut self, name: &str) -> Result<String, MailError> {
        let name = name.trim();
        if !name.contains('/') {
            return Ok(name.to_string());
        }
        if self.delimiter.is_none() {
            let d = self.run(None, "LIST delimiter", |s| {
                // The pattern is sent as written: None is `""`, the delimiter query.
                let names = s.list(Some(""), None)?;
                Ok(names.iter().find_map(|n| n.delimiter().map(str::to_string)))
            })?;
            self.delimiter = Some(d.unwrap_or_else(|| "/".to_string()));
        }
        let d = self.delimiter.as_deref().unwrap_or("/");
        Ok(name.replace('/', d))
    }

    /// Creates `folder` unless this session knows it exists (an "already exists" answer is
    /// fine).
    fn ensure_folder(&mut self, folder: &str) -> Result<(), MailError> {
        if self.created.contains(folder) {
            return Ok(());
        }
        match self.run(None, "CREATE", |s| s.create(folder)) {
            Ok(()) => {}
            // Dovecot: NO [ALREADYEXISTS]; other servers say it in words.
            Err(MailError::Imap(m)) if m.to_ascii_lowercase().contains("exist") => {}
            Err(e) => return Err(e),
        }
        self.created.insert(folder.to_string());
        Ok(())
    }

    /// The mails of one folder above its mark, at most `room` of them, oldest first.
    fn fetch_folder(&mut self, folder: &str, room: usize) -> Result<Vec<InboundMail>, MailError> {
        let main = folder == self.config.mailbox;
        // NOOP makes the server tell the session of mail delivered since its last command
        // (Dovecot does not look before a SEARCH in a folder selected earlier).
        self.run(Some(folder), "NOOP", |s| s.noop())?;
        let validity = self.validities.get(folder).copied().unwrap_or(0);
        let mark = match self.marks.get(folder).filter(|(v, _)| *v == validity) {
            Some((_, u)) => *u,
            None => {
                let u = self.first_mark(folder)?;
                self.marks.insert(folder.to_string(), (validity, u));
                u
            }
        };
        let query = format!("UID {}:*", mark.saturating_add(1));
        let mut uids: Vec<u32> = self
            .run(Some(folder), "UID SEARCH", |s| s.uid_search(&query))?
            .into_iter()
            // `n:*` always matches the highest UID, even below n.
            .filter(|u| *u > mark)
            .collect();
        uids.sort_unstable();
        uids.truncate(room);
        let mut out = Vec::new();
        for chunk in uids.chunks(FETCH_CHUNK) {
            for (uid, raw) in self.fetch_chunk(folder, chunk)? {
                let key = imap_folders::key((!main).then_some(folder), validity, uid);
                out.push(InboundMail { key, raw });
            }
        }
        Ok(out)
    }

    /// The mark of a folder maester has no mark for (a first run, an upgrade from the time
    /// `\Seen` was the only state, a rebuilt folder): below the first unseen mail, or the highest
    /// UID when every mail is seen. The highest UID is asked first, so a mail arriving meanwhile
    /// is above it.
    fn first_mark(&mut self, folder: &str) -> Result<u32, MailError> {
        let highest = self
            .run(Some(folder), "UID SEARCH ALL", |s| s.uid_search("ALL"))?
            .into_iter()
            .max()
            .unwrap_or(0);
        let unseen = self
            .run(Some(folder), "UID SEARCH UNSEEN", |s| {
                s.uid_search("UNSEEN")
            })?
            .into_iter()
            .min();
        Ok(match unseen {
            Some(u) => u.saturating_sub(1).min(highest),
            None => highest,
        })
    }

    /// The given UIDs of `folder`: whole, or as a stub when over the size limit.
    fn fetch_chunk(
        &mut self,
        folder: &str,
        chunk: &[u32],
    ) -> Result<Vec<(u32, Vec<u8>)>, MailError> {
        let join = |v: &[u32]| {
            v.iter()
                .map(|u| u.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        let set = join(chunk);
        // Sizes first: a mail over the limit is fetched only in part and kept as a stub,
        // so that one huge mail never sits whole in memory.
        let max = self.max_bytes;
        let sizes: Vec<(u32, u64)> = self.run(Some(folder), "UID FETCH RFC822.SIZE", |s| {
            let fetches = s.uid_fetch(&set, "(UID RFC822.SIZE)")?;
            Ok(fetches
                .iter()
                .filter_map(|f| Some((f.uid?, u64::from(f.size.unwrap_or(0)))))
                .collect())
        })?;
        let small: Vec<u32> = sizes
            .iter()
            .filter(|(_, n)| *n <= max)
            .map(|(u, _)| *u)
            .collect();
        let big: Vec<(u32, u64)> = sizes.iter().filter(|(_, n)| *n > max).copied().collect();
        let mut got: Vec<(u32, Vec<u8>)> = Vec::new();
        if !small.is_empty() {
            let set = join(&small);
            got.extend(self.run(Some(folder), "UID FETCH", |s| {
                let fetches = s.uid_fetch(&set, "(UID BODY.PEEK[])")?;
                Ok(fetches
                    .iter()
                    .filter_map(|f| Some((f.uid?, f.body()?.to_vec())))
                    .collect::<Vec<_>>())
            })?);
        }
        if !big.is_empty() {
            let set = join(&big.iter().map(|(u, _)| *u).collect::<Vec<_>>());
            let query = format!("(UID BODY.PEEK[]<0.{}>)", crate::copy::STUB_READ_BYTES);
            let heads: Vec<(u32, Vec<u8>)> =
                self.run(Some(folder), "UID FETCH (partial)", |s| {
                    let fetches = s.uid_fetch(&set, &query)?;
                    Ok(fetches
                        .iter()
                        .filter_map(|f| Some((f.uid?, f.body()?.to_vec())))
                        .collect())
                })?;
            for (uid, head) in heads {
                let size = big.iter().find(|(u, _)| *u == uid).map_or(0, |(_, n)| *n);
                tracing::warn!(uid, size, "mail over the size limit: kept as a stub");
                got.push((uid, crate::copy::stub(&head, size)));
            }
        }
        got.sort_by_key(|(uid, _)| *uid);
        Ok(got)
    }

    /// The folder, UID and validity of a key of this inbox, `None` (logged) when the folder
    /// was rebuilt since (its UIDVALIDITY changed).
    fn place(&mut self, key: &str) -> Result<Option<(String, u32, u32)>, MailError> {
        let p = imap_folders::parse_key(key).ok_or_else(|| MailError::BadKey(key.to_string()))?;
        let folder = p.folder.unwrap_or_else(|| self.config.mailbox.clone());
        if !self.validities.contains_key(&folder) {
            self.run(Some(&folder), "select", |_| Ok(()))?;
        }
        let current = self.validities.get(&folder).copied().unwrap_or(0);
        if current != p.validity {
            // The folder was rebuilt; the mail is fetched again under a new key and the
            // daemon recognises it as one it stored.
            tracing::warn!(key, current, "stale IMAP key, left alone");
            return Ok(None);
        }
        Ok(Some((folder, p.validity, p.uid)))
    }
}

impl Drop for ImapInbox {
    fn drop(&mut self) {
        self.disconnect();
    }
}

impl Inbox for ImapInbox {
    fn wait_for_mail(&mut self, max: Duration) -> Result<bool, MailError> {
        self.idle(max)
    }

    fn fetch_new(&mut self) -> Result<Vec<InboundMail>, MailError> {
        let mut folders = vec![self.config.mailbox.clone()];
        for f in self.folders.extra.clone() {
            folders.push(self.server_name(&f)?);
        }
        folders.retain(|f| !f.is_empty());
        folders.dedup();
        let mut out = Vec::new();
        for folder in folders {
            let room = MAX_BATCH.saturating_sub(out.len());
            if room == 0 {
                break;
            }
            out.extend(self.fetch_folder(&folder, room)?);
        }
        Ok(out)
    }

    fn mark_done(&mut self, key: &str) -> Result<(), MailError> {
        let Some((folder, validity, uid)) = self.place(key)? else {
            return Ok(());
        };
        let mark = self.marks.entry(folder.clone()).or_insert((validity, 0));
        if mark.0 != validity {
            *mark = (validity, 0);
        }
        mark.1 = mark.1.max(uid);
        self.run(Some(&folder), "UID STORE +FLAGS (\\Seen)", |s| {
            s.uid_store(uid.to_string(), "+FLAGS.SILENT (\\Seen)")
                .map(|_| ())
        })
    }

    fn resume(&mut self, marks: &[UidMark]) {
        for m in marks {
            let e = self
                .marks
                .entry(m.folder.clone())
                .or_insert((m.uid_validity, 0));
            if e.0 == m.uid_validity {
                e.1 = e.1.max(m.uid);
            } else if self.validities.get(&m.folder) == Some(&m.uid_validity) {
                *e = (m.uid_validity, m.uid);
            }
        }
    }

    fn marks(&self) -> Vec<UidMark> {
        let mut out: Vec<UidMark> = self
            .marks
            .iter()
            .map(|(f, (v, u))| UidMark {
                folder: f.clone(),
                uid_validity: *v,
                uid: *u,
            })
            .collect();
        out.sort_by(|a, b| a.folder.cmp(&b.folder));
        out
    }

    fn file_away(&mut self, key: &str, filed: Filed) -> Result<(), MailError> {
        let Some(target) = self.folders.target(filed).map(str::to_string) else {
            return Ok(());
        };
        let target = self.server_name(&target)?;
        let Some((folder, _, uid)) = self.place(key)? else {
            return Ok(());
        };
        if folder == target {
            return Ok(());
        }
        self.ensure_folder(&target)?;
        let set = uid.to_string();
        let has_move = self.run(None, "CAPABILITY", |s| {
            Ok(s.capabilities()?.has_str("MOVE"))
        })?;
        if has_move {
            return self.run(Some(&folder), "UID MOVE", |s| s.uid_mv(&set, &target));
        }
        // A server without MOVE (RFC 6851): copy, flag deleted, expunge that UID only.
        self.run(Some(&folder), "UID COPY", |s| s.uid_copy(&set, &target))?;
        self.run(Some(&folder), "UID STORE \\Deleted", |s| {
            s.uid_store(&set, "+FLAGS.SILENT (\\Deleted)").map(|_| ())
        })?;
        self.run(Some(&folder), "UID EXPUNGE", |s| {
            s.uid_expunge(&set).map(|_| ())
        })
    }

    fn keep_sent(&mut self, raw: &[u8]) -> Result<(), MailError> {
        let sent = self.folders.sent.trim().to_string();
        if sent.is_empty() {
            return Ok(());
        }
        let sent = self.server_name(&sent)?;
        self.ensure_folder(&sent)?;
        self.run(None, "APPEND", |s| {
            s.append(&sent, raw)
                .flag(imap::types::Flag::Seen)
                .finish()
                .map(|_| ())
        })
    }
}

#[path = "imap_idle.rs"]
mod idle;

#[cfg(test)]
#[path = "imap_inbox_tests.rs"]
mod tests;
