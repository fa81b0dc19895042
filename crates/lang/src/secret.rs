//! The secret line read like the orders: a secret typed with a Chinese input method in
//! full-width (`６ｓ８ｖｘｂ５ｐ`), in capitals, between quotes or followed by `。` is the same
//! secret.

/// The secret as written and, when it differs, its normal form: full-width ASCII made
/// half-width, spaces and quotes around it and trailing punctuation removed, lower case. The
/// referee's secrets are lower-case letters and digits, so the normal form loses nothing; the
/// form as written comes first so that a secret set by hand still matches exactly.
pub fn secret_candidates(written: &str) -> Vec<String> {
    let half: String = written
        .chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' => ' ',
            _ => c,
        })
        .collect();
    let trimmed = half
        .trim_matches(|c: char| c.is_whitespace() || "\"'“”‘’「」『』《》<>()（）".contains(c))
        .trim_end_matches(|c: char| c.is_whitespace() || ".,;:!?。，；：！？、…~".contains(c))
        .trim()
        .to_lowercase();
    let mut out = vec![written.to_string()];
    if !trimmed.is_empty() && trimmed != written {
        out.push(trimmed);
    }
    out
}
