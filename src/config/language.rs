//! A mail language as a config or a command writes it: `zh` (Chinese, Simplified characters),
//! `zh-Hant` (Chinese in Traditional characters), `en`. `zh-Hans`, `zh-TW` and `zh-HK` are read
//! too, and case does not matter; a config that says `zh` or `en` reads as it always did.

use crate::board::Lang;
use crate::words::hant::Script;
use serde::{Deserialize, Deserializer};

/// A language and, for Chinese, its script.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MailLanguage {
    /// The language of the templates.
    pub lang: Lang,
    /// The script of the Chinese text (always Simplified for English).
    pub script: Script,
}

impl MailLanguage {
    /// English.
    pub const EN: MailLanguage = MailLanguage {
        lang: Lang::En,
        script: Script::Simplified,
    };

    /// The language a word names, or `None`.
    pub fn parse(word: &str) -> Option<MailLanguage> {
        let zh = |script| MailLanguage {
            lang: Lang::Zh,
            script,
        };
        match word.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "zh" | "zh-hans" | "zh-cn" => Some(zh(Script::Simplified)),
            "zh-hant" | "zh-tw" | "zh-hk" => Some(zh(Script::Traditional)),
            "en" => Some(MailLanguage::EN),
            _ => None,
        }
    }

    /// Whether the reader gets Chinese in Traditional characters.
    pub fn traditional(self) -> bool {
        self.lang == Lang::Zh && self.script.is_traditional()
    }

    /// The word a config writes for it (`zh`, `zh-Hant`, `en`).
    pub fn key(self) -> &'static str {
        match (self.lang, self.traditional()) {
            (Lang::En, _) => "en",
            (Lang::Zh, false) => "zh",
            (Lang::Zh, true) => "zh-Hant",
        }
    }
}

impl From<Lang> for MailLanguage {
    fn from(lang: Lang) -> MailLanguage {
        MailLanguage {
            lang,
            script: Script::Simplified,
        }
    }
}

impl<'de> Deserialize<'de> for MailLanguage {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<MailLanguage, D::Error> {
        let word = String::deserialize(d)?;
        MailLanguage::parse(&word).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown language {word:?}: use \"zh\", \"zh-Hant\" (Traditional characters) or \"en\""
            ))
        })
    }
}
