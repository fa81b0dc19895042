//! Every GM notice reaches the players, however many of a kind a step sees: a second deadline
//! change, a second announcement (two in one GM mail, at the same moment), a second pause and
//! resume. `resume +1d` gives the time that was left and one day more. A deadline moved later
//! brings its reminders again. Through the real store and the Maildir transport.

mod maildir_support;

use chrono::{DateTime, TimeDelta, Utc};
use maester::daemon::Daemon;
use maester::daemon::games::Guard;
use maester::daemon::gm::{GmCommand, apply};
use maildir_support::*;

fn setup(tag: &str, extra: &str, now: DateTime<Utc>) -> (std::path::PathBuf, Daemon) {
    let dir = temp_dir(tag);
    let cfg = write_config(&dir, "gn");
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    std::fs::write(
        &cfg,
        format!(
            "{}{extra}",
            text.replace("[daemon]\n", "[daemon]\ngm_address = \"gm@x.example\"\n")
                .replace("name = \"B\"\n", "name = \"B\"\nlanguage = \"en\"\n")
        ),
    )
    .unwrap_or_default();
    let mut d = open_daemon(&cfg);
    let mut secrets: Vec<String> = HOUSES.iter().map(|h| format!("{h}-s")).collect();
    secrets.push("gm-s".into());
    if let Err(e) = maester::daemon::games::new_game(&mut d, now, Some(secrets)) {
        panic!("{e}");
    }
    if let Err(e) = d.tick(now) {
        panic!("{e}");
    }
    (dir, d)
}

fn gm(d: &mut Daemon, cmd: GmCommand, now: DateTime<Utc>) {
    if let Err(e) = apply(d, "gn", &cmd, now) {
        panic!("{cmd:?}: {e}");
    }
    if let Err(e) = d.send_outbox(now) {
        panic!("{e}");
    }
}

fn deadline(d: &Daemon) -> DateTime<Utc> {
    match d.store.game("gn") {
        Ok(Some(g)) => g.deadline.unwrap_or_else(|| panic!("no deadline")),
        other => panic!("{other:?}"),
    }
}

/// The mails to `addr` whose subject holds `subject`, their bodies in order of arrival.
fn mails_to(dir: &std::path::Path, addr: &str, subject: &str) -> Vec<String> {
    let mut files: Vec<(std::time::SystemTime, String)> = Vec::new();
    for e in std::fs::read_dir(dir.join("mail/outbox"))
        .into_iter()
        .flatten()
        .flatten()
    {
        let raw = std::fs::read(e.path()).unwrap_or_default();
        let m = maester::mail::decode(&raw);
        if m.to.iter().any(|t| t.contains(addr)) && m.subject.contains(subject) {
            let at = e
                .metadata()
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            files.push((at, m.body));
        }
    }
    files.sort();
    files.into_iter().map(|(_, b)| b).collect()
}

