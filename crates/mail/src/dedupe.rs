//! What makes two deliveries the same mail: the headers its sender wrote and its body, whatever
//! the servers on the way added. Every delivery (a forwarding rule, a provider's retry, a copy
//! in a second folder, LMTP or SMTP into the same mailbox) writes its own trace headers
//! (`Received:`, `Delivered-To:`, `Return-Path:`, `X-…`, `Authentication-Results:`, DKIM and
//! ARC seals of the receivers), so the raw bytes differ while the mail is the same.
//!
//! [`content_digest`] hashes only the fields a sending client writes (a fixed list; anything
//! else is taken as added on the way), each unfolded with its blanks collapsed, and the body
//! with its line ends made `\n` and its trailing blank lines dropped.

use sha2::{Digest, Sha256};

use super::headers;

/// The header fields a sender's client writes. A field not in this list is taken as added by a
/// server on the way and plays no part in the digest.
const SENDER_FIELDS: &[&str] = &[
    "from",
    "sender",
    "reply-to",
    "to",
    "cc",
    "subject",
    "date",
    "message-id",
    "in-reply-to",
    "references",
    "mime-version",
    "content-type",
    "content-transfer-encoding",
    "content-disposition",
    "content-language",
];

/// Hex SHA-256 of the mail's sender-written header fields and its body (see the module's text).
/// Two deliveries of one message give the same digest; any change of the body, the subject,
/// the sender or the recipients gives another one.
pub fn content_digest(raw: &[u8]) -> String {
    let prepared = headers::prepare(raw);
    let raw = prepared.as_ref();
    let (fields, body_start) = headers::field_spans(raw);
    let mut kept: Vec<(String, String)> = fields
        .into_iter()
        .filter(|(name, _, _)| SENDER_FIELDS.contains(&name.as_str()))
        .map(|(name, start, end)| {
            let field = raw.get(start..end).unwrap_or_default();
            let value = field
                .iter()
                .position(|&b| b == b':')
                .and_then(|c| field.get(c + 1..))
                .unwrap_or_default();
            let value = String::from_utf8_lossy(value)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            (name, value)
        })
        .collect();
    // A stable order: by name, keeping the order of a repeated name.
    kept.sort_by(|a, b| a.0.cmp(&b.0));
    let mut hash = Sha256::new();
    for (name, value) in &kept {
        hash.update(name.as_bytes());
        hash.update(b":");
        hash.update(value.as_bytes());
        hash.update(b"\n");
    }
    hash.update(b"\n");
    let body = raw.get(body_start..).unwrap_or_default();
    let mut lines: Vec<&[u8]> = body
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .collect();
    while lines
        .last()
        .is_some_and(|l| l.iter().all(u8::is_ascii_whitespace))
    {
        lines.pop();
    }
    for l in lines {
        hash.update(l);
        hash.update(b"\n");
    }
    hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::content_digest;

    const SENT: &str = "From: Theon <b@x.example>\r\nTo: referee@test.maester\r\n\
        Subject: orders\r\nMessage-ID: <m1@x.example>\r\nDate: Sat, 28 Nov 2026 07:00:00 +0000\r\n\
        Content-Type: text/plain; charset=utf-8\r\n\r\nsecret: s\r\nmarch\r\n";

    #[test]
    fn trace_headers_added_on_the_way_do_not_change_the_digest() {
        let one = format!(
            "Return-Path: <b@x.example>\r\nDelivered-To: referee@test.maester\r\n\
             Received: from a by b with LMTP id 1; Sat, 28 Nov 2026 07:00:01 +0000\r\n{SENT}"
        );
        let two = format!(
            "Return-Path: <b@x.example>\nDelivered-To: referee@test.maester\n\
             Received: from c\n\tby d with SMTP id 2; Sat, 28 Nov 2026 07:03:09 +0000\n\
             Authentication-Results: mx; dkim=pass\nX-Spam-Score: 0.1\n\
             ARC-Seal: i=1; a=rsa-sha256; cv=none\n{}\n",
            SENT.replace("\r\n", "\n")
        );
        assert_eq!(
            content_digest(one.as_bytes()),
            content_digest(two.as_bytes())
        );
    }

    #[test]
    fn another_body_subject_or_recipient_changes_the_digest() {
        let base = content_digest(SENT.as_bytes());
        for changed in [
            SENT.replace("march", "march!"),
            SENT.replace("Subject: orders", "Subject: orders 2"),
            SENT.replace("To: referee", "To: other"),
        ] {
            assert_ne!(content_digest(changed.as_bytes()), base, "{changed}");
        }
    }
}
