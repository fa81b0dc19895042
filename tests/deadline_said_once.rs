//! One deadline, said once (issue 26): an answer says the deadline the step closes at after
//! this mail — the early close when this mail completes the step, the step's own after `wait`
//! — on one line, in the game's time zone and as "in N h"; never two different times.

mod policy_support;

use chrono::{DateTime, TimeDelta, Utc};
use policy_support::*;

fn minutes(m: i64) -> TimeDelta {
    TimeDelta::minutes(m)
}

const TZ: chrono_tz::Tz = chrono_tz::Asia::Shanghai;

/// The one answer to `house` for mail `key` (its subject holds "Re:").
fn answer(dir: &std::path::Path, house: &str, marker: &str) -> String {
    let all = mails_to(dir, house, marker);
    match all.as_slice() {
        [.., last] => last.clone(),
        [] => panic!("no mail to {house} with {marker:?}"),
    }
}

/// The answer's deadline lines.
fn deadline_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| {
            l.starts_with("本阶段截止时间")
                || l.starts_with("本階段截止時間")
                || l.starts_with("Deadline of this step")
        })
        .collect()
}

#[test]
fn an_answer_says_the_one_deadline_the_step_closes_at() {
    let (dir, cfg) = game_edited("said-once", "so", |t| {
        t.replace("timezone = \"UTC\"", "timezone = \"Asia/Shanghai\"")
            .replace("name = \"C\"\n", "name = \"C\"\nlanguage = \"zh-Hant\"\n")
    });
    let mut d = open(&cfg);
    let dl: DateTime<Utc> = deadline(&d, "so");
    let t0 = dl - hours(48);
    let own_zh = maester::schedule::format_deadline_zh(dl, TZ);
    let own_en = maester::schedule::format_deadline_en(dl, TZ);
    // Five houses send: each answer gives the step's own deadline, with how long is left.
    for (i, (h, order)) in HOME_ORDERS.iter().enumerate().take(5) {
        let order = if *h == "lannister" {
            maester::words::hant::to_traditional(order)
        } else {
            order.to_string()
        };
        send(&dir, h, &format!("s{i}"), &order);
    }
    tick(&mut d, t0);
    let first = answer(&dir, "stark", "已收到");
    assert_eq!(
        deadline_lines(&first),
        [format!("本阶段截止时间:{own_zh},约 2 天后").as_str()],
        "{first}"
    );
    // The last house sends: the step closes 30 minutes later, and the answer says that time,
    // once: not the step's own deadline beside it.
    send_orders(&dir, "martell", "s5");
    tick(&mut d, t0 + minutes(1));
    let early = t0 + minutes(31);
    assert_eq!(deadline(&d, "so"), early);
    let last = answer(&dir, "martell", "所有家族都已提交");
    let early_zh = maester::schedule::format_deadline_zh(early, TZ);
    assert_eq!(
        deadline_lines(&last),
        [format!("本阶段截止时间:{early_zh},30 分钟后").as_str()],
        "{last}"
    );
    assert!(
        !last.contains(&own_zh),
        "two deadlines in one answer:\n{last}"
    );
    assert!(last.contains("提前到下面的截止时间"), "{last}");
    // A correction from the Traditional reader restarts the delay: his answer says the new
    // time, in Traditional characters.
    let fix = maester::words::hant::to_traditional("兰尼斯港 支援");
    send(&dir, "lannister", "s6", &fix);
    tick(&mut d, t0 + minutes(5));
    let later = t0 + minutes(35);
    assert_eq!(deadline(&d, "so"), later);
    let hant = answer(&dir, "lannister", "所有家族都已提交");
    let later_hant =
        maester::words::hant::to_traditional(&maester::schedule::format_deadline_zh(later, TZ));
    assert_eq!(
        deadline_lines(&hant),
        [format!("本階段截止時間:{later_hant},30 分鐘後").as_str()],
        "{hant}"
    );
    // The English reader waits: the step closes at its own deadline, and his answer says so.
    send(&dir, "greyjoy", "s7", "wait");
    tick(&mut d, t0 + minutes(10));
    assert_eq!(deadline(&d, "so"), dl);
    let wait = answer(&dir, "greyjoy", "Wait noted");
    assert_eq!(
        deadline_lines(&wait),
        [format!("Deadline of this step: {own_en} (in 2 days)").as_str()],
        "{wait}"
    );
    assert!(!wait.contains(" UTC"), "the game's zone, not UTC: {wait}");
    let _ = std::fs::remove_dir_all(&dir);
}
