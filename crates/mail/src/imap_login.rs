//! Opening an IMAP session: the server reached ([`crate::reach`]: TCP, TLS or STARTTLS, each
//! within `timeout_seconds`), its greeting read, and the login — `LOGIN` with a password, or
//! `AUTHENTICATE XOAUTH2` / `OAUTHBEARER` with an OAuth2 access token, the token command run
//! again once when the server refuses its token (it may have expired in the helper's cache).

use std::cell::Cell;
use std::io::{Read, Write};
use std::net::TcpStream;

use imap::{Client, Connection, Session};

use crate::imap_config::ImapConfig;
use crate::password::Secret;
use crate::reach::{self, ReachError};
use crate::{MailError, Security};

/// How a refused IMAP login is said ([`crate::is_login_failure`]).
pub const LOGIN_REFUSED: &str = "login refused";

/// Why no session could be opened, step by step (for `maester check-mail`).
#[derive(Debug)]
pub enum LoginError {
    /// The password or token could not be read.
    Secret(MailError),
    /// The server was not reached.
    Reach(ReachError),
    /// It was reached but did not greet (or refused STARTTLS).
    Greeting(String),
    /// It refused the login (wrong user, password or token; the server's words).
    Refused(String),
    /// The connection broke during the login.
    Broken(String),
}

impl std::fmt::Display for LoginError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoginError::Secret(e) => write!(f, "{e}"),
            LoginError::Reach(e) => write!(f, "{e}"),
            LoginError::Greeting(m) => write!(f, "no IMAP greeting: {m}"),
            LoginError::Refused(m) => write!(f, "{LOGIN_REFUSED}: {m}"),
            LoginError::Broken(m) => write!(f, "connection lost during the login: {m}"),
        }
    }
}

impl From<LoginError> for MailError {
    fn from(e: LoginError) -> MailError {
        match e {
            LoginError::Secret(e) => e,
            other => MailError::Imap(other.to_string()),
        }
    }
}

/// A connection with its greeting read, not logged in, and a second handle on its socket (its
/// timeouts can be changed once the session holds the stream).
pub struct Opened {
    /// The client.
    pub client: Client<Connection>,
    /// The same socket.
    pub socket: TcpStream,
}

/// Reaches the server of `c` and reads its greeting (STARTTLS done when configured).
pub fn open(c: &ImapConfig) -> Result<Opened, LoginError> {
    let host = c.host.trim();
    let tcp = reach::tcp(host, c.port, c.limit()).map_err(LoginError::Reach)?;
    let socket = tcp
        .try_clone()
        .map_err(|e| LoginError::Broken(format!("socket: {e}")))?;
    let greeting = |e: imap::Error| match e {
        imap::Error::Io(io) => LoginError::Reach(ReachError {
            kind: reach::kind_of(&io),
            detail: format!("{host}:{}: no greeting: {io}", c.port),
        }),
        other => LoginError::Greeting(other.to_string()),
    };
    let client = match c.security {
        Security::Plain => {
            let mut client = Client::new(Box::new(tcp) as Connection);
            client.read_greeting().map_err(greeting)?;
            client
        }
        Security::Tls => {
            let tls = reach::tls(host, tcp).map_err(LoginError::Reach)?;
            let mut client = Client::new(Box::new(tls) as Connection);
            client.read_greeting().map_err(greeting)?;
            client
        }
        Security::Starttls => {
            let tcp = starttls(tcp, host, c.port)?;
            let tls = reach::tls(host, tcp).map_err(LoginError::Reach)?;
            let mut client = Client::new(Box::new(tls) as Connection);
            client.greeting_read = true;
            client
        }
    };
    Ok(Opened { client, socket })
}

/// One line from the server, read a byte at a time (nothing read past it: TLS starts next).
fn line_of(tcp: &mut TcpStream) -> std::io::Result<String> {
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    while line.len() < 8192 {
        if tcp.read(&mut byte)? == 0 {
            return Err(std::io::Error::from(std::io::ErrorKind::UnexpectedEof));
        }
        line.push(byte[0]);
        if byte[0] == b'\n' {
            break;
        }
    }
    Ok(String::from_utf8_lossy(&line).trim_end().to_string())
}

/// The plain part of STARTTLS (RFC 3501 6.2.1): the greeting, the command and its OK.
fn starttls(mut tcp: TcpStream, host: &str, port: u16) -> Result<TcpStream, LoginError> {
    let io = |e: std::io::Error| {
        LoginError::Reach(ReachError {
            kind: reach::kind_of(&e),
            detail: format!("{host}:{port}: no greeting: {e}"),
        })
    };
    let greeting = line_of(&mut tcp).map_err(io)?;
    if !greeting.starts_with("* OK") && !greeting.starts_with("* PREAUTH") {
        return Err(LoginError::Greeting(format!(
            "{host}:{port} said {greeting:?}"
        )));
    }
    tcp.write_all(b"m0 STARTTLS\r\n").map_err(io)?;
    loop {
        let line = line_of(&mut tcp).map_err(io)?;
        if let Some(answer) = line.strip_prefix("m0 ") {
            if answer.starts_with("OK") {
                return Ok(tcp);
            }
            return Err(LoginError::Greeting(format!(
                "{host}:{port} refused STARTTLS: {answer}"
            )));
        }
    }
}

