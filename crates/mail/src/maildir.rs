//! The embedded transport: a Maildir directory for incoming mail and a plain directory of
//! `.eml` files for outgoing mail. No server is needed; another program (fetchmail,
//! a mail server's delivery agent, or a test) fills `new/` and reads the outbox.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::{InboundMail, Inbox, MailError, Outbox};

const KEY_PREFIX: &str = "maildir:";

/// Reads mail from a Maildir: new messages are the files in `<dir>/new`;
/// [`Inbox::mark_done`] moves a message to `<dir>/cur/<name>:2,S` (seen).
///
/// Keys are `maildir:<file name without the ":2,…" info part>`. Files left in `new/` by a
/// crash are simply returned again.
#[derive(Debug, Clone)]
pub struct MaildirInbox {
    dir: PathBuf,
    max_bytes: u64,
    /// The names listed in `new/` and not handed out yet, oldest first: the folder is listed
    /// again only once they are all handed out, so a backlog of n mails costs one listing per
    /// n mails, not one per batch.
    queue: std::collections::VecDeque<String>,
}

impl MaildirInbox {
    /// Opens (and creates if needed) the Maildir `dir` with its `new`, `cur` and `tmp`.
    pub fn new(dir: impl Into<PathBuf>) -> Result<Self, MailError> {
        let dir = dir.into();
        for sub in ["new", "cur", "tmp"] {
            let p = dir.join(sub);
            fs::create_dir_all(&p)
                .map_err(|e| MailError::io(format!("create maildir folder {}", p.display()), e))?;
        }
        Ok(MaildirInbox {
            dir,
            max_bytes: u64::MAX,
            queue: Default::default(),
        })
    }

    /// Mails over `max` bytes are not read whole: their size is checked before reading, only
    /// their first bytes are read, and they are returned as a stub ([`crate::copy::stub`]).
    pub fn set_max_bytes(&mut self, max: u64) {
        self.max_bytes = max;
    }

    /// A mail file: whole, or as a stub when it is over the size limit (`None`: gone).
    fn read_mail(&self, path: &Path) -> Result<Option<Vec<u8>>, MailError> {
        let gone = |e: &std::io::Error| e.kind() == std::io::ErrorKind::NotFound;
        let size = match fs::metadata(path) {
            Ok(m) => m.len(),
            Err(e) if gone(&e) => return Ok(None),
            Err(e) => return Err(MailError::io(format!("stat {}", path.display()), e)),
        };
        let read = if size > self.max_bytes {
            tracing::warn!(file = %path.display(), size, "mail over the size limit: kept as a stub");
            let mut head = Vec::new();
            fs::File::open(path)
                .and_then(|f| {
                    std::io::Read::read_to_end(
                        &mut std::io::Read::take(f, crate::copy::STUB_READ_BYTES as u64),
                        &mut head,
                    )
                })
                .map(|_| crate::copy::stub(&head, size))
        } else {
            fs::read(path)
        };
        match read {
            Ok(raw) => Ok(Some(raw)),
            // moved away by someone else between listing and reading
            Err(e) if gone(&e) => Ok(None),
            Err(e) => Err(MailError::io(format!("read {}", path.display()), e)),
        }
    }

    /// The Maildir's root directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// File names in `new/` (UTF-8 names only, no dot files), oldest first.
    fn new_entries(&self) -> Result<Vec<String>, MailError> {
        let new = self.dir.join("new");
        let rd =
            fs::read_dir(&new).map_err(|e| MailError::io(format!("list {}", new.display()), e))?;
        let mut entries = Vec::new();
        for entry in rd {
            let entry = entry.map_err(|e| MailError::io(format!("list {}", new.display()), e))?;
            let Ok(name) = entry.file_name().into_string() else {
                tracing::warn!(dir = %new.display(), "skipping a file with a non-UTF-8 name");
                continue;
            };
            if name.starts_with('.') || !entry.file_type().is_ok_and(|t| t.is_file()) {
                continue;
            }
            let mtime = entry.metadata().and_then(|m| m.modified()).ok();
            entries.push((mtime, name));
        }
        entries.sort();
        Ok(entries.into_iter().map(|(_, n)| n).collect())
    }
}

