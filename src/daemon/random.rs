//! Randomness from the operating system: the players' secrets, salts and seeds, the process's
//! digest key. The ground floor of the daemon: it uses nothing of it.

use crate::error::Error;

/// Random bytes from the operating system, as hex (for secrets, salts and seeds).
pub fn random_hex(n: usize) -> Result<String, Error> {
    use std::io::Read;
    let mut buf = vec![0u8; n];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut buf))
        .map_err(|e| Error::Config(format!("reading /dev/urandom: {e}")))?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}

/// A secret a player can type: 8 lower-case letters and digits without look-alikes.
pub fn new_secret() -> Result<String, Error> {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    let hex = random_hex(8)?;
    let bytes: Vec<u8> = (0..8)
        .filter_map(|i| u8::from_str_radix(&hex[i * 2..i * 2 + 2], 16).ok())
        .collect();
    Ok(bytes
        .iter()
        .map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char)
        .collect())
}
