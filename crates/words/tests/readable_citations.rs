//! Rule references a player can read: a player sees the chapter of the rulebook and a few
//! words of the rule instead of "004:L1196" or "A-65"; the GM keeps the exact references; and
//! every reference the code cites resolves in the table.

use maester_board::Lang;
use maester_words::cite::{Reader, Ref, citation, for_player, references_in, resolves};
use std::path::{Path, PathBuf};

#[test]
fn a_player_reads_chapters_and_words_the_gm_reads_lines() {
    assert_eq!(
        citation("004:L1243, A-35", Lang::Zh, Reader::Player),
        "规则:行军后留下势力标志;§五 行军"
    );
    assert_eq!(
        citation("004:L1243, A-35", Lang::En, Reader::Player),
        "rule: a march may leave a power token; §5 March"
    );
    assert_eq!(
        citation("004:L1243, L1260", Lang::Zh, Reader::Gm),
        "004:L1243、L1260"
    );
    assert_eq!(citation("A-65", Lang::En, Reader::Gm), "A-65");
    assert_eq!(
        citation("004:L1196", Lang::Zh, Reader::Player),
        "§四 三个政治影响力领域"
    );
    // The Raven holder's foresight: the event deck and the track's line, not Clash of Kings.
    assert_eq!(
        citation("004:L2387, L1192", Lang::En, Reader::Player),
        "§6 Event phase; §4 The three influence tracks"
    );
    assert_eq!(
        citation("004:L2734–L2755", Lang::En, Reader::Player),
        "Appendix 1 Timeline"
    );
}

#[test]
fn every_reference_in_a_sentence_is_rewritten_for_a_player() {
    let zh = "白狼的第2步没有可执行的选项,跳过;下一步递补(004:L1312, A-28)。\
              巩固统治:白狼在临冬城获得2个势力标志(另有1个超出20个上限作废,A-73)。";
    let p = for_player(zh, Lang::Zh);
    assert!(!p.contains("004:L") && !p.contains("A-"), "{p}");
    assert!(
        p.contains("(规则:不能执行的命令由下一条递补;§五 行军)"),
        "{p}"
    );
    assert!(p.contains("作废,规则:势力标志上限20个)"), "{p}");
    // Two lines of one chapter side by side are said once.
    assert_eq!(
        for_player("损失为:裁掉2点(004:L1129)(004:L1131)。", Lang::Zh),
        "损失为:裁掉2点(§四 抵御野人入侵)。"
    );
    assert_eq!(
        for_player("2 more (004:L1129) (004:L1131).", Lang::En),
        "2 more (§4 Wildlings)."
    );
    let en = "Raid: nothing to remove (004:L1227, L1232); deadline 2026-11-25 UTF-8 TA-35x.";
    let p = for_player(en, Lang::En);
    assert_eq!(
        p,
        "Raid: nothing to remove (§5 Orders; §5 March); deadline 2026-11-25 UTF-8 TA-35x."
    );
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            // The tests cite the worked examples they check; only what the code says counts.
            if p.file_name().is_some_and(|n| n != "tests") {
                walk(&p, out);
            }
        } else if p
            .extension()
            .is_some_and(|x| x == "rs" || x == "txt" || x == "html")
        {
            out.push(p);
        }
    }
}

#[test]
fn every_rule_reference_the_code_cites_resolves() {
    let mut files = Vec::new();
    for d in [
        "crates/words/src",
        "crates/rules/src",
        "crates/game/src",
        "crates/lang/src",
        "templates",
        "src",
    ] {
        walk(&root().join(d), &mut files);
    }
    assert!(files.len() > 100, "{} files", files.len());
    let mut seen = 0;
    let mut missing = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_default();
        // The code's lines, not its comments (which cite the spec's worked examples too).
        let code: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        for r in references_in(&code) {
            seen += 1;
            if !resolves(&r) {
                missing.push(format!("{}: {r:?}", f.display()));
            }
        }
    }
    assert!(seen > 500, "only {seen} references found");
    assert!(missing.is_empty(), "unresolved: {missing:#?}");
    // A reference outside the rulebook or an unknown ruling does not resolve.
    assert!(!resolves(&Ref::Lines(9000, 9000)));
    assert!(!resolves(&Ref::Ruling("A-99".into())));
}
