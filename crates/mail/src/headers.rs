//! The top header block read as raw bytes, before mail-parser sees it:
//! * a leading whitespace-only line (some scripts and webmail exports write one) is dropped, so
//!   the headers are not read as body;
//! * a repeated `From` or `Content-Type` keeps its first occurrence (mail-parser would take the
//!   last: a second `Content-Type` emptied the body, a second `From` changed the house);
//! * the `Subject` is decoded here: adjacent encoded-words of one charset are joined before
//!   their bytes are decoded (a GBK character split across two words), and a raw 8-bit byte
//!   inside an encoded-word is one byte of that word, decoded once.

use std::borrow::Cow;

use mail_parser::decoders::charsets::map::charset_decoder;

use super::utf7::decode_utf7;

/// Headers that must not be repeated; the first one counts.
const SINGLE: &[&str] = &["from", "content-type"];

/// One header field of the top block: its name (lower-cased) and its byte range in the raw
/// mail, continuation lines included.
struct Field {
    name: String,
    start: usize,
    end: usize,
}

/// The fields of the top header block, up to the blank line (or the first line that is no header).
fn fields(raw: &[u8]) -> Vec<Field> {
    let mut out: Vec<Field> = Vec::new();
    let mut pos = 0;
    while pos < raw.len() {
        let end = raw[pos..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(raw.len(), |p| pos + p + 1);
        let line = &raw[pos..end];
        let content = line
            .strip_suffix(b"\n")
            .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
            .unwrap_or(line);
        if content.is_empty() {
            break;
        }
        if matches!(content[0], b' ' | b'\t') {
            if let Some(last) = out.last_mut() {
                last.end = end;
            }
        } else if let Some(colon) = content.iter().position(|&b| b == b':') {
            let name = String::from_utf8_lossy(&content[..colon])
                .trim()
                .to_ascii_lowercase();
            out.push(Field {
                name,
                start: pos,
                end,
            });
        } else {
            // Not a header line: the header block is malformed; stop here.
            break;
        }
        pos = end;
    }
    out
}

/// The fields of the top header block as (lower-cased name, start, end) byte ranges, and where
/// the body starts (after the blank line; the end of the mail when there is none).
pub(crate) fn field_spans(raw: &[u8]) -> (Vec<(String, usize, usize)>, usize) {
    let fs = fields(raw);
    let end = fs.last().map_or(0, |f| f.end);
    let rest = raw.get(end..).unwrap_or_default();
    let body_start = if rest.starts_with(b"\r\n") {
        end + 2
    } else if rest.starts_with(b"\n") {
        end + 1
    } else {
        end
    };
    (
        fs.into_iter().map(|f| (f.name, f.start, f.end)).collect(),
        body_start,
    )
}

/// The raw mail made safe to parse: leading whitespace-only lines dropped when headers follow,
/// repeated `From`/`Content-Type` fields after the first removed. Borrowed when unchanged.
pub fn prepare(raw: &[u8]) -> Cow<'_, [u8]> {
    let mut start = 0;
    loop {
        let end = raw[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map(|p| start + p + 1);
        match end {
            Some(end) if raw[start..end].iter().all(u8::is_ascii_whitespace) => start = end,
            _ => break,
        }
    }
    let body = &raw[start..];
    if start > 0 && !looks_like_header(body) {
        // A mail that really has no headers: leave it as it is.
        start = 0;
    }
    let body = &raw[start..];
    let fs = fields(body);
    let mut seen: Vec<&str> = Vec::new();
    let mut drop: Vec<(usize, usize)> = Vec::new();
    for f in &fs {
        if SINGLE.contains(&f.name.as_str()) {
            if seen.contains(&f.name.as_str()) {
                drop.push((f.start, f.end));
            } else {
                seen.push(f.name.as_str());
            }
        }
    }
    if start == 0 && drop.is_empty() {
        return Cow::Borrowed(raw);
    }
    let mut out = Vec::with_capacity(body.len());
    let mut pos = 0;
    for (s, e) in drop {
        out.extend_from_slice(&body[pos..s]);
        pos = e;
    }
    out.extend_from_slice(&body[pos..]);
    Cow::Owned(out)
}

fn looks_like_header(text: &[u8]) -> bool {
    let name_len = text
        .iter()
        .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'-')
        .count();
    name_len > 0 && text.get(name_len) == Some(&b':')
}

/// The first `Subject` field's value, raw bytes with folding removed.
fn raw_subject(raw: &[u8]) -> Option<Vec<u8>> {
    let f = fields(raw).into_iter().find(|f| f.name == "subject")?;
    let field = &raw[f.start..f.end];
    let colon = field.iter().position(|&b| b == b':')?;
    Some(
        field[colon + 1..]
            .iter()
            .copied()
            .filter(|&b| b != b'\r' && b != b'\n')
            .collect(),
    )
}

