//! What the what-if tests share: the tried lines of an answer, and closing a step now.

use super::policy_support::*;

/// The tried phase's lines of a what-if answer (the indented lines after its heading).
pub fn tried_lines(answer: &str, heading: &str) -> Vec<String> {
    answer
        .lines()
        .skip_while(|l| !l.contains(heading))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(|l| l.trim().to_string())
        .collect()
}

/// Close the open step now, as the GM's `process` does.
pub fn close_now(d: &mut maester::daemon::Daemon, id: &str) {
    let at = deadline(d, id) - hours(1);
    let close = maester::daemon::gm::GmCommand::Process {
        step: None,
        round: None,
    };
    if let Err(e) = maester::daemon::gm::apply(d, id, &close, at) {
        panic!("{e}");
    }
    tick(d, at);
}
