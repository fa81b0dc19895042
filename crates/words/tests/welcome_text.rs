//! The welcome mail tells a new player who plays which house, his leaders, the order limits,
//! how an order mail looks and where the GM is.

mod kit;

use kit::start;
use maester_board::Lang;
use maester_rules::GameState;
use maester_words::welcome::sections;

#[test]
fn welcome_mail_lists_roster_leaders_order_limits_example_and_gm() {
    let w = start();
    let state = GameState::new_game(&w.b);
    let roster = vec![
        (w.h("stark"), "Arya".to_string()),
        (w.h("lannister"), "Tywin".to_string()),
    ];
    let zh = sections(
        &w.b,
        &state,
        w.h("stark"),
        &roster,
        Some("gm@x.example"),
        Lang::Zh,
    );
    assert!(zh.contains("  白狼 Arya(你)\n  红狮 Tywin\n"), "{zh}");
    assert!(
        zh.contains("  艾德 3 0/2\n"),
        "leaders with their strength: {zh}"
    );
    assert!(
        zh.contains("行军 2、防守 2、支援 2、突袭 2、巩固统治 3"),
        "{zh}"
    );
    assert!(
        zh.contains("你现在排第2名,可用3个"),
        "Stark is second at the King's Court: {zh}"
    );
    // In the placement step the prompt shows the example; the sections do not repeat it.
    assert!(!zh.contains("行军+1"), "{zh}");
    assert!(zh.contains("gm@x.example"), "{zh}");
    // A substitute seated in another step: the example of the placement to come.
    let mut state = state;
    state.step = maester_rules::Step::Plan;
    let zh = sections(&w.b, &state, w.h("stark"), &roster, None, Lang::Zh);
    assert!(zh.contains("  临冬城 行军+1\n  白港 支援\n"), "{zh}");
    let en = sections(&w.b, &state, w.h("lannister"), &roster, None, Lang::En);
    assert!(en.contains("Tywin (you)"), "{en}");
    assert!(en.contains("Lannisport march+1"), "{en}");
    assert!(!en.contains("GM:"), "no GM line without an address: {en}");
}

#[test]
fn welcome_marks_a_resting_leader_004_l2119() {
    let w = start();
    let mut state = GameState::new_game(&w.b);
    let stark = w.h("stark");
    let ned = w.l("Eddard Stark");
    for (l, st) in state.houses[stark.index()].leaders.iter_mut() {
        if *l == ned {
            *st = maester_rules::LeaderStatus::Resting { since: 1 };
        }
    }
    let zh = sections(&w.b, &state, stark, &[], None, Lang::Zh);
    assert!(zh.contains("  艾德 3 0/2(休养中)\n"), "{zh}");
    let en = sections(&w.b, &state, stark, &[], None, Lang::En);
    assert!(en.contains(" (resting)\n"), "{en}");
    assert_eq!(
        en.matches("(resting)").count(),
        1,
        "only Eddard rests: {en}"
    );
}

#[test]
fn schedule_section_names_each_step_its_rule_and_zone() {
    use maester_words::deadlines::{ScheduleText, StepDeadline, schedule_section};
    let s = ScheduleText {
        steps: vec![
            (
                "plan".into(),
                StepDeadline::At(vec![(None, "22:30".into())]),
            ),
            (
                "placement".into(),
                StepDeadline::At(vec![(Some(0), "21:00".into()), (Some(3), "21:00".into())]),
            ),
            ("raven".into(), StepDeadline::After(90)),
        ],
        default: Some(StepDeadline::After(24 * 60)),
        zone: "Asia/Shanghai".into(),
        beijing: true,
        immediate: false,
    };
    let zh = schedule_section(&s, Lang::Zh);
    let placement = zh.find("布置军事命令阶段").unwrap_or(usize::MAX);
    let plan = zh.find("制定执行方案阶段").unwrap_or(0);
    assert!(placement < plan, "steps in round order: {zh}");
    assert!(
        zh.contains("每周一 21:00、每周四 21:00 (北京时间)截止"),
        "{zh}"
    );
    assert!(zh.contains("开始后1小时30分钟截止"), "{zh}");
    assert!(zh.contains("其余各步 开始后24小时截止"), "{zh}");
    let en = schedule_section(&s, Lang::En);
    assert!(
        en.contains("closes Mon 21:00, Thu 21:00 (Asia/Shanghai)"),
        "{en}"
    );
    assert!(
        en.contains("closes 1 hour 30 minutes after it opens"),
        "{en}"
    );
    assert!(
        en.contains("other steps close 24 hours after they open"),
        "{en}"
    );
    assert!(en.contains("daily 22:30"), "{en}");
    let demo = ScheduleText {
        immediate: true,
        ..s
    };
    assert!(schedule_section(&demo, Lang::En).contains("as soon as it opens"));
}