/// Bytes in a charset to text: UTF-8 (lossy) for UTF-8 and ASCII labels, UTF-7 by our own
/// decoder, any other known label by mail-parser's tables, GB18030 when the label is unknown.
pub fn decode_charset(label: &str, bytes: &[u8]) -> String {
    let l = label.trim().to_ascii_lowercase();
    let l = l.split('*').next().unwrap_or(""); // RFC 2231 language suffix
    match l {
        "utf-8" | "utf8" | "us-ascii" | "ascii" | "" => String::from_utf8_lossy(bytes).into(),
        "utf-7" | "utf7" | "unicode-1-1-utf-7" => decode_utf7(bytes),
        _ => match charset_decoder(l.as_bytes()).or_else(|| charset_decoder(b"gb18030")) {
            Some(dec) => dec(bytes),
            None => String::from_utf8_lossy(bytes).into(),
        },
    }
}

/// One encoded-word `=?charset?B|Q?text?=` at the start of `s`: its charset, its decoded
/// bytes and its length.
fn encoded_word(s: &[u8]) -> Option<(String, Vec<u8>, usize)> {
    let rest = s.strip_prefix(b"=?")?;
    let q1 = rest.iter().position(|&b| b == b'?')?;
    let charset = String::from_utf8_lossy(&rest[..q1]).to_string();
    let enc = *rest.get(q1 + 1)?;
    if rest.get(q1 + 2) != Some(&b'?') {
        return None;
    }
    let text_start = q1 + 3;
    let text_len = rest[text_start..].windows(2).position(|w| w == b"?=")?;
    let text = &rest[text_start..text_start + text_len];
    if text.iter().any(|&b| b == b' ' || b == b'\t') {
        return None;
    }
    let bytes = match enc {
        b'B' | b'b' => base64(text)?,
        b'Q' | b'q' => q_decode(text),
        _ => return None,
    };
    Some((charset, bytes, 2 + text_start + text_len + 2))
}

fn base64(text: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut bits, mut n) = (0u32, 0u32);
    for &b in text {
        let v = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' => break,
            _ => return None,
        };
        bits = (bits << 6) | u32::from(v);
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((bits >> n) as u8);
            bits &= (1 << n) - 1;
        }
    }
    Some(out)
}

fn q_decode(text: &[u8]) -> Vec<u8> {
    let hex = |b: u8| (b as char).to_digit(16);
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        match text[i] {
            b'_' => out.push(b' '),
            b'=' => {
                if let (Some(h), Some(l)) = (
                    text.get(i + 1).copied().and_then(hex),
                    text.get(i + 2).copied().and_then(hex),
                ) {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
                out.push(b'=');
            }
            b => out.push(b),
        }
        i += 1;
    }
    out
}

/// A piece of a header value: an encoded-word (charset, bytes) or raw text.
enum Piece {
    Word(String, Vec<u8>),
    Text(Vec<u8>),
}

/// The decoded `Subject` of a raw mail, `None` when it has none. Text outside encoded-words
/// is UTF-8 when it is valid UTF-8, else read in `fallback_charset`. Whitespace is collapsed.
pub fn subject(raw: &[u8], fallback_charset: &str) -> Option<String> {
    let value = raw_subject(raw)?;
    let mut pieces: Vec<Piece> = Vec::new();
    let mut i = 0;
    while i < value.len() {
        if let Some((cs, bytes, len)) = encoded_word(&value[i..]) {
            // Whitespace between two encoded-words is dropped (RFC 2047 6.2), and adjacent
            // words of one charset are one byte string.
            if let [.., Piece::Word(_, _), Piece::Text(t)] = pieces.as_slice()
                && t.iter().all(u8::is_ascii_whitespace)
            {
                pieces.pop();
            }
            match pieces.last_mut() {
                Some(Piece::Word(c, b)) if c.eq_ignore_ascii_case(&cs) => b.extend(bytes),
                _ => pieces.push(Piece::Word(cs, bytes)),
            }
            i += len;
            continue;
        }
        match pieces.last_mut() {
            Some(Piece::Text(t)) => t.push(value[i]),
            _ => pieces.push(Piece::Text(vec![value[i]])),
        }
        i += 1;
    }
    let mut out = String::new();
    for p in &pieces {
        match p {
            Piece::Word(c, b) => out.push_str(&decode_charset(c, b)),
            Piece::Text(t) => match std::str::from_utf8(t) {
                Ok(s) => out.push_str(s),
                Err(_) => out.push_str(&decode_charset(fallback_charset, t)),
            },
        }
    }
    Some(out.split_whitespace().collect::<Vec<_>>().join(" "))
}
