//! Delivery status notifications (RFC 3464): the bounce a mail server sends back when a mail
//! could not be delivered. [`parse_dsn`] reads a `multipart/report` bounce: each recipient's
//! `Final-Recipient`, `Action`, `Status` and `Diagnostic-Code`, and the Message-ID of the mail
//! that bounced (from the returned message or its headers), so the daemon can tell which of
//! its own mails did not arrive.

use mail_parser::{MessageParser, MimeHeaders, PartType};

/// One recipient of a delivery status notification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DsnRecipient {
    /// The address the mail could not reach (`Final-Recipient`, else `Original-Recipient`),
    /// lower-cased, without the `rfc822;` type.
    pub recipient: String,
    /// `failed`, `delayed`, `delivered`, `relayed` or `expanded` (lower-cased).
    pub action: String,
    /// The status code, e.g. `5.1.1` (empty when missing).
    pub status: String,
    /// The remote server's words (`Diagnostic-Code` without its `smtp;` type), maybe empty.
    pub diagnostic: String,
}

impl DsnRecipient {
    /// The mail did not and will not arrive (`failed`, or a `5.x.x` status).
    pub fn is_failure(&self) -> bool {
        self.action == "failed" || self.status.starts_with('5')
    }
}

/// What a delivery status notification says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dsn {
    /// The Message-ID (bare) of the mail it is about, when the report carries it.
    pub original_message_id: Option<String>,
    /// One entry per recipient reported on.
    pub recipients: Vec<DsnRecipient>,
}

/// Reads a `multipart/report; report-type=delivery-status` mail, or a plain-text bounce with an
/// `X-Failed-Recipients` header (the returned message's `Message-ID` read from the quoted
/// headers). `None` when neither gives at least one recipient.
pub fn parse_dsn(raw: &[u8]) -> Option<Dsn> {
    let msg = MessageParser::default().parse(raw)?;
    let mut recipients = Vec::new();
    let mut original = None;
    for part in msg.parts.iter() {
        let (ctype, subtype) = part
            .content_type()
            .map(|c| {
                (
                    c.ctype().to_ascii_lowercase(),
                    c.subtype().unwrap_or("").to_ascii_lowercase(),
                )
            })
            .unwrap_or_default();
        match (ctype.as_str(), subtype.as_str(), &part.body) {
            (_, _, PartType::Message(m)) if original.is_none() => {
                original = m.message_id().map(bare_id);
            }
            ("message", "delivery-status" | "global-delivery-status", _) => {
                let text = String::from_utf8_lossy(part.contents());
                recipients.extend(status_fields(&text));
            }
            ("text", "rfc822-headers", _) | ("message", "rfc822-headers", _)
                if original.is_none() =>
            {
                original = header_message_id(&String::from_utf8_lossy(part.contents()));
            }
            _ => {}
        }
    }
    if recipients.is_empty() {
        // A plain-text bounce (Exim and others): the failed addresses in X-Failed-Recipients,
        // the returned message's headers quoted in the text.
        recipients = failed_recipients_header(&msg);
        if original.is_none() {
            let text: String = (0..msg.text_body.len())
                .filter_map(|i| msg.body_text(i))
                .collect::<Vec<_>>()
                .join("\n");
            original = header_message_id(&text);
        }
    }
    if recipients.is_empty() {
        return None;
    }
    Some(Dsn {
        original_message_id: original,
        recipients,
    })
}

/// The addresses of an `X-Failed-Recipients` header, as failed recipients without a status.
fn failed_recipients_header(msg: &mail_parser::Message<'_>) -> Vec<DsnRecipient> {
    msg.header_raw("X-Failed-Recipients")
        .map(|v| {
            v.split(',')
                .map(|a| a.trim().trim_matches(['<', '>']).to_ascii_lowercase())
                .filter(|a| a.contains('@'))
                .map(|recipient| DsnRecipient {
                    recipient,
                    action: "failed".into(),
                    status: "5.0.0".into(),
                    diagnostic: String::new(),
                })
                .collect()
        })
        .unwrap_or_default()
}

fn bare_id(id: &str) -> String {
    id.trim()
        .trim_start_matches('<')
        .trim_end_matches('>')
        .to_string()
}

/// The `Message-ID` of a header block given as text.
fn header_message_id(text: &str) -> Option<String> {
    fields(text)
        .into_iter()
        .find(|(k, _)| k == "message-id")
        .map(|(_, v)| bare_id(&v))
        .filter(|v| !v.is_empty())
}

/// `name: value` fields of a block of header-like lines (continuations unfolded), names
/// lower-cased, in order; a blank line is kept as an empty name (a block separator).
fn fields(text: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if line.trim().is_empty() {
            out.push((String::new(), String::new()));
        } else if line.starts_with([' ', '\t']) {
            if let Some(last) = out.last_mut().filter(|(k, _)| !k.is_empty()) {
                last.1.push(' ');
                last.1.push_str(line.trim());
            }
        } else if let Some((k, v)) = line.split_once(':') {
            out.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
        }
    }
    out
}

