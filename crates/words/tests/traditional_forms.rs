//! The Traditional Chinese maester writes reads right to a Taiwan or Hong Kong reader: the exact
//! words of its sentences, no variant forms they do not use (爲, 裏, 着, 溼) and no wrong
//! reading of a character (回複 for 回覆, 濕發 for 濕髮), and every name it converts reads back
//! to the same name when a player writes it in his orders.

use maester_board::Board;
use maester_lang::normalize::to_simplified;
use maester_words::hant::{Script, to_traditional};

/// Forms a Taiwan or Hong Kong reader does not write, in any of maester's texts.
const WRONG: &[&str] = &[
    "爲", "裏", "着", "溼", "衆", "僞", "啓", "説", "回複", "回復", "答複", "濕發", "天后", "輪迴",
];

#[test]
fn the_exact_words_of_the_sentences() {
    for (simplified, traditional) in [
        ("请回复本邮件。", "請回覆本郵件。"),
        ("不回复则为默认", "不回覆則為默認"),
        ("以最后一份为准。", "以最後一份為準。"),
        ("这里是", "這裡是"),
        ("带着自己的密码", "帶著自己的密碼"),
        ("湿发", "濕髮"),
        ("征兵", "徵兵"),
        ("你在游戏", "你在遊戲"),
        ("周六休战。", "週六休戰。"),
        ("不能在那里布置命令", "不能在那裡佈置命令"),
        ("临冬城 行军+1", "臨冬城 行軍+1"),
        ("君临", "君臨"),
        ("恢复时会通知新的截止时间。", "恢復時會通知新的截止時間。"),
    ] {
        assert_eq!(to_traditional(simplified), traditional, "{simplified}");
        assert_eq!(Script::Traditional.write(simplified), traditional);
        assert_eq!(Script::Simplified.write(simplified), simplified);
    }
}

/// Every Chinese text file of the words: the templates and the sources of the sentences.
fn texts() -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![
        root.join("../../templates/zh"),
        root.join("src"),
        root.join("src/log"),
        root.join("src/asks"),
        root.join("src/economy"),
        root.join("src/rule_text"),
        root.join("data"),
    ];
    dirs.push(root.join("../../data"));
    let mut out = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        // The converter's own file names the wrong forms it mends.
        for e in entries.flatten().filter(|e| e.file_name() != "hant.rs") {
            if let Ok(text) = std::fs::read_to_string(e.path()) {
                out.push((e.path().display().to_string(), text));
            }
        }
    }
    out
}

#[test]
fn no_form_a_traditional_reader_does_not_write() {
    let texts = texts();
    assert!(texts.len() > 20, "{} files", texts.len());
    for (path, text) in texts {
        let converted = to_traditional(&text);
        for wrong in WRONG {
            if let Some(at) = converted.find(wrong) {
                let from = converted[..at]
                    .char_indices()
                    .rev()
                    .nth(12)
                    .map_or(0, |(i, _)| i);
                let to = (at + 40).min(converted.len());
                let around = converted.get(from..to).unwrap_or_default();
                panic!("{path}: {wrong} in …{around}…");
            }
        }
    }
}

#[test]
fn every_name_written_in_traditional_reads_back_as_the_same_name() {
    let board = Board::default_board().expect("the default board loads");
    let mut names: Vec<&str> = Vec::new();
    for a in &board.areas {
        names.push(&a.name_zh);
        names.extend(a.aliases_zh.iter().map(String::as_str));
    }
    for h in &board.houses {
        names.push(&h.name_zh);
    }
    for l in &board.leaders {
        names.push(&l.name_zh);
        names.push(&l.short_zh);
    }
    let mut unread = Vec::new();
    for name in names {
        let back: String = to_traditional(name).chars().map(to_simplified).collect();
        if back != name {
            unread.push(format!("{name} → {} → {back}", to_traditional(name)));
        }
    }
    assert!(unread.is_empty(), "{unread:#?}");
}
