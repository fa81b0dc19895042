//! How an outgoing mail is kept small in the store and read back byte for byte (issue 40).
//!
//! - A picture's run of base64 lines (a blob, [`crate::blobs`]) is kept as the bytes it
//!   encodes, with the shape of its lines ([`Wrap`]: characters a line, CRLF or LF, whether
//!   the last line ends with a line break): a quarter smaller. It is kept so only when
//!   encoding the bytes again in that shape gives exactly the run; any other run is kept as
//!   its text.
//! - The rest of the mail (headers, the text and HTML parts, short attachments) is kept
//!   deflated (zlib): the report's HTML part is quoted-printable Chinese, the text parts
//!   base64, both of which shrink to a quarter or a fifth.
//!
//! `flate2` was already built into maester (the PNG encoder of `maester-map` uses it); the
//! store uses it with the same backend.

use std::io::{Read, Write};

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The shape of a run of base64 lines, stored with its bytes as one integer
/// (`chars_per_line * 4 + crlf * 2 + last_line_ends`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Wrap {
    per_line: usize,
    crlf: bool,
    last_eol: bool,
}

impl Wrap {
    pub(crate) fn to_i64(self) -> i64 {
        i64::try_from(self.per_line).unwrap_or(0) * 4
            + i64::from(self.crlf) * 2
            + i64::from(self.last_eol)
    }

    /// `None` for a stored value no run can have (then the bytes are read as they are).
    pub(crate) fn from_i64(v: i64) -> Option<Wrap> {
        let per_line = usize::try_from(v / 4).ok().filter(|n| *n > 0)?;
        Some(Wrap {
            per_line,
            crlf: v & 2 != 0,
            last_eol: v & 1 != 0,
        })
    }
}

fn value(c: u8) -> Option<u32> {
    match c {
        b'A'..=b'Z' => Some(u32::from(c - b'A')),
        b'a'..=b'z' => Some(u32::from(c - b'a') + 26),
        b'0'..=b'9' => Some(u32::from(c - b'0') + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// The bytes a run of base64 lines encodes and its shape, when encoding them again in that
/// shape gives exactly `run` (`None` otherwise: the run is kept as text).
pub(crate) fn unwrap_base64(run: &[u8]) -> Option<(Vec<u8>, Wrap)> {
    let first = run.iter().position(|b| *b == b'\n')?;
    let crlf = first > 0 && run[first - 1] == b'\r';
    let per_line = if crlf { first - 1 } else { first };
    if per_line == 0 {
        return None;
    }
    let wrap = Wrap {
        per_line,
        crlf,
        last_eol: run.ends_with(b"\n"),
    };
    let chars: Vec<u8> = run
        .iter()
        .copied()
        .filter(|b| !matches!(b, b'\r' | b'\n'))
        .collect();
    if !chars.len().is_multiple_of(4) {
        return None;
    }
    let mut out = Vec::with_capacity(chars.len() / 4 * 3);
    for quad in chars.chunks(4) {
        let pad = quad.iter().rev().take_while(|c| **c == b'=').count();
        if pad > 2 {
            return None;
        }
        let mut n = 0u32;
        for c in &quad[..4 - pad] {
            n = (n << 6) | value(*c)?;
        }
        n <<= 6 * pad;
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..3 - pad]);
    }
    (wrap_base64(&out, wrap) == run).then_some((out, wrap))
}

/// `bytes` as base64 lines of the shape `wrap`.
pub(crate) fn wrap_base64(bytes: &[u8], wrap: Wrap) -> Vec<u8> {
    let mut chars = Vec::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                chars.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]);
            } else {
                chars.push(b'=');
            }
        }
    }
    let eol: &[u8] = if wrap.crlf { b"\r\n" } else { b"\n" };
    let lines = chars.len().div_ceil(wrap.per_line);
    let mut out = Vec::with_capacity(chars.len() + lines * eol.len());
    for (i, line) in chars.chunks(wrap.per_line).enumerate() {
        out.extend_from_slice(line);
        if i + 1 < lines || wrap.last_eol {
            out.extend_from_slice(eol);
        }
    }
    out
}

