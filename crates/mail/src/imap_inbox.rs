//! Reading mail from a real IMAP server (imap 3.0 alpha, synchronous, rustls).
//!
//! New mail = messages without `\Seen` in the configured folder. They are fetched with
//! `BODY.PEEK[]`, which leaves `\Seen` unset, and only [`Inbox::mark_done`] sets it, after
//! the daemon has stored the mail. The referee's folder should therefore not be read by a
//! person with a mail client (which would set `\Seen` first).

use std::fmt;
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

use imap::extensions::idle::SetReadTimeout;
use imap::{ClientBuilder, Connection, ConnectionMode, Session};

use super::{InboundMail, Inbox, MailError, Security};

/// Time allowed to open the TCP connection.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(30);
/// Time allowed for each read or write on the connection.
const IO_TIMEOUT: Duration = Duration::from_secs(120);
/// At most this many messages are returned by one `fetch_new` (the rest come next time).
const MAX_BATCH: usize = super::FETCH_BATCH;
/// Messages fetched per `UID FETCH` command.
const FETCH_CHUNK: usize = 10;

/// IMAP settings, the `[mail.imap]` table of the config file:
///
/// ```toml
/// host = "imap.qq.com"
/// port = 993
/// security = "tls"        # plain | starttls | tls
/// user = "referee@qq.com"
/// password = "app password"
/// mailbox = "INBOX"       # optional, default INBOX
/// ```
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
    /// Password (for QQ/163 mail: the "authorization code").
    pub password: String,
    /// Folder to read; default `INBOX`.
    #[serde(default = "default_mailbox")]
    pub mailbox: String,
}

fn default_mailbox() -> String {
    "INBOX".to_string()
}

impl fmt::Debug for ImapConfig {
    /// Like a derived `Debug`, but the password is never printed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ImapConfig")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("security", &self.security)
            .field("user", &self.user)
            .field("password", &"<redacted>")
            .field("mailbox", &self.mailbox)
            .finish()
    }
}

/// An [`Inbox`] on an IMAP folder. Keys are `imap:<uidvalidity>:<uid>`.
///
/// The connection is kept open between calls; when it breaks (server restart, idle
/// logout, network), the next call reconnects and retries the command once.
pub struct ImapInbox {
    config: ImapConfig,
    session: Option<Session<Connection>>,
    uid_validity: u32,
    max_bytes: u64,
}

