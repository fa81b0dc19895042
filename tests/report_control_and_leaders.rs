//! Two holes of the old report (issue 17), closed on the demo game: an area that changed hands
//! in the step is listed under its own heading (an area left empty no longer just disappears),
//! and every house's leaders are listed, ready and resting (附录1, 004:L2734–L2755).

mod maildir_support;

use maildir_support::*;

/// The text of the plan step's report to `addr`.
fn plan_report(dir: &std::path::Path, addr: &str, subject: &str) -> String {
    let all = outbox_files(&dir.join("mail/outbox"));
    let found: Vec<&String> = all
        .iter()
        .filter(|(to, body)| {
            to.contains(addr) && body.lines().next().is_some_and(|s| s.contains(subject))
        })
        .map(|(_, body)| body)
        .collect();
    match found.as_slice() {
        [one] => (*one).clone(),
        _ => panic!("expected one report to {addr} with {subject:?}: {found:#?}"),
    }
}

/// The lines of a `== heading ==` section, up to the next heading.
fn section<'a>(text: &'a str, heading: &str) -> Vec<&'a str> {
    text.lines()
        .skip_while(|l| !l.starts_with(heading))
        .skip(1)
        .take_while(|l| !l.starts_with("=="))
        .filter(|l| !l.trim().is_empty())
        .collect()
}

#[test]
fn control_changes_list_areas_taken_and_areas_left_empty() {
    let dir = temp_dir("report-control");
    if let Err(e) = maester::demo::run(&dir) {
        panic!("demo failed: {e}");
    }
    // The demo's Stark plan marches Winterfell's army into Moat Cailin (empty) and White
    // Harbor's footman into Widow's Watch: two areas taken, White Harbor left empty (Winterfell,
    // a home seat, stays Stark's though empty).
    let zh = plan_report(&dir, "arya@north.example", "制定执行方案阶段结果");
    let changes = section(&zh, "== 控制权变化 ==");
    for want in [
        "  卡林湾:无人 → 白狼",
        "  寡妇角:无人 → 白狼",
        "  白港:白狼 → 无人",
    ] {
        assert!(
            changes.contains(&want),
            "{want:?} not in {changes:#?}\n{zh}"
        );
    }
    assert!(
        !changes.iter().any(|l| l.contains("临冬城")),
        "a home seat left empty stays its house's: {changes:#?}"
    );
    let en = plan_report(
        &dir,
        "stannis@storm.example",
        "Raven, execution plan results",
    );
    let changes = section(&en, "== Changes of control ==");
    for want in [
        "  Moat Cailin: nobody → Stark",
        "  White Harbor: Stark → nobody",
    ] {
        assert!(
            changes.contains(&want),
            "{want:?} not in {changes:#?}\n{en}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_house_s_leaders_are_listed_in_the_report() {
    let dir = temp_dir("report-leaders");
    if let Err(e) = maester::demo::run(&dir) {
        panic!("demo failed: {e}");
    }
    let zh = plan_report(&dir, "arya@north.example", "制定执行方案阶段结果");
    let houses = section(&zh, "== 各家族 ==");
    let leaders: Vec<&&str> = houses.iter().filter(|l| l.contains("将领 可用:")).collect();
    assert_eq!(leaders.len(), 6, "one roster per house: {houses:#?}");
    assert!(
        houses.contains(&"    将领 可用:艾德、罗柏、大琼恩、罗德利克、梅姬、凯特琳、鲁温"),
        "{houses:#?}"
    );
    let en = plan_report(
        &dir,
        "stannis@storm.example",
        "Raven, execution plan results",
    );
    let houses = section(&en, "== Houses ==");
    assert_eq!(
        houses
            .iter()
            .filter(|l| l.contains("leaders ready: "))
            .count(),
        6,
        "{houses:#?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