#[test]
fn a_second_deadline_change_and_a_second_announcement_reach_every_player() {
    let t0: DateTime<Utc> = "2026-05-04T02:00:00Z"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let (dir, mut d) = setup("gm-notices-twice", "", t0);
    let first = deadline(&d);
    let extend = |when: &str| GmCommand::Deadline {
        when: when.into(),
        guard: Guard {
            round: None,
            step: None,
        },
    };
    let now = t0 + TimeDelta::hours(1);
    gm(&mut d, extend("+1d"), now);
    gm(&mut d, extend("+12h"), now + TimeDelta::minutes(1));
    let last = first + TimeDelta::days(1) + TimeDelta::hours(12);
    assert_eq!(deadline(&d), last);
    let en = mails_to(&dir, "b@x.example", "The deadline has moved");
    assert_eq!(en.len(), 2, "both changes told: {en:#?}");
    let said = maester::schedule::format_deadline_en(last, chrono_tz::Tz::UTC);
    assert!(
        en[1].contains(&said),
        "the newest deadline {said}: {}",
        en[1]
    );
    let zh = mails_to(&dir, "a@x.example", "截止时间已更改");
    assert_eq!(zh.len(), 2, "{zh:#?}");

    // Two announcements in one GM mail, read at the same moment: both sent.
    let body = "密码: gm-s\n公告\n第一条\n结束\n公告\n第二条\n";
    if let Err(e) =
        maester::demo::deliver(&dir.join("mail/inbox"), "a1", &gm_mail("gn", "a1", body))
    {
        panic!("{e}");
    }
    let then = now + TimeDelta::minutes(2);
    if let Err(e) = d.tick(then) {
        panic!("{e}");
    }
    let told = mails_to(&dir, "a@x.example", "GM公告");
    assert_eq!(told.len(), 2, "{told:#?}");
    assert!(told.iter().any(|b| b.contains("第一条")), "{told:#?}");
    assert!(told.iter().any(|b| b.contains("第二条")), "{told:#?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pause_and_resume_twice_are_told_twice_and_resume_plus_a_day_is_a_day_more() {
    let t0: DateTime<Utc> = "2026-05-04T02:00:00Z"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let (dir, mut d) = setup("gm-notices-pause", "", t0);
    let first = deadline(&d);
    // Paused with 20 h left; resumed a week later: 20 h from then.
    let paused_at = first - TimeDelta::hours(20);
    gm(&mut d, GmCommand::Pause, paused_at);
    let back = paused_at + TimeDelta::days(7);
    gm(&mut d, GmCommand::Resume { when: None }, back);
    assert_eq!(deadline(&d), back + TimeDelta::hours(20));
    // Paused again with 10 h left; `resume +1d`: those 10 h and a day more.
    let again = back + TimeDelta::hours(10);
    gm(&mut d, GmCommand::Pause, again);
    let back2 = again + TimeDelta::days(2);
    gm(
        &mut d,
        GmCommand::Resume {
            when: Some("+1d".into()),
        },
        back2,
    );
    assert_eq!(
        deadline(&d),
        back2 + TimeDelta::hours(10) + TimeDelta::days(1),
        "the time left and one day more, not one day from now"
    );
    assert_eq!(mails_to(&dir, "b@x.example", "paused").len(), 2);
    assert_eq!(mails_to(&dir, "b@x.example", "resumes").len(), 2);
    assert_eq!(mails_to(&dir, "a@x.example", "游戏暂停").len(), 2);
    assert_eq!(mails_to(&dir, "a@x.example", "游戏恢复").len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_deadline_moved_later_brings_its_reminder_again() {
    let t0: DateTime<Utc> = "2026-05-04T02:00:00Z"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let (dir, mut d) = setup(
        "gm-notices-remind",
        "[game.reminders]\nbefore = [\"4h\"]\n",
        t0,
    );
    let first = deadline(&d);
    // 3 h before the deadline: the 4 h reminder, once.
    let t = first - TimeDelta::hours(3);
    for _ in 0..2 {
        if let Err(e) = d.tick(t) {
            panic!("{e}");
        }
    }
    assert_eq!(mails_to(&dir, "b@x.example", "eminder").len(), 1);
    // The GM gives one day more; 3 h before the new deadline the reminder comes again, once.
    gm(
        &mut d,
        GmCommand::Deadline {
            when: "+1d".into(),
            guard: Guard {
                round: None,
                step: None,
            },
        },
        t,
    );
    let t2 = first + TimeDelta::days(1) - TimeDelta::hours(3);
    for _ in 0..2 {
        if let Err(e) = d.tick(t2) {
            panic!("{e}");
        }
    }
    let reminders = mails_to(&dir, "b@x.example", "eminder");
    assert_eq!(reminders.len(), 2, "{reminders:#?}");
    let said =
        maester::schedule::format_deadline_en(first + TimeDelta::days(1), chrono_tz::Tz::UTC);
    assert!(reminders[1].contains(&said), "{}", reminders[1]);
    let _ = std::fs::remove_dir_all(&dir);
}
