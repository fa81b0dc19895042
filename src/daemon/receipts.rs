//! Receipts: the short keyed digest (`XXXX-XXXX`) of an accepted submission that its answer
//! carries and the public record lists. The digest itself is pure and lives in
//! `maester-publish` ([`crate::publish::receipt`]), where `maester verify` recomputes it from a
//! finished game's record; the daemon uses it from there.

pub use crate::publish::receipt::{Receipted, hmac_sha256, key_of, receipt};
