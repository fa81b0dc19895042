//! Plain-text copies of a received mail, kept instead of the mail itself:
//!
//! * [`stub`]: a mail over the size limit — its header and the start of its first text part,
//!   marked with [`TOO_LARGE_HEADER`], built from the first bytes only (the rest is never read);
//! * [`text_copy`]: any mail as its header and a given text (the daemon keeps a mail's decoded
//!   text with the secret masked instead of the raw bytes).
//!
//! The copy keeps every header of the original except the MIME ones (`Content-*`,
//! `MIME-Version`), which describe a body that is no longer there, and adds its own: UTF-8
//! plain text, 8 bit.

/// The header a stub carries: the original size in bytes. Intake answers such a mail "too
/// large" (a sender adding it by hand only gets that answer himself).
pub const TOO_LARGE_HEADER: &str = "X-Maester-Too-Large";

/// How much of the first text part a stub keeps.
pub const STUB_TEXT_CHARS: usize = 2000;

/// How many bytes of an oversized mail are read to build its stub.
pub const STUB_READ_BYTES: usize = 64 * 1024;

/// The header block of `raw`: up to the first empty line (or all of it when there is none,
/// cut at the last complete line).
pub(crate) fn header_block(raw: &[u8]) -> &[u8] {
    let mut i = 0;
    while i < raw.len() {
        let end = raw[i..].iter().position(|b| *b == b'\n').map(|p| i + p + 1);
        let Some(end) = end else {
            return &raw[..i];
        };
        let line = &raw[i..end];
        if line == b"\n" || line == b"\r\n" {
            return &raw[..i];
        }
        i = end;
    }
    raw
}

/// The header lines of `raw` worth keeping in a copy (MIME headers dropped, with their
/// continuation lines), each ending in CRLF.
fn kept_headers(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut keep = false;
    for line in header_block(raw).split(|b| *b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            continue;
        }
        if !matches!(line.first(), Some(b' ' | b'\t')) {
            let name = line
                .iter()
                .position(|b| *b == b':')
                .map(|p| {
                    String::from_utf8_lossy(&line[..p])
                        .trim()
                        .to_ascii_lowercase()
                })
                .unwrap_or_default();
            keep = !name.is_empty()
                && !name.starts_with("content-")
                && name != "mime-version"
                && !name.eq_ignore_ascii_case(TOO_LARGE_HEADER);
        }
        if keep {
            out.extend_from_slice(line);
            out.extend_from_slice(b"\r\n");
        }
    }
    out
}

/// The header of `raw` with `text` as its only body (UTF-8 plain text), and `extra` headers.
pub fn text_copy(raw: &[u8], text: &str, extra: &[(&str, String)]) -> Vec<u8> {
    let mut out = kept_headers(raw);
    out.extend_from_slice(
        b"MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\
          Content-Transfer-Encoding: 8bit\r\n",
    );
    for (name, value) in extra {
        let value: String = value.chars().filter(|c| !c.is_control()).collect();
        out.extend_from_slice(format!("{name}: {value}\r\n").as_bytes());
    }
    out.extend_from_slice(b"\r\n");
    for line in text.lines() {
        out.extend_from_slice(line.as_bytes());
        out.extend_from_slice(b"\r\n");
    }
    out
}

/// The stub of a mail of `size` bytes over the limit, from its first bytes `head` (at most
/// [`STUB_READ_BYTES`] are used): its header, the start of its first text part (at most
/// [`STUB_TEXT_CHARS`] characters), and [`TOO_LARGE_HEADER`] with the size.
pub fn stub(head: &[u8], size: u64) -> Vec<u8> {
    let head = &head[..head.len().min(STUB_READ_BYTES)];
    let body = crate::decode(head).body;
    let text: String = body.chars().take(STUB_TEXT_CHARS).collect();
    let note = format!(
        "[maester: this mail had {size} bytes, over the size limit; only its start is kept]"
    );
    text_copy(
        head,
        &format!("{text}\n\n{note}"),
        &[(TOO_LARGE_HEADER, size.to_string())],
    )
}

/// The size recorded in a stub's [`TOO_LARGE_HEADER`], if `raw` is one.
pub fn stub_size(raw: &[u8]) -> Option<u64> {
    let prefix = format!("{}:", TOO_LARGE_HEADER.to_ascii_lowercase());
    header_block(raw)
        .split(|b| *b == b'\n')
        .map(|l| String::from_utf8_lossy(l).trim().to_string())
        .find(|l| l.to_ascii_lowercase().starts_with(&prefix))
        .and_then(|l| l[prefix.len()..].trim().parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    const MULTI: &str = "From: A <a@x.example>\r\nSubject: orders\r\nMIME-Version: 1.0\r\n\
        Content-Type: multipart/mixed;\r\n boundary=\"b\"\r\nMessage-ID: <m@x>\r\n\r\n\
        --b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nsecret: s1\r\nWinterfell march\r\n\
        --b\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\n\r\nAAAA\r\n";

    #[test]
    fn a_stub_keeps_the_header_and_the_first_text_part_and_says_the_size() {
        let s = stub(MULTI.as_bytes(), 5_000_000);
        let d = crate::decode(&s);
        assert_eq!(d.subject, "orders");
        assert_eq!(d.message_id.as_deref(), Some("m@x"));
        assert!(d.body.contains("Winterfell march"), "{}", d.body);
        assert!(!d.body.contains("AAAA"), "{}", d.body);
        assert_eq!(stub_size(&s), Some(5_000_000));
        assert_eq!(stub_size(MULTI.as_bytes()), None);
        let text = String::from_utf8_lossy(&s);
        assert!(!text.contains("multipart"), "{text}");
    }

    #[test]
    fn a_stub_of_a_cut_header_still_reads() {
        let s = stub(b"From: a@x.example\r\nSubject: long\r\nX-Junk: aaaa", 9);
        let d = crate::decode(&s);
        assert_eq!(d.from_addr.as_deref(), Some("a@x.example"));
        assert_eq!(stub_size(&s), Some(9));
    }

    #[test]
    fn a_text_copy_replaces_the_body() {
        let c = text_copy(MULTI.as_bytes(), "secret: ****\nWinterfell march", &[]);
        let d = crate::decode(&c);
        assert_eq!(d.body.trim_end(), "secret: ****\nWinterfell march");
        assert!(!String::from_utf8_lossy(&c).contains("s1"));
    }
}
