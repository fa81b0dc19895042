//! Decoding raw incoming mail into the fields maester needs.
//!
//! mail-parser (with `full_encoding`) does the MIME work: RFC 2047 headers, quoted-printable,
//! base64 and every charset Chinese mailers use (GBK, GB18030, GB2312, Big5, UTF-8).
//! On top of it this module adds:
//! * HTML-only mails converted with html2text (mail-parser's own conversion
//!   loses line breaks);
//! * raw 8-bit non-UTF-8 headers (a `Subject:` written in bare GBK bytes): the header block is
//!   re-read with the charset of the first text part, or GB18030 when that gives no hint;
//! * [`AutoKind`] detection of auto-replies, bounces and list mail;
//! * the raw header block checked first ([`super::headers`]): leading blank lines, repeated
//!   `From`/`Content-Type`, the `Subject`'s encoded-words joined before decoding;
//! * one alternative per `multipart/alternative`, `format=flowed` unflowed, UTF-7 decoded, the
//!   attachments named but never read ([`super::body`]);
//! * `orders_text`: the body without quotes and signatures ([`super::quote::strip_quotes`]).

use chrono::{DateTime, Utc};
use mail_parser::decoders::charsets::map::charset_decoder;
use mail_parser::{HeaderValue, Message, MessageParser, MimeHeaders};

use super::body::{part_text, parts};
use super::headers;
use super::quote::strip_quotes;

/// Why a mail looks machine-generated. The daemon should not treat such mail as orders
/// and must never answer it (mail loops).
///
/// `X-Auto-Response-Suppress` is deliberately **not** a signal: Outlook/Exchange put it on
/// ordinary human mail too; it only asks us not to auto-answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AutoKind {
    /// A delivery failure report: `multipart/report`, a MAILER-DAEMON/postmaster or null
    /// sender, `X-Failed-Recipients`, or a subject such as "Undelivered Mail",
    /// "Delivery Status Notification", "系统退信".
    Bounce,
    /// An automatic answer: `Auto-Submitted` other than `no`, `X-Autoreply`,
    /// `X-Autorespond`, `Precedence: auto_reply`, or a subject such as "Auto-Reply",
    /// "Automatic reply", "Out of Office", "自动回复".
    AutoReply,
    /// Bulk or mailing-list mail: `Precedence: bulk/junk/list` or a `List-Id` header.
    Bulk,
}

/// The parts of an incoming mail that maester uses. Built by [`decode`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DecodedMail {
    /// Message-ID without angle brackets, e.g. `abc@qq.com`.
    pub message_id: Option<String>,
    /// The first `From` address, lower-cased.
    pub from_addr: Option<String>,
    /// The display name of the first `From` address, decoded.
    pub from_name: Option<String>,
    /// All `To` addresses, lower-cased.
    pub to: Vec<String>,
    /// The decoded subject, empty when missing.
    pub subject: String,
    /// The `Date` header in UTC, if present and valid.
    pub date: Option<DateTime<Utc>>,
    /// `In-Reply-To` id without angle brackets.
    pub in_reply_to: Option<String>,
    /// `References` ids without angle brackets, oldest first.
    pub references: Vec<String>,
    /// The full text: text/plain parts, or the HTML converted to text when the mail has no
    /// plain text. Line ends are `\n`; no-break spaces are turned into spaces, BOMs and
    /// zero-width spaces removed.
    pub body: String,
    /// `body` without quoted reply text and signatures (see [`super::quote`]).
    pub orders_text: String,
    /// `Some` for auto-replies, bounces and list mail.
    pub auto: Option<AutoKind>,
    /// The names (or content types) of the attachments, which are never read.
    pub attachments: Vec<String>,
    /// Some part lies more than 20 multiparts deep and was not read (a hostile or broken
    /// mail): its text, if any, is not in `body`.
    pub too_deeply_nested: bool,
}

