//! Grace at a deadline, with the daemon's clock injected: the late houses get a late notice,
//! the others the late list; the step closes at the end of the grace, or at once when the last
//! late house sends.

mod policy_support;

use policy_support::*;

#[test]
fn grace_tells_the_late_and_closes_when_the_last_late_house_sends() {
    let (dir, cfg) = game("grace-early", "gr", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "gr");
    for (i, h) in ["stark", "greyjoy", "lannister", "baratheon"]
        .iter()
        .enumerate()
    {
        send_orders(&dir, h, &format!("g{i}"));
    }
    let t = tick(&mut d, dl - hours(2));
    assert_eq!((t.answered, t.steps_closed), (4, 0), "{t:?}");

    // The deadline passes with tyrell and martell silent: the grace (12 h for placement).
    let t = tick(&mut d, dl + hours(1) / 60);
    assert_eq!(t.steps_closed, 0, "{t:?}");
    assert_eq!(deadline(&d, "gr"), dl + hours(12));
    for late in ["tyrell", "martell"] {
        let notes = mails_to(&dir, late, "迟交通知");
        assert_eq!(notes.len(), 1, "{late}: {notes:#?}");
        assert!(notes[0].contains("宽限期到"), "{}", notes[0]);
        assert!(
            notes[0].contains("(UTC)"),
            "the zone is shown: {}",
            notes[0]
        );
    }
    let list = mails_to(&dir, "stark", "等待迟交的家族").concat();
    assert!(
        list.contains(&zh_name("tyrell")) && list.contains(&zh_name("martell")),
        "{list}"
    );
    assert!(!list.contains(&zh_name("lannister")), "{list}");
    let en = mails_to(&dir, "greyjoy", "waiting for the late houses").concat();
    assert!(en.contains("The grace runs until"), "{en}");
    assert!(mails_to(&dir, "tyrell", "等待迟交的家族").is_empty());

    // Later ticks in the grace send nothing more and close nothing.
    let t = tick(&mut d, dl + hours(2));
    assert_eq!((t.steps_closed, t.sent), (0, 0), "{t:?}");
    assert_eq!(mails_to(&dir, "tyrell", "迟交通知").len(), 1);

    // Tyrell sends: martell is still late.
    send_orders(&dir, "tyrell", "g4");
    let t = tick(&mut d, dl + hours(3));
    assert_eq!((t.answered, t.steps_closed), (1, 0), "{t:?}");
    // Martell sends: the step closes at once, long before the grace ends.
    send_orders(&dir, "martell", "g5");
    let t = tick(&mut d, dl + hours(4));
    assert_eq!((t.answered, t.steps_closed), (1, 1), "{t:?}");
    assert_ne!(row(&d, "gr").step, "placement");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_step_closes_with_defaults_at_the_end_of_grace() {
    let (dir, cfg) = game("grace-end", "ge", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "ge");
    send_orders(&dir, "stark", "s1");
    tick(&mut d, dl - hours(5));
    let t = tick(&mut d, dl);
    assert_eq!(t.steps_closed, 0, "grace: {t:?}");
    let t = tick(&mut d, dl + hours(11));
    assert_eq!(t.steps_closed, 0, "{t:?}");
    let t = tick(&mut d, dl + hours(12));
    assert_eq!(t.steps_closed, 1, "the grace is over: {t:?}");
    assert_eq!(audit(&d, "ge", "grace").len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_step_without_grace_closes_at_its_deadline() {
    let (dir, cfg) = game("grace-none", "gn", "[game.deadlines]\ngrace = {}\n");
    let mut d = open(&cfg);
    let dl = deadline(&d, "gn");
    tick(&mut d, dl - hours(1));
    let t = tick(&mut d, dl);
    assert_eq!(t.steps_closed, 1, "{t:?}");
    assert!(mails_to(&dir, "stark", "迟交通知").is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_immediate_schedule_gives_no_grace() {
    let (dir, cfg) = game_edited("grace-immediate", "gi", |t| {
        t.replace(
            "timezone = \"UTC\"\n",
            "timezone = \"UTC\"\nimmediate = true\n",
        )
    });
    let mut d = open(&cfg);
    let dl = deadline(&d, "gi");
    let t = tick(&mut d, dl + hours(1) / 60);
    assert!(t.steps_closed >= 1, "{t:?}");
    assert!(mails_to(&dir, "stark", "迟交通知").is_empty());
    assert!(audit(&d, "gi", "grace").is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}
