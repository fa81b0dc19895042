//! `maester check`: the GM's tool for a disputed mail — canonical echo or errors, exit status.

use std::io::Write;
use std::process::{Command, Stdio};

fn check(args: &[&str], input: &str) -> (bool, String) {
    let mut child = match Command::new(env!("CARGO_BIN_EXE_maester"))
        .arg("check")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    if let Some(mut i) = child.stdin.take() {
        let _ = i.write_all(input.as_bytes());
    }
    let out = match child.wait_with_output() {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn valid_placement_echoes_canonically_and_exits_0() {
    let (ok, out) = check(&["--house", "stark"], "临冬城  行军＋1\n白港 支援。\n");
    assert!(ok, "{out}");
    assert_eq!(out, "临冬城 行军+1\n白港 支援\n");
}

#[test]
fn every_bad_line_is_reported_with_validation_errors_and_exit_1() {
    let (ok, out) = check(
        &["--house", "白狼", "--lang", "en"],
        "临冬城 行军+1\n白港 行军+1\n卡霍城 防守\n君临 移动到 临冬\n",
    );
    assert!(!ok);
    assert!(out.contains("march+1 (004:L1490)"), "{out}");
    assert!(out.contains("no units in Karhold"), "{out}");
    assert!(out.contains("did you mean Winterfell"), "{out}");
}

#[test]
fn plan_phase_json_reports_the_echo_against_a_saved_state() {
    // Without a march order in Winterfell the plan is refused (004:L1719) …
    let (ok, out) = check(
        &["--house", "stark", "--phase", "plan"],
        "1) 临冬城军团 移动到 卡林湾\n",
    );
    assert!(!ok);
    assert!(out.contains("你在临冬城没有行军命令"), "{out}");
    // … with the order revealed, it is accepted.
    let board = match maester::board::Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    let mut state = maester::rules::GameState::new_game(&board);
    if let Some(wf) = board.area_by_key("winterfell") {
        state.area_mut(wf).order = Some(maester::board::Order {
            kind: maester::board::OrderType::March,
            special: false,
        });
    }
    state.step = maester::rules::Step::Plan;
    let file =
        std::env::temp_dir().join(format!("maester-check-state-{}.json", std::process::id()));
    let _ = std::fs::write(&file, serde_json::to_string(&state).unwrap_or_default());
    let path = file.display().to_string();
    let (ok, out) = check(
        &["--house", "stark", "--state", &path, "--json"],
        "1) 临冬城军团 移动到 卡林湾\n",
    );
    let _ = std::fs::remove_file(&file);
    assert!(ok, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_default();
    assert_eq!(v["valid"], true);
    assert_eq!(v["step"], "plan");
    assert_eq!(v["echo"][0], "1) 临冬城部队 移动到 卡林湾。");
}

/// `maester scenario -v … | head`: the reader goes away early (the output, ~95 KB, is more than
/// a pipe holds, so a write fails); maester ends quietly, status 0,
/// without a panic message.
#[test]
fn output_into_a_closed_pipe_ends_quietly() {
    use std::io::Read;
    let mut child = match Command::new(env!("CARGO_BIN_EXE_maester"))
        .args([
            "scenario",
            "-v",
            "tests/scenarios/battle",
            "tests/scenarios/battle",
            "tests/scenarios/battle",
            "tests/scenarios/battle",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    let mut first = [0u8; 64];
    if let Some(mut o) = child.stdout.take() {
        let _ = o.read(&mut first);
        // `o` is dropped here: the pipe closes while maester still has lines to write.
    }
    let out = match child.wait_with_output() {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.status.success(), "{:?} {err}", out.status);
}