/// Decodes a raw RFC 5322 message. Never panics: unparsable input gives a mostly empty
/// [`DecodedMail`] (and, as a last resort, the bytes read as lossy UTF-8 in `body`).
pub fn decode(raw: &[u8]) -> DecodedMail {
    match std::panic::catch_unwind(|| decode_inner(raw)) {
        Ok(d) => d,
        Err(_) => {
            tracing::warn!(
                len = raw.len(),
                "mail decoder panicked; using the raw bytes"
            );
            let body = String::from_utf8_lossy(raw).replace("\r\n", "\n");
            DecodedMail {
                orders_text: strip_quotes(&body),
                body,
                ..DecodedMail::default()
            }
        }
    }
}

fn decode_inner(raw: &[u8]) -> DecodedMail {
    let prepared = headers::prepare(raw);
    let raw: &[u8] = &prepared;
    let parser = MessageParser::default();
    let Some(msg) = parser.parse(raw) else {
        return DecodedMail::default();
    };

    // Headers carrying raw 8-bit bytes that are not UTF-8: re-read the header block in the
    // most likely charset. ASCII and RFC 2047 encoded-words survive this unchanged.
    let body_offset = (msg.root_part().raw_body_offset() as usize).min(raw.len());
    let header_block = &raw[..body_offset];
    let transcoded: Option<String> = if std::str::from_utf8(header_block).is_err() {
        let label = guess_charset(&msg);
        charset_decoder(label.as_bytes())
            .or_else(|| charset_decoder(b"gb18030"))
            .map(|dec| dec(header_block))
    } else {
        None
    };
    let fallback = transcoded.as_deref().and_then(|t| parser.parse_headers(t));
    let hdr: &Message = fallback.as_ref().unwrap_or(&msg);

    let from = hdr.from().and_then(|a| a.first());
    let from_addr = from
        .and_then(|a| a.address())
        .map(|a| a.trim().to_lowercase())
        .filter(|a| !a.is_empty());
    let from_name = from
        .and_then(|a| a.name())
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty());
    let to = hdr
        .to()
        .map(|a| {
            a.iter()
                .filter_map(|x| x.address())
                .map(|x| x.trim().to_lowercase())
                .filter(|x| !x.is_empty())
                .collect()
        })
        .unwrap_or_default();
    let subject = headers::subject(header_block, &guess_charset(&msg))
        .or_else(|| hdr.subject().map(unfold))
        .unwrap_or_default();

    let date = msg
        .date()
        .filter(|d| d.is_valid())
        .and_then(|d| DateTime::<Utc>::from_timestamp(d.to_timestamp(), 0));
    let message_id = msg.message_id().and_then(clean_id);
    let in_reply_to = ids(msg.in_reply_to()).into_iter().next();
    let references = ids(msg.references());

    let found = parts(&msg);
    let body = body_text(&msg, &found.text, raw);
    let orders_text = strip_quotes(&body);
    let auto = detect_auto(&msg, from_addr.as_deref(), &subject);

    DecodedMail {
        message_id,
        from_addr,
        from_name,
        to,
        subject,
        date,
        in_reply_to,
        references,
        body,
        orders_text,
        auto,
        attachments: found.attachments,
        too_deeply_nested: found.too_deep,
    }
}

/// Charset of the first text part that names one (other than UTF-8/ASCII), else GB18030:
/// a raw 8-bit header in a Chinese forum's mail is GBK far more often than anything else.
fn guess_charset(msg: &Message) -> String {
    msg.text_body
        .iter()
        .chain(msg.html_body.iter())
        .filter_map(|&id| msg.parts.get(id as usize))
        .filter_map(|p| p.content_type())
        .filter_map(|ct| ct.attribute("charset"))
        .map(|c| c.trim().to_ascii_lowercase())
        .find(|c| !matches!(c.as_str(), "utf-8" | "utf8" | "us-ascii" | "ascii"))
        .unwrap_or_else(|| "gb18030".to_string())
}

