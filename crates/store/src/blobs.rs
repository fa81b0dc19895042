//! Large parts of outgoing mails stored once (issue 40). A close queues one report per house,
//! each carrying the same whole-board picture, and the GM's copy carries it again: stored
//! whole, the outbox held it seven times per close. When a mail is queued, every run of
//! base64 lines of at least [`MIN_PART`] bytes (an attached picture or file, as encoded in the
//! mail) is taken out of `outbox.raw` and kept in `blobs` under its SHA-256, once however many
//! mails carry it; `outbox_parts` says where in `raw` each one goes back. Reading a mail puts
//! the parts back, so what is sent, and sent again by `gm resend`, is byte for byte what was
//! queued. A part no mail refers to any more (a mail whose stored copy is replaced by its
//! masked one, [`crate::StoreTx::mark_sent`]) is deleted with its last reference. A blob is
//! kept as the bytes its base64 encodes (a quarter smaller) whenever they encode back to
//! exactly its lines ([`crate::packing`]).

use crate::cached::Cached;
use crate::packing;
use rusqlite::{Connection, params};
use sha2::{Digest, Sha256};

/// The smallest run of base64 lines kept apart (smaller ones stay in the mail's text).
pub(crate) const MIN_PART: usize = 16 * 1024;

/// A run of base64 lines taken out of a mail: where it goes back in the mail without its
/// parts, and its bytes.
pub(crate) struct Part<'a> {
    pub at: usize,
    pub bytes: &'a [u8],
}

fn is_base64_line(line: &[u8]) -> bool {
    let body = line
        .strip_suffix(b"\n")
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .unwrap_or(line);
    !body.is_empty()
        && body
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'='))
}

/// The mail without its long base64 runs, and the runs (their `at` in the mail returned).
pub(crate) fn split(raw: &[u8]) -> (Vec<u8>, Vec<Part<'_>>) {
    let mut frame = Vec::new();
    let mut parts = Vec::new();
    let mut run: Option<usize> = None;
    let mut flushed = 0;
    let mut start = 0;
    let mut close = |run_start: usize, end: usize, frame: &mut Vec<u8>, flushed: &mut usize| {
        if end - run_start >= MIN_PART {
            frame.extend_from_slice(&raw[*flushed..run_start]);
            parts.push(Part {
                at: frame.len(),
                bytes: &raw[run_start..end],
            });
            *flushed = end;
        }
    };
    while start < raw.len() {
        let end = raw[start..]
            .iter()
            .position(|b| *b == b'\n')
            .map_or(raw.len(), |i| start + i + 1);
        let line = &raw[start..end];
        match (is_base64_line(line), run) {
            (true, None) => run = Some(start),
            (false, Some(r)) => {
                close(r, start, &mut frame, &mut flushed);
                run = None;
            }
            _ => {}
        }
        start = end;
    }
    if let Some(r) = run {
        close(r, raw.len(), &mut frame, &mut flushed);
    }
    frame.extend_from_slice(&raw[flushed..]);
    (frame, parts)
}

/// About the bytes queuing these mails adds to the store: each mail without its long parts,
/// and each distinct part once (what [`split`] keeps apart is stored once however many mails
/// carry it). Used to see whether a close fits on the volume before it is written.
pub fn stored_size<'a>(raws: impl IntoIterator<Item = &'a [u8]>) -> u64 {
    let mut seen = std::collections::HashSet::new();
    let mut total = 0u64;
    for raw in raws {
        let (frame, parts) = split(raw);
        total = total.saturating_add(frame.len() as u64);
        for p in parts {
            if seen.insert(p.bytes) {
                total = total.saturating_add(p.bytes.len() as u64);
            }
        }
    }
    total
}