/// The SASL mechanism for a token: XOAUTH2 unless the server offers only OAUTHBEARER.
pub fn token_mechanism(client: &mut Client<Connection>) -> &'static str {
    let caps = client.capabilities();
    match caps {
        Ok(c) if !c.has_str("AUTH=XOAUTH2") && c.has_str("AUTH=OAUTHBEARER") => "OAUTHBEARER",
        _ => "XOAUTH2",
    }
}

/// The client's answer to the server's challenges for a token (RFC 7628 and Google's XOAUTH2):
/// the token first; an error challenge afterwards is answered as the mechanism asks, so that
/// the server ends the exchange with its NO.
struct Bearer<'a> {
    mechanism: &'static str,
    user: &'a str,
    token: &'a str,
    host: &'a str,
    port: u16,
    sent: Cell<bool>,
}

impl imap::Authenticator for Bearer<'_> {
    type Response = String;
    fn process(&self, _challenge: &[u8]) -> String {
        if self.sent.replace(true) {
            return match self.mechanism {
                "OAUTHBEARER" => "\u{1}".to_string(),
                _ => String::new(),
            };
        }
        match self.mechanism {
            "OAUTHBEARER" => format!(
                "n,a={},\u{1}host={}\u{1}port={}\u{1}auth=Bearer {}\u{1}\u{1}",
                self.user.replace('=', "=3D").replace(',', "=2C"),
                self.host,
                self.port,
                self.token
            ),
            _ => format!(
                "user={}\u{1}auth=Bearer {}\u{1}\u{1}",
                self.user, self.token
            ),
        }
    }
}

/// Logs in on an opened connection with `secret`.
pub fn authenticate(
    opened: Opened,
    c: &ImapConfig,
    secret: &Secret,
) -> Result<(Session<Connection>, TcpStream), LoginError> {
    let Opened { mut client, socket } = opened;
    let refused = |e: imap::Error| match e {
        imap::Error::No(_) | imap::Error::Bad(_) | imap::Error::Validate(_) => {
            LoginError::Refused(e.to_string())
        }
        imap::Error::Io(io) if reach::kind_of(&io) == reach::Unreached::Timeout => {
            LoginError::Broken(format!(
                "no answer to the login within {} s (timeout_seconds)",
                c.timeout_seconds
            ))
        }
        other => LoginError::Broken(other.to_string()),
    };
    let session = match secret {
        Secret::Password(p) => client.login(&c.user, p).map_err(|(e, _)| refused(e))?,
        Secret::Token(t) => {
            let mechanism = token_mechanism(&mut client);
            let bearer = Bearer {
                mechanism,
                user: &c.user,
                token: t,
                host: c.host.trim(),
                port: c.port,
                sent: Cell::new(false),
            };
            client
                .authenticate(mechanism, &bearer)
                .map_err(|(e, _)| refused(e))?
        }
    };
    Ok((session, socket))
}

/// Opens a logged-in session as the daemon does: the secret read, the server reached, the
/// login; a refused token is read again from its command once and tried on a new connection.
pub fn login(c: &ImapConfig) -> Result<(Session<Connection>, TcpStream), LoginError> {
    let secret = c
        .password
        .secret("[mail.imap]")
        .map_err(LoginError::Secret)?
        .unwrap_or(Secret::Password(String::new()));
    match authenticate(open(c)?, c, &secret) {
        Err(LoginError::Refused(m)) if matches!(secret, Secret::Token(_)) => {
            tracing::info!(refused = %m, "IMAP refused the OAuth2 token: asking the token command again");
            let again = c
                .password
                .secret("[mail.imap]")
                .map_err(LoginError::Secret)?
                .unwrap_or(Secret::Password(String::new()));
            authenticate(open(c)?, c, &again)
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use imap::Authenticator;

    fn bearer(mechanism: &'static str) -> Bearer<'static> {
        Bearer {
            mechanism,
            user: "r@x.example",
            token: "T0K",
            host: "imap.x.example",
            port: 993,
            sent: Cell::new(false),
        }
    }

    /// XOAUTH2 (Google's) and OAUTHBEARER (RFC 7628): the token first; the server's error
    /// challenge after a refused token is answered as each mechanism asks, so that the server
    /// ends the exchange with its NO.
    #[test]
    fn a_token_is_sent_as_each_mechanism_wants_and_an_error_challenge_is_closed() {
        let x = bearer("XOAUTH2");
        assert_eq!(
            x.process(b""),
            "user=r@x.example\u{1}auth=Bearer T0K\u{1}\u{1}"
        );
        assert_eq!(x.process(b"{\"status\":\"401\"}"), "");
        let o = bearer("OAUTHBEARER");
        assert_eq!(
            o.process(b""),
            "n,a=r@x.example,\u{1}host=imap.x.example\u{1}port=993\u{1}auth=Bearer T0K\u{1}\u{1}"
        );
        assert_eq!(o.process(b"{\"status\":\"invalid_token\"}"), "\u{1}");
    }
}
