//! What queuing a close's mails adds to the store, reckoned before it is written (the daemon
//! checks the room on a small disk with it, issue 40): each mail without its pictures, and
//! each distinct picture once — the whole board the seven mails share counts once.

use maester_store::stored_size;

/// A picture as a mail carries it: base64 lines of 76 characters, long enough to be kept apart.
fn picture(lines: usize, seed: usize) -> Vec<u8> {
    const B64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::new();
    for i in 0..lines {
        for j in 0..76 {
            out.push(B64[(i * 31 + j * 7 + seed) % 64]);
        }
        out.extend_from_slice(b"\r\n");
    }
    out
}

fn report(house: &str, own: &[u8], board: &[u8]) -> Vec<u8> {
    let mut m = format!(
        "Subject: results for {house}\r\nContent-Type: multipart/related; boundary=\"b\"\r\n\r\n\
         --b\r\nContent-Type: text/plain\r\n\r\nYour house: {house}\r\n--b\r\n\
         Content-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n\r\n"
    )
    .into_bytes();
    m.extend_from_slice(own);
    m.extend_from_slice(
        b"--b\r\nContent-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n\r\n",
    );
    m.extend_from_slice(board);
    m.extend_from_slice(b"--b--\r\n");
    m
}

#[test]
fn a_picture_several_mails_carry_counts_once_and_the_rest_of_each_mail_whole() {
    let board = picture(400, 0);
    let houses = [
        "stark",
        "greyjoy",
        "lannister",
        "baratheon",
        "tyrell",
        "martell",
        "gm",
    ];
    let owns: Vec<Vec<u8>> = (0..houses.len()).map(|i| picture(300, i + 1)).collect();
    let mails: Vec<Vec<u8>> = houses
        .iter()
        .zip(&owns)
        .map(|(h, own)| report(h, own, &board))
        .collect();
    let whole: u64 = mails.iter().map(|m| m.len() as u64).sum();
    let frames: u64 = mails
        .iter()
        .zip(&owns)
        .map(|(m, own)| (m.len() - own.len() - board.len()) as u64)
        .sum();
    let pictures: u64 = owns.iter().map(|o| o.len() as u64).sum::<u64>() + board.len() as u64;
    let size = stored_size(mails.iter().map(Vec::as_slice));
    assert_eq!(size, frames + pictures);
    assert!(size < whole - 5 * board.len() as u64, "{size} of {whole}");
}

#[test]
fn a_mail_without_long_parts_counts_whole_and_nothing_counts_nothing() {
    let short = b"Subject: hello\r\n\r\nQUJD\r\nREVG\r\n".to_vec();
    assert_eq!(stored_size([short.as_slice()]), short.len() as u64);
    assert_eq!(stored_size(std::iter::empty()), 0);
}
