//! Building outgoing mail (RFC 5322 bytes) with lettre's message builder.
//!
//! Message ids in this API are bare `left@right` strings, as [`super::DecodedMail`] gives
//! them; [`compose`] adds the angle brackets (ids that already have them are accepted too).

use std::time::SystemTime;

use lettre::message::header::{
    ContentTransferEncoding, ContentType, HeaderName, HeaderValue, MIME_VERSION_1_0,
};
use lettre::message::{Attachment as LettreAttachment, Body, MultiPart, SinglePart};
use sha2::{Digest, Sha256};

use super::MailError;

/// A display name plus address, e.g. `Mailbox::new("裁判", "referee@example.org")`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mailbox {
    /// Display name; may be empty.
    pub name: String,
    /// The address, `local@domain`.
    pub addr: String,
}

impl Mailbox {
    /// Makes a mailbox from a display name (may be empty) and an address.
    pub fn new(name: impl Into<String>, addr: impl Into<String>) -> Self {
        Mailbox {
            name: name.into(),
            addr: addr.into(),
        }
    }
}

/// A file attached to an outgoing mail (the PNG map, for instance).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    /// The file name shown to the reader, e.g. `map-round-3.png`.
    pub filename: String,
    /// MIME type, e.g. `image/png`.
    pub content_type: String,
    /// The file's bytes.
    pub bytes: Vec<u8>,
}

/// The `Auto-Submitted` header of an outgoing mail (RFC 3834 §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AutoSubmitted {
    /// No header: a mail written by a person.
    No,
    /// `auto-generated`: a mail the referee sends of its own accord (reports, welcome mails,
    /// reminders, notices to the GM).
    Generated,
    /// `auto-replied`: an automatic answer to a received mail.
    Replied,
}

impl AutoSubmitted {
    /// The header's value, `None` for [`AutoSubmitted::No`].
    pub fn value(self) -> Option<&'static str> {
        match self {
            AutoSubmitted::No => None,
            AutoSubmitted::Generated => Some("auto-generated"),
            AutoSubmitted::Replied => Some("auto-replied"),
        }
    }
}

/// An image shown inside the HTML part (`<img src="cid:…">`), sent in multipart/related.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InlineImage {
    /// The Content-ID the HTML names (`map@maester` for `cid:map@maester`), bare.
    pub content_id: String,
    /// MIME type, e.g. `image/png`.
    pub content_type: String,
    /// The image's bytes.
    pub bytes: Vec<u8>,
}

/// The HTML alternative of a mail's text, with the images it shows inline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HtmlBody {
    /// The HTML document (UTF-8).
    pub html: String,
    /// Images its `cid:` links name.
    pub images: Vec<InlineImage>,
}

/// Everything needed to build one outgoing mail with [`compose`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingMail {
    /// Message-ID, bare (`x@domain`); use [`new_message_id`] so a retry reuses the same id.
    pub message_id: String,
    /// The `From` mailbox.
    pub from: Mailbox,
    /// The `To` mailboxes (at least one).
    pub to: Vec<Mailbox>,
    /// Subject, any Unicode (encoded as RFC 2047 UTF-8 when needed).
    pub subject: String,
    /// The text body, sent as UTF-8 text/plain.
    pub text: String,
    /// Message-ID this mail answers (threading), bare.
    pub in_reply_to: Option<String>,
    /// The thread's Message-IDs, oldest first, bare.
    pub references: Vec<String>,
    /// Marks the mail as automatic (`Auto-Submitted`, RFC 3834), so that well-behaved
    /// auto-responders do not answer it back.
    pub auto_submitted: AutoSubmitted,
    /// Files to attach; when non-empty the mail becomes multipart/mixed.
    pub attachments: Vec<Attachment>,
    /// An HTML alternative of `text`: the body becomes multipart/alternative (text first),
    /// the HTML with its images in multipart/related.
    pub html: Option<HtmlBody>,
}