/// The unique part of a Maildir file name (without `:2,FLAGS`).
fn base_name(file_name: &str) -> &str {
    file_name.split(':').next().unwrap_or(file_name)
}

impl Inbox for MaildirInbox {
    fn fetch_new(&mut self) -> Result<Vec<InboundMail>, MailError> {
        let mut out = Vec::new();
        if self.queue.is_empty() {
            self.queue = self.new_entries()?.into();
        }
        let n = self.queue.len().min(super::FETCH_BATCH);
        let names: Vec<String> = self.queue.drain(..n).collect();
        for name in names {
            let path = self.dir.join("new").join(&name);
            if let Some(raw) = self.read_mail(&path)? {
                out.push(InboundMail {
                    key: format!("{KEY_PREFIX}{}", base_name(&name)),
                    raw,
                });
            }
        }
        Ok(out)
    }

    /// Looks at `new/` every 200 ms (one directory read): a delivered mail is answered
    /// within a fraction of a second whatever the poll interval.
    fn wait_for_mail(&mut self, max: std::time::Duration) -> Result<bool, MailError> {
        let until = std::time::Instant::now() + max;
        let new = self.dir.join("new");
        loop {
            let any = fs::read_dir(&new)
                .map_err(|e| MailError::io(format!("list {}", new.display()), e))?
                .filter_map(|e| e.ok())
                .any(|e| !e.file_name().to_string_lossy().starts_with('.'));
            if any {
                return Ok(true);
            }
            let now = std::time::Instant::now();
            if now >= until {
                return Ok(false);
            }
            std::thread::sleep((until - now).min(std::time::Duration::from_millis(200)));
        }
    }

    fn mark_done(&mut self, key: &str) -> Result<(), MailError> {
        let name = key
            .strip_prefix(KEY_PREFIX)
            .filter(|n| !n.is_empty() && !n.contains(['/', '\\', ':']) && *n != "." && *n != "..")
            .ok_or_else(|| MailError::BadKey(key.to_string()))?;
        // The file is new/<name>, or new/<name>:2,... if a deliverer added an info part.
        let file = if self.dir.join("new").join(name).is_file() {
            Some(name.to_string())
        } else {
            self.new_entries()?
                .into_iter()
                .find(|n| base_name(n) == name)
        };
        let Some(file) = file else {
            return Ok(()); // already done, or removed by hand
        };
        let src = self.dir.join("new").join(&file);
        let dst = self.dir.join("cur").join(format!("{name}:2,S"));
        match fs::rename(&src, &dst) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(MailError::io(
                format!("move {} to {}", src.display(), dst.display()),
                e,
            )),
        }
    }
}

/// "Sends" mail by writing it to `<dir>/<UTC timestamp>-<hash of Message-ID>.eml`
/// (written in `<dir>/tmp/` first, then renamed, so readers never see half a file).
///
/// Each file starts with `Return-Path: <envelope from>` and
/// `X-Maester-Envelope-To: <a>, <b>` lines, then the mail as given.
/// A mail whose Message-ID is already in the directory is not written again,
/// so a retried send after a crash leaves a single file: the outbox is listed once, when it is
/// opened, and the hashes written are kept in memory, so that check costs nothing per mail.
#[derive(Debug)]
pub struct MaildirOutbox {
    dir: PathBuf,
    /// The short hashes of the mails in the folder.
    written: std::collections::HashSet<String>,
    /// In a batch: the mails written to `tmp/` and not synced yet; `None` out of a batch.
    pending: Option<Vec<Pending>>,
}

/// A mail of a batch written to `tmp/`, its file still open for the batch's sync.
#[derive(Debug)]
struct Pending {
    file: fs::File,
    tmp: PathBuf,
    dst: PathBuf,
    hash: String,
}

/// How many threads sync a batch's files: syncs issued together reach the disk together (the
/// kernel merges their cache flushes), where one after the other each waits for its own.
const SYNC_THREADS: usize = 8;

