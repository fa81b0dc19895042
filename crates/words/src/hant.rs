//! Traditional Chinese for the players who write it: a text of the Simplified templates turned
//! into Traditional characters (OpenCC's phrase tables, `ferrous-opencc`), so the same templates
//! answer both scripts.

use std::sync::OnceLock;

/// `text` in Traditional characters; unchanged if the converter cannot be built.
pub fn to_traditional(text: &str) -> String {
    static CONVERTER: OnceLock<Option<ferrous_opencc::OpenCC>> = OnceLock::new();
    let converter = CONVERTER.get_or_init(|| {
        ferrous_opencc::OpenCC::from_config(ferrous_opencc::config::BuiltinConfig::S2t).ok()
    });
    match converter {
        Some(c) => c.convert(text),
        None => text.to_string(),
    }
}