/// Builds the RFC 5322 bytes of `mail`: Message-ID, Date (now), From, To, Subject,
/// In-Reply-To/References when given, `MIME-Version: 1.0`, `Auto-Submitted` (plus
/// `X-Auto-Response-Suppress: All`) unless [`AutoSubmitted::No`], a UTF-8 text/plain body,
/// and multipart/mixed when there are attachments. Lines end with CRLF.
pub fn compose(mail: &OutgoingMail) -> Result<Vec<u8>, MailError> {
    let message_id = bracketed_id(&mail.message_id)
        .ok_or_else(|| MailError::Compose(format!("bad Message-ID {:?}", mail.message_id)))?;
    if mail.to.is_empty() {
        return Err(MailError::Compose("no recipient".into()));
    }

    let mut b = lettre::Message::builder()
        .message_id(Some(message_id))
        .date(SystemTime::now())
        .from(lettre_mailbox(&mail.from)?)
        .subject(one_line(&mail.subject));
    for to in &mail.to {
        b = b.to(lettre_mailbox(to)?);
    }
    if let Some(irt) = &mail.in_reply_to {
        let id = bracketed_id(irt)
            .ok_or_else(|| MailError::Compose(format!("bad In-Reply-To id {irt:?}")))?;
        b = b.in_reply_to(id);
    }
    let refs: Vec<String> = mail
        .references
        .iter()
        .map(|r| {
            bracketed_id(r).ok_or_else(|| MailError::Compose(format!("bad References id {r:?}")))
        })
        .collect::<Result<_, _>>()?;
    if !refs.is_empty() {
        b = b.references(refs.join(" "));
    }
    if let Some(value) = mail.auto_submitted.value() {
        b = b
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("Auto-Submitted"),
                value.into(),
            ))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("X-Auto-Response-Suppress"),
                "All".into(),
            ));
    }

    let message = match (body(mail)?, mail.attachments.is_empty()) {
        // lettre adds MIME-Version itself only to multipart and single-part bodies.
        (Content::Plain, true) => b
            .header(ContentType::TEXT_PLAIN)
            .header(MIME_VERSION_1_0)
            .body(mail.text.clone()),
        (Content::Multi(mp), true) => b.multipart(mp),
        (content, false) => {
            let mut mp = match content {
                Content::Plain => {
                    MultiPart::mixed().singlepart(SinglePart::plain(mail.text.clone()))
                }
                Content::Multi(inner) => MultiPart::mixed().multipart(inner),
            };
            for a in &mail.attachments {
                let ct = ContentType::parse(&a.content_type).map_err(|e| {
                    MailError::Compose(format!("attachment {:?}: content type: {e}", a.filename))
                })?;
                let body = base64_body(&a.bytes, &a.filename)?;
                mp = mp.singlepart(LettreAttachment::new(one_line(&a.filename)).body(body, ct));
            }
            b.multipart(mp)
        }
    }
    .map_err(|e| MailError::Compose(e.to_string()))?;
    Ok(message.formatted())
}

/// The body apart from attachments: plain text, or text and HTML as alternatives.
enum Content {
    Plain,
    Multi(MultiPart),
}

fn body(mail: &OutgoingMail) -> Result<Content, MailError> {
    let Some(h) = &mail.html else {
        return Ok(Content::Plain);
    };
    let alt = MultiPart::alternative().singlepart(SinglePart::plain(mail.text.clone()));
    if h.images.is_empty() {
        return Ok(Content::Multi(
            alt.singlepart(SinglePart::html(h.html.clone())),
        ));
    }
    let mut related = MultiPart::related().singlepart(SinglePart::html(h.html.clone()));
    for img in &h.images {
        let ct = ContentType::parse(&img.content_type).map_err(|e| {
            MailError::Compose(format!("image {:?}: content type: {e}", img.content_id))
        })?;
        let body = base64_body(&img.bytes, &img.content_id)?;
        related = related
            .singlepart(LettreAttachment::new_inline(one_line(&img.content_id)).body(body, ct));
    }
    Ok(Content::Multi(alt.multipart(related)))
}

/// Bytes as a base64 body (always: lettre would pick 7bit for bytes that happen to be ASCII).
fn base64_body(bytes: &[u8], what: &str) -> Result<Body, MailError> {
    Body::new_with_encoding(bytes.to_vec(), ContentTransferEncoding::Base64)
        .map_err(|_| MailError::Compose(format!("attachment {what:?}")))
}

/// A Message-ID (bare, `maester.<32 hex>@<domain>`) that depends only on `domain` and
/// `seed`: build the seed from what identifies the mail (game, round, player, kind) so that
/// a send retried after a crash carries the same id and the receiver can drop the duplicate.
/// An unusable domain (empty, spaces, non-ASCII) is replaced by `maester.invalid`.
pub fn new_message_id(domain: &str, seed: &[u8]) -> String {
    let domain = domain.trim();
    let domain = if !domain.is_empty()
        && domain
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-')
    {
        domain.to_ascii_lowercase()
    } else {
        "maester.invalid".to_string()
    };
    let mut h = Sha256::new();
    h.update(domain.as_bytes());
    h.update([0u8]);
    h.update(seed);
    let digest = h.finalize();
    let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
    format!("maester.{hex}@{domain}")
}

/// `<id>` from a bare or bracketed id; `None` if it is empty or not printable ASCII.
/// True when `id` can be carried in a Message-ID, In-Reply-To or References header of a mail
/// maester sends (printable ASCII, no angle brackets inside).
pub fn usable_message_id(id: &str) -> bool {
    bracketed_id(id).is_some()
}

/// True when maester can send a mail to `addr` (a plain `local@domain` address the mail
/// library accepts). A sender whose address fails this cannot be answered.
pub fn usable_address(addr: &str) -> bool {
    // The address must parse and also make an envelope (quoted local parts and address
    // literals parse, yet no envelope can be built for them).
    let Ok(a) = addr.trim().parse::<lettre::Address>() else {
        return false;
    };
    let mb = lettre::message::Mailbox::new(None, a);
    lettre::Message::builder()
        .from(mb.clone())
        .to(mb)
        .body(String::new())
        .is_ok()
}

