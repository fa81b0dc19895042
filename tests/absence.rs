//! Absences: `请假: 12月20日 到 12月27日` / `absent: 2026-12-20 to 2026-12-27` move a deadline
//! that falls in them to their end (everyone is told), capped per player and game; the GM can
//! set an absence beyond the cap and cancel one.

mod policy_support;

use chrono::{NaiveDate, NaiveTime, TimeDelta};
use maester::daemon::gm::{GmCommand, apply};
use policy_support::*;

fn zh_day(d: NaiveDate) -> String {
    use chrono::Datelike;
    format!("{}月{}日", d.month(), d.day())
}

#[test]
fn an_absence_moves_the_deadline_to_its_end_and_everyone_is_told() {
    let (dir, cfg) = game("absence-move", "ab", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "ab");
    let t0 = dl - hours(48);
    let first = (dl - TimeDelta::days(1)).date_naive();
    let last = (dl + TimeDelta::days(2)).date_naive();
    send(
        &dir,
        "lannister",
        "a1",
        &format!("请假: {} 到 {}", zh_day(first), zh_day(last)),
    );
    let t = tick(&mut d, t0);
    assert_eq!((t.answered, t.deadlines_moved), (1, 1), "{t:?}");
    let end = last
        .and_time(NaiveTime::from_hms_opt(23, 59, 0).unwrap_or_default())
        .and_utc();
    assert_eq!(deadline(&d, "ab"), end);
    let answer = mails_to(&dir, "lannister", "请假已登记").concat();
    assert!(answer.contains("本局已用请假4天(上限14天)"), "{answer}");
    for h in HOUSES {
        let zh = mails_to(&dir, h, "截止时间因请假顺延");
        let en = mails_to(&dir, h, "The deadline moves for an absence");
        assert_eq!(zh.len() + en.len(), 1, "{h}");
    }
    let en = mails_to(&dir, "greyjoy", "The deadline moves for an absence").concat();
    assert!(en.contains("Lannister"), "{en}");
    assert!(en.contains("23:59 UTC"), "the zone is shown: {en}");
    // Nothing closes at the old deadline.
    let t = tick(&mut d, dl + hours(1) / 60);
    assert_eq!((t.steps_closed, t.deadlines_moved), (0, 0), "{t:?}");

    // Over the cap: 15 days more is refused, quoting the line, and nothing is stored.
    let far = first + TimeDelta::days(30);
    send(
        &dir,
        "baratheon",
        "a2",
        &format!("请假: {} 到 {}", far, far + TimeDelta::days(14)),
    );
    let t = tick(&mut d, dl + hours(1));
    assert_eq!(t.answered, 1, "{t:?}");
    let refused = mails_to(&dir, "baratheon", "未接受").concat();
    assert!(refused.contains("超过了上限"), "{refused}");
    assert!(refused.contains("请假:"), "the line is quoted: {refused}");
    // In English, with years.
    send(
        &dir,
        "greyjoy",
        "a3",
        &format!("absent: {} to {}", far, far + TimeDelta::days(2)),
    );
    tick(&mut d, dl + hours(2));
    let ok = mails_to(&dir, "greyjoy", "Absence recorded").concat();
    assert!(ok.contains("3 of 14"), "{ok}");
    let stored = d.store.absences("ab").unwrap_or_default();
    assert_eq!(stored.len(), 2, "{stored:#?}");

    // The GM sets one beyond the cap, and cancels it.
    let from = far.to_string();
    let to = (far + TimeDelta::days(20)).to_string();
    let cmd = GmCommand::Absence {
        house: "martell".into(),
        from,
        to,
    };
    let out = apply(&mut d, "ab", &cmd, dl + hours(3)).unwrap_or_else(|e| panic!("{e}"));
    assert!(out.summary.contains("martell away"), "{}", out.summary);
    let id = d
        .store
        .absences("ab")
        .unwrap_or_default()
        .iter()
        .find(|a| a.house == "martell")
        .map(|a| a.id)
        .unwrap_or_else(|| panic!("no absence of martell"));
    apply(
        &mut d,
        "ab",
        &GmCommand::CancelAbsence { id },
        dl + hours(4),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(d.store.absences("ab").unwrap_or_default().len(), 2);
    assert!(
        apply(
            &mut d,
            "ab",
            &GmCommand::CancelAbsence { id },
            dl + hours(4)
        )
        .is_err()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_absence_of_a_house_that_has_sent_moves_nothing() {
    let (dir, cfg) = game("absence-sent", "as", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "as");
    let first = (dl - TimeDelta::days(1)).date_naive();
    let last = (dl + TimeDelta::days(1)).date_naive();
    send(
        &dir,
        "stark",
        "s1",
        &format!("临冬城 行军+1\r\nabsent: {first} to {last}"),
    );
    let t = tick(&mut d, dl - hours(48));
    assert_eq!((t.answered, t.deadlines_moved), (1, 0), "{t:?}");
    assert_eq!(deadline(&d, "as"), dl);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn dates_that_do_not_work_are_refused() {
    let (dir, cfg) = game("absence-bad", "ax", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "ax");
    send(&dir, "stark", "x1", "请假: 2020-01-05 到 2020-01-09");
    send(&dir, "lannister", "x2", "请假: 13月40日 到 12月1日");
    tick(&mut d, dl - hours(48));
    for h in ["stark", "lannister"] {
        let r = mails_to(&dir, h, "未接受").concat();
        assert!(r.contains("请假的日期不对"), "{h}: {r}");
    }
    assert!(d.store.absences("ax").unwrap_or_default().is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_gm_sets_an_absence_and_the_reminders_by_mail() {
    let dir = temp_dir("absence-gm-mail");
    let cfg = write_config(&dir, "am");
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    let text = text.replace("[daemon]\n", "[daemon]\ngm_address = \"gm@x.example\"\n");
    std::fs::write(&cfg, text).unwrap_or_default();
    let mut d = open(&cfg);
    let mut secrets: Vec<String> = HOUSES.iter().map(|h| format!("{h}-s")).collect();
    secrets.push("gm-s".into());
    let now = chrono::Utc::now();
    if let Err(e) = maester::daemon::games::new_game(&mut d, now, Some(secrets)) {
        panic!("{e}");
    }
    let first = (now + TimeDelta::days(10)).date_naive();
    let last = first + TimeDelta::days(20);
    let body = format!(
        "密码: gm-s\r\n请假 白狼 {} 到 {}\r\n提醒 2h\r\n",
        zh_day(first),
        zh_day(last)
    );
    let mail = format!(
        "From: GM <gm@x.example>\r\nTo: referee@test.maester\r\nSubject: [am] 指令\r\n\
         Message-ID: <gm1@x.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}"
    );
    if let Err(e) = maester::demo::deliver(&dir.join("mail/inbox"), "gm1", mail.as_bytes()) {
        panic!("{e}");
    }
    let t = tick(&mut d, now);
    assert_eq!(t.answered, 1, "{t:?}");
    let absences = d.store.absences("am").unwrap_or_default();
    assert_eq!(absences.len(), 1, "{absences:#?}");
    assert_eq!(
        (absences[0].house.as_str(), absences[0].days),
        ("stark", 21)
    );
    assert_eq!(absences[0].set_by, "gm", "not counted against the cap");
    assert!(row(&d, "am").config.contains("2h"));
    let told = mails_to(&dir, "greyjoy", "GM登记了请假").concat();
    assert!(told.contains("GM为白狼登记了请假"), "{told}");
    let _ = std::fs::remove_dir_all(&dir);
}
