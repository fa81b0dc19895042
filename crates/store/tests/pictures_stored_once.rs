//! A picture carried by several outgoing mails is stored once (issue 40): the six reports and
//! the GM's copy of a close share the whole board's picture, which the outbox keeps once in
//! `blobs`; each mail reads back byte for byte as queued (what is sent and sent again); a mail
//! whose stored copy is replaced by its masked one once sent lets go of its pictures, and a
//! picture no mail refers to any more is deleted.

mod support;

use maester_store::*;
use support::*;

/// A picture as a mail carries it: base64 lines of 76 characters.
fn picture(n: usize, seed: usize) -> Vec<u8> {
    const B64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::new();
    for i in 0..n {
        for j in 0..76 {
            out.push(B64[(i * 31 + j * 7 + seed) % 64]);
        }
        out.extend_from_slice(b"\r\n");
    }
    out
}

fn report(house: &str, own: &[u8], board: &[u8]) -> Vec<u8> {
    let mut m = format!(
        "Subject: results for {house}\r\nMIME-Version: 1.0\r\n\
         Content-Type: multipart/related; boundary=\"b\"\r\n\r\n--b\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\nYour house: {house}\r\n--b\r\n\
         Content-Type: image/png\r\nContent-Transfer-Encoding: base64\r\nContent-ID: <own>\r\n\r\n"
    )
    .into_bytes();
    m.extend_from_slice(own);
    m.extend_from_slice(
        b"--b\r\nContent-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n\
          Content-ID: <board>\r\n\r\n",
    );
    m.extend_from_slice(board);
    m.extend_from_slice(b"--b--\r\n");
    m
}

fn count(store: &Store, sql: &str) -> i64 {
    store
        .connection()
        .query_row(sql, [], |r| r.get(0))
        .unwrap_or(-1)
}

fn queue(store: &mut Store, mid: &str, raw: &[u8]) -> i64 {
    queue_raw(store, mid, &format!("{mid}@example.com"), raw)
}

#[test]
fn the_board_shared_by_six_reports_is_stored_once_and_each_reads_back_whole() {
    let (_db, mut store) = store_with_game("once");
    let board = picture(2000, 1);
    let mut queued = Vec::new();
    for (k, house) in [
        "stark",
        "greyjoy",
        "lannister",
        "baratheon",
        "tyrell",
        "martell",
    ]
    .iter()
    .enumerate()
    {
        let own = picture(500, 10 + k);
        let raw = report(house, &own, &board);
        let id = queue(&mut store, &format!("report-{house}"), &raw);
        queued.push((id, raw));
    }
    assert_eq!(
        count(&store, "SELECT count(*) FROM blobs"),
        7,
        "the board once"
    );
    let whole: i64 = queued.iter().map(|(_, r)| r.len() as i64).sum();
    let kept = count(
        &store,
        "SELECT (SELECT sum(length(raw)) FROM outbox) + (SELECT sum(length(bytes)) FROM blobs)",
    );
    assert!(
        kept * 2 < whole,
        "{kept} bytes kept for {whole} bytes of mail"
    );
    for (id, raw) in &queued {
        let o = store
            .outgoing(*id)
            .unwrap_or_else(|e| panic!("{e}"))
            .unwrap_or_else(|| panic!("mail {id}"));
        assert!(o.raw == *raw, "mail {id} reads back byte for byte");
    }
    let due = store
        .due_outgoing(t(12, 0), 10)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(due.len(), 6);
    assert!(due.iter().zip(&queued).all(|(o, (_, raw))| o.raw == *raw));
    let by_mid = store
        .outgoing_by_message_id("report-tyrell")
        .unwrap_or_else(|e| panic!("{e}"))
        .map(|o| o.raw);
    assert!(by_mid.as_ref() == Some(&queued[4].1), "found by Message-ID");
}

#[test]
fn a_mail_replaced_by_its_masked_copy_lets_go_of_its_pictures() {
    let (_db, mut store) = store_with_game("masked");
    let board = picture(2000, 1);
    let own = picture(500, 2);
    let a = queue(&mut store, "welcome-a", &report("stark", &own, &board));
    let b_raw = report("greyjoy", &picture(500, 3), &board);
    let b = queue(&mut store, "welcome-b", &b_raw);
    assert_eq!(count(&store, "SELECT count(*) FROM blobs"), 3);
    store
        .transaction(|tx| tx.keep_after_send(a, b"Subject: masked\r\n\r\n***\r\n"))
        .unwrap_or_else(|e| panic!("{e}"));
    store
        .mark_sent(a, t(10, 0))
        .unwrap_or_else(|e| panic!("{e}"));
    let a_now = store.outgoing(a).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        a_now.map(|o| o.raw),
        Some(b"Subject: masked\r\n\r\n***\r\n".to_vec())
    );
    assert_eq!(
        count(&store, "SELECT count(*) FROM blobs"),
        2,
        "its own picture is gone, the board stays for the other mail"
    );
    store
        .mark_sent(b, t(10, 0))
        .unwrap_or_else(|e| panic!("{e}"));
    let b_now = store.outgoing(b).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        b_now.map(|o| o.raw) == Some(b_raw),
        "sent whole, kept whole"
    );
    assert_eq!(count(&store, "SELECT count(*) FROM blobs"), 2);
}