pub(crate) fn bracketed_id(id: &str) -> Option<String> {
    let bare = id.trim();
    let bare = bare.strip_prefix('<').unwrap_or(bare);
    let bare = bare.strip_suffix('>').unwrap_or(bare);
    let ok = !bare.is_empty()
        && bare
            .bytes()
            .all(|c| c.is_ascii_graphic() && c != b'<' && c != b'>');
    ok.then(|| format!("<{bare}>"))
}

fn one_line(s: &str) -> String {
    s.replace(['\r', '\n'], " ")
}

fn lettre_mailbox(m: &Mailbox) -> Result<lettre::message::Mailbox, MailError> {
    let addr = m
        .addr
        .trim()
        .parse::<lettre::Address>()
        .map_err(|e| MailError::Compose(format!("address {:?}: {e}", m.addr)))?;
    let name = one_line(m.name.trim());
    Ok(lettre::message::Mailbox::new(
        (!name.is_empty()).then_some(name),
        addr,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::{AutoKind, decode};

    fn sample() -> OutgoingMail {
        OutgoingMail {
            message_id: new_message_id("maester.example", b"game1/round3/stark/ack"),
            from: Mailbox::new("裁判", "referee@maester.example"),
            to: vec![Mailbox::new("北境之王", "stark@qq.example")],
            subject: "第3回合 命令已收到".into(),
            text: "已收到：\n临冬城 行军+1\n御林步兵 移动到 君临城\n".into(),
            in_reply_to: Some("gbk-qp-1@qq.example".into()),
            references: vec![
                "<report-2@maester.example>".into(),
                "gbk-qp-1@qq.example".into(),
            ],
            auto_submitted: AutoSubmitted::Replied,
            attachments: vec![],
            html: None,
        }
    }

    #[test]
    fn message_id_is_deterministic_and_domain_checked() {
        let a = new_message_id("maester.example", b"x");
        assert_eq!(a, new_message_id("maester.example", b"x"));
        assert_ne!(a, new_message_id("maester.example", b"y"));
        assert!(a.starts_with("maester.") && a.ends_with("@maester.example"));
        assert!(new_message_id("bad domain", b"x").ends_with("@maester.invalid"));
    }

    #[test]
    fn composed_reply_decodes_back_with_threading_and_auto_headers() {
        let m = sample();
        let raw = compose(&m).expect("compose");
        let text = String::from_utf8_lossy(&raw);
        assert!(
            text.contains("\r\nAuto-Submitted: auto-replied\r\n"),
            "{text}"
        );
        assert!(text.contains("\r\nDate: "), "{text}");
        assert_eq!(
            text.matches("\r\nMIME-Version: 1.0\r\n").count(),
            1,
            "{text}"
        );
        let d = decode(&raw);
        assert_eq!(d.message_id.as_deref(), Some(m.message_id.as_str()));
        assert_eq!(d.subject, m.subject);
        assert_eq!(d.from_name.as_deref(), Some("裁判"));
        assert_eq!(d.to, vec!["stark@qq.example".to_string()]);
        assert_eq!(d.in_reply_to.as_deref(), Some("gbk-qp-1@qq.example"));
        assert_eq!(
            d.references,
            vec![
                "report-2@maester.example".to_string(),
                "gbk-qp-1@qq.example".to_string()
            ]
        );
        assert_eq!(d.body, m.text);
        assert_eq!(d.auto, Some(AutoKind::AutoReply));
    }

    #[test]
    fn attachment_makes_multipart_mixed_and_survives_decoding() {
        let mut m = sample();
        m.auto_submitted = AutoSubmitted::No;
        let png = vec![1, 2, 3, b'P', b'N', b'G', 0, 0x89, 255];
        m.attachments.push(Attachment {
            filename: "map-round-3.png".into(),
            content_type: "image/png".into(),
            bytes: png.clone(),
        });
        let raw = compose(&m).expect("compose");
        let text = String::from_utf8_lossy(&raw);
        assert!(text.contains("multipart/mixed"));
        assert!(text.contains("Content-Type: image/png\r\nContent-Transfer-Encoding: base64"));
        assert!(!String::from_utf8_lossy(&raw).contains("Auto-Submitted"));
        let d = decode(&raw);
        assert_eq!(d.body, m.text);
        assert_eq!(d.auto, None);
        let parsed = mail_parser::MessageParser::default()
            .parse(&raw)
            .expect("parse");
        let att = parsed.attachment(0).expect("attachment");
        assert_eq!(att.contents(), &png[..]);
    }

    #[test]
    fn bad_addresses_and_ids_are_errors_not_panics() {
        let mut m = sample();
        m.to = vec![Mailbox::new("", "not an address")];
        assert!(matches!(compose(&m), Err(MailError::Compose(_))));
        let mut m = sample();
        m.message_id = "a b@c".into();
        assert!(matches!(compose(&m), Err(MailError::Compose(_))));
        let mut m = sample();
        m.to.clear();
        assert!(matches!(compose(&m), Err(MailError::Compose(_))));
        let mut m = sample();
        m.subject = "x\r\nBcc: evil@example.org".into();
        let raw = compose(&m).expect("compose");
        assert!(!String::from_utf8_lossy(&raw).contains("\r\nBcc:"));
    }
}
