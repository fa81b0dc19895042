//! An outgoing mail is kept small and read back byte for byte (issue 40, a campaign in 25 MB):
//! its picture as the bytes its base64 encodes, the rest of the mail deflated. A run of base64
//! lines that would not encode back the same (uneven lines) is kept as its text; a mail stored
//! before (whole, its picture as text) still reads back as it was.

mod support;

use maester_store::*;
use support::*;

/// `bytes` as a mail carries them: base64, lines of `per_line` characters, CRLF.
fn base64_lines(bytes: &[u8], per_line: usize) -> Vec<u8> {
    const B64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut chars = Vec::new();
    for c in bytes.chunks(3) {
        let n = (u32::from(c[0]) << 16)
            | (u32::from(c.get(1).copied().unwrap_or(0)) << 8)
            | u32::from(c.get(2).copied().unwrap_or(0));
        for i in 0..4 {
            chars.push(if i <= c.len() {
                B64[((n >> (18 - 6 * i)) & 63) as usize]
            } else {
                b'='
            });
        }
    }
    let mut out = Vec::new();
    for line in chars.chunks(per_line) {
        out.extend_from_slice(line);
        out.extend_from_slice(b"\r\n");
    }
    out
}

/// Bytes that do not compress (a PNG's are already deflated).
fn noise(n: usize, seed: u64) -> Vec<u8> {
    let mut x = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

fn report(picture: &[u8]) -> Vec<u8> {
    let html = "=E4=BD=A0=E5=A5=BD=EF=BC=8C=E4=B8=B4=E5=86=AC=E5=9F=8E<br>\r\n".repeat(300);
    let mut m = format!(
        "Subject: =?utf-8?b?5oql5ZGK?=\r\nMIME-Version: 1.0\r\n\
         Content-Type: multipart/related; boundary=\"b\"\r\n\r\n--b\r\n\
         Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\
         \r\n{html}--b\r\nContent-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n\r\n"
    )
    .into_bytes();
    m.extend_from_slice(picture);
    m.extend_from_slice(b"--b--\r\n");
    m
}

fn stored_bytes(store: &Store) -> i64 {
    store
        .connection()
        .query_row(
            "SELECT (SELECT coalesce(sum(length(raw)), 0) FROM outbox)
                  + (SELECT coalesce(sum(length(bytes)), 0) FROM blobs)",
            [],
            |r| r.get(0),
        )
        .unwrap_or(-1)
}

fn queue(store: &mut Store, mid: &str, raw: &[u8]) -> i64 {
    queue_raw(store, mid, "a@example.com", raw)
}

fn read(store: &Store, id: i64) -> Vec<u8> {
    store
        .outgoing(id)
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("mail {id}"))
        .raw
}

#[test]
fn a_report_is_kept_in_four_fifths_of_its_size_and_reads_back_byte_for_byte() {
    let (_db, mut store) = store_with_game("small");
    // Three pictures: no padding, one and two padding characters.
    for (k, n) in [60_000usize, 60_001, 60_002].into_iter().enumerate() {
        let raw = report(&base64_lines(&noise(n, k as u64 + 1), 76));
        let before = stored_bytes(&store);
        let id = queue(&mut store, &format!("r{k}"), &raw);
        let kept = stored_bytes(&store) - before;
        assert!(
            kept * 5 < raw.len() as i64 * 4,
            "{kept} bytes kept for a mail of {}",
            raw.len()
        );
        assert!(read(&store, id) == raw, "mail {k} reads back byte for byte");
    }
}

#[test]
fn uneven_base64_lines_are_kept_as_text_and_read_back() {
    let (_db, mut store) = store_with_game("uneven");
    let mut picture = base64_lines(&noise(30_000, 9), 76);
    // One line shorter than the others in the middle: base64 still, not of one shape.
    picture.splice(760..762, b"\r\n".iter().copied());
    picture.splice(1000..1000, b"QUJD\r\n".iter().copied());
    let raw = report(&picture);
    let id = queue(&mut store, "uneven", &raw);
    assert!(read(&store, id) == raw);
    let as_text: i64 = store
        .connection()
        .query_row("SELECT count(*) FROM blobs WHERE wrap IS NULL", [], |r| {
            r.get(0)
        })
        .unwrap_or(-1);
    assert!(as_text >= 1, "the uneven run is kept as its text");
}

#[test]
fn a_mail_stored_whole_before_still_reads_back() {
    let (_db, store) = store_with_game("before");
    let raw = report(&base64_lines(&noise(20_000, 4), 76));
    // As the schema before this one kept a mail: `raw` the whole mail, not deflated.
    store
        .connection()
        .execute(
            "INSERT INTO outbox (game_id, message_id, to_addrs, subject, raw, status, attempts,
                                 created_at, next_attempt_at)
             VALUES ('demo', 'old', 'a@example.com', 's', ?1, 'queued', 0,
                     '2026-11-23T10:00:00Z', '2026-11-23T10:00:00Z')",
            [&raw],
        )
        .unwrap_or_else(|e| panic!("{e}"));
    let id = store.connection().last_insert_rowid();
    assert!(read(&store, id) == raw);
    let due = store
        .due_outgoing(t(12, 0), 10)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(due.iter().any(|o| o.id == id && o.raw == raw));
}

#[test]
fn a_stored_text_that_does_not_inflate_is_an_error_not_a_panic() {
    let (_db, mut store) = store_with_game("junk");
    let id = queue(&mut store, "j", b"Subject: x\r\n\r\nhello\r\n");
    store
        .connection()
        .execute(
            "UPDATE outbox SET raw = CAST('not deflated' AS BLOB) WHERE id = ?1",
            [id],
        )
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(store.outgoing(id).is_err());
}