fn digest(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Keeps the parts of outgoing mail `id` (each blob once, as the bytes its base64 lines
/// encode when they read back the same: [`packing::unwrap_base64`]).
pub(crate) fn keep(conn: &Connection, id: i64, parts: &[Part<'_>]) -> rusqlite::Result<()> {
    for p in parts {
        let hash = digest(p.bytes);
        let known: bool = conn.row(
            "SELECT EXISTS (SELECT 1 FROM blobs WHERE sha256 = ?1)",
            [&hash],
            |r| r.get(0),
        )?;
        if !known {
            let (bytes, wrap) = match packing::unwrap_base64(p.bytes) {
                Some((bytes, wrap)) => (std::borrow::Cow::Owned(bytes), Some(wrap.to_i64())),
                None => (std::borrow::Cow::Borrowed(p.bytes), None),
            };
            conn.exec(
                "INSERT INTO blobs (sha256, bytes, wrap) VALUES (?1, ?2, ?3)",
                params![hash, bytes.as_ref(), wrap],
            )?;
        }
        conn.exec(
            "INSERT INTO outbox_parts (outbox_id, at, sha256) VALUES (?1, ?2, ?3)",
            params![id, p.at as i64, hash],
        )?;
    }
    Ok(())
}

/// Mail `id` whole again: its stored text with its parts put back.
pub(crate) fn join(conn: &Connection, id: i64, frame: Vec<u8>) -> rusqlite::Result<Vec<u8>> {
    let mut stmt = conn.prepare_cached(
        "SELECT p.at, b.bytes, b.wrap FROM outbox_parts p JOIN blobs b ON b.sha256 = p.sha256
         WHERE p.outbox_id = ?1 ORDER BY p.at",
    )?;
    let mut rows = stmt.query([id])?;
    let mut out: Option<Vec<u8>> = None;
    let mut from = 0usize;
    while let Some(row) = rows.next()? {
        let at = usize::try_from(row.get::<_, i64>(0)?)
            .unwrap_or(usize::MAX)
            .min(frame.len())
            .max(from);
        let bytes = row.get_ref(1)?.as_blob()?;
        let o = out.get_or_insert_with(|| Vec::with_capacity(frame.len() + bytes.len() * 2));
        o.extend_from_slice(&frame[from..at]);
        match row
            .get::<_, Option<i64>>(2)?
            .and_then(packing::Wrap::from_i64)
        {
            Some(wrap) => o.extend_from_slice(&packing::wrap_base64(bytes, wrap)),
            None => o.extend_from_slice(bytes),
        }
        from = at;
    }
    Ok(match out {
        Some(mut o) => {
            o.extend_from_slice(&frame[from..]);
            o
        }
        None => frame,
    })
}

/// Forgets the parts of mail `id` (its stored text is replaced whole), and every blob no
/// other mail refers to.
pub(crate) fn forget(conn: &Connection, id: i64) -> rusqlite::Result<()> {
    let mut stmt = conn.prepare_cached("SELECT sha256 FROM outbox_parts WHERE outbox_id = ?1")?;
    let hashes: Vec<String> = stmt
        .query_map([id], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    conn.exec("DELETE FROM outbox_parts WHERE outbox_id = ?1", [id])?;
    for h in hashes {
        conn.exec(
            "DELETE FROM blobs WHERE sha256 = ?1
               AND NOT EXISTS (SELECT 1 FROM outbox_parts WHERE sha256 = ?1)",
            [h],
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mail(picture: &[u8]) -> Vec<u8> {
        let mut m = b"Subject: x\r\nContent-Type: multipart/related; boundary=\"b\"\r\n\r\n--b\r\n\
                      Content-Type: text/plain\r\n\r\nhello\r\n--b\r\n\
                      Content-Transfer-Encoding: base64\r\n\r\n"
            .to_vec();
        m.extend_from_slice(picture);
        m.extend_from_slice(b"--b--\r\n");
        m
    }

    fn base64_lines(n: usize, seed: u8) -> Vec<u8> {
        let mut out = Vec::new();
        for i in 0..n {
            let c = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
                [(i * 7 + usize::from(seed)) % 64];
            out.extend(std::iter::repeat_n(c, 76));
            out.extend_from_slice(b"\r\n");
        }
        out
    }

    #[test]
    fn a_long_base64_run_is_split_out_and_put_back_byte_for_byte() {
        let pic = base64_lines(400, 3);
        let raw = mail(&pic);
        let (frame, parts) = split(&raw);
        assert_eq!(parts.len(), 1);
        assert_eq!(parts[0].bytes, &pic[..]);
        assert!(frame.len() < 300, "{}", frame.len());
        let mut back = frame[..parts[0].at].to_vec();
        back.extend_from_slice(parts[0].bytes);
        back.extend_from_slice(&frame[parts[0].at..]);
        assert_eq!(back, raw);
    }

    #[test]
    fn a_short_run_and_a_mail_without_one_stay_whole() {
        let raw = mail(&base64_lines(20, 1));
        let (frame, parts) = split(&raw);
        assert!(parts.is_empty());
        assert_eq!(frame, raw);
        let (frame, parts) = split(b"");
        assert!(parts.is_empty() && frame.is_empty());
        let (frame, parts) = split(b"no newline at all");
        assert!(parts.is_empty());
        assert_eq!(frame, b"no newline at all");
    }
}
