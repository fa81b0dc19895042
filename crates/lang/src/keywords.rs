//! The closest keyword to a word the parser could not read (`marhc` → `march`, `行君` → `行军`,
//! and in a plan `行君到` → `行军到`, `移動倒` → `移动到`, `moev` → `move`): the "did you mean"
//! of a syntax error.

/// The words of the order language a typo most often hits, Chinese and English.
const KEYWORDS: [&str; 46] = [
    "行军",
    "行军到",
    "强行军到",
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
    // Traditional characters and full-width forms read as the keywords are written.
    let w: String = typo_core(word)
        .chars()
        .map(crate::normalize::normalize_char)
        .collect::<String>()
        .to_lowercase();
    let wc: Vec<char> = w.chars().collect();
    if wc.len() < 2 || KEYWORDS.contains(&w.as_str()) || grammar_words().contains(&w) {
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

/// `text` with its misspelt `word` replaced by the `keyword` it means, the rest kept as
/// written: `征冰: 高庭 1F` → `征兵: 高庭 1F`, `形军+1` → `行军+1`.
pub fn corrected(text: &str, word: &str, keyword: &str) -> String {
    let core = typo_core(word);
    if core.is_empty() {
        return keyword.to_string();
    }
    text.trim().replacen(core, keyword, 1)
}

/// A word without what follows a keyword in the same word (`形军+1` → `形军`).
fn typo_core(word: &str) -> &str {
    word.trim()
        .trim_end_matches(|c: char| c == '+' || c.is_ascii_digit())
}

/// Every word the grammar itself reads (its quoted literals, lower-cased): such a word is no
/// typo even when it is one edit from a keyword (`不支援`, withholding support, is not a
/// misspelt `支援`).
fn grammar_words() -> &'static std::collections::HashSet<String> {
    static WORDS: std::sync::OnceLock<std::collections::HashSet<String>> =
        std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        let grammar = [
            include_str!("../../../grammar/lexicon.pest"),
            include_str!("../../../grammar/placement.pest"),
            include_str!("../../../grammar/plan.pest"),
            include_str!("../../../grammar/events.pest"),
            include_str!("../../../grammar/submission.pest"),
        ];
        grammar
            .iter()
            .flat_map(|text| text.split('"').skip(1).step_by(2))
            .filter(|w| w.chars().count() >= 2)
            .map(str::to_lowercase)
            .collect()
    })
}

/// The edit distance of two words (insertions, deletions, substitutions, and two neighbours
/// swapped — `moev` for `move` — each one edit), by characters.
pub(crate) fn edit_distance(a: &[char], b: &[char]) -> usize {
    // d[i][j]: the distance of a[..i] and b[..j].
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let sub = d[i - 1][j - 1] + usize::from(a[i - 1] != b[j - 1]);
            let mut best = sub.min(d[i - 1][j] + 1).min(d[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::closest;

    #[test]
    fn the_correction_keeps_the_rest_of_the_line() {
        use super::corrected;
        assert_eq!(closest("征冰"), Some("征兵"));
        assert_eq!(corrected("征冰: 高庭 1F", "征冰", "征兵"), "征兵: 高庭 1F");
        assert_eq!(closest("形军+1"), Some("行军"));
        assert_eq!(corrected("形军+1", "形军+1", "行军"), "行军+1");
        assert_eq!(corrected("marhc", "marhc", "march"), "march");
    }

    #[test]
    fn a_word_of_the_grammar_is_no_typo() {
        assert_eq!(closest("不支援"), None);
        assert_eq!(closest("不等待"), None);
        assert_eq!(closest("支持"), Some("支援"));
    }

    #[test]
    fn typos_of_keywords_find_the_keyword() {
        assert_eq!(closest("marhc"), Some("march"));
        assert_eq!(closest("行君"), Some("行军"));
        assert_eq!(closest("suport"), Some("support"));
        assert_eq!(closest("march"), None);
        assert_eq!(closest("Winterfell"), None);
        assert_eq!(closest("临冬城"), None);
    }

    #[test]
    fn typos_of_a_plan_verb_find_the_verb() {
        assert_eq!(closest("行君到"), Some("行军到"));
        assert_eq!(closest("移動倒"), Some("移动到"));
        assert_eq!(closest("moev"), Some("move"));
        assert_eq!(closest("移動到"), None, "Traditional is no typo");
    }
}
