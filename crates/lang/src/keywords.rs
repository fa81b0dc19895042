//! The closest keyword to a word the parser could not read (`marhc` → `march`, `行君` → `行军`):
//! the "did you mean" of a syntax error.

/// The words of the order language a typo most often hits, Chinese and English.
const KEYWORDS: [&str; 44] = [
    "行军",
    "防守",
    "支援",
    "突袭",
    "巩固统治",
    "移动到",
    "征兵",
    "裁军",
    "出价",
    "信鸦",
    "撤退",
    "密码",
    "建造港口",
    "修建防御工事",
    "运输",
    "野人",
    "奖励",
    "平局",
    "选择",
    "强行军",
    "招募",
    "浮桥",
    "补给车",
    "march",
    "defence",
    "defense",
    "support",
    "raid",
    "consolidate",
    "move",
    "muster",
    "disband",
    "bid",
    "raven",
    "retreat",
    "secret",
    "transport",
    "wildlings",
    "reward",
    "tie",
    "choose",
    "fortify",
    "upgrade",
    "port",
];

/// The keyword a misspelt word most likely means, if one is close enough: at most one edit for
/// a word of up to four characters, two for a longer one, and a Chinese word must keep its
/// first or last character. `None` for a keyword itself or a word far from all.
pub fn closest(word: &str) -> Option<&'static str> {
    let w: String = word
        .trim()
        .trim_end_matches(|c: char| c == '+' || c.is_ascii_digit())
        .to_lowercase();
    let wc: Vec<char> = w.chars().collect();
    if wc.len() < 2 || KEYWORDS.contains(&w.as_str()) {
        return None;
    }
    let cjk = !w.is_ascii();
    KEYWORDS
        .iter()
        .filter(|k| k.is_ascii() != cjk)
        .filter_map(|k| {
            let kc: Vec<char> = k.chars().collect();
            let d = edit_distance(&wc, &kc);
            let limit = if wc.len().max(kc.len()) <= 4 { 1 } else { 2 };
            let ends = wc.first() == kc.first() || wc.last() == kc.last();
            (d > 0 && d <= limit && (!cjk || ends)).then_some((d, *k))
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// The edit distance of two words (insertions, deletions, substitutions), by characters.
pub(crate) fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::closest;

    #[test]
    fn typos_of_keywords_find_the_keyword() {
        assert_eq!(closest("marhc"), Some("march"));
        assert_eq!(closest("行君"), Some("行军"));
        assert_eq!(closest("suport"), Some("support"));
        assert_eq!(closest("march"), None);
        assert_eq!(closest("Winterfell"), None);
        assert_eq!(closest("临冬城"), None);
    }
}
