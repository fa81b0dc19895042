//! Normalisation of one line of a mail before it is parsed, with a map back to the original
//! columns so that errors point at what the player wrote.
//!
//! * full-width ASCII (`，：；（）１２３＋`) becomes half-width, the ideographic space a space;
//! * tabs, NBSP and the other Unicode spaces become a space, and runs of spaces collapse;
//! * zero-width characters (ZWSP, ZWJ, ZWNJ, BOM, word joiner) disappear;
//! * `【】〔〕` become `[]()`, `’‘` an apostrophe, `–—－` a hyphen (only between digits),
//!   the middle dots `·・` the bullet `•`;
//! * Traditional characters that occur in keywords and names become Simplified
//!   (移動到 → 移动到, 鞏固統治 → 巩固统治, 臨冬城 → 临冬城, …).
//!
//! `。` and `、` are kept: the grammar reads `。` as a full stop and `、` as a list separator.

/// Traditional characters (first string) and their Simplified forms (second string), for the
/// characters of the keywords and of the reference board's area, house and leader names (and
/// of the names as maester writes them in Traditional: 濕髮).
const TRADITIONAL: &str = "東兩個臨爲為麗麼烏喬於亞親僅從價會倫蘭養軍馮凱擊則劍動勵勢區衛歷發團聖墜聲奪獎奧婦婭孿導將爾島峽鞏幫強當徵態惡戰執擄鬥無舊時條來標橋歐沒淪溫灣溼濕濱狀狹獅瑪瓊鹽碼禮競紅級經給絕統維綠羅脈艦荊蓮獲薩蔥藍補襲議該賊賽車轉輸邊過運這鋼鐵鎮長隊陽陣順領顫風馬駐騎魯鴉鷹黃龍後號蕭啟點開關說語幫確認並輛選擇結權遊戲諸爭饗連綿驚濤駭凍請髮誌禦毀虜殲滅殺誰備換滾敗郵暫復處預覽棄試測週";
const SIMPLIFIED: &str = "东两个临为为丽么乌乔于亚亲仅从价会伦兰养军冯凯击则剑动励势区卫历发团圣坠声夺奖奥妇娅孪导将尔岛峡巩帮强当征态恶战执掳斗无旧时条来标桥欧没沦温湾湿湿滨状狭狮玛琼盐码礼竞红级经给绝统维绿罗脉舰荆莲获萨葱蓝补袭议该贼赛车转输边过运这钢铁镇长队阳阵顺领颤风马驻骑鲁鸦鹰黄龙后号萧启点开关说语帮确认并辆选择结权游戏诸争飨连绵惊涛骇冻请发志御毁虏歼灭杀谁备换滚败邮暂复处预览弃试测周";

/// Map one Traditional character to Simplified (identity for every other character).
pub fn to_simplified(c: char) -> char {
    if (c as u32) < 0x3400 {
        return c;
    }
    TRADITIONAL
        .chars()
        .zip(SIMPLIFIED.chars())
        .find(|&(t, _)| t == c)
        .map_or(c, |(_, s)| s)
}

/// Whether a text is written in Traditional Chinese: more of its characters are Traditional
/// forms of the table above than Simplified forms that differ from them.
pub fn is_traditional(text: &str) -> bool {
    let (trad, simp) = script_counts(text);
    trad > simp
}

/// How many characters of a text are Traditional forms of the table above, and how many are
/// Simplified forms that differ from them.
pub fn script_counts(text: &str) -> (usize, usize) {
    let (mut trad, mut simp) = (0usize, 0usize);
    for c in text.chars().filter(|c| (*c as u32) >= 0x3400) {
        for (t, s) in TRADITIONAL
            .chars()
            .zip(SIMPLIFIED.chars())
            .filter(|(t, s)| t != s)
        {
            if c == t {
                trad += 1;
            } else if c == s {
                simp += 1;
            }
        }
    }
    (trad, simp)
}

/// A normalised line and, for each of its characters, the 1-based column (in characters) of
/// the original character it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NormLine {
    /// The normalised text, without leading or trailing spaces.
    pub text: String,
    /// `cols[i]` is the original column of the i-th character of `text`.
    pub cols: Vec<usize>,
    /// The column just after the last original character (for errors at the end of the line).
    pub end_col: usize,
}

impl NormLine {
    /// The original column of the character at byte offset `byte` of the normalised text
    /// (the end of the line gives `end_col`).
    pub fn column_at(&self, byte: usize) -> usize {
        let idx = self.text[..byte.min(self.text.len())].chars().count();
        self.cols.get(idx).copied().unwrap_or(self.end_col)
    }
}

fn is_zero_width(c: char) -> bool {
    matches!(
        c,
        '\u{200B}' | '\u{200C}' | '\u{200D}' | '\u{2060}' | '\u{FEFF}' | '\u{00AD}'
    )
}

pub(crate) fn is_space(c: char) -> bool {
    c.is_whitespace() || matches!(c, '\u{00A0}' | '\u{3000}' | '\u{2007}' | '\u{202F}')
}

/// Map one character (not a space, not zero-width) to its normal form.
pub fn normalize_char(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '【' | '〔' => '[',
        '】' | '〕' => ']',
        '‘' | '’' | '`' | '´' => '\'',
        '·' | '・' | '‧' | '∙' => '•',
        '﹐' => ',',
        '﹔' => ';',
        '﹕' => ':',
        '〉' | '》' => '>',
        _ => to_simplified(c),
    }
}

/// Normalise one line (without its line break).
pub fn normalize_line(line: &str) -> NormLine {
    let mut text = String::with_capacity(line.len());
    let mut cols = Vec::new();
    let mut pending_space: Option<usize> = None;
    let mut end_col = 1;
    for (i, c) in line.chars().enumerate() {
        let col = i + 1;
        end_col = col + 1;
        if is_zero_width(c) {
            continue;
        }
        if is_space(c) {
            if !text.is_empty() && pending_space.is_none() {
                pending_space = Some(col);
            }
            continue;
        }
        if let Some(sc) = pending_space.take() {
            text.push(' ');
            cols.push(sc);
        }
        let mut n = normalize_char(c);
        // A dash between two digits is the step separator of `1-1)`.
        if matches!(n, '–' | '—' | '－') && text.ends_with(|p: char| p.is_ascii_digit()) {
            n = '-';
        }
        text.push(n);
        cols.push(col);
    }
    NormLine {
        text,
        cols,
        end_col,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_width_and_traditional_keywords_become_plain() {
        let n = normalize_line("１）　臨冬城２Ｋ　移動到：白港。");
        assert_eq!(n.text, "1) 临冬城2K 移动到:白港。");
        assert_eq!(n.cols[0], 1);
        assert_eq!(n.cols[3], 4); // 临 after the ideographic space
    }

    #[test]
    fn spaces_collapse_and_zero_width_vanish() {
        let n = normalize_line("\t白港\u{200B}\u{00A0} \t支援 ");
        assert_eq!(n.text, "白港 支援");
        assert_eq!(n.column_at("白港 ".len()), 8);
        assert_eq!(n.column_at(n.text.len()), 11);
    }

    #[test]
    fn traditional_names_and_keywords() {
        let n = normalize_line(
            "鞏固統治 戰艦 騎士 軍團 部隊 將領 守將 如果 則 失守 突襲 運輸 弓箭手 攻城車",
        );
        assert_eq!(
            n.text,
            "巩固统治 战舰 骑士 军团 部队 将领 守将 如果 则 失守 突袭 运输 弓箭手 攻城车"
        );
    }
}
