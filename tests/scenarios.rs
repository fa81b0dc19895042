//! The adjudication suite: every case under tests/scenarios must pass (the same as
//! `maester scenario tests/scenarios`), and a case with a wrong expectation must fail.

use maester::board::Board;
use std::path::PathBuf;

fn board() -> Board {
    match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn every_scenario_passes() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let outcomes = maester::scenario::run_paths(&board(), &[dir]);
    assert!(!outcomes.is_empty());
    let failed: Vec<String> = outcomes
        .iter()
        .filter(|o| o.failed())
        .map(|o| {
            format!(
                "{}: {:?}\n  log: {:#?}",
                o.path.display(),
                o.failures,
                o.log
            )
        })
        .collect();
    let pending: Vec<String> = outcomes
        .iter()
        .filter(|o| o.pending.is_some())
        .map(|o| {
            format!(
                "{} ({})",
                o.path.display(),
                o.pending.clone().unwrap_or_default()
            )
        })
        .collect();
    println!(
        "{} scenarios run, {} pending: {pending:#?}",
        outcomes.len(),
        pending.len()
    );
    let stale: Vec<&PathBuf> = outcomes
        .iter()
        .filter(|o| o.pending.is_some() && o.passed())
        .map(|o| &o.path)
        .collect();
    assert!(
        stale.is_empty(),
        "these cases pass: remove their `pending` mark: {stale:?}"
    );
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn a_wrong_expectation_fails_with_the_difference() {
    let dir = std::env::temp_dir().join(format!("maester-scenario-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let file = dir.join("wrong.toml");
    let text = r#"
name = "wrong on purpose"
rule = "test"
[setup]
units = "黄鹿: 龙石岛 1F"
[orders]
"黄鹿" = "龙石岛 巩固统治"
[expect]
power = { "黄鹿" = 9 }
"#;
    let _ = std::fs::write(&file, text);
    let o = maester::scenario::run_file(&board(), &file);
    assert_eq!(
        o.failures,
        vec!["power of 黄鹿: expected 9, got 7".to_string()]
    );
    let _ = std::fs::remove_dir_all(&dir);
}