/// A mail's text deflated.
pub(crate) fn deflate(text: &[u8]) -> Vec<u8> {
    let mut z = flate2::write::ZlibEncoder::new(
        Vec::with_capacity(text.len() / 3),
        flate2::Compression::default(),
    );
    // Writing into a Vec cannot fail.
    let _ = z.write_all(text);
    z.finish().unwrap_or_default()
}

/// A mail's text inflated (`None`: the stored bytes are not a zlib stream).
pub(crate) fn inflate(stored: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(stored.len() * 4);
    flate2::read::ZlibDecoder::new(stored)
        .read_to_end(&mut out)
        .ok()?;
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str, per_line: usize, eol: &str, last: bool) -> Vec<u8> {
        let chunks: Vec<&[u8]> = text.as_bytes().chunks(per_line).collect();
        let mut out = Vec::new();
        for (i, c) in chunks.iter().enumerate() {
            out.extend_from_slice(c);
            if i + 1 < chunks.len() || last {
                out.extend_from_slice(eol.as_bytes());
            }
        }
        out
    }

    #[test]
    fn base64_runs_of_every_shape_come_back_byte_for_byte() {
        // "Many hands make light work." and shorter: 0, 1 and 2 padding characters.
        for (b64, plain) in [
            (
                "TWFueSBoYW5kcyBtYWtlIGxpZ2h0IHdvcmsu",
                "Many hands make light work.",
            ),
            (
                "TWFueSBoYW5kcyBtYWtlIGxpZ2h0IHdvcmsuIQ==",
                "Many hands make light work.!",
            ),
            (
                "TWFueSBoYW5kcyBtYWtlIGxpZ2h0IHdvcmsuISE=",
                "Many hands make light work.!!",
            ),
        ] {
            for (per_line, eol, last) in [(76, "\r\n", true), (8, "\n", true), (12, "\r\n", false)]
            {
                let run = lines(b64, per_line, eol, last);
                let Some((bytes, wrap)) = unwrap_base64(&run) else {
                    panic!("{b64} {per_line}")
                };
                assert_eq!(bytes, plain.as_bytes());
                assert_eq!(Wrap::from_i64(wrap.to_i64()), Some(wrap));
                assert_eq!(wrap_base64(&bytes, wrap), run);
            }
        }
    }

    #[test]
    fn a_run_that_would_not_come_back_the_same_stays_text() {
        // Uneven lines, a stray padding character, a length not a multiple of four.
        for run in [
            &b"QUJD\r\nREVGR0hJ\r\n"[..],
            b"QU=D\r\nREVG\r\n",
            b"QUJDR\r\n",
            b"\r\nQUJD\r\n",
            b"QUJD",
        ] {
            assert_eq!(unwrap_base64(run), None, "{}", String::from_utf8_lossy(run));
        }
        // Bits left over that are not zero ("QUJ=" reads as "AB", which is written "QUI=").
        assert_eq!(unwrap_base64(b"QUJ=\r\n"), None);
        assert_eq!(Wrap::from_i64(3), None);
        assert_eq!(Wrap::from_i64(-8), None);
    }

    #[test]
    fn a_deflated_text_inflates_to_itself_and_junk_is_refused() {
        let text = "Subject: =?utf-8?b?5oql5ZGK?=\r\n\r\n=E4=BD=A0=E5=A5=BD\r\n".repeat(50);
        let z = deflate(text.as_bytes());
        assert!(z.len() < text.len() / 4, "{} of {}", z.len(), text.len());
        assert_eq!(inflate(&z).as_deref(), Some(text.as_bytes()));
        assert_eq!(inflate(b"Subject: not deflated\r\n"), None);
    }
}
