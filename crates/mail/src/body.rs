//! Which parts of a mail are its text, and that text as the player wrote it.
//!
//! The part tree is walked: a `multipart/alternative` gives ONE of its alternatives (the first
//! non-empty `text/plain`, else the first other one that holds text), any other multipart gives all its
//! inline text parts; attachments are never read, only named. A `format=flowed` part is
//! unflowed and a UTF-7 part decoded by [`super::utf7`] before anything else reads it.

use mail_parser::decoders::base64::base64_decode;
use mail_parser::decoders::quoted_printable::quoted_printable_decode;
use mail_parser::{Encoding, Message, MessagePart, MimeHeaders, PartType};

use super::flowed::unflow;
use super::headers::decode_charset;
use super::html::html_to_text;

/// Deeper nesting than this is not walked (a hostile mail cannot recurse without bound).
const MAX_DEPTH: usize = 20;

/// Set among the attachments' names while walking when a part lies too deep (taken out after).
const TOO_DEEP: &str = "\0too deep";

/// The text leaves of the mail, in order, and the names of its attachments.
pub struct Parts {
    /// Part ids of the text to read (plain, or HTML when there is no plain text).
    pub text: Vec<u32>,
    /// The file name (or content type) of each attachment.
    pub attachments: Vec<String>,
    /// Some part lies deeper than [`MAX_DEPTH`] multiparts and was not read.
    pub too_deep: bool,
}

fn is_attachment(p: &MessagePart) -> bool {
    p.content_disposition().is_some_and(|cd| cd.is_attachment())
}

fn subtype(p: &MessagePart) -> String {
    p.content_type()
        .and_then(|ct| ct.subtype())
        .unwrap_or("")
        .to_ascii_lowercase()
}

fn is_plain(p: &MessagePart) -> bool {
    matches!(p.body, PartType::Text(_))
        && !is_attachment(p)
        && p.content_type().is_none_or(|ct| {
            ct.ctype().eq_ignore_ascii_case("text")
                && ct.subtype().is_none_or(|s| s.eq_ignore_ascii_case("plain"))
        })
}

/// The mail's text parts and attachments.
pub fn parts(msg: &Message) -> Parts {
    let mut leaves = Vec::new();
    let mut attachments = Vec::new();
    walk(msg, 0, 0, &mut leaves, &mut attachments);
    let too_deep = attachments.iter().any(|a| a == TOO_DEEP);
    attachments.retain(|a| a != TOO_DEEP);
    let plain: Vec<u32> = leaves
        .iter()
        .copied()
        .filter(|id| msg.parts.get(*id as usize).is_some_and(is_plain))
        .collect();
    let text = if plain.is_empty() { leaves } else { plain };
    Parts {
        text,
        attachments,
        too_deep,
    }
}

fn walk(msg: &Message, id: u32, depth: usize, leaves: &mut Vec<u32>, att: &mut Vec<String>) {
    let Some(p) = msg.parts.get(id as usize) else {
        return;
    };
    if depth > MAX_DEPTH {
        if !att.iter().any(|a| a == TOO_DEEP) {
            att.push(TOO_DEEP.to_string());
        }
        return;
    }
    match &p.body {
        PartType::Multipart(children) if subtype(p) == "alternative" => {
            let get = |c: &u32| msg.parts.get(*c as usize);
            let is_multi = |x: &MessagePart| matches!(x.body, PartType::Multipart(_));
            let holds_plain = |c: u32| {
                let (mut sub, mut ignored) = (Vec::new(), Vec::new());
                walk(msg, c, depth + 1, &mut sub, &mut ignored);
                sub.iter().any(|s| get(s).is_some_and(is_plain))
            };
            let find = |pred: &dyn Fn(u32, &MessagePart) -> bool| {
                children
                    .iter()
                    .copied()
                    .find(|c| get(c).is_some_and(|x| pred(*c, x)))
            };
            // An empty plain alternative beside an HTML one (some webmail sends it) is
            // passed over: the HTML holds the text.
            let blank =
                |x: &MessagePart| matches!(&x.body, PartType::Text(t) if t.trim().is_empty());
            let chosen = find(&|_, x| is_plain(x) && !blank(x))
                .or_else(|| find(&|c, x| is_multi(x) && holds_plain(c)))
                .or_else(|| find(&|_, x| matches!(x.body, PartType::Html(_))))
                .or_else(|| find(&|_, x| is_multi(x)))
                .or_else(|| find(&|_, x| is_plain(x)));
            if let Some(c) = chosen {
                walk(msg, c, depth + 1, leaves, att);
            }
        }
        PartType::Multipart(children) => {
            for c in children {
                walk(msg, *c, depth + 1, leaves, att);
            }
        }
        PartType::Text(_) | PartType::Html(_) if !is_attachment(p) => leaves.push(id),
        PartType::Message(_) if !is_attachment(p) => {}
        _ if id == 0 => {}
        _ => att.push(
            p.attachment_name()
                .map(str::to_string)
                .or_else(|| {
                    p.content_type().map(|ct| {
                        format!("{}/{}", ct.ctype(), ct.subtype().unwrap_or("octet-stream"))
                    })
                })
                .unwrap_or_else(|| "attachment".into()),
        ),
    }
}

