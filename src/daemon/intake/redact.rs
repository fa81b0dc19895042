//! What is kept of a player's mail once intake has read its secret.

use crate::daemon::letters;
use crate::mail::DecodedMail;
use crate::store::Mail;

/// The copy of a mail kept once its secret is read, and its subject: the mail's header and
/// its decoded text (HTML turned to text, attachments dropped), with the secret masked
/// wherever it occurs — the secret line, a quoted welcome mail, the header. The raw bytes
/// cannot simply be searched: a body in base64 or quoted-printable hides the secret from a
/// byte search but not from anyone who decodes it.
pub(super) fn redacted_copy(m: &Mail, mail: &DecodedMail, secret: &str) -> (Vec<u8>, String) {
    let masked_header = mask_bytes(&m.raw[..header_len(&m.raw)], secret);
    let raw = crate::mail::copy::text_copy(
        &masked_header,
        &letters::mask_secret(&mail.body, secret),
        &[(
            letters::REDACTED_HEADER,
            "maester keeps the decoded text with the secret masked, not the mail as received"
                .to_string(),
        )],
    );
    (raw, letters::mask_secret(&m.subject, secret))
}

/// `raw` with every occurrence of `secret` (ignoring ASCII case) replaced by the mask; the
/// other bytes untouched, whatever their charset.
fn mask_bytes(raw: &[u8], secret: &str) -> Vec<u8> {
    let needle = secret.trim().as_bytes().to_ascii_lowercase();
    if secret.trim().chars().count() < 3 {
        return raw.to_vec();
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let here = raw.get(i..i + needle.len());
        if here.is_some_and(|w| w.eq_ignore_ascii_case(&needle)) {
            out.extend_from_slice(letters::MASK.as_bytes());
            i += needle.len();
        } else {
            out.push(raw[i]);
            i += 1;
        }
    }
    out
}

/// The length of a raw mail's header block (up to and including the empty line).
fn header_len(raw: &[u8]) -> usize {
    raw.windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map(|p| p + 4)
        .or_else(|| raw.windows(2).position(|w| w == b"\n\n").map(|p| p + 2))
        .unwrap_or(raw.len())
}
