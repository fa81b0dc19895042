//! Unit tests of the IMAP inbox that need no server.

use super::*;
use crate::Security;
use crate::password::PasswordSource;

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
        password: PasswordSource::written("p"),
        mailbox: "INBOX".into(),
        timeout_seconds: crate::DEFAULT_IMAP_TIMEOUT_SECONDS,
    };
    assert!(ImapInbox::connect(&c).is_err());
}
