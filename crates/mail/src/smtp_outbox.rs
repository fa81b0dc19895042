//! Sending through a real SMTP server with lettre (synchronous transport, rustls).

use crate::password::{PasswordSource, Secret};
use std::fmt;
use std::time::{Duration, Instant};

use lettre::address::Envelope;
use lettre::transport::smtp::SmtpTransport;
use lettre::transport::smtp::authentication::{Credentials, Mechanism};
use lettre::{Address, Transport};

use super::{MailError, Outbox, Security};

/// Default seconds to wait for the SMTP server at each step (connect, greeting, each command).
pub const DEFAULT_SMTP_TIMEOUT_SECONDS: u64 = 15;

/// An OAuth2 token older than this is read again from its command before a mail is sent
/// (access tokens live about an hour; the helper keeps and refreshes them).
const TOKEN_AGE: Duration = Duration::from_secs(10 * 60);

/// SMTP settings, the `[mail.smtp]` table of the config file:
///
/// ```toml
/// host = "smtp.qq.com"
/// port = 465
/// security = "tls"        # plain | starttls | tls
/// user = "referee@qq.com" # optional; no AUTH without it
/// password = "app password"
/// timeout_seconds = 15    # optional: connect, greeting and each command
/// ```
#[derive(Clone, serde::Deserialize)]
pub struct SmtpConfig {
    /// Server host name (checked against the TLS certificate).
    pub host: String,
    /// Server port: usually 465 with `tls`, 587 with `starttls`.
    pub port: u16,
    /// Connection security.
    pub security: Security,
    /// Login name; when absent no authentication is tried.
    #[serde(default)]
    pub user: Option<String>,
    /// Where the password comes from (for QQ/163 mail: the "authorization code"), read when
    /// the transport is made.
    #[serde(flatten)]
    pub password: PasswordSource,
    /// Seconds to wait for the server to connect, greet and answer each command (default
    /// [`DEFAULT_SMTP_TIMEOUT_SECONDS`]); a server slower than this counts as unreachable.
    #[serde(default = "default_timeout")]
    pub timeout_seconds: u64,
}

fn default_timeout() -> u64 {
    DEFAULT_SMTP_TIMEOUT_SECONDS
}

impl SmtpConfig {
    /// Plain SMTP on `host:port` without authentication and with the default timeout (tests,
    /// local relays).
    pub fn plain(host: &str, port: u16) -> SmtpConfig {
        SmtpConfig {
            host: host.to_string(),
            port,
            security: Security::Plain,
            user: None,
            password: PasswordSource::default(),
            timeout_seconds: DEFAULT_SMTP_TIMEOUT_SECONDS,
        }
    }
}

impl fmt::Debug for SmtpConfig {
    /// Like a derived `Debug`, but the password is never printed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmtpConfig")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("security", &self.security)
            .field("user", &self.user)
            .field("password", &self.password)
            .field("timeout_seconds", &self.timeout_seconds)
            .finish()
    }
}

/// Sends raw mail bytes through an SMTP server. Each [`Outbox::send`] opens its own
/// connection (reports go out in small bursts; no pooling needed).
pub struct SmtpOutbox {
    transport: SmtpTransport,
    config: SmtpConfig,
    /// When the OAuth2 token in the transport was read (`None`: a password or no login).
    token_read: Option<Instant>,
}

impl fmt::Debug for SmtpOutbox {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmtpOutbox")
            .field("config", &self.config)
            .finish()
    }
}

impl SmtpOutbox {
    /// Prepares the transport. Does not connect: errors of the server show up at `send`.
    pub fn new(config: &SmtpConfig) -> Result<Self, MailError> {
        let (transport, token) = transport(config)?;
        Ok(SmtpOutbox {
            transport,
            config: config.clone(),
            token_read: token.then(Instant::now),
        })
    }

    /// Connects, says EHLO (STARTTLS, TLS) and logs in, then quits: what `send` does before a
    /// mail, without one (`maester check-mail`).
    pub fn test_login(&mut self) -> Result<(), MailError> {
        self.fresh_token()?;
        match self.transport.test_connection() {
            Ok(_) => Ok(()),
            Err(e) if self.token_read.is_some() && refused_login(&e) => {
                self.renew()?;
                self.transport
                    .test_connection()
                    .map(|_| ())
                    .map_err(|e| self.error(&e))
            }
            Err(e) => Err(self.error(&e)),
        }
    }

    /// The transport made again with the token read again.
    fn renew(&mut self) -> Result<(), MailError> {
        let (transport, _) = transport(&self.config)?;
        self.transport = transport;
        self.token_read = Some(Instant::now());
        Ok(())
    }

    /// A token read long ago is read again before it is used.
    fn fresh_token(&mut self) -> Result<(), MailError> {
        match self.token_read {
            Some(at) if at.elapsed() >= TOKEN_AGE => self.renew(),
            _ => Ok(()),
        }
    }

    fn error(&self, e: &lettre::transport::smtp::Error) -> MailError {
        let text = format!("via {}:{}: {e}", self.config.host, self.config.port);
        if e.is_permanent() {
            MailError::SmtpRefused(text)
        } else if e.is_transient() {
            MailError::Smtp(text)
        } else {
            // No SMTP answer at all: refused or dropped connection, timeout, TLS failure.
            MailError::SmtpUnreachable(text)
        }
    }
}

