//! The Traditional forms of the Chinese characters of some files, as maester's own converter
//! writes them (`words::hant`): what the map's font subset must hold besides the Simplified
//! characters (`tools/map_font_subset.py` runs this).
//!
//! `cargo run -q -p maester-words --example hant_chars -- FILE…` prints, on one line, every
//! character of the conversion of each run of Chinese characters in the files, and of each
//! character alone (a phrase may convert a character otherwise than the character alone).

fn is_han(c: char) -> bool {
    (c as u32) >= 0x2E80
}

fn main() {
    let mut out = std::collections::BTreeSet::new();
    for path in std::env::args().skip(1) {
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{path}: {e}");
                std::process::exit(1);
            }
        };
        let mut runs: Vec<String> = Vec::new();
        let mut run = String::new();
        for c in text.chars() {
            if is_han(c) {
                run.push(c);
                out.extend(maester_words::hant::to_traditional(&c.to_string()).chars());
            } else if !run.is_empty() {
                runs.push(std::mem::take(&mut run));
            }
        }
        runs.push(run);
        for r in runs {
            out.extend(maester_words::hant::to_traditional(&r).chars());
        }
    }
    let line: String = out.into_iter().filter(|c| is_han(*c)).collect();
    println!("{line}");
}
