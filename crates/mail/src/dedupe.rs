//! What makes two deliveries the same mail: the headers its sender wrote and its decoded
//! content, whatever the servers on the way added or re-encoded. Every delivery (a forwarding
//! rule, a provider's retry, a copy in a second folder, LMTP or SMTP into the same mailbox)
//! writes its own trace headers (`Received:`, `Delivered-To:`, `Return-Path:`, `X-…`,
//! `Authentication-Results:`, DKIM and ARC seals of the receivers), and a server without
//! 8BITMIME downgrades a body to quoted-printable or base64, so the raw bytes differ while the
//! mail is the same.
//!
//! [`content_digest`] hashes only the fields a sending client writes (a fixed list; anything
//! else is taken as added on the way; the transfer encodings and the multipart boundaries
//! are not content), each unfolded with its blanks collapsed, and then every part of the MIME
//! tree in order: its media type, charset and file name, and its bytes with the transfer
//! encoding undone — a text part's with its line ends made `\n` and its trailing blank lines
//! dropped.

use mail_parser::decoders::base64::base64_decode;
use mail_parser::decoders::quoted_printable::quoted_printable_decode;
use mail_parser::{Encoding, MessageParser, MessagePart, MimeHeaders, PartType};
use sha2::{Digest, Sha256};

use super::headers;

/// The header fields a sender's client writes, less those a server may rewrite when it
/// re-encodes the body (`Content-Transfer-Encoding`, the boundary of `Content-Type`): each
/// part's own type and encoding are read from the parsed tree. A field not in this list is
/// taken as added by a server on the way and plays no part in the digest.
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
    "content-disposition",
    "content-language",
];

/// Hex SHA-256 of the mail's sender-written header fields and its decoded content (see the
/// module's text). Two deliveries of one message give the same digest, however its body was
/// transfer-encoded; any change of the text, an attachment, the subject, the sender or the
/// recipients gives another one.
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
    match MessageParser::default().parse(raw) {
        Some(msg) => {
            for p in &msg.parts {
                part_digest(&mut hash, p, raw);
            }
        }
        None => text_lines(&mut hash, raw.get(body_start..).unwrap_or_default()),
    }
    hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// One part of the tree: a multipart by its media type only (its children follow in the
/// list), a leaf by its type, charset, file name and decoded bytes.
fn part_digest(hash: &mut Sha256, p: &MessagePart, raw: &[u8]) {
    let ct = p.content_type();
    let media = ct.map_or_else(
        || "text/plain".to_string(),
        |c| {
            format!(
                "{}/{}",
                c.ctype().to_ascii_lowercase(),
                c.subtype().unwrap_or("").to_ascii_lowercase()
            )
        },
    );
    let charset = ct
        .and_then(|c| c.attribute("charset"))
        .map(|c| c.trim().to_ascii_lowercase())
        .unwrap_or_default();
    let name = p.attachment_name().unwrap_or_default();
    hash.update(format!("part {media};{charset};{name}\n").as_bytes());
    if matches!(p.body, PartType::Multipart(_)) {
        return;
    }
    let bytes = raw
        .get(p.raw_body_offset() as usize..p.raw_end_offset() as usize)
        .unwrap_or_default();
    let decoded = match p.encoding {
        Encoding::Base64 => base64_decode(bytes),
        Encoding::QuotedPrintable => quoted_printable_decode(bytes),
        Encoding::None => None,
    }
    .unwrap_or_else(|| bytes.to_vec());
    // Line ends and trailing blank lines are the transport's, not the sender's (a binary
    // part is read the same way: what matters is that both deliveries are read alike).
    text_lines(hash, &decoded);
}

/// Bytes as lines: line ends made `\n`, trailing blank lines dropped.
fn text_lines(hash: &mut Sha256, body: &[u8]) {
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

    fn multipart(text_part: &str, attachment: &str) -> String {
        format!(
            "From: b@x.example\r\nTo: referee@test.maester\r\nSubject: orders\r\n\
             Message-ID: <m2@x.example>\r\nMIME-Version: 1.0\r\n\
             Content-Type: multipart/mixed; boundary=\"b1\"\r\n\r\n--b1\r\n{text_part}\r\n--b1\r\n\
             Content-Type: application/octet-stream; name=\"plan.txt\"\r\n\
             Content-Disposition: attachment; filename=\"plan.txt\"\r\n\
             Content-Transfer-Encoding: base64\r\n\r\n{attachment}\r\n--b1--\r\n"
        )
    }

    #[test]
    fn a_text_part_re_encoded_keeps_the_digest_and_another_attachment_changes_it() {
        // "行军 +1\r\n" as 8-bit, quoted-printable and base64.
        let eight = "Content-Type: text/plain; charset=utf-8\r\n\
                     Content-Transfer-Encoding: 8bit\r\n\r\n行军 +1\r\n";
        let qp = "Content-Type: text/plain; charset=utf-8\r\n\
                  Content-Transfer-Encoding: quoted-printable\r\n\r\n=E8=A1=8C=E5=86=9B +1\r\n";
        let b64 = "Content-Type: text/plain; charset=utf-8\r\n\
                   Content-Transfer-Encoding: base64\r\n\r\n6KGM5YabICsxDQo=\r\n";
        let one = content_digest(multipart(eight, "YWJj").as_bytes());
        assert_eq!(one, content_digest(multipart(qp, "YWJj").as_bytes()));
        assert_eq!(one, content_digest(multipart(b64, "YWJj").as_bytes()));
        assert_ne!(one, content_digest(multipart(eight, "YWJk").as_bytes()));
        let other = qp.replace("+1", "+2");
        assert_ne!(one, content_digest(multipart(&other, "YWJj").as_bytes()));
    }
}
