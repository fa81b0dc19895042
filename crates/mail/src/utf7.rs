//! UTF-7 (RFC 2152), for the rare mail body or header sent in it. Written here because
//! mail-parser's decoder drops the character that ends each encoded run (`+W8Z4AQ:` loses its
//! colon, so a secret line becomes unreadable).

/// The value of a modified-base64 digit, `None` for any other byte.
fn digit(b: u8) -> Option<u32> {
    match b {
        b'A'..=b'Z' => Some(u32::from(b - b'A')),
        b'a'..=b'z' => Some(u32::from(b - b'a') + 26),
        b'0'..=b'9' => Some(u32::from(b - b'0') + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// Decodes UTF-7 bytes. A `+` starts an encoded run of modified base64 (UTF-16 code units),
/// `+-` is a plus sign; the run ends at the first byte that is no base64 digit: a `-` there
/// is absorbed, any other byte is kept. Bytes outside runs are taken as they are (bytes above
/// ASCII, which UTF-7 does not allow, as Latin-1). Unpaired surrogates become U+FFFD. Never
/// panics.
pub fn decode_utf7(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b != b'+' {
            out.push(char::from(b));
            i += 1;
            continue;
        }
        i += 1;
        if bytes.get(i) == Some(&b'-') {
            out.push('+');
            i += 1;
            continue;
        }
        let (mut bits, mut nbits) = (0u32, 0u32);
        let mut units: Vec<u16> = Vec::new();
        while let Some(v) = bytes.get(i).copied().and_then(digit) {
            bits = (bits << 6) | v;
            nbits += 6;
            if nbits >= 16 {
                nbits -= 16;
                units.push(((bits >> nbits) & 0xffff) as u16);
            }
            bits &= (1 << nbits) - 1;
            i += 1;
        }
        out.extend(char::decode_utf16(units).map(|c| c.unwrap_or('\u{fffd}')));
        if bytes.get(i) == Some(&b'-') {
            i += 1;
        }
    }
    out
}
