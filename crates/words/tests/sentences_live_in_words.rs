//! Every sentence a player or the GM reads lives in `words` (zh-Hans and en): no string literal
//! with Chinese in the non-test sources of `board`, `rules`, `game`, `store`, `mail`, `map` and
//! the shell (`src/`), except the files listed in `VOCABULARY`, which hold words maester *reads*
//! (keywords it recognises in a mail or a config), not sentences it writes. A failure names
//! every `file:line`.
//!
//! Not scanned: `lang`, whose vocabulary (`vocab`, the canonical `echo`, `junk`) is the order
//! language itself and whose reading errors (`errors`, `submit::error`) leave it as sentences
//! because `words` builds on `lang` (ARCHITECTURE.md, "Where the words live"); `harness`, a
//! developer tool whose scenario format is written in the rulebook's words.

use std::path::{Path, PathBuf};

/// Source trees scanned, from the workspace root.
const SCANNED: &[&str] = &[
    "crates/board/src",
    "crates/rules/src",
    "crates/game/src",
    "crates/store/src",
    "crates/mail/src",
    "crates/map/src",
    "crates/publish/src",
    "src",
];

/// Files whose Chinese literals are vocabulary maester reads, with what they recognise.
const VOCABULARY: &[(&str, &str)] = &[
    (
        "crates/mail/src/quote.rs",
        "quote headers and signatures of Chinese mail clients, cut from a mail",
    ),
    (
        "crates/mail/src/decode.rs",
        "subjects of bounces and auto-replies",
    ),
    (
        "src/schedule/syntax.rs",
        "day names of a schedule entry (周一 21:00)",
    ),
    (
        "src/demo.rs",
        "the demo game's players, whose names are data",
    ),
    (
        "src/bench_intake.rs",
        "the order mails the intake benchmark sends",
    ),
    (
        "src/robot_players.rs",
        "the secret keyword (密码) generated players write before their orders",
    ),
];

fn is_cjk(c: char) -> bool {
    matches!(c, '\u{3000}'..='\u{303f}' | '\u{3400}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}')
}

/// Byte offsets of the `{` opening each `#[cfg(test)] mod name {` of a file.
fn test_module_braces(src: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = src[from..].find("#[cfg(test)]") {
        let at = from + i + "#[cfg(test)]".len();
        let rest = src[at..].trim_start();
        let rest_at = src.len() - rest.len();
        let after_pub = rest.strip_prefix("pub ").unwrap_or(rest);
        if let Some(m) = after_pub.strip_prefix("mod ")
            && let Some(b) = m.find(['{', ';'])
            && m[b..].starts_with('{')
        {
            out.push(rest_at + (rest.len() - m.len()) + b);
        }
        from = at;
    }
    out
}

