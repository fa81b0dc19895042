//! Reaching a mail server: the name resolved, a TCP connection opened and TLS set up, each
//! within a time limit and each failure said as what it is (a wrong name, a closed port, a
//! server that does not answer, a certificate refused), for the IMAP inbox, the SMTP outbox
//! and `maester check-mail`.

use std::fmt;
use std::io::ErrorKind;
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::OnceLock;
use std::time::Duration;

use rustls_connector::{RustlsConnector, RustlsConnectorConfig, TlsStream};

/// Where reaching a server stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unreached {
    /// The host name has no address (a typo, no network, no DNS).
    Dns,
    /// Nothing listens on the port (connection refused).
    Refused,
    /// No answer within the time limit (a firewall, a wrong port, a server down).
    Timeout,
    /// Another network error.
    Network,
    /// TLS could not be set up (certificate, protocol, a plain port given `tls`).
    Tls,
}

/// A failure to reach a server: where it stopped and what the system said.
#[derive(Debug, Clone)]
pub struct ReachError {
    /// Where.
    pub kind: Unreached,
    /// The system's words.
    pub detail: String,
}

impl fmt::Display for ReachError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.detail)
    }
}

/// Which [`Unreached`] an I/O error of a connection is.
pub fn kind_of(e: &std::io::Error) -> Unreached {
    match e.kind() {
        ErrorKind::ConnectionRefused => Unreached::Refused,
        ErrorKind::TimedOut | ErrorKind::WouldBlock => Unreached::Timeout,
        _ => Unreached::Network,
    }
}

/// Opens a TCP connection to `host:port` (each address of the name in turn), with `limit`
/// for the connection and for every later read and write on it.
pub fn tcp(host: &str, port: u16, limit: Duration) -> Result<TcpStream, ReachError> {
    let addrs: Vec<_> = (host, port)
        .to_socket_addrs()
        .map_err(|e| ReachError {
            kind: Unreached::Dns,
            detail: format!("the name {host} could not be resolved: {e}"),
        })?
        .collect();
    if addrs.is_empty() {
        return Err(ReachError {
            kind: Unreached::Dns,
            detail: format!("the name {host} has no address"),
        });
    }
    let mut last = None;
    for addr in addrs {
        match TcpStream::connect_timeout(&addr, limit) {
            Ok(tcp) => {
                tcp.set_read_timeout(Some(limit))
                    .and_then(|()| tcp.set_write_timeout(Some(limit)))
                    .map_err(|e| ReachError {
                        kind: kind_of(&e),
                        detail: format!("{host}:{port}: {e}"),
                    })?;
                return Ok(tcp);
            }
            Err(e) => last = Some((addr, e)),
        }
    }
    let (addr, e) = match last {
        Some(l) => l,
        None => {
            return Err(ReachError {
                kind: Unreached::Network,
                detail: format!("{host}:{port}: no address to connect to"),
            });
        }
    };
    Err(ReachError {
        kind: kind_of(&e),
        detail: format!("{host}:{port} ({addr}): {e}"),
    })
}

/// The TLS connector with the system's certificates (and `SSL_CERT_FILE`), made once.
fn connector() -> RustlsConnector {
    static CONNECTOR: OnceLock<RustlsConnector> = OnceLock::new();
    CONNECTOR
        .get_or_init(|| {
            let mut config = RustlsConnectorConfig::default();
            let certs = rustls_native_certs::load_native_certs().unwrap_or_default();
            config.add_parsable_certificates(certs);
            config.connector_with_no_client_auth()
        })
        .clone()
}

/// Sets up TLS on `tcp` for `host` (its certificate checked against the name).
pub fn tls(host: &str, tcp: TcpStream) -> Result<TlsStream<TcpStream>, ReachError> {
    connector().connect(host, tcp).map_err(|e| {
        let detail = e.to_string();
        // A read timeout on the blocking socket comes back as "would block" mid-handshake.
        let kind = match &e {
            rustls_connector::HandshakeError::WouldBlock(_) => Unreached::Timeout,
            rustls_connector::HandshakeError::Failure(io) if kind_of(io) == Unreached::Timeout => {
                Unreached::Timeout
            }
            _ => Unreached::Tls,
        };
        let detail = if kind == Unreached::Timeout {
            "no answer in time".to_string()
        } else {
            detail
        };
        ReachError {
            kind,
            detail: format!("TLS with {host}: {detail}"),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;
    use std::time::Instant;

    #[test]
    fn a_closed_port_is_refused_and_a_bad_name_is_dns() {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().expect("addr").port();
        drop(listener);
        let e = tcp("127.0.0.1", port, Duration::from_secs(2)).err();
        assert_eq!(e.map(|e| e.kind), Some(Unreached::Refused));
        let e = tcp("no-such-host.invalid", 993, Duration::from_secs(2)).err();
        assert_eq!(e.map(|e| e.kind), Some(Unreached::Dns));
    }

    #[test]
    fn a_server_that_never_speaks_tls_times_out() {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let hold = std::thread::spawn(move || listener.accept().map(|(s, _)| s));
        let start = Instant::now();
        let stream = tcp("127.0.0.1", port, Duration::from_millis(500)).expect("connect");
        let e = tls("localhost", stream).err();
        assert_eq!(e.map(|e| e.kind), Some(Unreached::Timeout));
        assert!(start.elapsed() < Duration::from_secs(3));
        drop(hold.join());
    }
}