/// The per-recipient blocks of a `message/delivery-status` body.
fn status_fields(text: &str) -> Vec<DsnRecipient> {
    let typed = |v: &str| match v.split_once(';') {
        Some((_, rest)) => rest.trim().to_string(),
        None => v.trim().to_string(),
    };
    let mut out = Vec::new();
    let mut cur: Option<DsnRecipient> = None;
    let flush = |cur: &mut Option<DsnRecipient>, out: &mut Vec<DsnRecipient>| {
        if let Some(r) = cur.take().filter(|r| !r.recipient.is_empty()) {
            out.push(r);
        }
    };
    for (k, v) in fields(text) {
        let entry = || DsnRecipient {
            recipient: String::new(),
            action: String::new(),
            status: String::new(),
            diagnostic: String::new(),
        };
        match k.as_str() {
            "" => {
                flush(&mut cur, &mut out);
            }
            "original-recipient" => {
                let r = cur.get_or_insert_with(entry);
                if r.recipient.is_empty() {
                    r.recipient = typed(&v).to_ascii_lowercase();
                }
            }
            "final-recipient" => {
                cur.get_or_insert_with(entry).recipient = typed(&v).to_ascii_lowercase();
            }
            "action" => cur.get_or_insert_with(entry).action = v.trim().to_ascii_lowercase(),
            "status" => {
                let code = v.split_whitespace().next().unwrap_or("").to_string();
                cur.get_or_insert_with(entry).status = code;
            }
            "diagnostic-code" => cur.get_or_insert_with(entry).diagnostic = typed(&v),
            _ => {}
        }
    }
    flush(&mut cur, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_postfix_style_report_gives_recipient_status_and_original_id() {
        let raw = crate::test_util::fixture("bounce.eml");
        let d = parse_dsn(&raw).expect("dsn");
        assert_eq!(
            d.original_message_id.as_deref(),
            Some("report-2@maester.example")
        );
        assert_eq!(d.recipients.len(), 1);
        let r = &d.recipients[0];
        assert_eq!(r.recipient, "gone@nowhere.example");
        assert_eq!((r.action.as_str(), r.status.as_str()), ("failed", "5.1.1"));
        assert!(r.is_failure());
    }

    #[test]
    fn a_report_with_the_whole_message_and_two_recipients() {
        let raw = b"From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>\r\n\
To: referee@example.org\r\nSubject: Delivery Status Notification (Failure)\r\n\
MIME-Version: 1.0\r\n\
Content-Type: multipart/report; report-type=delivery-status; boundary=\"b1\"\r\n\r\n\
--b1\r\nContent-Type: text/plain\r\n\r\nAddress not found\r\n\
--b1\r\nContent-Type: message/delivery-status\r\n\r\n\
Reporting-MTA: dns; googlemail.com\r\n\r\n\
Final-Recipient: rfc822; A@Example.com\r\nAction: failed\r\nStatus: 5.1.1\r\n\
Diagnostic-Code: smtp; 550-5.1.1 The email account that you tried to reach\r\n does not exist\r\n\r\n\
Final-Recipient: rfc822; b@example.com\r\nAction: delayed\r\nStatus: 4.4.1\r\n\r\n\
--b1\r\nContent-Type: message/rfc822\r\n\r\n\
From: referee@example.org\r\nTo: a@example.com\r\nSubject: report\r\n\
Message-ID: <maester.abc@example.org>\r\n\r\nbody\r\n--b1--\r\n";
        let d = parse_dsn(raw).expect("dsn");
        assert_eq!(
            d.original_message_id.as_deref(),
            Some("maester.abc@example.org")
        );
        assert_eq!(d.recipients.len(), 2);
        assert_eq!(d.recipients[0].recipient, "a@example.com");
        assert!(d.recipients[0].diagnostic.contains("does not exist"));
        assert!(d.recipients[0].is_failure());
        assert!(!d.recipients[1].is_failure());
    }

    #[test]
    fn a_plain_text_bounce_with_x_failed_recipients_and_the_quoted_headers() {
        let raw = b"From: Mail Delivery System <Mailer-Daemon@mx.example.net>\r\n\
To: referee@example.org\r\nSubject: Mail delivery failed: returning message to sender\r\n\
X-Failed-Recipients: Gone@Example.com\r\nAuto-Submitted: auto-replied\r\n\
Content-Type: text/plain; charset=us-ascii\r\n\r\n\
This message was created automatically by mail delivery software.\r\n\r\n\
A message that you sent could not be delivered to one or more of its\r\n\
recipients. This is a permanent error. The following address(es) failed:\r\n\r\n\
  gone@example.com\r\n    mailbox is full\r\n\r\n\
------ This is a copy of the message, including all the headers. ------\r\n\r\n\
From: referee@example.org\r\nTo: gone@example.com\r\nSubject: report\r\n\
Message-ID: <maester.def@example.org>\r\n\r\nreport text\r\n";
        let d = parse_dsn(raw).expect("dsn");
        assert_eq!(
            d.original_message_id.as_deref(),
            Some("maester.def@example.org")
        );
        assert_eq!(d.recipients.len(), 1);
        assert_eq!(d.recipients[0].recipient, "gone@example.com");
        assert!(d.recipients[0].is_failure());
    }

    #[test]
    fn ordinary_mail_and_garbage_are_not_reports() {
        assert_eq!(parse_dsn(b"Subject: hi\r\n\r\nhello\r\n"), None);
        assert_eq!(parse_dsn(&crate::test_util::fixture("garbage.bin")), None);
        assert_eq!(parse_dsn(b""), None);
    }
}