/// The 1-based lines of the string literals with Chinese in `src`, outside comments and
/// `#[cfg(test)]` modules.
fn chinese_literals(src: &str) -> Vec<usize> {
    let tests = test_module_braces(src);
    let b = src.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut line, mut depth) = (0usize, 1usize, 0usize);
    let mut skip_until: Option<usize> = None;
    let count_lines = |s: &[u8]| s.iter().filter(|c| **c == b'\n').count();
    while i < b.len() {
        match b[i] {
            b'\n' => line += 1,
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = src[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
                line += count_lines(&b[i..end]);
                i = end;
                continue;
            }
            b'{' => {
                if skip_until.is_none() && tests.contains(&i) {
                    skip_until = Some(depth);
                }
                depth += 1;
            }
            b'}' => {
                depth = depth.saturating_sub(1);
                if skip_until == Some(depth) {
                    skip_until = None;
                }
            }
            b'\'' => {
                // A char literal ('x', '\n', '\u{..}', '，'), or a lifetime.
                let rest = &src[i + 1..];
                let len = if let Some(r) = rest.strip_prefix('\\') {
                    r.find('\'').map(|e| e + 2)
                } else {
                    rest.chars()
                        .next()
                        .filter(|c| rest[c.len_utf8()..].starts_with('\''))
                        .map(|c| c.len_utf8() + 1)
                };
                i += 1 + len.unwrap_or(0);
                continue;
            }
            b'"' | b'r' | b'b' => {
                let (start, raw_hashes) = match b[i] {
                    b'"' => (i, None),
                    _ => {
                        let mut j = i;
                        if b[j] == b'b' {
                            j += 1;
                        }
                        let raw = b.get(j) == Some(&b'r');
                        if raw {
                            j += 1;
                        }
                        let hashes = b[j..].iter().take_while(|c| **c == b'#').count();
                        let prev_ident =
                            i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
                        if prev_ident || b.get(j + hashes) != Some(&b'"') || (!raw && hashes > 0) {
                            i += 1;
                            continue;
                        }
                        (j + hashes, raw.then_some(hashes))
                    }
                };
                let mut j = start + 1;
                let end = loop {
                    if j >= b.len() {
                        break b.len();
                    }
                    match (b[j], raw_hashes) {
                        (b'\\', None) => j += 2,
                        (b'"', None) => break j + 1,
                        (b'"', Some(h))
                            if b[j + 1..].iter().take(h).all(|c| *c == b'#')
                                && b.len() >= j + 1 + h =>
                        {
                            break j + 1 + h;
                        }
                        _ => j += 1,
                    }
                };
                let end = end.min(b.len());
                if skip_until.is_none()
                    && String::from_utf8_lossy(&b[start..end]).chars().any(is_cjk)
                {
                    out.push(line);
                }
                line += count_lines(&b[i..end]);
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let name = e.file_name().to_string_lossy().to_string();
        if p.is_dir() {
            if name != "tests" {
                rust_files(&p, out);
            }
        } else if name.ends_with(".rs") && name != "tests.rs" && !name.ends_with("_tests.rs") {
            out.push(p);
        }
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn no_chinese_literal_outside_words_but_the_listed_vocabulary() {
    let root = root();
    let mut found = Vec::new();
    let mut scanned = 0;
    for tree in SCANNED {
        let mut files = Vec::new();
        rust_files(&root.join(tree), &mut files);
        files.sort();
        for f in files {
            let rel = f
                .strip_prefix(&root)
                .unwrap_or(&f)
                .to_string_lossy()
                .replace('\\', "/");
            scanned += 1;
            if VOCABULARY.iter().any(|(v, _)| *v == rel) {
                continue;
            }
            let src = std::fs::read_to_string(&f).unwrap_or_default();
            found.extend(
                chinese_literals(&src)
                    .into_iter()
                    .map(|l| format!("{rel}:{l}")),
            );
        }
    }
    assert!(
        scanned > 100,
        "only {scanned} files found under {}",
        root.display()
    );
    assert!(
        found.is_empty(),
        "Chinese string literals outside words (move the sentence to crates/words with its English twin, or list the file in VOCABULARY if it is vocabulary maester reads):\n{}",
        found.join("\n")
    );
}

#[test]
fn every_listed_vocabulary_file_exists_and_has_chinese() {
    let root = root();
    for (f, what) in VOCABULARY {
        let src = std::fs::read_to_string(root.join(f)).unwrap_or_default();
        assert!(
            !chinese_literals(&src).is_empty(),
            "{f} ({what}) is listed as vocabulary but has no Chinese literal: take it off the list"
        );
    }
}

#[test]
fn the_scanner_sees_literals_and_skips_comments_chars_and_test_modules() {
    let src = "// \"注释\"\nfn a() -> &'static str {\n    let c = '，';\n    \"中文\"\n}\n/* \"块\" */\nconst R: &str = r#\"原始\"#;\n#[cfg(test)]\nmod tests {\n    const T: &str = \"测试\";\n}\nconst E: &str = \"english\";\nconst Z: &str = \"后\";\n";
    assert_eq!(chinese_literals(src), vec![4, 7, 13]);
}
