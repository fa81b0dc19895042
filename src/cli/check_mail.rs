//! `maester check-mail`: the referee's mailbox tried as the daemon would use it, before any
//! player is mailed — IMAP (secret, server, login, `ID`, folders, IDLE) and SMTP (server,
//! login), and with `--send-test` one test mail to the GM found again in the referee's inbox.
//! Every step is printed with what was found or, when it failed, why and what to change; the
//! exit status is non-zero when any step failed.

use maester::config::Config;
use maester::error::Error;
use maester::mail::probe::{self, Check, Problem, Step};
use maester::mail::reach::Unreached;
use maester::mail::{AutoSubmitted, Mailbox, OutgoingMail, compose, new_message_id};
use std::path::Path;
use std::time::Duration;

/// `maester check-mail [--send-test]`.
pub fn check_mail(config: &Path, send_test: bool) -> Result<(), Error> {
    let c = Config::load(config)?;
    let (Some(imap), Some(smtp)) = (&c.mail.imap, &c.mail.smtp) else {
        maester::say!(
            "{}: mail.transport = \"{}\": mail is read from and written to folders ({}); no server to check",
            config.display(),
            c.mail.transport,
            super::service::mail_route(&c)
        );
        return Ok(());
    };
    let mut failures = 0;
    maester::say!(
        "IMAP {}:{} as {} (timeout {} s)",
        imap.host.trim(),
        imap.port,
        imap.user,
        imap.timeout_seconds
    );
    let checks = probe::imap(imap, &c.mail.folders);
    failures += print(&checks, "imap", imap.port, imap.timeout_seconds);
    let imap_ok = checks
        .iter()
        .any(|k| k.step == Step::Login && k.result.is_ok());
    maester::say!(
        "SMTP {}:{}{} (timeout {} s)",
        smtp.host.trim(),
        smtp.port,
        smtp.user
            .as_deref()
            .map(|u| format!(" as {u}"))
            .unwrap_or_default(),
        smtp.timeout_seconds
    );
    let checks = probe::smtp(smtp);
    failures += print(&checks, "smtp", smtp.port, smtp.timeout_seconds);
    match c.mail.budget.per_day {
        0 => maester::say!(
            "  note    sending budget: none ([mail.budget] per_day = 0); QQ and 163 cap personal \
             accounts at a few hundred mails a day, a round sends 50 to 120"
        ),
        n => maester::say!("  ok      sending budget: {n} mails a day ([mail.budget] per_day)"),
    }
    let smtp_ok = checks
        .iter()
        .any(|k| k.step == Step::SmtpLogin && k.result.is_ok());
    if send_test {
        match (&c.daemon.gm_address, imap_ok && smtp_ok) {
            (None, _) => {
                maester::say!(
                    "  FAILED  test mail: [daemon] gm_address is not set: nobody to send it to"
                );
                failures += 1;
            }
            (Some(_), false) => {
                maester::say!("  skipped test mail: IMAP and SMTP must work first");
                failures += 1;
            }
            (Some(gm), true) => {
                maester::say!("test mail to {gm}");
                let checks = test_mail(&c, imap, smtp, gm)?;
                failures += print(&checks, "smtp", smtp.port, smtp.timeout_seconds);
            }
        }
    } else if failures == 0 {
        maester::say!("(`--send-test` also mails the GM a test mail and looks for it)");
    }
    if failures > 0 {
        eprintln!(
            "maester: check-mail: {failures} step{} failed",
            if failures == 1 { "" } else { "s" }
        );
        return Err(Error::Reported);
    }
    maester::say!("check-mail: every step worked");
    Ok(())
}

/// Sends the test mail to the GM and to the referee's own address, and looks for it.
fn test_mail(
    c: &Config,
    imap: &maester::mail::ImapConfig,
    smtp: &maester::mail::SmtpConfig,
    gm: &str,
) -> Result<Vec<Check>, Error> {
    let now = chrono::Utc::now();
    let seed = format!("check-mail {}", now.timestamp_nanos_opt().unwrap_or(0));
    let message_id = new_message_id(&c.domain(), seed.as_bytes());
    let referee = c.daemon.address.trim().to_string();
    let (subject, text) = maester::words::mail_ops::test_mail(&referee);
    let mail = OutgoingMail {
        message_id: message_id.clone(),
        from: Mailbox::new(c.daemon.name.clone(), referee.clone()),
        to: vec![Mailbox::new("", gm.trim())],
        subject,
        text,
        in_reply_to: None,
        references: Vec::new(),
        auto_submitted: AutoSubmitted::Generated,
        attachments: Vec::new(),
        html: None,
    };
    let raw = compose(&mail)?;
    let to = vec![gm.trim().to_string(), referee.clone()];
    let wait = Duration::from_secs((smtp.timeout_seconds * 4).clamp(30, 120));
    Ok(probe::send_test(
        smtp,
        imap,
        &referee,
        &to,
        &raw,
        &message_id,
        wait,
    ))
}

