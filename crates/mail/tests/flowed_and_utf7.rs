//! format=flowed (RFC 3676) unflowing and the UTF-7 (RFC 2152) decoder.

use maester_mail::flowed::unflow;
use maester_mail::utf7::decode_utf7;

#[test]
fn soft_breaks_are_joined_and_hard_breaks_kept() {
    let text = "石圣堂 \r\n巩固统治\r\n白港 防守\r\n";
    assert_eq!(unflow(text, false), "石圣堂 巩固统治\n白港 防守\n");
}

#[test]
fn delsp_deletes_the_space_that_marks_a_soft_break() {
    let text = "石圣堂巩 \r\n固统治\r\n";
    assert_eq!(unflow(text, true), "石圣堂巩固统治\n");
    assert_eq!(unflow(text, false), "石圣堂巩 固统治\n");
}

#[test]
fn space_stuffing_is_undone_and_quotes_join_only_their_own_depth() {
    let text = " From the GM\r\n> quoted \r\n> line\r\n>> deeper\r\nown text\r\n";
    assert_eq!(
        unflow(text, false),
        "From the GM\n> quoted line\n>> deeper\nown text\n"
    );
}

#[test]
fn the_signature_separator_is_never_joined() {
    let text = "临冬城 行军+1 \r\n-- \r\nTheon\r\n";
    assert_eq!(unflow(text, false), "临冬城 行军+1 \n-- \nTheon\n");
}

#[test]
fn a_flowed_last_line_without_line_end_is_kept() {
    assert_eq!(unflow("a \r\nb ", false), "a b ");
}

#[test]
fn utf7_keeps_the_character_that_ends_a_run() {
    assert_eq!(decode_utf7(b"+W8Z4AQ: 6s8vxb5p"), "密码: 6s8vxb5p");
    assert_eq!(decode_utf7(b"+W8Z4AQ-: x"), "密码: x");
}

#[test]
fn utf7_examples_of_rfc_2152() {
    assert_eq!(decode_utf7(b"A+ImIDkQ."), "A\u{2262}\u{391}.");
    assert_eq!(decode_utf7(b"Hi Mom -+Jjo--!"), "Hi Mom -\u{263a}-!");
    assert_eq!(decode_utf7(b"+ZeVnLIqe-"), "日本語");
    assert_eq!(decode_utf7(b"1 +- 1 = 2"), "1 + 1 = 2");
}

#[test]
fn utf7_surrogate_pairs_and_broken_input() {
    // U+1F600 as the surrogate pair D83D DE00.
    assert_eq!(decode_utf7(b"+2D3eAA-"), "\u{1F600}");
    // A lone high surrogate and a trailing "+" give no panic.
    assert_eq!(decode_utf7(b"+2D0-x"), "\u{fffd}x");
    assert_eq!(decode_utf7(b"abc+"), "abc");
}

/// A small deterministic generator (xorshift) for inputs no test writer thinks of.
fn noise(seed: u64, len: usize, alphabet: &[u8]) -> Vec<u8> {
    let mut x = seed | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            alphabet[(x % alphabet.len() as u64) as usize]
        })
        .collect()
}

#[test]
fn any_input_decodes_without_panic() {
    let utf7_alphabet = b"+-/AZaz09 :.\x80\xff";
    let flowed_alphabet = b"> \r\n-a";
    for seed in 1..2000u64 {
        let bytes = noise(seed, (seed % 40) as usize, utf7_alphabet);
        let _ = decode_utf7(&bytes);
        let text = String::from_utf8_lossy(&noise(seed, (seed % 60) as usize, flowed_alphabet))
            .to_string()
            + "临";
        let a = unflow(&text, seed % 2 == 0);
        // Unflowing never invents text: every non-space character is kept.
        let count = |s: &str| {
            s.chars()
                .filter(|c| !matches!(c, ' ' | '\r' | '\n' | '>'))
                .count()
        };
        assert_eq!(count(&a), count(&text), "{text:?} -> {a:?}");
    }
}