fn charset(p: &MessagePart) -> Option<String> {
    p.content_type()
        .and_then(|ct| ct.attribute("charset"))
        .map(|c| c.trim().to_ascii_lowercase())
}

/// A part's bytes after its transfer encoding is undone.
fn transfer_decoded(p: &MessagePart, raw: &[u8]) -> Option<Vec<u8>> {
    let bytes = raw.get(p.raw_body_offset() as usize..p.raw_end_offset() as usize)?;
    match p.encoding {
        Encoding::Base64 => base64_decode(bytes),
        Encoding::QuotedPrintable => quoted_printable_decode(bytes),
        Encoding::None => Some(bytes.to_vec()),
    }
}

/// The text of one part: UTF-7 by our decoder, unlabelled 8-bit bytes as GB18030, HTML
/// converted, `format=flowed` unflowed.
pub fn part_text(p: &MessagePart, raw: &[u8]) -> Option<String> {
    let cs = charset(p);
    let decoded = if matches!(cs.as_deref(), Some("utf-7" | "utf7" | "unicode-1-1-utf-7")) {
        transfer_decoded(p, raw).map(|b| decode_charset("utf-7", &b))
    } else {
        unlabelled_8bit(p, raw, cs.as_deref())
    };
    let text = match (&p.body, decoded) {
        (PartType::Text(_), Some(t)) => t,
        (PartType::Html(_), Some(h)) => return Some(html_to_text(&h)),
        (PartType::Text(t), None) => t.to_string(),
        (PartType::Html(h), None) => return Some(html_to_text(h)),
        _ => return None,
    };
    let ct = p.content_type();
    let attr = |name: &str| {
        ct.and_then(|c| c.attribute(name)).is_some_and(|v| {
            v.trim()
                .eq_ignore_ascii_case(if name == "format" { "flowed" } else { "yes" })
        })
    };
    Some(if attr("format") {
        unflow(&text, attr("delsp"))
    } else {
        text
    })
}

/// A part sent as raw 8-bit bytes that are not UTF-8 although no (non-ASCII) charset is
/// declared: mail-parser would read it as UTF-8 and produce U+FFFD garbage. Decode it as
/// GB18030 instead, the usual culprit. (Only for unencoded parts; base64/QP parts without a
/// charset are left to mail-parser.)
fn unlabelled_8bit(p: &MessagePart, raw: &[u8], declared: Option<&str>) -> Option<String> {
    if p.encoding != Encoding::None || !matches!(declared, None | Some("us-ascii" | "ascii")) {
        return None;
    }
    let bytes = raw.get(p.raw_body_offset() as usize..p.raw_end_offset() as usize)?;
    if std::str::from_utf8(bytes).is_ok() {
        return None;
    }
    Some(decode_charset("gb18030", bytes))
}