/// `fsync` of every file, several at a time; the first error if any failed. Each file is still
/// synced by its own `fsync`: nothing here relies on one sync covering another file.
fn sync_files(files: &[&fs::File]) -> std::io::Result<()> {
    if files.len() < 2 {
        return files.iter().try_for_each(|f| f.sync_all());
    }
    let per_thread = files.len().div_ceil(SYNC_THREADS);
    std::thread::scope(|scope| {
        let mut results = Vec::new();
        let mut inline = Vec::new();
        for chunk in files.chunks(per_thread) {
            let work = move || chunk.iter().try_for_each(|f| f.sync_all());
            match std::thread::Builder::new().spawn_scoped(scope, work) {
                Ok(handle) => results.push(handle),
                // No thread to be had: synced here instead.
                Err(_) => inline.push(chunk),
            }
        }
        inline
            .into_iter()
            .try_for_each(|chunk| chunk.iter().try_for_each(|f| f.sync_all()))?;
        results.into_iter().try_for_each(|handle| {
            handle
                .join()
                .unwrap_or_else(|_| Err(std::io::Error::other("a sync thread panicked")))
        })
    })
}

impl MaildirOutbox {
    /// Opens (and creates if needed) the outbox directory `dir` and its `tmp`.
    pub fn new(dir: impl Into<PathBuf>) -> Result<Self, MailError> {
        let dir = dir.into();
        let tmp = dir.join("tmp");
        fs::create_dir_all(&tmp)
            .map_err(|e| MailError::io(format!("create outbox {}", tmp.display()), e))?;
        let mut outbox = MaildirOutbox {
            dir,
            written: Default::default(),
            pending: None,
        };
        outbox.written = outbox
            .sent_files()?
            .iter()
            .filter_map(|f| {
                let name = f.file_name()?.to_str()?;
                let (_, hash) = name.strip_suffix(".eml")?.rsplit_once('-')?;
                Some(hash.to_string())
            })
            .collect();
        Ok(outbox)
    }

    /// The outbox directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The `.eml` files in the outbox, in the order they were written.
    pub fn sent_files(&self) -> Result<Vec<PathBuf>, MailError> {
        let rd = fs::read_dir(&self.dir)
            .map_err(|e| MailError::io(format!("list {}", self.dir.display()), e))?;
        let mut files: Vec<PathBuf> = rd
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "eml"))
            .collect();
        files.sort();
        Ok(files)
    }
}

