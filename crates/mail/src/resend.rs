//! Sending a mail again: the same message under a new Message-ID and Date, threaded to the
//! first one, so that a player who lost a report gets it again as a reply to the original.

use crate::compose::bracketed_id;
use crate::copy::header_block;
use crate::{MailError, usable_address};

/// Headers of the original that the copy replaces.
const REPLACED: [&str; 5] = ["message-id", "date", "in-reply-to", "references", "to"];

/// `raw` (a complete message maester composed) as a new message: `new_id` as its Message-ID,
/// `date` (RFC 2822) as its Date, `In-Reply-To` the original's Message-ID and `References` the
/// original's references followed by it, addressed to `to`. Every other header and the body
/// (with its attachments) are kept byte for byte.
pub fn resent_copy(raw: &[u8], new_id: &str, date: &str, to: &str) -> Result<Vec<u8>, MailError> {
    let bad = |what: &str| MailError::Compose(format!("cannot resend: {what}"));
    let new_id = bracketed_id(new_id).ok_or_else(|| bad("unusable new Message-ID"))?;
    if !usable_address(to) {
        return Err(bad("unusable recipient address"));
    }
    let head = header_block(raw);
    let body = &raw[head.len()..];
    let mut kept: Vec<&[u8]> = Vec::new();
    let mut original_id = None;
    let mut references = String::new();
    let mut current: Option<String> = None;
    for line in head.split_inclusive(|b| *b == b'\n') {
        let continuation = matches!(line.first(), Some(b' ' | b'\t'));
        if !continuation {
            current = line.iter().position(|b| *b == b':').map(|p| {
                String::from_utf8_lossy(&line[..p])
                    .trim()
                    .to_ascii_lowercase()
            });
        }
        let name = current.as_deref().unwrap_or("");
        let value = || {
            let text = String::from_utf8_lossy(line);
            let text = if continuation {
                text.to_string()
            } else {
                text.split_once(':').map(|x| x.1).unwrap_or("").to_string()
            };
            text.trim().to_string()
        };
        match name {
            "message-id" => original_id = Some(value()),
            "references" => {
                references.push(' ');
                references.push_str(&value());
            }
            _ => {}
        }
        if !REPLACED.contains(&name) {
            kept.push(line);
        }
    }
    let original = original_id
        .as_deref()
        .and_then(bracketed_id)
        .ok_or_else(|| bad("the original has no Message-ID"))?;
    let mut refs: Vec<String> = references
        .split_whitespace()
        .filter_map(bracketed_id)
        .collect();
    refs.push(original.clone());
    let date: String = date.chars().filter(|c| !c.is_control()).collect();
    let mut out = Vec::with_capacity(raw.len() + 256);
    out.extend_from_slice(format!("Message-ID: {new_id}\r\nDate: {date}\r\n").as_bytes());
    out.extend_from_slice(format!("To: {to}\r\nIn-Reply-To: {original}\r\n").as_bytes());
    out.extend_from_slice(format!("References: {}\r\n", refs.join("\r\n ")).as_bytes());
    for line in kept {
        out.extend_from_slice(line);
    }
    out.extend_from_slice(body);
    Ok(out)
}