/// Whether the server refused the login (a wrong or expired token): 535/534/530, or the
/// XOAUTH2 error challenge lettre does not answer.
fn refused_login(e: &lettre::transport::smtp::Error) -> bool {
    let code = e.status().map(|c| c.to_string());
    matches!(code.as_deref(), Some("535" | "534" | "530")) || e.is_client()
}

/// The transport of `config`, and whether its login is an OAuth2 token.
fn transport(config: &SmtpConfig) -> Result<(SmtpTransport, bool), MailError> {
    let host = config.host.trim();
    if host.is_empty() {
        return Err(MailError::Config("smtp host is empty".into()));
    }
    let tls_err = |e: lettre::transport::smtp::Error| {
        MailError::Config(format!("smtp TLS setup for {host}: {e}"))
    };
    let mut builder = match config.security {
        Security::Plain => SmtpTransport::builder_dangerous(host),
        Security::Starttls => SmtpTransport::starttls_relay(host).map_err(tls_err)?,
        Security::Tls => SmtpTransport::relay(host).map_err(tls_err)?,
    }
    .port(config.port)
    .timeout(Some(Duration::from_secs(config.timeout_seconds.max(1))));
    let mut token = false;
    match (&config.user, config.password.secret("[mail.smtp]")?) {
        (Some(user), Some(Secret::Password(password))) => {
            builder = builder.credentials(Credentials::new(user.clone(), password));
        }
        (Some(user), Some(Secret::Token(t))) => {
            token = true;
            builder = builder
                .credentials(Credentials::new(user.clone(), t))
                .authentication(vec![Mechanism::Xoauth2]);
        }
        (Some(_), None) => {
            return Err(MailError::Config(
                "smtp user given without a password".into(),
            ));
        }
        _ => {}
    }
    Ok((builder.build(), token))
}

impl Outbox for SmtpOutbox {
    /// The server has the mail once it accepted it.
    fn final_on_send(&self) -> bool {
        true
    }

    fn send(&mut self, envelope_from: &str, to: &[String], raw: &[u8]) -> Result<(), MailError> {
        let from = match envelope_from.trim() {
            "" => None,
            f => Some(
                f.parse::<Address>()
                    .map_err(|e| MailError::Compose(format!("envelope sender {f:?}: {e}")))?,
            ),
        };
        let rcpts = to
            .iter()
            .map(|t| {
                t.trim()
                    .parse::<Address>()
                    .map_err(|e| MailError::Compose(format!("envelope recipient {t:?}: {e}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let envelope =
            Envelope::new(from, rcpts).map_err(|e| MailError::Compose(format!("envelope: {e}")))?;
        self.fresh_token()?;
        match self.transport.send_raw(&envelope, raw) {
            Ok(_) => Ok(()),
            Err(e) if self.token_read.is_some() && refused_login(&e) => {
                tracing::info!(error = %e, "SMTP refused the OAuth2 token: asking the token command again");
                self.renew()?;
                self.transport
                    .send_raw(&envelope, raw)
                    .map(|_| ())
                    .map_err(|e| self.error(&e))
            }
            Err(e) => Err(self.error(&e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smtp_config_reads_from_toml_and_hides_the_password() {
        let c: SmtpConfig = toml::from_str(
            "host = \"smtp.qq.com\"\nport = 465\nsecurity = \"tls\"\nuser = \"r@qq.com\"\npassword = \"hunter2\"\n",
        )
        .expect("toml");
        assert_eq!(c.security, Security::Tls);
        assert_eq!(c.timeout_seconds, DEFAULT_SMTP_TIMEOUT_SECONDS);
        let dbg = format!("{c:?}");
        assert!(
            !dbg.contains("hunter2") && dbg.contains("redacted"),
            "{dbg}"
        );
        assert!(SmtpOutbox::new(&c).is_ok());
    }

    #[test]
    fn bad_envelope_is_a_compose_error_and_dead_server_an_smtp_error() {
        let c = SmtpConfig::plain("127.0.0.1", 1); // nothing listens there
        let mut out = SmtpOutbox::new(&c).expect("new");
        let to = vec!["a@b.example".to_string()];
        assert!(matches!(
            out.send("not an address", &to, b"x"),
            Err(MailError::Compose(_))
        ));
        assert!(matches!(
            out.send("", &[], b"x"),
            Err(MailError::Compose(_))
        ));
        assert!(matches!(
            out.send("", &to, b"Subject: x\r\n\r\nx\r\n"),
            Err(MailError::SmtpUnreachable(_))
        ));
    }
}

#[cfg(test)]
mod timeout_tests {
    use super::*;
    use std::net::TcpListener;
    use std::time::Instant;

    #[test]
    fn a_server_that_never_greets_times_out_as_unreachable() {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().expect("addr").port();
        // Accept and hold the connection, never saying a word.
        let hold = std::thread::spawn(move || listener.accept().map(|(s, _)| s));
        let mut c = SmtpConfig::plain("127.0.0.1", port);
        c.timeout_seconds = 1;
        let mut out = SmtpOutbox::new(&c).expect("new");
        let start = Instant::now();
        let r = out.send("", &["a@b.example".to_string()], b"Subject: x\r\n\r\nx\r\n");
        assert!(matches!(r, Err(MailError::SmtpUnreachable(_))), "{r:?}");
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{:?}",
            start.elapsed()
        );
        drop(hold.join());
    }
}