/// 12 hex digits of SHA-256 of the mail's Message-ID (of the whole mail if it has none).
fn short_hash(raw: &[u8]) -> String {
    let id = mail_parser::MessageParser::default()
        .parse_headers(raw)
        .and_then(|m| m.message_id().map(|s| s.to_string()));
    let mut h = Sha256::new();
    match id {
        Some(id) => h.update(id.as_bytes()),
        None => h.update(raw),
    }
    h.finalize()[..6]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn one_line(s: &str) -> String {
    s.replace(['\r', '\n'], " ")
}

impl Outbox for MaildirOutbox {
    fn send(&mut self, envelope_from: &str, to: &[String], raw: &[u8]) -> Result<(), MailError> {
        let hash = short_hash(raw);
        let suffix = format!("-{hash}.eml");
        let queued = self
            .pending
            .as_ref()
            .is_some_and(|p| p.iter().any(|m| m.hash == hash));
        if self.written.contains(&hash) || queued {
            tracing::info!(hash, "outbox: mail already written, not writing it twice");
            return Ok(());
        }

        let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%S%.6fZ");
        let name = format!("{stamp}{suffix}");
        let tmp = self.dir.join("tmp").join(&name);
        let dst = self.dir.join(&name);
        let rcpts: Vec<String> = to
            .iter()
            .map(|t| format!("<{}>", one_line(t.trim())))
            .collect();
        let mut data = format!(
            "Return-Path: <{}>\r\nX-Maester-Envelope-To: {}\r\n",
            one_line(envelope_from.trim()),
            rcpts.join(", ")
        )
        .into_bytes();
        data.extend_from_slice(raw);

        let batched = self.pending.is_some();
        let write = || -> std::io::Result<Option<fs::File>> {
            // Exclusively, not through a link planted at the name (`maester_files`).
            let mut f = maester_files::create_new(&tmp, 0o600)?;
            f.write_all(&data)?;
            if batched {
                // Synced, renamed and the folder synced by the batch's flush.
                return Ok(Some(f));
            }
            f.sync_all()?;
            fs::rename(&tmp, &dst)?;
            fs::File::open(&self.dir)?.sync_all()?;
            Ok(None)
        };
        let file = write().map_err(|e| {
            let _ = fs::remove_file(&tmp);
            MailError::io(format!("write outbox file {}", dst.display()), e)
        })?;
        match (&mut self.pending, file) {
            (Some(p), Some(file)) => p.push(Pending {
                file,
                tmp,
                dst,
                hash,
            }),
            _ => {
                self.written.insert(hash);
            }
        }
        Ok(())
    }

    fn begin_batch(&mut self) {
        self.pending.get_or_insert_with(Vec::new);
    }

    /// Syncs every file of the batch (several at a time, each by its own `fsync`), moves them
    /// into the folder (readers never see half a file), then syncs the folder once. On an error
    /// none of the batch counts as sent: its files are removed, and the mails are written again
    /// when they are retried (a file a crash leaves in `tmp/` was never sent either).
    fn flush(&mut self) -> Result<(), MailError> {
        let Some(pending) = self.pending.take() else {
            return Ok(());
        };
        let files: Vec<&fs::File> = pending.iter().map(|m| &m.file).collect();
        let done = sync_files(&files)
            .and_then(|()| pending.iter().try_for_each(|m| fs::rename(&m.tmp, &m.dst)))
            .and_then(|()| fs::File::open(&self.dir).and_then(|d| d.sync_all()));
        if let Err(e) = done {
            for m in &pending {
                let _ = fs::remove_file(&m.tmp);
                let _ = fs::remove_file(&m.dst);
            }
            return Err(MailError::io(
                format!("sync outbox {}", self.dir.display()),
                e,
            ));
        }
        self.written.extend(pending.into_iter().map(|m| m.hash));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compose::{Mailbox, OutgoingMail, compose, new_message_id};
    use crate::decode::decode;
    use crate::test_util::{fixture, temp_dir};

    #[test]
    fn maildir_inbox_round_trip_marks_done_and_survives_restart() {
        let dir = temp_dir("inbox");
        let mut inbox = MaildirInbox::new(&dir).expect("open");
        assert!(dir.join("cur").is_dir() && dir.join("tmp").is_dir());
        assert!(inbox.fetch_new().expect("fetch").is_empty());

        fs::write(dir.join("new/1700000000.1.host"), fixture("gbk_qp.eml")).expect("w1");
        fs::write(dir.join("new/1700000001.2.host:2,"), fixture("utf8.eml")).expect("w2");
        fs::write(dir.join("new/.hidden"), b"x").expect("w3");

        let got = inbox.fetch_new().expect("fetch");
        let keys: Vec<&str> = got.iter().map(|m| m.key.as_str()).collect();
        assert_eq!(keys.len(), 2, "{keys:?}");
        assert!(keys.contains(&"maildir:1700000000.1.host"));
        assert!(keys.contains(&"maildir:1700000001.2.host"));
        let gbk = got
            .iter()
            .find(|m| m.key.ends_with(".1.host"))
            .expect("gbk");
        assert_eq!(decode(&gbk.raw).subject, "第3回合 命令");

        inbox.mark_done("maildir:1700000000.1.host").expect("done");
        assert!(dir.join("cur/1700000000.1.host:2,S").is_file());
        // a new inbox object (a restarted daemon) sees only the mail not marked done
        let mut again = MaildirInbox::new(&dir).expect("reopen");
        let left = again.fetch_new().expect("fetch");
        assert_eq!(left.len(), 1);
        assert_eq!(left[0].key, "maildir:1700000001.2.host");
        again
            .mark_done(&left[0].key)
            .expect("done with info suffix");
        assert!(dir.join("cur/1700000001.2.host:2,S").is_file());
        assert!(again.fetch_new().expect("fetch").is_empty());

        // marking twice is fine; foreign or dangerous keys are refused
        again.mark_done("maildir:1700000000.1.host").expect("twice");
        for bad in ["imap:1:2", "maildir:../x", "maildir:", "maildir:a:2,S"] {
            assert!(
                matches!(again.mark_done(bad), Err(MailError::BadKey(_))),
                "{bad}"
            );
        }
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn maildir_outbox_writes_once_per_message_id() {
        let dir = temp_dir("outbox");
        let mut outbox = MaildirOutbox::new(&dir).expect("open");
        let mail = OutgoingMail {
            message_id: new_message_id("maester.example", b"round3/ack/stark"),
            from: Mailbox::new("裁判", "referee@maester.example"),
            to: vec![Mailbox::new("", "stark@qq.example")],
            subject: "第3回合 命令已收到".into(),
            text: "临冬城 行军+1\n".into(),
            in_reply_to: None,
            references: vec![],
            auto_submitted: crate::AutoSubmitted::Replied,
            attachments: vec![],
            html: None,
        };
        let raw = compose(&mail).expect("compose");
        let to = vec!["stark@qq.example".to_string()];
        outbox.send("", &to, &raw).expect("send");
        // a retry after a crash: composed again (new Date), same Message-ID
        let raw2 = compose(&mail).expect("compose");
        outbox.send("", &to, &raw2).expect("send again");
        let files = outbox.sent_files().expect("list");
        assert_eq!(files.len(), 1, "{files:?}");
        assert!(fs::read_dir(dir.join("tmp")).expect("tmp").next().is_none());
        // After a restart (a crash after the mail was written, before it was marked sent), the
        // outbox still knows it: the retry writes nothing.
        let mut reopened = MaildirOutbox::new(&dir).expect("reopen");
        reopened.send("", &to, &raw2).expect("send after restart");
        assert_eq!(reopened.sent_files().expect("list").len(), 1);

        let stored = fs::read(&files[0]).expect("read");
        assert!(
            stored.starts_with(b"Return-Path: <>\r\nX-Maester-Envelope-To: <stark@qq.example>\r\n")
        );
        let d = decode(&stored);
        assert_eq!(d.message_id.as_deref(), Some(mail.message_id.as_str()));
        assert_eq!(d.subject, mail.subject);

        let mut other = mail.clone();
        other.message_id = new_message_id("maester.example", b"round3/ack/lannister");
        outbox
            .send(
                "referee@maester.example",
                &to,
                &compose(&other).expect("compose"),
            )
            .expect("send other");
        assert_eq!(outbox.sent_files().expect("list").len(), 2);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn maildir_outbox_batch_shows_its_files_only_once_flushed_and_writes_each_once() {
        let dir = temp_dir("outbox-batch");
        let mut outbox = MaildirOutbox::new(&dir).expect("open");
        let to = vec!["stark@qq.example".to_string()];
        let mail = |n: u8| {
            let mut raw = format!("Message-ID: <batch-{n}@maester.example>\r\n").into_bytes();
            raw.extend_from_slice(b"Subject: x\r\n\r\nbody\r\n");
            raw
        };
        outbox.begin_batch();
        for n in 0..3 {
            outbox.send("", &to, &mail(n)).expect("send");
        }
        // A retry of the same mail in the same batch writes nothing more.
        outbox.send("", &to, &mail(0)).expect("send again");
        assert!(
            outbox.sent_files().expect("list").is_empty(),
            "not before the flush"
        );
        outbox.flush().expect("flush");
        assert_eq!(outbox.sent_files().expect("list").len(), 3);
        assert!(fs::read_dir(dir.join("tmp")).expect("tmp").next().is_none());
        // Out of a batch again: a send is durable at once, and still written once.
        outbox.send("", &to, &mail(1)).expect("send after");
        outbox.send("", &to, &mail(3)).expect("send new");
        assert_eq!(outbox.sent_files().expect("list").len(), 4);
        let _ = fs::remove_dir_all(&dir);
    }
}
