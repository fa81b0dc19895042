//! English counts: singular for one, plural otherwise.

/// `n` and an English noun, plural unless `n` is 1: `1 power token`, `2 power tokens`.
pub fn count_en(n: impl Into<i64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
