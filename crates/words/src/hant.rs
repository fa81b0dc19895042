//! Traditional Chinese for the players who write it: a text of the Simplified templates turned
//! into Traditional characters, so the same templates answer both scripts.
//!
//! The conversion is OpenCC's `s2tw` (`ferrous-opencc`): its phrase and character tables, then
//! the characters as Taiwan's standard writes them (為 not 爲, 著 not 着, 裡 not 裏, 眾 not
//! 衆), with no change of vocabulary (a name stays the name the board gives it). A short table
//! ([`FIXES`]) then mends what the phrase tables get wrong in maester's own sentences.

use std::sync::OnceLock;

/// The Chinese script a reader reads: the templates are Simplified, a seat that writes
/// Traditional gets them converted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Script {
    /// Simplified characters (the templates' own; the default).
    #[default]
    Simplified,
    /// Traditional characters.
    Traditional,
}

impl Script {
    /// `Traditional` when `traditional`, else `Simplified`.
    pub fn of(traditional: bool) -> Script {
        if traditional {
            Script::Traditional
        } else {
            Script::Simplified
        }
    }

    /// Whether this is the Traditional script.
    pub fn is_traditional(self) -> bool {
        self == Script::Traditional
    }

    /// `text` written in this script (unchanged for Simplified, and for text with no Chinese).
    pub fn write(self, text: &str) -> String {
        match self {
            Script::Simplified => text.to_string(),
            Script::Traditional => to_traditional(text),
        }
    }
}

/// Words the conversion writes otherwise than a Traditional reader expects, and what they
/// should read (each checked by `tests/traditional_forms.rs`).
pub const FIXES: &[(&str, &str)] = &[
    // 复 as "answer" is 覆 (回覆, 答覆), not 複 (double) nor 復 (return).
    ("回複", "回覆"),
    ("回復", "回覆"),
    ("答複", "答覆"),
    ("答復", "答覆"),
    // 湿 is written 濕 in Taiwan and Hong Kong alike (溼 is a rare variant).
    ("溼", "濕"),
    // The Greyjoy leader 湿发 (Damphair): 发 as hair is 髮, not 發.
    ("濕發", "濕髮"),
    // 天后 is a phrase of the tables (the empress of heaven) and keeps its 后; maester only
    // writes it in "in 2 days" (约 2 天后), where 后 is 後.
    ("天后", "天後"),
    // 轮回 is matched as 輪迴 (reincarnation) in 第二轮回答 (the second round's answers).
    ("輪迴答", "輪回答"),
];

/// `text` in Traditional characters; unchanged if the converter cannot be built.
pub fn to_traditional(text: &str) -> String {
    static CONVERTER: OnceLock<Option<ferrous_opencc::OpenCC>> = OnceLock::new();
    if text.is_ascii() {
        return text.to_string();
    }
    let converter = CONVERTER.get_or_init(|| {
        ferrous_opencc::OpenCC::from_config(ferrous_opencc::config::BuiltinConfig::S2tw).ok()
    });
    let Some(c) = converter else {
        return text.to_string();
    };
    let mut out = c.convert(text);
    for (wrong, right) in FIXES {
        if out.contains(wrong) {
            out = out.replace(wrong, right);
        }
    }
    out
}
