//! The report of the plan step publishes every house's execution plan as executed (附录1,
//! 004:L2743), per house, in the reader's language, and a player reads the rule references as
//! chapters and words, never as rulebook lines.

mod maildir_support;

use maildir_support::*;

#[test]
fn the_plan_step_report_lists_every_house_s_executed_plan() {
    let dir = temp_dir("executed-plans");
    if let Err(e) = maester::demo::run(&dir) {
        panic!("demo failed: {e}");
    }
    let mails = outbox_files(&dir.join("mail/outbox"));
    let report = |to: &str, marker: &str| -> String {
        mails
            .iter()
            .filter(|(t, b)| t.contains(to) && b.lines().next().is_some_and(|s| s.contains(marker)))
            .map(|(_, b)| b.clone())
            .next_back()
            .unwrap_or_else(|| panic!("no report to {to} with {marker}"))
    };
    let zh = report("arya@north.example", "制定执行方案阶段结果");
    let plans = zh
        .split("== 公布的执行方案 ==")
        .nth(1)
        .and_then(|s| s.split("== 裁决过程 ==").next())
        .unwrap_or_else(|| panic!("no plans section: {zh}"));
    for house in ["白狼", "海怪", "红狮", "黄鹿", "玫瑰", "橙日"] {
        assert!(plans.contains(&format!("  {house}:\n")), "{house}: {plans}");
    }
    assert!(plans.contains("临冬城部队 移动到 卡林湾"), "{plans}");
    let en = report("stannis@storm.example", "execution plan results");
    assert!(en.contains("== Execution plans as executed =="), "{en}");
    assert!(
        en.contains("  Stark:\n") && en.contains("Moat Cailin"),
        "{en}"
    );
    // The placement report has no plans section.
    let placement = report("arya@north.example", "布置军事命令阶段结果");
    assert!(!placement.contains("公布的执行方案"), "{placement}");
    // Rule references as a player reads them.
    for r in [&zh, &en, &placement] {
        assert!(!r.contains("004:L"), "{r}");
    }
    assert!(zh.contains('§') && en.contains('§'), "{zh}\n{en}");
    let _ = std::fs::remove_dir_all(&dir);
}