/// Prints the checks; the number that failed.
fn print(checks: &[Check], table: &str, port: u16, timeout: u64) -> usize {
    let mut failed = 0;
    for k in checks {
        let what = step_name(&k.step);
        match &k.result {
            Ok(found) => maester::say!("  ok      {what}: {found}"),
            Err(p) => {
                failed += 1;
                maester::say!("  FAILED  {what}: {}", problem_text(p));
                maester::say!("          hint: {}", hint(p, &k.step, table, port, timeout));
            }
        }
    }
    failed
}

fn step_name(step: &Step) -> String {
    match step {
        Step::Secret => "secret".into(),
        Step::Reach => "server".into(),
        Step::Greeting => "greeting".into(),
        Step::Login => "login".into(),
        Step::Capabilities => "capabilities".into(),
        Step::Id => "ID".into(),
        Step::ReadFolder(f) => format!("folder read {f}"),
        Step::WriteFolder(f) => format!("folder written {f}"),
        Step::Idle => "IDLE".into(),
        Step::SmtpLogin => "SMTP greeting and login".into(),
        Step::Send => "test mail sent".into(),
        Step::Delivered => "test mail found in the referee's inbox".into(),
    }
}

fn problem_text(p: &Problem) -> String {
    match p {
        Problem::Secret(m)
        | Problem::Unreached(_, m)
        | Problem::Greeting(m)
        | Problem::Broken(m)
        | Problem::Smtp(m)
        | Problem::NotDelivered(m) => m.clone(),
        Problem::Refused(m) => format!("the server refused it ({m})"),
        Problem::Missing(m) => format!("no such folder ({m})"),
        Problem::NotCreatable(m) => format!("missing and could not be created ({m})"),
        Problem::ReadOnly(f) => format!("{f} opens read-only"),
    }
}

fn hint(p: &Problem, step: &Step, table: &str, port: u16, timeout: u64) -> String {
    let ports = if table == "imap" {
        "IMAP: 993 with security = \"tls\", 143 with \"starttls\""
    } else {
        "SMTP: 465 with security = \"tls\", 587 with \"starttls\""
    };
    match p {
        Problem::Secret(_) => format!(
            "[mail.{table}]: set the variable in the daemon's environment, or run the command by \
             hand as the daemon's user; a command that waits for input or a browser is stopped \
             after command_timeout_seconds"
        ),
        Problem::Unreached(Unreached::Dns, _) => format!(
            "[mail.{table}] host: the name does not resolve; check its spelling (e.g. \
             imap.qq.com, smtp.163.com, outlook.office365.com) and the network"
        ),
        Problem::Unreached(Unreached::Refused, _) => format!(
            "nothing listens on port {port}: check [mail.{table}] port ({ports}) and that the \
             provider has IMAP/SMTP turned on in the web mail's settings"
        ),
        Problem::Unreached(Unreached::Timeout, _) => format!(
            "no answer within {timeout} s: a firewall, a wrong port ({ports}) or a server down; \
             [mail.{table}] timeout_seconds sets the limit"
        ),
        Problem::Unreached(Unreached::Tls, _) => format!(
            "TLS failed: a port that speaks plain text at first wants \"starttls\" ({ports}), or \
             the server's certificate does not name [mail.{table}] host"
        ),
        Problem::Unreached(Unreached::Network, _) | Problem::Broken(_) => {
            "the network or the server dropped the connection: try again".to_string()
        }
        Problem::Greeting(_) => format!(
            "the port answered but not as expected: check [mail.{table}] port and security ({ports})"
        ),
        Problem::Refused(_) => format!(
            "wrong [mail.{table}] user or password: QQ, 163 and 126 mail want the authorization \
             code from the web mail's settings, not the account's password; Gmail an app \
             password or OAuth2; Outlook and Microsoft 365 OAuth2 (oauth2_token_command, see \
             docs/operations.md)"
        ),
        Problem::Missing(_) => match step {
            Step::ReadFolder(f) => format!(
                "no folder {f} on the server: check [mail.imap] mailbox and [mail.folders] extra \
                 against the folder names the web mail shows (the junk folder may be called \
                 \"Junk E-mail\")"
            ),
            _ => "create the folder in the web mail".to_string(),
        },
        Problem::NotCreatable(_) => "create it in the web mail, or set its key in [mail.folders] \
                                     to \"\" to leave such mail where it is"
            .to_string(),
        Problem::ReadOnly(_) => {
            "maester cannot mark mails done there: use a folder the login may change".to_string()
        }
        Problem::Smtp(_) => match step {
            Step::Send => "the server refused the test mail: check [daemon] address (some \
                           providers only send from the login's own address) and the daily \
                           sending limit"
                .to_string(),
            _ => format!(
                "check [mail.smtp] user and password (the authorization code for QQ/163/126), \
                 port and security ({ports})"
            ),
        },
        Problem::NotDelivered(_) => "sent, but not in the referee's inbox in time: look in its \
                                     Junk folder, and check that [daemon] address is the \
                                     mailbox [mail.imap] reads"
            .to_string(),
    }
}