/// Joins folded header lines and trims.
fn unfold(s: &str) -> String {
    s.split(['\r', '\n'])
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A message id without angle brackets and whitespace; `None` when empty.
fn clean_id(id: &str) -> Option<String> {
    let id = id
        .trim()
        .trim_start_matches('<')
        .trim_end_matches('>')
        .trim();
    (!id.is_empty() && !id.contains(char::is_whitespace)).then(|| id.to_string())
}

fn ids(v: &HeaderValue) -> Vec<String> {
    match v {
        HeaderValue::Text(t) => t.split_whitespace().filter_map(clean_id).collect(),
        HeaderValue::TextList(l) => l.iter().filter_map(|t| clean_id(t)).collect(),
        _ => Vec::new(),
    }
}

/// The text of the chosen parts, one after the other.
fn body_text(msg: &Message, ids: &[u32], raw: &[u8]) -> String {
    let mut out = String::new();
    for text in ids
        .iter()
        .filter_map(|id| msg.parts.get(*id as usize))
        .filter_map(|p| part_text(p, raw))
    {
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&text);
    }
    // NBSP comes from HTML `&nbsp;`; BOM and zero-width spaces from editors. None of them
    // should reach the order parser.
    out.replace("\r\n", "\n")
        .replace('\r', "\n")
        .replace('\u{a0}', " ")
        .replace(['\u{feff}', '\u{200b}'], "")
}

fn detect_auto(msg: &Message, from_addr: Option<&str>, subject: &str) -> Option<AutoKind> {
    let raw = |name: &str| -> Option<String> {
        msg.header_raw(name).map(|v| unfold(v).to_ascii_lowercase())
    };
    let lower_subject = subject.to_lowercase();

    // Bounces.
    let is_report = msg.root_part().content_type().is_some_and(|ct| {
        ct.ctype().eq_ignore_ascii_case("multipart")
            && ct
                .subtype()
                .is_some_and(|s| s.eq_ignore_ascii_case("report"))
    });
    let daemon_sender = from_addr.is_some_and(|a| {
        let local = a.split('@').next().unwrap_or(a);
        matches!(local, "mailer-daemon" | "postmaster" | "mail-daemon")
    });
    let null_sender = raw("Return-Path").is_some_and(|r| r.trim() == "<>");
    let bounce_subject = [
        "undelivered mail",
        "undeliverable",
        "delivery status notification",
        "mail delivery failed",
        "delivery failure",
        "returned mail",
        "failure notice",
        "系统退信",
        "退信",
    ]
    .iter()
    .any(|k| lower_subject.contains(k));
    if is_report
        || daemon_sender
        || null_sender
        || bounce_subject
        || raw("X-Failed-Recipients").is_some()
    {
        return Some(AutoKind::Bounce);
    }

    // Automatic answers.
    let auto_submitted = raw("Auto-Submitted").is_some_and(|v| {
        let kind = v.split(';').next().unwrap_or("").trim().to_string();
        !kind.is_empty() && kind != "no"
    });
    let precedence = raw("Precedence").unwrap_or_default();
    let auto_subject = [
        "auto-reply",
        "autoreply",
        "auto reply",
        "automatic reply",
        "auto response",
        "out of office",
        "自动回复",
        "自動回覆",
        "自动答复",
        "自動答覆",
    ]
    .iter()
    .any(|k| lower_subject.starts_with(k));
    if auto_submitted
        || raw("X-Autoreply").is_some()
        || raw("X-Autorespond").is_some()
        || raw("X-Autoresponder").is_some()
        || precedence == "auto_reply"
        || auto_subject
    {
        return Some(AutoKind::AutoReply);
    }

    if matches!(precedence.as_str(), "bulk" | "junk" | "list") || raw("List-Id").is_some() {
        return Some(AutoKind::Bulk);
    }
    None
}

#[cfg(test)]
#[path = "decode_tests.rs"]
mod tests;
