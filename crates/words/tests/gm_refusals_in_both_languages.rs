//! Every refusal of a GM's mail or command is said in Chinese to a GM who writes Chinese and in
//! English otherwise (the command line's words: `Display` is the English text).

use maester_board::Lang;
use maester_rules::Step;
use maester_words::gm_refusals::{
    EditFault, GmRefusal, Said, ScheduleFault, Sought, WhenFault, step_for_gm,
};

fn said(zh: &str, en: &str) -> Said {
    Said {
        zh: zh.into(),
        en: en.into(),
    }
}

/// One refusal of every kind (and of every kind of fault).
fn every_refusal() -> Vec<GmRefusal> {
    let g = || "g1".to_string();
    let stark = || said("白狼", "stark");
    let mut v = vec![
        GmRefusal::NoGame,
        GmRefusal::SeveralGames(vec![g(), "g2".into()]),
        GmRefusal::WrongSecret,
        GmRefusal::NoSecret,
        GmRefusal::NoStep("plna".into()),
        GmRefusal::StepLineNotCommand,
        GmRefusal::ReplaceForm,
        GmRefusal::ScheduleForm("plan".into()),
        GmRefusal::ScheduleKeyValue("plan =".into()),
        GmRefusal::ScheduleEmpty,
        GmRefusal::GameOver(g()),
        GmRefusal::Stale {
            game: g(),
            detail: "its open step closed while the command was prepared".into(),
        },
        GmRefusal::NotClosed("nothing closed: game g1 its deadline was moved".into()),
        GmRefusal::NoHouse {
            name: "nobody".into(),
            houses: vec!["stark".into(), "greyjoy".into()],
        },
        GmRefusal::NeutralNoOrders(stark()),
        GmRefusal::NeutralForGood(stark()),
        GmRefusal::NeutralAlready(stark()),
        GmRefusal::NoSeat {
            game: g(),
            house: stark(),
        },
        GmRefusal::NotAccepted {
            house: stark(),
            lines: vec![(1, "Winterfell fly".into(), "?".into())],
        },
        GmRefusal::NoOrders(stark()),
        GmRefusal::NotInFuture {
            when: "2020-01-01 10:00".into(),
            at: said("2020年1月1日 10:00 (UTC)", "Wed 1 Jan 2020 10:00 UTC"),
        },
        GmRefusal::PausedUseResume,
        GmRefusal::PausedAlready(g()),
        GmRefusal::NotPaused(g()),
        GmRefusal::EmptyAnnouncement,
        GmRefusal::GmCopyIsAReport,
        GmRefusal::NoGmAddress,
        GmRefusal::NotADay("13-45".into()),
        GmRefusal::BadDays {
            from: "12-20".into(),
            to: "12-01".into(),
        },
        GmRefusal::NoAbsence { id: 9, game: g() },
        GmRefusal::BadReminder {
            text: Some("abc".into()),
            detail: "[game.reminders] before \"abc\": …".into(),
        },
        GmRefusal::BadReminder {
            text: None,
            detail: "[game.reminders]: …".into(),
        },
    ];
    for fault in [
        ScheduleFault::NoKey("foo".into()),
        ScheduleFault::BadValue {
            key: "plan".into(),
            value: "x".into(),
        },
        ScheduleFault::Other,
    ] {
        v.push(GmRefusal::Schedule {
            detail: "no step \"foo\"".into(),
            fault,
        });
    }
    for target in [None, Some((2, Step::Plan))] {
        v.push(GmRefusal::NoRollback { game: g(), target });
        v.push(GmRefusal::NoReport {
            game: g(),
            step: target,
        });
    }
    for closing in [false, true] {
        v.push(GmRefusal::WrongStep {
            game: g(),
            open: (1, Step::Placement),
            meant: (Some(3), Some(Step::Plan)),
            closing,
        });
    }
    for fault in [
        WhenFault::Duration,
        WhenFault::TooFar,
        WhenFault::NotATime,
        WhenFault::NoLocalTime {
            zone: "Europe/Paris".into(),
        },
    ] {
        v.push(GmRefusal::BadWhen {
            text: "+1x".into(),
            detail: "deadline = \"+1x\": unknown unit 'x'".into(),
            fault,
        });
    }
    for fault in [
        EditFault::NoReason,
        EditFault::Unread("TOML parse error".into()),
        EditFault::Breaks(vec!["stark: 5 units over supply".into()]),
        EditFault::NoChange,
    ] {
        v.push(GmRefusal::Edit(fault));
    }
    for sought in [
        Sought::LastAnswer,
        Sought::Report(None),
        Sought::Report(Some((2, Step::Plan))),
    ] {
        v.push(GmRefusal::NotStored {
            sought: sought.clone(),
            house: stark(),
        });
        v.push(GmRefusal::ResendFailed {
            sought,
            house: stark(),
            detail: "no Message-ID".into(),
        });
    }
    v
}

fn chinese(s: &str) -> bool {
    s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

#[test]
fn every_refusal_is_said_in_chinese_and_in_english() {
    for r in every_refusal() {
        let (zh, en) = (r.text(Lang::Zh), r.text(Lang::En));
        assert!(chinese(&zh), "{r:?}: {zh}");
        assert!(!en.is_empty() && !chinese(&en), "{r:?}: {en}");
        assert_eq!(
            r.to_string(),
            en,
            "the command line's words are the English text"
        );
    }
}

#[test]
fn a_refusal_names_the_house_and_the_steps_in_the_gms_language() {
    let r = GmRefusal::NeutralNoOrders(said("白狼", "stark"));
    assert!(r.text(Lang::Zh).contains("白狼"));
    assert_eq!(r.text(Lang::En), "stark is neutral: it takes no orders");
    let wrong = GmRefusal::WrongStep {
        game: "g1".into(),
        open: (1, Step::Placement),
        meant: (None, Some(Step::Plan)),
        closing: true,
    };
    assert_eq!(
        wrong.text(Lang::En),
        "the open step of game g1 is round 1 placement, not plan: nothing closed"
    );
    let zh = wrong.text(Lang::Zh);
    for w in [
        step_for_gm(Step::Placement, Lang::Zh),
        step_for_gm(Step::Plan, Lang::Zh),
    ] {
        assert!(zh.contains(&w), "{w} in {zh}");
    }
    assert!(zh.ends_with("没有结算"), "{zh}");
}
