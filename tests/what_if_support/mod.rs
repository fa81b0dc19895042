//! What the what-if tests share: the tried lines of an answer, closing a step now, and a game
//! in its Raven step.
#![allow(dead_code)]

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

/// Every house's orders for real, then the Raven step: Lannister (the Raven holder) marches
/// from Lannisport and defends the Golden Sound, Greyjoy marches from Ironman's Bay.
pub fn to_the_raven_step(d: &mut maester::daemon::Daemon, dir: &std::path::Path, id: &str) {
    send(dir, "lannister", "r1", "兰尼斯港 行军\n金声海 防守");
    send(dir, "greyjoy", "r2", "铁民湾 行军\n派克岛 防守");
    for (h, o) in HOME_ORDERS
        .iter()
        .filter(|(h, _)| !["lannister", "greyjoy"].contains(h))
    {
        send(dir, h, &format!("r-{h}"), o);
    }
    let t0 = deadline(d, id) - hours(60);
    tick(d, t0);
    tick(d, t0 + hours(1));
    assert_eq!(row(d, id).step, "raven");
}