impl fmt::Debug for ImapInbox {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ImapInbox")
            .field("config", &self.config)
            .field("connected", &self.session.is_some())
            .field("uid_validity", &self.uid_validity)
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
            uid_validity: 0,
            max_bytes: u64::MAX,
        }
    }

    /// Connects, logs in and selects the folder, so that configuration errors show at once.
    pub fn connect(config: &ImapConfig) -> Result<Self, MailError> {
        let mut inbox = ImapInbox::new(config);
        inbox.ensure_session()?;
        Ok(inbox)
    }

    /// The UIDVALIDITY of the selected folder (part of every key).
    /// Mails over `max` bytes (the server's RFC822.SIZE) are not fetched whole: only their
    /// first bytes are, and they are returned as a stub ([`crate::copy::stub`]).
    pub fn set_max_bytes(&mut self, max: u64) {
        self.max_bytes = max;
    }

    pub fn uid_validity(&self) -> u32 {
        self.uid_validity
    }

    /// Logs out and closes the connection (also done on drop).
    pub fn disconnect(&mut self) {
        if let Some(mut s) = self.session.take() {
            let _ = s.logout();
        }
    }

    fn open_connection(&self) -> Result<imap::Client<Connection>, MailError> {
        let c = &self.config;
        let host = c.host.trim();
        match c.security {
            Security::Plain => {
                let addrs = (host, c.port)
                    .to_socket_addrs()
                    .map_err(|e| MailError::io(format!("resolve {host}:{}", c.port), e))?;
                let mut last = None;
                for addr in addrs {
                    match TcpStream::connect_timeout(&addr, CONNECT_TIMEOUT) {
                        Ok(tcp) => {
                            tcp.set_read_timeout(Some(IO_TIMEOUT))
                                .and_then(|()| tcp.set_write_timeout(Some(IO_TIMEOUT)))
                                .map_err(|e| MailError::io("set IMAP socket timeouts", e))?;
                            let conn: Connection = Box::new(tcp);
                            let mut client = imap::Client::new(conn);
                            client
                                .read_greeting()
                                .map_err(|e| imap_err("read greeting", e))?;
                            return Ok(client);
                        }
                        Err(e) => last = Some(e),
                    }
                }
                Err(MailError::io(
                    format!("connect to {host}:{}", c.port),
                    last.unwrap_or_else(|| std::io::Error::other("no address")),
                ))
            }
            Security::Starttls | Security::Tls => {
                let mode = if c.security == Security::Tls {
                    ConnectionMode::Tls
                } else {
                    ConnectionMode::StartTls
                };
                // The builder has no timeouts of its own: take the stream back out after
                // the handshake (nothing is buffered then) and give it a read timeout.
                let client = ClientBuilder::new(host, c.port)
                    .mode(mode)
                    .connect()
                    .map_err(|e| imap_err(&format!("connect to {host}:{}", c.port), e))?;
                let mut conn = client
                    .into_inner()
                    .map_err(|e| imap_err("take over the TLS stream", e))?;
                conn.set_read_timeout(Some(IO_TIMEOUT))
                    .map_err(|e| imap_err("set IMAP read timeout", e))?;
                let mut client = imap::Client::new(conn);
                client.greeting_read = true;
                Ok(client)
            }
        }
    }

    fn ensure_session(&mut self) -> Result<&mut Session<Connection>, MailError> {
        if self.session.is_none() {
            let client = self.open_connection()?;
            let mut session = client
                .login(&self.config.user, &self.config.password)
                .map_err(|(e, _)| imap_err(&format!("login as {}", self.config.user), e))?;
            let mb = session
                .select(&self.config.mailbox)
                .map_err(|e| imap_err(&format!("select {}", self.config.mailbox), e))?;
            let validity = mb.uid_validity.unwrap_or(0);
            if self.uid_validity != 0 && validity != self.uid_validity {
                tracing::warn!(
                    old = self.uid_validity,
                    new = validity,
                    "IMAP UIDVALIDITY changed: unread mail will come back under new keys"
                );
            }
            self.uid_validity = validity;
            self.session = Some(session);
        }
        self.session
            .as_mut()
            .ok_or_else(|| MailError::Imap("no session".into()))
    }

    /// Runs `op` on the session; on a broken connection reconnects and tries once more.
    fn run<T>(
        &mut self,
        what: &str,
        mut op: impl FnMut(&mut Session<Connection>) -> imap::Result<T>,
    ) -> Result<T, MailError> {
        for attempt in 0..2 {
            let session = self.ensure_session()?;
            match op(session) {
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
}

impl Drop for ImapInbox {
    fn drop(&mut self) {
        self.disconnect();
    }
}

impl ImapInbox {
    /// IDLE (RFC 2177) until the folder changes or `max` passes, where the server offers it;
    /// else a plain wait. The IDLE leaves the socket without its read timeout, so the
    /// connection is dropped after it (without LOGOUT, which could wait on a silent server)
    /// and the next fetch connects again.
    fn idle(&mut self, max: Duration) -> Result<bool, MailError> {
        use imap::extensions::idle::{WaitOutcome, stop_on_any};
        let session = self.ensure_session()?;
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
        match outcome {
            Ok(WaitOutcome::MailboxChanged) => Ok(true),
            Ok(WaitOutcome::TimedOut) => Ok(false),
            Err(e) => Err(imap_err("IDLE", e)),
        }
    }
}

impl Inbox for ImapInbox {
    fn wait_for_mail(&mut self, max: Duration) -> Result<bool, MailError> {
        self.idle(max)
    }

    fn fetch_new(&mut self) -> Result<Vec<InboundMail>, MailError> {
        let mut uids: Vec<u32> = self
            .run("UID SEARCH UNSEEN", |s| s.uid_search("UNSEEN"))?
            .into_iter()
            .collect();
        uids.sort_unstable();
        uids.truncate(MAX_BATCH);

        let mut out = Vec::new();
        for chunk in uids.chunks(FETCH_CHUNK) {
            let set = chunk
                .iter()
                .map(|u| u.to_string())
                .collect::<Vec<_>>()
                .join(",");
            // Sizes first: a mail over the limit is fetched only in part and kept as a stub,
            // so that one huge mail never sits whole in memory.
            let max = self.max_bytes;
            let sizes: Vec<(u32, u64)> = self.run("UID FETCH RFC822.SIZE", |s| {
                let fetches = s.uid_fetch(&set, "(UID RFC822.SIZE)")?;
                Ok(fetches
                    .iter()
                    .filter_map(|f| Some((f.uid?, u64::from(f.size.unwrap_or(0)))))
                    .collect())
            })?;
            let join = |v: Vec<u32>| {
                v.iter()
                    .map(|u| u.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            };
            let small = join(
                sizes
                    .iter()
                    .filter(|(_, n)| *n <= max)
                    .map(|(u, _)| *u)
                    .collect(),
            );
            let big: Vec<(u32, u64)> = sizes.iter().filter(|(_, n)| *n > max).copied().collect();
            let mut got: Vec<(u32, Vec<u8>)> = Vec::new();
            if !small.is_empty() {
                got.extend(self.run("UID FETCH", |s| {
                    let fetches = s.uid_fetch(&small, "(UID BODY.PEEK[])")?;
                    Ok(fetches
                        .iter()
                        .filter_map(|f| Some((f.uid?, f.body()?.to_vec())))
                        .collect::<Vec<_>>())
                })?);
            }
            if !big.is_empty() {
                let set = join(big.iter().map(|(u, _)| *u).collect());
                let query = format!("(UID BODY.PEEK[]<0.{}>)", crate::copy::STUB_READ_BYTES);
                let heads: Vec<(u32, Vec<u8>)> = self.run("UID FETCH (partial)", |s| {
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
            let validity = self.uid_validity;
            out.extend(got.into_iter().map(|(uid, raw)| InboundMail {
                key: format!("imap:{validity}:{uid}"),
                raw,
            }));
        }
        Ok(out)
    }

    fn mark_done(&mut self, key: &str) -> Result<(), MailError> {
        let bad = || MailError::BadKey(key.to_string());
        let rest = key.strip_prefix("imap:").ok_or_else(bad)?;
        let (validity, uid) = rest.split_once(':').ok_or_else(bad)?;
        let validity: u32 = validity.parse().map_err(|_| bad())?;
        let uid: u32 = uid.parse().map_err(|_| bad())?;
        if uid == 0 {
            return Err(bad());
        }
        self.ensure_session()?;
        if validity != self.uid_validity {
            // The folder was rebuilt; the mail is fetched again under a new key and the
            // daemon recognises it by its Message-ID.
            tracing::warn!(
                key,
                current = self.uid_validity,
                "stale IMAP key, not marked"
            );
            return Ok(());
        }
        self.run("UID STORE +FLAGS (\\Seen)", |s| {
            s.uid_store(uid.to_string(), "+FLAGS.SILENT (\\Seen)")
                .map(|_| ())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn imap_config_reads_from_toml_with_default_mailbox() {
        let c: ImapConfig = toml::from_str(
            "host = \"imap.qq.com\"\nport = 993\nsecurity = \"tls\"\nuser = \"r@qq.com\"\npassword = \"hunter2\"\n",
        )
        .expect("toml");
        assert_eq!(c.mailbox, "INBOX");
        assert_eq!(c.security, Security::Tls);
        assert!(!format!("{c:?}").contains("hunter2"));
        let bad: Result<ImapConfig, _> = toml::from_str(
            "host = \"h\"\nport = 993\nsecurity = \"ssl\"\nuser = \"u\"\npassword = \"p\"\n",
        );
        assert!(bad.is_err());
    }

    #[test]
    fn connect_to_closed_port_is_an_error_not_a_hang() {
        let c = ImapConfig {
            host: "127.0.0.1".into(),
            port: 1,
            security: Security::Plain,
            user: "u".into(),
            password: "p".into(),
            mailbox: "INBOX".into(),
        };
        assert!(ImapInbox::connect(&c).is_err());
    }
}
