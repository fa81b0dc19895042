//! Secrets at rest: what maester writes is private to its user, a config that holds a mail
//! password and that others can read is warned about, and so is a password sent unencrypted.

mod maildir_support;

use maildir_support::*;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

fn mode(p: &Path) -> u32 {
    match std::fs::metadata(p) {
        Ok(m) => m.permissions().mode() & 0o777,
        Err(e) => panic!("{}: {e}", p.display()),
    }
}

#[test]
fn the_database_and_the_mail_folders_are_created_private() {
    let dir = temp_dir("private");
    let cfg = write_config(&dir, "priv");
    let out = maester(&cfg, &["new-game"], None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let db = dir.join("maester.sqlite");
    assert_eq!(mode(&db), 0o600, "the database");
    let outbox = dir.join("mail/outbox");
    assert_eq!(mode(&outbox) & 0o077, 0, "the outbox folder");
    let mut mails = 0;
    for e in std::fs::read_dir(&outbox).into_iter().flatten().flatten() {
        if e.path().is_file() {
            assert_eq!(mode(&e.path()), 0o600, "{}", e.path().display());
            mails += 1;
        }
    }
    assert_eq!(mails, 6, "the six welcome mails");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_readable_config_with_a_password_and_a_plain_password_are_warned_about() {
    let dir = temp_dir("cfgwarn");
    std::fs::create_dir_all(&dir).unwrap_or_default();
    let cfg = dir.join("maester.toml");
    let text = "[daemon]\naddress = \"r@example.org\"\n[mail]\ntransport = \"imap\"\n\
                [mail.imap]\nhost = \"imap.example.org\"\nport = 143\nsecurity = \"plain\"\n\
                user = \"r\"\npassword = \"hunter2\"\n\
                [mail.smtp]\nhost = \"smtp.example.org\"\nport = 465\nsecurity = \"tls\"\n";
    std::fs::write(&cfg, text).unwrap_or_default();
    std::fs::set_permissions(&cfg, std::fs::Permissions::from_mode(0o644)).unwrap_or_default();
    let config = match maester::config::Config::load(&cfg) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    let w = config.warnings(&cfg);
    assert!(w.iter().any(|l| l.contains("chmod 600")), "{w:?}");
    assert!(
        w.iter()
            .any(|l| l.contains("[mail.imap]") && l.contains("unencrypted")),
        "{w:?}"
    );
    assert!(!w.iter().any(|l| l.contains("[mail.smtp]")), "{w:?}");
    std::fs::set_permissions(&cfg, std::fs::Permissions::from_mode(0o600)).unwrap_or_default();
    let w = config.warnings(&cfg);
    assert!(!w.iter().any(|l| l.contains("chmod")), "{w:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
